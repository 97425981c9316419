"""One parse of each question per test session, shared by the tests that read it (and by the workers of `-n`).

The parser is a function of the text, the catalogs and the settings: nothing it keeps between calls changes a
reading (checked 2026-12-01: every corpus question parsed in file order and shuffled, under two hash seeds, in
two processes, gave the same readings). Several tests read each corpus question: its row test, the test that
its findings have words, and the corpus-wide checks. `parsed` parses a
question once per session and hands every later reader the same reading:

- in memory, within a process, for any catalogs (keyed by the object);
- across the workers of `-n`, on disk (a folder the session makes, `FOLDER_ENV`), for the session's own
  catalogs (tests/conftest.py `catalogs`, registered with `share`) and the default settings only.

A reading read back is the pickle of the one the parser made (pydantic models pickle whole and compare equal).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from pathlib import Path
from typing import Any

FOLDER_ENV = "LLMCOST_TEST_READINGS"

_MEMO: dict[tuple[str, int], tuple[Any, Any]] = {}
_SHARED: list[Any] = []  # the session's catalogs: the only ones whose readings go to disk


def share(catalogs: Any) -> Any:
    """Mark `catalogs` as the session's (the same files, the same pinned prices in every worker)."""
    _SHARED[:] = [catalogs]
    return catalogs


def parsed(question: str, catalogs: Any) -> Any:
    """`bot.parser.parse(question, catalogs)` with the default settings, once per session."""
    key = (question, id(catalogs))
    hit = _MEMO.get(key)
    if hit is not None and hit[0] is catalogs:  # the id of a dropped object can be reused
        return hit[1]
    result = _from_disk(question, catalogs)
    _MEMO[key] = (catalogs, result)
    return result


def _from_disk(question: str, catalogs: Any) -> Any:
    from bot.parser import parse

    folder = os.environ.get(FOLDER_ENV)
    if not folder or not _SHARED or catalogs is not _SHARED[0]:
        return parse(question, catalogs)
    path = Path(folder) / (hashlib.sha256(question.encode("utf-8", "surrogatepass")).hexdigest() + ".pickle")
    try:
        return pickle.loads(path.read_bytes())  # noqa: S301 (written by this session's own workers)
    except (FileNotFoundError, EOFError, pickle.UnpicklingError):
        pass
    result = parse(question, catalogs)
    fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
    with os.fdopen(fd, "wb") as out:
        out.write(pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
    os.replace(tmp, path)  # whole or absent: a worker never reads a half-written reading
    return result
