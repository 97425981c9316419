"""Which language to answer in: Spanish when the question reads as Spanish, else English.

A question is a few words, so this counts short function words only one of the two languages uses (and the
inverted marks only Spanish has); a tie is English. Model names, figures and units are language-neutral.
"""

from __future__ import annotations

import re

SPANISH = frozenset({
    "además", "al", "ayuda", "cada", "con", "correr", "cuanto", "cuesta", "cuestan", "cuánto", "de", "del",
    "día", "ejecutar", "el", "en", "es", "hay", "historial", "hora", "horario", "horas", "la", "laboral",
    "laborales", "las", "los", "menos", "mes", "meses", "mismo", "mismos", "modelo", "modelos", "más", "no",
    "nodo", "nodos", "nosotros", "nuestra", "nuestro", "nuestros", "para", "pero", "podemos", "podríamos",
    "por", "precios", "propio", "propios", "puede", "pueden", "que", "qué", "sale", "salga", "salir", "semana",
    "servidor", "servidores", "si", "son", "sí", "también", "texto", "usar", "usuaria", "usuario", "usuarios",
    "y",
})
ENGLISH = frozenset({
    "also", "and", "are", "at", "business", "but", "can", "could", "each", "for", "help", "history", "host",
    "hour", "hours", "how", "if", "is", "leave", "less", "may", "models", "month", "more", "much", "node",
    "nodes", "not", "of", "our", "ourselves", "own", "per", "prices", "run", "self", "text", "the", "there",
    "use", "user", "users", "we", "week", "what", "with",
})
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


def language(text: str | None) -> str:
    """"es" or "en"."""
    text = (text or "").lower()
    if "¿" in text or "¡" in text:
        return "es"
    words = _WORD.findall(text)
    spanish = sum(w in SPANISH for w in words)
    english = sum(w in ENGLISH for w in words)
    return "es" if spanish > english else "en"
