"""Words that set a field without a figure: residency, gateway pain, calendar, time zone, currency, VAT,
the warning signals and the node the asker insists on. English and Spanish side by side."""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo

from bot.parse.draft import Draft
from costcore.catalog import Catalogs, normalise

_NEGATED = re.compile(
    r"\b(?:no|not|non|nothing|without|sin|ning[uú]n[oa]?|ni|zero|isn't|aren't|n't)\b[\w\s'-]{0,14}$", re.I
)

_STAYS = re.compile(
    r"\b(?:can\s?not|can't|cannot|may\s+not|must\s+not|mustn't|should\s+not|shouldn't|won't|will\s+not|is\s+not\s+allowed\s+to|"
    r"isn't\s+allowed\s+to|are\s+not\s+allowed\s+to|aren't\s+allowed\s+to|never)\s+(?:ever\s+)?(?:leave|exit|go\s+(?:out|outside|to)|"
    r"be\s+(?:sent|shared|uploaded|processed\s+outside))"
    r"|\b(?:must|has\s+to|have\s+to|needs?\s+to|should)\s+(?:stay|remain|be\s+kept|be\s+processed)\b"
    r"|\bno\s+(?:pueden?|deben?|podemos|debemos)\s+(?:salir|enviarse|mandarse|compartirse|sacarse)"
    r"|\b(?:deben|debe|tienen\s+que|tiene\s+que)\s+(?:quedarse|permanecer|quedar)\b"
    r"|\bair[\s-]?gapped\b|\bin\s+our\s+(?:own\s+)?(?:vpc|account|aws\s+account|cloud\s+account|data\s?cent(?:er|re)|network|infra(?:structure)?)\b"
    r"|\binside\s+our\s+(?:vpc|network|perimeter|account)\b|\ben\s+nuestr[oa]s?\s+(?:vpc|cuenta|instalaciones|centro\s+de\s+datos|red)\b",
    re.I,
)
_SENSITIVE = re.compile(
    r"\bon[\s-]?prem(?:ise|ises)?\b|\bgdpr\b|\brgpd\b|\bhipaa\b|\bconfidential\b|\bconfidenciales?\b|\bclassified\b|\bpii\b|"
    r"\bpatient\s+data\b|\bdatos\s+(?:de\s+pacientes|sensibles|personales)\b|\bdata\s+residency\s+(?:rules|law|requirements?)\b",
    re.I,
)
_LEAVES = re.compile(
    r"\b(?:can|may|is\s+allowed\s+to|are\s+allowed\s+to|is\s+fine\s+to|it's\s+fine\s+to|ok\s+to|okay\s+to)\s+(?:leave|go\s+to\s+(?:an?\s+|the\s+)?(?:api|vendor|cloud|provider))\b"
    r"|\bno\s+(?:residency|data|privacy|compliance)\s+(?:constraints?|requirements?|concerns?|issues?|restrictions?)\b"
    r"|\b(?:nothing|not)\s+(?:is\s+)?confidential\b|(?<!no\s)\b(?:pueden|puede)\s+salir\b",
    re.I,
)
_EU = re.compile(
    r"\beu\s+(?:data\s+)?(?:residency|endpoints?|region|zone)\b|\beuropean\s+endpoints?\b|\beu[\s-]only\s+endpoints?\b|"
    r"\bresidencia\s+(?:de\s+(?:los\s+)?datos\s+)?en\s+(?:la\s+)?(?:ue|uni[oó]n\s+europea)\b|\bendpoints?\s+europeos?\b|\bendpoints?\s+(?:de\s+la\s+|en\s+la\s+)?ue\b",
    re.I,
)


def read_residency(text: str, draft: Draft) -> None:
    stays = bool(_STAYS.search(text)) or any(
        not _NEGATED.search(text[max(0, m.start() - 24) : m.start()]) for m in _SENSITIVE.finditer(text)
    )
    leaves = bool(_LEAVES.search(text))
    if stays and leaves:
        draft.conflict("data_may_leave", [False, True])
    elif stays or leaves:
        draft.set("data_may_leave", leaves)
    if _EU.search(text):
        draft.set("eu_residency", True)


