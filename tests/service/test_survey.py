"""The winnability survey (issue 15): samples drawn by the deal's own PRNG, the same verdicts on
a Dask LocalCluster as in a plain run, a re-run that solves nothing new, the shipped data files
(written and loaded back) and the pools grown from it in their format."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import func, select

from app.db.models import SurveyVerdict
from app.db.session import Database, migrate
from app.engine.deal import SplitMix64
from app.services import published
from app.services import survey as sv
from app.services.deals import read_pool_file, write_pool_file
from app.solver import Budget, parse_budget, survey
from app.solver.sample import random_numbers, range_numbers, sample_name

BUDGET = Budget(nodes=4_000)
MIXED = [1, 2, 3, 4, 5, 6, 2985, 10669, 2776, 2416]
"""Ten Classic deals that 20,000 positions win (1, 2), prove lost (2985 …) or leave undecided."""


@pytest.fixture
def db(tmp_path: Path) -> Database:
    url = f"sqlite:///{tmp_path / 's.db'}"
    migrate(url)
    return Database(url)


def test_a_random_sample_is_drawn_by_the_deal_prng_and_grows_by_extension() -> None:
    rng = SplitMix64(7)
    assert random_numbers(7, 3) == [1 + rng.below(4_294_967_295) for _ in range(3)]
    ten = random_numbers(7, 10)
    assert random_numbers(7, 4) == ten[:4] and len(set(ten)) == 10
    assert all(1 <= n <= 4_294_967_295 for n in ten)
    assert random_numbers(8, 4) != ten[:4]
    assert range_numbers(5, 3) == [5, 6, 7] and sample_name(7) == "random-7" and sample_name(None) == "range"
    with pytest.raises(ValueError):
        range_numbers(4_294_967_295, 2)


def test_budget_text_names_the_budget() -> None:
    assert sv.budget_text(Budget(nodes=100_000)) == "100000n"
    assert sv.budget_text(Budget(ms=10_000.0, nodes=5)) == "10000ms+5n"
    for text in ("1000000ms", "2.5ms", "60000ms+1000000n"):  # each reads back as itself
        assert sv.budget_text(parse_budget(text)) == text
    with pytest.raises(ValueError):
        sv.budget_text(Budget())


def test_dask_survey_gives_the_plain_verdicts_and_a_rerun_solves_nothing(db: Database) -> None:
    numbers = MIXED
    plan = sv.SurveyPlan("range", numbers, "classic", Budget(nodes=20_000))
    seen: list[int] = []
    counts = sv.run_survey(
        plan, db.sessions, sv.dask_rows(workers=2, processes=False), lambda row, _: seen.append(row.number)
    )
    assert counts["new"] == 10 and sorted(seen) == sorted(numbers)
    plain = {
        r.number: (str(r.verdict), r.nodes, " ".join(r.moves)) for r in survey(numbers, "classic", max_nodes=20_000)
    }
    assert {v for v, _, _ in plain.values()} == {"winnable", "unwinnable", "unknown"}
    with db.sessions() as session:
        stored = {r.number: (r.verdict, r.nodes, r.line or "") for r in sv.plan_verdicts(session, plan)}
    assert stored == plain
    assert sv.numbers_done(counts) == 10

    def must_not_solve(jobs: list[sv.Job]) -> Iterator[sv.SurveyRow]:
        raise AssertionError(f"a re-run solved {jobs}")

    again = sv.run_survey(plan, db.sessions, must_not_solve)
    assert again["new"] == 0
    assert {k: v for k, v in again.items() if k != "new"} == {k: v for k, v in counts.items() if k != "new"}


def test_a_survey_runs_on_the_scheduler_it_is_given(db: Database) -> None:
    from distributed import LocalCluster

    plan = sv.SurveyPlan("range", [1, 2], "classic", Budget(nodes=20_000))
    with LocalCluster(n_workers=1, processes=False, dashboard_address="127.0.0.1:0") as cluster:
        counts = sv.run_survey(plan, db.sessions, sv.dask_rows(cluster.scheduler_address))
        assert cluster.scheduler is not None and cluster.scheduler.status.name == "running"  # not closed by the run
    assert counts["new"] == 2 and counts["winnable"] == 2


def test_a_longer_survey_solves_only_the_new_deals_and_keeps_each_budget_apart(db: Database) -> None:
    solved: list[int] = []

    def rows(jobs: list[sv.Job]) -> Iterator[sv.SurveyRow]:
        solved.extend(j[0] for j in jobs)
        return sv.plain_rows(jobs)

    sv.run_survey(sv.SurveyPlan("range", [1, 2, 3], "classic", BUDGET), db.sessions, rows)
    sv.run_survey(sv.SurveyPlan("range", [1, 2, 3, 4, 5], "classic", BUDGET), db.sessions, rows)
    assert solved == [1, 2, 3, 4, 5]
    sv.run_survey(sv.SurveyPlan("range", [1, 2], "classic", Budget(nodes=3_000)), db.sessions, rows)
    sv.run_survey(sv.SurveyPlan("range", [1], "relaxed", BUDGET), db.sessions, rows)
    assert solved == [1, 2, 3, 4, 5, 1, 2, 1]
    with db.sessions() as session:
        assert session.scalar(select(func.count()).select_from(SurveyVerdict)) == 8


def test_shipped_files_load_back_and_grow_the_pool_in_its_format(db: Database, tmp_path: Path) -> None:
    plan = sv.SurveyPlan("range", [1, 2, 3, 4, 5, 6], "classic", Budget(nodes=20_000))
    sv.run_survey(plan, db.sessions, sv.plain_rows)
    folder = tmp_path / "survey"
    with db.sessions() as session:
        assert sv.ship_survey(session, folder) == {"classic": 6}
        first = published.survey_file("classic", folder).read_bytes()
        sv.ship_survey(session, folder)
        assert published.survey_file("classic", folder).read_bytes() == first  # the same bytes again
        decided = {r.number: r for r in sv.plan_verdicts(session, plan) if r.verdict != "unknown"}
    assert decided, "the node budget decides some of deals 1-6"

    other = Database(f"sqlite:///{tmp_path / 'other.db'}")
    migrate(other.url)
    with other.sessions() as session:
        assert sv.load_shipped_survey(session, folder) == 6
        assert sv.load_shipped_survey(session, folder) == 0
        loaded = {r.number: (r.verdict, r.nodes, r.line) for r in sv.plan_verdicts(session, plan)}
    with db.sessions() as session:
        assert loaded == {r.number: (r.verdict, r.nodes, r.line) for r in sv.plan_verdicts(session, plan)}

        pool = tmp_path / "classic.csv.gz"
        write_pool_file(pool, [{"number": 2, "mode": "classic", "verdict": "winnable", "line": "kept", "nodes": 1}])
        added, winnable = sv.grow_pool(session, "classic", pool)
    rows = {int(r["number"]): r for r in read_pool_file(pool)}
    assert rows[2]["line"] == "kept"  # a number already in the pool keeps its row
    assert set(rows) == set(decided) | {2} and added == len(set(decided) - {2})
    assert winnable == sum(1 for r in rows.values() if r["verdict"] == "winnable")
    for number, r in decided.items():
        if number != 2:
            assert rows[number]["verdict"] == r.verdict and rows[number]["line"] == (r.line or "")
            assert int(rows[number]["line_length"]) == (r.line_length or 0)
    assert list(rows[next(iter(decided))]) == [
        "number",
        "mode",
        "verdict",
        "line_length",
        "nodes",
        "elapsed_ms",
        "solver_version",
        "line",
    ]


def test_the_csv_has_number_verdict_nodes_seconds_line(db: Database) -> None:
    plan = sv.SurveyPlan("range", [1, 2], "classic", BUDGET)
    sv.run_survey(plan, db.sessions, sv.plain_rows)
    with db.sessions() as session:
        text = sv.verdict_csv(sv.plan_verdicts(session, plan))
    lines = text.splitlines()
    assert lines[0] == "number,verdict,nodes,seconds,line" and len(lines) == 3
    assert lines[1].startswith("1,") and lines[2].startswith("2,")


def test_the_command_surveys_resumes_and_writes_the_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from app.solver.cli import main

    url = f"sqlite:///{tmp_path / 'c.db'}"
    args = ["survey", "--plain", "--sample", "random", "--seed", "5", "--count", "3", "--budget", "2000n"]
    assert main([*args, "--database-url", url, "--csv", str(tmp_path / "v.csv")]) == 0
    out = capsys.readouterr()
    assert "random sample (seed 5), 3 deals, budget 2000n per deal" in out.out and "(3 solved now)" in out.out
    assert "classic 2000n" in out.err  # the progress bar
    lines = (tmp_path / "v.csv").read_text().splitlines()
    assert lines[0] == "number,verdict,nodes,seconds,line"
    assert [int(line.split(",")[0]) for line in lines[1:]] == random_numbers(5, 3)
    assert main([*args, "--count", "4", "--database-url", url]) == 0
    assert "(1 solved now)" in capsys.readouterr().out


def test_the_command_refuses_a_sample_it_cannot_draw(capsys: pytest.CaptureFixture[str]) -> None:
    from app.solver.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["survey", "--from", "4294967295", "--count", "2", "--budget", "2000n"])
    assert stop.value.code == 2 and "game number" in capsys.readouterr().err
