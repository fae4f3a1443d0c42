"""Post-game analysis: the bisection for the last winnable position (with a fake solver,
deterministic), the stored result and the page (done, polling, replay steps, friendly refusals),
and one real run of the solver in the background thread."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, update

from app.db.models import PlayAnalysis, SolvedDeal
from app.services import analysis, deals
from app.services.analysis import Probe, find_last_winnable
from app.services.plays import get_play
from app.services.solver_pool import SolverBusy
from app.solver import SolveResult, Verdict
from tests.records import winning


class FakeSolver:
    """Verdicts by index: winnable up to ``boundary``, then unwinnable, except ``unknown``
    indices (answered "unknown" unless the budget is at least ``proves_with_ms``)."""

    def __init__(self, boundary: int, unknown: set[int] | None = None, proves_with_ms: float | None = None) -> None:
        self.boundary = boundary
        self.unknown = unknown or set()
        self.proves_with_ms = proves_with_ms
        self.asked: list[tuple[int, float]] = []

    def __call__(self, index: int, budget_ms: float) -> Probe:
        self.asked.append((index, budget_ms))
        if index in self.unknown and (self.proves_with_ms is None or budget_ms < self.proves_with_ms):
            return Probe(Verdict.UNKNOWN)
        if index <= self.boundary:
            return Probe(Verdict.WINNABLE, (f"line-from-{index}",))
        return Probe(Verdict.UNWINNABLE)


@pytest.mark.parametrize("boundary", [0, 1, 2, 57, 118, 198])
def test_bisection_finds_the_last_winnable_position_and_the_losing_move(boundary: int) -> None:
    fake = FakeSolver(boundary)
    found = find_last_winnable(200, fake)
    assert (found.last_winnable, found.first_lost, found.outcome) == (boundary, boundary + 1, analysis.LOST)
    assert found.lines[boundary] == (f"line-from-{boundary}",) and found.lines[0] == ("line-from-0",)
    assert found.probes == len(fake.asked) <= 2 + 8  # the deal, the end, then log2(200) halvings
    # The deal may take all of the time (the search ends on its "unknown"); the rest one probe's.
    assert fake.asked[0] == (0, pytest.approx(analysis.TOTAL_S * 1000, abs=100))
    assert fake.asked[1] == (199, analysis.PER_CALL_MS)


def test_a_play_still_winnable_at_its_end_needs_two_probes() -> None:
    fake = FakeSolver(boundary=10_000)
    found = find_last_winnable(40, fake)
    assert found.outcome == analysis.STILL_WINNABLE and found.last_winnable == 39 and found.probes == 2


def test_resigning_at_the_deal_is_still_winnable_with_one_probe() -> None:
    found = find_last_winnable(1, FakeSolver(boundary=0))
    assert found.outcome == analysis.STILL_WINNABLE and found.last_winnable == 0 and found.probes == 1


def test_an_unwinnable_or_undecided_deal_stops_at_the_deal() -> None:
    lost = FakeSolver(boundary=-1)
    assert find_last_winnable(50, lost).outcome == analysis.DEAL_UNWINNABLE and len(lost.asked) == 1
    undecided = FakeSolver(boundary=20, unknown={0})
    found = find_last_winnable(50, undecided)
    assert found.outcome == analysis.UNDECIDED and found.last_winnable is None and len(undecided.asked) == 1


def test_unknown_answers_steer_like_losses_but_never_prove_a_lost_move() -> None:
    fake = FakeSolver(boundary=30, unknown=set(range(31, 100)))
    found = find_last_winnable(100, fake)
    assert found.last_winnable == 30 and found.first_lost is None
    assert found.outcome == analysis.LOST_UNPROVED
    # The closing probe gave the next position all the time left.
    assert fake.asked[-1] == (31, pytest.approx(analysis.TOTAL_S * 1000, abs=100))


def test_the_closing_probe_with_a_bigger_budget_can_prove_the_loss() -> None:
    fake = FakeSolver(boundary=30, unknown=set(range(31, 100)), proves_with_ms=analysis.PER_CALL_MS * 2)
    found = find_last_winnable(100, fake)
    assert (found.last_winnable, found.first_lost, found.outcome) == (30, 31, analysis.LOST)


def test_an_unknown_below_the_boundary_gives_a_lower_but_true_answer() -> None:
    fake = FakeSolver(boundary=60, unknown={50})
    found = find_last_winnable(100, fake)
    assert found.last_winnable is not None and found.last_winnable <= 60
    assert found.verdicts[found.last_winnable] == Verdict.WINNABLE
    assert found.outcome in (analysis.LOST, analysis.LOST_UNPROVED)


def test_known_verdicts_are_used_without_asking_the_solver() -> None:
    fake = FakeSolver(boundary=5)
    found = find_last_winnable(10, fake, known={0: Probe(Verdict.WINNABLE, ("stored",)), 9: Probe(Verdict.UNWINNABLE)})
    assert found.outcome == analysis.LOST and found.last_winnable == 5 and found.lines[0] == ("stored",)
    assert all(index not in (0, 9) for index, _budget in fake.asked)


def test_the_total_time_cap_stops_the_search_and_shortens_the_last_probe() -> None:
    now = [0.0]
    fake = FakeSolver(boundary=500)

    def slow(index: int, budget_ms: float) -> Probe:  # each verdict takes 1.5 s
        now[0] += min(budget_ms, 1500) / 1000
        return fake(index, budget_ms)

    found = find_last_winnable(1000, slow, per_call_ms=1500, total_s=5, clock=lambda: now[0])
    assert now[0] <= 5.0 + 1e-9
    assert [round(b) for _i, b in fake.asked] == [5000, 1500, 1500, 500]
    assert found.outcome == analysis.LOST_UNPROVED and found.verdicts[found.last_winnable] == Verdict.WINNABLE


def _taking_its_time(fake: FakeSolver, now: list[float], deal_s: float) -> Any:
    """``fake`` on a fake clock ``now``: an "unknown" spends the whole budget, a verdict on
    the deal ``deal_s`` seconds, on any other position 0.5 s."""

    def probe(index: int, budget_ms: float) -> Probe:
        answer = fake(index, budget_ms)
        now[0] += budget_ms / 1000 if answer.verdict == Verdict.UNKNOWN else deal_s if index == 0 else 0.5
        return answer

    return probe


def test_an_undecided_deal_gets_the_whole_time_not_one_probes_budget() -> None:
    """Deal 5150 was called undecided after 1.5 s and one position checked, out of 20 s: the
    deal had one bisection probe's budget, and its "unknown" ended the analysis."""
    now = [0.0]
    fake = FakeSolver(boundary=30, unknown={0}, proves_with_ms=6_000)  # the deal needs 6 s
    found = find_last_winnable(
        100, _taking_its_time(fake, now, 6.0), per_call_ms=1500, total_s=20, clock=lambda: now[0]
    )
    assert found.lines[0] == ("line-from-0",) and found.last_winnable == 30
    assert found.outcome == analysis.LOST and now[0] <= 20.0
    never = FakeSolver(boundary=30, unknown={0})
    now[0] = 0.0
    found = find_last_winnable(
        100, _taking_its_time(never, now, 0.0), per_call_ms=1500, total_s=20, clock=lambda: now[0]
    )
    assert found.outcome == analysis.UNDECIDED and now[0] == pytest.approx(20.0)  # not 1.5 s


