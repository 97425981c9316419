"""Offers of every size, residency choosing the region, spot only when asked, prices that know their age,
and `llmcost refresh` from a stand-in gpuhunt catalog served on 127.0.0.1."""

from __future__ import annotations

import datetime as dt
import io
import json
import threading
import zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from bot.cli import main
from bot.render import contract_of
from bot.service import ask
from costcore.catalog import CatalogError, load_catalogs
from costcore.engine import answer
from costcore.offers import select
from costcore.scenario import Scenario
from tests import runtime
from tests.pins import SEPT_2026

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "gpuhunt"
VERSION = "20261130-0600"


def chosen(a):
    return next(n for n in a.fit.nodes if n.id == a.fit.chosen_node)


def codes(findings):
    return [f.code for f in findings]


# --- small models on small offers ----------------------------------------------------------------------


def test_llama_8b_at_100_tok_s_lands_on_a_one_or_two_gpu_offer(catalogs):
    a = answer(Scenario(model="llama 3.1 8b", slo_tok_s=100, concurrency=8), catalogs, now=SEPT_2026)
    node = chosen(a)
    assert node.gpu_count <= 2 and node.recipe_verified
    # Nothing bigger was chosen because it was "first": every fitting offer costs at least as much.
    assert node.usd_per_month_for_slo == min(n.usd_per_month_for_slo for n in a.fit.nodes
                                             if n.fits and n.recipe_verified)


def test_with_default_sessions_llama_8b_at_100_tok_s_sizes_kv_for_a_few_streams(catalogs):
    # No session count said: 100 tok/s at the default 40 tok/s per user is 3 streams, not the default 32,
    # so the KV cache is 3 × 32k tokens and one or two GPUs hold it; the answer says so.
    a = answer(Scenario(model="llama 3.1 8b", slo_tok_s=100), catalogs, now=SEPT_2026)
    node = chosen(a)
    assert node.gpu_count <= 2 and node.memory_gb >= a.fit.floor_gb
    said = next(f for f in a.assumptions if f.code == "default_concurrency_from_volume")
    assert said.params["concurrency"] == 3


def test_a_large_volume_keeps_the_default_sessions_and_the_shape_that_holds_their_kv(catalogs):
    # 5,000 tok/s is 125 streams at 40 tok/s: capped at the default 32 sessions × 32k tokens of KV, 184 GB
    # with headroom, more than two H100s hold.
    a = answer(Scenario(model="llama 3.1 8b", slo_tok_s=5000), catalogs, now=SEPT_2026)
    assert any(f.code == "default_concurrency" and f.params["concurrency"] == 32 for f in a.assumptions)
    assert chosen(a).memory_gb >= a.fit.floor_gb > 2 * 80


# --- residency ------------------------------------------------------------------------------------------


def test_eu_residency_picks_an_eu_region_offer_and_names_it(catalogs):
    a = answer(Scenario(model="deepseek-flash", slo_tok_s=300, eu_residency=True), catalogs, now=SEPT_2026)
    node = chosen(a)
    assert node.jurisdiction == "EU" and node.region == "eu-north1"
    assert all(n.jurisdiction == "EU" for n in a.fit.nodes)
    note = next(f for f in a.assumptions if f.code == "region_chosen")
    assert note.params["node_region"] == "eu-north1"


def test_a_region_nothing_is_offered_in_says_none_fits(catalogs):
    a = answer(Scenario(model="deepseek-flash", slo_tok_s=300, region="ES"), catalogs, now=SEPT_2026)
    assert a.fit.chosen_node is None and a.fit.nodes == []
    assert "region_none_fits" in codes(a.warnings)


def test_a_us_region_leaves_the_eu_offers_out(catalogs):
    a = answer(Scenario(model="deepseek-flash", slo_tok_s=300, region="US"), catalogs, now=SEPT_2026)
    assert {n.jurisdiction for n in a.fit.nodes} == {"US"}


