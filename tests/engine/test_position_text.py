"""The one-line text form of a position (docs/position-text.md): the exact round trip over
random deals, set-ups and legal play, the documented examples and error messages, the rest of
the pack (``*``), the player's view, and the test helper built on it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine import CLASSIC, MODES, RELAXED, Game, Position, PositionError, Rules, deal, legal_moves
from app.engine.cards import Card, full_pack
from app.engine.moves import play

from .support import build_position, cards, load_json
from .test_properties import starts

DOC = (Path(__file__).resolve().parents[2] / "docs" / "position-text.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```(\w+)\n(.*?)```", DOC, re.DOTALL)
TEXT_BLOCKS = [body.strip() for kind, body in BLOCKS if kind == "text"]
ERROR_PAIRS = re.findall(r"^(.+)\n→ (.+)$", next(body for kind, body in BLOCKS if kind == "errors"), re.MULTILINE)
EMPTY_COLUMNS_2_TO_10 = " | ".join(f"{n}:-" for n in range(2, 11))


# -- the round trip ------------------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(start=starts, data=st.data())
def test_text_round_trips_exactly_along_random_legal_play(start: tuple[Position, Rules], data: st.DataObject) -> None:
    position, rules = start
    for _ in range(data.draw(st.integers(0, 80), label="moves")):
        assert Position.parse(str(position), rules) == position
        assert Position.parse(str(position)) == position  # the text carries its own layout
        moves = legal_moves(position, rules)
        if not moves:
            break
        position = play(position, data.draw(st.sampled_from(moves), label="move"), rules)
    assert Position.parse(str(position), rules) == position
    assert eval(repr(position)) == position  # the repr is the parseable form


@settings(max_examples=100, deadline=None)
@given(start=starts)
def test_the_text_is_one_line_and_canonical(start: tuple[Position, Rules]) -> None:
    position, rules = start
    text = str(position)
    assert "\n" not in text and "*" not in text
    assert str(Position.parse(text.lower().replace(" | ", "|"), rules)) == text


def test_str_of_a_deal_names_every_pile_in_order() -> None:
    text = str(deal(2, CLASSIC))
    labels = [part.split(":")[0] for part in text.split(" | ")]
    assert labels == [*map(str, range(1, 11)), "F", "W", "S", "R"]
    assert text.startswith("1:TH AC 8S AC | 2:AD 4C KC 4S | ")
    assert text.endswith(" | F:- - - - - - - - | W:- | S:AS TD 4H TC 3S" + text.split("S:AS TD 4H TC 3S")[1])
    assert str(deal(2, RELAXED)).endswith(" | R:1")


# -- the player's view ---------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [CLASSIC, RELAXED])
def test_the_players_text_shows_the_stocks_size_only_and_cannot_be_read_back(rules: Rules) -> None:
    position = deal(4242, rules)
    seen = position.text(reveal_stock=False)
    assert seen == str(position).replace(" ".join(map(str, position.stock)), "64 cards")
    assert not any(str(c) in seen.split("S:")[1] for c in position.stock)
    with pytest.raises(PositionError, match="S:64 cards hides the stock's order"):
        Position.parse(seen, rules)


def test_the_players_text_of_a_one_card_or_empty_stock() -> None:
    position = deal(7, CLASSIC)
    one = position.with_(stock=position.stock[:1], waste=position.stock[1:])
    assert " | S:1 card | " in one.text(reveal_stock=False)
    spent = position.with_(stock=(), waste=position.stock)
    assert spent.text(reveal_stock=False) == str(spent)  # nothing to hide
    assert Position.parse(spent.text(reveal_stock=False), CLASSIC) == spent


# -- reading is forgiving, writing canonical -----------------------------------------------------
def test_reading_accepts_any_case_tens_as_10_and_any_spaces_or_line_breaks() -> None:
    canonical = f"1:KD 9S 8S TS | {EMPTY_COLUMNS_2_TO_10} | F:AS - - - - - - - | W:7C | S:* | R:0"
    loose = "1: kd 9s  8S 10s|2:-|3:-|4:-|5:-|6:-|7:-|8:-|9:-|10:-\n  | f : as - - -\t- - - -\n | w:7c | s:* | r: 0 "
    assert Position.parse(loose, CLASSIC) == Position.parse(canonical, CLASSIC)
    assert str(Position.parse(loose, CLASSIC)).startswith("1:KD 9S 8S TS | 2:- | ")


# -- the rest of the pack: * ---------------------------------------------------------------------
def test_star_is_every_card_not_named_in_the_fixed_pack_order() -> None:
    position = Position.parse(f"1:KD 9S | {EMPTY_COLUMNS_2_TO_10} | F:2S - - - - - - - | W:- | S:* | R:0", CLASSIC)
    pack = full_pack(2)
    # The named copies are deck 1's: the stock is deck 1 without AS 2S 9S KD, then all of deck 2.
    named = {Card.parse(c) for c in ("AS", "2S", "9S", "KD")}
    assert position.stock == tuple(c for c in pack[:52] if c not in named) + tuple(pack[52:])


def test_star_may_stand_under_or_among_named_cards_in_any_pile() -> None:
    position = Position.parse(f"1:KD * QD | {EMPTY_COLUMNS_2_TO_10} | F:- - - - - - - - | W:9C | S:- | R:0", CLASSIC)
    column = position.tableau[0]
    assert (column[0], column[-1], len(column)) == (Card.parse("KD"), Card.parse("QD"), 103)
    assert position.waste == cards("9C") and position.stock == ()


def test_a_text_without_star_is_read_as_written() -> None:
    position = deal(99, RELAXED)
    assert Position.parse(str(position).replace(" | S:", " | S:* "), RELAXED) == position  # nothing left


# -- the documented examples ---------------------------------------------------------------------
def test_the_docs_examples_are_the_positions_they_describe() -> None:
    start, middle, seen, blocked = TEXT_BLOCKS[1:5]
    assert Position.parse(start, CLASSIC) == deal(2, CLASSIC)
    game = Game(deal(2, CLASSIC), CLASSIC, auto_safe=False)
    for move in load_json("winning_line_2_classic.json")["moves"][:61]:
        game.play(move)
    assert str(game.position) == middle
    assert game.position.text(reveal_stock=False) == seen
    blocked_position = Position.parse(blocked, CLASSIC)
    assert legal_moves(blocked_position, CLASSIC) == [] and blocked_position.waste[-1] == Card.parse("9C")


def test_the_docs_python_example_runs_as_it_says() -> None:
    names: dict[str, object] = {}
    exec(next(body for kind, body in BLOCKS if kind == "python"), names)
    assert names["text"] == str(deal(4242, CLASSIC))
    assert " | S:99 cards | " in str(names["seen"])


def test_the_docs_set_up_example_reads_with_the_rest_in_the_stock() -> None:
    position = Position.parse(TEXT_BLOCKS[0], CLASSIC)
    assert position.tableau[0] == cards("KD 9S 8S 7S") and len(position.stock) == 104 - 5
    assert position.tableau[1] == cards("QC") and position.empty_columns == 8
    assert position.foundations == (None,) * 8 and position.waste == () and position.redeals_left == 0


@pytest.mark.parametrize(("text", "message"), ERROR_PAIRS, ids=[m[:40] for _, m in ERROR_PAIRS])
def test_each_documented_error_message_is_exactly_what_parse_raises(text: str, message: str) -> None:
    with pytest.raises(PositionError) as info:
        Position.parse(text)
    assert str(info.value) == message


def test_the_docs_list_the_errors_of_every_kind() -> None:
    assert len(ERROR_PAIRS) >= 12


# -- errors against the rules, and the rest of the kinds -------------------------------------------
DEAL = str(deal(2, CLASSIC))


@pytest.mark.parametrize(
    ("text", "rules", "message"),
    [
        ("1:* | F:- - - - | W:- | S:- | R:0", CLASSIC, "position text has 1 column; classic has 10"),
        (DEAL.replace(" | 10:AS 8H 9C 2C", ""), CLASSIC, "position text has 9 columns; classic has 10"),
        (
            DEAL.replace("F:- - - - - - - -", "F:- - - -"),
            CLASSIC,
            "position text, F: has 4 slots; classic has 8 (a top card or - for each, in the order S S H H D D C C)",
        ),
        (DEAL.replace("R:0", "R:1"), CLASSIC, "position text, R:1: classic allows no redeal"),
        (DEAL.replace("R:0", "R:2"), RELAXED, "position text, R:2: relaxed allows at most 1 redeal"),
        (
            DEAL.replace("F:- -", "F:- 3H"),
            CLASSIC,
            "position text, F: slot 2 is a S slot (order S S H H D D C C) and cannot hold 3H",
        ),
        (DEAL.replace("F:- -", "F:- Q"), CLASSIC, "position text, F: slot 2: 'Q' is not a card"),
        (DEAL.replace("3:6D KD", "3:6D KX"), CLASSIC, "position text, column 3, card 2: 'KX' is not a card"),
        (
            DEAL.replace("10:AS 8H 9C 2C", "10:"),
            CLASSIC,
            "position text, column 10 is blank: write - for an empty pile",
        ),
        (DEAL.replace("S:AS", "S:- AS"), CLASSIC, "position text, the stock S:, item 1: - stands alone"),
        ("x", None, "position text, part 1 'x' has no label; the parts are 1:, 2:, …"),
        ("", None, "position text, part 1 is empty"),
        ("F:- - - - | W:- | S:- | R:0", None, "position text must begin with column 1 (1:), not F:"),
        ("1:*", None, "position text, F: is missing after column 1"),
        ("1:* | F:- - - - | W:-", None, "position text, S: is missing after W:"),
        ("1:* | F:- - - - | W:- | S:- | R:0 | S:-", None, "position text, nothing may follow R:, found S:"),
        ("1:* | 1:- | F:- - - - | W:- | S:- | R:0", None, "position text, expected column 2 (2:), found 1:"),
        ("1:* | F: | W:- | S:- | R:0", None, "position text, F: has 0 slots, not a multiple of 4"),
        ("1:* | F:- - - - | W:- | S:- | R:-1", None, "position text, R:-1 is not a number of redeals left"),
        (
            DEAL.replace("1:TH", "1:TS"),
            CLASSIC,
            "position must hold all 104 cards, each exactly 2 times: missing TH×1; too many TS×1",
        ),
    ],
)
def test_each_error_names_what_is_wrong_and_where(text: str, rules: Rules | None, message: str) -> None:
    with pytest.raises(PositionError) as info:
        Position.parse(text, rules)
    assert str(info.value).startswith(message)


def test_a_text_must_be_a_string() -> None:
    with pytest.raises(PositionError, match="a position text must be a string, not dict"):
        Position.parse({"tableau": []})  # type: ignore[arg-type]


def test_position_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Position.parse("1:- | F:- - - - | W:- | S:- | R:0")


# -- the test helper built on it -----------------------------------------------------------------
def _build_by_hand(
    columns: list[str], rules: Rules, foundations: list[str | None] | None, waste: str, redeals_left: int | None
) -> Position:
    """build_position as it was before the text form: everything by hand."""
    slots = tuple(None if f is None else Card.parse(f) for f in (foundations or [None] * rules.foundation_slots))
    remaining = list(full_pack(rules.decks))
    used = [c for col in columns for c in cards(col)] + list(cards(waste))
    for top in slots:
        if top is not None:
            used += [Card(r, top.suit) for r in range(1, top.rank + 1)]
    for c in used:
        remaining.remove(c)
    redeals = rules.redeals if redeals_left is None else redeals_left
    return Position(tuple(cards(c) for c in columns), slots, cards(waste), tuple(remaining), redeals)


KINGS = ["KH", "KD", "KC", "KH", "KD", "KC"]


@pytest.mark.parametrize(
    ("columns", "mode", "foundations", "waste", "redeals_left"),
    [
        (["2S", "5H", *KINGS, "KS", "KS"], "classic", None, "4H AS", None),
        (["6S", "4S", *KINGS, "KS", "KS"], "classic", ["5S", "3S", *[None] * 6], "", None),
        (["KD 9S 8S 7S", "", "", "QC", "", "", "", "", "", "JH TH"], "relaxed", None, "9C 9C", 0),
        ([""] * 10, "classic", ["KS", "KS", "KH", "KH", "KD", "KD", "KC", "KC"], "", None),
        ([""] * 10, "relaxed", None, "", None),
    ],
)
def test_build_position_builds_what_it_built_by_hand(
    columns: list[str], mode: str, foundations: list[str | None] | None, waste: str, redeals_left: int | None
) -> None:
    rules = MODES[mode]
    built = build_position(columns, rules=rules, foundations=foundations, waste=waste, redeals_left=redeals_left)
    assert built == _build_by_hand(columns, rules, foundations, waste, redeals_left)
