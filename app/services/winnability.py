"""The figures of "How winnable is Forty Thieves?" (``/winnability``), from the stored surveys
(:mod:`app.services.survey`): per mode, the headline survey's counts with Wilson intervals and
the bounds they put on the winnable share, the share resolved and won as the budget grows, and
the lengths of the winning lines.

Which survey is the headline: of the random samples (``random-<seed>``) stored for the mode,
the newest solver version (:func:`version_key`), then the (sample, budget) with the most deals
(ties: the larger budget).
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

from sqlalchemy.orm import Session

from app.db import queries
from app.db.models import SurveyVerdict
from app.solver import UNKNOWN, UNWINNABLE, WINNABLE, parse_budget
from app.solver.survey import wilson


def winnable_bounds(won: int, lost: int, n: int) -> tuple[float, float]:
    """Bounds on the share of all deals that are winnable, from ``won`` proved winnable and
    ``lost`` proved lost of a random sample of ``n``: every won deal is winnable and every lost
    one is not, so the true share lies between the share of deals the solver wins and one less
    the share it proves lost. The low end is the Wilson low bound of won, the high end one less
    the Wilson low bound of lost; each end holds with 97.5 % confidence, both together with at
    least 95 % (one fails with chance at most 2.5 %, so either with at most 5 %).

    :returns: (low, high) as fractions.
    """
    return (wilson(won, n)[0], 1.0 - wilson(lost, n)[0])


@dataclass(frozen=True)
class Count:
    """How many deals of the sample got one verdict: ``k`` of ``n``, with its Wilson 95 % interval."""

    verdict: str
    k: int
    n: int
    low: float
    high: float

    @property
    def share(self) -> float:
        """``k / n`` (0 for an empty sample)."""
        return self.k / self.n if self.n else 0.0


@dataclass(frozen=True)
class LadderPoint:
    """The share resolved (won or proved lost) and won at one node budget, over the deals
    surveyed at every budget of the ladder."""

    nodes: int
    n: int
    resolved: float
    won: float


@dataclass(frozen=True)
class Survey:
    """The figures of one mode.

    :ivar sample: ``random-<seed>``. :ivar seed: its seed.
    :ivar counts: won, lost, undecided (in that order).
    :ivar bounds: (low, high) on the winnable share (:func:`winnable_bounds`).
    :ivar nodes_budget: positions per deal (None for a time budget); :ivar ms_budget: likewise.
    :ivar seconds: machine time of the whole sample; :ivar rate: positions searched a second.
    :ivar lines: the lengths of the winning lines.
    """

    mode: str
    sample: str
    seed: int
    solver_version: str
    budget: str
    nodes_budget: int | None
    ms_budget: float | None
    n: int
    counts: tuple[Count, Count, Count]
    bounds: tuple[float, float]
    seconds: float
    median_seconds: float
    rate: float
    lines: tuple[int, ...]
    ladder: tuple[LadderPoint, ...]


RANDOM = "random-"
"""The start of a random sample's name (:func:`app.solver.sample.sample_name`)."""


def _headline(session: Session, mode: str) -> tuple[str, str, str] | None:
    """(sample, solver version, budget) of the headline survey of ``mode``, or None."""
    versions = queries.survey_versions(session, mode, RANDOM)
    if not versions:
        return None
    version = max(versions, key=version_key)
    sizes = queries.survey_sizes(session, mode, version, RANDOM)
    sample, budget, _ = max(sizes, key=lambda g: (g[2], _budget_size(g[1])))
    return sample, version, budget


def version_key(version: str) -> tuple[tuple[int, str], ...]:
    """Orders solver versions: ``1.10`` after ``1.9`` (numbers as numbers, other parts as text)."""
    return tuple((int(part), "") if part.isdigit() else (-1, part) for part in version.split("."))


def _budget_size(budget: str) -> tuple[float, float]:
    b = parse_budget(budget)
    return (b.nodes or math.inf, b.ms or math.inf)


def headline_rows(session: Session, mode: str) -> list[SurveyVerdict]:
    """The verdicts of the headline survey of ``mode`` (none stored: empty)."""
    head = _headline(session, mode)
    return queries.survey_rows(session, mode, *head) if head else []


def ladder(session: Session, mode: str, sample: str, version: str) -> list[LadderPoint]:
    """The share resolved and won at each node budget stored for the sample, counted over the
    deals surveyed at every one of those budgets (so each point has the same deals)."""
    found = queries.survey_verdicts(session, mode, sample, version)
    by_budget: dict[int, dict[int, str]] = {}
    for budget, number, verdict in found:
        b = parse_budget(budget)
        if b.nodes is not None and b.ms is None:
            by_budget.setdefault(b.nodes, {})[number] = verdict
    if len(by_budget) < 2:
        return []
    common = set.intersection(*(set(v) for v in by_budget.values()))
    if not common:
        return []
    points = []
    for nodes in sorted(by_budget):
        verdicts = [by_budget[nodes][number] for number in common]
        won = sum(1 for v in verdicts if v == WINNABLE)
        lost = sum(1 for v in verdicts if v == UNWINNABLE)
        points.append(LadderPoint(nodes, len(common), (won + lost) / len(common), won / len(common)))
    return points


Revision = tuple[int, ...]
"""A fingerprint of the stored survey verdicts (:func:`app.db.queries.survey_revision`)."""

KEPT_MOST = 64
"""Most figures kept (per database, revision and mode); past it the kept ones are all dropped."""

_kept: dict[tuple[str, Revision, str], Survey | None] = {}


def mode_survey(session: Session, mode: str, revision: Revision | None = None) -> Survey | None:
    """The figures of ``mode`` (None when no random sample is stored).

    Worked out from the rows once per database and ``revision``, then kept in this process:
    the rows of every mode take about 0.35 s to read and count, the revision about 7 ms (about
    16,000 rows on SQLite). A survey writing rows meanwhile changes the revision, so the next
    page shows them. Pass ``revision`` (read once) when asking for several modes at a time.
    """
    if revision is None:
        revision = queries.survey_revision(session)
    key = (str(session.get_bind().engine.url), revision, mode)
    if key not in _kept:
        if len(_kept) >= KEPT_MOST:
            _kept.clear()
        _kept[key] = _work_out(session, mode)
    return _kept[key]


def _work_out(session: Session, mode: str) -> Survey | None:
    """:func:`mode_survey`'s figures, from the rows."""
    head = _headline(session, mode)
    if head is None:
        return None
    sample, version, budget = head
    rows = queries.survey_rows(session, mode, sample, version, budget, lines=False)
    n = len(rows)
    counts = tuple(
        Count(v, k, n, *wilson(k, n))
        for v, k in ((v, sum(1 for r in rows if r.verdict == v)) for v in (WINNABLE, UNWINNABLE, UNKNOWN))
    )
    seconds = sum(r.elapsed_ms for r in rows) / 1000
    limit = parse_budget(budget)
    return Survey(
        mode=mode,
        sample=sample,
        seed=int(sample.removeprefix("random-")),
        solver_version=version,
        budget=budget,
        nodes_budget=limit.nodes,
        ms_budget=limit.ms,
        n=n,
        counts=(counts[0], counts[1], counts[2]),
        bounds=winnable_bounds(counts[0].k, counts[1].k, n),
        seconds=seconds,
        median_seconds=statistics.median(r.elapsed_ms for r in rows) / 1000,
        rate=sum(r.nodes for r in rows) / seconds if seconds else 0.0,
        lines=tuple(sorted(r.line_length for r in rows if r.verdict == WINNABLE and r.line_length)),
        ladder=tuple(ladder(session, mode, sample, version)),
    )
