"""Ready values for the table template: everything Jinja shows, with no rules left to apply.

Tap play (seed 001, RULES.md) is served as hypermedia: a selection lives in the page URL
(``?sel=3&n=2``: column 3's top 2 cards; ``sel=W`` the waste), so it works without JavaScript.
The view lists, for the selection, the lit places (each a ready move) and the preferred one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from urllib.parse import quote_plus, urlencode

from app.engine import MODES, Card, Move, Position, Rules
from app.engine.moves import FOUNDATION, WASTE, foundation_slot, run_length, supermove_limit
from app.params import ascii_number
from app.services.actions import NAMES
from app.services.plays import LoadedPlay, PlayStatus
from app.services.score import Score
from app.web.views import words

SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS = "♠♥♦♣"


@dataclass(frozen=True)
class Selection:
    """What the player has lifted: ``count`` top cards of column ``source`` (1 … n), or the
    waste top (``source`` 0)."""

    source: int
    count: int

    @property
    def key(self) -> str:
        return "W" if self.source == WASTE else str(self.source)


@dataclass
class CardView:
    """One face-up card: its face, and what tapping it does (``post`` a move, ``get`` a
    selection URL, or nothing). ``label`` is its accessible name: the card ("7♠"), and what a
    tap does when it does something ("7♠: pick up", "7♠: move onto 8♠ in column 6")."""

    code: str
    rank: str
    suit: str
    suit_name: str
    red: bool
    label: str
    post: str | None = None
    get: str | None = None
    lifted: bool = False
    hinted: bool = False
    back: bool = False
    """A face-down card: only its back shows (``data-card="back"``), its identity stays on the
    server (API.md; RULES.md, "The family")."""


@dataclass
class PlaceView:
    """A place cards can go to: a column or a foundation slot, lit with its move when the
    selection can go there. ``label`` names it as a group ("Column 3, 5 cards, top 7♠",
    "Foundation ♠, empty"); ``drop_label`` is its lit button's name ("Move to column 6")."""

    name: str
    label: str = ""
    drop_label: str | None = None
    cards: list[CardView] = field(default_factory=list)
    lit_move: str | None = None
    preferred: bool = False
    hinted: bool = False
    empty_suit: str | None = None
    empty_suit_name: str | None = None


@dataclass(frozen=True)
class TableUrls:
    """Every address the table's buttons and links use, made here, not in the template: the
    actions (``POST /game/{number}/{action}``, API.md, Pages) and the pages around the table."""

    move: str
    draw: str
    redeal: str
    undo: str
    redo: str
    finish: str
    hint: str
    resign: str
    restart: str
    auto_safe: str
    solvable: str
    display: str
    give_up: str
    analysis: str
    new_game: str
    modes: tuple[tuple[str, str], ...]
    """(mode, the table of this deal in that mode) for each mode, in RULES.md's family order
    (Classic and Relaxed first)."""


def table_urls(number: int | None, mode: str) -> TableUrls:
    """The :class:`TableUrls` of the table of deal ``number`` in ``mode``."""
    act = f"/game/{number}/"
    return TableUrls(
        **{name.replace("-", "_"): act + name for name in NAMES},
        hint=act + "hint",
        restart=act + "restart",
        solvable=f"/prefs/solvable/{number}",
        display=f"/prefs/display/{number}",
        give_up=game_url(number, mode, "give-up"),
        analysis=game_url(number, mode, "analysis"),
        new_game="/?" + urlencode({"mode": mode}),
        modes=tuple((m, game_url(number, m)) for m in MODES),
    )


@dataclass
class TableView:
    """Everything the table template shows."""

    number: int | None
    mode: str
    status: str
    version: int
    columns: list[PlaceView]
    foundations: list[PlaceView]
    waste: list[CardView]
    waste_count: int
    stock_count: int
    can_draw: bool
    can_redeal: bool
    redeals_left: int
    moves_on_table: bool
    can_undo: bool
    can_redo: bool
    can_finish: bool
    auto_safe: bool
    score: Score
    card_count: int
    layout: Layout
    """How many columns and foundation slots the variant has, and how the columns stand on a phone."""
    draw: int
    """Cards one draw turns (1, or 3 in Little Forty)."""
    redeals: int
    """Redeals the variant allows in all (0: the stock goes round once, and no redeal note shows)."""
    last_action_at: float | None
    """When the last action (or the deal) happened, Unix seconds: the running gap that the next
    action adds, capped, to ``score.elapsed_s`` starts there. None for a fresh deal not stored
    yet: its time starts at its first action, and its clock stands still until then."""
    selection: Selection | None
    selection_size: int
    can_take_more: bool
    can_take_fewer: bool
    more_url: str | None
    fewer_url: str | None
    cancel_url: str
    dead_end_url: str
    urls: TableUrls
    max_at_once: int | None
    preferred_move: str | None
    is_over: bool
    selection_json: str
    """:func:`selection_data` as JSON, for the table's script."""
    won: bool
    blocked: bool
    resigned: bool
    hint_move: str | None = None
    hint_words: str | None = None
    """The hint in words ("7♠ onto 8♠"), as the hint note shows it."""
    hint_on_stock: bool = False
    dead_end: bool = False
    dead_end_pending: bool = False
    """The dead-end check of this position is still running (the page fetches it later)."""
    solvable: bool | None = None
    undecided: bool = False  # not known, and the solver has tried and given up (see deals.verdict)
    only_solvable: bool = True
    four_colour: bool = False
    """Display option: clubs green and diamonds blue (``deck-four`` on ``#table``)."""
    large_cards: bool = False
    """Display option: larger cards and corners (``cards-large`` on ``#table``)."""
    announce: str = ""
    """What the last action did, in words (``#table[data-announce]``, read out by the page's
    live region): see :func:`announcement`."""
    client_piles: Mapping[str, str] = field(default_factory=dict)
    """The piles the browser already shows as rendered, ``{name: key}``: they come back as
    stand-ins (:mod:`app.web.pile_cache`)."""


@dataclass(frozen=True)
class Layout:
    """The shape of a variant's table (RULES.md, "The family"): ``columns`` (9, 10, 12 or 13),
    foundation ``slots`` (8 or 12), and the columns in the first of a phone's two rows."""

    columns: int
    slots: int
    phone_first_row: int


def layout_of(rules: Rules) -> Layout:
    """The :class:`Layout` of a variant's row."""
    return Layout(rules.columns, rules.foundation_slots, rules.phone_rows[0])


def face_down_view() -> CardView:
    """A face-down card of a column: ``data-card="back"``, named "Face-down card"."""
    return CardView(code="back", rank="", suit="", suit_name="", red=False, label=words.face_down_label(), back=True)


def card_view(card: Card) -> CardView:
    """The face of ``card``: ``10♠`` style label, red or black."""
    return CardView(*_face(card))


@cache
def _face(card: Card) -> tuple[str, str, str, str, bool, str]:
    """``card_view``'s fields for ``card`` (code, rank, suit, suit name, red, label), worked
    out once for each of the 52 faces: a table shows about forty cards an answer."""
    label = card.label()
    return str(card), label[:-1], SUIT_SYMBOLS[card.suit], SUIT_NAMES[card.suit], card.is_red, label


def foundation_places(position: Position, rules: Rules) -> list[PlaceView]:
    """The foundation slots F1 … F8 (F12 with three decks) with their top cards (the suit shown faintly when empty)."""
    places = []
    for slot, top in enumerate(position.foundations):
        suit = slot // rules.decks
        place = PlaceView(
            name=f"F{slot + 1}",
            label=words.foundation_label(SUIT_SYMBOLS[suit], top),
            empty_suit=SUIT_SYMBOLS[suit],
            empty_suit_name=SUIT_NAMES[suit],
        )
        if top is not None:
            place.cards.append(card_view(top))
        places.append(place)
    return places


def column_place(number: int, cards: tuple[Card, ...], down: int = 0) -> PlaceView:
    """Column ``number`` with its cards' faces, its ``down`` lowest cards as backs only,
    named as a group (the top card's face, how many lie face down)."""
    views = [face_down_view() if i < down else card_view(c) for i, c in enumerate(cards)]
    return PlaceView(name=str(number), label=words.column_label(number, cards, down), cards=views)


def face_down_counts(pos: Position) -> tuple[int, ...]:
    """How many of each column's lowest cards lie face down (zeros when none does)."""
    return tuple(pos.hidden(i) for i in range(len(pos.tableau)))


def parse_selection(sel: str | None, n: int | None, play: LoadedPlay) -> Selection | None:
    """The selection named by the URL, or None when it names nothing movable now (a stale
    link after a move simply shows the plain table)."""
    if not sel or play.is_over:
        return None
    pos = play.game.position
    if sel.upper() == "W":
        return Selection(WASTE, 1) if pos.waste else None
    source = ascii_number(sel)
    if source is None or not 1 <= source <= len(pos.tableau):
        return None
    run = run_length(pos.tableau[source - 1], play.game.rules, pos.hidden(source - 1))
    if run == 0:
        return None
    count = n if n is not None else 1
    return Selection(source, max(1, min(count, run)))


