"""The templates' gettext (app.i18n.template_gettext) gives exactly what Jinja's own new-style
gettext gives: the same text, the same escaping, ``%%`` read as ``%``, in both languages, for
every form a template uses, and for the whole table."""

from __future__ import annotations

import pytest
from jinja2 import Environment
from jinja2_fragments import render_block

from app import i18n
from app.db.session import Database, migrate
from app.services import plays
from app.web.pile_cache import PileCache
from app.web.templating import templates
from app.web.views.table import build_table

FORMS = """{{ _("Undo") }}|{{ _("Hint: %(move)s", move="<b>7♠</b>") }}|{{ _("100%% sure") }}|
{{ ngettext("%(num)s card", "%(num)s cards", 1) }}|{{ ngettext("%(num)s card", "%(num)s cards", 3) }}|
{{ ngettext("Max %(n)s", "Max %(n)s", 2, n="<i>") }}|{% trans %}Undo{% endtrans %}|
{% trans x="<x>" %}Hint: {{ x }}{% endtrans %}|
{% trans count=2 %}{{ count }} card{% pluralize %}{{ count }} cards{% endtrans %}|
{{ _("Moves") }}{{ _("Moves") }}|{% autoescape false %}{{ _("Hint: %(move)s", move="<b>") }}{% endautoescape %}"""


def jinjas_own() -> Environment:
    """The app's environment as Jinja's i18n extension alone would make it."""
    app_env = templates.env
    env = Environment(loader=app_env.loader, autoescape=app_env.autoescape, extensions=["jinja2.ext.i18n"])
    env.filters.update(app_env.filters)
    env.globals.update((k, v) for k, v in app_env.globals.items() if k not in ("_", "gettext", "ngettext"))
    env.globals["pile"] = PileCache(env)  # the piles too, with this environment's gettext
    env.install_gettext_callables(i18n.gettext, i18n.ngettext, newstyle=True)  # type: ignore[attr-defined]
    return env


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_gettext_form_renders_as_jinjas_own(lang: str) -> None:
    own = jinjas_own()
    with i18n.speaking(lang):
        ours = templates.env.from_string(FORMS).render()
        theirs = own.from_string(FORMS).render()
        again = templates.env.from_string(FORMS).render()
    assert ours == theirs == again
    assert "&lt;b&gt;7♠&lt;/b&gt;" in ours and "100% sure" in ours and "<b>" in ours.split("|")[-1]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_table_renders_as_with_jinjas_own_gettext(tmp_path: object, lang: str) -> None:
    url = f"sqlite:///{tmp_path}/t.db"
    migrate(url)
    with Database(url).sessions() as session:
        play = plays.new_play(session, "v", 4242, "relaxed")
    context = {"t": build_table(play, None), "finish": None, "notice": "x", "idle_cap_s": 60, "hint_reason": None}
    with i18n.speaking(lang):
        ours = render_block(templates.env, "game.html", "table", context)
        theirs = render_block(jinjas_own(), "game.html", "table", context)
    assert ours == theirs and ("Deshacer" in ours) == (lang == "es")
