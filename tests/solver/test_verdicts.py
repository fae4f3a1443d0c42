"""Verdicts kept across solver versions: a golden file of verdicts for a fixed set of deals at
a fixed position budget (tests/data/solver_verdicts.csv). A deal proved lost must stay proved
lost; a deal won must never be called lost (a win is checked by replaying its line). Written
by the solver version named in the file; ``python -m tests.solver.test_verdicts`` writes it
anew (only when a version may add verdicts, never to hide a flip)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from app.engine import MODES, Game, GameStatus, deal
from app.solver import SOLVER_VERSION, solve

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "solver_verdicts.csv"
BUDGET = 40_000
"""Positions per deal: deterministic, so the same verdicts on every machine."""

DEALS = [
    # Classic deals the shipped pool (app/pool) lists as proved lost by solver 1.2
    ("classic", 2985),
    ("classic", 10669),
    ("classic", 2776),
    ("classic", 2416),
    ("classic", 2519),
    ("classic", 10905),
    # deal 10, proved lost by the prover in 9,287 positions
    ("classic", 10),
    # won deals of both modes, and one the budget leaves undecided
    ("classic", 2),
    ("classic", 17),
    ("classic", 27),
    ("classic", 3),
    ("relaxed", 1),
    ("relaxed", 7),
]


def _rows() -> list[dict[str, str]]:
    with GOLDEN.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_the_golden_file_covers_the_deals_at_the_budget() -> None:
    rows = _rows()
    assert [(r["mode"], int(r["number"])) for r in rows] == DEALS
    assert {int(r["budget"]) for r in rows} == {BUDGET}
    verdicts = [r["verdict"] for r in rows]
    assert verdicts.count("unwinnable") >= 7 and verdicts.count("winnable") >= 5


@pytest.mark.parametrize("row", _rows(), ids=lambda r: f"{r['mode']}-{r['number']}")
def test_a_verdict_never_flips_and_a_proof_is_never_lost(row: dict[str, str]) -> None:
    rules = MODES[row["mode"]]
    number = int(row["number"])
    result = solve(deal(number, rules), rules, max_nodes=int(row["budget"]))
    if row["verdict"] == "unwinnable":
        assert result.status == "unwinnable", (number, result.status, SOLVER_VERSION, row["solver_version"])
    else:
        assert result.status != "unwinnable", (number, row["verdict"])
    if result.status == "winnable":
        game = Game(deal(number, rules), rules, auto_safe=False)
        for move in result.moves:
            game.play(move)
        assert game.status is GameStatus.WON


def write() -> None:
    """Solve :data:`DEALS` at :data:`BUDGET` and write the golden file."""
    with GOLDEN.open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(["mode", "number", "budget", "verdict", "solver_version"])
        for mode, number in DEALS:
            rules = MODES[mode]
            result = solve(deal(number, rules), rules, max_nodes=BUDGET)
            out.writerow([mode, number, BUDGET, result.status.value, SOLVER_VERSION])
            print(mode, number, result.status.value, result.nodes)


if __name__ == "__main__":
    write()