_GATEWAY = re.compile(
    r"\bkeys?\s+(?:per|for\s+each|by)\s+team|\bper[\s-]team\s+(?:api\s+)?(?:keys?|budgets?|caps?|quotas?|limits?|spend)|\bteam\s+(?:api\s+)?keys\b"
    r"|\battribut(?:e|ion|ing)\b|\bcharge[\s-]?backs?\b|\bshowbacks?\b|\bquotas?\b|\bbudgets\b|\b(?:spend(?:ing)?\s+)?caps\b|\bspend(?:ing)?\s+limits?\b"
    r"|\bbill\s+(?:is\s+)?(?:out\s+of\s+control|exploding|through\s+the\s+roof)|\bout[\s-]of[\s-]control\s+bill"
    r"|\b(?:can'?t|cannot|can\s+not|no\s+way\s+to|no\s+idea)\s+(?:to\s+)?(?:tell|know|see|say)\s+which\s+team|\bwho\s+spends\s+what\b|\bwhich\s+team\s+spends\b"
    r"|\bclaves?\s+por\s+equipo\b|\bcuotas?\b|\bpresupuestos\b|\bl[ií]mites?\s+de\s+gasto\b|\bqu[eé]\s+equipo\s+gasta\b"
    r"|\bfactura\s+(?:descontrolada|fuera\s+de\s+control)\b|\b(?:imputar|repartir|atribuir)\s+(?:el\s+|los\s+)?gastos?\b",
    re.I,
)


def read_gateway(text: str, draft: Draft) -> None:
    if _GATEWAY.search(text):
        draft.set("gateway_pain", True)


_BUSINESS = re.compile(
    r"\bbusiness\s+hours\b|\boffice\s+hours\b|\bworking\s+hours\b|\bwork\s+hours\b|\b9[\s-]?(?:to|till|until|-|–)[\s-]?5\b"
    r"|\b9\s?(?::00|h|am)?\s?(?:-|–|to|a)\s?(?:5\s?pm|17(?::00|h)?)(?!\d)|\b(?:between|from|entre|de)\s+9\s?(?::00|h|am)?\s+(?:and|to|y|a)\s+(?:5\s?pm|17(?::00|h)?)(?!\d)|\bweekdays?\s+only\b|\bonly\s+(?:on\s+)?weekdays\b|\bmon(?:day)?[\s-]?(?:to|-|–)[\s-]?fri(?:day)?\b"
    r"|\bhorario\s+(?:laboral|de\s+oficina|comercial)\b|\bhoras\s+de\s+oficina\b|\bde\s+9\s+a\s+(?:5|17|18)\b|\bentre\s+semana\b|\bd[ií]as\s+laborables\b|\bjornada\s+laboral\b",
    re.I,
)
_ALWAYS = re.compile(
    r"\b24\s?[x×/]\s?7\b|\b(?:a)?round[\s-]the[\s-]clock\b|\ball\s+day,?\s+every\s+day\b|\bday\s+and\s+night\b|\bnon[\s-]?stop\b"
    r"|\b24\s+horas\b|\bd[ií]a\s+y\s+noche\b|\btodo\s+el\s+d[ií]a\b",
    re.I,
)


def read_calendar(text: str, draft: Draft) -> None:
    business, always = bool(_BUSINESS.search(text)), bool(_ALWAYS.search(text))
    if business and always:
        draft.conflict("calendar", ["business_hours", "24x7"])
    elif business:
        draft.set("calendar", "business_hours")
    elif always:
        draft.set("calendar", "24x7")


