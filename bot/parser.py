"""Free text (English or Spanish, Slack markup and all) -> costcore Scenario, or one question back.

The parser only sets the fields the user said (pydantic's `model_fields_set` is how the engine tells
what was said from what it assumed). It never answers for a model it is not sure of: two models, a
typo two models fit, a missing model, or a figure that cannot be right become a `clarification`.
The readers live in `bot/parse/`; this module wires them and is the interface the shell uses.
"""

from __future__ import annotations

import contextlib
import logging
import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.parse import (
    cache_keys,
    compose,
    gateway,
    lexicon,
    mix,
    open_figures,
    per_unit,
    percentages,
    phrases,
    places,
    quantities,
    rate_sums,
    rates,
    residency,
    sized_for,
    sole_user,
    spelled,
    stream_heads,
    structure,
    unread_sentences,
    unused,
    value_doubt,
    voices,
    volumes,
)
from bot.parse import calendar as hours
from bot.parse.draft import ASK_RANGE, Draft
from bot.parse.lazyre import lazy
from bot.parse.markup import to_plain
from bot.parse.models import read_model
from bot.parse.numbers import numbers
from bot.parse.rate_units import TOK_S
from bot.parse.words import tokens
from bot.parse.wrapped import unwrap
from costcore.catalog import Catalogs, normalise
from costcore.scenario import CalendarKind, Finding, Scenario, Settings

log = logging.getLogger("llmcost.parser")

# A question is a few lines; a pasted log is not read to its end. The service trims at the same length.
MAX_READ_CHARS = 4_000


class ParseResult(BaseModel):
    """What the parser made of a question.

    `scenario.model` is a catalog id when the parser recognised one, else the raw name it saw (costcore
    then answers `unknown_model` or `not_self_hostable`), else None. `clarification` is set when the parser
    must ask instead of guessing; `notes` say what it corrected (e.g. a typo it fixed).
    """

    model_config = ConfigDict(extra="forbid")

    text: str
    scenario: Scenario
    clarification: Finding | None = None
    notes: list[Finding] = Field(default_factory=list)


def parse(
    text: str,
    catalogs: Catalogs,
    *,
    settings: Settings | None = None,
    calendar: CalendarKind | None = None,
) -> ParseResult:
    """Read `text`. `calendar` is the calendar a flag or button already chose (it beats the words when a
    volume is spread into tok/s); `settings` hold the business day's length."""
    text = text if isinstance(text, str) else str(text)
    try:
        return _parse(text, catalogs, settings or Settings(), calendar)
    except Exception:  # a parser bug must become a question back, never a dead Slack thread
        log.exception("parser failed on %r", text[:200])
        return ParseResult(text=text, scenario=Scenario(), clarification=Finding(code="parse_failed"))


# Pasted commands and Hugging Face ids: "vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 8". The
# catalog's publishers come from its serving repos and org-prefixed aliases; these are publishers of
# models it may not list yet and re-publishers of others' weights (quantizations, conversions).
_OTHER_ORGS = (
    "unsloth", "neuralmagic", "redhatai", "nm-testing", "hugging-quants", "bartowski", "thebloke",
    "lmstudio-community", "mlx-community", "meta-llama", "mistralai", "qwen", "google", "nvidia", "thudm",
    "microsoft", "ibm-granite",
)  # fmt: skip
_HF_ORGS: dict[int, tuple[Catalogs, Any]] = {}


def _hf_org(catalogs: Catalogs) -> Any:
    hit = _HF_ORGS.get(id(catalogs))
    if hit is None or hit[0] is not catalogs:
        names = [m.serving.repo for m in catalogs.models.values() if m.serving] + [
            a for m in catalogs.models.values() for a in m.aliases
        ]
        orgs = {n.split("/", 1)[0].lower() for n in names if "/" in n} | set(_OTHER_ORGS)
        # longest first; ties by name, so the pattern is the same in every process (bot/startup.py keeps it)
        alternation = "|".join(sorted(map(re.escape, orgs), key=lambda o: (-len(o), o)))
        hit = _HF_ORGS[id(catalogs)] = (catalogs, lazy(rf"(?=\w)\b(?:{alternation})/(?=\w)", re.I))
    return hit[1]
