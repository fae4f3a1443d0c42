"""The API's interactive documentation (``GET /docs``): Swagger UI from this site's own files
(``static/vendor/swagger-ui-*``, started by ``static/js/api_docs.js``), so it works under the
site's Content-Security-Policy, which allows no other host and no inline script. FastAPI's own
``/docs`` (a CDN and an inline script) and ``/redoc`` are switched off (app/main.py)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.web.templating import templates

router = APIRouter(tags=["pages"], include_in_schema=False)


@router.get("/docs")
def api_docs(request: Request) -> Response:
    """Swagger UI over the app's OpenAPI document (``/openapi.json``)."""
    return templates.TemplateResponse(request, "api_docs.html", {"openapi_url": request.app.openapi_url})
