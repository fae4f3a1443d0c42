"""The analysis replay's counter at the end of a line: the position after the last move claims
no move number that the step before it already showed."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.records import winning
from tests.service.test_analysis import _analyse_with, _lost_play, _text, along_the_line


def test_the_step_after_the_last_move_says_the_line_ended_not_move_n_of_n_again(client: TestClient) -> None:
    k = 12
    play = _lost_play(client, k)
    _analyse_with(client, play["play_id"], along_the_line(k))
    url = f"/game/{winning.NUMBER}/analysis?mode=classic"
    for line, total in (("deal", len(winning.MOVES)), ("lost", len(winning.MOVES) - k)):
        last = _text(client.get(f"{url}&line={line}&step={total - 1}").text)
        assert f"Move {total} of {total}" in last and "End of the line" not in last, line
        end = _text(client.get(f"{url}&line={line}&step={total}").text)
        assert f"Move {total} of {total}" not in end and f"of {total}" not in end, line
        assert "End of the line" in end and "Won: every card is home." in end, line
        assert _text(client.get(f"{url}&line={line}&step=9999").text) == end, line
    client.cookies.set("ft_lang", "es")
    n = len(winning.MOVES)
    end = _text(client.get(f"{url}&line=deal&step={n}").text)
    assert "Fin de la línea" in end and f"Jugada {n} de {n}" not in end
