""" "How winnable is Forty Thieves?" (``GET /winnability``): the stored survey of each mode
(:mod:`app.web.views.winnability`), and its verdicts as CSV (``GET /winnability.csv?mode=``:
number, verdict, nodes, seconds, line)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.deps import SessionDep
from app.runtime import ServicesDep
from app.services.survey import verdict_csv
from app.services.winnability import headline_rows
from app.web.deps import ModeQuery
from app.web.templating import templates
from app.web.views.winnability import HIST_H, HIST_W, LADDER_H, LADDER_W, PAD, pct, winnability_view

router = APIRouter(tags=["pages"], include_in_schema=False)


@router.get("/winnability")
def winnability_page(request: Request, session: SessionDep, services: ServicesDep) -> Response:
    """Won, proved lost and undecided per mode with intervals, the budget chart, the lengths
    of the winning lines, what "winnable" means and the published figures."""
    services.survey.ensure(session)
    views = winnability_view(session)
    box = {"ladder_w": LADDER_W, "ladder_h": LADDER_H, "pad": PAD, "hist_w": HIST_W, "hist_h": HIST_H}
    conf = (pct(0.95, 0), pct(0.975, 1))
    return templates.TemplateResponse(request, "winnability.html", {"views": views, "conf": conf, **box})


@router.get("/winnability.csv")
def winnability_csv(session: SessionDep, services: ServicesDep, mode: ModeQuery) -> Response:
    """The verdicts of the mode's survey on the page, one deal a row (header only when none)."""
    services.survey.ensure(session)
    body = verdict_csv(headline_rows(session, mode))
    filename = f"forty-thieves-winnability-{mode}.csv"
    return Response(
        body,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )
