"""The solver's compact, mutable board: cards as small ints, make/unmake moves, canonical keys.

Encoding (one place): a card is ``suit * 16 + rank`` (rank 1 … 13, suit 0 ♠ … 3 ♣, as in
:mod:`app.engine.cards`), so a card builds on ``card + 1`` in its own suit, and the two copies of
a card are the same int. Foundations are kept as ``home[card]``, how many copies of ``card`` are
up; ``home[suit * 16]`` (rank 0) is pinned at ``decks`` so that ``home[c - 1] > home[c]`` says
"some slot of c's suit tops at rank - 1" (RULES.md, Classic 2) and ``home[c - 1] == decks`` says
"c is safe" (RULES.md, safe auto-move: one above the lower of its suit's slots).

Other build rules (RULES.md, "The family") read tables made from the rules row: ``fits[t << 6 |
c]`` says card ``c`` may lie on card ``t``, ``parents[c]`` lists the cards ``c`` builds on and
``builders[c]`` the cards that build on ``c``. A face-down card is kept in its column as ``card |
64`` (:data:`DOWN`): it is no card the tables know, so it is never part of a run, and it turns
(loses the mark) when it becomes its column's top, within the move that uncovered it.

The stock is a fixed sequence (``stock``, draw order) and ``si``, how many of it were drawn; the
waste is a stack. A move is a tuple ``(kind, a, b, k)``, where for the stock's moves ``k`` is how
many cards are drawn and ``a`` how many ``D`` actions that takes (0: ``k``, one card a draw):

========= ===================================================================
``COL``   top ``k`` cards of column ``a`` onto column ``b`` (0-based)
``COL_F`` top card of column ``a`` to a foundation
``W``     draw ``k`` cards (0 … ), then the waste top onto column ``b``
``W_F``   draw ``k`` cards, then the waste top to a foundation
``DRAW``  one ``D``, ``k`` cards (the search uses ``W``/``W_F`` instead)
``REDEAL`` draw ``k`` cards (the rest of the stock), then turn the waste over (``R``)
========= ===================================================================
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain
from typing import Final, cast

from app.engine import Card, Position, Rules
from app.engine.rules import Build, RunMoves

COL: Final = 0
COL_F: Final = 1
W: Final = 2
W_F: Final = 3
DRAW: Final = 4
REDEAL: Final = 5
STALE: Final = b"\xfe"
"""What :attr:`Board.col_bytes` holds for a column changed since its bytes were made, and
:attr:`Board.waste_bytes` and :attr:`Board.home_bytes` for theirs (no pile's or count's bytes:
0xfe is no card and no count), told apart by identity."""
KING: Final = 13
DOWN: Final = 64
"""The mark of a face-down card in a column (``card | DOWN``)."""
TURNED: Final = 1 << 12
"""In a :meth:`Board.force_safe` record: the card put up uncovered a face-down card, turned."""
Move = tuple[int, int, int, int]


def encode(card: Card) -> int:
    """The solver's int for an engine :class:`Card`."""
    return card.suit * 16 + card.rank


def decode(code: int) -> Card:
    """The engine :class:`Card` of a solver int."""
    return Card(code & 15, code >> 4)


def notation(move: Move) -> list[str]:
    """The engine actions (RULES.md notation) that one solver move stands for, in order:
    ``(W, 0, 4, 2)`` is ``["D", "D", "W-5"]``."""
    kind, a, b, k = move
    if kind == COL:
        return [f"{a + 1}-{b + 1}" + (f"/{k}" if k > 1 else "")]
    if kind == COL_F:
        return [f"{a + 1}-F"]
    if kind == DRAW:
        return ["D"]
    draws = ["D"] * (a or k)
    if kind == W:
        return [*draws, f"W-{b + 1}"]
    if kind == W_F:
        return [*draws, "W-F"]
    return [*draws, "R"]


def check_rules(rules: Rules) -> None:
    """:raises ValueError: for rules outside what the encoding holds (1 … 4 decks, a draw of
    at least one card; every row of RULES.md, "The family", is within)."""
    if not 1 <= rules.decks <= 4 or rules.draw < 1:
        raise ValueError(f"the solver handles 1 to 4 decks and draws of 1 or more, not {rules}")


Tables = tuple[list[bool], list[list[int]], list[list[int]]]
_TABLES: dict[Build, Tables] = {}


