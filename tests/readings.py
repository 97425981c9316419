"""One parse of each question per test session, shared by the tests that read it (and by the workers of `-n`).

The parser is a function of the text, the catalogs and the settings: nothing it keeps between calls changes a
reading (checked 2026-12-01: every corpus question parsed in file order and shuffled, under two hash seeds, in
two processes, gave the same readings). Several tests read each corpus question: its row test, the test that
its findings have words, and the corpus-wide checks. `parsed` parses a
question once per session and hands every later reader the same reading:

- in memory, within a process, for any catalogs (keyed by the object);
- across the workers of `-n`, on disk (a folder the session makes, `FOLDER_ENV`), for the session's own
  catalogs (tests/conftest.py `catalogs`, registered with `share`) and the default settings only. A worker
  claims a question before it parses it (a `.claim` file beside the reading): another worker that wants it
  meanwhile waits for that reading instead of parsing it too, and `parsed_all` (a corpus-wide test) reads the
  questions nobody is parsing first.

A reading read back is the pickle of the one the parser made (pydantic models pickle whole and compare equal).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
import time
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


def parsed_all(questions: list[str], catalogs: Any) -> list[Any]:
    """`parsed` of each question, in order. A question another worker of `-n` is parsing right now (a corpus-wide
    test running in two workers at once, or a row test) is left for later and read back when it is done, so two
    workers walking the same corpus split it between them instead of both parsing all of it."""
    done: dict[str, Any] = {}
    later: list[str] = []
    for question in dict.fromkeys(questions):
        key = (question, id(catalogs))
        hit = _MEMO.get(key)
        if hit is not None and hit[0] is catalogs:
            done[question] = hit[1]
            continue
        result = _from_disk(question, catalogs, wait=False)
        if result is _BUSY:
            later.append(question)
            continue
        _MEMO[key] = (catalogs, result)
        done[question] = result
    for question in later:
        done[question] = parsed(question, catalogs)
    return [done[question] for question in questions]


_BUSY: Any = object()  # _from_disk(wait=False): another worker is parsing the question now
_WAIT = 300.0  # seconds a worker waits for another's reading before parsing the question itself (a worker died)


def _from_disk(question: str, catalogs: Any, wait: bool = True) -> Any:
    from bot.parser import parse

    folder = os.environ.get(FOLDER_ENV)
    if not folder or not _SHARED or catalogs is not _SHARED[0]:
        return parse(question, catalogs)
    path = Path(folder) / (hashlib.sha256(question.encode("utf-8", "surrogatepass")).hexdigest() + ".pickle")
    claim = path.with_suffix(".claim")
    deadline = None
    while True:
        try:
            return pickle.loads(path.read_bytes())  # noqa: S301 (written by this session's own workers)
        except (FileNotFoundError, EOFError, pickle.UnpicklingError):
            pass
        try:  # the worker that makes the claim parses the question; the others wait for its reading
            os.close(os.open(claim, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            break
        except FileExistsError:
            if not wait:
                return _BUSY
        deadline = deadline or time.monotonic() + _WAIT
        if time.monotonic() > deadline:  # the claimer is gone: parse it here
            return parse(question, catalogs)
        time.sleep(0.02)
    try:
        if path.exists():  # written between the look and the claim
            return pickle.loads(path.read_bytes())  # noqa: S301
        result = parse(question, catalogs)
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "wb") as out:
            out.write(pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(tmp, path)  # whole or absent: a worker never reads a half-written reading
    finally:  # a parse that raised leaves no claim: a waiting worker parses (and fails) itself
        os.unlink(claim)
    return result