def test_a_closing_probe_has_all_the_time_left_to_prove_the_loss() -> None:
    now = [0.0]
    fake = FakeSolver(boundary=30, unknown=set(range(31, 100)), proves_with_ms=9_000)
    found = find_last_winnable(
        100, _taking_its_time(fake, now, 1.0), per_call_ms=1500, total_s=20, clock=lambda: now[0]
    )
    assert (found.last_winnable, found.first_lost, found.outcome) == (30, 31, analysis.LOST)
    assert now[0] <= 20.0


def test_an_empty_line_is_refused() -> None:
    with pytest.raises(ValueError):
        find_last_winnable(0, FakeSolver(0))


# -- the page -------------------------------------------------------------------------------


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _lost_play(client: TestClient, k: int) -> dict[str, Any]:
    """Deal 2 played along the known winning line for ``k`` moves, then a different legal move,
    then given up."""
    play = winning.win(client, upto=k)
    other = next(m for m in play["legal_moves"] if m != winning.MOVES[k])
    play = client.post(f"/api/plays/{play['play_id']}/moves", json={"move": other, "version": play["version"]}).json()
    play = client.post(f"/api/plays/{play['play_id']}/resign", json={"version": play["version"]}).json()
    assert play["status"] == "resigned"
    play["deviation"] = other
    return play


