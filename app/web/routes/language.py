"""The language switch: ``GET /lang/{code}?next=/path`` remembers the choice in a cookie and
goes back to the page (a plain link, so it works without JavaScript)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import RedirectResponse, Response

from app import i18n
from app.i18n import _
from app.params import PRINTABLE
from app.web.middleware.visitor import ONE_YEAR_S
from app.web.templating import templates

router = APIRouter(tags=["pages"], include_in_schema=False)


def safe_next(target: str | None, default: str = "/") -> str:
    """``target`` when it is a path on this site (``/…``, not ``//host``), else ``default``."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return default
    if any(ch in target for ch in "\r\n"):
        return default
    return target


@router.get("/lang/{code}")
def switch_language(
    request: Request,
    code: Annotated[str, Path(max_length=8, pattern=PRINTABLE)],
    next: Annotated[str | None, Query(max_length=512, pattern=PRINTABLE)] = None,  # noqa: A002
) -> Response:
    """Serve pages in ``code`` (``en``, ``es``) from now on, and go back to ``next``."""
    if code not in i18n.LANGUAGES:
        return templates.TemplateResponse(
            request, "error.html", {"message": _("That language is not available.")}, status_code=422
        )
    response = RedirectResponse(safe_next(next), status_code=303)
    response.set_cookie(i18n.COOKIE, code, max_age=ONE_YEAR_S, samesite="lax", httponly=True)
    return response
