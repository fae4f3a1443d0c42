"""Ready values for "How winnable is Forty Thieves?" (:mod:`app.web.routes.winnability`): the
figures of each mode (:mod:`app.services.winnability`) in the visitor's language, and the
geometry of two server-rendered SVG charts with their text alternatives: the share resolved
and won as the budget grows, and a histogram of the winning lines' lengths."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from babel.numbers import format_compact_decimal, format_decimal
from sqlalchemy.orm import Session

from app.db import queries
from app.engine import MODES
from app.i18n import _, current_language, decimal, percent
from app.services import winnability as w
from app.web.templating import mode_label

LADDER_W, LADDER_H = 460, 250
"""The budget chart's box; the plot leaves :data:`PAD` for the axes' labels."""
PAD = (54, 16, 40, 42)  # left, top, right, bottom
HIST_W, HIST_H = 440, 190
BIN = 25
"""Moves per bar of the histogram of winning lines."""
BARS = 20
"""Bars of the histogram at most (the last holds the longer lines too)."""
LABEL_CHAR = 9.5
"""SVG units one character of an axis label takes at the charts' font size (15, pages.css)."""
LABEL_GAP = 8
"""SVG units at least between two axis labels."""


def whole(n: float) -> str:
    """A whole number with the language's grouping: ``100,000`` / ``100.000``."""
    return format_decimal(round(n), format="#,##0", locale=current_language())


@dataclass(frozen=True)
class Row:
    """One line of the counts table: verdict label, count, share and Wilson 95 % interval."""

    key: str
    label: str
    k: str
    share: str
    low: str
    high: str


@dataclass(frozen=True)
class Point:
    """A point of the budget chart (SVG units) with its figures for the table."""

    x: float
    y_resolved: float
    y_won: float
    budget: str
    seconds: str
    resolved: str
    won: str


@dataclass(frozen=True)
class Tick:
    """An axis label at ``at`` (SVG units)."""

    at: float
    label: str


@dataclass(frozen=True)
class Bin:
    """A bar of the histogram: ``count`` lines from ``low`` to ``high`` moves."""

    x: float
    y: float
    width: float
    height: float
    low: int
    high: int | None
    count: int
    label: str = ""
    """The axis label under it (every other bar, counted back from the last; "700+" on a last
    bar that holds the longer lines too)."""


@dataclass(frozen=True)
class ModeView:
    """Everything the page shows for one mode (``survey`` None: nothing stored yet)."""

    mode: str
    label: str
    survey: w.Survey | None
    sample_size: str = ""
    rows: list[Row] = field(default_factory=list)
    bounds: tuple[str, str] = ("", "")
    budget: str = ""
    budget_seconds: str = ""
    machine_time: str = ""
    median_time: str = ""
    rate: str = ""
    points: list[Point] = field(default_factory=list)
    x_ticks: list[Tick] = field(default_factory=list)
    y_ticks: list[Tick] = field(default_factory=list)
    ladder_n: int = 0
    ladder_desc: str = ""
    bins: list[Bin] = field(default_factory=list)
    hist_desc: str = ""


def budget_label(nodes: int) -> str:
    """A node budget as words: ``100,000 positions``."""
    return _("%(n)s positions") % {"n": whole(nodes)}


def ladder_points(points: Sequence[w.LadderPoint], rate: float) -> tuple[list[Point], list[Tick], list[Tick]]:
    """The budget chart: x on a log scale of positions, y the share (0 at the bottom)."""
    left, top, right, bottom = PAD
    plot_w, plot_h = LADDER_W - left - right, LADDER_H - top - bottom
    lo, hi = math.log10(points[0].nodes), math.log10(points[-1].nodes)
    span = hi - lo or 1.0

    def x(nodes: int) -> float:
        return round(left + (math.log10(nodes) - lo) / span * plot_w, 1)

    def y(share: float) -> float:
        return round(top + (1 - share) * plot_h, 1)

    out = [
        Point(
            x(p.nodes),
            y(p.resolved),
            y(p.won),
            budget_label(p.nodes),
            decimal(p.nodes / rate, 2) if rate else "–",
            percent(p.resolved),
            percent(p.won),
        )
        for p in points
    ]
    x_ticks = _spaced([Tick(x(p.nodes), compact(p.nodes)) for p in points])
    y_ticks = [Tick(y(s / 4), percent(s / 4, 0)) for s in range(5)]
    return out, x_ticks, y_ticks


def compact(n: int) -> str:
    """A budget as a short axis label in the current language: ``100K``, ``6M`` / ``100 mil``."""
    return format_compact_decimal(n, locale=current_language())


def _spaced(ticks: list[Tick]) -> list[Tick]:
    """The axis labels that fit, each centred on its point: from the last (the largest budget)
    back, a label is kept when :data:`LABEL_GAP` stays between it and the one kept after it (the
    chart's table lists every budget)."""

    def half(t: Tick) -> float:
        return len(t.label) * LABEL_CHAR / 2

    kept: list[Tick] = []
    for t in reversed(ticks):
        if not kept or t.at + half(t) + LABEL_GAP <= kept[-1].at - half(kept[-1]):
            kept.append(t)
    return kept[::-1]