CITIES = {
    "madrid": "Europe/Madrid", "barcelona": "Europe/Madrid", "valencia": "Europe/Madrid", "sevilla": "Europe/Madrid",
    "seville": "Europe/Madrid", "bilbao": "Europe/Madrid", "lisbon": "Europe/Lisbon", "lisboa": "Europe/Lisbon",
    "london": "Europe/London", "londres": "Europe/London", "dublin": "Europe/Dublin", "paris": "Europe/Paris",
    "parís": "Europe/Paris", "berlin": "Europe/Berlin", "berlín": "Europe/Berlin", "amsterdam": "Europe/Amsterdam",
    "new york": "America/New_York", "nueva york": "America/New_York", "san francisco": "America/Los_Angeles",
    "mexico city": "America/Mexico_City", "ciudad de méxico": "America/Mexico_City", "cdmx": "America/Mexico_City",
    "buenos aires": "America/Argentina/Buenos_Aires", "bogotá": "America/Bogota", "bogota": "America/Bogota",
    "tokyo": "Asia/Tokyo", "singapore": "Asia/Singapore",
}  # fmt: skip
ZONE_ABBREVIATIONS = {
    "cet": "CET", "cest": "CET", "utc": "UTC", "gmt": "Europe/London", "bst": "Europe/London",
    "et": "America/New_York", "est": "America/New_York", "edt": "America/New_York", "pt": "America/Los_Angeles",
    "pst": "America/Los_Angeles", "pdt": "America/Los_Angeles", "jst": "Asia/Tokyo",
}  # fmt: skip
_CITY = re.compile(
    r"\b(?:in|en|from|desde|at|our|nuestra|nuestro|hora\s+de|horario\s+de)\s+(?:the\s+|el\s+|la\s+)?(?P<city>"
    + "|".join(sorted(map(re.escape, CITIES), key=len, reverse=True))
    + r")\b|\b(?P<city2>"
    + "|".join(sorted(map(re.escape, CITIES), key=len, reverse=True))
    + r")\s+(?:time|hours|office|timezone|hora)\b",
    re.I,
)
_ABBREVIATION = re.compile(r"\b(CET|CEST|UTC|GMT|BST|ET|EST|EDT|PT|PST|PDT|JST)\b")
_IANA = re.compile(
    r"\b(?:Africa|America|Asia|Atlantic|Australia|Europe|Pacific|Indian)/[A-Za-z_]{2,30}(?:/[A-Za-z_]{2,30})?\b"
)


def _valid_zone(key: str) -> bool:
    try:
        ZoneInfo(key)
    except (ValueError, KeyError, OSError):
        return False
    return True


def read_timezone(text: str, draft: Draft) -> None:
    zones = [m.group(0) for m in _IANA.finditer(text) if _valid_zone(m.group(0))]
    zones += [CITIES[(m.group("city") or m.group("city2")).lower()] for m in _CITY.finditer(text)]
    zones += [ZONE_ABBREVIATIONS[m.group(1).lower()] for m in _ABBREVIATION.finditer(text)]
    distinct = list(dict.fromkeys(zones))
    if len(distinct) > 1 and set(distinct) != {"UTC"}:
        distinct = [z for z in distinct if z != "UTC"] or distinct  # "9-5 CET (UTC+1)": the city zone wins
    if len(distinct) == 1:
        draft.set("tz", distinct[0])
    elif len(distinct) > 1:
        draft.conflict("tz", distinct[:3])


_EUR = re.compile(r"€|\beur\b|\beuros?\b", re.I)
_USD_ASKED = re.compile(r"\b(?:in|en)\s+(?:usd|us\s+dollars|dollars|d[oó]lares)\b|\busd\s+please\b", re.I)


def read_currency(text: str, draft: Draft) -> None:
    eur, usd = bool(_EUR.search(text)), bool(_USD_ASKED.search(text))
    if eur and usd:
        draft.conflict("currency", ["EUR", "USD"])
    elif eur or usd:
        draft.set("currency", "EUR" if eur else "USD")


_VAT_WORD = re.compile(r"\b(?:vat|iva)\b", re.I)
_VAT_WITHOUT = re.compile(
    r"\b(?:without|excl(?:uding|\.)?|ex|before|pre|net\s+of|no)\s+(?:the\s+)?(?:vat|iva)\b|\bsin\s+iva\b|\biva\s+no\s+incluido\b|\bpre-vat\b",
    re.I,
)