def _targets(moves: list[Move], source: int, count: int) -> list[Move]:
    return [m for m in moves if m.action == "move" and m.source == source and m.count == count]


def preferred(targets: list[Move], empty: set[int]) -> Move | None:
    """A foundation if legal, else the leftmost non-empty column, else the leftmost empty
    column (seed 001, tap play)."""
    if not targets:
        return None
    return min(targets, key=lambda m: (m.target != FOUNDATION, m.target in empty, m.target))


def game_url(number: int | None, mode: str, page: str = "", **params: object) -> str:
    """The URL of the table of deal ``number`` (or of its ``page``: ``analysis``, ``card`` …)
    with extra query parameters (None ones left out), encoded as ``urlencode`` would."""
    query = {"mode": mode, **{k: v for k, v in params.items() if v is not None}}
    return f"/game/{number}{'/' + page if page else ''}?" + "&".join(f"{k}={_encoded(v)}" for k, v in query.items())


_PLAIN = re.compile(r"[A-Za-z0-9_.~-]*")


def _encoded(value: object) -> str:
    """``value`` as a query value (``quote_plus``), at once when it needs no escaping: a table
    makes about 17 addresses a render, and ``urlencode`` was a third of its time."""
    text = str(value)
    return text if _PLAIN.fullmatch(text) else quote_plus(text)


@dataclass
class _Taps:
    """What tapping a card of the table does (tap play, seed 001): a lone card with one place
    moves there at once (``post``), any other card picks its run up (``get``, a selection
    URL). Any lit card of a hint picks up the hint's cards, all of them, with the hint kept
    (its top card alone might otherwise move at once to its only place, which is not the hint)."""

    number: int | None
    mode: str
    moves: list[Move]
    hint: Move | None
    hint_token: str | None
    over: bool

    def __call__(self, source: int, count: int) -> tuple[str | None, str | None]:
        """(``post``, ``get``) for the card that heads ``count`` cards of ``source``."""
        if self.over:
            return None, None
        key = "W" if source == WASTE else str(source)
        hint = self.hint
        if hint is not None and hint.action == "move" and hint.source == source and count <= hint.count:
            if hint.count == 1 and len(_targets(self.moves, source, 1)) == 1:
                return str(hint), None  # its only place: the hint itself
            return None, game_url(self.number, self.mode, sel=key, n=hint.count, hint=self.hint_token)
        targets = _targets(self.moves, source, count)
        if count == 1 and len(targets) == 1:
            return str(targets[0]), None
        return None, game_url(self.number, self.mode, sel=key, n=count)


def _columns(pos: Position, rules: Rules, taps: _Taps, selection: Selection | None) -> list[PlaceView]:
    """The columns with what each card of their runs does when tapped, and lifted (a run is
    face up: a face-down card is never tapped)."""
    columns: list[PlaceView] = []
    for i, (col, down) in enumerate(zip(pos.tableau, face_down_counts(pos), strict=True)):
        place = column_place(i + 1, col, down)
        run = run_length(col, rules, down)  # a face-down card is never in a run
        for depth_from_top, card, cv in zip(range(len(col), 0, -1), col, place.cards, strict=True):
            if depth_from_top <= run:
                cv.post, cv.get = taps(i + 1, depth_from_top)
                cv.lifted = selection is not None and selection.source == i + 1 and depth_from_top <= selection.count
                _name_tap(pos, card, cv)
        columns.append(place)
    return columns


def _name_tap(pos: Position, card: Card, cv: CardView) -> None:
    """The accessible name of a card a tap does something with (see :class:`CardView`)."""
    if cv.post:
        cv.label = words.tap_label(pos, card, Move.parse(cv.post))
    elif cv.get:
        cv.label = words.pick_up_label(card)


def _name_lifted(pos: Position, cards: list[tuple[Card, CardView]], preferred_move: str | None) -> None:
    """The accessible names of lifted cards: a tap sends them to the preferred place, or puts
    them down when no place takes them."""
    for card, cv in cards:
        if cv.lifted:
            cv.label = (
                words.put_down_label(card)
                if preferred_move is None
                else words.tap_label(pos, card, Move.parse(preferred_move))
            )


@dataclass
class _Lifted:
    """The selection bar's values: the preferred move, ▲/▼ and the supermove limit."""

    preferred_move: str | None = None
    more_url: str | None = None
    fewer_url: str | None = None
    can_more: bool = False
    can_fewer: bool = False
    max_at_once: int | None = None


