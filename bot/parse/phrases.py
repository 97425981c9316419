"""Words that set a field without a figure: residency, gateway pain, calendar, time zone, currency, VAT,
the warning signals and the node the asker insists on. English and Spanish side by side."""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo

from bot.parse.draft import ASK_CONFLICT, Draft, sentence
from bot.parse.lazyre import lazy
from costcore.catalog import Catalogs, normalise
from costcore.scenario import Settings

_NEGATED = lazy(
    r"(?:\b(?:no|not|non|nothing|none|never|without|sin|ning[uú]n[oa]?|nada|nunca|jam[aá]s|ni|zero)|\w+n't|\bcannot)\b"
    r"[\w\s'-]{0,20}$",
    re.I,
)
# "no data can leave", "nothing can leave", "ningún dato puede salir": the negation governs the subject.
_NO_SUBJECT = lazy(
    r"(?:\b(?:no|ning[uú]n[oa]?|ningunos?|ningunas?)\s+(?:\w+\s+){1,2}|\b(?:nothing|none(?:\s+of\s+(?:it|the\s+\w+|our\s+\w+))?|never|nada"
    r"|nunca|jam[aá]s)\s+(?:\w+\s+){0,2})$",
    re.I,
)
# A rule waived by the words right before it: "we don't care about GDPR", "no PII", "not subject to HIPAA".
# A negative verb further off ("we can't ignore GDPR", "not only GDPR") does not waive it.
_WAIVED_BEFORE = lazy(
    r"(?:\b(?:no|sin|without|zero|ning[uú]n[oa]?|not)|\b(?:don'?t|do\s+not|doesn'?t|does\s+not|won'?t)\s+(?:really\s+)?(?:care|worry)\s+"
    r"(?:about|for)|\bnot\s+(?:subject\s+to|under|covered\s+by|bound\s+by|an?\s+issue\s+for)|\bexempt\s+from"
    r"|\b(?:is|are|was|were)\s*n[o']t|\b(?:isn|aren|wasn|weren)'t|\bno\s+(?:nos\s+)?(?:importa|aplica)n?|\bno\s+(?:son|es|hay)(?:\s+(?:datos|informaci[oó]n|nada))?"
    r"|\b(?:don'?t|do\s+not|doesn'?t|does\s+not)\s+(?:need|require|want)(?:\s+an?)?|\b(?:moved|moving|migrated|migrating)\s+(?:off|away\s+from|out\s+of)"
    r"|\bnothing(?:\s+(?:here|in\s+(?:there|it|here)|of\s+(?:it|this)))?(?:\s+(?:is|was))?)"
    r"\s+(?:the\s+|any\s+|el\s+|la\s+)?$",
    re.I,
)
# "GDPR doesn't apply", "HIPAA-compliant API is fine": the word names a rule that does not bind here.
_NOT_BINDING = lazy(
    r"[\s-]*(?:(?:compliant|certified)\s+(?:\w+\s+)?(?:apis?|providers?|endpoints?|vendors?|services?|hosting|clouds?)\b|free\b"
    r"|(?:does\s*n[o']t|doesn't|is\s*n[o']t|isn't)\s+(?:apply|matter|relevant|needed|required|necessary|our\s+problem|an?\s+(?:issue|concern|problem|factor))"
    r"|no\s+longer\s+(?:applies|apply|matters|relevant)|\?\s*not\s+(?:our\s+|a\s+|an\s+)?(?:problem|concern|issue)|(?:is\s+|are\s+)?not\s+(?:needed|required|necessary|relevant)"
    r"|(?:is\s+)?(?:not\s+an?\s+(?:issue|concern|problem)|no\s+aplica|no\s+es\s+(?:un\s+)?problema))",
    re.I,
)
# "we need to be GDPR compliant": a rule many hosted APIs meet under contract, so it does not decide alone.
_COMPLIANT = lazy(r"[\s-]*(?:compliant|compliance|conforme|cumplir)\b", re.I)
# Not sure whether the text may leave: "I don't think the data can leave", "legal hasn't decided".
_DOUBT_BEFORE = lazy(
    r"\b(?:doubt|not\s+sure|unsure|unclear|decided|deciding|know|think|whether|if|maybe|perhaps|no\s+s[eé]|no\s+est[aá]\s+claro|quiz[aá]s?"
    r"|decidido|decidir|si|dudo|creo)\b[^.;!?\n]{0,40}$",
    re.I,
)

_STAYS = lazy(
    r"\b(?:can\s?not|can't|cannot|may\s+not|must\s+not|mustn't|should\s+not|shouldn't|won't|will\s+not|is\s+not\s+allowed\s+to|"
    r"isn't\s+allowed\s+to|are\s+not\s+allowed\s+to|aren't\s+allowed\s+to|never)\s+(?:ever\s+)?(?:leave|exit|go\s+(?:out|outside|to)|"
    r"be\s+(?:sent|shared|uploaded|processed\s+outside))"
    r"|\b(?:must|has\s+to|have\s+to|needs?\s+to|should)\s+(?:stay|remain|be\s+kept|be\s+processed)\b"
    r"|\bno\s+(?:pueden?|deben?|podemos|debemos)\s+(?:salir|enviarse|mandarse|compartirse|sacarse)"
    r"|\b(?:deben|debe|tienen\s+que|tiene\s+que)\s+(?:quedarse|permanecer|quedar)\b"
    r"|\bair[\s-]?gapped\b|\bin\s+our\s+(?:own\s+)?(?:vpc|account|aws\s+account|cloud\s+account|data\s?cent(?:er|re)|network|infra(?:structure)?)\b"
    r"|\binside\s+our\s+(?:vpc|network|perimeter|account)\b|\ben\s+nuestr[oa]s?\s+(?:vpc|cuenta|instalaciones|centro\s+de\s+datos|red)\b"
    # hosted APIs ruled out: "we're not allowed to use external APIs", "no third-party APIs"
    r"|\b(?:not\s+allowed\s+to|can'?t|cannot|may\s+not|must\s+not|mustn't|are\s+not\s+allowed\s+to)\s+(?:use|call|send\s+(?:\w+\s+){0,3}to)\s+(?:any\s+|an?\s+)?"
    r"(?:external|third[\s-]party|outside|public|hosted|cloud|us|american|chinese)\s+(?:llm\s+)?(?:apis?|llms?|providers?|services?|vendors?)\b"
    r"|\bno\s+(?:external|third[\s-]party|public|hosted|cloud)\s+(?:llm\s+)?(?:apis?|llms?|providers?)\b"
    r"|\b(?:external|third[\s-]party|public|hosted)\s+(?:llm\s+)?(?:apis?|llms?|providers?)\s+(?:are|is)\s+(?:not\s+allowed|forbidden|banned|prohibited|off[\s-]limits|a\s+no[\s-]go)"
    r"|\bto\s+an?\s+(?:\w+\s+){0,2}(?:api|provider|vendor)\s+is\s+(?:not\s+allowed|forbidden|prohibited)"
    r"|\bnada\s+de\s+apis?\s+(?:externas|de\s+terceros)|\bno\s+(?:podemos|se\s+pueden?)\s+usar\s+apis?\s+(?:externas|de\s+terceros)"
    r"|\bcant\s+(?:ever\s+)?leave\b|\b(?:can'?t|cannot|won'?t|will\s+not|must\s+not|mustn't)\s+let\s+(?:the\s+|our\s+|any\s+)?(?:data|text|prompts?|it)\s+(?:leave|out|go)\b"
    r"|\bunder\s+no\s+circumstances\b[^.;!?\n]{0,60}\bleave\b|\bnothing\s+(?:can\s+|may\s+|will\s+|should\s+)?leaves?\b|\bno\s+(?:data\s+)?egress\b"
    r"|\bself[\s-]hosted\s+only\b|\bonly\s+self[\s-]hosted\b|\bon[\s-]?prem(?:ise|ises)?\s+only\b"
    r"|\bno\s+(?:queremos|quiero)\s+que\s+(?:los\s+)?datos\s+salgan\b|\bdatos\s+no\s+salen\b"
    r"|\bque\s+no\s+salgan?\s+(?:los\s+datos|nada|datos)\b|\bno\s+(?:queremos|quiero)\s+que\s+salga\s+nada\b"
    r"|\b(?:stop|keep|prevent)\s+(?:the\s+|our\s+|any\s+)?(?:data|text|prompts?)\s+(?:from\s+)?leaving\b"
    r"|\b(?:data|text|prompts?)\s+leaving\s+(?:the\s+|our\s+)?\w+\s+is\s+(?:forbidden|not\s+allowed|prohibited|banned)\b"
    r"|\b(?:can'?t|cannot|may\s+not|must\s+not|not\s+allowed\s+to)\s+send\s+(?:anything|any\s+data|data|it|prompts?|the\s+\w+)\s+to\s+(?:openai|anthropic|google|any|an?\s+(?:external|third|outside|hosted))"
    r"|\bnada\s+puede\s+ir\s+a\s+(?:apis?|proveedores)\s+(?:externas?|externos|de\s+terceros)\b",
    re.I,
)
_SENSITIVE = lazy(
    r"\bon[\s-]?prem(?:ise|ises)?\b|\bgdpr\b|\brgpd\b|\bhipaa\b|\bconfidential\b|\bconfidencial(?:es)?\b|\bclassified\b|\bpii\b|"
    r"\bpatient\s+data\b|\bdatos\s+(?:de\s+pacientes|sensibles|personales)\b|\bdata\s+residency\s+(?:rules|law|requirements?)\b",
    re.I,
)
_LEAVES = lazy(
    r"\b(?:can|may|is\s+allowed\s+to|are\s+allowed\s+to|is\s+fine\s+to|it's\s+fine\s+to|ok\s+to|okay\s+to)\s+(?:leave|go\s+to\s+(?:an?\s+|the\s+)?(?:api|vendor|cloud|provider))\b"
    r"|\bno\s+(?:residency|data|privacy|compliance)\s+(?:constraints?|requirements?|concerns?|issues?|restrictions?)\b"
    r"|\b(?:nothing|not)\s+(?:is\s+)?confidential\b|(?<!no\s)\b(?:pueden|puede)\s+salir\b",
    re.I,
)
# "must stay in the EU" is EU residency, not "may not leave": an EU endpoint keeps it there.
_IN_EU = lazy(
    r"\s*(?:(?:in|within|inside|en|dentro\s+de|de|from|of)\s+)?(?:the\s+|la\s+)?(?:eu|europe|ue|europa|uni[oó]n\s+europea)\b", re.I
)
_EU = lazy(
    r"\bleave\b[^.;!?\n]{0,40}\bbut\s+not\s+(?:outside\s+)?(?:the\s+)?(?:eu|europe)\b|\b(?:stay|remain|be\s+kept)\s+(?:in|within|inside)\s+(?:the\s+)?(?:eu|europe)\b"
    r"|\b(?:can'?t|cannot|may\s+not|must\s+not)\s+leave\s+(?:the\s+)?(?:eu|eea|europe)\b|\bstays?\s+in\s+(?:the\s+)?(?:eu|eea|europe)\b"
    r"|\b(?:data\s+)?residency\s*[:=]\s*(?:eu|eea|europe|ue)\b|\bbut\s+not\s+(?:outside\s+)?(?:the\s+)?eea\b"
    r"|\b(?:solo|s[oó]lo|only)\s+(?:proveedores|providers|endpoints|regiones|regions)\s+(?:europe[oa]s|european|eu|de\s+la\s+ue)\b"
    r"|\beu[\s-]hosted\b|\beu[\s-]only\b|\bs[oó]lo\s+(?:en\s+)?(?:la\s+)?ue\b|\b(?:only\s+)?eu\s+(?:data\s?cent(?:er|re)s?|regions?|hosting)\s+(?:only|allowed)\b|\bonly\s+(?:in\s+)?(?:the\s+)?eu\b"
    r"|\b(?:quedarse|permanecer|estar|quedar)\s+en\s+(?:la\s+)?(?:ue|uni[oó]n\s+europea|europa)\b|\bpero\s+no\s+(?:fuera\s+)?de\s+(?:la\s+)?(?:ue|europa|uni[oó]n\s+europea)\b"
    r"|\bno\s+(?:puede[n]?\s+)?salir\s+de\s+(?:la\s+)?(?:ue|uni[oó]n\s+europea|europa)\b|\bdentro\s+de\s+(?:la\s+)?(?:ue|uni[oó]n\s+europea)\b"
    r"|\beu\s+(?:data\s+)?(?:residency|endpoints?|region|zone)\b|\beuropean\s+endpoints?\b|\beu[\s-]only\s+endpoints?\b|"
    r"\bresidencia\s+(?:de\s+(?:los\s+)?datos\s+)?en\s+(?:la\s+)?(?:ue|uni[oó]n\s+europea)\b|\bendpoints?\s+europeos?\b|\bendpoints?\s+(?:de\s+la\s+|en\s+la\s+)?ue\b",
    re.I,
)


