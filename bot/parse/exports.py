"""A pasted usage export read by its keys: the mix, the cache share and, where the export names its period, the volume.

Billing and usage exports count tokens per field: `input_tokens`, `cached_input_tokens`, `output_tokens` (or a
provider's own names: `prompt_tokens`, `prompt_tokens_details.cached_tokens`, `cache_read_input_tokens`,
`promptTokenCount`, "tokens_salida"). Each key's words are matched against the lexicon's `export_*_key` rows, in
any nesting, as JSON, YAML, `key=value`, CSV/semicolon/tab lines or a markdown table; the values of one field add
up over the export's rows. Where the input and the output are both named, the export is said in the words the mix,
cache and volume readers read: "input/output ratio 8. cache hit rate 25 %." and, when the export's period is its
key's value ("2026-11" a month, one row per date a day) or the words just before it ("last month", "our daily
export"), "300000000 output tokens per month." (not when the message states a tok/s: today's traffic is then no
target). Cached tokens are part of the input (OpenAI, DeepSeek, Gemini); cache reads and writes (Anthropic,
Bedrock) are counted beside it, so the input is their sum and the share is reads over it."""

from __future__ import annotations

import re
from functools import cache
from itertools import islice

from bot.parse import config_figures, export_lines, lexicon, mix_parts
from bot.parse.export_tables import field_of, period_of, tables
from bot.parse.lazyre import lazy
from bot.parse.numbers import parse_number
from bot.parse.rate_units import TOK_S

_FIELDS = ("input", "output", "cached", "cache_read", "cache_write")
_VALUE = r"-?\d(?:[\d_]|[.,](?=\d))*(?:[eE][+-]?\d+)?"
_PAIR = lazy(
    rf"(?<![\w.\-/])[\"']?(?P<key>[A-Za-z][\w.\-]{{0,60}}(?:/[^\W\d_]{{1,8}})?)[\"']?(?:[ \t]*[:=][ \t]*|[ \t]{{2,}}|\t)(?:[\"'](?P<text>[^\"'\n]{{1,40}})[\"']|(?P<date>\d{{4}}[-/]\d{{2}}(?:[-/]\d{{2}})?)\b|(?P<value>{_VALUE})|(?P<word>[A-Za-z]\w{{0,12}})\b(?![ \t]*[:=]))"
)
_CELLS_OR_PAIR = lazy(r"[,;\t|:=]|  ")  # "input_tokens   1935360000": a key and its value aligned by spaces
# A key or column naming a side's tokens ("input_tokens", "promptTokenCount", "| output tokens |", "tokens_salida").
# A side's line whose amount is tokens ("• salida: 1.314 millones de tokens", vol12 s12) is one too.
_EXPORT_HINT = lazy(
    r"(?:input|prompt|output|completion|cached?|candidates)[_ .-]?tokens?|tokens?[_ -](?:de[_ ])?(?:entrada|salida)"
    r"|^[ \t]*[-*•]?[ \t]*(?:salida|entrada|output|input|prompts?|completions?)[ \t]*[:=][^\n]*\btok",
    re.I | re.M,
)


@cache
def _period_words() -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((lazy(rf"\b{k}\b", re.I), v) for k, v in lexicon.mapping("export_period_word").items())


class _Export:
    def __init__(self) -> None:
        self.sums = dict.fromkeys(_FIELDS, 0.0)
        self.seen: set[str] = set()
        self.periods: list[str] = []  # one per row (or per bucket) that names its period
        self.times: list[float] = []  # a bucket's start and end (epoch seconds)
        self.spans: list[tuple[int, int]] = []

    def add(self, field: str, value: float) -> None:
        self.sums[field] += value
        self.seen.add(field)

    def said(self, before: str, rest: str) -> str:
        s = self.sums
        uncached_beside = s["cache_read"] + s["cache_write"]
        total_in = s["input"] + uncached_beside
        out = []
        if s["output"] > 0 and total_in > 0:
            out.append(f"input/output ratio {total_in / s['output']:.6g}.")
        hits = s["cache_read"] if "cache_read" in self.seen else s["cached"] if "cached" in self.seen else None
        if hits is not None and 0 <= hits <= total_in and total_in > 0:
            out.append(f"cache hit rate {100 * hits / total_in:.6g} %.")
        period = self._period(before)
        if period and s["output"] > 0 and not TOK_S.search(rest):
            unit, count = period
            if s["output"] / count / _DAYS[unit] >= MIN_DAILY_OUTPUT:  # a call's usage with a date is no traffic
                out.append(f"{s['output'] / count:.0f} output tokens per {unit}.")
        return " ".join(out)

    def _period(self, before: str) -> tuple[str, float] | None:
        """The export's period and how many of it the export covers: its rows' dates (one row a day), a bucket's
        start and end times, or the words just before it ("last month", "the last 30 days", "for one day")."""
        kinds = {period_of(p) for p in self.periods} - {None}
        if len(kinds) == 1:
            return kinds.pop(), max(1, len(set(self.periods)))
        if len(self.times) == 2 and (days := abs(self.times[1] - self.times[0]) / 86400) >= 0.9:
            return ("month", 1.0) if 27 <= days <= 32 else ("week", 1.0) if 6.5 <= days <= 7.5 else ("day", round(days, 3))
        tail = before[-100:].rsplit("\n\n", 1)[-1].replace("_", " ")
        if (span := _span_words().search(tail)) and (said := _N_UNIT.search(span.group(0))):
            unit, n = said["unit"].lower(), said["n"].lower()
            count = 1.0 if n in ("a", "un", "una", "single") else float(mix_parts.figure(n))
            return _UNITS[unit[0] if unit[0] != "s" else "w"], count
        found = [v for pattern, v in _period_words() if pattern.search(tail)]
        return (found[0], 1.0) if len(set(found)) == 1 else None


_UNITS = {"d": "day", "w": "week", "m": "month"}
_DAYS = {"day": 1, "week": 7, "month": 30.4}
MIN_DAILY_OUTPUT = 20_000  # output tokens a day below which a dated usage block is one call's, not a period's  # days/días, weeks/semanas, months/meses


_N_UNIT = lazy(r"(?P<n>\d{1,3}|[^\W\d_]+)\s*(?P<unit>[^\W\d_]+)$")  # "30 days", "one day", "un mes", "7d"


@cache
def _span_words() -> re.Pattern[str]:  # lexicon `export_period_span`: "the last 30 days", "for one day"
    return lazy(lexicon.alternation("export_period_span"), re.I)


def _pairs(text: str, export: _Export, lo: int, hi: int) -> None:
    for m in _PAIR.finditer(text, lo, hi):
        key, _, per = m["key"].rsplit(".", 1)[-1].partition("/")  # "tokens_salida/día": a side's tokens per day
        words = config_figures.key_words(key)
        if per and not period_of(per):
            continue
        if m["value"] is None:
            said = m["text"] or m["date"] or m["word"]
            if config_figures.concept("export_period_key").fullmatch(words) and period_of(said):
                export.periods.append(said)
                export.spans.append(m.span())
            continue
        field = field_of(words)
        value = parse_number(m["value"].replace("_", ""))
        if field is None and value and value > 1e9 and config_figures.concept("export_time_key").fullmatch(words):
            export.times.append(value)  # "start_time": 1764547200
            export.spans.append(m.span())
            continue
        if field and value is not None and value >= 0:
            export.add(field, value)
            export.spans.append(m.span())
            if per and field == "output":
                export.periods.append(per)


def read(text: str) -> str:
    """`text` with a usage export said as the mix, the cache share and its period's volume; unchanged without
    one (both an input and an output field are needed)."""
    if not (_EXPORT_HINT.search(text) and _CELLS_OR_PAIR.search(text)):
        return text
    export = _Export()
    hints = [m.start() for m in islice(_EXPORT_HINT.finditer(text), 40)]
    tables(text, export, {text.count("\n", 0, at) for at in hints})  # a header names tokens
    windows: list[tuple[int, int]] = []  # an export's pairs sit on those lines and a few around them (period, bounds)
    for at in hints:
        lo, hi = at, at
        for _ in range(4):
            lo, hi = max(0, text.rfind("\n", 0, lo)), (text.find("\n", hi + 1) + 1 or len(text) + 1) - 1
        if windows and lo <= windows[-1][1]:
            windows[-1] = (windows[-1][0], hi)
        else:
            windows.append((lo, hi))
    for lo, hi in windows:
        _pairs(text, export, lo, hi)
    export_lines.lines(text, export)  # "input tokens 412M (of which served from the prompt cache: 289M)"
    sides = {"input", "output"} <= export.seen or {"cache_read", "output"} <= export.seen
    if not sides and not ("output" in export.seen and export.periods):  # one side with its rows' periods: a volume
        return text
    spans = sorted(export.spans)
    first, last = spans[0][0], spans[-1][1]
    rest = text[:first] + text[last:]
    said = export.said(text[:first], rest)
    out, at = [], 0
    for start, end in spans:
        if start < at:
            continue
        out.append(text[at:start])
        at = end
    out.insert(1, f" {said} ")
    out.append(text[at:])
    return "".join(out)
