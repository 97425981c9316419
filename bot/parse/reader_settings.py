"""Where the optional second reader is (bot/parse/fallback.py) and how long it may take, read once by the
composition root (bot/context.py) from the environment: nothing else reads it."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field

log = logging.getLogger("llmcost.parser")
DEFAULT_TIMEOUT_S = 3.0
MAX_TIMEOUT_S = 30.0  # a Slack answer should not wait longer on a second opinion
_YES = {"1", "true", "yes", "on"}


@dataclass(frozen=True)
class ReaderSettings:
    """Where the second reader is and how long it may take. `url` empty means off (the default)."""

    url: str = ""
    model: str = "default"
    key: str | None = field(default=None, repr=False)  # never printed, never logged
    internal: bool = False  # text that may not leave may go to it (the team's own network)
    timeout_s: float = DEFAULT_TIMEOUT_S

    @property
    def enabled(self) -> bool:
        return bool(self.url)

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> ReaderSettings:
        """LLMCOST_READER_URL (an OpenAI-compatible base URL, …/v1), LLMCOST_READER_MODEL, LLMCOST_READER_KEY,
        LLMCOST_READER_INTERNAL=1, LLMCOST_READER_TIMEOUT_S (seconds, default 3)."""
        url = environ.get("LLMCOST_READER_URL", "").strip().rstrip("/")
        if not url and environ.get("LLMCOST_PARSER_URL", "").strip():
            log.warning("LLMCOST_PARSER_URL is now LLMCOST_READER_URL (and _MODEL, _KEY, _INTERNAL): reader off")
        raw = environ.get("LLMCOST_READER_TIMEOUT_S", "").strip()
        try:
            timeout = float(raw) if raw else DEFAULT_TIMEOUT_S
        except ValueError:
            timeout = -1.0
        if not 0 < timeout <= MAX_TIMEOUT_S:  # NaN fails this too
            log.warning("LLMCOST_READER_TIMEOUT_S=%r is not a number of seconds in (0, %g]; using %g",
                        raw, MAX_TIMEOUT_S, DEFAULT_TIMEOUT_S)
            timeout = DEFAULT_TIMEOUT_S
        return cls(
            url=url,
            model=environ.get("LLMCOST_READER_MODEL", "").strip() or "default",
            key=environ.get("LLMCOST_READER_KEY", "").strip() or None,
            internal=environ.get("LLMCOST_READER_INTERNAL", "").strip().lower() in _YES,
            timeout_s=timeout,
        )