# "EU residency is NOT required", "EU residency: no": waived by what follows.
_EU_WAIVED_AFTER = lazy(
    r"\s*(?:[:=]\s*(?:no|none|n/a)\b|(?:is\s+|are\s+)?(?:not|no\s+longer)\s+(?:required|needed|necessary|a\s+requirement)|(?:isn't|is\s+not)\b"
    r"|(?:no\s+(?:es\s+)?(?:necesaria|obligatoria|requerida)))",
    re.I,
)
_EU_KEPT = lazy(
    r"\b(?:don'?t|do\s+not|won'?t)\s+(?:want|let|allow)\s+(?:our\s+|the\s+|any\s+)?(?:data|text|prompts?)\s+(?:to\s+)?(?:leav(?:e|ing))\s+(?:the\s+)?(?:eu|eea|europe)\b",
    re.I,
)


def _negated(text: str, start: int) -> bool:
    """A negation in the same clause, close before `start`: "no data can leave", "we don't care about GDPR"."""
    clause = re.split(r"[.;:!?,\n]", text[max(0, start - 40) : start])[-1]
    return bool(_NEGATED.search(clause))


# A rule said, then taken back: a quoted message and the reply that overrules it ("> data can't leave" /
# "actually it can, legal said OK"), or "earlier we said …; legal has since cleared it". Which holds is
# asked, not guessed.
_REVISED = lazy(
    r"\b(?:not\s+anymore|no\s+longer\s+(?:applies|apply|required|needed|the\s+case|true|an?\s+(?:issue|requirement))|has\s+since|have\s+since|since\s+(?:been\s+)?(?:cleared|approved|lifted|changed)"
    r"|(?:cleared|approved|lifted|dropped|waived)\s+(?:it|that|this|the\s+(?:rule|requirement|restriction))"
    r"|earlier\s+we\s+said|we\s+(?:used\s+to\s+)?said\b[^.\n]{0,40}\bbut\b|actually\s+(?:it|they|we|the\s+data)\s+(?:can|may|could)(?!'t|not|\s+not)\b"
    r"|legal\s+(?:said|says|signed\s+off|approved)\s+(?:ok|okay|it'?s\s+fine|yes|go)|ya\s+no\b|en\s+realidad\s+s[ií]\b"
    r"|legal\s+(?:ha\s+)?(?:aprobado|dado\s+el\s+ok))",
    re.I,
)
# A question about the rule itself, not "can we run X … if the data must stay in the EU?"
# "data can leave? No way.", "• data can leave: no", "¿pueden salir los datos? no": the answer follows.
_ANSWERED_NO = lazy(
    r"[^.!\n]{0,40}?[?:]\s*(?:no(?!\s+(?:problem|worries|issue))|nope|nah|no\s+way|never|nunca|not\s+at\s+all|absolutely\s+not|de\s+ninguna\s+manera)\b",
    re.I,
)
_LEAVES_ASKED = lazy(
    r"\b(?:can|may|could)\s+(?:the\s+|our\s+)?(?:data|text|prompts?|it)\s+leave\b|\bpueden\s+salir\s+los\s+datos\b", re.I
)
_AUXILIARY = lazy(
    r"\s*¿?\s*(?:does|do|is|are|should|must|has|have|debe|deben|tiene|tienen)\s+(?:the\s+|our\s+|los\s+|la\s+)?"
    r"(?:data|text|it|this|that|prompts?|datos|texto|we\s+need|need)\b"
    r"|\s*¿?\s*(?:los\s+|el\s+)?(?:datos|texto|prompts?)\s+(?:tienen|deben|tiene|debe|han|ha)\b",
    re.I,
)


def _asked(text: str, pos: int) -> bool:
    """Whether `pos` sits in a question that asks about the rule ("does the data need to stay in the EU?")."""
    start, end = sentence(text, pos)
    clause = max([start] + [text.rfind(mark, start, pos) + 1 for mark in ",;:—"])
    return text[end : end + 1] == "?" and bool(_AUXILIARY.match(text, clause))


def read_residency(text: str, draft: Draft) -> None:
    stays = leaves = unsure = False
    for match in _STAYS.finditer(text):
        if not _IN_EU.match(text, match.end()):
            stays = True
    for match in _SENSITIVE.finditer(text):
        before = text[max(0, match.start() - 40) : match.start()]
        if _WAIVED_BEFORE.search(before) or _NOT_BINDING.match(text, match.end()):
            continue
        if _COMPLIANT.match(text, match.end()):  # "GDPR compliant": hosted APIs can be; ask
            unsure = True
            continue
        stays = True
    for match in [*_LEAVES.finditer(text), *_LEAVES_ASKED.finditer(text)]:
        before = text[max(0, match.start() - 40) : match.start()]
        if _NO_SUBJECT.search(before) or _ANSWERED_NO.match(text, match.end()):
            stays = True  # "no data can leave", "can the data leave? no"
        elif re.match(r"(?:not|nothing|no)\b", match.group(0), re.I):
            leaves = True  # "not confidential", "no data concerns": the phrase carries its own negation
        elif _LEAVES_ASKED.fullmatch(match.group(0)):
            continue  # a question without its answer says nothing
        elif _negated(text, match.start()) or _DOUBT_BEFORE.search(before):
            unsure = True  # "I don't think the data can leave", "legal hasn't decided whether it can leave"
        else:
            leaves = True
    revised = bool(_REVISED.search(text))  # "> data can't leave" / "not anymore, legal cleared it"
    if (stays or leaves) and revised:
        draft.ask(ASK_CONFLICT, "residency_unclear")
    elif stays and leaves:
        draft.conflict("data_may_leave", [False, True])
    elif stays or leaves:
        draft.set("data_may_leave", leaves)
    elif unsure:
        draft.ask(ASK_CONFLICT, "residency_unclear")
    eu = [
        m
        for m in _EU.finditer(text)
        if not (_negated(text, m.start()) or _asked(text, m.start()) or _EU_WAIVED_AFTER.match(text, m.end()))
    ]
    eu += list(_EU_KEPT.finditer(text))  # "we don't want our data leaving the EU": negated, and yet EU
    if eu and revised:
        draft.ask(ASK_CONFLICT, "residency_unclear")
    elif eu:  # not "we don't need EU residency", not "does it need to stay in the EU?"
        draft.set("eu_residency", True)


