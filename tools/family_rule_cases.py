"""Write tests/data/family_rules_cases.json: the family's rule cases (RULES.md, "The family"),
one or two per variant, each position checked by the engine's parser as it is written.

Run: ``python tools/family_rule_cases.py`` (from the project's folder).
"""

import json
from typing import Any

from app.engine import MODES, Position


def pos(mode: str, cols: list[str], F: str | None = None, W: str = "-", S: str = "*", R: int = 0) -> str:
    """A position text of ``mode``: the columns given, the rest empty, ``*`` in the stock."""
    r = MODES[mode]
    cols = list(cols) + ["-"] * (r.columns - len(cols))
    F = F or " ".join(["-"] * r.foundation_slots)
    parts = [f"{i}:{c}" for i, c in enumerate(cols, 1)] + [f"F:{F}", f"W:{W}", f"S:{S}", f"R:{R}"]
    text = " | ".join(parts)
    Position.parse(text, r)
    return text


def fill(n: int, _: int) -> list[str]:
    """``n`` one-card filler columns, so that no column is empty unless a case says so."""
    return ["JC", "JC", "QH", "QH", "4D", "4D", "5D", "5D", "3C", "3C", "6H", "6H", "2D"][:n]


cases: list[dict[str, Any]] = []


def case(name: str, mode: str, position: str, note: str, **kw: Any) -> None:
    c = {"name": name, "mode": mode, "position": position, "note": note}
    c.update(kw)
    cases.append(c)


