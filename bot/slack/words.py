"""Every word the Slack bot says comes from `prompts/slack/*.j2`; this module renders them safely.

Two rules make user text harmless:
- user text is only ever a template *variable*, never template source, so `{{ }}` in a question is text;
- every `{{ value }}` is Slack-escaped (& < >) and stripped of control characters on output (the
  environment's `finalize`), so `<!channel>` or `<https://evil|click>` arrives as visible text.

Block Kit templates (`*.json.j2`) write each value as `{{ value | j }}` (a JSON literal) and build
multi-line text inside `{% filter j %}...{% endfilter %}`; the escaping happens once either way.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from functools import cache
from typing import Any

import jinja2

from bot.templates import make_environment

# C0/C1 controls except tab and newline, zero-width and bidi-override characters.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")
_USER_ID = re.compile(r"^[UW][A-Z0-9]{2,30}$")


class Verbatim(str):
    """Text that is already safe for Slack (a mention we built, a button's data): not escaped again."""


def clean(text: str) -> str:
    return _CONTROL.sub("", text)


def slack_escape(text: str) -> str:
    return clean(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def slack_unescape(text: str) -> str:
    """Slack sends message text escaped; this gives back what the person typed."""
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def _finalize(value: Any) -> str:
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


def _money(value: Any, symbol: str = "$") -> str:
    if value is None:
        return "—"
    amount = float(value)
    return f"{symbol}{amount:,.2f}" if abs(amount) < 100 else f"{symbol}{amount:,.0f}"


def _number(value: Any, digits: int = 0) -> str:
    if value is None:
        return "—"
    amount = float(value)
    if digits == 0 and 0 < abs(amount) < 10:
        return f"{amount:,.1f}"
    return f"{amount:,.{digits}f}"


def _percent(value: Any) -> str:
    if value is None:
        return "—"
    amount = float(value)
    return f"{amount:,.1f} %" if amount < 100 else f"{amount:,.0f} %"


def _short(text: str, limit: int = 200) -> str:
    """One line, at most `limit` characters: how a question is quoted back."""
    flat = " ".join(clean(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def _environment(finalize: Any) -> jinja2.Environment:
    filters = dict(j=_json, mention=_mention, usd=_money, num=_number, pct=_percent, short=_short)
    filters["eur"] = lambda v: _money(v, "€")
    env = make_environment("slack", filters=filters, finalize=finalize)
    env.globals["t"] = _translated
    return env


@jinja2.pass_context
def _translated(context: Any, english: str, spanish: str) -> str:
    """`{{ t("Nodes, a month", "Nodos, al mes") }}`: the words in the answer's language (`locale`, from
    bot/slack/locale.py; English when a template's context has none), side by side in the template."""
    return spanish if context.get("locale") == "es" else english


@cache
def slack_env() -> jinja2.Environment:
    return _environment(_finalize)


@cache
def plain_env() -> jinja2.Environment:
    """For words that never reach Slack's text parser (chart labels): no Slack escaping."""
    return _environment(lambda v: "" if v is None else str(v))


def text(name: str, **context: Any) -> str:
    """A mrkdwn/plain-text template, escaped for Slack."""
    return slack_env().get_template(name).render(**context).strip()


def blocks(name: str, **context: Any) -> list[dict]:
    """A Block Kit template: JSON out, checked, within Slack's limits."""
    return fit_limits(json.loads(slack_env().get_template(name).render(**context)))


def data(name: str, **context: Any) -> Any:
    """A JSON template of plain words (no Slack escaping): chart labels."""
    return json.loads(plain_env().get_template(name).render(**context))


def plain(name: str, **context: Any) -> str:
    """A text template of plain words (no Slack escaping): a question the bot asks on a user's behalf."""
    return " ".join(plain_env().get_template(name).render(**context).split())


def view(name: str, **context: Any) -> dict:
    """A view template (App Home, a modal): JSON out, its blocks within Slack's limits."""
    out = json.loads(slack_env().get_template(name).render(**context))
    out["blocks"] = fit_limits(out["blocks"])
    return out


# --- Block Kit limits -----------------------------------------------------------------------------

MAX_BLOCKS = 50
SECTION_TEXT = 3000
FIELD_TEXT = 2000
HEADER_TEXT = 150
CONTEXT_TEXT = 2000
FALLBACK_TEXT = 3000


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _split_lines(text: str, limit: int) -> list[str]:
    """Split mrkdwn at line ends into pieces of at most `limit` characters, keeping code fences whole."""
    pieces, current = [], ""
    for line in text.split("\n"):
        line = _cut(line, limit - 8)
        if current and len(current) + 1 + len(line) > limit - 4:
            fenced = current.count("```") % 2 == 1
            pieces.append(current + ("\n```" if fenced else ""))
            current = ("```\n" if fenced else "") + line
        else:
            current = f"{current}\n{line}" if current else line
    pieces.append(current)
    return pieces


def fit_limits(blocks: list[dict]) -> list[dict]:
    """Split long sections, cut long fields and headers, and keep at most 50 blocks."""
    out: list[dict] = []
    for block in blocks:
        kind = block.get("type")
        if kind == "section" and "text" in block and not block["text"]["text"].strip():
            continue
        if kind == "section" and "text" in block and len(block["text"]["text"]) > SECTION_TEXT:
            head, *rest = _split_lines(block["text"]["text"], SECTION_TEXT)
            out.append(block | {"text": block["text"] | {"text": head}})
            out.extend({"type": "section", "text": {"type": "mrkdwn", "text": piece}} for piece in rest)
            continue
        if kind == "section" and "fields" in block:
            block["fields"] = [f | {"text": _cut(f["text"], FIELD_TEXT)} for f in block["fields"][:10]]
        elif kind == "header":
            block["text"]["text"] = _cut(block["text"]["text"], HEADER_TEXT)
        elif kind == "context":
            block["elements"] = [e | {"text": _cut(e["text"], CONTEXT_TEXT)} for e in block["elements"][:10]]
        out.append(block)
    if len(out) > MAX_BLOCKS:
        out = out[: MAX_BLOCKS - 1] + [{"type": "context", "elements": [{"type": "mrkdwn", "text": text("truncated.txt.j2")}]}]
    return out


def fallback(name: str, **context: Any) -> str:
    """The notification text every message carries beside its blocks."""
    return _cut(text(name, **context), FALLBACK_TEXT)
