"""Budgets as people write them on the command line: ``10s``, ``500ms``, ``2m``, ``200000n``."""

from __future__ import annotations

import re
from typing import NamedTuple

_BUDGET_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|n)\s*$", re.IGNORECASE)


class Budget(NamedTuple):
    """A search budget: wall-clock milliseconds and/or nodes (None = no limit of that kind)."""

    ms: float | None = None
    nodes: int | None = None


def parse_budget(text: str) -> Budget:
    """Read ``"10s"``, ``"500ms"``, ``"2m"`` (time) or ``"200000n"`` (nodes; deterministic).
    Several may be joined with ``+``: ``"10s+500000n"`` stops at whichever comes first.

    :raises ValueError: naming the text, when it is not a budget.
    """
    ms: float | None = None
    nodes: int | None = None
    for part in text.split("+"):
        m = _BUDGET_RE.match(part)
        if not m or float(m.group(1)) <= 0:
            raise ValueError(f"{text!r} is not a budget: use e.g. 10s, 500ms, 2m or 200000n")
        value, unit = float(m.group(1)), m.group(2).lower()
        if unit == "n":
            if not value.is_integer():
                raise ValueError(f"{text!r}: a node budget is a whole number")
            nodes = int(value)
        else:
            ms = value * {"ms": 1, "s": 1000, "m": 60_000}[unit]
    return Budget(ms, nodes)