_GATEWAY = lazy(
    r"\bkeys?\s+(?:per|for\s+each|by)\s+team|\bper[\s-]team\s+(?:api\s+)?(?:keys?|budgets?|caps?|quotas?|limits?|spend)|\bteam\s+(?:api\s+)?keys\b"
    r"|\battribut(?:e|ion|ing)\b|\bcharge[\s-]?backs?\b|\bshowbacks?\b|\bquotas?\b|\bbudgets\b|\b(?:spend(?:ing)?\s+)?caps\b|\bspend(?:ing)?\s+limits?\b"
    r"|\bbill\s+(?:is\s+)?(?:out\s+of\s+control|exploding|through\s+the\s+roof)|\bout[\s-]of[\s-]control\s+bill"
    r"|\b(?:can'?t|cannot|can\s+not|no\s+way\s+to|no\s+idea)\s+(?:to\s+)?(?:tell|know|see|say)\s+which\s+team|\bwho\s+spends\s+what\b|\bwhich\s+team\s+spends\b"
    r"|\b(?:one|a\s+single|the\s+same)\s+(?:shared\s+)?(?:api\s+)?key\s+for\s+(?:all|every|\d+)|\bshares?\s+(?:one|a\s+single|the\s+same)\s+(?:api\s+)?key\b"
    r"|\b(?:can'?t|cannot|no\s+way\s+to)\s+(?:see|tell|track)\s+(?:the\s+)?(?:spend|cost|usage)s?\s+(?:per|by)\s+team\b|\bno\s+idea\s+who\s+(?:uses|spends)\b"
    r"|\bno\s+idea\s+which\s+team\b|\bwhich\s+team\s+(?:burned|spent|used|ran\s+up)\b|\bno\s+sabemos\s+cu[aá]nto\s+gasta\s+cada\s+equipo\b"
    r"|\bcomparten\s+(?:la\s+misma|una\s+sola|una)\s+(?:api\s+)?(?:key|clave)\b|\bno\s+sabemos\s+qu[eé]\s+equipo\b|\bnobody\s+knows\s+which\s+team\b"
    r"|\bclaves?\s+por\s+equipo\b|\bcuotas?\b|\bpresupuestos\b|\bl[ií]mites?\s+de\s+gasto\b|\bqu[eé]\s+equipo\s+gasta\b"
    r"|\bfactura\s+(?:descontrolada|fuera\s+de\s+control)\b|\b(?:imputar|repartir|atribuir)\s+(?:el\s+|los\s+)?gastos?\b",
    re.I,
)


# Not gateway pain: a cloud's GPU quota, attribution that works, quotas or caps nobody needs.
_NOT_PAIN_BEFORE = lazy(
    r"\b(?:gpu|aws|gcp|azure|service|instance|capacity|vcpu|account|rate|h100|h200|b200|api|openai|anthropic|vendor|provider|cloud|"
    r"rate[\s-]limit|token|tpm|rpm|q[1-4]|approved|annual|yearly|our\s+own|bedrock|vertex|groq|together|fireworks|openrouter|"
    r"hardware|compute|capex|infra|infrastructure|already\s+have|ya\s+tenemos)\s+(?:\w+\s+)?$"
    r"|\b(?:litellm|portkey|helicone|(?:our\s+|the\s+)?gateway|tags?)\s+(?:already\s+)?(?:handles?|manages?|covers?|does|solves?|gives\s+us)\s+(?:the\s+)?$",
    re.I,
)
# "la cuota de GPUs en AWS": in Spanish the vendor comes after the word.
_VENDOR_AFTER = lazy(r"\s+de\s+(?:\w+\s+){0,2}?(?:en\s+)?(?:aws|azure|gcp|google|openai|azure\s+openai|bedrock|vertex|gpus?)\b", re.I)
_NOT_PAIN_AFTER = lazy(
    r"\s*(?:\w+\s+){0,3}?(?:just\s+fine|(?:works?|working)\s+fine|(?:is|are)\s+fine|(?:are|is)\s+not\s+needed"
    r"|not\s+(?:a|an)\s+(?:problem|issue)|(?:is\s*n[o']t|isn't|aren't|are\s*n[o']t)\s+(?:a|an)\s+(?:problem|issue)|increase[ds]?|raised"
    r"|(?:is|are)\s+(?:already\s+)?(?:solved|handled|sorted|covered|approved|in\s+place|done|managed)"
    r"|\?\s*(?:solved|handled|sorted|done)|(?:solved|handled|done)\s+(?:with|by|via)|(?:via|through|with|in)\s+(?:litellm|portkey|our\s+gateway|the\s+gateway|tags)"
    r"|[\s-]?wise\s+we(?:'re|\s+are)\s+fine|(?:was|were)\s+fixed|(?:en|con)\s+litellm"
    r"|(?:est[aá]n?|son)\s+(?:ya\s+)?(?:aprobad[oa]s?|resuelt[oa]s?))\b",
    re.I,
)

_CANNOT = lazy(r"\b(?:can'?t|cannot|no\s+way|no\s+idea)\b", re.I)  # "we can't attribute": pain


def read_gateway(text: str, draft: Draft) -> None:
    for match in _GATEWAY.finditer(text):
        before = text[max(0, match.start() - 30) : match.start()]
        if _NOT_PAIN_BEFORE.search(before) or _VENDOR_AFTER.match(text, match.end()):
            continue  # "our AWS GPU quota", "la cuota de GPUs en AWS": a cloud limit, not team spend
        waved_off = _negated(text, match.start()) or _NOT_PAIN_AFTER.match(text, match.end())
        if waved_off and not _CANNOT.search(before):
            continue  # "no quotas today", "we can attribute costs just fine", "no budget caps needed"
        draft.set("gateway_pain", True)
        return


