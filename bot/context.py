"""The composition root: everything a process needs, read from the environment here and nowhere else.

`Context.from_env(environ)` turns the environment into one frozen object: settings, the clock, where the
log, the caches and the snapshots live, the Hub's and the second reader's endpoints, the Slack and door
settings, and where `llmcost refresh` pulls from. The catalogs and genai-prices' price data are loaded
from those paths on first use (bot/startup.py keeps them warm between runs) and kept for the Context's
life. Each entry point builds one Context and passes it down:

- the CLI (`bot/cli.py`: every subcommand gets `args.ctx`),
- the Slack app (`bot/slack/app.py` `create_app(context=…)`, from `llmcost serve` or the WSGI entry),
- the digest clock (`llmcost clock`, `llmcost digest`).

costcore never sees a Context: it gets the catalogs, the settings, the price data and `now` as arguments.

Variables (all optional): LLMCOST_NOW pins the clock (tests, reproductions); LLMCOST_PRICES_FILE pins a
genai-prices snapshot, else the newest one `llmcost refresh` saved in LLMCOST_PRICES_DIR, else the data
genai-prices ships; LLMCOST_NODES_FILE adds node rows; LLMCOST_OFFERS_FILE is the refreshed offers;
LLMCOST_CACHE_DIR (or `off`) the start-up cache; LLMCOST_DB the log; LLMCOST_TZ and LLMCOST_DIGEST_CHANNEL
the digest; SLACK_* the bot; LLMCOST_READER_* the second reader; LLMCOST_HUB*/HF_* the Hub look-up;
LLMCOST_ALLOWED_*, LLMCOST_MAX_BODY_BYTES and LLMCOST_DELIVERY_* the door and the outbox (read from
`environ` by bot/slack/door.py and outbox.py, which take the mapping this Context carries).

`current()` is the process's Context for `bot.service.ask` called without one (and for tests, through
tests/runtime.py): built from os.environ once, and again only when one of the variables above changes
(tests set them per test).
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.hub.settings import HubSettings
    from bot.parse.fallback import ReaderSettings
    from costcore.catalog import Catalogs
    from costcore.prices import PriceData
    from costcore.scenario import Settings

# The variables a Context is built from: anything with these prefixes, PORT and WEB_CONCURRENCY (the
# platform's ways of saying where to listen and how many serving processes to run).
PREFIXES = ("LLMCOST_", "SLACK_", "HF_", "GPUHUNT_")
PLATFORM = frozenset({"PORT", "WEB_CONCURRENCY"})
OFF = frozenset({"off", "0", "no", "false", "none"})


def _relevant(environ: Mapping[str, str]) -> dict[str, str]:
    return {k: v for k, v in environ.items() if k.startswith(PREFIXES) or k in PLATFORM}


def _path(raw: str) -> Path | None:
    raw = raw.strip()
    return Path(raw).expanduser() if raw else None


def _settings() -> Settings:
    from costcore.scenario import Settings  # pydantic: imported by the command that needs it, not by --help

    return Settings()


def _data_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("llmcost"))


@dataclass(frozen=True)
class SlackSettings:
    """The bot's Slack side. Tokens are never printed (repr=False) nor logged."""

    bot_token: str = field(default="", repr=False)
    app_token: str = field(default="", repr=False)
    signing_secret: str = field(default="", repr=False)
    api_url: str = ""  # SLACK_API_URL (a stand-in, staging), else Slack's own Web API
    chart: bool = True  # LLMCOST_SLACK_CHART=0 posts no chart
    port: int = 3000  # PORT: `llmcost serve --http`
    digest_channel: str = ""  # LLMCOST_DIGEST_CHANNEL
    tz: str = "UTC"  # LLMCOST_TZ: the team's zone for the digest week


@dataclass(frozen=True)
class RefreshSources:
    """Where `llmcost refresh` pulls from (None: the library's own default)."""

    gpuhunt_url: str | None = None  # GPUHUNT_CATALOG_URL
    genai_prices_url: str | None = None  # LLMCOST_GENAI_PRICES_URL


