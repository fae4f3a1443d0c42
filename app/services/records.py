"""Finish cards and what is read off them: records per deal and per-visitor statistics
(RULES.md, "Counting and score": a win with fewer moves, ties less time, is a new record).

Cards of set-up positions (``custom``) are stored but never count here. Assisted cards (played
with hints, or after seeing the solver's line for the deal) count in the statistics, never for
records (issue 17: following every hint on a pool deal wins it).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from app.db import queries
from app.db.models import FinishCard, PlayRow, Visitor
from app.services.published import line_published
from app.services.score import Score

WON = "won"
RECORDS_SHOWN = 10
CHART_RESULTS = 50
NAME_MAX = 24


def record_finish(session: Session, row: PlayRow, result: str, score: Score, at: datetime) -> FinishCard:
    """Add the finish card of ``row`` to the session (the caller commits it with the action).

    :param result: ``won``, ``resigned`` or ``blocked``.
    :param score: the play's figures as it ended.
    """
    card = FinishCard(
        play_row_id=row.id,
        assisted=score.hints > 0 or saw_solution(session, row.visitor_id, row.number, row.mode),
        visitor_id=row.visitor_id,
        number=row.number,
        mode=row.mode,
        custom=row.custom,
        result=result,
        finished_at=at,
        **score.fields(),
    )
    session.add(card)
    return card


def saw_solution(session: Session, visitor_id: str, number: int | None, mode: str) -> bool:
    """Whether a winning line of this deal and mode was open to the visitor: they opened the
    post-game analysis of one of their plays of it, or the winnability page publishes one
    (:func:`app.services.published.line_published`). A win then counts in statistics, not
    for records."""
    if number is None:
        return False
    return queries.saw_analysis(session, visitor_id, number, mode) or line_published(session, number, mode)


def finish_card_of(session: Session, play_row_id: int) -> FinishCard | None:
    """The finish card of a play, if it has ended."""
    return queries.finish_card_of(session, play_row_id)


def latest_card(session: Session, visitor_id: str, number: int, mode: str) -> FinishCard | None:
    """The visitor's most recent finish card on this deal and mode (set-up positions aside)."""
    return queries.latest_finish_card(session, visitor_id, number, mode)


def _rank_key(card: FinishCard) -> tuple[int, float, int]:
    return (card.moves, card.elapsed_s, card.id)


@dataclass(frozen=True)
class RecordEntry:
    """One line of a deal's records: a visitor's best win."""

    place: int
    name: str | None
    visitor_id: str
    moves: int
    elapsed_s: float
    finished_at: datetime


def deal_wins(session: Session, number: int, mode: str) -> list[FinishCard]:
    """Every win of the deal and mode that counts for records (one query), for the functions
    below that take ``wins``."""
    return queries.record_wins(session, number, mode)


def best_wins(
    session: Session, number: int, mode: str, limit: int = RECORDS_SHOWN, wins: list[FinishCard] | None = None
) -> list[RecordEntry]:
    """The deal's best wins, one per visitor: fewest moves, then least time; top ``limit``.

    :param wins: the deal's record wins when the caller has read them already.
    """
    best: dict[str, FinishCard] = {}
    for card in queries.record_wins(session, number, mode) if wins is None else wins:
        if card.visitor_id not in best or _rank_key(card) < _rank_key(best[card.visitor_id]):
            best[card.visitor_id] = card
    ranked = sorted(best.values(), key=_rank_key)[:limit]
    names = display_names(session, [c.visitor_id for c in ranked])
    return [
        RecordEntry(i + 1, names.get(c.visitor_id), c.visitor_id, c.moves, c.elapsed_s, c.finished_at)
        for i, c in enumerate(ranked)
    ]


def personal_best(
    session: Session, visitor_id: str, number: int, mode: str, wins: list[FinishCard] | None = None
) -> FinishCard | None:
    """The visitor's best win of this deal and mode (``wins``: as for :func:`best_wins`)."""
    everyone = queries.record_wins(session, number, mode) if wins is None else wins
    mine = [c for c in everyone if c.visitor_id == visitor_id]
    return min(mine, key=_rank_key) if mine else None


@dataclass(frozen=True)
class Honours:
    """What a finish card earned: a new personal record, the best on the deal."""

    new_record: bool
    best_on_deal: bool


def honours(session: Session, card: FinishCard, wins: list[FinishCard] | None = None) -> Honours:
    """Whether ``card`` (a win) beats every earlier win of its visitor, and of everyone, on
    its deal and mode (earlier: stored before it). A first win is both. ``wins``: as for
    :func:`best_wins`."""
    if card.result != WON or card.custom or card.assisted or card.number is None:
        return Honours(False, False)
    everyone = queries.record_wins(session, card.number, card.mode) if wins is None else wins
    earlier = [c for c in everyone if c.id < card.id]
    mine = [c for c in earlier if c.visitor_id == card.visitor_id]

    def beats(others: list[FinishCard]) -> bool:
        return all((card.moves, card.elapsed_s) < (c.moves, c.elapsed_s) for c in others)

    return Honours(new_record=beats(mine), best_on_deal=beats(earlier))


def display_names(session: Session, visitor_ids: list[str]) -> dict[str, str]:
    """The display names set by these visitors (others absent)."""
    return queries.display_names(session, visitor_ids)


JOINERS = frozenset("\u200c\u200d")
"""The zero-width non-joiner and joiner: format characters a display name keeps."""


def clean_name(name: str) -> str | None:
    """A display name as stored: every run of whitespace (tabs and line breaks too) one space,
    other control and format characters dropped (a right-to-left override, say) but the
    zero-width joiner and non-joiner (:data:`JOINERS`: an emoji family 👩‍👩‍👧 stays one, Persian
    words keep their shapes), at most :data:`NAME_MAX` characters; empty means none.

    :raises ValueError: when it is longer than :data:`NAME_MAX` after cleaning.
    """
    kept = "".join(ch if ch.isprintable() or ch in JOINERS else " " if ch.isspace() else "" for ch in name)
    text = " ".join(kept.split())
    if len(text) > NAME_MAX:
        raise ValueError(f"a display name has at most {NAME_MAX} characters")
    return text or None


def set_display_name(session: Session, visitor_id: str, name: str, at: datetime) -> str | None:
    """Set (or clear, with an empty name) the visitor's display name; commits.

    :raises ValueError: for a name that is too long.
    """
    cleaned = clean_name(name)
    row = session.get(Visitor, visitor_id)
    if row is None:
        row = Visitor(visitor_id=visitor_id, display_name=cleaned, updated_at=at)
        session.add(row)
    else:
        row.display_name, row.updated_at = cleaned, at
    session.commit()
    return cleaned


@dataclass(frozen=True)
class Stats:
    """A visitor's figures in one mode, from their finish cards (custom plays excluded).

    :ivar recent: the last :data:`CHART_RESULTS` results, oldest first: (won, cards_home).
    """

    mode: str
    played: int
    won: int
    win_rate: float
    current_streak: int
    longest_streak: int
    best_time_s: float | None
    fewest_moves: int | None
    recent: list[tuple[bool, int]]


def stats(session: Session, visitor_id: str, mode: str) -> Stats:
    """Compute :class:`Stats` for ``visitor_id`` in ``mode``."""
    cards = queries.visitor_cards(session, visitor_id, mode)
    won = [c for c in cards if c.result == WON]
    longest = run = 0
    for c in cards:
        run = run + 1 if c.result == WON else 0
        longest = max(longest, run)
    return Stats(
        mode=mode,
        played=len(cards),
        won=len(won),
        win_rate=len(won) / len(cards) if cards else 0.0,
        current_streak=run,
        longest_streak=longest,
        best_time_s=min((c.elapsed_s for c in won), default=None),
        fewest_moves=min((c.moves for c in won), default=None),
        recent=[(c.result == WON, c.cards_home) for c in cards[-CHART_RESULTS:]],
    )
