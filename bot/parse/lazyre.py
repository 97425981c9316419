"""`lazy` is `re.compile`, under the name the parser's modules import.

It compiled each pattern on first use, to spare `llmcost ask` compiling patterns a question never needs.
Since bot/startup.py keeps every pattern's compiled code between runs (`keep_regexes`), compiling them all
at import costs nothing measurable (bench/bench_engine.py --tricks), so the trick is gone; the parser's
modules may call `re.compile` directly.
"""

import re

lazy = re.compile

__all__ = ["lazy"]