_BUSINESS = lazy(
    r"\bbusiness\s+hours\b|\boffice\s+hours\b|\bworking\s+hours\b|\bwork\s+hours\b|\b0?9[\s-]?(?:to|till|until|-|–)[\s-]?5\b"
    r"|\b(?:per|a|an|each|every|by)\s+(?:business|working|work)\s+day\b|\bpor\s+d[ií]a\s+laborable\b"
    r"|\b0?9\s?(?::00|h|am)?\s?(?:-|–|to|a)\s?(?:5\s?pm|17(?::00|h)?)(?!\d)|\b(?:between|from|entre|de)\s+0?9\s?(?::00|h|am)?\s+(?:and|to|y|a)\s+(?:5\s?pm|17(?::00|h)?)(?!\d)|\bweekdays?\s+only\b|\bonly\s+(?:on\s+)?weekdays\b|\bmon(?:day)?[\s-]?(?:to|-|–)[\s-]?fri(?:day)?\b"
    r"|\bhorario\s+(?:laboral|de\s+oficina|comercial)\b|\bhoras\s+de\s+oficina\b|\bde\s+9\s+a\s+(?:5|17|18)\b|\bentre\s+semana\b|\bd[ií]as\s+laborables\b|\bjornada\s+laboral\b",
    re.I,
)
_ALWAYS = lazy(
    r"\b24\s?[x×/]\s?7\b|\b24\s?h(?:ours|rs)?\s+(?:a|per|each|every)\s+day\b|\b24\s?h(?:ours|rs)?\s+(?:al|cada|por)\s+d[ií]a\b"
    r"|\b(?:mon(?:day)?|lun(?:es)?)[\s-]?(?:to|-|–|a)[\s-]?(?:fri(?:day)?|vie(?:rnes)?)\s+24\s?h\b|\b(?:a)?round[\s-]the[\s-]clock\b|\ball\s+day,?\s+every\s+day\b|\bday\s+and\s+night\b|\bnon[\s-]?stop\b"
    r"|\b24\s+horas\b|\bd[ií]a\s+y\s+noche\b|\btodo\s+el\s+d[ií]a\b",
    re.I,
)


# A clock span with minutes or am/pm on its first end: "09:00-17:00", "8:00–16:00", "9am to 5pm".
_CLOCK_SPAN = lazy(
    r"(?<![\d:])(?P<h1>[01]?\d|2[0-3])(?::(?P<m1>[0-5]\d)|\s?(?P<a1>am|pm|h)\b)\s?(?:-|–|to|till|until|and|a|y)\s?"
    r"(?P<h2>[01]?\d|2[0-4])(?::(?P<m2>[0-5]\d)|\s?(?P<a2>am|pm|h)\b)?(?![\d:])",
    re.I,
)


def _hour(hour: str, minute: str | None, suffix: str | None) -> float:
    value = int(hour) % 24 + int(minute or 0) / 60
    return value + 12 if (suffix or "").lower() == "pm" and int(hour) < 12 else value


# "de lunes a viernes de 8 a 16": a Spanish hour span needs no minutes.
_DE_A_SPAN = lazy(r"\bde\s+(?P<h1>[01]?\d|2[0-3])\s+a\s+(?P<h2>[01]?\d|2[0-4])(?:\s*h(?:oras)?)?(?!\s*[^\W\d_])(?![\d:])", re.I)


def _clock_spans(text: str) -> list[tuple[str, float, float]]:
    spans = []
    for m in _DE_A_SPAN.finditer(text):
        start, end = int(m.group("h1")), int(m.group("h2"))
        end += 12 if end <= start else 0
        spans.append((m.group(0), float(start), float(end - start)))
    for m in _CLOCK_SPAN.finditer(text):
        start = _hour(m.group("h1"), m.group("m1"), m.group("a1"))
        end = _hour(m.group("h2"), m.group("m2"), m.group("a2") or (m.group("a1") if m.group("a1") != "h" else None))
        if end > start:
            spans.append((m.group(0), start, end - start))
    return spans


# "12h/day", "16 hours a day", "40 hours a week": how long the tokens flow.
_HOUR_WORDS = {
    "eight": 8, "ocho": 8, "ten": 10, "diez": 10, "twelve": 12, "doce": 12, "sixteen": 16, "dieciséis": 16,
    "dieciseis": 16, "twenty-four": 24, "twenty four": 24, "veinticuatro": 24,
}  # fmt: skip
_HOURS_A_DAY = lazy(
    r"\b(?P<hours>\d{1,2}|eight|ocho|ten|diez|twelve|doce|sixteen|diecis[eé]is|twenty[\s-]four|veinticuatro)\s?(?:h|hrs?|hours?|horas?)\s?(?:/|a|per|each|every|al|por|cada)\s?(?P<per>day|d[ií]a|week|semana)\b", re.I
)
# Days without hours ("weekdays", "business days only"): Monday to Friday, but which hours?
_DAYS_ONLY = lazy(
    r"\b(?:weekdays|business\s+days|working\s+days|workdays|d[ií]as\s+(?:laborables|h[aá]biles)|[57]\s+days?\s+(?:a|per)\s+week"
    r"|[57]\s+d[ií]as\s+(?:a|por)\s+semana|nights?\s+only|only\s+(?:at\s+)?nights?|overnight|off[\s-]hours\s+only"
    r"|s[oó]lo\s+(?:por\s+la\s+)?noche|de\s+noche|nocturn[oa]s?)\b",
    re.I,
)
# A bare span next to a zone or "hours": "9-6 CET", "8-5 local": a working day, but not the 8 hours priced.
_BARE_SPAN = lazy(
    r"\b(?P<h1>\d{1,2})\s?[-–]\s?(?P<h2>\d{1,2})\s+(?:cet|cest|utc|gmt|et|pt|est|pst|local|office|hours|h)\b", re.I
)


def _day_hours(text: str, day: int) -> list[tuple[str, int]]:
    """Hours a day the tokens flow, from "12h/day" or "40 hours a week" (a business week: `day` × 5)."""
    out = []
    for m in _HOURS_A_DAY.finditer(text):
        said = m.group("hours").lower()
        hours = int(said) if said.isdigit() else _HOUR_WORDS.get(said.replace("é", "e").replace("twenty four", "twenty-four"), 0)
        per_week = m.group("per").lower() in ("week", "semana")
        out.append((m.group(0), {5 * day: day, 168: 24}.get(hours, 0) if per_week else hours))
    return out


