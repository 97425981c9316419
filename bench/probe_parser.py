"""Probe the parser with paraphrases generated systematically, and report what it gets wrong.

Templates × synonyms × word orders × languages × number forms, each with the reading it must give
(bench/probe_parser_cases.py). A *silent error* is an answer without a question whose fields differ from
the expected reading (and no "I did not use" warning); a *needless question* is a question where the
expected reading is complete.

    python bench/probe_parser.py            # the full generated run
    python bench/probe_parser.py --fresh    # the hand-written self-check set, bench/fresh_parser_set.yaml
    python bench/probe_parser.py --fresh all   # every hand-written set, bench/fresh_parser_set*.yaml
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from probe_parser_cases import Case, generate  # noqa: E402

from bot import context  # noqa: E402
from bot.parser import parse  # noqa: E402


def judge(case: Case, catalogs) -> str:
    """ok, silent (status ok, a field wrong), flagged (wrong, but a visible warning says so), needless
    (asked though complete), asked (asked, as it should). `null` expects a field unset; any other value
    is compared with what the answer uses, the default included ("gateway_pain: false" holds unset).
    Status `unknown`: the name is no catalog row (a version, size or build the catalog lacks, or a closed
    model), so reading any catalog id is a silent wrong model; a question back is accepted."""
    result = parse(case.q, catalogs)
    said = result.scenario.model_dump(exclude_unset=True)
    full = result.scenario.model_dump()  # a value the question left at its default is that default
    wrong = [k for k, v in case.expect.items() if not _same((said if v is None else full).get(k), v)]
    if case.status == "unknown":
        if catalogs.find_model(result.scenario.model or "") is not None:
            wrong.append("model")
        if result.clarification is not None:
            return "asked"
    if result.clarification is not None:
        return "asked" if case.status == "clarify" else "needless"
    if case.status == "clarify" or wrong:
        return "flagged" if any(n.code == "words_not_used" for n in result.notes) else "silent"
    return "ok"


def _same(got, want) -> bool:
    if isinstance(want, float | int) and not isinstance(want, bool) and isinstance(got, float | int):
        return abs(got - want) <= 1e-3 * max(1, abs(want))
    return got == want


def run(cases: list[Case], verbose: bool) -> dict[str, int]:
    catalogs = context.current().catalogs  # as the service reads them: genai-prices attached (closed models)
    tally: dict[str, int] = {}
    for case in cases:
        verdict = judge(case, catalogs)
        tally[verdict] = tally.get(verdict, 0) + 1
        if verbose and verdict in ("silent", "needless", "flagged"):
            print(f"{verdict:9} {case.q}")
    return tally


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fresh", nargs="?", const="fresh_parser_set.yaml", help="run a hand-written set instead ('all': every one)")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    if args.fresh:
        here = Path(__file__).parent
        paths = sorted(here.glob("fresh_parser_set*.yaml")) if args.fresh == "all" else [here / Path(args.fresh).name]
        rows = [r for path in paths for r in yaml.safe_load(path.read_text(encoding="utf-8"))]
        cases = [Case(r["q"], r["status"], r["expect"]) for r in rows]
    else:
        cases = list(generate())
    tally = run(cases, not args.quiet)
    total = len(cases)
    print(f"{total} questions: " + ", ".join(f"{k} {v} ({100 * v / total:.1f} %)" for k, v in sorted(tally.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