def _analyse_with(client: TestClient, play_id: str, fake: Any) -> None:
    with client.app.state.services.db.sessions() as session:  # type: ignore[attr-defined]
        analysis.analyse(session, get_play(session, play_id), fake)


def along_the_line(k: int, after: str = Verdict.UNWINNABLE) -> Any:
    """A fake solver for :func:`_lost_play`: the rest of the known line wins up to ``k``;
    after it, ``after``."""

    def fake(index: int, budget_ms: float) -> Probe:
        if index <= k:
            return Probe(Verdict.WINNABLE, tuple(winning.MOVES[index:]))
        return Probe(after)

    return fake


def test_the_page_names_the_move_that_lost_and_replays_the_line_from_there(client: TestClient) -> None:
    k = 12
    play = _lost_play(client, k)
    _analyse_with(client, play["play_id"], along_the_line(k))
    url = f"/game/{winning.NUMBER}/analysis?mode=classic"
    page = client.get(url)
    assert page.status_code == 200
    text = _text(page.text)
    assert "Where it was lost" in text and "Analysis with the stock known" in text
    assert f"After {k} moves the deal was still winnable" in text
    assert f"You played {play['deviation']} ·" in text and f"The solver plays {winning.MOVES[k]} ·" in text
    assert "From the losing point" in text and "From the deal" in text
    total = len(winning.MOVES) - k
    assert f"Move 1 of {total}" in text and f"Next {winning.MOVES[k]} ·" in text
    assert "hx-trigger" not in page.text  # done: no polling
    assert re.search(r'class="[^"]*hinted', page.text)  # the move about to be played is lit
    nxt = client.get(url + "&line=lost&step=1")
    assert f"Move 2 of {total}" in _text(nxt.text) and f"Next {winning.MOVES[k + 1]} ·" in _text(nxt.text)
    assert 'href="/game/2/analysis?mode=classic&amp;line=lost"' in nxt.text  # Previous goes back to step 0
    end = _text(client.get(url + "&line=lost&step=9999").text)
    assert "Won: every card is home." in end and "Cards home: 104/104" in end
    deal = _text(client.get(url + "&line=deal&step=3").text)
    assert f"Move 4 of {len(winning.MOVES)}" in deal and f"Next {winning.MOVES[3]} ·" in deal
    # The stock's order never shows: only its count and the cards the line has drawn.
    assert "Stock: 64 cards" in client.get(url + "&line=deal").text


def test_while_analysing_the_page_polls_and_refreshes_without_javascript(client: TestClient) -> None:
    play = _lost_play(client, 3)
    runner = client.app.state.services.analyses  # type: ignore[attr-defined]
    runner.ensure = lambda _play: runner.RUNNING  # hold it "running"
    page = client.get(f"/game/{winning.NUMBER}/analysis?mode=classic")
    assert page.status_code == 200 and "Analysing…" in page.text
    assert 'hx-trigger="every 2s"' in page.text and 'hx-get="/game/2/analysis?mode=classic"' in page.text
    assert '<noscript><meta http-equiv="refresh"' in page.text
    poll = client.get(f"/game/{winning.NUMBER}/analysis?mode=classic", headers={"HX-Request": "true"})
    assert poll.text.lstrip().startswith('<section id="analysis"') and "<html" not in poll.text
    assert play["status"] == "resigned"


