"""The phrase patterns the residency reader (bot/parse/residency.py) matches, written before the lexicon:
ways to say the text stays or may leave, rules waived or not binding, doubt, EU residency, a rule taken
back, an answer after a question. New phrasings go to the lexicon (bot/parse/lexicon/*.yaml) instead.
"""

from __future__ import annotations

import re

from bot.parse.lazyre import lazy

# "no data can leave", "nothing can leave", "ningún dato puede salir": the negation governs the subject.
NO_SUBJECT = lazy(
    r"(?:\b(?:no|ning[uú]n[oa]?|ningunos?|ningunas?)\s+(?:\w+\s+){1,2}|\b(?:nothing|none(?:\s+of\s+(?:it|the\s+\w+|our\s+\w+))?|never|nada"
    r"|nunca|jam[aá]s)\s+(?:\w+\s+){0,2})$",
    re.I,
)

# A rule waived by the words right before it: "we don't care about GDPR", "no PII", "not subject to HIPAA".
# A negative verb further off ("we can't ignore GDPR", "not only GDPR") does not waive it.
WAIVED_BEFORE = lazy(
    r"(?:\b(?:no|sin|without|zero|ning[uú]n[oa]?|not)|\b(?:don'?t|do\s+not|doesn'?t|does\s+not|won'?t)\s+(?:really\s+)?(?:care|worry)\s+"
    r"(?:about|for)|\bnot\s+(?:subject\s+to|under|covered\s+by|bound\s+by|an?\s+issue\s+for)|\bexempt\s+from"
    r"|\b(?:is|are|was|were)\s*n[o']t|\b(?:isn|aren|wasn|weren)'t|\bno\s+(?:nos\s+)?(?:importa|aplica)n?|\bno\s+(?:son|es|hay)(?:\s+(?:datos|informaci[oó]n|nada))?"
    r"|\b(?:don'?t|do\s+not|doesn'?t|does\s+not)\s+(?:need|require|want)(?:\s+an?)?|\b(?:moved|moving|migrated|migrating)\s+(?:off|away\s+from|out\s+of)"
    r"|\bnothing(?:\s+(?:here|in\s+(?:there|it|here)|of\s+(?:it|this)))?(?:\s+(?:is|was))?)"
    r"\s+(?:the\s+|any\s+|el\s+|la\s+)?$",
    re.I,
)

# "GDPR doesn't apply", "HIPAA-compliant API is fine": the word names a rule that does not bind here.
NOT_BINDING = lazy(
    r"[\s-]*(?:(?:compliant|certified)\s+(?:\w+\s+)?(?:apis?|providers?|endpoints?|vendors?|services?|hosting|clouds?)\b|free\b"
    r"|(?:does\s*n[o']t|doesn't|is\s*n[o']t|isn't)\s+(?:apply|matter|relevant|needed|required|necessary|our\s+problem|an?\s+(?:issue|concern|problem|factor))"
    r"|no\s+longer\s+(?:applies|apply|matters|relevant)|\?\s*not\s+(?:our\s+|a\s+|an\s+)?(?:problem|concern|issue)|(?:is\s+|are\s+)?not\s+(?:needed|required|necessary|relevant)"
    r"|(?:is\s+)?(?:not\s+an?\s+(?:issue|concern|problem)|no\s+aplica|no\s+es\s+(?:un\s+)?problema))",
    re.I,
)

# "we need to be GDPR compliant": a rule many hosted APIs meet under contract, so it does not decide alone.
COMPLIANT = lazy(r"[\s-]*(?:compliant|compliance|conforme|cumplir)\b", re.I)

# Not sure whether the text may leave: "I don't think the data can leave", "legal hasn't decided".
DOUBT_BEFORE = lazy(
    r"\b(?:doubt|not\s+sure|unsure|unclear|decided|deciding|know|think|whether|if|maybe|perhaps|no\s+s[eé]|no\s+est[aá]\s+claro|quiz[aá]s?"
    r"|decidido|decidir|si|dudo|creo)\b[^.;!?\n]{0,40}$",
    re.I,
)

