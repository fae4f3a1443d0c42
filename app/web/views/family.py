"""The Forty Thieves family in words and pictures (RULES.md, "The family"): each variant's
name and one-line description in the visitor's language, what its rules change from Classic
(``/rules``), and the ``/games`` page: the share of deals the solver won and a small drawing of
the opening layout. Everything is read from the variant's :class:`~app.engine.Rules` row; the
words are keyed by the row's slug, never chosen by ``if variant == …``."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from app.db import queries
from app.engine import CLASSIC, MODES, RELAXED, Rules
from app.engine.rules import FAMILY, Build, RunMoves
from app.i18n import N_, _, ngettext, percent
from app.services.winnability import Revision, mode_survey
from app.solver import WINNABLE
from app.web.views.names import mode_title
from app.web.views.winnability import whole

BLURBS: dict[str, str] = {
    "classic": N_("The original: build down in suit, one card at a time, one pass through the stock."),
    "relaxed": N_("Classic with whole runs moving at once and one turn of the waste."),
    "josephine": N_("Classic, but a run of one suit moves as one, however long."),
    "limited": N_("Twelve columns of three: more room, fewer cards to start."),
    "lucas": N_("Thirteen columns of three, with the eight aces already home."),
    "indian": N_("Ten columns of three, the lowest face down; build in any suit but a card's own."),
    "streets": N_("Build down in alternate colours, one card at a time."),
    "maria": N_("Nine columns; build down in alternate colours."),
    "number-ten": N_("Alternate colours, runs move at once, two cards of each column face down."),
    "rank-and-file": N_("Alternate colours, runs move at once, three cards of each column face down."),
    "little-forty": N_("Any suit but a card's own, runs move, the stock turns three at a time, three redeals."),
    "sixty-thieves": N_("Three decks: twelve columns of five and twelve foundations."),
    "kings-only": N_("Classic, but only a king may fill an empty column."),
    "three-passes": N_("Classic with two redeals: three passes through the stock."),
}
"""Each variant in one line a player understands (RULES.md's family table)."""


def rules_of(mode: str) -> Rules:
    """The row of ``mode`` (a stored play's or card's mode; Classic for an unknown one)."""
    return MODES.get(mode) or next((r for r in FAMILY if r.name == mode), CLASSIC)


def _deal_note(rules: Rules) -> str:
    return ngettext(
        "%(columns)s columns of %(num)s card.", "%(columns)s columns of %(num)s cards.", rules.cards_per_column
    ) % {"columns": rules.columns, "num": rules.cards_per_column}


_BUILD_NOTES = {
    Build.SAME_SUIT: N_("Build down in suit: 6♦ onto 7♦."),
    Build.ALTERNATE_COLOURS: N_("Build down in alternate colours: 7♠ onto 8♥ or 8♦, never onto a black 8."),
    Build.ANY_SUIT_BUT_OWN: N_("Build down in any suit but the card's own: 7♠ onto 8♥, 8♦ or 8♣, never onto 8♠."),
}


def rule_notes(rules: Rules) -> list[str]:
    """What ``rules`` change from Classic, one sentence each, read from the row (``/rules``):
    the deal, face-down cards, decks, build rule, runs, empty columns, draws, redeals, aces.
    Classic itself: none."""
    notes: list[str] = []
    if (rules.columns, rules.cards_per_column) != (CLASSIC.columns, CLASSIC.cards_per_column):
        notes.append(_deal_note(rules))
    if rules.face_down:
        notes.append(
            ngettext(
                "The lowest card of each column is dealt face down; it turns face up when it comes to the top.",
                "The lowest %(num)s cards of each column are dealt face down; each turns up when it comes to the top.",
                rules.face_down,
            )
            % {"num": rules.face_down}
        )
    if rules.decks != CLASSIC.decks:
        notes.append(
            _("%(decks)s decks: %(cards)s cards, %(slots)s foundations, %(per)s for each suit.")
            % {"decks": rules.decks, "cards": rules.card_count, "slots": rules.foundation_slots, "per": rules.decks}
        )
    if rules.build is not CLASSIC.build:
        notes.append(_(_BUILD_NOTES[rules.build]))
    if rules.run_moves is RunMoves.WHOLE_RUNS:
        notes.append(_("Any part of a run moves at once, however long."))
    if rules.kings_only_in_empty:
        notes.append(
            _(
                "Only a king may fill an empty column, and cards move one at a time"
                " (an empty column cannot hold the others of a run on the way)."
            )
        )
    if rules.draw != CLASSIC.draw:
        notes.append(
            _("Each draw turns %(num)s cards onto the waste; only the waste's top card plays.") % {"num": rules.draw}
        )
    if rules.redeals:
        notes.append(
            ngettext(
                "The waste may be turned over into the stock once.",
                "The waste may be turned over into the stock %(num)s times.",
                rules.redeals,
            )
            % {"num": rules.redeals}
        )
    if rules.aces_home:
        notes.append(_("The %(num)s aces start on the foundations.") % {"num": 4 * rules.decks})
    if notes:
        notes.append(_("The stock holds %(num)s cards.") % {"num": rules.stock_size})
    return notes


@dataclass(frozen=True)
class Won:
    """The share of deals the solver won in a variant: ``won`` of ``n`` deals, and where the
    figure comes from (``survey``: a random sample; ``tried``: the deals tried so far)."""

    won: int
    n: int
    source: str

    @property
    def share(self) -> str:
        """The share in the current language, as the winnability page writes it: ``39.8 %``,
        ``39,8 %``."""
        return percent(self.won / self.n)

    @property
    def count(self) -> str:
        """``n`` with the language's grouping: ``2,000``, ``2.000``."""
        return whole(self.n)


def solver_won(session: Session, mode: str, revision: Revision | None = None) -> Won | None:
    """The share of deals the solver won in ``mode``: from the winnability survey's headline
    sample when there is one, else from every deal the solver has decided or given up on
    (``solved_deals``); None when it has looked at none. ``revision``: see :func:`mode_survey`."""
    survey = mode_survey(session, mode, revision)
    if survey is not None and survey.n:
        return Won(survey.counts[0].k, survey.n, "survey")
    counts = queries.verdict_counts(session, mode)
    n = sum(counts.values())
    return Won(counts.get(WINNABLE, 0), n, "tried") if n else None


@dataclass(frozen=True)
class Rect:
    """One card of a layout drawing: its corner (``x``, ``y``) and whether it shows its back."""

    x: float
    y: float
    back: bool


@dataclass(frozen=True)
class Drawing:
    """A small drawing of a variant's opening layout (SVG units): foundation slots on top, the
    columns with their face-down cards as backs, the stock at the bottom left."""

    width: float
    height: float
    card_w: float
    card_h: float
    slots: list[Rect]
    cards: list[Rect]
    stock: Rect
    aces: int
    """Foundation slots that start with an ace (Lucas)."""


CARD_W, CARD_H, GAP, PEEK = 10.0, 14.0, 3.0, 4.0


def layout_drawing(rules: Rules) -> Drawing:
    """The :class:`Drawing` of ``rules``' opening deal: ``columns`` × ``cards_per_column``, the
    lowest ``face_down`` of each as backs, ``foundation_slots`` slots, and the stock."""
    width = rules.columns * CARD_W + (rules.columns - 1) * GAP
    slot_row = rules.foundation_slots * CARD_W + (rules.foundation_slots - 1) * GAP
    left = (width - slot_row) / 2
    slots = [Rect(left + i * (CARD_W + GAP), 0, back=False) for i in range(rules.foundation_slots)]
    top = CARD_H + 2 * GAP
    cards = [
        Rect(c * (CARD_W + GAP), top + k * PEEK, back=k < rules.face_down)
        for c in range(rules.columns)
        for k in range(rules.cards_per_column)
    ]
    stock_y = top + (rules.cards_per_column - 1) * PEEK + CARD_H + 2 * GAP
    return Drawing(
        width=width,
        height=stock_y + CARD_H,
        card_w=CARD_W,
        card_h=CARD_H,
        slots=slots,
        cards=cards,
        stock=Rect(0, stock_y, back=True),
        aces=rules.foundation_slots if rules.aces_home else 0,
    )


def layout_words(rules: Rules) -> str:
    """The opening layout in words: "The opening layout: 10 columns of 3 cards, 1 face down
    in each; 8 foundations; a stock of 74 cards"."""
    deal = ngettext(
        "%(columns)s columns of %(num)s card", "%(columns)s columns of %(num)s cards", rules.cards_per_column
    ) % {"columns": rules.columns, "num": rules.cards_per_column}
    if rules.face_down:
        deal += ", " + _("%(num)s face down in each") % {"num": rules.face_down}
    return _("The opening layout: %(deal)s; %(slots)s foundations; a stock of %(stock)s cards") % {
        "deal": deal,
        "slots": rules.foundation_slots,
        "stock": rules.stock_size,
    }


@dataclass(frozen=True)
class VariantView:
    """One row of ``/games``."""

    mode: str
    title: str
    blurb: str
    won: Won | None
    drawing: Drawing
    layout_words: str
    """The drawing in words, for screen readers."""
    new_deal_url: str
    rules_anchor: str


def games_view(session: Session) -> list[VariantView]:
    """Every variant players can choose, in RULES.md's order (Classic and Relaxed first)."""
    revision = queries.survey_revision(session)
    return [
        VariantView(
            mode=rules.name,
            title=mode_title(rules.name),
            blurb=_(BLURBS[rules.name]),
            won=solver_won(session, rules.name, revision),
            drawing=layout_drawing(rules),
            layout_words=layout_words(rules),
            new_deal_url="/?mode=" + rules.name,
            rules_anchor="#" + (rules.name if rules.name in (CLASSIC.name, RELAXED.name) else "mode-" + rules.name),
        )
        for rules in MODES.values()
    ]


@dataclass(frozen=True)
class RulesSection:
    """A variant's section of ``/rules``: what it changes from Classic."""

    mode: str
    title: str
    blurb: str
    notes: list[str]
    play_url: str


def rules_sections() -> list[RulesSection]:
    """The family's sections of ``/rules``: every variant but Classic and Relaxed (which the
    page explains at length), in RULES.md's order."""
    return [
        RulesSection(r.name, mode_title(r.name), _(BLURBS[r.name]), rule_notes(r), "/?mode=" + r.name)
        for r in MODES.values()
        if r.name not in (CLASSIC.name, RELAXED.name)
    ]