_MAX_MODEL_LEN = lazy(r"(?:--)?max[-_]model[-_]len\s?[ =:]\s?(\d+)\b", re.I)
_CLI_FLAG = lazy(r"(?<!\S)--(?P<flag>[a-z][\w-]*)(?:[ =](?!--)(?P<value>[^\s,;]+))?", re.I)


def _flag(match: re.Match[str]) -> str:
    """A command line's flag is dropped, but the model it names stays (`--model Qwen/Qwen3-30B-A3B`; lexicon
    `cli_model_flag`)."""
    value = match.group("value")
    return f" {value} " if value and lexicon.pattern("cli_model_flag").fullmatch(match.group("flag")) else " "
# A serving engine's own setting pasted as config or said in prose ("max_num_seqs: 64", "max-num-seqs 64",
# "tensor_parallel_size=8"): the server's limits, not the question's users or figures. The scenario's own
# field names stay (`_FIELD_LINE` reads them).
_ENGINE_HINTS = ("max-", "min-", "num-", "gpu-", "tensor-", "pipeline-", "kv-", "block-", "swap-")  # cheap first
_ENGINE_SETTING = lazy(
    r"(?<![\w-])(?!(?:data_may_leave|slo_tok_s|cache_hit_rate|input_per_output|measured_tok_s_per_node)\b)"
    r"(?:[a-z]+(?:_[a-z]+){2,}|(?:max|min|num|gpu|tensor|pipeline|kv|block|swap)(?:-[a-z]+){2,})\s?(?:[:=]\s?|\s)(?=\d)[\d.]+",
    re.I,
)


# A pasted config that uses the scenario's own field names: "data_may_leave: false", "calendar: business_hours".
_FIELD_LINE = lazy(
    r"(?:^|(?<=[{,]))[\s\-*•>]*[\"']?(?P<key>data_may_leave|eu_residency|gateway_pain|calendar|tz|slo_kind|slo_tok_s|cache_hit_rate|"
    r"input_per_output|currency|vat_rate|concurrency|context_tokens|measured_tok_s_per_node)[\"']?\s*[:=]\s*"
    r"[\"']?(?P<value>[^\"',}\s#]+)",
    re.I | re.M,
)
_BOOLEANS = {"true": True, "yes": True, "false": False, "no": False}
_CALENDARS = {"24/7": "24x7", "24-7": "24x7", "24x7": "24x7", "business_hours": "business_hours"}  # as people write them


def _read_fields(text: str, draft: Draft) -> None:
    """Lines that name a Scenario field set it as written; Scenario validation turns a bad value into a
    question (`_scenario`), and a value that contradicts the words asks which."""
    for m in _FIELD_LINE.finditer(text):
        key, raw = m.group("key").lower(), m.group("value")
        draft.use(m.start("value"), m.end("value"), key)  # read: the figure net (unused_figures) names no figure set here
        value: Any = _BOOLEANS.get(raw.lower(), raw)
        if key == "calendar":  # "calendar: 24/7" is the calendar reader's 24x7, not a second value
            value = _CALENDARS.get(raw.lower(), raw)
        if isinstance(value, str):
            with contextlib.suppress(ValueError):
                value = float(value)
        draft.set(key, value)


_REPO_NAME = lazy(r"[\w.\-]+")


def _org_kept(match: re.Match[str], catalogs: Catalogs) -> str:
    """The org prefix, kept only where the whole Hub id is one catalog row and its bare name another
    ("deepseek-ai/DeepSeek-V4-Pro" holds the preview, "DeepSeek-V4-Pro" is the release): the model reader asks."""
    name = _REPO_NAME.match(match.string, match.end())
    full = catalogs.alias_index.get(normalise(match.group(0) + name.group(0))) if name else None
    bare = catalogs.alias_index.get(normalise(name.group(0))) if name else None
    return match.group(0) if full and bare and full != bare else ""


