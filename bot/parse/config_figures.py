"""The mix's and the cache's keys in a pasted config (bot/parse/structure.py reads the rest of its shape).

A key's words (snake_case, kebab-case, camelCase and dots read as spaces) are matched against the lexicon's
`config_mix_*` and `config_cache_*` concepts and said as the mix and cache readers read them: "avg_input_tokens:
3000" and "tokens_salida_medios: 800" are sizes of one side ("input tokens: 3000"), "io_ratio = 4" the mix,
"prompt_cache_hit_ratio: 0.55" the hit rate. A nested key is read with its parent ("cache:" then "hit_rate: 0.5",
"\"cache\": {\"hit_rate\": 0.45}"), and a dashboard line ("prefix_cache_hit_rate 0.42", no colon) too."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy

_CAMEL = lazy(r"(?<=[a-z])(?=[A-Z])")
_KEY_SEP = lazy(r"[_\-./]+")
# A key that names one side of the mix or the mix itself, said as the mix readers read it (bot/parse/mix_forms.py).
_MIX_KEYS = (
    ("config_mix_input_key", "input tokens:"),
    ("config_mix_output_key", "output tokens:"),
    ("config_mix_ratio_key", "input/output ratio"),
)
# A key that names the prompt cache's hit or miss rate, said as the cache readers read it (bot/parse/cache_shares.py).
_CACHE_KEYS = (("config_cache_hit_key", "cache hit rate"), ("config_cache_miss_key", "cache miss rate"))
# A dashboard or metrics line, "prefix_cache_hit_rate 0.42", "vllm:gpu_prefix_cache_hit_rate 38.5%": a snake_case
# key, a space (or a colon: "prefix_cache_hits: 35%", a percentage the config pairs leave), a figure. Read only
# when the key names a cache rate.
_METRIC = lazy(r"(?<![\w.])(?P<key>[A-Za-z]+(?:_[A-Za-z]+)+)(?:[ \t]*[:=][ \t]*|[ \t]+)(?P<value>\d[\d.,]*%?)(?=\s*(?:[,;]|$))", re.M)
_OPENS = lazy(r"[\"']?(?P<key>[A-Za-z][\w.\-]*)[\"']?\s*:\s*\{\s*[\"']?$")  # "cache": {"hit_rate
_SIBLING = lazy(r"^\s*[-\s]*[\"']?[A-Za-z][\w.\-]*[\"']?\s*[:=]\s*\S")
_PARENT_LINE = lazy(r"^\s*[-\s]*[\"']?(?P<key>[A-Za-z][\w.\-]*)[\"']?\s*:\s*$")


@cache
def concept(name: str) -> re.Pattern[str]:
    return lazy(rf"(?<![a-z]){lexicon.alternation(name)}(?![a-z])", re.I)


def key_words(key: str) -> str:
    """ "avgInputTokens", "avg_input_tokens", "avg-input.tokens": "avg input tokens"."""
    return _KEY_SEP.sub(" ", _CAMEL.sub(" ", key)).strip().lower()


def volume(words: str, value: str) -> str | None:
    """A key naming a volume over a period, said as the volume readers read it ("tokens_out_per_hour = 5.4M" is
    "5.4M output tokens per hour", "req_per_day: 2,000,000" "2,000,000 requests per day", "output_tpm: 90000"
    "90000 output tokens per minute"; a bare "tpm" may count both sides and is left to the safety net), or None."""
    head, _, last = words.rpartition(" ")
    side, _, rest = words.partition(" ")
    for side_words, key in ((head, last), (rest, side)):  # "output_tpm", "tpm_salida": tokens a minute of one side
        if (per := lexicon.mapping("config_tokens_per_key").get(key)) and concept("config_output_side").fullmatch(side_words):
            return f"{value.rstrip('.,')} output tokens per {per}"
    period = lexicon.mapping("config_period_key").get(last)
    if head and not period and _work_unit().fullmatch(last) and concept("config_volume_output_key").fullmatch(head):
        return f"{value.rstrip('.,')} output tokens per {last}"  # "output_tokens_per_job: 40000" (net s11)
    if not (period and head):
        return None
    value = value.rstrip(".,")  # "= 5.4M." ends a sentence
    if concept("config_volume_output_key").fullmatch(head):
        return f"{value} output tokens per {period}"
    if concept("config_volume_request_key").fullmatch(head):
        return f"{value} requests per {period}"
    return None


@cache
def _work_unit() -> re.Pattern[str]:  # a unit of work a size is per: "job", "batch", "run", "request", "lote"
    return lazy(rf"(?:{lexicon.alternation('request_nouns')}|req|requests?|calls?|quer(?:y|ies))", re.I)


def _named(words: str, keys: tuple[tuple[str, str], ...]) -> str | None:
    return next((said for name, said in keys if concept(name).fullmatch(words)), None)


def said(match: re.Match[str], words: str) -> str | None:
    """What a mix or cache key (with its value after it) says in words, or None for any other key."""
    if found := _named(words, _MIX_KEYS + _CACHE_KEYS):
        return found
    if parent := _parent(match):  # Spanish says the parent last: "cache: tasa_aciertos" is "tasa aciertos cache"
        keys = _MIX_KEYS + _CACHE_KEYS
        return _named(f"{parent} {words}", keys) or _named(f"{words} {parent}", keys)
    return None


def _parent(match: re.Match[str]) -> str | None:
    """The words of the key a nested key sits under: a JSON object opened right before it on its line, or the
    nearest line above it that is a key with no value ("cache:"), over its siblings' "key: value" lines (the
    plain text has lost YAML's indentation)."""
    text, start = match.string, match.start("key")
    line_start = text.rfind("\n", 0, start) + 1
    if opened := _OPENS.search(text, line_start, start):
        return key_words(opened.group("key"))
    end = line_start - 1
    for _ in range(8):
        if end <= 0:
            return None
        begin = text.rfind("\n", 0, end) + 1
        line = text[begin:end]
        if above := _PARENT_LINE.match(line):
            return key_words(above.group("key"))
        if not _SIBLING.match(line):
            return None
        end = begin - 1
    return None


# Infrastructure code names a value apart from its key: a terraform variable's default (`variable "llm_tok_s" {
# default = 3200 }`), a Kubernetes env entry (`- name: TARGET_TPS` then `value: "950"`) and a helm_release's `set
# { name = "targetTokensPerSecond" value = "1400" }`. Said as "key = value",
# the config reader reads the key's words as for any other pair (a rate, a context, a setting such as a port).
_HCL_DEFAULT = lazy(
    r"\bvariable\s+\"(?P<name>[A-Za-z][\w.-]*)\"\s*\{[^{}]*?\bdefault\s*=\s*\"?(?P<value>\d[\d.,_]*)\"?[^{}]*\}"
)
_ENV_ENTRY = lazy(
    r"\bname\s*[:=]\s*[\"']?(?P<name>[A-Za-z][\w.-]*)[\"']?[ \t]*\n[ \t]*-?[ \t]*value\s*[:=]\s*[\"']?(?P<value>\d[\d.,_]*)[\"']?"
)


# A rate's label in words before its value (askS, session 9): "TPS pico: 1.100", "target tokens per second = 450",
# "TPS objetivo → 650". Said "pico 1.100 tok/s" (the words before the label stay), so the rates reader weighs it as
# any tok/s; a measured word before it leaves it to the safety net. Only a bare value that ends its clause:
# "Throughput: 2.4M output tokens/hour" or "throughput: 912 tok/s" carry their own unit. The scan starts at the
# unit (no leading optional words): it costs one pass only where a label's separator follows.
_VALUE = r"(?P<value>\d[\d.,]*(?<![.,])(?![.,]?\d)(?:[ \t]?[kK])?)"
_WORDS_BEFORE = lazy(r"(?:[A-Za-zñóé]+[ \t]+){1,2}$")