def read_vat(text: str, draft: Draft, catalogs: Catalogs) -> None:
    """VAT asked without a rate: Spain's (the catalog's ES row), said in a note."""
    if (
        "vat_rate" in draft.fields
        or draft.asked_about("vat_rate")
        or not _VAT_WORD.search(text)
        or _VAT_WITHOUT.search(text)
    ):
        return
    spain = next((row for row in catalogs.apis.vat if row.country == "ES"), None)
    if spain is None:
        return
    rate = float(spain.rate)
    draft.set("vat_rate", rate)
    draft.note("vat_assumed", rate=rate, country=spain.country)


SIGNALS = {
    "two_h100": re.compile(r"\b(?:two|2|dos)\s?(?:x|×|\*)?\s?h100s?\b", re.I),
    "cut_gpus": re.compile(
        r"\bspare\s+(?:silicon|gpus?)\b|\bcut\s+(?:it\s+|that\s+|this\s+)?(?:down\s+)?to\s+(?:two|2|one|1|fewer|four|4)\s+gpus?\b"
        r"|\b(?:reduce|shrink)\s+(?:it\s+)?to\s+(?:two|2|one|1)\s+gpus?\b|\brecortar\s+a\s+(?:dos|2|una|1)\s+gpus?\b|\bgpus?\s+(?:libres|de\s+sobra|sobrantes)\b",
        re.I,
    ),
    "buy_in_case": re.compile(
        r"\bin\s+case\s+(?:the\s+)?(?:traffic|usage|load|demand|volume)\s+(?:rises|grows|goes\s+up|spikes|increases|picks\s+up)\b"
        r"|\bjust\s+in\s+case\b|\bpor\s+si\s+(?:acaso|sube|crece|aumenta)\b",
        re.I,
    ),
    "ollama": re.compile(r"\bollama\b", re.I),
    "spot": re.compile(r"(?<!on\sthe\s)\bspot\b(?!\s+(?:on|check))", re.I),
}
_COMMITMENT = re.compile(
    r"\b(?:one|1|a|two|2|three|3|un|uno|dos|tres)[\s-]?(?:year|yr|año)s?\s+(?:commit(?:ment)?|reserv(?:ation|ed)|contract|term|compromiso|contrato|reserva)\b"
    r"|\b(?:reserved\s+instances?|committed\s+use|compromiso\s+(?:anual|de\s+un\s+año))\b",
    re.I,
)
_LEGAL = re.compile(
    r"\blegal\b|\blawyers?\b|\babogados?\b|\bjur[ií]dico\b|\bcompliance\s+(?:review|sign[\s-]?off)\b", re.I
)
_MAX_TOKENS = re.compile(r"\bmax[_\s-]?tokens\s?(?:=|:|of|de|at)?\s?(\d{1,5})\b", re.I)


def read_signals(text: str, draft: Draft) -> None:
    found = [name for name, pattern in SIGNALS.items() if pattern.search(text)]
    if _COMMITMENT.search(text) and _LEGAL.search(text):
        found.append("commitment_before_legal")
    if any(int(m.group(1)) <= 512 for m in _MAX_TOKENS.finditer(text)):
        found.append("max_tokens_small")
    if found:
        order = [
            "two_h100",
            "cut_gpus",
            "commitment_before_legal",
            "buy_in_case",
            "ollama",
            "max_tokens_small",
            "spot",
        ]
        draft.set("signals", sorted(found, key=order.index))


def read_node(text: str, draft: Draft, catalogs: Catalogs) -> None:
    """A node the asker insists on, by id or instance name ("coreweave-8xh200", "p5en.48xlarge")."""
    key = normalise(text.replace("×", "x"))
    named = set()
    for node in catalogs.nodes.values():
        short = normalise(node.id.split("-", 1)[1]) if "-" in node.id else ""
        if normalise(node.id) in key or (len(short) >= 8 and short in key and not short.startswith("8x")):
            named.add(node.id)
    if {"aws-p5en-48xlarge", "aws-p5en-48xlarge-cb"} & named or "p5en" in key:
        named -= {"aws-p5en-48xlarge", "aws-p5en-48xlarge-cb"}
        cb = "aws-p5en-48xlarge-cb" if re.search(r"capacity\s+block", text, re.I) else "aws-p5en-48xlarge"
        if cb in catalogs.nodes:
            named.add(cb)
    if len(named) == 1:
        draft.set("node", named.pop())
