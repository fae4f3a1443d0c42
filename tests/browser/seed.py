"""Test helper: a play of a set-up position stored for a visitor of the live server, so that a
browser test opens a real table (its forms, its script, its moves) at a position no short line
of play reaches, such as a column of 16 or 20 cards.

The play is stored as a deal's play (``number``, ``mode``) whose start is the position, the way
the server keeps a play (``PlayRow.start_position``); the visitor cookie is signed with the live
server's secret (tests/live_server.py).
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from pathlib import Path

from itsdangerous import URLSafeSerializer
from playwright.sync_api import BrowserContext

from app.db.models import PlayRow
from app.db.session import Database
from app.engine import Position
from app.services.plays import rules_for

SECRET = "live-test-secret"


def seed_play(context: BrowserContext, base_url: str, data: Path, text: str, number: int, mode: str = "relaxed") -> str:
    """Store a play of deal ``number`` in ``mode`` starting at the position ``text``
    (docs/position-text.md) for a new visitor, give ``context`` that visitor's cookie, and
    return the table's address. "Move safe cards up" is off: the table shows the position as set.

    :raises PositionError: if ``text`` is not a position of ``mode``.
    """
    position = Position.parse(text, rules_for(mode))
    visitor = secrets.token_urlsafe(12)
    now = datetime.now(UTC)
    row = PlayRow(
        play_id=secrets.token_urlsafe(16),
        visitor_id=visitor,
        number=number,
        mode=mode,
        custom=False,
        start_position=position.to_json(reveal_stock=True),
        auto_safe=False,
        steps="",
        cursor=0,
        version=0,
        undos=0,
        hints=0,
        status="playing",
        elapsed_s=0.0,
        created_at=now,
        last_action_at=now,
    )
    db = Database(f"sqlite:///{(data / 'forty_thieves.sqlite3').resolve()}")
    with db.sessions() as session:
        session.add(row)
        session.commit()
    db.engine.dispose()
    cookie = URLSafeSerializer(SECRET, salt="visitor").dumps(visitor)
    context.add_cookies([{"name": "ft_visitor", "value": cookie, "url": base_url}])
    return f"{base_url}/game/{number}?mode={mode}"