@cache
def _rate_label() -> re.Pattern[str]:
    unit = lexicon.alternation("config_label_rate")
    return lazy(
        rf"(?<![\w/])(?P<unit>{unit})(?P<after>[ \t]+[A-Za-zñóé]+)?(?:[ \t]*\([^()\n]{{1,24}}\))?"
        rf"[ \t]*(?:[:=≈]|\.{{2,}}|…+|→|->)[ \t]*(?:[~≈][ \t]*)?{_VALUE}"
        r"(?=[ \t]*(?:$|[,;)]|\.(?!\d)|[ \t]+(?:at|for|per|on|in|en|para|por|de)\b))",
        re.I | re.M,
    )


@cache
def _volume_label() -> re.Pattern[str]:  # "Output TPM: 90k", "TPM de salida: 90k": one side's tokens a minute
    side, per = lexicon.alternation("config_output_side"), "|".join(lexicon.mapping("config_tokens_per_key"))
    return lazy(
        rf"(?<![\w/])(?:(?:{side})[ \t]+(?P<per>{per})|(?P<per2>{per})[ \t]+(?:{side}))[ \t]*[:=≈][ \t]*{_VALUE}\b",
        re.I,
    )


_TP_X = lazy(r"\btp[mhd]\b", re.I)


def rate_labels(text: str) -> str:
    """`text` with each labelled rate said as a tok/s ("TPS pico: 1.100" is "pico 1.100 tok/s"), and each labelled
    TPM of the output side as a volume ("Output TPM: 90k" is "90k output tokens per minute"); a bare "TPM" may count
    both sides and is left to the safety net, which asks."""

    def one(m: re.Match[str]) -> str:
        before = _WORDS_BEFORE.search(text, max(0, m.start() - 40), m.start())
        if before and concept("rate_measured").search(before.group(0)):  # "Measured TPS: 300" is no target
            return m.group(0)
        noun = m["unit"] + " " if m["unit"].isalpha() else ""  # "Output token throughput" keeps its measured noun
        return f"{noun}{(m['after'] or '').strip()} {m['value']} tok/s".lstrip()

    def volume(m: re.Match[str]) -> str:
        per = lexicon.mapping("config_tokens_per_key")[(m["per"] or m["per2"]).lower()]
        return f"{m['value']} output tokens per {per}"

    text = _rate_label().sub(one, text)
    return _volume_label().sub(volume, text) if _TP_X.search(text) else text


def named_values(text: str) -> str:
    """`text` with each terraform variable's default and each env entry's value said as "key = value", and each
    labelled rate as a tok/s."""
    text = rate_labels(text)
    if "default" in text:
        text = _HCL_DEFAULT.sub(lambda m: f"{m['name']} = {m['value']}", text)
    if "value" in text:
        text = _ENV_ENTRY.sub(lambda m: f"{m['name']} = {m['value']}", text)
    return text


# A logfmt run, "avg_prompt_tokens=5200 avg_completion_tokens=650 p50_latency_ms=1900": pairs that only a space parts
_LOGFMT_GAP = lazy(r"(?<=[\w.%])[ \t]+(?=[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+=\d)")
_LOGFMT_KEY = lazy(r"(?<![\w.])([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)=\d")
_LOGFMT_PAIR = lazy(r"(?<![\w.])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+=\d[\d.]*%?(?=[ \t]+[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+=\d)")


def logfmt(text: str) -> str:
    """`text` with the pairs of a logfmt run parted by commas, as a config's are, so each pair is read by its key
    (grow17b s17): "avg_prompt_tokens=5200, avg_completion_tokens=650" is a mix of 8."""
    if not _LOGFMT_PAIR.search(text):
        return text
    keys = [m.group(1).lower() for m in _LOGFMT_KEY.finditer(text)]
    if len(keys) != len(set(keys)):  # a pasted log, one request a line ("tokens_in=2001 tokens_out=301" × 24): no summary
        return text
    return _LOGFMT_GAP.sub(",  ", text)  # two characters for one: nothing reads offsets of this text back


def metrics(text: str) -> str:
    """`text` with each dashboard line of a cache rate said in words ("cache hit rate 0.42")."""

    def one(match: re.Match[str]) -> str:
        found = _named(key_words(match.group("key")), _CACHE_KEYS)
        return f"{found} {match.group('value')}" if found else match.group(0)

    return _METRIC.sub(one, text)
