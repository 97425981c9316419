"""How many corpus rows each class of issue 14 has, in English and in Spanish (issue 14's "every class above has
corpus rows, in English and Spanish"), with a file:line example of each.

A row's class comes from what it expects (its fields, notes and question), its language from its words: both
are rules of thumb, good for finding a thin class, not for a census. Rows marked `xfail` count too (they are
the class's rows; the parser still gets them wrong).

    python bench/corpus_classes.py                      # the table
    python bench/corpus_classes.py "cache: misses" es   # the rows of one class and language
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.parse import lexicon  # noqa: E402
from costcore.catalog import normalise  # noqa: E402

_ES = frozenset(
    re.findall(
        r"\w+",
        "de los las el la que para por cada nuestro nuestra nuestros tenemos necesitamos necesita podemos con una unos "
        "unas es son del al sin pero aunque datos ya hay se nos nadie",
    )
)
_EN = frozenset(
    re.findall(r"\w+", "the of and we our to for each every with is are can need needs at in it but they their nobody per")
)


def language(q: str) -> str:
    words = re.findall(r"[a-záéíóúñü]+", q.lower())
    es = sum(w in _ES for w in words) + 3 * bool(re.search("[¿¡ñáéíóú]", q)) + bool(re.search(r"\sa\s+\d", q))
    return "es" if es > sum(w in _EN for w in words) else "en"


def _has(concept: str, q: str) -> bool:
    return bool(re.search(lexicon.alternation(concept), q, re.I))


def classes(e: dict) -> list[str]:
    q, x, notes, ask = e["q"], e["expect"], set(e.get("notes", [])), e.get("ask")
    out = []
    if (
        notes & {"rate_multiplied", "volume_times_users", "rate_summed"}
        or ask in {"users_at_once", "slo_kind_unclear", "users_for_volume", "rate_per_group"}
        or "concurrency" in x
    ):
        out.append("counts x rates")
        out += ["  counts: a group's rate adds up"] if "rate_multiplied" in notes else []
        out += ["  counts: a volume x people"] if "volume_times_users" in notes else []
        out += ["  counts: per stream, at once"] if "concurrency" in x or ask == "users_at_once" else []
    if "data_may_leave" in x or "eu_residency" in x or ask == "residency_unclear":
        out.append("residency")
        stays = x.get("data_may_leave") is False
        out += ["  residency: sensitive data"] if stays and lexicon.pattern("sensitive").search(q) else []
        out += ["  residency: forbid + egress"] if stays and _has("forbid", q) and _has("egress", q) else []
        out += ["  residency: doubt asks"] if ask == "residency_unclear" else []
        out += ["  residency: withdrawn"] if lexicon.pattern("withdrawn").search(q) else []
        out += ["  residency: contrast ('yes, but no')"] if lexicon.pattern("contrast").search(q) else []
    if x.get("gateway_pain"):
        out.append("gateway pain")
        out += ["  gateway: a shared credential"] if _has("credential", q) else []
        out += ["  gateway: a bill nobody splits"] if _has("bill", q) or _has("blind", q) else []
        out += ["  gateway: a quota someone eats"] if _has("quota", q) else []
    if "cache_hit_rate" in x:
        out.append("cache")
        out += ["  cache: misses said"] if "cache_from_misses" in notes else []
    out += ["mix"] if "input_per_output" in x or ask == "total_volume_mix" else []
    out += ["places (zones)"] if "tz" in x or (ask or "").startswith("tz_") else []
    out += ["contexts"] if "context_tokens" in x else []
    model = x.get("model")
    if e["status"] in ("ok", "unknown") and model and normalise(model) not in normalise(q):
        out.append("needless questions: a short, typed or sized name answered")
        out += ["  needless: a typo corrected"] if "model_corrected" in notes else []
        out += ["  needless: an e-notation figure"] if re.search(r"\de\d", q) else []
    return out


def table() -> dict[str, dict[str, list[tuple[str, str]]]]:
    found: dict[str, dict[str, list[tuple[str, str]]]] = defaultdict(lambda: {"en": [], "es": []})
    for path in sorted((ROOT / "tests" / "bot" / "parse" / "corpus").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        for node, entry in zip(yaml.compose(text).value, yaml.safe_load(text), strict=True):
            for name in classes(entry):
                found[name][language(entry["q"])].append((f"{path.name}:{node.start_mark.line + 1}", entry["q"]))
    return found


def main() -> None:
    found = table()
    if len(sys.argv) > 2:
        for where, q in next(v for k, v in found.items() if k.strip().startswith(sys.argv[1]))[sys.argv[2]]:
            print(where, q)
        return
    order = ("counts", "residency", "gateway", "cache", "mix", "places", "contexts", "needless")
    heads = sorted((n for n in found if not n.startswith(" ")), key=lambda n: [n.startswith(o) for o in order].index(True))
    for head in heads:  # each class, then its kinds
        for name in [head, *sorted(n for n in found if n.startswith(" ") and n.split(":")[0].strip() in head)]:
            rows = found[name]
            first = " / ".join(rows[lang][0][0] if rows[lang] else "-" for lang in ("en", "es"))
            print(f"{name:58s} EN {len(rows['en']):4d}  ES {len(rows['es']):4d}   e.g. {first}")


if __name__ == "__main__":
    main()
