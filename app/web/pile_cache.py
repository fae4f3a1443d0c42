"""The table's piles rendered once for what they show: between two actions most columns and
foundations do not change, so their HTML (the macros of ``templates/partials/piles.html``) is
kept and reused. The key holds everything the macro reads, so a kept pile is exactly what a
fresh render would give (ARCHITECTURE.md: per-process caches never serve a stale state).

Each table pile also carries ``data-key``, a checksum of its HTML. The table's script sends the
keys of the piles it shows untouched (the ``FT-Piles`` header, :func:`client_piles`); a pile
whose key the browser already has comes back as an empty ``hx-preserve`` stand-in, which htmx
fills with the pile already on the page. So a move's answer carries only the piles it changed
(issue 11), and a key never matches a pile it does not describe."""

from __future__ import annotations

import re
import threading
import zlib
from collections import OrderedDict
from collections.abc import Mapping
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
    client_piles: Mapping[str, str]


PILES_HEADER = "FT-Piles"
"""The request header naming the piles the browser shows as the server rendered them:
``name=key`` pairs (``3=1a2b3c4d F1=…``), space-separated."""
_PILE_PAIR = re.compile(r"(F?[0-9]{1,2})=([0-9a-f]{8})")


def client_piles(header: str | None) -> dict[str, str]:
    """The piles named by an ``FT-Piles`` header, ``{pile name: key}``; a header that is too
    long or not well formed names none (the answer then carries every pile)."""
    if not header or len(header) > 1024:
        return {}
    pairs = header.split()
    matches = [_PILE_PAIR.fullmatch(p) for p in pairs]
    if len(pairs) > 32 or not all(matches):
        return {}
    return {m.group(1): m.group(2) for m in matches if m}


def _keyed(html: str) -> tuple[Markup, str]:
    """``html`` (a pile's outer element) with ``data-key``, its checksum, added; and the key."""
    text = str(html)  # a plain str: Markup.replace would escape the attribute added
    key = f"{zlib.crc32(text.encode()):08x}"
    return Markup(text.replace(" data-pile=", f' data-key="{key}" data-pile=', 1)), key


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
        self._items: OrderedDict[tuple[object, ...], tuple[Markup, str]] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, macro: str, place: Any, t: _Table | None = None) -> Markup:
        """The HTML of ``place`` by the macro ``macro`` (``column`` or ``foundation``), for the
        table ``t`` (None: the read-only board); for a table, an ``hx-preserve`` stand-in when
        ``t.client_piles`` shows the browser has this very pile."""
        table = None if t is None else (t.urls.move, t.preferred_move, t.cancel_url)
        key = (macro, i18n.current_language(), _place_key(place), table)
        with self._lock:
            hit = self._items.get(key)
        if hit is None:
            hit = _keyed(getattr(self.env.get_template(self.TEMPLATE).module, macro)(place, t))
            with self._lock:
                self._items[key] = hit
                while len(self._items) > self.size:
                    self._items.popitem(last=False)
        html, checksum = hit
        if t is not None and t.client_piles.get(place.name) == checksum:
            return Markup(f'<div id="pile-{place.name}" hx-preserve></div>')  # names: 1…13, F1…F12
        return html