def test_the_region_flag_reaches_the_scenario(capsys):
    code = main(["ask", "--no-log", "--json", "--region", "EU", "deepseek-flash at 300 tok/s"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["scenario"]["region"] == "EU"
    node = next(n for n in out["fit"]["nodes"] if n["id"] == out["fit"]["chosen_node"])
    assert node["region"] == "eu-north1" and node["billing"] == "on_demand"


# --- spot ------------------------------------------------------------------------------------------------


def test_spot_is_left_out_of_a_latency_slo_and_the_answer_says_why(catalogs):
    a = answer(Scenario(model="llama 3.1 70b", slo_tok_s=300), catalogs, now=SEPT_2026)
    assert all(n.billing != "spot" for n in a.fit.nodes)
    assert "spot_left_out" in codes(a.assumptions)


def test_spot_is_chosen_only_when_asked_and_warned(catalogs):
    a = answer(Scenario(model="llama 3.1 70b", slo_tok_s=300, allow_spot=True, region="EU"), catalogs,
               now=SEPT_2026)
    assert chosen(a).billing == "spot"
    assert "spot_chosen" in codes(a.warnings)


# --- the age of a price ---------------------------------------------------------------------------------


def test_a_price_older_than_90_days_is_flagged(catalogs):
    a = answer(Scenario(model="deepseek-flash", slo_tok_s=300, eu_residency=True), catalogs, now=SEPT_2026)
    node = chosen(a)
    assert (SEPT_2026.date() - node.price_as_of).days > 90
    stale = next(f for f in a.warnings if f.code == "price_stale")
    assert stale.params["as_of"] == node.price_as_of.isoformat() and stale.params["days"] > 90
    assert a.price_as_of == node.price_as_of


def test_a_fresh_price_is_not_flagged(catalogs):
    a = answer(Scenario(model="deepseek-flash", slo_tok_s=300, node="coreweave-8xh200"), catalogs, now=SEPT_2026)
    assert (SEPT_2026.date() - chosen(a).price_as_of).days <= 90
    assert "price_stale" not in codes(a.warnings)


def test_every_node_in_the_contract_carries_its_date_source_billing_and_region():
    reply = ask("deepseek-flash at 300 tok/s", now=SEPT_2026)
    for node in contract_of(reply)["fit"]["nodes"]:
        assert node["price_as_of"] and node["price_source"] and node["billing"] and node["region"]
    assert contract_of(reply)["price_as_of"] == chosen(reply.answer).price_as_of.isoformat()


def test_the_footer_states_the_price_date_not_a_model_release():
    from bot.render import text

    reply = ask("deepseek-flash at 300 tok/s, must stay in the EU", now=SEPT_2026)
    footer = text(reply.answer)
    node = chosen(reply.answer)
    assert f"Node price as of {node.price_as_of}" in footer
    assert "observed on 2025-10-22" in footer  # the stale warning, in words


# --- catalog validation ---------------------------------------------------------------------------------


def test_the_shipped_offers_say_where_they_run_and_where_the_price_came_from(catalogs):
    for node in catalogs.nodes.values():
        assert node.region != "unspecified", node.id
        for price in node.prices:
            assert price.source.strip() and price.as_of, node.id


def test_a_duplicate_offer_under_another_id_is_rejected_with_file_and_row(tmp_path):
    data = tmp_path / "data"
    import shutil

    from costcore.catalog import DATA

    shutil.copytree(Path(str(DATA)), data)
    text = (data / "nodes.yaml").read_text()
    block = text[text.index("- id: lambda-8xh100"):text.index("- id: lambda-8xb200")]
    (data / "nodes.yaml").write_text(text + block.replace("id: lambda-8xh100", "id: lambda-8xh100-again"))
    with pytest.raises(CatalogError, match=r"nodes\.yaml: row \d+ \(lambda-8xh100-again\): duplicate offer"):
        load_catalogs(data_dir=data)


def test_a_snapshot_row_that_reuses_a_shipped_id_is_rejected_with_file_and_row(tmp_path, catalogs):
    snapshot = tmp_path / "offers.json"
    row = catalogs.nodes["nebius-8xh200"].model_dump(mode="json")
    snapshot.write_text(json.dumps({"fetched_at": "2026-11-30", "offers": [row]}))
    with pytest.raises(CatalogError, match=r"offers\.json: row 1: duplicate id 'nebius-8xh200'"):
        load_catalogs(offers_snapshot=snapshot)
    snapshot.write_text("{not json")
    with pytest.raises(CatalogError, match=r"offers\.json: cannot read the offers snapshot"):
        load_catalogs(offers_snapshot=snapshot)


def test_a_negotiated_price_for_a_shipped_offer_keeps_its_region(tmp_path):
    ours = tmp_path / "ours.yaml"
    ours.write_text("- id: nebius-8xh200\n  billing: negotiated\n  prices:\n"
                    "    - {usd_per_hour: '21.00', as_of: 2026-09-01, source: 'our MSA', confidence: high}\n")
    cats = load_catalogs(node_overrides=[ours])
    node = cats.nodes["nebius-8xh200"]
    assert node.region == "eu-north1" and node.billing == "negotiated" and node.gpu_count == 8


def test_one_fit_per_shape_however_many_offers(catalogs):
    pool = select(catalogs.nodes.values(), on=SEPT_2026.date(), region=None, allow_spot=False)
    assert len(pool.shortlist) <= len({n.shape for n in pool.eligible}) < len(pool.eligible)
    day = SEPT_2026.date()
    for node in pool.eligible:  # every offer left out has a kept one as cheap that fits all it fits
        assert any(k.gpu == node.gpu and k.gpu_count == node.gpu_count and k.host_ram_gb >= node.host_ram_gb
                   and k.price_on(day).usd_per_hour <= node.price_on(day).usd_per_hour
                   and (k.multi_node_ok or not node.multi_node_ok) for k in pool.shortlist), node.id


# --- llmcost refresh from a stand-in gpuhunt catalog ----------------------------------------------------


def _zip(provider: str) -> bytes:
    """A provider's catalog.zip; providers the fixture has no rows for publish the header alone."""
    path = FIXTURES / f"{provider}.csv"
    text = path.read_text() if path.is_file() else (FIXTURES / "aws.csv").read_text().splitlines()[0] + "\n"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr(f"{provider}.csv", text)
    return buf.getvalue()


@pytest.fixture
def gpuhunt_catalog():
    """gpuhunt's published layout: {provider}/version and {provider}/{version}/catalog.zip ({provider}.csv)."""
    from gpuhunt._internal.catalog import OFFLINE_PROVIDERS  # every provider gpuhunt fetches

    files = {}
    for provider in OFFLINE_PROVIDERS:
        files[f"/{provider}/version"] = VERSION.encode()
        files[f"/{provider}/{VERSION}/catalog.zip"] = _zip(provider)

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            body = files.get(self.path)
            self.send_response(200 if body is not None else 404)
            self.end_headers()
            self.wfile.write(body or b"")

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def snapshot_file(tmp_path, monkeypatch):
    path = tmp_path / "offers.json"
    monkeypatch.setenv("LLMCOST_OFFERS_FILE", str(path))
    runtime.catalogs.cache_clear()
    yield path
    runtime.catalogs.cache_clear()


def _refresh(capsys, url, *extra):
    code = main(["refresh", "--url", url, "--providers", "aws,nebius,runpod", "--no-apis", *extra])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_refresh_changes_the_chosen_offer_and_its_date(capsys, gpuhunt_catalog, snapshot_file):
    question = "llama 3.1 8b at 100 tok/s, 8 concurrent users"
    now = dt.datetime.now(dt.UTC)  # the refresh dates its rows today: ask today
    before = ask(question, now=now)
    assert before.answer.fit.chosen_node == "runpod-1xh100"

    code, out, err = _refresh(capsys, gpuhunt_catalog)
    assert code == 0, err
    assert snapshot_file.is_file() and f"version {VERSION}" in out
    runtime.catalogs.cache_clear()

    after = ask(question, now=now)
    node = chosen(after.answer)
    today = now.date()
    assert node.id.startswith("gh-runpod-") and node.region == "US-TX-3" and node.usd_per_hour < 2.69
    assert node.price_as_of == today and "gpuhunt catalog, runpod version" in node.price_source
    assert contract_of(after)["price_as_of"] == today.isoformat()


def test_outliers_are_rejected_and_reported(capsys, gpuhunt_catalog, snapshot_file):
    code, out, _ = _refresh(capsys, gpuhunt_catalog)
    assert code == 0
    assert "Rejected, outside their GPU's sanity bounds (2)" in out
    assert "US-KS-2 1×H100 $0.00/h" in out and "1×B200 $0.01/h" in out
    assert "RTX6000Ada 48 GB (1)" in out  # a GPU gpus.yaml does not model is skipped, and said
    snapshot = json.loads(snapshot_file.read_text())
    prices = {(o["gpu"], o["region"]): o["prices"][0]["usd_per_hour"] for o in snapshot["offers"]}
    assert ("B200", "US-TX-3") not in prices and ("H100", "US-KS-2") not in prices
    kept = {(o["gpu"], o["gpu_count"], o["region"]) for o in snapshot["offers"]}
    assert {("H100", 1, "US-TX-3"), ("H100", 2, "US-TX-3")} <= kept  # a pod's name does not carry its count
    assert {r["gpu"] for r in snapshot["rejected"]} == {"H100", "B200"}


def test_a_refresh_from_nowhere_keeps_the_previous_snapshot(capsys, snapshot_file):
    snapshot_file.write_text(json.dumps({"offers": []}))
    code, _, err = _refresh(capsys, "http://127.0.0.1:9", "--timeout", "2")
    assert code == 1 and "no offers were read" in err and "Traceback" not in err
    assert json.loads(snapshot_file.read_text()) == {"offers": []}


def test_eu_residency_after_a_refresh_picks_among_eu_offers(capsys, gpuhunt_catalog, snapshot_file):
    assert _refresh(capsys, gpuhunt_catalog)[0] == 0
    runtime.catalogs.cache_clear()
    reply = ask("llama 3.1 8b at 100 tok/s, 8 concurrent users, the data must stay in the EU", now=SEPT_2026)
    node = chosen(reply.answer)
    assert node.jurisdiction == "EU"
    assert all(n.jurisdiction == "EU" for n in reply.answer.fit.nodes), [(n.id, n.jurisdiction) for n in reply.answer.fit.nodes]


# --- llmcost prices -------------------------------------------------------------------------------------


def test_prices_filter_by_gpu_and_region_as_json(capsys):
    assert main(["prices", "--json", "--gpu", "h200", "--region", "EU"]) == 0
    rows = json.loads(capsys.readouterr().out)["nodes"]
    assert rows and {(r["gpu"], r["jurisdiction"]) for r in rows} == {("H200", "EU")}
    for row in rows:
        assert {"provider", "shape", "usd_per_hour", "billing", "region", "as_of", "source"} <= set(row)


def test_prices_stale_lists_only_rows_older_than_90_days(capsys):
    assert main(["prices", "--json", "--stale"]) == 0
    rows = json.loads(capsys.readouterr().out)["nodes"]
    today = dt.date.today()
    assert rows and all((today - dt.date.fromisoformat(r["as_of"])).days > 90 for r in rows)
    assert main(["prices", "--stale"]) == 0
    assert "older than 90 days" in capsys.readouterr().out


def test_slack_prices_fit_in_one_message_after_a_refresh(capsys, gpuhunt_catalog, snapshot_file):
    from bot.slack import catalog_views

    assert _refresh(capsys, gpuhunt_catalog)[0] == 0
    runtime.catalogs.cache_clear()
    shown = catalog_views.prices(None, runtime.catalogs(), runtime.now())
    assert shown["offers_total"] > len(shown["nodes"]) == len({(n["gpu"], n["gpu_count"], n["billing"])
                                                              for n in shown["nodes"]})


def test_a_broken_snapshot_is_a_sentence_not_a_traceback(capsys, snapshot_file):
    snapshot_file.write_text("{not json")
    runtime.catalogs.cache_clear()
    code = main(["ask", "--no-log", "deepseek-flash at 300 tok/s"])
    err = capsys.readouterr().err
    assert code == 1 and "offers.json" in err and "llmcost refresh" in err and "Traceback" not in err


def test_with_current_offers_llama_8b_at_100_tok_s_takes_one_gpu(capsys, gpuhunt_catalog, snapshot_file):
    # A refreshed catalog lists one-GPU shapes that hold its 184 GB (MI300X, 192 GB): the fit takes one.
    assert _refresh(capsys, gpuhunt_catalog)[0] == 0
    runtime.catalogs.cache_clear()
    reply = ask("llama 3.1 8b at 100 tok/s", now=dt.datetime.now(dt.UTC))
    node = chosen(reply.answer)
    assert node.gpu_count <= 2 and node.memory_gb >= reply.answer.fit.floor_gb
    # engine._choose: the verified, cheapest (the shipped Hyperstack A100 is cheaper, fits by arithmetic only)
    verified = [n for n in reply.answer.fit.nodes if n.fits and n.recipe_verified]
    assert node.recipe_verified and node.usd_per_month_for_slo == min(n.usd_per_month_for_slo for n in verified)


def test_a_country_in_the_residency_rule_narrows_the_offers_or_says_none_fits():
    from bot.service import ask as ask_text

    spain = ask_text("deepseek flash at 300 tok/s, the data must stay in Spain", now=SEPT_2026).answer
    assert spain.scenario.region == "ES" and spain.fit.chosen_node is None and spain.verdict is None
    assert spain.reasons[0].code == "private_nothing_fits" and spain.reasons[0].params["region"] == "ES"
    assert any(w.code == "region_none_fits" for w in spain.warnings)
    finland = ask_text("gemma 3 27b at 300 tok/s, prompts have to stay in Finland", now=SEPT_2026).answer
    node = chosen(finland)
    assert finland.verdict == "node" and node.region.startswith("eu-north")
    assert all(n.jurisdiction == "EU" for n in finland.fit.nodes)


# --- "in our own AWS account": the provider ---------------------------------------------------------------


def test_our_own_aws_account_picks_only_aws_offers_and_names_it():
    free = ask("llama 3.1 70b at 300 tok/s, the text must stay in our account", now=SEPT_2026).answer
    assert free.scenario.provider is None and chosen(free).provider != "AWS"  # cheaper elsewhere, unrestricted
    a = ask("llama 3.1 70b at 300 tok/s, the text must stay in our own AWS account", now=SEPT_2026).answer
    assert a.scenario.provider == "AWS" and a.scenario.data_may_leave is False
    assert a.fit.nodes and {n.provider for n in a.fit.nodes} == {"AWS"}
    note = next(f for f in a.assumptions if f.code == "provider_chosen")
    assert note.params["node"] == chosen(a).name and note.params["left_out"] > 0


def test_a_provider_with_no_offer_that_holds_the_model_says_none_fits(catalogs):
    s = Scenario(model="deepseek-flash", slo_tok_s=300, data_may_leave=False, provider="oracle")
    a = answer(s, catalogs, now=SEPT_2026)
    assert a.fit.chosen_node is None and a.fit.nodes == [] and a.verdict is None
    assert "provider_none_fits" in codes(a.warnings)
    assert a.reasons[0].code == "private_nothing_fits" and a.reasons[0].params["provider"] == "oracle"


def test_the_provider_flag_reaches_the_scenario_and_the_words(capsys):
    code = main(["ask", "--no-log", "--provider", "gcp", "deepseek-flash at 300 tok/s"])
    out = capsys.readouterr().out
    assert code == 0 and "only gcp's offers were considered" in out
    code = main(["ask", "--no-log", "--json", "--provider", "hyperstack-nowhere", "deepseek-flash at 300 tok/s"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["scenario"]["provider"] == "hyperstack-nowhere" and data["fit"]["chosen_node"] is None


def test_our_azure_subscription_lands_on_the_shipped_azure_a100_offers():
    nov = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)  # the Azure prices were observed on 2026-11-09
    a = ask("gemma 3 27b at 300 tok/s, prompts have to stay inside our Azure subscription", now=nov).answer
    node = chosen(a)
    assert a.scenario.provider == "Azure" and node.provider == "Azure" and node.region == "eastus"
    assert node.gpu == "A100-80GB" and {n.provider for n in a.fit.nodes} == {"Azure"}