# Josephine: same suit, whole runs, any card in an empty column.
case(
    "josephine_moves_a_whole_run_with_no_empty_column",
    "josephine",
    pos("josephine", ["KD 9S 8S 7S", "TS", "TH", *fill(7, 0)]),
    "runs move whole, with no 2^e limit; same suit only",
    legal=["1-2/3", "1-2/3"],
    illegal=["1-3/3", "1-3", "1-2"],
    after={"move": "1-2/3", "column_1": ["KD"], "column_2": ["TS", "9S", "8S", "7S"]},
)
# Limited: 12 columns of 3, one card at a time.
case(
    "limited_one_card_at_a_time_in_twelve_columns",
    "limited",
    pos("limited", ["KD 9S 8S 7S", "TS", "8H", *fill(8, 0), "-"]),
    "one empty column (12): 2 cards to a column, 1 into the empty one",
    legal=["1-12", "3-12"],
    illegal=["1-2/3", "1-12/2", "1-13"],
    legal_from=[1, ["1-12"]],
)
# Lucas: 13 columns, the aces start home.
case(
    "lucas_twos_go_up_on_the_aces_dealt_home",
    "lucas",
    pos("lucas", ["KD 2S", "3S", *fill(11, 0)], F="AS AS AH AH AD AD AC AC"),
    "the eight aces start on the foundations",
    legal=["1-F", "1-2"],
    illegal=["2-F", "1-3"],
    after={"move": "1-F", "column_1": ["KD"], "auto_safe": False},
)
# Indian: any suit but its own, one face-down card.
case(
    "indian_builds_on_any_suit_but_its_own_and_turns_a_face_down_card",
    "indian",
    pos("indian", ["#KC 9H 8S", "9S", "9D", "#QC 5H", *fill(6, 0)]),
    "8S on 9D (another suit) yes, on 9S (its own) no; 5H leaves QC on top, which turns face up",
    legal=["1-3", "1-3"],
    illegal=["1-2", "1-3/2", "4-1/2"],
    after={"move": "1-3", "column_1": ["KC", "9H"], "face_down_1": 1, "auto_safe": False},
)
case(
    "indian_a_face_down_card_turns_up_when_it_becomes_the_top",
    "indian",
    pos("indian", ["#QC 5H", "6S", *fill(8, 0)]),
    "moving 5H off leaves the face-down QC as the top card: it turns face up in the same action",
    legal=["1-2"],
    illegal=[],
    after={"move": "1-2", "column_1": ["QC"], "face_down_1": 0, "column_2": ["6S", "5H"], "auto_safe": False},
)
# Streets: alternate colours, one card.
case(
    "streets_builds_in_alternate_colours",
    "streets",
    pos("streets", ["KD 8S", "9H", "9C", "9D 8D", *fill(6, 0)]),
    "8S on 9H (red) yes, on 9C (black) no; 8D on 9C yes",
    legal=["1-2", "4-3"],
    illegal=["1-3", "4-2"],
)
# Maria: 9 columns, alternate colours.
case(
    "maria_nine_columns_in_alternate_colours",
    "maria",
    pos("maria", ["KD 8S", "9D", "9S", *fill(6, 0)]),
    "8S on 9D yes, on 9S no; there is no column 10",
    legal=["1-2"],
    illegal=["1-3", "1-10"],
)
# Number Ten: alternate colours, runs, two face down.
case(
    "number_ten_moves_runs_of_face_up_cards_only",
    "number-ten",
    pos("number-ten", ["#KD #QS 9H 8S 7D", "TC", "TH", *fill(7, 0)]),
    "9H 8S 7D is a run (alternate colours) onto TC; QS, face down, is not part of it and turns up",
    legal=["1-2/3", "1-2/3"],
    illegal=["1-3/3", "1-2/4"],
    after={"move": "1-2/3", "column_1": ["KD", "QS"], "face_down_1": 1, "auto_safe": False},
)
# Rank and File: alternate colours, runs, three face down.
case(
    "rank_and_file_face_down_cards_break_a_run",
    "rank-and-file",
    pos("rank-and-file", ["#KD #QS #JH TC 9H", "JD", "QC", *fill(7, 0)]),
    "TC 9H move onto JD; JH below them is face down, so JH TC 9H is no run to QC",
    legal=["1-2/2"],
    illegal=["1-3/3", "1-2/3"],
    after={"move": "1-2/2", "column_1": ["KD", "QS", "JH"], "face_down_1": 2, "auto_safe": False},
)
# Little Forty: any suit but its own, runs, three a draw, three redeals.
case(
    "little_forty_draws_three_and_moves_runs",
    "little-forty",
    pos("little-forty", ["9S 8H 7C", "TD", "TS", *fill(7, 0)], S="5C 6C 7C *", R=3),
    "9S 8H 7C is a run (each on another suit) onto TD, not TS; D turns three cards, 7C on top",
    legal=["1-2/3", "D"],
    illegal=["1-3/3", "R"],
    after={"move": "D", "waste": ["5C", "6C", "7C"], "auto_safe": False},
)
case(
    "little_forty_turns_the_waste_over_three_times",
    "little-forty",
    pos("little-forty", ["KD", "KC", *fill(8, 0)], W="*", S="-", R=3),
    "an empty stock with redeals left: R turns the waste over",
    legal=["R"],
    illegal=["D"],
    after={"move": "R", "waste": [], "redeals_left": 2, "auto_safe": False},
)
# Sixty Thieves: 12 columns of 5, 3 decks, 12 foundation slots.
case(
    "sixty_thieves_third_copy_goes_to_the_third_slot",
    "sixty-thieves",
    pos("sixty-thieves", ["KD 2S", "9S 8S", "TS", *fill(9, 0)], F="2S 2S AS - - - - - - - - -"),
    "three slots per suit: the third 2S goes on the third slot's AS; one card at a time",
    legal=["1-F"],
    illegal=["2-3/2", "2-F"],
    after={"move": "1-F", "foundations": ["2S", "2S", "2S"], "auto_safe": False},
)
# Kings Only: only a king fills an empty column, one card at a time.
case(
    "kings_only_fills_an_empty_column_with_a_king_only",
    "kings-only",
    pos("kings-only", ["QD", "KS QS", "-", "KH", *fill(6, 0)], W="QC"),
    "a queen may not fill the empty column 3, a king may; the shortcut cannot use it",
    legal=["4-3", "4-3"],
    illegal=["1-3", "2-3", "2-3/2", "W-3"],
)
# Three Passes: two redeals.
case(
    "three_passes_turns_the_waste_over_twice",
    "three-passes",
    pos("three-passes", ["KD", "KC", *fill(8, 0)], W="*", S="-", R=2),
    "an empty stock: R turns the waste over, twice in a play",
    legal=["R"],
    illegal=["D"],
    after={"move": "R", "waste": [], "redeals_left": 1, "auto_safe": False},
)

ABOUT = (
    "Rule cases of the family (RULES.md, 'The family'): a position per variant with its legal and illegal moves and"
    " what holds after one; positions in the text form of docs/position-text.md (# marks a face-down card, * the"
    " rest of the pack). Written by tools/family_rule_cases.py, read by tests/engine/test_family_cases.py."
)
for c in cases:
    c["legal"] = sorted(set(c["legal"]))
with open("tests/data/family_rules_cases.json", "w") as out:
    json.dump({"about": ABOUT, "cases": cases}, out, indent=1)
print(len(cases))
