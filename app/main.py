"""The FastAPI application: both faces (pages and ``/api``) over one service layer."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy import text
from starlette.exceptions import HTTPException as StarletteHTTPException

from app import i18n
from app.api.routes import ROUTERS as API_ROUTERS
from app.config import PROJECT_ROOT, Settings, get_settings
from app.runtime import Services
from app.web import analysis, deal_records, finish, language, share, stats
from app.web.addresses import redirect_to_one_address
from app.web.routes import error_page, page_error_message
from app.web.routes import router as web_router
from app.web.visitor import VisitorCookie


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the app. Migrations run (to head) when it starts serving.

    :param settings: defaults to the environment's (``FT_…``).
    """
    settings = settings or get_settings()
    i18n.compile_catalogs()
    services = Services.build(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        services.start()
        yield
        services.stop()

    app = FastAPI(
        title="Forty Thieves",
        summary="Forty Thieves (Napoleon at St. Helena) patience: pages and a JSON API.",
        lifespan=lifespan,
    )
    app.state.services = services
    app.middleware("http")(redirect_to_one_address)
    app.middleware("http")(VisitorCookie(settings.resolved_secret_key(), settings.secure_cookies).middleware)
    app.mount("/static", StaticFiles(directory=PROJECT_ROOT / "static"), name="static")
    app.add_middleware(i18n.LanguageMiddleware)
    for api in API_ROUTERS:
        app.include_router(api)
    for pages in (finish.router, analysis.router, deal_records.router, share.router, stats.router, language.router):
        app.include_router(pages)
    app.include_router(web_router)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> Response:
        """API: 422 ``{error, detail}``, each problem as ``"body.move: String should have …"``.
        Pages: a friendly 422 page in the visitor's language."""
        errors = exc.errors()
        if request.url.path.startswith("/api/"):
            detail = "; ".join(
                ".".join(str(p) for p in e.get("loc", ())) + ": " + str(e.get("msg", "invalid")) for e in errors
            )
            return JSONResponse({"error": "invalid_request", "detail": detail}, status_code=422)
        return error_page(request, page_error_message([tuple(e.get("loc", ())) for e in errors]))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        """API: ``{error, detail}``. Pages: a friendly page (404: nothing at this address; 405: a
        form's address opened as a page)."""
        if request.url.path.startswith("/api/"):
            return JSONResponse(
                {"error": "http_" + str(exc.status_code), "detail": exc.detail},
                status_code=exc.status_code,
                headers=getattr(exc, "headers", None),
            )
        if exc.status_code == 404:
            message = i18n._("There is no page at this address.")
        elif exc.status_code == 405:  # a form's address opened as a page (GET /s, say)
            message = i18n._("This address takes a form, not a visit: start from the game's page.")
        else:
            message = str(exc.detail)
        return error_page(request, message, status_code=exc.status_code)

    @app.get("/healthz", tags=["health"])
    def healthz() -> dict[str, str]:
        """Liveness and database check: ``{"status": "ok"}``."""
        with services.db.engine.connect() as conn:
            conn.execute(text("SELECT 1"))
        return {"status": "ok"}

    return app
