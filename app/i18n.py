"""Languages: English and Spanish through gettext (Babel catalogs under ``app/locale``).

The source strings are English; ``app/locale/es/LC_MESSAGES/messages.po`` translates them
(seed 001's wording where it fits). The ``.mo`` files are compiled from the ``.po`` files when
the app starts if missing or older (:func:`compile_catalogs`).

A request's language comes from the ``ft_lang`` cookie (the page's switch), else from
``Accept-Language``, else English. The pages' language middleware
(:mod:`app.web.middleware.language`) makes it current (:func:`use_language`), so :func:`gettext`
(``_``) in Python and ``{{ _("…") }}`` in Jinja translate for that request.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations
from jinja2 import Environment, pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español"}
"""Language code → its own name (as the switch shows it)."""
DEFAULT = "en"
COOKIE = "ft_lang"

_current: ContextVar[str] = ContextVar("ft_lang", default=DEFAULT)
_missing_hooks: list[Callable[[str, str], None]] = []
log = logging.getLogger(__name__)


def compile_catalogs(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Compile every ``<lang>/LC_MESSAGES/messages.po`` whose ``.mo`` is missing or older.

    :returns: the ``.mo`` files written.
    """
    written = []
    for po in sorted(locale_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as f:
            catalog = read_po(f)
        tmp = mo.with_name(f"{mo.name}.{os.getpid()}.tmp")
        try:
            with tmp.open("wb") as f:
                write_mo(f, catalog)
            os.replace(tmp, mo)  # atomic: several workers may start at once
        except OSError as exc:
            log.warning("cannot write %s (%s): pages fall back to English", mo, exc)
            continue
        written.append(mo)
    if written:
        translations.cache_clear()
    return written


@lru_cache
def translations(lang: str) -> NullTranslations:
    """The compiled catalog of ``lang`` (English: none, the source strings stand)."""
    if lang == DEFAULT:
        return NullTranslations()
    return Translations.load(str(LOCALE_DIR), [lang], DOMAIN)


def current_language() -> str:
    """The language of the request being served (``en`` outside a request)."""
    return _current.get()


def use_language(lang: str) -> Any:
    """Make ``lang`` the current language; returns the token to pass to :func:`reset_language`."""
    return _current.set(lang if lang in LANGUAGES else DEFAULT)


def reset_language(token: Any) -> None:
    """Undo a :func:`use_language`."""
    _current.reset(token)


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Make ``lang`` current inside a ``with`` block (a shared link's preview speaks the
    sharer's language); an unknown ``lang`` is English."""
    token = use_language(lang)
    try:
        yield
    finally:
        reset_language(token)


def on_missing(hook: Callable[[str, str], None]) -> Callable[[], None]:
    """Call ``hook(lang, msgid)`` whenever a string has no translation in a non-English
    language (tests use it to fail on an untranslated string). Returns a remover."""
    _missing_hooks.append(hook)
    _template_texts.clear()  # a kept text would not call the hook again
    return lambda: _missing_hooks.remove(hook)


def _lookup(lang: str, msgid: str) -> str | None:
    catalog: dict[Any, str] = getattr(translations(lang), "_catalog", {})
    text = catalog.get(msgid)
    if not text:
        for hook in list(_missing_hooks):
            hook(lang, msgid)
        return None
    return text


def gettext(message: str) -> str:
    """``message`` in the current language."""
    lang = _current.get()
    if lang == DEFAULT:
        return message
    return _lookup(lang, message) or message


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the current language."""
    lang = _current.get()
    if lang == DEFAULT:
        return singular if n == 1 else plural
    trans = translations(lang)
    catalog: dict[Any, str] = getattr(trans, "_catalog", {})
    index = trans.plural(n) if hasattr(trans, "plural") else int(n != 1)
    text = catalog.get((singular, index))
    if not text:
        for hook in list(_missing_hooks):
            hook(lang, singular)
        return singular if n == 1 else plural
    return text


def decimal(value: float, digits: int = 1) -> str:
    """``value`` rounded to ``digits`` decimals in the current language's notation: English
    ``9.4`` and ``1,234.5``, Spanish ``9,4`` and ``1.234,5`` (Babel's CLDR data)."""
    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    return format_decimal(value, format=pattern, locale=current_language())


def percent(share: float, digits: int = 1) -> str:
    """A share (0 … 1) as a percentage in the current language: ``47.3 %`` / ``47,3 %`` (a
    no-break space before the sign, so a line never starts with it), the same on every page."""
    return f"{decimal(share * 100, digits)}\u00a0%"


def duration(seconds: float) -> str:
    """Play time as ``m:ss`` (``h:mm:ss`` from an hour on), as the finish card writes it."""
    s = int(seconds)
    h, rest = divmod(s, 3600)
    m, sec = divmod(rest, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def N_(message: str) -> str:  # noqa: N802 (the gettext convention)
    """Mark ``message`` for extraction without translating it now (translate where shown)."""
    return message


_template_texts: dict[tuple[str, str], Markup] = {}
"""``{{ _("…") }}`` without placeholders, by (language, message): the same Markup every time."""
_TEMPLATE_TEXTS_MAX = 4096


@pass_eval_context
def template_gettext(eval_ctx: EvalContext, message: str, /, **variables: Any) -> str:
    """``{{ _("…", name=value) }}`` and ``{% trans %}``: :func:`gettext`, then the
    ``%(name)s`` placeholders filled, escaped (Markup) in an autoescaped template. It gives what
    Jinja's new-style gettext gives (a message is always a format string: ``%%`` is ``%``),
    but calls no other template callable, and a message without placeholders is worked out
    once per language: a table's answer says about forty of them."""
    if not eval_ctx.autoescape:
        return gettext(message) % variables
    if variables:
        return Markup(gettext(message)) % variables
    key = (_current.get(), message)
    text = _template_texts.get(key)
    if text is None:
        text = Markup(gettext(message)) % {}
        if len(_template_texts) < _TEMPLATE_TEXTS_MAX:
            _template_texts[key] = text
    return text


@pass_eval_context
def template_ngettext(eval_ctx: EvalContext, singular: str, plural: str, n: int, /, **variables: Any) -> str:
    """``{{ ngettext("…", "…", n) }}`` and ``{% trans count=n %}``: :func:`ngettext` with the
    placeholders filled (``%(num)s`` is ``n`` unless given), as Jinja's new-style ngettext."""
    variables.setdefault("num", n)
    text = ngettext(singular, plural, n)
    return (Markup(text) if eval_ctx.autoescape else text) % variables


def install(env: Environment) -> None:
    """Give a Jinja environment ``{{ _("…") }}``, ``{% trans %}`` and ``current_language()``,
    translating for the current request (new-style gettext: ``%(name)s`` placeholders, escaped;
    :func:`template_gettext`)."""
    env.add_extension("jinja2.ext.i18n")
    env.newstyle_gettext = True  # type: ignore[attr-defined]  # {% trans %} passes its variables
    env.globals.update(_=template_gettext, gettext=template_gettext, ngettext=template_ngettext)
    env.globals["current_language"] = current_language
    env.globals["languages"] = LANGUAGES
