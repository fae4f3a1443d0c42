"""A new game is never a deal whose winning line the winnability page publishes (a play-tester
won a "New game" deal in 5 s with the line from /winnability.csv and took its record)."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy.orm import Session

from app.db.models import SurveyVerdict
from app.db.session import Database, migrate
from app.services.deals import pick_number, store_result


def _publish(session: Session, number: int, mode: str) -> None:
    session.add(
        SurveyVerdict(
            sample="random-1",
            number=number,
            mode=mode,
            solver_version="test",
            budget="1000n",
            verdict="winnable",
            nodes=10,
            elapsed_ms=1.0,
            line="D 1-F",
            line_length=2,
            solved_at=datetime.now(UTC),
        )
    )
    session.commit()


def test_new_games_skip_deals_whose_line_is_published_while_others_remain(database_url: str) -> None:
    migrate(database_url)
    with Database(database_url).sessions() as s:
        for number in (11, 12):
            store_result(s, number, "classic", "winnable", ["D"], 5, 1.0)
        _publish(s, 11, "classic")
        _publish(s, 12, "relaxed")  # published in another mode: no matter here
        assert {pick_number(s, "classic", "v", only_solvable=True) for _ in range(30)} == {12}
        # Once every winnable number is published, a published one beats a random number.
        _publish(s, 12, "classic")
        assert {pick_number(s, "classic", "v", only_solvable=True) for _ in range(10)} <= {11, 12}
