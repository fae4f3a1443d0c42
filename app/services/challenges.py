"""Challenge links: "Share" stores a shared deal (a short unguessable code → number, mode, the
sharer's finish card if any, the sharer's language), opened at ``/s/{code}`` (API.md, Pages). This module stores and
finds them, and words a challenge for the table of a play that took it up."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

from sqlalchemy.orm import Session

from app.db import queries
from app.db.models import FinishCard, SharedDeal
from app.engine import CLASSIC, MAX_GAME_NUMBER, MODES
from app.engine.rules import FAMILY
from app.i18n import DEFAULT, LANGUAGES, _, duration, ngettext
from app.services import records


def new_code() -> str:
    """A short unguessable code: 12 URL-safe characters (72 random bits)."""
    return secrets.token_urlsafe(9)


def create_share(session: Session, visitor: str, number: int, mode: str, lang: str) -> SharedDeal:
    """Store a challenge link for deal ``number`` in ``mode`` (committed). It carries the
    sharer's latest finish card on this deal and mode, if they have one, and the sharer's
    language ``lang`` (its preview speaks it to whoever names none; unknown: English). Sharing
    the same again (same card, same language) gives back the earlier link, so repeated taps
    or posts do not pile up links.

    :raises ValueError: for a number outside 1 … 4294967295 or an unknown mode.
    """
    if not 1 <= number <= MAX_GAME_NUMBER:
        raise ValueError(_("A game number is a whole number from 1 to %(max)s.") % {"max": MAX_GAME_NUMBER})
    if mode not in MODES:
        raise ValueError(_("Unknown mode."))
    card = records.latest_card(session, visitor, number, mode)
    card_id, lang = (None if card is None else card.id), (lang if lang in LANGUAGES else DEFAULT)
    earlier = queries.same_share(session, visitor, number, mode, card_id, lang)
    if earlier is not None:
        return earlier
    shared = SharedDeal(
        code=new_code(),
        number=number,
        mode=mode,
        visitor_id=visitor,
        finish_card_id=card_id,
        created_at=datetime.now(UTC),
        lang=lang,
    )
    session.add(shared)
    session.commit()
    return shared


def find(session: Session, code: str) -> SharedDeal | None:
    """The challenge link ``/s/{code}``, if it exists."""
    return queries.shared_deal_by_code(session, code)


def sharer_card(session: Session, shared: SharedDeal) -> FinishCard | None:
    """The finish card the sharer had when sharing (None: they shared before finishing)."""
    return session.get(FinishCard, shared.finish_card_id) if shared.finish_card_id else None


def sharer_name(session: Session, shared: SharedDeal) -> str | None:
    """The sharer's display name, if they set one."""
    return records.display_names(session, [shared.visitor_id]).get(shared.visitor_id)


def result_text(card: FinishCard | None) -> str | None:
    """A finish card's result in words, for after a colon ("Their result: won in 87 moves,
    6:12"): "won in 87 moves, 6:12" (a win with help says so, as it takes no record: ", with
    12 hints" or ", after seeing the winning line"), "gave up with 40 of 104 cards home",
    "blocked with 52 of 156 cards home" (out of the card's variant's card count, RULES.md "The
    family")."""
    if card is None:
        return None
    if card.result == "won":
        won = {"moves": card.moves, "time": duration(card.elapsed_s), "num": card.hints}
        if card.hints:
            return (
                ngettext(
                    "won in %(moves)s moves, %(time)s, with %(num)s hint",
                    "won in %(moves)s moves, %(time)s, with %(num)s hints",
                    card.hints,
                )
                % won
            )
        if card.assisted:
            return _("won in %(moves)s moves, %(time)s, after seeing the winning line") % won
        return _("won in %(moves)s moves, %(time)s") % won
    values = {"home": card.cards_home, "count": _card_count(card.mode)}
    if card.result == "blocked":
        return _("blocked with %(home)s of %(count)s cards home") % values
    return _("gave up with %(home)s of %(count)s cards home") % values


def _card_count(mode: str) -> int:
    """Cards in play in ``mode`` (104, or 156 with three decks)."""
    return next((r.card_count for r in FAMILY if r.name == mode), CLASSIC.card_count)


def challenge_line(session: Session, challenge_id: int) -> str | None:
    """What the table of a play that took up a challenge shows: "Challenge from Ana: won in
    87 moves, 6:12" (or without a result when the sharer had not finished)."""
    shared = session.get(SharedDeal, challenge_id)
    if shared is None:
        return None
    who = sharer_name(session, shared) or _("a player")
    result = result_text(sharer_card(session, shared))
    if result is None:
        return _("Challenge from %(who)s: play this deal and share your result.") % {"who": who}
    return _("Challenge from %(who)s: %(result)s. Can you do better?") % {"who": who, "result": result}
