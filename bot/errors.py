"""Typed errors users can fix, and the one sentence shown for everything else."""

from __future__ import annotations

import logging

from costcore.catalog import CatalogError

log = logging.getLogger("llmcost")


class UserError(Exception):
    """Something the user can fix; its message is shown as it is."""


def friendly(exc: BaseException) -> str:
    if isinstance(exc, UserError | CatalogError):
        return f"llmcost: {exc}"
    log.debug("unexpected error", exc_info=exc)
    return f"llmcost: something went wrong ({type(exc).__name__}: {exc}). Nothing was lost; please try again."