def histogram(lines: Sequence[int]) -> list[Bin]:
    """Bars of :data:`BIN` moves from the shortest winning line (sorted ``lines``), at most
    :data:`BARS` of them: the last holds every longer line too (its ``high`` is then None)."""
    if not lines:
        return []
    first = lines[0] // BIN * BIN
    counts = [0] * min(BARS, (lines[-1] - first) // BIN + 1)
    for n in lines:
        counts[min((n - first) // BIN, len(counts) - 1)] += 1
    top = max(counts)
    slot = (HIST_W - 8) / len(counts)
    plot_h = HIST_H - 24
    bins = []
    for i, c in enumerate(counts):
        h = round(c / top * plot_h, 1)
        low = first + i * BIN
        last = i == len(counts) - 1 and lines[-1] >= low + BIN
        x, width = round(4 + i * slot + 1, 1), round(slot - 2, 1)
        bins.append(Bin(x, round(HIST_H - 20 - h, 1), width, h, low, None if last else low + BIN - 1, c))
    end = len(bins) - 1  # labels counted back from the last bar, as many as fit
    step = _label_step([f"{b.low}{'+' if b.high is None else ''}" for b in bins], slot)
    return [
        replace(b, label=f"{b.low}{'+' if b.high is None else ''}") if (end - i) % step == 0 else b
        for i, b in enumerate(bins)
    ]


def _label_step(labels: list[str], slot: float) -> int:
    """Bars from one axis label to the next (2 or more), counted back from the last: the fewest
    that keep :data:`LABEL_GAP` between any two labels. Each label is centred under its bar but
    the last, which ends at its bar's right edge (the chart's end), so it comes nearer the one
    before it. ``slot``: SVG units from one bar to the next."""
    widths = [len(label) * LABEL_CHAR for label in labels]
    end = len(labels) - 1
    for step in range(2, len(labels) + 1):
        shown = list(range(end, -1, -step))
        if len(shown) < 2:
            return step
        last_gap = step * slot + (slot - 2) / 2 - widths[end] - widths[shown[1]] / 2
        others = [step * slot - (widths[i] + widths[i - step]) / 2 for i in shown[1:-1]]
        if min([last_gap, *others]) >= LABEL_GAP:
            return step
    return len(labels)


def _counts(s: w.Survey) -> list[Row]:
    labels = {"winnable": _("won (proved winnable)"), "unwinnable": _("proved lost"), "unknown": _("undecided")}
    return [
        Row(c.verdict, labels[c.verdict], whole(c.k), percent(c.share), percent(c.low), percent(c.high))
        for c in s.counts
    ]


def mode_view(session: Session, mode: str, revision: w.Revision | None = None) -> ModeView:
    """The :class:`ModeView` of ``mode`` (``revision``: see :func:`.w.mode_survey`)."""
    s = w.mode_survey(session, mode, revision)
    if s is None:
        return ModeView(mode, mode_label(mode), None)
    if s.nodes_budget:
        budget = budget_label(s.nodes_budget)
    else:
        budget = _("%(s)s s") % {"s": decimal((s.ms_budget or 0) / 1000)}
    secs = decimal(s.nodes_budget / s.rate, 1) if s.nodes_budget and s.rate else ""
    points, x_ticks, y_ticks = ladder_points(s.ladder, s.rate) if s.ladder else ([], [], [])
    ladder_desc = "; ".join(
        _("%(budget)s: %(resolved)s resolved, %(won)s won") % {"budget": p.budget, "resolved": p.resolved, "won": p.won}
        for p in points
    )
    bins = histogram(s.lines)
    hist_desc = (
        _("%(n)s winning lines: the shortest %(min)s moves, the median %(median)s, the longest %(max)s.")
        % {"n": whole(len(s.lines)), "min": s.lines[0], "median": whole(statistics.median(s.lines)), "max": s.lines[-1]}
        if s.lines
        else ""
    )
    return ModeView(
        mode=mode,
        label=mode_label(mode),
        survey=s,
        sample_size=whole(s.n),
        rows=_counts(s),
        bounds=(percent(s.bounds[0]), percent(s.bounds[1])),
        budget=budget,
        budget_seconds=secs,
        machine_time=decimal(s.seconds / 60, 1),
        median_time=decimal(s.median_seconds, 2),
        rate=whole(s.rate),
        points=points,
        x_ticks=x_ticks,
        y_ticks=y_ticks,
        ladder_n=s.ladder[0].n if s.ladder else 0,
        ladder_desc=ladder_desc,
        bins=bins,
        hist_desc=hist_desc,
    )


def winnability_view(session: Session) -> list[ModeView]:
    """One :class:`ModeView` per mode, Classic first."""
    revision = queries.survey_revision(session)
    return [mode_view(session, m, revision) for m in MODES]