def test_no_analysis_for_a_play_that_is_not_over_won_or_missing(client: TestClient) -> None:
    assert client.get("/game/77/analysis").status_code == 404
    client.get("/game/77")  # a page view stores nothing
    unplayed = client.get("/game/77/analysis").text
    assert "You have not played this deal yet" in unplayed
    assert ">Play this deal<" in unplayed and "Play this deal again" not in unplayed and "/restart" not in unplayed
    client.post("/game/77/draw", data={"mode": "classic", "version": "0"})
    no_card = client.get("/game/77/analysis?card=999999")  # a card that is not this visitor's
    assert no_card.status_code == 404 and "None of your finish cards of this deal has that number" in no_card.text
    assert "You have not played this deal yet" not in no_card.text
    going = client.get("/game/77/analysis")
    assert going.status_code == 409 and "not over yet" in going.text
    winning.win(client)
    won = client.get(f"/game/{winning.NUMBER}/analysis?mode=classic")
    assert won.status_code == 409 and "You won this play" in won.text
    assert client.get("/game/0/analysis").status_code == 422


def test_finish_card_and_end_banner_link_to_the_analysis(client: TestClient) -> None:
    play = _lost_play(client, 2)
    card = client.get(f"/game/{winning.NUMBER}/card?mode=classic").text
    assert 'id="fc-analysis"' in card and 'href="/game/2/analysis?mode=classic&amp;card=' in card
    assert card.count('href="/game/2/analysis?mode=classic"') == 1  # the end banner: the latest play
    assert play["status"] == "resigned"


def test_the_result_card_still_opens_its_analysis_after_the_deal_is_dealt_again(client: TestClient) -> None:
    """A fresh player gave up, dealt the same number again, and the old card's "See where it
    was lost" said the game was not over: the card's link names its own play."""
    k = 5
    play = _lost_play(client, k)
    _analyse_with(client, play["play_id"], along_the_line(k))
    card_page = client.get(f"/game/{winning.NUMBER}/card?mode=classic").text
    found = re.search(r'href="(/game/2/analysis\?mode=classic&amp;card=(\d+))"', card_page)
    assert found
    url, card_id = found.group(1).replace("&amp;", "&"), found.group(2)
    fresh = client.get(f"/game/{winning.NUMBER}?mode=classic").text  # the deal again, stored at its first action
    version = re.search(r'name="version" value="(\d+)"', fresh).group(1)  # type: ignore[union-attr]
    client.post(f"/game/{winning.NUMBER}/draw", data={"mode": "classic", "version": version})
    assert client.get(f"/game/{winning.NUMBER}/analysis?mode=classic").status_code == 409  # the new one, going
    page = client.get(url)
    assert page.status_code == 200 and f"After {k} moves the deal was still winnable" in _text(page.text)
    nxt = client.get(url + "&line=lost&step=1")
    assert f"card={card_id}" in nxt.text and "Move 2 of" in _text(nxt.text)  # the replay keeps the card
    stranger = TestClient(client.app)
    assert stranger.get(url).status_code == 404  # someone else's card shows nothing
    assert client.get(f"/game/77/analysis?mode=classic&card={card_id}").status_code == 404  # another deal


@pytest.fixture
def solving_client(client: TestClient) -> Iterator[TestClient]:
    """The app with the deal of :mod:`tests.records.winning` unknown to the solved-deals table
    (so the analysis must solve it)."""
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        s.execute(delete(SolvedDeal).where(SolvedDeal.number == winning.NUMBER))
        s.commit()
    yield client


