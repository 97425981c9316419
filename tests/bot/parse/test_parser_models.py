"""The model reader against the catalog itself (issue 14): every name the catalog gives a row reads as that
row; a plain name several builds share reads as the row the catalog gives that name, and the note names the
other builds; a name one digit away from a catalog name (another size, version or checkpoint) is never read as
a catalog row; a version corrected in the question is the version priced. Cases are generated from
costcore/data/models.yaml, so a new row is checked the day it is added."""

from __future__ import annotations

import re

import pytest

from bot.parser import parse
from costcore.catalog import load_catalogs, normalise

CATALOGS = load_catalogs()
ROWS = list(CATALOGS.models.values())
# Words that name a build of the same model, not another model: instruct/thinking, a precision, a preview,
# the Hub's "-it", a checkpoint date.
_BUILD = re.compile(r"^(?:thinking|instruct|preview|fp8|it|\d{4})$")


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[\s\-_/()]+", name.lower()) if w]


def _family_only(alias: str) -> bool:
    """An alias with no number that several rows' names start with ("kimi", "mixtral"): it asks which."""
    key = normalise(alias)
    starts = {m.id for m in ROWS for n in (m.id, m.name, *m.aliases) if normalise(n).startswith(key)}
    return not re.search(r"\d", alias) and len(starts) > 1


@pytest.mark.parametrize("row", ROWS, ids=[m.id for m in ROWS])
def test_every_catalog_name_reads_as_its_own_row(row, catalogs):
    wrong = []
    for name in dict.fromkeys([row.id, row.name, *row.aliases]):
        result = parse(f"can we run {name} at 300 tok/s?", catalogs)
        if _family_only(name):
            asked = result.clarification
            if not (asked and asked.code == "ambiguous_model" and row.id in asked.params["candidates"]):
                wrong.append((name, asked))
        elif result.clarification is not None or result.scenario.model != row.id:
            wrong.append((name, result.clarification or result.scenario.model))
    assert wrong == []


def _groups() -> list[tuple[str, list[str]]]:
    """(plain name, rows) for rows whose names differ only by build words: "qwen3 235b a22b" (April,
    Instruct-2507, Thinking-2507), "qwen3 235b a22b 2507" (Instruct-2507, Thinking-2507), "glm 5.1" (BF16,
    FP8), "deepseek v4 pro" (release, preview), "kimi k2" (K2, K2-0905)."""
    groups: dict[tuple[str, ...], set[str]] = {}
    for m in ROWS:
        words = _words(m.name) + [w for w in _words(m.id) if re.fullmatch(r"\d{4}", w)]
        base = tuple(dict.fromkeys(w for w in words if not _BUILD.match(w)))
        dates = tuple(dict.fromkeys(w for w in words if re.fullmatch(r"\d{4}", w)))
        groups.setdefault(base, set()).add(m.id)
        if dates:
            groups.setdefault(base + dates, set()).add(m.id)
    return sorted((" ".join(b), sorted(ids)) for b, ids in groups.items() if len(ids) > 1)


GROUPS = _groups()


def _holder(plain: str, ids: list[str]) -> str:
    """The row of `ids` the catalog gives the plain name to: its id, name or an alias is that name."""
    holders = [
        m for m in ids
        if any(normalise(n) == normalise(plain) for n in (m, CATALOGS.models[m].name, *CATALOGS.models[m].aliases))
    ]  # fmt: skip
    assert len(holders) == 1, f"the catalog gives the plain name {plain!r} to {holders or 'no row'} of {ids}"
    return holders[0]


def test_build_families_are_found():
    plains = {plain for plain, _ in GROUPS}
    assert {"qwen3 235b a22b", "qwen3 30b a3b 2507", "glm 5.1", "deepseek v4 pro", "kimi k2"} <= plains


@pytest.mark.parametrize(("plain", "ids"), GROUPS, ids=[p for p, _ in GROUPS])
@pytest.mark.parametrize("form", ["{}", "{} at 300 tok/s, with dashes", "¿{} a 300 tok/s?"])
def test_a_plain_build_name_is_the_catalogs_row_and_never_asks(plain, ids, form, catalogs):
    typed = plain.replace(" ", "-") if "dashes" in form else plain
    result = parse(form.format(typed) + ("" if "tok/s" in form else " at 300 tok/s"), catalogs)
    assert result.clarification is None, result.clarification
    assert result.scenario.model == _holder(plain, ids)


@pytest.mark.parametrize(
    ("typed", "model", "others"),
    [
        ("qwen3 235b", "qwen3-235b-a22b", {"qwen3-235b-a22b-2507", "qwen3-235b-a22b-thinking-2507"}),
        ("qwen3 30b", "qwen3-30b-a3b", {"qwen3-30b-a3b-2507", "qwen3-30b-a3b-thinking-2507"}),
        ("qwen3 235b 2507", "qwen3-235b-a22b-2507", {"qwen3-235b-a22b-thinking-2507"}),
        ("Qwen3-30B-A3B-2507", "qwen3-30b-a3b-2507", {"qwen3-30b-a3b-thinking-2507"}),
        ("qwen3-235b-a22b-2507", "qwen3-235b-a22b-2507", {"qwen3-235b-a22b-thinking-2507"}),
        ("v4 pro", "deepseek-v4-pro", {"deepseek-v4-pro-preview"}),
        ("DeepSeek-V4-Pro", "deepseek-v4-pro", {"deepseek-v4-pro-preview"}),
        ("deepseek-ai/DeepSeek-V4-Pro", "deepseek-v4-pro-preview", {"deepseek-v4-pro"}),
        ("llama 70b", "llama-3.1-70b", {"llama-3.3-70b"}),
    ],
)
def test_a_name_several_builds_share_names_the_others(typed, model, others, catalogs):
    result = parse(f"{typed} at 300 tok/s", catalogs)
    assert result.scenario.model == model
    notes = [n for n in result.notes if n.code == "model_build_assumed"]
    assert notes and set(notes[0].params["others"]) == others


@pytest.mark.parametrize(
    "typed",
    ["glm 5.2 en fp8", "the preview of v4 pro", "la versión thinking de qwen3 235b 2507", "Qwen3-30B-A3B-Instruct-2507",
     "glm 4.6", "zai-org/GLM-4.6", "deepseek-ai/DeepSeek-V4-Pro-0813"],
)  # fmt: skip
def test_a_build_said_or_an_official_name_needs_no_note(typed, catalogs):
    result = parse(f"{typed} at 300 tok/s", catalogs)
    assert result.scenario.model in catalogs.models
    assert "model_build_assumed" not in [n.code for n in result.notes]


def _neighbours() -> list[tuple[str, str]]:
    """(name, catalog row) with the last number group of a catalog name moved by one: another size, version
    or checkpoint the catalog does not hold ("llama 3.1 9b", "kimi k2.7", "glm 5.3", "DeepSeek-V4.1-Flash-1018")."""
    out = []
    for m in ROWS:
        for name in dict.fromkeys([m.name, *m.aliases]):
            groups = list(re.finditer(r"\d+", name))
            if not groups or "/" in name:
                continue
            last = groups[-1]
            if re.search(r"(?:fp|bf|int)$", name[: last.start()].lower()):
                continue  # "fp8" is a precision: "glm 4.6 fp7" is read as glm-4.6 with a precision note
            for step in (1, -1):
                moved = int(last.group(0)) + step
                if moved <= 0:
                    continue
                other = f"{name[: last.start()]}{moved:0{len(last.group(0))}d}{name[last.end():]}"
                if CATALOGS.find_model(other) is None:
                    out.append((other, m.id))
    return sorted(set(out))


NEIGHBOURS = _neighbours()


@pytest.mark.parametrize("row", ROWS, ids=[m.id for m in ROWS])
def test_a_name_one_number_away_is_never_a_catalog_row(row, catalogs):
    """Unknown (the Hub or unknown_model) or a question, never the neighbour nor another row."""
    wrong = []
    for name in [n for n, near in NEIGHBOURS if near == row.id]:
        result = parse(f"can we run {name} at 300 tok/s?", catalogs)
        if result.clarification is None and catalogs.find_model(result.scenario.model or "") is not None:
            wrong.append((name, result.scenario.model))
    assert wrong == []


def _family_word(name: str) -> bool:
    """Whether the name starts with a word that starts a catalog model's name ("glm", "mistral", "llama3.2"): a
    bare "v5 pro" or "k2.7" carries no family word, so nothing marks it as a model at all."""
    first = re.split(r"[\s\-_/]+", name.lower())[0]
    head = re.match(r"[a-z]{3,}", first)
    return bool(head) and any(_words(n)[0].startswith(head.group(0)) for m in ROWS for n in (m.id, m.name))


@pytest.mark.parametrize("row", ROWS, ids=[m.id for m in ROWS])
def test_a_name_one_number_away_beside_the_row_asks_which(row, catalogs):
    """ "GLM-4.7 vs GLM-4.6", "qwen3 32b vs qwen3 30b": two models; never the catalog one priced silently."""
    wrong = []
    for name in [n for n, near in NEIGHBOURS if near == row.id and _family_word(n)]:
        for question in (f"{name} vs {row.name} at 300 tok/s", f"compare {row.name} and {name} at 300 tok/s"):
            result = parse(question, catalogs)
            if result.clarification is None:
                wrong.append((question, result.scenario.model))
    assert wrong == []


@pytest.mark.parametrize(
    ("question", "model"),
    [
        ("llama 70b at 500 tok/s, use 3.3 instead of 3.1", "llama-3.3-70b"),
        ("llama 3.3 rather than 3.1 at 500 tok/s", "llama-3.3-70b"),
        ("llama 70b, not 3.1, 3.3, at 500 tok/s", "llama-3.3-70b"),
        ("glm 5.1 at 300 tok/s... actually make it 5.2", "glm-5.2"),
        ("qwen3 235b 2507 at 300 tok/s, sorry, I meant 30b", "qwen3-30b-a3b-2507"),
        ("llama 3.3 en vez de 3.1, a 500 tok/s", "llama-3.3-70b"),
        ("llama 3.3 en lugar de la 3.1 a 500 tok/s", "llama-3.3-70b"),
        ("glm 5.1 a 300 tok/s, perdón, quise decir 5.2", "glm-5.2"),
        ("kimi k2.5 a 300 tok/s, digo, k2.6", "kimi-k2.6"),
    ],
)
def test_a_corrected_version_is_the_version_priced(question, model, catalogs):
    result = parse(question, catalogs)
    assert result.clarification is None, result.clarification
    assert result.scenario.model == model
    assert result.scenario.slo_tok_s in (300, 500)


@pytest.mark.parametrize(
    "question",
    ["deepseek flash at 300 tok/s, 1.5 instead of 2.5 nodes", "llama 3.3 70b at 300 tok/s, not 3 GPUs but 4",
     "qwen3 30b at 300 tok/s, actually 2.5 hours a day", "glm 5.1 a 300 tok/s, no 3.5 horas sino 8"],
)  # fmt: skip
def test_figures_near_correction_words_are_no_versions(question, catalogs):
    before = question.split(" at ")[0].split(" a ")[0]
    result = parse(question, catalogs)
    assert result.scenario.model == parse(f"{before} at 300 tok/s", catalogs).scenario.model
