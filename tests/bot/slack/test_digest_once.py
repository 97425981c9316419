"""The digest posts once even when Slack answers after the client gave up (stand-in Slack on 127.0.0.1)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from slack_sdk import WebClient

from bot import digest
from bot.store import LogStore, utc_iso
from tests.bot.slack.standin import STALL, StandIn

MADRID = ZoneInfo("Europe/Madrid")


@pytest.fixture
def slack(monkeypatch):
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
    with StandIn() as s:
        s.stall_s = 1.0
        yield s


@pytest.fixture
def store(tmp_path):
    with LogStore.open(tmp_path / "log.db") as s:
        yield s


def client(slack: StandIn) -> WebClient:
    return WebClient(token="xoxb-test-not-a-token", base_url=slack.api_url, timeout=0.3, retry_handlers=[])


def summary(store: LogStore) -> dict:
    return digest.summarise(store, digest.window(dt.datetime(2025, 1, 13, 9, tzinfo=MADRID), MADRID))


def digests(slack: StandIn) -> list[dict]:
    return [m for m in slack.posted(channel="C0DIGEST") if (m["metadata"] or {}).get("event_type") == "llmcost_digest"]


def test_a_digest_slack_took_after_the_client_gave_up_is_found_not_posted_again(store, slack):
    slack.fail("chat.postMessage", STALL)
    with pytest.raises(OSError):  # the client timed out; Slack posted it anyway
        digest.post(store, summary(store), "C0DIGEST", client=client(slack))
    (posted,) = digests(slack)
    again = digest.post(store, summary(store), "C0DIGEST", client=client(slack))
    assert again == {"week": "2025-W02", "channel": "C0DIGEST", "posted": False, "reason": "already posted",
                     "ts": posted["ts"]}
    slack.wait_for("chat.postMessage")  # the stalled call is recorded once its late answer is sent
    slack.quiet_for(0.2)
    assert len(slack.calls_to("chat.postMessage")) == 1 and slack.calls_to("conversations.history")
    assert store.digest_posts()[0]["ts"] == posted["ts"]
    assert digest.post(store, summary(store), "C0DIGEST", client=client(slack))["posted"] is False
    assert len(digests(slack)) == 1


def test_a_digest_lost_to_a_5xx_is_looked_for_then_posted_once(store, slack):
    slack.fail("chat.postMessage", 503)
    with pytest.raises(Exception, match="fatal_error"):
        digest.post(store, summary(store), "C0DIGEST", client=client(slack))
    assert digests(slack) == []
    assert digest.post(store, summary(store), "C0DIGEST", client=client(slack))["posted"] is True
    assert len(digests(slack)) == 1 and slack.calls_to("conversations.history")
    assert digest.post(store, summary(store), "C0DIGEST", client=client(slack))["posted"] is False
    assert len(digests(slack)) == 1


def test_a_claim_left_by_a_trigger_that_died_is_taken_over(store, slack):
    left = utc_iso(dt.datetime.now(dt.UTC) - dt.timedelta(minutes=11))
    store.conn.execute("INSERT INTO digest_posts (week, channel, claimed_at) VALUES ('2025-W02', 'C0DIGEST', ?)",
                       [left])
    store.conn.commit()
    assert digest.post(store, summary(store), "C0DIGEST", client=client(slack))["posted"] is True
    assert len(digests(slack)) == 1


def test_a_claim_being_posted_right_now_is_left_alone(store, slack):
    assert store.claim_digest("2025-W02", "C0DIGEST")  # another trigger, a second ago
    outcome = digest.post(store, summary(store), "C0DIGEST", client=client(slack))
    assert outcome["posted"] is False and slack.calls == []
