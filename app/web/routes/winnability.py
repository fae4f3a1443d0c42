""" "How winnable is Forty Thieves?" (``GET /winnability``): the stored survey of each mode
(:mod:`app.web.views.winnability`), and its verdicts as CSV (``GET /winnability.csv?mode=``:
number, verdict, nodes, seconds, line)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from app.deps import SessionDep
from app.engine import MODES, Mode
from app.i18n import _, percent
from app.params import PRINTABLE
from app.runtime import ServicesDep
from app.services.survey import verdict_csv
from app.services.winnability import headline_rows
from app.web.deps import mode_named
from app.web.errors import error_page
from app.web.templating import templates
from app.web.views.winnability import HIST_H, HIST_W, LADDER_H, LADDER_W, PAD, winnability_view

router = APIRouter(tags=["pages"], include_in_schema=False)


@router.get("/winnability")
def winnability_page(request: Request, session: SessionDep, services: ServicesDep) -> Response:
    """Won, proved lost and undecided per mode with intervals, the budget chart, the lengths
    of the winning lines, what "winnable" means and the published figures."""
    services.survey.ensure(session)
    views = winnability_view(session)
    box = {"ladder_w": LADDER_W, "ladder_h": LADDER_H, "pad": PAD, "hist_w": HIST_W, "hist_h": HIST_H}
    conf = (percent(0.95, 0), percent(0.975, 1))
    return templates.TemplateResponse(request, "winnability.html", {"views": views, "conf": conf, **box})


@router.get("/winnability.csv")
def winnability_csv(
    request: Request,
    session: SessionDep,
    services: ServicesDep,
    mode_name: Annotated[str | None, Query(alias="mode", max_length=16, pattern=PRINTABLE)] = None,
) -> Response:
    """The verdicts of the mode's survey on the page, one deal a row (header only when none);
    Classic without ``?mode=``. A mode that does not exist is a 404 page that names the modes
    (a file cannot show the table's notice, and another mode's verdicts would pass for its)."""
    mode = Mode.CLASSIC if mode_name is None else mode_named(mode_name)
    if mode is None:
        modes = ", ".join(f"?mode={m}" for m in MODES)
        message = _("There is no such mode, so there are no verdicts to download: try %(modes)s.")
        return error_page(request, message % {"modes": modes}, status_code=404)
    services.survey.ensure(session)
    body = verdict_csv(headline_rows(session, mode))
    filename = f"forty-thieves-winnability-{mode}.csv"
    return Response(
        body,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )
