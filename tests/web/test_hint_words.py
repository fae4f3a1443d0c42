"""A hint says its move in words, in the visitor's language (issue 17): "10♠ onto J♠ (column
6 → 1)", "A♦ to its foundation (from column 3)", "Draw a card from the stock", never the notation ("6-1",
"3-F", "D"), which stays in the hint note's data-move and in the API. The same words as the
analysis (one wording function, app.web.views.words.describe_move)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from fastapi.testclient import TestClient

from app.engine import CLASSIC, Move, deal, parse_card
from app.web.hint_seal import HintSeal
from app.web.views.words import describe_move

# (deal, move, English, Spanish): moves legal in the deal's first position.
HINTS = [
    (6, "6-1", "Hint: 10♠ onto J♠ (column 6 → 1)", "Pista: 10♠ sobre J♠ (columna 6 → 1)"),
    (4242, "3-F", "Hint: A♦ to its foundation (from column 3)", "Pista: A♦ a su base (desde la columna 3)"),
    (6, "D", "Hint: Draw a card from the stock", "Pista: Pasa una carta del montón"),
]
REASON = {"en": "This move keeps a win within reach.", "es": "Esta jugada mantiene la victoria a tu alcance."}
"""The reason of a hint on a winning line ("line" in its seal)."""
NOTE = re.compile(r'<p class="notice hint-note" data-move="([^"]*)"><strong>([^<]*)</strong>')


@pytest.mark.parametrize(("number", "move", "english", "spanish"), HINTS)
def test_the_hint_note_says_the_move_in_words_in_both_languages(
    client: TestClient, number: int, move: str, english: str, spanish: str
) -> None:
    token = HintSeal("test-secret").seal_for(number, "classic", 0, move, "line")
    for lang, words in (("en", english), ("es", spanish)):
        html = client.get(f"/game/{number}?hint={token}", headers={"Accept-Language": lang}).text
        note = NOTE.search(html)
        assert note, html[:300]
        assert note.groups() == (move, words)
        announce = re.search(r'data-announce="([^"]*)"', html)
        assert announce and words + ". " + REASON[lang] in announce.group(1)  # heard: two sentences


def test_a_move_to_a_foundation_says_where_the_card_comes_from() -> None:
    """A keyboard or screen-reader player is told where to find the card ("A♠ to its
    foundation" alone sent them looking for it; a play-tester's finding)."""
    position = replace(deal(4242, CLASSIC), waste=(parse_card("AS"),))
    assert describe_move(position, Move.parse("W-F")) == "A♠ to its foundation (from the waste)"
    assert describe_move(position, Move.parse("3-F")) == "A♦ to its foundation (from column 3)"
