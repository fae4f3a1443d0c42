"""A new game is never a deal whose winning line the winnability page publishes (a play-tester
won a "New game" deal in 5 s with the line from /winnability.csv and took its record)."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from app.db.models import SurveyVerdict
from app.db.session import Database, migrate
from app.services import actions, plays, records
from app.services.deals import Pick, choose_deal, store_result
from app.services.published import read_survey_file, shipped_lines, survey_file
from app.web.views.finish import finish_view


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
        assert {choose_deal(s, "classic", "v", only_solvable=True).number for _ in range(30)} == {12}
        # Once every winnable number is published, a published one beats a random number.
        _publish(s, 12, "classic")
        assert {choose_deal(s, "classic", "v", only_solvable=True).number for _ in range(10)} <= {11, 12}


def test_a_pool_whose_every_deal_the_visitor_played_gives_a_fresh_number(database_url: str) -> None:
    """A play-tester got Lucas 4242 six times in a row: the first deal proved in a new
    variant was its whole pool, and he had played it."""
    migrate(database_url)
    with Database(database_url).sessions() as s:
        store_result(s, 4242, "lucas", "winnable", ["D"], 5, 1.0)
        assert choose_deal(s, "lucas", "v", only_solvable=True).number == 4242
        play = plays.new_play(s, "v", 4242, "lucas")
        plays.act(s, play, actions.parse_act("draw"), version=play.row.version)
        assert 4242 not in {choose_deal(s, "lucas", "v", only_solvable=True).number for _ in range(5)}
        assert choose_deal(s, "lucas", "someone else", only_solvable=True).number == 4242
        assert choose_deal(s, "lucas", "v", only_solvable=True).random_because == "all_played"
        assert choose_deal(s, "lucas", "someone else", only_solvable=True) == Pick(4242, None)


def test_a_random_deal_dealt_for_winnable_only_says_why(database_url: str) -> None:
    """A play-tester with "Only winnable deals: on" got deal after deal of Kings Only "not yet
    known" (no deal of it is proved winnable) and no word of why."""
    migrate(database_url)
    with Database(database_url).sessions() as s:
        assert choose_deal(s, "kings-only", "v", only_solvable=True).random_because == "no_winnable"
        assert choose_deal(s, "kings-only", "v", only_solvable=False).random_because is None


def test_new_game_of_a_mode_with_no_winnable_deal_shows_the_notice(client: TestClient) -> None:
    r = client.get("/?mode=kings-only", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].endswith("&notice=no_winnable")
    page = client.get(r.headers["location"]).text
    assert "No deal of this game is proved winnable yet: this one is a random deal." in page
    r = client.get("/?mode=classic", follow_redirects=False)
    assert "notice" not in r.headers["location"]
    r = client.get("/?mode=zzqx", follow_redirects=False)  # said, as a deal's page says it
    assert "?mode=classic&notice=bad_mode" in r.headers["location"]
    r = client.get("/?mode=RELAXED", follow_redirects=False)
    assert r.headers["location"].endswith("?mode=relaxed")


def _a_shipped_line(mode: str) -> tuple[int, list[str]]:
    """A deal whose winning line the shipped survey publishes, and that line."""
    rows = read_survey_file(survey_file(mode))
    row = next(r for r in rows if r["line"])
    return int(row["number"]), row["line"].split()


def test_new_games_skip_shipped_published_deals_before_the_survey_is_loaded(database_url: str) -> None:
    """A play-tester's first "New game" dealt a deal of /winnability.csv: the shipped survey is
    loaded into the database only when a page first shows it, and until then nothing was skipped."""
    number, _ = _a_shipped_line("classic")
    assert number in shipped_lines("classic")
    migrate(database_url)
    with Database(database_url).sessions() as s:
        store_result(s, number, "classic", "winnable", ["D"], 5, 1.0)
        store_result(s, 7, "classic", "winnable", ["D"], 5, 1.0)
        assert 7 not in shipped_lines("classic")
        assert {choose_deal(s, "classic", "v", only_solvable=True).number for _ in range(30)} == {7}


def test_a_win_on_a_deal_whose_line_is_published_counts_in_statistics_not_for_records(database_url: str) -> None:
    """The play-tester then replayed the downloaded line and took the deal's record: such a win
    is now assisted (statistics, not records), the survey loaded or not."""
    number, line = _a_shipped_line("classic")
    migrate(database_url)
    with Database(database_url).sessions() as s:
        play = plays.new_play(s, "v", number, "classic", auto_safe=False)
        for text in line:
            act = actions.parse_act("draw") if text == "D" else actions.parse_act("move", text)
            play = plays.act(s, play, act, version=play.row.version)
        if play.row.status != "won":
            play = plays.act(s, play, actions.parse_act("finish"), version=play.row.version)
        assert play.row.status == "won"
        card = records.finish_card_of(s, play.row.id)
        assert card is not None and card.assisted and card.hints == 0
        assert records.best_wins(s, number, "classic") == []
        assert finish_view(s, card).published  # the card says why
        assert records.saw_solution(s, "someone", number, "classic")
        assert not records.saw_solution(s, "someone", 7, "classic")