def _tidy_pastes(text: str, catalogs: Catalogs) -> str:
    """An org prefix names who published the weights, not the model ("deepseek-ai/DeepSeek-V3" is DeepSeek-V3);
    a command line's flags are not figures of the question, except the context it serves."""
    text = _hf_org(catalogs).sub(lambda m: _org_kept(m, catalogs), text)
    text = _MAX_MODEL_LEN.sub(r"context of \1 tokens", text)
    text = _CLI_FLAG.sub(_flag, text)
    text = cache_keys.plain_keys(text)  # "vllm:gpu_prefix_cache_hit_rate = 0.57" is the cache's, not a setting
    low = text.lower()
    return _ENGINE_SETTING.sub(" ", text) if "_" in text or any(k in low for k in _ENGINE_HINTS) else text


def _mask(text: str, spans: list[tuple[int, int]]) -> str:
    """Blank out model names so "llama 3 70b" or "qwen3 235b" never read as figures."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def _parse(text: str, catalogs: Catalogs, settings: Settings, calendar: CalendarKind | None) -> ParseResult:
    draft = Draft()
    plain = _tidy_pastes(structure.reshape(to_plain(text[:MAX_READ_CHARS]), draft), catalogs)
    plain = unwrap(plain)  # a line wrapped at a width reads as one sentence, for every reader (same offsets)
    toks = tokens(plain)
    model = read_model(plain, toks, catalogs)
    masked = voices.settle(_mask(plain, model.spans), draft, toks)  # the latest voice's figures (parseO)
    nums = spelled.rate_figures(masked, numbers(masked), TOK_S)  # "ninety tok/s" is a figure too
    known = catalogs.models.get(model.model or "")
    mix.read_mix(masked, draft)
    mix.read_times(masked, draft)
    rates.read_rates(masked, nums, draft)
    hours.read_calendar(masked, draft, settings)
    volumes.read_volumes(masked, nums, draft, calendar or draft.fields.get("calendar", "24x7"), settings)
    quantities.read_concurrency(masked, nums, draft)
    rate_sums.read_sums(masked, nums, draft)  # "BU A needs 300 tok/s, BU B 500 and BU C 200": 1,000
    compose.read_composition(masked, nums, draft)
    per_unit.read_per_unit(masked, nums, draft)  # a per-unit figure composed with its unit's count, or asked
    stream_heads.read_heads(masked, nums, draft)  # a per-person speed beside people counted: how many at once?
    sole_user.read_sole_user(masked, nums, draft)  # "I'm the only user": one stream at once
    quantities.read_context(masked, nums, draft, known.context_tokens if known else None)
    percentages.read_percentages(masked, draft)
    value_doubt.read_doubt(masked, draft)  # two sources' figures, and which to trust asked (mix17b s17)
    residency.read_residency(masked, draft)
    gateway.read_gateway(masked, draft)
    places.read_timezone(masked, draft)
    phrases.read_currency(masked, draft)
    phrases.read_vat(masked, draft, catalogs)
    phrases.read_signals(masked, draft)
    phrases.read_node(masked, draft, catalogs)
    _read_fields(plain, draft)
    open_figures.read_open(masked, nums, draft)  # parseQ: a need left open, asked before the safety net
    sized_for.read_sized_for(masked, nums, draft)  # parseQ: the figure the asker sizes for
    unused.check(masked, nums, draft)
    unread_sentences.check(masked, draft)  # a sentence of the verdict no reader read
    if model.model:
        draft.fields["model"] = model.model
    clarification = model.clarification
    scenario = _scenario(draft)
    if len(text) > MAX_READ_CHARS:
        draft.note("text_truncated", read_chars=MAX_READ_CHARS, total_chars=len(text))
    return ParseResult(
        text=text,
        scenario=scenario,
        clarification=clarification or draft.clarification,
        notes=model.notes + draft.notes,
    )


def _scenario(draft: Draft) -> Scenario:
    """The Scenario of the fields said; a value the model rejects is dropped and asked about instead."""
    fields: dict[str, Any] = dict(draft.fields)
    for _ in range(len(fields) + 1):
        try:
            return Scenario(**fields)
        except ValidationError as exc:
            name = str(exc.errors()[0]["loc"][0])
            draft.ask(ASK_RANGE, "value_not_understood", field=name)
            fields.pop(name, None)
    return Scenario()
