"""Dependencies of the pages only (the shared ones are in :mod:`app.deps`); ``async``, as
those are, because they never wait."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Form, Path, Query, Request

from app.engine import MAX_GAME_NUMBER, MODES
from app.params import PRINTABLE, AsciiDigits
from app.web.htmx import is_htmx

SOLVABLE_COOKIE = "ft_solvable"
DISPLAY_COOKIE = "ft_display"
DISPLAY_OPTIONS = ("four", "large")
"""The display options (a four-colour deck, larger cards), by the words the cookie holds."""


def only_solvable(request: Request) -> bool:
    """The visitor's "Only winnable deals" switch (a cookie; on unless switched off)."""
    return request.cookies.get(SOLVABLE_COOKIE) != "off"


def display_options(request: Request) -> frozenset[str]:
    """The visitor's display options that are on (a cookie: the words of
    :data:`DISPLAY_OPTIONS`, space-separated; none unless switched on)."""
    words = request.cookies.get(DISPLAY_COOKIE, "").split()
    return frozenset(w for w in words if w in DISPLAY_OPTIONS)


async def htmx_request(request: Request) -> bool:
    """Whether htmx asks for the table's block (:func:`app.web.htmx.is_htmx`)."""
    return is_htmx(request)


async def _only_solvable(request: Request) -> bool:
    return only_solvable(request)


async def public_base_url(request: Request) -> str:
    """The start of every absolute URL a page writes (challenge links, ``og:url``,
    ``og:image``): ``FT_PUBLIC_URL``, else the request's own ``scheme://host`` (its ``Host``
    is one of ``FT_ALLOWED_HOSTS``: the trusted-host middleware refused any other). No
    trailing slash."""
    public: str | None = request.app.state.services.settings.public_url
    return public or str(request.base_url).rstrip("/")


HtmxDep = Annotated[bool, Depends(htmx_request)]
PublicUrlDep = Annotated[str, Depends(public_base_url)]
OnlySolvableDep = Annotated[bool, Depends(_only_solvable)]


GameNumber = Annotated[int, Path(ge=1, le=MAX_GAME_NUMBER, description="game number 1 … 4294967295"), AsciiDigits]
"""A deal's number in a page's path, in ASCII digits; any other is a 422 page that says what a
game number is."""


def mode_named(name: str | None) -> str | None:
    """The slug of the mode of that name in any case (``rank-and-file``, ``Relaxed``,
    ``LUCAS``), or None: any variant of :data:`app.engine.MODES` (RULES.md, "The family")."""
    folded = name.lower() if name is not None else None
    return folded if folded is not None and folded in MODES else None


def mode_or_classic(name: str | None) -> str:
    """The mode named (:func:`mode_named`), or Classic for a missing or unknown name (a page
    never fails on it; the address middleware already sent unknown ``?mode=`` links to
    Classic with a notice)."""
    return mode_named(name) or "classic"


async def mode_query(mode: Annotated[str | None, Query(max_length=16, pattern=PRINTABLE)] = None) -> str:
    """The page's ``?mode=``."""
    return mode_or_classic(mode)


async def mode_form(mode: Annotated[str | None, Form(max_length=16, pattern=PRINTABLE)] = None) -> str:
    """A form's ``mode`` field."""
    return mode_or_classic(mode)


ModeQuery = Annotated[str, Depends(mode_query)]
ModeForm = Annotated[str, Depends(mode_form)]
