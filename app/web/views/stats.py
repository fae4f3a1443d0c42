"""Ready values for a visitor's statistics page (:mod:`app.web.routes.stats`): their figures
(:func:`app.services.records.stats`) and a server-rendered SVG chart of the last 50 results."""

from __future__ import annotations

from dataclasses import dataclass

from babel.numbers import format_percent
from sqlalchemy.orm import Session

from app.engine import MODES
from app.i18n import _, current_language, ngettext
from app.services import records
from app.web.templating import mode_label

CHART_W, CHART_H, BAR_GAP = 500, 120, 2


@dataclass(frozen=True)
class Bar:
    """One result in the chart: a bar whose height is the share of cards home (full and gold
    for a win)."""

    x: float
    y: float
    width: float
    height: float
    won: bool
    label: str


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


def chart_bars(recent: list[tuple[bool, int]], card_count: int = 104) -> list[Bar]:
    """Bars for the last results, oldest on the left, in a ``CHART_W × CHART_H`` box with room
    for :data:`app.services.records.CHART_RESULTS` of them."""
    slot = CHART_W / records.CHART_RESULTS
    bars = []
    for i, (won, home) in enumerate(recent):
        share = 1.0 if won else home / card_count
        height = max(round(share * (CHART_H - 4), 1), 2.0)
        label = _("won") if won else ngettext("%(home)s card home", "%(home)s cards home", home) % {"home": home}
        bars.append(
            Bar(
                round(i * slot + BAR_GAP / 2, 1),
                round(CHART_H - height, 1),
                round(slot - BAR_GAP, 1),
                height,
                won,
                label,
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
        win_rate=format_percent(figures.win_rate, locale=current_language()),
        bars=chart_bars(figures.recent),
        chart_w=CHART_W,
        chart_h=CHART_H,
        name=records.display_names(session, [visitor]).get(visitor),
    )
