"""The solver's command line: ``solve`` a game number or a position in the text form
(docs/position-text.md); a start that is not a position is a usage error that says why."""

from __future__ import annotations

import pytest

from app.solver.cli import main

# Spades and hearts home to the queen; the kings and the minor suits wait in a column and the stock.
NEAR_END = "1:KS KH | 2:KS | 3:KH | 4:- | 5:- | 6:- | 7:- | 8:- | 9:- | 10:- | F:QS QS QH QH - - - - | W:- | S:* | R:0"


def test_solve_a_position_given_as_text_prints_its_winning_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--position", NEAR_END, "--budget", "20000n"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("the position (classic): winnable — ")
    assert "line (" in out and "2-F" in out


def test_solve_a_game_number_names_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "2", "--budget", "20000n"]) == 0
    assert capsys.readouterr().out.startswith("game 2 (classic): winnable — ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "--position", "1:KD 9S"], "position text, F: is missing after column 1"),
        (["solve", "--position", NEAR_END.replace("R:0", "R:1")], "position text, R:1: classic allows no redeal"),
        (["solve"], "solve takes a game number or --position TEXT, one of the two"),
        (["solve", "2", "--position", NEAR_END], "solve takes a game number or --position TEXT, one of the two"),
        (["solve", "0"], "game number must be an integer from 1 to 4294967295, not 0"),
    ],
)
def test_a_start_that_is_not_a_position_is_a_usage_error(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert message in capsys.readouterr().err
