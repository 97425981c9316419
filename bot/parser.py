"""Free text -> costcore Scenario. (A first, simple parser; the full one is issue 3.)"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field

from costcore.catalog import Catalogs, normalise
from costcore.scenario import Finding, Scenario


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


_TOK_S = re.compile(r"(\d+(?:[.,]\d+)?)\s*(k)?\s*(?:tok(?:ens)?\s*/\s*s|tok/s|tps|t/s)", re.I)


def parse(text: str, catalogs: Catalogs) -> ParseResult:
    fields: dict = {}
    key = normalise(text)
    best = None
    for alias, model_id in catalogs.alias_index.items():
        if alias and alias in key and (best is None or len(alias) > len(best[0])):
            best = (alias, model_id)
    if best:
        fields["model"] = best[1]
    if m := _TOK_S.search(text):
        fields["slo_tok_s"] = float(m.group(1).replace(",", "")) * (1000 if m.group(2) else 1)
    if re.search(r"per (user|stream)", text, re.I):
        fields["slo_kind"] = "per_stream"
    if re.search(r"can(not|'t) leave|may not leave|must stay|on-prem", text, re.I):
        fields["data_may_leave"] = False
    if re.search(r"business hours", text, re.I):
        fields["calendar"] = "business_hours"
    if re.search(r"€|\beur(os?)?\b", text, re.I):
        fields["currency"] = "EUR"
    return ParseResult(text=text, scenario=Scenario(**fields))
