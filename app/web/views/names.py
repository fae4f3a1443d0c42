"""The variants' names in the visitor's language (RULES.md, "The family"): each row's
``title``, marked for translation here, so templates and pages can say "Sesenta ladrones"."""

from __future__ import annotations

from app.i18n import N_, _

TITLES: dict[str, str] = {
    "classic": N_("Classic"),
    "relaxed": N_("Relaxed"),
    "josephine": N_("Josephine"),
    "limited": N_("Limited"),
    "lucas": N_("Lucas"),
    "indian": N_("Indian"),
    "streets": N_("Streets"),
    "maria": N_("Maria"),
    "number-ten": N_("Number Ten"),
    "rank-and-file": N_("Rank and File"),
    "little-forty": N_("Little Forty"),
    "sixty-thieves": N_("Sixty Thieves"),
    "kings-only": N_("Kings Only"),
    "three-passes": N_("Three Passes"),
}
"""Each variant's name (its row's ``title``), marked for translation."""


def mode_title(mode: str) -> str:
    """A variant's name in the current language ("Sixty Thieves", "Sesenta ladrones"); an
    unknown slug stands as it is."""
    title = TITLES.get(mode)
    return _(title) if title else mode