def _light_selection(
    play: LoadedPlay, selection: Selection, moves: list[Move], hint: Move | None, places: list[PlaceView]
) -> _Lifted:
    """Light every place that takes the selection (``places``: columns then foundations),
    mark the preferred one (the hint's, when the hint lifted it), and say what ▲/▼ do."""
    pos, rules, row = play.game.position, play.game.rules, play.row
    columns, foundations = places[: len(pos.tableau)], places[len(pos.tableau) :]
    targets = _targets(moves, selection.source, selection.count)
    empty = {i + 1 for i, col in enumerate(pos.tableau) if not col}
    best = hint if hint in targets else preferred(targets, empty)
    lifted = _Lifted(preferred_move=None if best is None else str(best))
    for m in targets:
        place = foundations[_foundation_index(pos, m)] if m.target == FOUNDATION else columns[m.target - 1]
        place.lit_move = str(m)
        place.preferred = m == best
        place.drop_label = words.drop_label(None if m.target == FOUNDATION else m.target, place.preferred)
    if selection.source == WASTE:
        return lifted
    run = run_length(pos.tableau[selection.source - 1], rules, pos.hidden(selection.source - 1))
    lifted.can_more, lifted.can_fewer = selection.count < run, selection.count > 1
    if lifted.can_more:
        lifted.more_url = game_url(row.number, row.mode, sel=selection.key, n=selection.count + 1)
    if lifted.can_fewer:
        lifted.fewer_url = game_url(row.number, row.mode, sel=selection.key, n=selection.count - 1)
    limit = supermove_limit(pos, rules, target_empty=False)
    if limit is not None and selection.count > limit:
        lifted.max_at_once = limit
    return lifted


def _light_hint(
    pos: Position, hint: Move, columns: list[PlaceView], foundations: list[PlaceView], waste: list[CardView]
) -> bool:
    """Light the hint's cards and destination; True when the hint is the stock (draw, redeal)."""
    if hint.action != "move":
        return True
    if hint.source == WASTE:
        waste[-1].hinted = True
    else:
        for cv in columns[hint.source - 1].cards[-hint.count :]:
            cv.hinted = True
    if hint.target == FOUNDATION:
        foundations[_foundation_index(pos, hint)].hinted = True
    else:
        columns[hint.target - 1].hinted = True
    return False


def selection_data(play: LoadedPlay, hint: Move | None = None, moves: list[Move] | None = None) -> dict[str, object]:
    """What the table's script needs to lift cards and light places without asking the server
    (issue 12, selection in the browser), every move computed by the engine:

    ``{"sources": {"3": {"1": {"t": {"6": "3-6", "F2": "3-F"}, "p": "3-F"}, "2": …}, "W": …},
    "limit": 4}``: for each column (``"1"`` … ``"10"``) and the waste (``"W"``), for each number
    of cards of its run that can be lifted, the places that take them (by ``data-pile``: a
    column or a foundation slot ``F1`` … ``F8``) with the move to send, and the preferred move
    (the hint's when the hint lifts those cards; None when no place takes them). ``limit`` is
    the supermove limit to a column with cards (None: any run), shown as "Max N at once".
    ``moves``: the position's legal moves, when the caller has them already."""
    game = play.game
    pos, rules = game.position, game.rules
    if play.is_over:
        return {"sources": {}, "limit": None}
    moves = game.legal_moves() if moves is None else moves
    empty = {i + 1 for i, col in enumerate(pos.tableau) if not col}
    sources: dict[str, dict[str, object]] = {}
    runs = [(str(i + 1), i + 1, run_length(col, rules, pos.hidden(i))) for i, col in enumerate(pos.tableau)]
    runs.append(("W", WASTE, 1 if pos.waste else 0))
    for key, source, run in runs:
        counts: dict[str, object] = {}
        for count in range(1, run + 1):
            targets = _targets(moves, source, count)
            best = hint if hint in targets else preferred(targets, empty)
            counts[str(count)] = {
                "t": {_pile_of(pos, m): str(m) for m in targets},
                "p": None if best is None else str(best),
            }
        if counts:
            sources[key] = counts
    return {"sources": sources, "limit": supermove_limit(pos, rules, target_empty=False)}


def _pile_of(pos: Position, move: Move) -> str:
    """The ``data-pile`` of a move's destination: its column, or its foundation slot."""
    return f"F{_foundation_index(pos, move) + 1}" if move.target == FOUNDATION else str(move.target)


