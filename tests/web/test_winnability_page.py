""" "How winnable is Forty Thieves?" (``/winnability``, issue 15): per mode the stored survey's
won, proved lost and undecided counts with Wilson 95 % intervals and the bounds on the
winnable share, the solver version and budget, the budget chart and the histogram of winning
lines with their text alternatives, in English and Spanish; its CSV; the links to it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.config import Settings
from app.db.models import SurveyVerdict
from app.i18n import speaking
from app.main import create_app
from app.services import published
from app.services import survey as sv
from app.services.winnability import LadderPoint
from app.web.views.winnability import LABEL_CHAR, LABEL_GAP, histogram, ladder_points

VERDICTS = ["winnable"] * 6 + ["unwinnable"] * 2 + ["unknown"] * 4
"""Classic, seed 7, 100,000 positions: 6 won, 2 lost, 4 undecided of 12 (the first 10 also at
the budgets of :data:`LADDER`)."""
LADDER = {"10000n": ["winnable"] * 2 + ["unknown"] * 8, "1000000n": ["winnable"] * 7 + ["unwinnable"] * 3}


def visible(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _rows(budget: str, verdicts: list[str], when: datetime) -> list[SurveyVerdict]:
    return [
        SurveyVerdict(
            sample="random-7",
            number=1000 + i,
            mode="classic",
            solver_version="9.9",
            budget=budget,
            verdict=v,
            nodes=50_000 + i,
            elapsed_ms=500.0,
            line=" ".join(["D"] * (200 + 30 * i)) if v == "winnable" else None,
            line_length=200 + 30 * i if v == "winnable" else None,
            solved_at=when,
        )
        for i, v in enumerate(verdicts)
    ]


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """An app whose database holds only the survey above (no shipped survey files)."""
    monkeypatch.setattr(sv, "SURVEY_DIR", tmp_path / "no-survey")
    app = create_app(Settings(data_dir=tmp_path / "data", secret_key="test-secret", pool_worker=False))
    with TestClient(app) as c:
        now = datetime.now(UTC)
        with app.state.services.db.sessions() as session:
            session.add_all(_rows("100000n", VERDICTS, now))
            for budget, verdicts in LADDER.items():
                session.add_all(_rows(budget, verdicts, now - timedelta(seconds=1)))
            session.commit()
        yield c


def test_the_page_gives_counts_intervals_and_bounds_in_english(client: TestClient) -> None:
    r = client.get("/winnability")
    assert r.status_code == 200
    html = r.text
    assert "<h1>How winnable is Forty Thieves?</h1>" in html
    classic = html[html.index('<section id="classic"') : html.index('<section id="relaxed"')]
    text = visible(classic)
    assert "A random sample of 12 deals (numbers drawn with seed 7), 100,000 positions per deal" in text
    # Wilson 95 % of 12: 6 → 25.4 – 74.6 %, 2 → 4.7 – 44.8 %, 4 → 13.8 – 60.9 %; so winnable
    # between 25.4 % and 100 − 4.7 = 95.3 %.
    assert "won (proved winnable) 6 50.0 % 25.4 % – 74.6 %" in text
    assert "proved lost 2 16.7 % 4.7 % – 44.8 %" in text
    assert "undecided 4 33.3 % 13.8 % – 60.9 %" in text
    assert "between 25.4 % and 95.3 % of all deals are winnable" in text
    assert "Solver 9.9; budget 100,000 positions per deal" in text
    assert "machine time 0.1 min in all, 0.50 s the median deal" in text
    relaxed = html[html.index('<section id="relaxed"') : html.index('<section id="bounds"')]
    assert "No survey of this mode is stored yet." in visible(relaxed)
    assert "Wilson, 1927" in visible(html) and "thoughtful" in visible(html)
    for figure in ["73 patience games", "none of 20 random deals", "77 of 1,000", "one deal in ten"]:
        assert figure in visible(html), figure


def test_the_charts_have_text_alternatives(client: TestClient) -> None:
    html = client.get("/winnability").text
    ladder = re.search(r'<svg[^>]*class="ladder-chart"[^>]*aria-labelledby="([^"]+)"', html)
    assert ladder and ladder.group(1) == "classic-ladder-title classic-ladder-desc"
    desc = re.search(r'<desc id="classic-ladder-desc">([^<]*)</desc>', html)
    assert desc and visible(desc.group(1)) == (
        "10,000 positions: 20.0 % resolved, 20.0 % won; 100,000 positions: 80.0 % resolved, 60.0 % won; "
        "1,000,000 positions: 100.0 % resolved, 70.0 % won."
    )
    assert html.count('<circle cx="') == 6 and 'role="img"' in html
    assert "the first 10 deals of the sample, each at every budget" in visible(html)
    hist = re.search(r'<desc id="classic-lines-desc">([^<]*)</desc>', html)
    assert (
        hist and visible(hist.group(1)) == "6 winning lines: the shortest 200 moves, the median 275, the longest 350."
    )
    titles = re.findall(r"<rect [^>]*><title>([^<]*)</title>", html)
    assert titles[0] == "1 line of 200–224 moves" and sum(int(t.split()[0]) for t in titles) == 6


def test_the_page_in_spanish(client: TestClient) -> None:
    client.cookies.set("ft_lang", "es")
    html = client.get("/winnability").text
    assert '<html lang="es">' in html
    text = visible(html)
    assert "¿Cuántas partidas de Cuarenta Ladrones tienen solución?" in text
    assert "Una muestra aleatoria de 12 partidas" in text and "100.000 posiciones por partida" in text
    assert "25,4 % – 74,6 %" in text and "entre 25,4 % y 95,3 %" in text
    assert "10.000 posiciones: 20,0 % resueltas, 20,0 % ganadas" in text
    assert "6 líneas ganadoras" in text


def test_the_csv_lists_the_sample_verdicts(client: TestClient) -> None:
    r = client.get("/winnability.csv?mode=classic")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    assert 'filename="forty-thieves-winnability-classic.csv"' in r.headers["content-disposition"]
    lines = r.text.splitlines()
    assert lines[0] == "number,verdict,nodes,seconds,line" and len(lines) == 13
    assert lines[1] == "1000,winnable,50000,0.500," + " ".join(["D"] * 200)
    assert lines[9].startswith("1008,unknown,50008,0.500,")
    relaxed = client.get("/winnability.csv?mode=relaxed")
    assert relaxed.status_code == 200 and relaxed.text == "number,verdict,nodes,seconds,line\n"


def test_rules_and_every_footer_link_to_the_page(client: TestClient) -> None:
    rules = client.get("/rules").text
    assert rules.count('href="/winnability"') == 2  # the winnable section and the footer
    assert 'href="/winnability"' in client.get("/stats").text
    page = client.get("/winnability").text
    assert '<a href="/winnability" aria-current="page">' in page


def test_the_shipped_survey_loads_on_the_first_visit(settings: Settings) -> None:
    """The server's own data files (app/survey/): the page shows their random sample and the
    CSV gives its verdicts."""
    shipped = published.read_survey_file(published.survey_file("classic"))
    with TestClient(create_app(settings)) as c:
        with c.app.state.services.db.sessions() as session:  # type: ignore[attr-defined]
            assert session.query(SurveyVerdict).count() == 0  # not at start
        html = c.get("/winnability").text
        csv_lines = c.get("/winnability.csv?mode=classic").text.splitlines()
    shown = re.search(r'<p class="survey-head" data-sample="(\d+)">', html)
    assert shown is not None and len(csv_lines) == int(shown.group(1)) + 1
    budget = next(r["budget"] for r in shipped if r["number"] == csv_lines[1].split(",")[0])
    headline = {r["number"]: r for r in shipped if r["budget"] == budget and r["sample"] == "random-2026"}
    assert len(headline) == int(shown.group(1))
    for line in csv_lines[1:]:
        number, verdict, nodes, _, moves = line.split(",")
        assert (headline[number]["verdict"], headline[number]["nodes"], headline[number]["line"]) == (
            verdict,
            nodes,
            moves,
        )


def test_the_newest_solver_version_is_shown_whenever_it_was_stored(client: TestClient) -> None:
    older = datetime.now(UTC) - timedelta(days=1)
    rows = _rows("100000n", ["winnable", "unknown", "unknown"], older)
    for r in rows:
        r.solver_version = "9.10"  # after 9.9, though stored before it
    with client.app.state.services.db.sessions() as session:  # type: ignore[attr-defined]
        session.add_all(rows)
        session.commit()
    text = visible(client.get("/winnability").text)
    assert "A random sample of 3 deals" in text and "Solver 9.10;" in text


def test_the_figures_are_kept_until_a_stored_verdict_changes(client: TestClient) -> None:
    """Both pages keep the figures they work out (about 0.35 s from the shipped rows) and work
    them out again once the rows change: a verdict changed in place (same rows, ids, positions
    and time), then a row added."""
    assert "won (proved winnable) 6 50.0 %" in visible(client.get("/winnability").text)
    assert "won 50.0 % of 12 random deals" in visible(client.get("/games").text)
    with client.app.state.services.db.sessions() as session:  # type: ignore[attr-defined]
        row = session.query(SurveyVerdict).filter_by(budget="100000n", verdict="unknown").first()
        assert row is not None
        row.verdict = "winnable"
        session.commit()
    assert "won (proved winnable) 7 58.3 %" in visible(client.get("/winnability").text)
    assert "won 58.3 % of 12 random deals" in visible(client.get("/games").text)
    with client.app.state.services.db.sessions() as session:  # type: ignore[attr-defined]
        session.add(_rows("100000n", ["unknown"] * 13, datetime.now(UTC))[12])
        session.commit()
    assert "A random sample of 13 deals" in visible(client.get("/winnability").text)
    assert "won 53.8 % of 13 random deals" in visible(client.get("/games").text)


def test_the_histograms_axis_labels_leave_room_between_them() -> None:
    """Twenty bars of 25 moves (200 to 700+): every other bar labelled ran the last two together
    ("625675+", the last label ending at the chart's end); every third is labelled. A short
    histogram keeps a label on every other bar."""
    lines = list(range(200, 720, 5))
    labels = [b.label for b in histogram(lines) if b.label]
    assert labels == ["225", "300", "375", "450", "525", "600", "675+"]
    assert [b.label for b in histogram(list(range(200, 300, 5))) if b.label] == ["225", "275"]


def test_the_budget_charts_axis_labels_are_short_and_never_run_together() -> None:
    """The shipped ladder, 10,000 to 6,000,000 positions on a log scale: 100,000 and 300,000
    sit 63 units apart, too near for "100 mil" and "300 mil" side by side; the labels are
    compact numbers, one that would touch the next is left out, and the largest budget keeps
    its label."""
    points = [LadderPoint(n, 100, 0.5, 0.4) for n in (10_000, 30_000, 100_000, 300_000, 1_000_000, 6_000_000)]
    for lang, last in (("en", "6M"), ("es", "6\u00a0M")):
        with speaking(lang):
            _, x_ticks, _ = ladder_points(points, rate=80_000)
        assert x_ticks[-1].label == last and len(x_ticks) >= 4, x_ticks
        for a, b in zip(x_ticks, x_ticks[1:], strict=False):
            assert a.at + len(a.label) * LABEL_CHAR / 2 + LABEL_GAP <= b.at - len(b.label) * LABEL_CHAR / 2, (a, b)
    with speaking("en"):
        assert [t.label for t in ladder_points(points, rate=80_000)[1]] == ["10K", "30K", "100K", "300K", "1M", "6M"]


def test_the_csv_of_a_mode_that_does_not_exist_is_a_clear_404(client: TestClient) -> None:
    r = client.get("/winnability.csv?mode=foo")
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
    assert "There is no such mode" in r.text and "?mode=classic, ?mode=relaxed" in r.text
    es = client.get("/winnability.csv?mode=foo", headers={"Accept-Language": "es"})
    assert es.status_code == 404 and "No existe ese modo" in es.text
    assert "classic.csv" in client.get("/winnability.csv").headers["content-disposition"]
    assert "relaxed.csv" in client.get("/winnability.csv?mode=Relaxed").headers["content-disposition"]