class FakePool:
    """A :class:`~app.services.solver_pool.SolverPool` stand-in for deal 2 given up at once: busy
    for its first ``busy`` calls (each advancing ``now`` by 1 s when ``now`` is given), then it
    wins the deal when the budget is at least ``wins_with_ms``, else "unknown"."""

    def __init__(self, wins_with_ms: float, busy: int = 0, now: list[float] | None = None) -> None:
        self.wins_with_ms, self.busy, self.now = wins_with_ms, busy, now
        self.budgets: list[float] = []

    def solve(self, _position: Any, _rules: Any, *, budget_ms: float) -> SolveResult:
        if self.busy:
            self.busy -= 1
            if self.now is not None:
                self.now[0] += 1.0
            raise SolverBusy("busy")
        self.budgets.append(budget_ms)
        if budget_ms < self.wins_with_ms:
            return SolveResult(Verdict.UNKNOWN, (), 1, budget_ms)
        return SolveResult(Verdict.WINNABLE, tuple(winning.MOVES), 1, 1.0)


def test_the_page_gives_the_deal_the_analysis_time_not_one_probes(solving_client: TestClient) -> None:
    """The whole path (page, background runner, solver probe): with 50 ms a probe and 600 ms in
    all, a deal that needs 300 ms is found winnable, not "could not decide in time"."""
    client = solving_client
    services = client.app.state.services  # type: ignore[attr-defined]
    pool = FakePool(wins_with_ms=300)
    services.analyses = analysis.AnalysisRunner(services.db.sessions, pool, per_call_ms=50, total_s=0.6)
    play = client.post(f"/api/games/{winning.NUMBER}/plays", json={"auto_safe": False}).json()
    client.post(f"/api/plays/{play['play_id']}/resign", json={"version": play["version"]})
    url = f"/game/{winning.NUMBER}/analysis?mode=classic"
    assert "Analysing…" in client.get(url).text
    assert services.analyses.wait_idle(5)
    text = _text(client.get(url).text)
    assert "You could still have won" in text and "could not decide" not in text
    assert pool.budgets[0] > 300


def test_a_busy_solver_delays_the_probe_within_the_analysis_time(client: TestClient) -> None:
    """The wait for a free solver comes out of the analysis' time: after 12 s busy (longer than
    the 10 s the probe used to wait before it answered "unknown") the probe still solves, with
    what is left before the deadline; busy until the deadline, it answers "unknown" then."""
    play = client.post(f"/api/games/{winning.NUMBER}/plays", json={"auto_safe": False}).json()
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        loaded = get_play(s, play["play_id"])
    now = [0.0]
    pool = FakePool(wins_with_ms=0, busy=12, now=now)
    probe = analysis.solver_probe(pool, [loaded.game.start], loaded, 20.0, clock=lambda: now[0], sleep=lambda _s: None)  # type: ignore[arg-type]
    assert probe(0, 20_000).verdict == Verdict.WINNABLE and pool.budgets == [8_000]
    late = FakePool(wins_with_ms=0, busy=100, now=now)
    now[0] = 0.0
    probe = analysis.solver_probe(late, [loaded.game.start], loaded, 20.0, clock=lambda: now[0], sleep=lambda _s: None)  # type: ignore[arg-type]
    assert probe(0, 1_500).verdict == Verdict.UNKNOWN and late.budgets == [] and now[0] == 20.0


@pytest.mark.parametrize(("found", "verdict"), [("a winning line", True), ("nothing wins", False)])
def test_an_analysis_that_settles_the_deal_tells_its_table(
    solving_client: TestClient, found: str, verdict: bool
) -> None:
    """A line from the deal proves it winnable; a proof from the deal that nothing wins proves
    it not winnable: either way the deal's table stops saying "not yet known"."""
    client = solving_client
    play = _lost_play(client, 3)
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        assert deals.solvable(s, winning.NUMBER, "classic") is None
    probe = along_the_line(3) if found == "a winning line" else (lambda i, ms: Probe(Verdict.UNWINNABLE))
    _analyse_with(client, play["play_id"], probe)
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        assert deals.solvable(s, winning.NUMBER, "classic") is verdict
    assert client.get(f"/api/games/{winning.NUMBER}?mode=classic").json()["solvable"] is verdict