def read_calendar(text: str, draft: Draft, settings: Settings) -> None:
    """Business hours or around the clock. A negated phrase ("not 24/7") says what the hours are not, so
    only a negated phrase asks; a clock span as long as the settings' business day is one (said when it
    does not start when the settings' day opens)."""
    said = {"business_hours": [], "24x7": []}
    for kind, pattern in (("business_hours", _BUSINESS), ("24x7", _ALWAYS)):
        said[kind] = [not _negated(text, m.start()) for m in pattern.finditer(text)]
    business, always = any(said["business_hours"]), any(said["24x7"])
    day, opens = settings.business_hours_per_day, settings.business_hours_start
    for typed, hours in _day_hours(text, day):
        if hours == 24:
            always = True
        elif hours == day:
            business = True
        else:  # "12h a day": neither calendar llmcost prices
            draft.ask(ASK_CONFLICT, "calendar_unclear", said=typed)
            return
    for m in _BARE_SPAN.finditer(text):
        start, end = int(m.group("h1")), int(m.group("h2"))
        end += 12 if end <= start else 0  # "9-6" is 9:00 to 18:00
        if (start, end) != (opens, opens + day) and not business:
            draft.ask(ASK_CONFLICT, "calendar_unclear", said=m.group(0))
            return
    for typed, start, hours in _clock_spans(text):
        if hours != day:
            draft.ask(ASK_CONFLICT, "calendar_unclear", said=typed.strip())
            return
        business = True
        if start != opens:
            draft.note("business_hours_shifted", said=typed.strip(), opens=opens, closes=opens + day)
    if business and always:
        draft.conflict("calendar", ["business_hours", "24x7"])
    elif business:
        draft.set("calendar", "business_hours")
    elif always:
        draft.set("calendar", "24x7")
    elif said["business_hours"] or said["24x7"]:  # only "not 24/7", "not just business hours"
        draft.ask(ASK_CONFLICT, "calendar_unclear")
    elif days := _DAYS_ONLY.search(text):  # "weekdays": Monday to Friday, at which hours?
        draft.ask(ASK_CONFLICT, "calendar_unclear", said=days.group(0))


CITIES = {
    "madrid": "Europe/Madrid", "barcelona": "Europe/Madrid", "valencia": "Europe/Madrid", "sevilla": "Europe/Madrid",
    "seville": "Europe/Madrid", "bilbao": "Europe/Madrid", "lisbon": "Europe/Lisbon", "lisboa": "Europe/Lisbon",
    "london": "Europe/London", "londres": "Europe/London", "dublin": "Europe/Dublin", "paris": "Europe/Paris",
    "parís": "Europe/Paris", "berlin": "Europe/Berlin", "berlín": "Europe/Berlin", "amsterdam": "Europe/Amsterdam",
    "new york": "America/New_York", "nueva york": "America/New_York", "san francisco": "America/Los_Angeles",
    "mexico city": "America/Mexico_City", "ciudad de méxico": "America/Mexico_City", "cdmx": "America/Mexico_City",
    "buenos aires": "America/Argentina/Buenos_Aires", "bogotá": "America/Bogota", "bogota": "America/Bogota",
    "tokyo": "Asia/Tokyo", "singapore": "Asia/Singapore", "sydney": "Australia/Sydney", "melbourne": "Australia/Melbourne",
    "bangalore": "Asia/Kolkata", "bengaluru": "Asia/Kolkata", "mumbai": "Asia/Kolkata", "delhi": "Asia/Kolkata",
    "chicago": "America/Chicago", "austin": "America/Chicago", "denver": "America/Denver", "seattle": "America/Los_Angeles",
    "los angeles": "America/Los_Angeles", "boston": "America/New_York", "toronto": "America/Toronto",
    "montreal": "America/Toronto", "vancouver": "America/Vancouver", "munich": "Europe/Berlin", "münchen": "Europe/Berlin",
    "múnich": "Europe/Berlin", "hamburg": "Europe/Berlin", "frankfurt": "Europe/Berlin", "zurich": "Europe/Zurich",
    "zürich": "Europe/Zurich", "geneva": "Europe/Zurich", "vienna": "Europe/Vienna", "viena": "Europe/Vienna",
    "prague": "Europe/Prague", "warsaw": "Europe/Warsaw", "stockholm": "Europe/Stockholm", "copenhagen": "Europe/Copenhagen",
    "oslo": "Europe/Oslo", "helsinki": "Europe/Helsinki", "brussels": "Europe/Brussels", "bruselas": "Europe/Brussels",
    "rome": "Europe/Rome", "roma": "Europe/Rome", "milan": "Europe/Rome", "milán": "Europe/Rome", "athens": "Europe/Athens",
    "istanbul": "Europe/Istanbul", "porto": "Europe/Lisbon", "málaga": "Europe/Madrid", "malaga": "Europe/Madrid",
    "zaragoza": "Europe/Madrid", "são paulo": "America/Sao_Paulo", "sao paulo": "America/Sao_Paulo",
    "lima": "America/Lima", "santiago": "America/Santiago", "montevideo": "America/Montevideo",
    "dubai": "Asia/Dubai", "tel aviv": "Asia/Jerusalem", "hong kong": "Asia/Hong_Kong", "seoul": "Asia/Seoul",
    "shanghai": "Asia/Shanghai", "beijing": "Asia/Shanghai", "cape town": "Africa/Johannesburg",
    "johannesburg": "Africa/Johannesburg", "nairobi": "Africa/Nairobi", "lagos": "Africa/Lagos", "cairo": "Africa/Cairo",
}  # fmt: skip
# "Pacific time", "Eastern", "hora del Pacífico": US zones by name.
_US_ZONE = lazy(
    r"\b(?P<zone>pacific|eastern|central|mountain)(?:\s+(?:time|standard\s+time|hours|tz))\b|\bhora\s+del\s+(?P<zona>pac[ií]fico|este)\b"
    r"|(?:\d{1,2}\s?[-–]\s?\d{1,2}|9\s+to\s+5)\s+(?P<zone2>pacific|eastern|central|mountain)\b",
    re.I,
)
US_ZONES = {"pacific": "America/Los_Angeles", "pacífico": "America/Los_Angeles", "pacifico": "America/Los_Angeles",
            "eastern": "America/New_York", "este": "America/New_York", "central": "America/Chicago",
            "mountain": "America/Denver"}  # fmt: skip
