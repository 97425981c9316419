"""Answers into words: each Finding as a sentence, and the terminal text of `llmcost ask`. Every sentence
comes from a template in prompts/ (prompts/es/ for Spanish)."""

from __future__ import annotations

import shlex
from functools import cache, cached_property
from typing import Any

from jinja2 import TemplateNotFound

from bot.render import env
from costcore.answer import Answer
from costcore.scenario import Finding

FINDING_TEMPLATES = ("findings.j2", "parser_findings.j2", "offer_findings.j2", "hub_findings.j2")


@cache
def _finding_modules(locale: str = "en") -> tuple[Any, ...]:
    """The finding templates of one language, in FINDING_TEMPLATES order (a missing file is skipped)."""
    modules = []
    for name in FINDING_TEMPLATES:
        try:
            modules.append(env.plain().get_template(name if locale == "en" else f"{locale}/{name}").module)
        except TemplateNotFound:
            continue
    return tuple(modules)


def finding(f: Finding, locale: str = "en") -> str:
    """One finding as a sentence, in `locale` ("en" or "es"; a macro the Spanish files lack falls back to
    English, and tests/bot/slack/test_spanish.py keeps that from hiding a gap). An unknown code is a bug: it
    fails loudly in tests."""
    chain = _finding_modules(locale) + _finding_modules() if locale != "en" else _finding_modules()
    for module in chain:
        macro = getattr(module, f.code, None)
        if macro is not None:
            return str(macro(**f.params)).strip()
    raise KeyError(f"no template for finding {f.code!r}")


class Sentences:
    """The findings of one answer as sentences in one language, each part rendered when first read (a
    verdict message needs the reasons, its thread the warnings and every node's reason)."""

    def __init__(self, a: Answer, locale: str = "en") -> None:
        self.answer, self.locale = a, locale

    def _all(self, found: list[Finding]) -> list[str]:
        return [finding(f, self.locale) for f in found]

    @cached_property
    def reasons(self) -> list[str]:
        return self._all(self.answer.reasons)

    @cached_property
    def warnings(self) -> list[str]:
        return self._all(self.answer.warnings)

    @cached_property
    def assumptions(self) -> list[str]:
        return self._all(self.answer.assumptions)

    @cached_property
    def clarification(self) -> str | None:
        return finding(self.answer.clarification, self.locale) if self.answer.clarification else None

    @cached_property
    def node_reasons(self) -> dict[str, str]:
        """Each node's reason, by node id."""
        fit = self.answer.fit
        return {n.id: finding(n.reason, self.locale) for n in (fit.nodes if fit else [])}


def findings(a: Answer, locale: str = "en") -> Sentences:
    """Every finding of an answer as sentences in `locale`: the CLI text, the contract and the Slack views
    all read these."""
    return Sentences(a, locale)


def text(a: Answer, locale: str = "en") -> str:
    """The terminal answer, in `locale` ("en" or "es": labels and findings alike)."""
    return env.plain().get_template("answer.txt.j2").render(
        a=a, f=findings(a, locale), serve_command=serve_command(a), locale=locale).strip() + "\n"


def serve_command(a: Answer) -> str | None:
    """The vLLM command for the chosen node, one replica (run `replicas` of them)."""
    if not a.serving:
        return None
    sv = a.serving
    env = " ".join(f"{k}={shlex.quote(v)}" for k, v in sv["env"].items())
    lines = [f"{env + ' ' if env else ''}vllm serve {sv['model']} \\"]
    lines += [f"  {flag} \\" for flag in sv["flags"]]
    lines[-1] = lines[-1].removesuffix(" \\")
    return "\n".join(lines)


