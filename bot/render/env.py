"""The one jinja2 environment factory for prompts/, and the one Slack escape.

Variants (each built once per process):
- `plain()`: prompts/, the formatters of bot.render.formats; the terminal text, the findings, the contract.
- `slack()`: prompts/slack/, the same formatters plus the Block Kit ones (`j`, `mention`, `short`, `t`), and
  every `{{ value }}` Slack-escaped on output (`finalize`).
- `slack_plain()`: prompts/slack/ without Slack escaping, for words that never reach Slack's text parser
  (chart labels, a question the bot asks on a user's behalf).
- `make_environment(...)`: the factory under them, for the digest's two shapes and the parser's prompt.

Two rules make user text harmless in Slack:
- user text is only ever a template *variable*, never template source, so `{{ }}` in a question is text;
- every value is escaped once on output (& < >) and stripped of control, zero-width and bidi-override
  characters (`slack_escape`); text we built ourselves (a mention, a button's data) is `Verbatim`.

Compiled templates are kept in the cache folder (bot.cache) so a fresh `llmcost ask` does not recompile
them. Compiled code is not the same for every environment: jinja2 folds constants through the filters of
the environment that compiles (`{{ "Catalog gaps" | strong }}` is compiled as `*Catalog gaps*`), and
trimming, `finalize` and how each filter is called are compiled in too. So each shape of environment
keeps its bytecode in a folder of its own, named by those settings, the filters and the code that
defines them (size and time of every module of the `bot` package): edit a filter and it recompiles.
Templates are not reloaded when their file changes (`auto_reload=False`): a running bot renders each
template from memory, without a stat per message.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import re
from collections.abc import Callable
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from bot.cache import cache_dir, prune
from bot.render.formats import FILTERS

KEEP_SHAPES = 16  # environment shapes kept: a handful in use, the rest left by earlier versions of the code

log = logging.getLogger("llmcost.templates")


class _BytecodeCache(jinja2.FileSystemBytecodeCache):
    """jinja2's own bytecode cache (checked against each template's source), but a cache that cannot be
    read or written is skipped rather than failing the reply."""

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception as exc:  # truncated (UnpicklingError), unreadable, from another jinja2: recompile
            log.debug("template cache: cannot read %s (%s)", bucket.key, exc)
            bucket.reset()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError as exc:
            log.debug("template cache: cannot write %s (%s)", bucket.key, exc)


@cache
def _code_stamp() -> tuple[tuple[str, int, int], ...]:
    package = Path(__file__).resolve().parent.parent  # the bot package
    stamp = []
    for path in sorted(package.rglob("*.py")):
        with contextlib.suppress(OSError):
            st = path.stat()
            stamp.append((str(path.relative_to(package)), st.st_size, st.st_mtime_ns))
    return tuple(stamp)


def _who(fn: Any) -> str:
    return "" if fn is None else f"{getattr(fn, '__module__', '')}.{getattr(fn, '__qualname__', repr(fn))}"


def _shape(folder: str, trim: bool, finalize: Any, filters: dict[str, Any]) -> str:
    """What compiled code depends on besides the template's source (which jinja2 checks itself)."""
    named = sorted((name, _who(fn)) for name, fn in filters.items())
    parts = (jinja2.__version__, folder, trim, _who(finalize), named, _code_stamp())
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]


def bytecode_cache(shape: str) -> jinja2.BytecodeCache | None:
    folder = cache_dir()
    if folder is None:
        return None
    target = folder / "templates" / shape
    try:
        fresh = not target.exists()
        target.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    if fresh:  # a new shape (an edit to the bot package): drop the shapes nobody has used lately
        prune(target.parent, "*", keep=KEEP_SHAPES)
    return _BytecodeCache(str(target))


def make_environment(
    folder: str = "",
    *,
    filters: dict[str, Callable[..., Any]] | None = None,
    finalize: Callable[[Any], Any] | None = None,
    trim: bool = True,
) -> jinja2.Environment:
    """An environment over prompts/<folder>: strict about undefined names, no HTML escaping (the Slack
    surface escapes with its own filters), block tags that do not leave blank lines when `trim`."""
    filters = filters or {}
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("prompts", folder),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        finalize=finalize,
        trim_blocks=trim,
        lstrip_blocks=trim,
        keep_trailing_newline=False,
        auto_reload=False,
        bytecode_cache=bytecode_cache(_shape(folder, trim, finalize, filters)),
    )
    env.filters.update(filters)
    return env


# -- Slack escaping ------------------------------------------------------------------------------------

# C0/C1 controls except tab and newline, zero-width and bidi-override characters.
_CONTROLS = "\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff"
_CONTROL = re.compile(f"[{_CONTROLS}]")
_UNSAFE = re.compile(f"[&<>{_CONTROLS}]")  # most values have none of these: they pass through untouched
_USER_ID = re.compile(r"^[UW][A-Z0-9]{2,30}$")


class Verbatim(str):
    """Text that is already safe for Slack (a mention we built, a button's data): not escaped again."""


def clean(text: str) -> str:
    """`text` without control, zero-width and bidi-override characters."""
    return _CONTROL.sub("", text)


def slack_escape(text: Any) -> str:
    """Anything a user typed, safe in Slack mrkdwn: & < > escaped, control characters dropped."""
    text = str(text)
    if not _UNSAFE.search(text):
        return text
    return clean(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def slack_unescape(text: str) -> str:
    """Slack sends message text escaped; this gives back what the person typed."""
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def _finalize(value: Any) -> str:
    if type(value) is str:  # the common case first: one check
        return slack_escape(value)
    if isinstance(value, Verbatim):
        return value
    if isinstance(value, Decimal | float):
        value = f"{value:g}"
    return slack_escape(str(value))


def _json(value: Any) -> str:
    if isinstance(value, str):
        value = type(value)(value.strip())
    out = json.dumps(value, ensure_ascii=False, default=str)
    return Verbatim(out) if isinstance(value, Verbatim) else out


def _mention(user_id: str | None) -> str:
    return Verbatim(f"<@{user_id}>") if user_id and _USER_ID.match(user_id) else ""


def short(text: str, limit: int = 200) -> str:
    """One line, at most `limit` characters: how a question is quoted back."""
    flat = " ".join(clean(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


@jinja2.pass_context
def _translated(context: Any, english: str, spanish: str) -> str:
    """`{{ t("Nodes, a month", "Nodos, al mes") }}`: the words in the answer's language (`locale`, from
    bot/render/locale.py; English when a template's context has none), side by side in the template."""
    return spanish if context.get("locale") == "es" else english


# -- the environments ----------------------------------------------------------------------------------

SLACK_FILTERS = FILTERS | {"j": _json, "mention": _mention, "short": short}


@cache
def plain() -> jinja2.Environment:
    env = make_environment(filters=FILTERS)
    env.globals["t"] = _translated  # the terminal answer speaks the question's language too
    return env


def _slack(finalize: Callable[[Any], Any]) -> jinja2.Environment:
    env = make_environment("slack", filters=SLACK_FILTERS, finalize=finalize)
    env.globals["t"] = _translated
    return env


@cache
def slack() -> jinja2.Environment:
    return _slack(_finalize)


def _as_text(value: Any) -> str:
    return "" if value is None else str(value)


@cache
def slack_plain() -> jinja2.Environment:
    return _slack(_as_text)


@cache
def untrimmed() -> jinja2.Environment:
    """prompts/ as written, whitespace and all: the parser's prompt to a language model."""
    return make_environment(trim=False)
