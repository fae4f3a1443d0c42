"""Page or block: the one rule for answering htmx. An htmx request (``HX-Request: true``, not
a history restore) gets only the template's named block; any other request the whole page.
Either way the answer says ``Vary: HX-Request`` (the same URL has two bodies) and
``Cache-Control: no-store``."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.responses import Response

from app.web.templating import templates


def is_htmx(request: Request, *, boosted: bool = True) -> bool:
    """Whether ``request`` is htmx asking for a block: ``HX-Request: true`` and not a history
    restore (which needs the whole page). ``boosted=False``: a boosted link
    (``HX-Boosted: true``) asks for the whole page too."""
    h = request.headers
    if h.get("HX-Request") != "true" or h.get("HX-History-Restore-Request") == "true":
        return False
    return boosted or h.get("HX-Boosted") != "true"


def boosted_from_elsewhere(request: Request, target: str) -> bool:
    """Whether ``request`` is a boosted link or form (``HX-Boosted: true``) that htmx would
    swap into another element than the one of id ``target`` (``HX-Target``, absent for the
    body): a link into the table from another page. Its answer must be a whole page load
    (:func:`load_whole_page`), not the block that a link inside the table swaps in."""
    h = request.headers
    return is_htmx(request) and h.get("HX-Boosted") == "true" and h.get("HX-Target") != target


def load_whole_page(url: str) -> Response:
    """An answer that has htmx load ``url`` as a whole page (``HX-Redirect``): the page's own
    head, scripts, footer and dialogs, which a boosted swap of one page's body into another
    leaves out."""
    return Response(status_code=200, headers={"HX-Redirect": url, "Vary": "HX-Request", "Cache-Control": "no-store"})


def render(
    request: Request,
    template: str,
    context: dict[str, Any],
    block: str | None,
    *,
    status_code: int = 200,
    boosted: bool = True,
) -> Response:
    """``template`` with ``context``: only ``block`` for an htmx request (:func:`is_htmx`;
    ``block=None``: always the whole page), else the whole page."""
    block_name = block if block is not None and is_htmx(request, boosted=boosted) else None
    response = templates.TemplateResponse(request, template, context, block_name=block_name, status_code=status_code)
    response.headers["Vary"] = "HX-Request"
    response.headers["Cache-Control"] = "no-store"
    return response
