"""Ready values for a visitor's statistics page (:mod:`app.web.routes.stats`): their figures
(:func:`app.services.records.stats`) and a server-rendered SVG chart of the last 50 results."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from app.engine import MODES
from app.i18n import _, ngettext, percent
from app.services import records
from app.web.templating import mode_label

CHART_W, CHART_H, BAR_GAP = 500, 120, 2
MIN_BAR = 8.0
"""The lowest bar (chart units, about 7 % of its height): a game with few cards home, or none,
still leaves a mark that can be seen."""
SMALL_SHARE = 0.15
"""A bar for a share of cards home below this carries its count written above it (a low bar
says little by its height alone)."""


@dataclass(frozen=True)
class Bar:
    """One result in the chart: a bar whose height is the share of cards home (full and gold
    for a win), at least :data:`MIN_BAR`. ``mark``: the count of cards home written above a
    low bar (:data:`SMALL_SHARE`), or None; ``mark_left``/``mark_bottom``: where, in % of the
    chart's width and height."""

    x: float
    y: float
    width: float
    height: float
    won: bool
    label: str
    mark: str | None = None
    mark_left: float = 0.0
    mark_bottom: float = 0.0


@dataclass(frozen=True)
class StatsView:
    """Everything the statistics page shows for one mode."""

    mode: str
    modes: list[tuple[str, str, bool]]
    """(mode, label, current) for the mode tabs."""
    stats: records.Stats
    win_rate: str
    bars: list[Bar]
    chart_w: int
    chart_h: int
    name: str | None


def chart_bars(recent: list[tuple[bool, int]], card_count: int) -> list[Bar]:
    """Bars for the last results, oldest on the left, in a ``CHART_W × CHART_H`` box with room
    for :data:`app.services.records.CHART_RESULTS` of them. A low bar is marked with its count
    of cards home, unless the bar just before it is marked too (two numbers would overlap).
    ``card_count``: the mode's cards in play (104, or 156 with three decks)."""
    slot = CHART_W / records.CHART_RESULTS
    bars: list[Bar] = []
    for i, (won, home) in enumerate(recent):
        share = 1.0 if won else home / card_count
        height = max(round(share * (CHART_H - 4), 1), MIN_BAR)
        label = _("won") if won else ngettext("%(home)s card home", "%(home)s cards home", home) % {"home": home}
        marked = not won and share < SMALL_SHARE and not (bars and bars[-1].mark is not None)
        bars.append(
            Bar(
                round(i * slot + BAR_GAP / 2, 1),
                round(CHART_H - height, 1),
                round(slot - BAR_GAP, 1),
                height,
                won,
                label,
                mark=str(home) if marked else None,
                mark_left=round((i + 0.5) * slot / CHART_W * 100, 2),
                mark_bottom=round(height / CHART_H * 100, 2),
            )
        )
    return bars


def stats_view(session: Session, visitor: str, mode: str) -> StatsView:
    """The :class:`StatsView` of ``visitor`` in ``mode``."""
    figures = records.stats(session, visitor, mode)
    return StatsView(
        mode=mode,
        modes=[(m, mode_label(m), m == mode) for m in MODES],
        stats=figures,
        win_rate=percent(figures.win_rate, 0),
        bars=chart_bars(figures.recent, MODES[mode].card_count),
        chart_w=CHART_W,
        chart_h=CHART_H,
        name=records.display_names(session, [visitor]).get(visitor),
    )
