"""How the Hub lookup behaves: built once from the environment by bot/context.py, passed down from there."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

OFF = {"off", "0", "no", "false", "none"}
DEFAULT_ENDPOINT = "https://huggingface.co"


@dataclass(frozen=True)
class HubSettings:
    enabled: bool = True  # LLMCOST_HUB=off: never ask the Hub
    endpoint: str = DEFAULT_ENDPOINT  # HF_ENDPOINT (a mirror, or a stand-in in tests)
    token: str | None = None  # HF_TOKEN: needed for gated repos
    timeout_s: float = 4.0  # LLMCOST_HUB_TIMEOUT: the whole lookup, then a clear answer
    max_age_days: float = 7.0  # LLMCOST_HUB_MAX_AGE_DAYS: refetch facts older than this
    cache_dir: Path | None = None  # LLMCOST_HUB_CACHE, else <llmcost cache>/hub; None keeps nothing
    offline: bool = False  # HF_HUB_OFFLINE=1: answer from the cache only


def from_environ(env: dict[str, str], default_cache: Path | None) -> HubSettings:
    """The settings the environment asks for; a value that is not a number keeps the default."""

    def number(name: str, default: float) -> float:
        try:
            value = float(env.get(name, "") or default)
        except ValueError:
            return default
        return value if value > 0 else default

    raw_cache = env.get("LLMCOST_HUB_CACHE", "").strip()
    if raw_cache.lower() in OFF:
        cache = None
    else:
        cache = Path(raw_cache).expanduser() if raw_cache else (default_cache / "hub" if default_cache else None)
    return HubSettings(
        enabled=env.get("LLMCOST_HUB", "on").strip().lower() not in OFF,
        endpoint=(env.get("HF_ENDPOINT") or DEFAULT_ENDPOINT).rstrip("/"),
        token=env.get("HF_TOKEN") or None,
        timeout_s=number("LLMCOST_HUB_TIMEOUT", 4.0),
        max_age_days=number("LLMCOST_HUB_MAX_AGE_DAYS", 7.0),
        cache_dir=cache,
        offline=env.get("HF_HUB_OFFLINE", "").strip().lower() in {"1", "true", "yes", "on"},
    )