STAYS_PHRASE = lazy(
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

SENSITIVE = lazy(
    r"\bon[\s-]?prem(?:ise|ises)?\b|\bgdpr\b|\brgpd\b|\bhipaa\b|\bconfidential\b|\bconfidencial(?:es)?\b|\bclassified\b|\bpii\b|"
    r"\bpatient\s+data\b|\bdatos\s+(?:de\s+pacientes|sensibles|personales)\b|\bdata\s+residency\s+(?:rules|law|requirements?)\b",
    re.I,
)

LEAVES_PHRASE = lazy(
    r"\b(?:can|may|is\s+allowed\s+to|are\s+allowed\s+to|is\s+fine\s+to|it's\s+fine\s+to|ok\s+to|okay\s+to)\s+(?:leave|go\s+to\s+(?:an?\s+|the\s+)?(?:api|vendor|cloud|provider))\b"
    r"|\bno\s+(?:residency|data|privacy|compliance)\s+(?:constraints?|requirements?|concerns?|issues?|restrictions?)\b"
    r"|\b(?:nothing|not)\s+(?:is\s+)?confidential\b|(?<!no\s)\b(?:pueden|puede)\s+salir\b",
    re.I,
)

# "must stay in the EU" is EU residency, not "may not leave": an EU endpoint keeps it there.
IN_EU = lazy(
    r"\s*(?:(?:in|within|inside|en|dentro\s+de|de|from|of)\s+)?(?:the\s+|la\s+)?(?:eu|europe|ue|europa|uni[oó]n\s+europea)\b",
    re.I,
)

EU = lazy(
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
EU_WAIVED_AFTER = lazy(
    r"\s*(?:[:=]\s*(?:no|none|n/a)\b|(?:is\s+|are\s+)?(?:not|no\s+longer)\s+(?:required|needed|necessary|a\s+requirement)|(?:isn't|is\s+not)\b"
    r"|(?:no\s+(?:es\s+)?(?:necesaria|obligatoria|requerida)))",
    re.I,
)

EU_KEPT = lazy(
    r"\b(?:don'?t|do\s+not|won'?t)\s+(?:want|let|allow)\s+(?:our\s+|the\s+|any\s+)?(?:data|text|prompts?)\s+(?:to\s+)?(?:leav(?:e|ing))\s+(?:the\s+)?(?:eu|eea|europe)\b",
    re.I,
)

# A rule said, then taken back: a quoted message and the reply that overrules it ("> data can't leave" /
# "actually it can, legal said OK"), or "earlier we said …; legal has since cleared it". Which holds is
# asked, not guessed.
REVISED = lazy(
    r"\b(?:not\s+anymore|no\s+longer\s+(?:applies|apply|required|needed|the\s+case|true|an?\s+(?:issue|requirement))|has\s+since|have\s+since|since\s+(?:been\s+)?(?:cleared|approved|lifted|changed)"
    r"|(?:cleared|approved|lifted|dropped|waived)\s+(?:it|that|this|the\s+(?:rule|requirement|restriction))"
    r"|earlier\s+we\s+said|we\s+(?:used\s+to\s+)?said\b[^.\n]{0,40}\bbut\b|actually\s+(?:it|they|we|the\s+data)\s+(?:can|may|could)(?!'t|not|\s+not)\b"
    r"|legal\s+(?:said|says|signed\s+off|approved)\s+(?:ok|okay|it'?s\s+fine|yes|go)|ya\s+no\b|en\s+realidad\s+s[ií]\b"
    r"|legal\s+(?:ha\s+)?(?:aprobado|dado\s+el\s+ok))",
    re.I,
)

# A question about the rule itself, not "can we run X … if the data must stay in the EU?"
# "data can leave? No way.", "• data can leave: no", "¿pueden salir los datos? no": the answer follows.
ANSWERED_NO = lazy(
    r"[^.!\n]{0,40}?[?:]\s*(?:no(?!\s+(?:problem|worries|issue))|nope|nah|no\s+way|never|nunca|not\s+at\s+all|absolutely\s+not|de\s+ninguna\s+manera)\b",
    re.I,
)

LEAVES_ASKED = lazy(
    r"\b(?:can|may|could)\s+(?:the\s+|our\s+)?(?:data|text|prompts?|it)\s+leave\b|\bpueden\s+salir\s+los\s+datos\b",
    re.I,
)

AUXILIARY = lazy(
    r"\s*¿?\s*(?:does|do|is|are|should|must|has|have|debe|deben|tiene|tienen)\s+(?:the\s+|our\s+|los\s+|la\s+)?"
    r"(?:data|text|it|this|that|prompts?|datos|texto|we\s+need|need)\b"
    r"|\s*¿?\s*(?:los\s+|el\s+)?(?:datos|texto|prompts?)\s+(?:tienen|deben|tiene|debe|han|ha)\b",
    re.I,
)

NEAR = 60  # a residency phrase accounts for the watched words this close to it ("legal insists")