@dataclass(frozen=True)
class Context:
    environ: Mapping[str, str] = field(default_factory=dict, repr=False)  # the variables read (door, outbox)
    settings: Settings = field(default_factory=_settings)
    pinned_now: dt.datetime | None = None  # LLMCOST_NOW
    cache_dir: Path | None = None  # LLMCOST_CACHE_DIR; None with caching off (see `cache_folder`)
    cache_off: bool = False
    db_file: Path | None = None  # LLMCOST_DB
    node_overrides: tuple[Path, ...] = ()  # LLMCOST_NODES_FILE, os.pathsep-separated
    offers_file: Path | None = None  # LLMCOST_OFFERS_FILE
    prices_file: Path | None = None  # LLMCOST_PRICES_FILE
    prices_folder: Path | None = None  # LLMCOST_PRICES_DIR
    slack: SlackSettings = field(default_factory=SlackSettings)
    refresh: RefreshSources = field(default_factory=RefreshSources)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, *, settings: Settings | None = None) -> Context:
        """Read the environment (os.environ unless given). Nothing is loaded yet: a bad value in a file is
        reported when the file is first used, by the command that uses it."""
        env = MappingProxyType(_relevant(os.environ if environ is None else environ))

        def get(name: str, default: str = "") -> str:
            return env.get(name, "").strip() or default

        pinned = get("LLMCOST_NOW")
        try:
            when = dt.datetime.fromisoformat(pinned) if pinned else None
        except ValueError:
            from bot.errors import UserError

            raise UserError(f"LLMCOST_NOW={pinned!r} is not a date and time; use one like 2026-09-15T12:00Z, "
                            "or unset it to price at the real clock.") from None
        if when is not None and when.tzinfo is None:
            when = when.replace(tzinfo=dt.UTC)
        cache_raw = get("LLMCOST_CACHE_DIR")
        port = get("PORT", "3000")
        return cls(
            environ=env,
            settings=settings or _settings(),
            pinned_now=when,
            cache_dir=None if cache_raw.lower() in OFF else _path(cache_raw),
            cache_off=cache_raw.lower() in OFF,
            db_file=_path(get("LLMCOST_DB")),
            node_overrides=tuple(Path(p) for p in env.get("LLMCOST_NODES_FILE", "").split(os.pathsep) if p.strip()),
            offers_file=_path(get("LLMCOST_OFFERS_FILE")),
            prices_file=_path(get("LLMCOST_PRICES_FILE")),
            prices_folder=_path(get("LLMCOST_PRICES_DIR")),
            slack=SlackSettings(
                bot_token=get("SLACK_BOT_TOKEN"), app_token=get("SLACK_APP_TOKEN"),
                signing_secret=get("SLACK_SIGNING_SECRET"), api_url=get("SLACK_API_URL"),
                chart=get("LLMCOST_SLACK_CHART", "1").lower() not in OFF,
                port=int(port) if port.isdigit() else 3000,
                digest_channel=get("LLMCOST_DIGEST_CHANNEL"), tz=get("LLMCOST_TZ", "UTC"),
            ),
            refresh=RefreshSources(gpuhunt_url=get("GPUHUNT_CATALOG_URL") or None,
                                   genai_prices_url=get("LLMCOST_GENAI_PRICES_URL") or None),
        )

    # -- the clock --------------------------------------------------------------------------------------

    def now(self) -> dt.datetime:
        """The instant answers are priced at: LLMCOST_NOW when set, else the real clock."""
        return self.pinned_now or dt.datetime.now(dt.UTC)

    # -- where things live ------------------------------------------------------------------------------

    @cached_property
    def cache_folder(self) -> Path | None:
        """The start-up cache folder (bot/startup.py), or None when caching is off."""
        if self.cache_off:
            return None
        if self.cache_dir is not None:
            return self.cache_dir
        import platformdirs

        return Path(platformdirs.user_cache_dir("llmcost"))

    @cached_property
    def db_path(self) -> Path:
        """LLMCOST_DB, else llmcost.db in the user's data directory."""
        return self.db_file or _data_dir() / "llmcost.db"

    @cached_property
    def offers_path(self) -> Path:
        """Where `llmcost refresh` writes the dated offers snapshot and where answers read it from."""
        return self.offers_file or _data_dir() / "offers.json"

    @cached_property
    def prices_dir(self) -> Path:
        """Where `llmcost refresh` saves genai-prices snapshots (the newest one answers)."""
        return self.prices_folder or _data_dir() / "prices"

    # -- optional endpoints -----------------------------------------------------------------------------

    @cached_property
    def hub(self) -> HubSettings:
        """The Hub look-up's settings (LLMCOST_HUB, HF_ENDPOINT, HF_TOKEN, LLMCOST_HUB_TIMEOUT, ...)."""
        from bot.hub.settings import from_environ

        return from_environ(dict(self.environ), self.cache_folder)

    @cached_property
    def reader(self) -> ReaderSettings:
        """The second reader (bot/parse/fallback.py): off unless LLMCOST_READER_URL is set."""
        from bot.parse.fallback import ReaderSettings

        return ReaderSettings.from_env(self.environ)

    # -- data, loaded on first use ----------------------------------------------------------------------

    @cached_property
    def prices(self) -> PriceData:
        """genai-prices' data answers use: LLMCOST_PRICES_FILE, else the newest refreshed snapshot, else bundled."""
        from bot import startup

        return startup.prices(self)

    @cached_property
    def catalogs(self) -> Catalogs:
        """The catalogs (with the refreshed offers and the node overrides) and `prices` attached."""
        from bot import startup

        return startup.priced(startup.catalogs(self), self.prices)

    def offers_snapshot(self) -> Path | None:
        """The offers snapshot answers use, if a refresh has written one (the shipped catalog alone otherwise)."""
        return self.offers_path if self.offers_path.is_file() else None


_current: tuple[tuple, Context] | None = None


def current() -> Context:
    """The process's Context, for code not yet handed one. Rebuilt only when a variable it reads changes."""
    global _current
    key = tuple(sorted(_relevant(os.environ).items()))
    if _current is None or _current[0] != key:
        _current = (key, Context.from_env())
    return _current[1]


def reset() -> None:
    """Forget the process's Context: the next `current()` reads the environment and the files again."""
    global _current
    _current = None


def of(args: object) -> Context:
    """The Context a CLI handler was given (`args.ctx`, set by bot/cli.py), or the process's."""
    return getattr(args, "ctx", None) or current()
