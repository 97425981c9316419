"""Publishers, not models: "we're fine sending data to OpenAI" names no model.

Read from costcore's catalogs, not kept here: the closed vendors and their providers (closed.yaml), the
node providers (nodes.yaml), the organisations of the serving repos (models.yaml: "meta-llama" is Meta,
"moonshotai" Moonshot) and costcore/data/publishers.yaml for the few the others do not name (NVIDIA,
Microsoft, Amazon). A word that starts a catalog model's own id or name ("deepseek", "qwen") is a model's
name first, whoever publishes it, and is left out.
"""

from __future__ import annotations

import re
from functools import cache

from bot.cache import cached_pickle
from costcore.catalog import DATA, Catalogs, normalise


@cache
def _listed() -> frozenset[str]:
    """publishers.yaml's words, kept parsed in the user's cache (a warm `llmcost ask` imports no YAML parser)."""
    path = DATA / "publishers.yaml"

    def parse() -> frozenset[str]:
        import yaml

        rows = yaml.safe_load(path.read_text(encoding="utf-8"))["publishers"]
        return frozenset(word.lower() for row in rows for word in row["words"])

    stat = path.stat()
    return cached_pickle("publishers", (stat.st_size, stat.st_mtime_ns), parse)


def publishers(catalogs: Catalogs) -> frozenset[str]:
    """Normalised words (as `bot.parse.words.Token.key`) that name a publisher or a host."""
    words = set(_listed())
    for vendor in catalogs.closed.vendors:
        words.add(normalise(vendor.vendor))
        words.update(normalise(p.split("-")[0]) for p in vendor.providers)
    words.update(normalise(node.provider) for node in catalogs.nodes.values() if getattr(node, "provider", None))
    for model in catalogs.models.values():
        if model.serving and "/" in model.serving.repo:
            org = model.serving.repo.split("/", 1)[0].lower()
            words.update({normalise(org), normalise(re.split(r"[-_]", org)[0])})
    heads = {normalise(re.split(r"[\s\-_/.]+", n.lower())[0]) for m in catalogs.models.values() for n in (m.id, m.name)}
    return frozenset(w for w in words if len(w) > 1 and not any(h.startswith(w) for h in heads))