def build_table(
    play: LoadedPlay,
    selection: Selection | None,
    hint: Move | None = None,
    why: str | None = None,
    hint_token: str | None = None,
) -> TableView:
    """The :class:`TableView` of ``play`` with ``selection`` lifted (or none) and ``hint``
    (a legal move; ``why``, its reason's key) shown by lighting its source cards and its
    destination. Tapping the hinted cards keeps the hint, and the hint's destination is then
    the preferred place."""
    game, row = play.game, play.row
    pos, rules, over = game.position, game.rules, play.is_over
    moves = [] if over else game.legal_moves()
    if hint is not None and hint not in moves:
        hint = None  # no longer legal: not shown
    taps = _Taps(row.number, row.mode, moves, hint, hint_token, over)
    columns = _columns(pos, rules, taps, selection)
    foundations = foundation_places(pos, rules)
    waste: list[CardView] = [card_view(c) for c in pos.waste[-3:]]
    if waste:
        waste[-1].post, waste[-1].get = taps(WASTE, 1)
        waste[-1].lifted = selection is not None and selection.source == WASTE
        _name_tap(pos, pos.waste[-1], waste[-1])
    lifted = _Lifted() if selection is None else _light_selection(play, selection, moves, hint, columns + foundations)
    if selection is not None:
        lifted_cards = [(pos.waste[-1], waste[-1])] if selection.source == WASTE else []
        if selection.source != WASTE:
            col = pos.tableau[selection.source - 1]
            lifted_cards = list(zip(col, columns[selection.source - 1].cards, strict=True))
        _name_lifted(pos, lifted_cards, lifted.preferred_move)
    hint_on_stock = hint is not None and _light_hint(pos, hint, columns, foundations, waste)
    return TableView(
        hint_move=None if hint is None else str(hint),
        hint_words=None if hint is None else words.describe_move(pos, hint),
        hint_on_stock=hint_on_stock,
        number=row.number,
        mode=row.mode,
        status=play.status,
        version=row.version,
        columns=columns,
        foundations=foundations,
        waste=waste,
        waste_count=len(pos.waste),
        stock_count=len(pos.stock),
        can_draw=not over and bool(pos.stock),
        can_redeal=not over and not pos.stock and bool(pos.waste) and pos.redeals_left > 0,
        redeals_left=pos.redeals_left,
        moves_on_table=not over and game.moves_on_table,
        can_undo=not over and game.can_undo,
        can_redo=not over and game.can_redo,
        can_finish=not over and game.can_finish,
        auto_safe=game.auto_safe,
        score=play.score,
        card_count=rules.card_count,
        layout=layout_of(rules),
        draw=rules.draw,
        redeals=rules.redeals,
        last_action_at=_unix_seconds(row.last_action_at) if play.stored else None,
        selection=selection,
        selection_size=selection.count if selection else 0,
        can_take_more=lifted.can_more,
        can_take_fewer=lifted.can_fewer,
        more_url=lifted.more_url,
        fewer_url=lifted.fewer_url,
        cancel_url=game_url(row.number, row.mode),
        dead_end_url=game_url(row.number, row.mode, "dead-end", version=row.version),
        urls=table_urls(row.number, row.mode),
        max_at_once=lifted.max_at_once,
        preferred_move=lifted.preferred_move,
        is_over=over,
        selection_json=json.dumps(selection_data(play, hint, moves), separators=(",", ":")),
        won=play.status is PlayStatus.WON,
        blocked=play.status is PlayStatus.BLOCKED,
        resigned=play.status is PlayStatus.RESIGNED,
        announce=announcement(play),
    )


def announcement(play: LoadedPlay) -> str:
    """What the play's last step did, in words (empty before the first one): "7♠ from column 3
    to column 6. A♣ went up.", "Drew 10♦."; the route adds undo/redo and notices."""
    game = play.game
    step = game.last_step
    if step is None:
        return ""
    steps = game.steps
    before = steps[-2].position if len(steps) > 1 else game.start
    return words.describe_step(before, step, game.rules)


def undo_announcement(play: LoadedPlay) -> str:
    """What the undo just made took back, in words ("Undone: 7♠ from column 3 to column 6."),
    or "" when nothing can be redone (no undo was made)."""
    game = play.game
    step = game.next_step
    return "" if step is None else words.describe_undo(game.position, step, game.rules)


def _unix_seconds(moment: datetime) -> float:
    """``moment`` as Unix seconds (a naive value is UTC, as SQLite returns it)."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()


def _foundation_index(pos: Position, move: Move) -> int:
    card = pos.waste[-1] if move.source == WASTE else pos.tableau[move.source - 1][-1]
    slot = foundation_slot(pos, card)
    assert slot is not None
    return slot
