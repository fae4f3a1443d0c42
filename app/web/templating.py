"""The one Jinja environment of the pages (jinja2-fragments ``Jinja2Blocks``), with gettext
installed for the request's language (:mod:`app.i18n`)."""

from __future__ import annotations

from jinja2_fragments.fastapi import Jinja2Blocks

from app import i18n
from app.config import PROJECT_ROOT
from app.web.pile_cache import PileCache
from app.web.static_files import static_url
from app.web.views.names import mode_title

templates = Jinja2Blocks(directory=PROJECT_ROOT / "templates")
# Templates are read once per process, as the kept piles are (app/web/pile_cache.py): no file
# is looked at again on each page (a restart picks up an edited template).
templates.env.auto_reload = False
i18n.install(templates.env)


def mode_label(mode: str) -> str:
    """A mode's name in the current language (seed 001: "Clásico", "Relajado"; "Sesenta
    ladrones"): :func:`app.web.views.family.mode_title`."""
    return mode_title(mode)


templates.env.filters["duration"] = i18n.duration
templates.env.globals["mode_label"] = mode_label
templates.env.globals["pile"] = PileCache(templates.env)
templates.env.globals["static_url"] = static_url
