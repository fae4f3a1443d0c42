"""Ready values for a challenge page (:mod:`app.web.routes.share`): who challenged, their
result, the deal's records, and the Open Graph / Twitter texts of the link's preview; and the
preview's picture. All in the current language (the route makes it the sharer's when the
request names none)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from app.db.models import SharedDeal
from app.i18n import _, current_language
from app.services import challenges, deals
from app.web.templating import mode_label
from app.web.views.finish import Best, RecordLine, record_lines, your_best
from app.web.views.share_image import challenge_png


@dataclass(frozen=True)
class ChallengeView:
    """What a challenge page shows."""

    code: str
    number: int
    mode: str
    mode_label: str
    challenger: str
    heading: str
    """The page's title line: "A challenge from Ana", or for an anonymous sharer "You are
    challenged to this deal" (not "a challenge from a player"); for the sharer themselves,
    "Your challenge is ready"."""
    result: str | None
    """The challenger's result in words, or None when they shared before finishing."""
    won: bool
    solvable: bool | None
    is_sharer: bool
    records: list[RecordLine]
    your_best: Best | None
    url: str
    image_url: str
    title: str
    description: str


def image_path(code: str, lang: str) -> str:
    """The preview picture's path in ``lang``: ``/s/{code}/image-es.png``. The language is in
    the path, so a cache keyed on the URL keeps one picture per language."""
    return f"/s/{code}/image-{lang}.png"


def preview_png(session: Session, shared: SharedDeal) -> bytes:
    """The preview picture of a shared deal (PNG), in the current language. It is the same for
    every viewer: the number, mode, challenger and result only."""
    card = challenges.sharer_card(session, shared)
    return challenge_png(
        number=shared.number,
        mode=mode_label(shared.mode),
        challenger=challenges.sharer_name(session, shared) or _("a player"),
        result=challenges.result_text(card),
        won=card is not None and card.result == "won",
    )


def challenge_view(session: Session, shared: SharedDeal, viewer: str, base_url: str) -> ChallengeView:
    """The :class:`ChallengeView` of a shared deal for ``viewer``; ``base_url`` starts the
    absolute links (``FT_PUBLIC_URL`` or the request's ``https://host``)."""
    card = challenges.sharer_card(session, shared)
    name = challenges.sharer_name(session, shared)
    challenger = name or _("a player")
    is_sharer = shared.visitor_id == viewer
    if is_sharer:
        heading = _("Your challenge is ready")
    elif name:
        heading = _("A challenge from %(who)s") % {"who": name}
    else:
        heading = _("You are challenged to this deal")
    result = challenges.result_text(card)
    label = mode_label(shared.mode)
    title = _("Forty Thieves: game %(number)s (%(mode)s)") % {"number": shared.number, "mode": label}
    if result is None:
        description = _("%(who)s challenges you to this deal.") % {"who": challenger}
    else:
        description = _("%(who)s challenges you: %(result)s. Can you do better?") % {
            "who": challenger,
            "result": result,
        }
    description = description[:1].upper() + description[1:]  # "a player challenges…" starts a sentence
    base = base_url.rstrip("/")
    return ChallengeView(
        code=shared.code,
        number=shared.number,
        mode=shared.mode,
        mode_label=label,
        challenger=challenger,
        heading=heading,
        result=result,
        won=card is not None and card.result == "won",
        solvable=deals.solvable(session, shared.number, shared.mode),
        is_sharer=is_sharer,
        records=record_lines(session, shared.number, shared.mode, viewer),
        your_best=your_best(session, viewer, shared.number, shared.mode),
        url=f"{base}/s/{shared.code}",
        image_url=base + image_path(shared.code, current_language()),
        title=title,
        description=description,
    )