def build_tables(build: Build) -> Tables:
    """``(fits, parents, builders)`` for a build rule (see the module docstring), made once.
    RULES.md, "The family": one rank lower, same suit / other colour / another suit; ace and
    king never wrap."""
    if build in _TABLES:
        return _TABLES[build]
    fits = [False] * (128 * 64)
    parents: list[list[int]] = [[] for _ in range(64)]
    builders: list[list[int]] = [[] for _ in range(64)]
    for c in range(64):
        for t in range(64):
            if not (1 <= c & 15 <= 12 and t & 15 == (c & 15) + 1):
                continue
            cs, ts = c >> 4, t >> 4
            if build is Build.SAME_SUIT:
                ok = cs == ts
            elif build is Build.ALTERNATE_COLOURS:
                ok = (cs in (1, 2)) != (ts in (1, 2))
            else:
                ok = cs != ts
            if ok:
                fits[t << 6 | c] = True
                parents[c].append(t)
                builders[t].append(c)
    _TABLES[build] = (fits, parents, builders)
    return fits, parents, builders


class Board:
    """A position in the solver's encoding (see the module docstring), changed in place.

    :ivar cols: tableau columns, each a list of card ints bottom first.
    :ivar home: copies of each card on the foundations (index = card int; 64 entries).
    :ivar waste: the waste, bottom first.
    :ivar stock: this pass's stock sequence in draw order; ``stock[si:]`` is still face down.
    :ivar redeals: redeals left (RULES.md, Relaxed).
    :ivar left: cards not yet on a foundation (0 = won).
    :ivar col_bytes: each column as bytes, in column order, or :data:`STALE` for a column
        changed since its bytes were made; current after :meth:`key` and :meth:`snapshot`
        (making a key costs the bytes of the columns changed since the last, not of all).
    :ivar waste_bytes: the waste as bytes, or :data:`STALE`, the same way (see :meth:`waste_key`).
    :ivar home_bytes: ``home`` as bytes, or :data:`STALE`, the same way (see :meth:`home_key`).
    """

    __slots__ = (
        "cols",
        "home",
        "waste",
        "stock",
        "si",
        "redeals",
        "decks",
        "left",
        "supermove",
        "kings_only",
        "stock_key",
        "first_stock",
        "greedy",
        "col_bytes",
        "waste_bytes",
        "home_bytes",
        "draw",
        "same_suit",
        "fits",
        "parents",
        "builders",
        "reversible",
    )

    def __init__(self, position: Position, rules: Rules) -> None:
        check_rules(rules)
        self.decks = rules.decks
        self.greedy = False
        self.supermove = rules.run_moves is RunMoves.SUPERMOVE
        self.kings_only = rules.kings_only_in_empty
        self.draw = rules.draw
        self.same_suit = rules.build is Build.SAME_SUIT
        self.fits, self.parents, self.builders = build_tables(rules.build)
        down = position.face_down or (0,) * len(position.tableau)
        self.cols = [
            [encode(c) | (DOWN if i < d else 0) for i, c in enumerate(col)]
            for col, d in zip(position.tableau, down, strict=True)
        ]
        # a move that turns a face-down card cannot be taken straight back (see reversal)
        self.reversible = not any(down)
        self.col_bytes = [bytes(c) for c in self.cols]
        self.waste = [encode(c) for c in position.waste]
        self.waste_bytes = bytes(self.waste)
        self.stock = [encode(c) for c in position.stock]
        self.first_stock = self.stock
        self.si = 0
        self.redeals = position.redeals_left
        self.stock_key = b""
        home = [0] * 64
        for suit in range(4):
            home[suit * 16] = rules.decks
        for top in position.foundations:
            if top is not None:
                for rank in range(1, top.rank + 1):
                    home[top.suit * 16 + rank] += 1
        self.home = home
        self.home_bytes = bytes(home)
        self.left = rules.card_count - sum(home) + 4 * rules.decks

    # -- values ----------------------------------------------------------------------------
    def key(self) -> bytes:
        """The canonical key: columns sorted (their order does not matter), the waste, the
        stock's place; foundations are implied by the rest (every card is somewhere). Leaves
        each column's bytes, in column order, in :attr:`col_bytes` (the evaluation reuses them)."""
        tab = b"\x00".join(sorted(self._fresh_col_bytes()))
        return b"%b\xff%b\xff%c%c%b" % (tab, self.waste_key(), self.si, self.redeals, self.stock_key)

    def _fresh_col_bytes(self) -> list[bytes]:
        """:attr:`col_bytes`, each stale entry made anew."""
        cb, cols = self.col_bytes, self.cols
        for i in range(len(cb)):
            if cb[i] is STALE:
                cb[i] = bytes(cols[i])
        return cb

    def waste_key(self) -> bytes:
        """The waste as bytes, made anew only when it changed since the last time."""
        if self.waste_bytes is STALE:
            self.waste_bytes = bytes(self.waste)
        return self.waste_bytes

    def home_key(self) -> bytes:
        """``home`` as bytes, made anew only when it changed since the last time."""
        if self.home_bytes is STALE:
            self.home_bytes = bytes(self.home)
        return self.home_bytes

    def snapshot(self) -> bytes:
        """Everything needed to :meth:`restore` this board exactly (columns in place), in one
        bytes object (the search keeps one per open position): ``home`` (64 bytes), ``si``,
        ``redeals``, ``left``, then the columns (``0`` between two), the waste and the stock of
        this pass (card ints are 1 … 63, so ``0xff`` separates them)."""
        return b"%b%c%c%c%b\xff%b\xff%b" % (
            self.home_key(),
            self.si,
            self.redeals,
            self.left,
            b"\x00".join(self._fresh_col_bytes()),
            self.waste_key(),
            self.stock_key,
        )

    def restore(self, snap: bytes) -> None:
        """Become the board of a :meth:`snapshot` (of a board from the same start)."""
        # the piles whose bytes are those kept (and so current) stay as they are: positions
        # restored one after another share most of them
        home = snap[:64]
        if home != self.home_bytes:
            self.home = list(home)
            self.home_bytes = home
        self.si, self.redeals, self.left = snap[64], snap[65], snap[66]
        cols_part, waste, stock_key = snap[67:].split(b"\xff")
        col_bytes = cols_part.split(b"\x00")
        kept, cols = self.col_bytes, self.cols
        for i in range(len(col_bytes)):
            if col_bytes[i] != kept[i]:
                cols[i] = list(col_bytes[i])
        self.col_bytes = col_bytes
        if waste != self.waste_bytes:
            self.waste = list(waste)
            self.waste_bytes = waste
        if stock_key != self.stock_key:
            self.stock = list(stock_key) if stock_key else self.first_stock
            self.stock_key = stock_key

    def to_position(self) -> Position:
        """This board as an engine :class:`Position` (tests compare the two)."""
        per = self.decks
        slots: list[Card | None] = []
        for suit in range(4):
            for slot in range(per):
                # slot 0 is the higher: height = ranks with more than `slot` copies up.
                height = 0
                while height < 13 and self.home[suit * 16 + height + 1] > slot:
                    height += 1
                slots.append(Card(height, suit) if height else None)
        down = tuple(sum(1 for c in col if c & DOWN) for col in self.cols)
        return Position(
            tableau=tuple(tuple(decode(c & 63) for c in col) for col in self.cols),
            foundations=tuple(slots),
            waste=tuple(decode(c) for c in self.waste),
            stock=tuple(decode(c) for c in self.stock[self.si :]),
            redeals_left=self.redeals,
            face_down=down if any(down) else (),
        )

    def is_safe(self, c: int) -> bool:
        """Whether card ``c`` goes up at once in the search: every copy of every card that
        could build on it is up (RULES.md, "The family", safe auto-move), and so is every copy
        of the card below it in its suit. The second part is the solver's own: with a single
        slot taking ``c`` and two copies of ``c`` free, which copy goes up matters (another
        build rule's safe card, 1:9H KH | 2:KH | 3:7H QH | F:… QH 6H …, wins only with column
        2's king up), and with every slot at ``c - 1`` or higher every copy may go up. Same
        suit: both parts are ``home[c - 1] == decks``."""
        home = self.home
        decks = self.decks
        if home[c - 1] != decks:
            return False
        if self.same_suit:
            return True
        for b in self.builders[c]:
            if home[b] != decks:
                return False
        return True

    def waste_safe(self) -> bool:
        """Whether a safe card in the waste may go up at once, and the stock is never drawn
        past one: always with one card a draw or no redeal left; with a draw of three and a
        redeal left, taking a card out of the waste changes the next pass's threes, so the
        dominance argument (see :mod:`.search`) does not hold and the search keeps both."""
        return self.draw == 1 or self.redeals == 0

    # -- move generation -------------------------------------------------------------------
    def moves(self, *, search: bool = True, draws: bool = True) -> list[Move]:
        """The moves from here.

        ``search=False``: every legal engine action, each once (what
        :func:`app.engine.legal_moves` lists; tests cross-check the two).
        ``search=True``: what the search tries: one empty column stands for all of them; no
        whole column into an empty one (the same position); no bare draws, but "draw ``k``
        then play the waste top" for every stock card it can reach, never drawing past a card
        that is safe to put up (that card up dominates it buried); a redeal draws the rest first.
        ``draws=False`` (with ``search``): only the moves that draw nothing (the beam search's
        moves within a layer, see :mod:`.beam`).
        """
        cols = self.cols
        home = self.home
        out: list[Move] = []
        add = out.append
        where = [0] * 80  # where[card]: bit i set when column i is topped by card (cards + 13 < 80)
        empties: list[int] = []
        for i, col in enumerate(cols):
            if col:
                where[col[-1]] |= 1 << i
            else:
                empties.append(i)
        e = len(empties)
        kings_only = self.kings_only
        if self.supermove and kings_only:
            # the shortcut needs empty columns that may hold its cards: one card at a time
            lim, lim_empty = 1, 1 if e else 0
        elif self.supermove:
            lim, lim_empty = 1 << e, (1 << (e - 1)) if e else 0
        else:
            lim = lim_empty = 999
        empty_targets = empties[:1] if search else empties
        same_suit, fits, parents = self.same_suit, self.fits, self.parents
        for a, col in enumerate(cols):
            if not col:
                continue
            top = col[-1]
            if home[top - 1] > home[top]:
                add((COL_F, a, 0, 1))
            n = len(col)
            run = 1  # the run on top (a face-down card fits nothing: no run goes past one)
            while run < n and fits[col[n - run - 1] << 6 | col[n - run]]:
                run += 1
            for k in range(1, min(run, lim) + 1):
                if same_suit:
                    mask = where[top + k]
                else:
                    mask = 0
                    for p in parents[col[-k]]:
                        mask |= where[p]
                b = 0
                while mask:
                    if mask & 1:
                        add((COL, a, b, k))
                    mask >>= 1
                    b += 1
            if not empty_targets:
                continue
            for k in range(1, min(run, lim_empty) + 1):
                if search and k == n:
                    break
                if kings_only and col[-k] & 15 != KING:
                    continue
                for b in empty_targets:
                    if b != a:
                        add((COL, a, b, k))
        waste = self.waste
        stock, si = self.stock, self.si
        decks, greedy = self.decks, self.greedy
        to_empty = bool(empty_targets) and not kings_only
        draw = self.draw
        if draw > 1:
            self._waste_moves(out, where, empty_targets, search and draws)
        else:
            # the waste top (no draw), then, for the search, each stock card it can reach by
            # drawing (the hot loop: kept inline)
            reach = chain(waste[-1:], stock[si:]) if search and draws else waste[-1:]
            for d, c in enumerate(reach, 0 if waste else 1):
                below = home[c - 1]
                if d and ((below == decks if same_suit else self.is_safe(c)) or (greedy and below > home[c])):
                    # safe: drawing past it is dominated (greedy: by choice, see force_safe)
                    add((W_F, 0, 0, d))
                    return out
                if below > home[c]:
                    add((W_F, 0, 0, d))
                if same_suit:
                    mask = where[c + 1]
                else:
                    mask = 0
                    for p in parents[c]:
                        mask |= where[p]
                b = 0
                while mask:
                    if mask & 1:
                        add((W, 0, b, d))
                    mask >>= 1
                    b += 1
                if to_empty or (empty_targets and c & 15 == KING):
                    for b in empty_targets:
                        add((W, 0, b, d))
        rest = len(stock) - si
        if not search:
            if rest:
                add((DRAW, 0, 0, min(draw, rest)))
            elif waste and self.redeals > 0:
                add((REDEAL, 0, 0, 0))
        elif draws and self.redeals > 0 and (waste or rest):
            add((REDEAL, 0 if draw == 1 else -(-rest // draw), 0, rest))
        return out

    def _waste_moves(self, out: list[Move], where: list[int], empty_targets: list[int], drawing: bool) -> None:
        """The waste's moves with a draw of ``draw`` cards (RULES.md, "The family": one ``D``
        turns the next ``draw`` cards, fewer at the end, one by one, so the last is the top):
        the waste top, then with ``drawing`` the top after each further ``D``, as
        ``(kind, draws, b, cards drawn)``; never drawing past a safe card when
        :meth:`waste_safe` allows that cut."""
        home, waste, stock, si, draw = self.home, self.waste, self.stock, self.si, self.draw
        rest = len(stock) - si
        cut = self.waste_safe()
        kings_only, greedy, same_suit, parents = self.kings_only, self.greedy, self.same_suit, self.parents
        reach: list[tuple[int, int, int]] = [(0, 0, waste[-1])] if waste else []
        if drawing:
            for j in range(1, -(-rest // draw) + 1):
                k = min(j * draw, rest)
                reach.append((j, k, stock[si + k - 1]))
        for j, k, c in reach:
            below = home[c - 1]
            if j and ((cut and self.is_safe(c)) or (greedy and below > home[c])):
                out.append((W_F, j, 0, k))
                return
            if below > home[c]:
                out.append((W_F, j, 0, k))
            if same_suit:
                mask = where[c + 1]
            else:
                mask = 0
                for p in parents[c]:
                    mask |= where[p]
            b = 0
            while mask:
                if mask & 1:
                    out.append((W, j, b, k))
                mask >>= 1
                b += 1
            if empty_targets and (not kings_only or c & 15 == KING):
                for b in empty_targets:
                    out.append((W, j, b, k))

    # -- make / unmake ---------------------------------------------------------------------
    def play(self, move: Move) -> object:
        """Make ``move`` (legal, from :meth:`moves`); returns what :meth:`unplay` needs."""
        kind, a, b, k = move
        if kind == COL:
            src = self.cols[a]
            self.cols[b].extend(src[-k:])
            del src[-k:]
            self.col_bytes[a] = self.col_bytes[b] = STALE
            if src and src[-1] & DOWN:
                src[-1] &= 63  # turned face up by the move that uncovered it
                return True
            return None
        if kind == COL_F:
            src = self.cols[a]
            c = src.pop()
            self.col_bytes[a] = STALE
            self.home[c] += 1
            self.home_bytes = STALE
            self.left -= 1
            if src and src[-1] & DOWN:
                src[-1] &= 63
                return c | DOWN  # the mark says a card was turned
            return c
        self.waste_bytes = STALE  # every other move changes the waste
        if kind == REDEAL:
            undo = (self.stock, self.si, self.waste, self.stock_key)
            self.stock = self.waste + self.stock[self.si :]
            self.waste = []
            self.si = 0
            self.redeals -= 1
            self.stock_key = bytes(self.stock)
            return undo
        if k:
            self.waste.extend(self.stock[self.si : self.si + k])
            self.si += k
        if kind == DRAW:
            return None
        c = self.waste.pop()
        if kind == W:
            self.cols[b].append(c)
            self.col_bytes[b] = STALE
        else:
            self.home[c] += 1
            self.home_bytes = STALE
            self.left -= 1
        return c

    def unplay(self, move: Move, undo: object) -> None:
        """Take back ``move``, the last one made, given what :meth:`play` returned."""
        kind, a, b, k = move
        if kind == COL:
            dst = self.cols[b]
            src = self.cols[a]
            if undo is not None:
                src[-1] |= DOWN
            src.extend(dst[-k:])
            del dst[-k:]
            self.col_bytes[a] = self.col_bytes[b] = STALE
            return
        if kind == COL_F:
            c = cast(int, undo)
            src = self.cols[a]
            if c & DOWN:
                src[-1] |= DOWN
                c &= 63
            self.home[c] -= 1
            self.home_bytes = STALE
            self.left += 1
            src.append(c)
            self.col_bytes[a] = STALE
            return
        self.waste_bytes = STALE
        if kind == REDEAL:
            self.stock, self.si, self.waste, self.stock_key = undo  # type: ignore[misc]
            self.redeals += 1
            return
        if kind != DRAW:
            c = cast(int, undo)
            if kind == W:
                self.cols[b].pop()
                self.col_bytes[b] = STALE
            else:
                self.home[c] -= 1
                self.home_bytes = STALE
                self.left += 1
            self.waste.append(c)
        if k:
            del self.waste[-k:]
            self.si -= k

    def force_safe(self, move: Move | None = None) -> list[int]:
        """Put up every safe available card, repeatedly (RULES.md, safe auto-move): column tops
        left to right, then the waste top. With :attr:`greedy` set, every card that fits a
        foundation goes up (a streamliner: it finds wins sooner but proves nothing).

        :param move: the move just made from a board where nothing was left to put up, if so:
            after a move to a column only one card can have become available (the new top of
            the source column, or of the waste; drawn cards passed over are never safe, see
            :meth:`moves`), so only that card is looked at first.
        :returns: one int per card, ``(source + 1) * 64 + card`` with source the column index
            or -1 for the waste, for :meth:`unforce` and :func:`forced_notation`.
        """
        cols, home, waste, col_bytes = self.cols, self.home, self.waste, self.col_bytes
        # a card c may go up when home[c - 1] > home[c]; same suit: it is safe when
        # home[c - 1] == decks (is_safe otherwise)
        done: list[int] = []
        greedy = self.greedy
        decks = self.decks
        same_suit = self.same_suit
        from_waste = self.waste_safe() or greedy
        if move is not None and move[0] <= W and move[0] != COL_F:
            pile = cols[move[1]] if move[0] == COL else waste
            if not pile or (pile is waste and not from_waste):
                return done
            c = pile[-1]
            safe = home[c - 1] == decks if same_suit else self.is_safe(c)
            if not safe and not (greedy and home[c - 1] > home[c]):
                return done
        again = True
        while again:
            again = False
            for a, col in enumerate(cols):
                while col:
                    c = col[-1]
                    safe = home[c - 1] == decks if same_suit else self.is_safe(c)
                    if safe or (greedy and home[c - 1] > home[c]):
                        col.pop()
                        home[c] += 1
                        v = (a + 1) * 64 + c
                        if col and col[-1] & DOWN:
                            col[-1] &= 63
                            v |= TURNED
                        done.append(v)
                        col_bytes[a] = STALE
                        again = True
                    else:
                        break
            while waste and from_waste:
                c = waste[-1]
                safe = home[c - 1] == decks if same_suit else self.is_safe(c)
                if safe or (greedy and home[c - 1] > home[c]):
                    waste.pop()
                    home[c] += 1
                    done.append(c)
                    self.waste_bytes = STALE
                    again = True
                else:
                    break
        if done:
            self.home_bytes = STALE
        self.left -= len(done)
        return done

    def unforce(self, done: Sequence[int]) -> None:
        """Take back what :meth:`force_safe` did."""
        home, cols, waste, col_bytes = self.home, self.cols, self.waste, self.col_bytes
        for v in reversed(done):
            c = v & 63
            home[c] -= 1
            if v < 64:
                waste.append(c)
                self.waste_bytes = STALE
            else:
                a = ((v & ~TURNED) >> 6) - 1
                col = cols[a]
                if v & TURNED:
                    col[-1] |= DOWN
                col.append(c)
                col_bytes[a] = STALE
        if done:
            self.home_bytes = STALE
        self.left += len(done)


def reversal(move: Move | None, done: Sequence[int], reversible: bool = True) -> Move | None:
    """The move that takes ``move`` straight back (the same cards from its destination column
    to its source), when nothing went up after it (``done`` empty): that move leads back to
    the position before ``move``, which every search has already seen, so the searches skip
    it instead of making it to find its key in their tables. None when there is none, or when
    ``reversible`` is False (:attr:`Board.reversible`: a move may have turned a face-down
    card, and then the way back leads somewhere new)."""
    if not reversible or move is None or move[0] != COL or done:
        return None
    return (COL, move[2], move[1], move[3])


def forced_notation(done: Sequence[int]) -> list[str]:
    """The foundation moves of a :meth:`Board.force_safe` record, in notation."""
    return ["W-F" if v < 64 else f"{(v & ~TURNED) >> 6}-F" for v in done]


def line_notation(steps: Iterable[tuple[Move | None, Sequence[int]]]) -> list[str]:
    """A line in notation from its steps, in order: each step's move (None: none, the start),
    then the safe cards its :meth:`Board.force_safe` record put up."""
    out: list[str] = []
    for move, done in steps:
        if move is not None:
            out += notation(move)
        out += forced_notation(done)
    return out
