"""Dependencies of the pages only (the shared ones are in :mod:`app.deps`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from app.web.htmx import is_htmx

SOLVABLE_COOKIE = "ft_solvable"


def only_solvable(request: Request) -> bool:
    """The visitor's "Only solvable deals" switch (a cookie; on unless switched off)."""
    return request.cookies.get(SOLVABLE_COOKIE) != "off"


def htmx_request(request: Request) -> bool:
    """Whether htmx asks for the table's block (:func:`app.web.htmx.is_htmx`)."""
    return is_htmx(request)


HtmxDep = Annotated[bool, Depends(htmx_request)]
OnlySolvableDep = Annotated[bool, Depends(only_solvable)]