ZONE_ABBREVIATIONS = {
    "cet": "CET", "cest": "CET", "utc": "UTC", "gmt": "Europe/London", "bst": "Europe/London",
    "et": "America/New_York", "est": "America/New_York", "edt": "America/New_York", "pt": "America/Los_Angeles",
    "pst": "America/Los_Angeles", "pdt": "America/Los_Angeles", "jst": "Asia/Tokyo",
}  # fmt: skip
_CITY_NAMES = "|".join(sorted(map(re.escape, CITIES), key=len, reverse=True))
# "in Madrid", "Madrid time", and a city set off on its own after a calendar: "business hours, Madrid".
_CITY = lazy(
    rf"\b(?:in|en|from|desde|at|our|nuestra|nuestro|hora\s+de|horario\s+de)\s+(?:the\s+|el\s+|la\s+)?(?P<city>{_CITY_NAMES})\b"
    rf"|\b(?P<city2>{_CITY_NAMES})\s+(?:time|hours|office|timezone|hora)\b"
    rf"|(?:hours|horario\s+laboral|horas\s+de\s+oficina|\d{{1,2}}\s?[-–]\s?\d{{1,2}}|9\s?to\s?5)\s?[,(]?\s?(?P<city3>{_CITY_NAMES})\s?(?=[,;.)?!]|$)",
    re.I,
)
_ABBREVIATION = lazy(r"\b(CET|CEST|UTC|GMT|BST|ET|EST|EDT|PT|PST|PDT|JST)\b")
_IANA = lazy(
    r"\b(?:Africa|America|Asia|Atlantic|Australia|Europe|Pacific|Indian)/[A-Za-z_]{2,30}(?:/[A-Za-z_]{2,30})?\b"
)


def _valid_zone(key: str) -> bool:
    try:
        ZoneInfo(key)
    except (ValueError, KeyError, OSError):
        return False
    return True


# "UTC+2", "GMT-5": a fixed offset. IANA's Etc zones count the other way: UTC+2 is Etc/GMT-2.
_OFFSET = lazy(r"\b(?:UTC|GMT)\s?([+\-−])\s?(\d{1,2})(?::?(\d{2}))?(?![\d:])", re.I)


def _offset_zones(text: str, draft: Draft) -> list[str]:
    zones = []
    for m in _OFFSET.finditer(text):
        hours, minutes = int(m.group(2)), int(m.group(3) or 0)
        sign = "-" if m.group(1) == "+" else "+"
        zone = f"Etc/GMT{sign}{hours}" if hours else "UTC"
        if minutes or not _valid_zone(zone):  # UTC+5:30 has no Etc zone: ask for the city
            draft.ask(ASK_CONFLICT, "value_not_understood", field="tz")
            continue
        zones.append(zone)
        draft.note("offset_zone", said=m.group(0), tz=zone)
    return zones


def read_timezone(text: str, draft: Draft) -> None:
    zones = [m.group(0) for m in _IANA.finditer(text) if _valid_zone(m.group(0))]
    zones += [CITIES[(m.group("city") or m.group("city2") or m.group("city3")).lower()] for m in _CITY.finditer(text)]
    zones += [ZONE_ABBREVIATIONS[m.group(1).lower()] for m in _ABBREVIATION.finditer(_OFFSET.sub(" ", text))]
    zones += [US_ZONES[(m.group("zone") or m.group("zona") or m.group("zone2")).lower()] for m in _US_ZONE.finditer(text)]
    if re.search(r"\bIST\b", text):  # India, Israel or Irish Standard Time: ask
        draft.ask(ASK_CONFLICT, "value_not_understood", field="tz")
    offsets = _offset_zones(text, draft)
    if not zones:  # "9-5 CET (UTC+1)": the named zone wins, the offset only restates it
        zones = offsets
    distinct = list(dict.fromkeys(zones))
    if len(distinct) > 1 and set(distinct) != {"UTC"}:
        distinct = [z for z in distinct if z != "UTC"] or distinct  # "9-5 CET (UTC+1)": the city zone wins
    if len(distinct) == 1:
        draft.set("tz", distinct[0])
    elif len(distinct) > 1:
        draft.conflict("tz", distinct[:3])


_EUR = lazy(r"€|\beur\b|\beuros?\b", re.I)
_NOT_EUR_BEFORE = lazy(r"\b(?:not|no|skip|sin|ni)\s+(?:in\s+|the\s+|en\s+)?$", re.I)  # "$ not €", "skip the euros"
_DOLLARS = lazy(r"\b(?:in\s+)?(?:dollars|usd|d[oó]lares)\b|\$\s+(?:not|no)\b", re.I)
_OTHER_CURRENCY = lazy(
    r"£|¥|\b(?:in|en)\s+(?:gbp|pounds|libras|chf|swiss\s+francs|jpy|yen|cad|aud|inr|rupees|mxn|pesos|brl|reais|sek|nok|dkk|pln)\b"
    r"|\b(?:gbp|chf|jpy|cad|aud|inr|mxn|brl|sek|nok|dkk|pln)\b",
    re.I,
)
_USD_ASKED = lazy(r"\b(?:in|en)\s+(?:usd|us\s+dollars|dollars|d[oó]lares)\b|\busd\s+please\b", re.I)


def read_currency(text: str, draft: Draft) -> None:
    eur = any(
        not (_negated(text, m.start()) or _NOT_EUR_BEFORE.search(text[max(0, m.start() - 12) : m.start()]))
        for m in _EUR.finditer(text)
    )  # not "dollars, not euros", "skip the euros"
    usd = bool(_USD_ASKED.search(text)) or (not eur and bool(_DOLLARS.search(text)))
    if eur and usd:
        draft.conflict("currency", ["EUR", "USD"])
    elif eur or usd:
        draft.set("currency", "EUR" if eur else "USD")
    elif other := _OTHER_CURRENCY.search(text):  # answered in dollars, and said so
        draft.note("currency_unsupported", said=other.group(0).strip())


