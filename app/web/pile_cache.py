"""The table's piles rendered once for what they show: between two actions most columns and
foundations do not change, so their HTML (the macros of ``templates/partials/piles.html``) is
kept and reused. The key holds everything the macro reads, so a kept pile is exactly what a
fresh render would give (ARCHITECTURE.md: per-process caches never serve a stale state)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Protocol

from jinja2 import Environment
from markupsafe import Markup

from app import i18n


class _Urls(Protocol):
    move: str


class _Table(Protocol):
    preferred_move: str | None
    cancel_url: str
    urls: _Urls


def _place_key(place: Any) -> tuple[object, ...]:
    """What a pile macro reads of a place (PlaceView): its name and label, its lit state and its cards."""
    cards = tuple((c.code, c.label, c.post, c.get, c.lifted, c.hinted) for c in place.cards)
    return (
        place.name,
        place.label,
        place.lit_move,
        place.drop_label,
        place.preferred,
        place.hinted,
        place.empty_suit_name,
        cards,
    )


class PileCache:
    """Rendered piles by (macro, language, pile, the table values the macros read), at most
    ``size`` of them (the oldest go first).

    :param env: the Jinja environment holding ``partials/piles.html``.
    """

    TEMPLATE = "partials/piles.html"

    def __init__(self, env: Environment, size: int = 8192) -> None:
        self.env = env
        self.size = size
        self._items: OrderedDict[tuple[object, ...], Markup] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, macro: str, place: Any, t: _Table | None = None) -> Markup:
        """The HTML of ``place`` by the macro ``macro`` (``column`` or ``foundation``), for the
        table ``t`` (None: the read-only board)."""
        table = None if t is None else (t.urls.move, t.preferred_move, t.cancel_url)
        key = (macro, i18n.current_language(), _place_key(place), table)
        with self._lock:
            hit = self._items.get(key)
        if hit is not None:
            return hit
        html = Markup(getattr(self.env.get_template(self.TEMPLATE).module, macro)(place, t))
        with self._lock:
            self._items[key] = html
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return html
