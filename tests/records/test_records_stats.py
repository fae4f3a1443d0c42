"""Records per deal (fewest moves, then least time; one line per visitor; custom plays never
count), honours, and statistics against hand-computed figures."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from app.db.models import FinishCard, PlayRow
from app.db.session import Database, migrate
from app.services.records import best_wins, clean_name, honours, personal_best, set_display_name, stats
from app.web.views.stats import MIN_BAR, chart_bars

T0 = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    migrate(url)
    db = Database(url)
    with db.sessions() as s:
        yield s
    db.engine.dispose()


_n = 0


def add(
    s: Session,
    visitor: str,
    result: str = "won",
    moves: int = 100,
    elapsed: float = 300.0,
    *,
    number: int | None = 7,
    mode: str = "classic",
    custom: bool = False,
    home: int | None = None,
) -> FinishCard:
    global _n
    _n += 1
    row = PlayRow(
        play_id=f"p{_n}",
        visitor_id=visitor,
        number=number,
        mode=mode,
        custom=custom,
        created_at=T0,
        last_action_at=T0,
    )
    s.add(row)
    s.flush()
    card = FinishCard(
        play_row_id=row.id,
        visitor_id=visitor,
        number=number,
        mode=mode,
        custom=custom,
        result=result,
        moves=moves,
        elapsed_s=elapsed,
        undos=0,
        hints=0,
        cards_home=104 if result == "won" else (home or 0),
        points=0,
        finished_at=T0 + timedelta(minutes=_n),
    )
    s.add(card)
    s.commit()
    return card


def test_records_order_by_moves_then_time_one_line_per_visitor(session: Session) -> None:
    add(session, "ann", moves=120, elapsed=100)
    add(session, "ann", moves=110, elapsed=900)  # Ann's best: fewer moves beats less time
    add(session, "bob", moves=110, elapsed=500)  # same moves as Ann, less time: ahead of her
    add(session, "cid", moves=90, elapsed=2000)
    add(session, "dan", "resigned", moves=10, elapsed=5, home=50)  # not a win
    add(session, "eve", moves=50, elapsed=1, custom=True)  # set-up position: never counts
    add(session, "fay", moves=80, elapsed=10, mode="relaxed")  # another mode
    add(session, "gus", moves=70, elapsed=10, number=8)  # another deal
    lines = best_wins(session, 7, "classic")
    assert [(r.place, r.visitor_id, r.moves, r.elapsed_s) for r in lines] == [
        (1, "cid", 90, 2000),
        (2, "bob", 110, 500),
        (3, "ann", 110, 900),
    ]


def test_records_full_tie_keeps_the_earlier_win_first_and_top_ten_only(session: Session) -> None:
    for i in range(12):
        add(session, f"v{i:02d}", moves=100, elapsed=60)
    lines = best_wins(session, 7, "classic")
    assert len(lines) == 10 and [r.visitor_id for r in lines] == [f"v{i:02d}" for i in range(10)]


def test_personal_best_and_honours(session: Session) -> None:
    first = add(session, "ann", moves=100, elapsed=300)
    h = honours(session, first)
    assert h.new_record and h.best_on_deal  # a first win is both
    bob = add(session, "bob", moves=120, elapsed=10)
    h = honours(session, bob)
    assert h.new_record and not h.best_on_deal  # Bob's first win, but Ann's is better
    tie = add(session, "ann", moves=100, elapsed=300)
    h = honours(session, tie)
    assert not h.new_record and not h.best_on_deal  # equal is not better
    better = add(session, "bob", moves=99, elapsed=999)
    h = honours(session, better)
    assert h.new_record and h.best_on_deal
    lost = add(session, "ann", "resigned", moves=5, home=20)
    assert not honours(session, lost).new_record
    mine = personal_best(session, "ann", 7, "classic")
    assert mine is not None and (mine.moves, mine.elapsed_s) == (100, 300)
    custom = add(session, "cid", moves=1, elapsed=1, custom=True, number=None)
    assert not honours(session, custom).new_record


def test_statistics_against_hand_computed_figures(session: Session) -> None:
    # Classic, in order: W W W W L(blocked) W W, plus one resigned Relaxed and one custom win.
    add(session, "ann", moves=150, elapsed=400)
    add(session, "ann", moves=140, elapsed=500)
    add(session, "ann", moves=160, elapsed=350)
    add(session, "ann", moves=170, elapsed=380)
    add(session, "ann", "blocked", moves=200, elapsed=600, home=52)
    add(session, "ann", moves=145, elapsed=390)
    add(session, "ann", moves=155, elapsed=410)
    add(session, "ann", "resigned", moves=10, elapsed=20, mode="relaxed", home=8)
    add(session, "ann", moves=1, elapsed=1, custom=True, number=None)
    add(session, "bob", moves=2, elapsed=2)
    st = stats(session, "ann", "classic")
    assert (st.played, st.won, st.current_streak, st.longest_streak) == (7, 6, 2, 4)
    assert st.win_rate == pytest.approx(6 / 7)
    assert (st.best_time_s, st.fewest_moves) == (350, 140)
    assert st.recent == [(True, 104)] * 4 + [(False, 52)] + [(True, 104)] * 2
    relaxed = stats(session, "ann", "relaxed")
    assert (
        relaxed.played,
        relaxed.won,
        relaxed.win_rate,
        relaxed.current_streak,
        relaxed.longest_streak,
        relaxed.best_time_s,
        relaxed.fewest_moves,
    ) == (1, 0, 0.0, 0, 0, None, None)
    nobody = stats(session, "zed", "classic")
    assert (nobody.played, nobody.win_rate, nobody.recent) == (0, 0.0, [])


def test_statistics_chart_keeps_the_last_fifty(session: Session) -> None:
    for i in range(55):
        add(session, "ann", "won" if i % 2 else "resigned", home=i)
    st = stats(session, "ann", "classic")
    assert len(st.recent) == 50 and st.recent[0] == (True, 104) and st.recent[-1] == (False, 54)
    assert st.recent[1] == (False, 6)


def test_display_names_are_cleaned_and_limited(session: Session) -> None:
    assert clean_name("  Ana\t  María\x07 ") == "Ana María"
    assert clean_name("   ") is None
    assert clean_name("a\tb\nc\r\nd") == "a b c d"  # a play-tester's tab and line break made "abc"
    assert clean_name("a\x07b") == "ab"
    family = "Ana \U0001f469\u200d\U0001f469\u200d\U0001f467"  # a play-tester's emoji family: one picture
    assert clean_name(family) == family
    assert clean_name("ab\u202ecd") == "abcd"  # a right-to-left override still goes
    with pytest.raises(ValueError):
        clean_name("x" * 25)
    assert set_display_name(session, "ann", "Ann", T0) == "Ann"
    assert set_display_name(session, "ann", "", T0) is None
    add(session, "ann")
    assert best_wins(session, 7, "classic")[0].name is None


def test_statistics_page_shows_the_figures_and_a_chart(client: TestClient) -> None:
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        client.post("/api/games/9/plays")  # stores a play (no finish card): makes the visitor cookie
        from app.web.middleware.visitor import VisitorCookie

        vid = VisitorCookie("test-secret").read(client.cookies.get("ft_visitor"))
        assert vid
        for result, moves, elapsed in [("won", 150, 400), ("resigned", 30, 50), ("won", 140, 65)]:
            add(s, vid, result, moves=moves, elapsed=elapsed, home=40)
    html = client.get("/stats?mode=classic").text
    for stat, value in [
        ("played", "3"),
        ("won", "2"),
        ("win-rate", "67\xa0%"),  # as every page writes a share
        ("current-streak", "1"),
        ("longest-streak", "1"),
        ("best-time", "1:05"),
        ("fewest-moves", "140"),
    ]:
        assert f'data-stat="{stat}">{value}</dd>' in html, stat
    assert html.count("<rect ") == 3 and 'class="results-chart"' in html and "https://" not in html
    es = client.get("/stats?mode=classic", headers={"Accept-Language": "es"}).text
    assert 'data-stat="win-rate">67\xa0%</dd>' in es and "Racha actual" in es
    assert 'data-stat="played">0</dd>' in client.get("/stats?mode=relaxed").text


def test_a_low_bar_of_the_chart_is_seen_and_carries_its_count(client: TestClient) -> None:
    # A play-tester's chart looked empty after a game given up with 3 cards home: a 3-unit bar.
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        client.post("/api/games/9/plays")
        from app.web.middleware.visitor import VisitorCookie

        vid = VisitorCookie("test-secret").read(client.cookies.get("ft_visitor"))
        assert vid
        add(s, vid, "resigned", moves=5, elapsed=20, home=3)
    html = client.get("/stats?mode=classic").text
    (height,) = re.findall(r'<rect [^>]*height="([0-9.]+)"[^>]*class="lost"', html)
    assert float(height) >= MIN_BAR >= 8  # about 7 % of the chart: a mark that can be seen
    assert re.search(
        r'<span class="bar-mark" style="left: 1(\.0)?%; bottom: [0-9.]+%" aria-hidden="true">3</span>', html
    )
    # no cards home at all still leaves a mark; a high bar or a win carries no number; of two low
    # bars side by side only the first is numbered (their numbers would overlap)
    bars = chart_bars([(False, 0), (False, 2), (False, 60), (True, 104), (False, 1)], 104)
    assert [b.height >= MIN_BAR for b in bars] == [True] * 5
    assert [b.mark for b in bars] == ["0", None, None, None, "1"]