_VAT_WORD = lazy(r"\b(?:vat|iva)\b", re.I)
_VAT_WITHOUT = lazy(
    r"\b(?:without|excl(?:uding|\.)?|ex|before|pre|net\s+of|no)\s+(?:the\s+)?(?:vat|iva)\b|\bsin\s+iva\b|\biva\s+no\s+incluido\b|\bpre-vat\b"
    r"|\b(?:vat|iva)[\s-]+(?:excluded|exclusive|excl\b|not\s+included|aside|excluido|aparte|exempt|free|does\s*n[o']t\s+apply|doesn't\s+apply"
    r"|not\s+applicable|n/a|no\s+aplica)|\breverse[\s-]charge\b|\bexent[oa]s?\s+de\s+iva\b|\bexempt\s+from\s+(?:the\s+)?vat\b",
    re.I,
)
# Where the asker is, for VAT: the catalog's rate for that country, or a question when it has none.
COUNTRIES = {
    "spain": "ES", "españa": "ES", "espana": "ES", "germany": "DE", "alemania": "DE", "deutschland": "DE",
    "france": "FR", "francia": "FR", "italy": "IT", "italia": "IT", "portugal": "PT", "netherlands": "NL",
    "holland": "NL", "países bajos": "NL", "ireland": "IE", "irlanda": "IE", "belgium": "BE", "bélgica": "BE",
    "austria": "AT", "poland": "PL", "polonia": "PL", "sweden": "SE", "suecia": "SE", "uk": "GB",
    "united kingdom": "GB", "reino unido": "GB", "britain": "GB", "switzerland": "CH", "suiza": "CH",
    "norway": "NO", "noruega": "NO", "denmark": "DK", "dinamarca": "DK", "finland": "FI", "finlandia": "FI",
    "czechia": "CZ", "greece": "GR", "grecia": "GR", "hungary": "HU", "hungría": "HU", "romania": "RO",
    "usa": "US", "the us": "US", "the u.s.": "US", "united states": "US", "estados unidos": "US", "canada": "CA", "canadá": "CA",
    "mexico": "MX", "méxico": "MX", "brazil": "BR", "brasil": "BR", "argentina": "AR", "chile": "CL",
    "colombia": "CO", "perú": "PE", "peru": "PE", "japan": "JP", "japón": "JP", "india": "IN", "australia": "AU",
}  # fmt: skip
DEMONYMS = {
    "spanish": "spain", "española": "spain", "español": "spain", "german": "germany", "alemán": "germany",
    "french": "france", "francés": "france", "italian": "italy", "portuguese": "portugal", "dutch": "netherlands",
    "irish": "ireland", "belgian": "belgium", "austrian": "austria", "polish": "poland", "swedish": "sweden",
    "british": "uk", "uk": "uk", "swiss": "switzerland", "danish": "denmark", "finnish": "finland",
    "norwegian": "norway", "greek": "greece", "hungarian": "hungary", "colombian": "colombia",
    "colombiana": "colombia", "colombiano": "colombia", "mexican": "mexico", "mexicana": "mexico",
    "mexicano": "mexico", "argentinian": "argentina", "argentina": "argentina", "argentino": "argentina",
    "chilean": "chile", "chilena": "chile", "chileno": "chile", "peruvian": "perú", "peruana": "perú",
    "sueca": "sweden", "sueco": "sweden", "alemana": "germany", "francesa": "france", "italiana": "italy",
    "portuguesa": "portugal", "brazilian": "brazil", "brasileña": "brazil", "american": "the us",
    "canadian": "canada", "japanese": "japan", "indian": "india", "australian": "australia",
}  # fmt: skip
_COUNTRY = lazy(
    r"\b(?:in|en|from|desde|de|based\s+in|for)\s+(?:the\s+)?(" + "|".join(sorted(map(re.escape, COUNTRIES), key=len, reverse=True)) + r")\b"
    r"|\b(" + "|".join(sorted(map(re.escape, DEMONYMS), key=len, reverse=True)) + r")\s+(?:vat|iva|company|companies|firm|business|entity)\b"
    r"|\b(?:empresa|compañía|sociedad)\s+(" + "|".join(sorted(map(re.escape, DEMONYMS), key=len, reverse=True)) + r")\b",
    re.I,
)


def read_vat(text: str, draft: Draft, catalogs: Catalogs) -> None:
    """VAT asked without a rate: the catalog's rate for the country named, else Spain's (the catalog's ES
    row), said in a note; a country the catalog has no rate for asks."""
    if (
        "vat_rate" in draft.fields
        or draft.asked_about("vat_rate")
        or not _VAT_WORD.search(text)
        or _VAT_WITHOUT.search(text)
    ):
        return
    named = _COUNTRY.search(text)
    demonym = named and (named.group(2) or named.group(3))
    where = (named.group(1) or DEMONYMS[demonym.lower()]) if named else None
    country = COUNTRIES[where.lower()] if where else "ES"
    row = next((row for row in catalogs.apis.vat if row.country == country), None)
    if row is None:
        if named:
            draft.ask(ASK_CONFLICT, "vat_rate_unknown", country=(named.group(1) or demonym))
        return
    rate = float(row.rate)
    draft.set("vat_rate", rate)
    draft.note("vat_assumed", rate=rate, country=row.country)


SIGNALS = {
    "two_h100": lazy(r"\b(?:two|2|dos)\s?(?:x|×|\*)?\s?h100s?\b", re.I),
    "cut_gpus": lazy(
        r"\bspare\s+(?:silicon|gpus?)\b|\bcut\s+(?:it\s+|that\s+|this\s+)?(?:down\s+)?to\s+(?:two|2|one|1|fewer|four|4)\s+gpus?\b"
        r"|\b(?:reduce|shrink)\s+(?:it\s+)?to\s+(?:two|2|one|1)\s+gpus?\b|\brecortar\s+a\s+(?:dos|2|una|1)\s+gpus?\b|\bgpus?\s+(?:libres|de\s+sobra|sobrantes)\b",
        re.I,
    ),
    "buy_in_case": lazy(
        r"\bin\s+case\s+(?:the\s+)?(?:traffic|usage|load|demand|volume)\s+(?:rises|grows|goes\s+up|spikes|increases|picks\s+up)\b"
        r"|\bjust\s+in\s+case\b|\bpor\s+si\s+(?:acaso|sube|crece|aumenta)\b",
        re.I,
    ),
    "ollama": lazy(r"\bollama\b", re.I),
    "spot": lazy(r"(?<!on\sthe\s)\bspot\b(?!\s+(?:on|check))", re.I),
}
_COMMITMENT = lazy(
    r"\b(?:one|1|a|two|2|three|3|un|uno|dos|tres)[\s-]?(?:year|yr|año)s?\s+(?:commit(?:ment)?|reserv(?:ation|ed)|contract|term|compromiso|contrato|reserva)\b"
    r"|\b(?:reserved\s+instances?|committed\s+use|compromiso\s+(?:anual|de\s+un\s+año))\b",
    re.I,
)
_LEGAL = lazy(
    r"\blegal\b|\blawyers?\b|\babogados?\b|\bjur[ií]dico\b|\bcompliance\s+(?:review|sign[\s-]?off)\b", re.I
)
_MAX_TOKENS = lazy(r"\bmax[_\s-]?tokens\s?(?:=|:|of|de|at)?\s?(\d{1,5})\b", re.I)


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