def test_real_solver_in_the_background_says_a_deal_given_up_at_once_was_winnable(solving_client: TestClient) -> None:
    client = solving_client
    play = client.post(f"/api/games/{winning.NUMBER}/plays", json={"auto_safe": False}).json()
    client.post(f"/api/plays/{play['play_id']}/resign", json={"version": play["version"]})
    url = f"/game/{winning.NUMBER}/analysis?mode=classic"
    first = client.get(url)
    assert first.status_code == 200 and "Analysing…" in first.text
    assert client.app.state.services.analyses.wait_idle(30)  # type: ignore[attr-defined]
    poll = client.get(url, headers={"HX-Request": "true"})
    text = _text(poll.text)
    assert "You could still have won" in text and "hx-trigger" not in poll.text
    assert "Solver: 1 position of your game checked" in text
    assert "From the deal" in text and "Move 1 of" in text
    # Reloads are instant: the result is stored, no new analysis starts.
    client.app.state.services.analyses.ensure = None  # type: ignore[attr-defined]
    assert "You could still have won" in client.get(url).text


def test_the_analysis_page_is_translated(client: TestClient) -> None:
    from app import i18n

    play = _lost_play(client, 5)
    _analyse_with(client, play["play_id"], along_the_line(5, Verdict.UNKNOWN))
    missing: list[str] = []
    remove = i18n.on_missing(lambda _lang, msgid: missing.append(msgid))
    try:
        client.cookies.set("ft_lang", "es")
        text = _text(client.get(f"/game/{winning.NUMBER}/analysis?mode=classic&line=lost&step=1").text)
    finally:
        remove()
    assert missing == [] and "Dónde probablemente se perdió" in text and "Análisis conociendo el montón" in text


@pytest.mark.parametrize(("lang", "shown"), [("en", "9.4 s"), ("es", "9,4 s")])
def test_the_solver_time_uses_the_decimal_separator_of_the_language(client: TestClient, lang: str, shown: str) -> None:
    play = _lost_play(client, 4)
    _analyse_with(client, play["play_id"], along_the_line(4))
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        s.execute(update(PlayAnalysis).values(elapsed_ms=9400.0))
        s.commit()
    client.cookies.set("ft_lang", lang)
    text = _text(client.get(f"/game/{winning.NUMBER}/analysis?mode=classic").text)
    assert shown in text


class HeldPool:
    """A solver pool stand-in that holds every call until ``release`` is set, then fails it
    (an analysis that fails), counting the calls."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.calls = 0

    def solve(self, *_: Any, **__: Any) -> SolveResult:
        self.calls += 1
        self.release.wait(20)
        raise RuntimeError("solver process died")


def test_an_analysis_under_way_or_failed_in_one_process_is_not_started_in_another(
    solving_client: TestClient,
) -> None:
    """Two server processes' analysis runners on one database (the page's poll may reach
    either): while one analyses a play, the other says "running" and starts nothing; once it
    has failed, both say "failed" for a minute, and neither starts it again."""
    client = solving_client
    sessions = client.app.state.services.db.sessions  # type: ignore[attr-defined]
    play = _lost_play(client, 3)
    first, second = HeldPool(), HeldPool()
    runners = [analysis.AnalysisRunner(sessions, pool, per_call_ms=50, total_s=5) for pool in (first, second)]  # type: ignore[arg-type]
    with sessions() as session:
        loaded = get_play(session, play["play_id"])
    assert runners[0].ensure(loaded) == runners[0].RUNNING
    deadline = time.monotonic() + 10
    while first.calls == 0 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert runners[1].ensure(loaded) == runners[1].RUNNING
    assert runners[1].wait_idle(1) and second.calls == 0
    first.release.set()
    assert runners[0].wait_idle(10)
    assert [r.ensure(loaded) for r in runners] == ["failed", "failed"]
    assert second.calls == 0 and first.calls == 1
