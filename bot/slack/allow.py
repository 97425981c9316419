"""Who may talk to the bot: optional allow-lists of Slack team ids and the app id (LLMCOST_ALLOWED_TEAMS,
LLMCOST_ALLOWED_APP_ID), checked on every verified request; others get 403 and no work."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from slack_bolt import BoltResponse
from slack_bolt.request.internals import extract_team_id


@dataclass(frozen=True)
class AllowList:
    """Optional allow-lists: empty means anyone whose request is verified."""

    teams: frozenset[str] = frozenset()
    app_id: str | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> AllowList:
        teams = frozenset(t.strip() for t in env.get("LLMCOST_ALLOWED_TEAMS", "").split(",") if t.strip())
        return cls(teams=teams, app_id=env.get("LLMCOST_ALLOWED_APP_ID", "").strip() or None)

    def refusal(self, body: Mapping[str, Any]) -> str | None:
        """Why this parsed body may not come in, or None. Slack's handshakes (url_verification, ssl_check)
        carry no team and do no work, so they pass."""
        if body.get("type") == "url_verification" or body.get("ssl_check"):
            return None
        if self.teams:
            teams = team_ids(body)
            if not teams:
                return "no team id"
            if not teams <= self.teams:
                return f"team {', '.join(sorted(teams - self.teams))} is not allowed"
        if self.app_id and body.get("api_app_id") != self.app_id:
            return f"app {body.get('api_app_id')!r} is not allowed"
        return None


def team_ids(body: Mapping[str, Any]) -> set[str]:
    """Every team the body names where we look for one (events and commands: team_id; interactive payloads:
    team.id), and the one Bolt will put in the context: all of them must be allowed."""
    team = body.get("team")
    found = {body.get("team_id"), team.get("id") if isinstance(team, dict) else team, extract_team_id(dict(body))}
    return {t for t in found if isinstance(t, str) and t}


def middleware(allow: AllowList) -> Callable[..., Any]:
    """The allow-lists inside Bolt too, for Socket Mode (no HTTP front) and as a second line in HTTP mode."""
    def allow_listed(body: dict, next: Any, logger: Any) -> Any:
        if why := allow.refusal(body):
            logger.warning("refused a request: %s", why)
            return BoltResponse(status=403, body="")
        return next()

    return allow_listed
