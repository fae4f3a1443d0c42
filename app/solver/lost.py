"""A cheap, sound test that a position is lost: some card can never move again.

The test builds the largest set ``S`` of cards for which it can show that, as long as no card
of ``S`` has moved, none of them can move; then no card of ``S`` ever moves (a stock card: ever
leaves the waste once drawn), so none reaches a foundation, and the position is lost (RULES.md:
a win needs all cards up). It starts with every card not up in ``S`` and takes out, until
nothing changes, each card ``X`` that might move while the rest of ``S`` stays put:

- ``X`` is exposed (no card of ``S`` above it in its column or the waste; cards above it that
  are not in ``S`` may all leave; a stock card counts as exposed, and as covering nothing: the
  cards below it may be played before it is drawn), and
- some column holds no card of ``S`` (it might be emptied, and any card may fill an empty
  column), or ``X`` might go up (for every lower rank of its suit, more copies outside ``S``
  than copies of ``X`` already up: each slot holding ``X`` holds one copy of every lower rank),
  or ``X`` might go onto a copy of ``X + 1`` that might be a column top: one in a column and
  not under another card of ``S``, or one that leaves the waste or the stock (out of ``S``)
  and might itself go onto a copy of ``X + 2`` that might be a column top (a card off the waste
  that may only go up is never a column top: no column is ever empty before a card of ``S``
  moves, see below).

Why this is sound: take the first move, in any play, that moves a card ``Z`` of the final
``S``. Before it every card of ``S`` is where it was, so every column still holds one (no
empty column: the move is a single card, the 2^e shortcut needs an empty column), ``Z`` is
exposed, and a slot of ``Z - 1`` would contradict the reasons ``Z`` stayed in ``S``. A copy of
``Z + 1`` on top of a column then is either one that was in a column at the start, not under a
card of ``S``, or one that came from the waste onto a copy of ``Z + 2`` then on top of a column
(no column was empty), and so on up: each counted above as a possible column top, which again
contradicts the reasons ``Z`` stayed. Since a card is taken out only when nothing of ``S`` lies
above it, ``S`` is, in every pile, a bottom part: a height per pile.

Only for rules with single-card moves (the 2^e shortcut allowed) and no redeal left (a redeal
would move the waste); otherwise the test says "not lost".

Other build rules (RULES.md, "The family"): "a copy of ``X + 1``" reads "a copy of a card ``X``
builds on" (:attr:`.board.Board.parents`), and the argument is the same word for word; going up
never depends on the build rule. A face-down card (``card | DOWN``) is a card of its pile like
any other here: it can only move once it is its column's top, and then it is face up.
"""

from __future__ import annotations

from typing import Final

from .board import Board

_LEFT: Final = {decks: bytes([max(decks - n, 0) for n in range(256)]) for decks in (1, 2, 3, 4)}
"""Per number of decks, ``n`` -> ``decks - n`` as a bytes translation (copies not up)."""


def is_lost(board: Board) -> bool:
    """True when ``board`` is proved lost (see the module docstring); False says nothing."""
    if not board.supermove or board.redeals:
        return False
    cols = board.cols
    home, decks = board.home, board.decks
    # every card not up starts in S: copies of each card in S; those never a column top
    stuck = list(board.home_key().translate(_LEFT[decks]))
    dead = stuck[:]
    for col in cols:
        if not col:
            return False
        dead[col[-1]] -= 1
    # first[suit * decks + up]: no rank of the suit below it has as many as ``decks - up``
    # copies in S (a rank that once had fewer always will: S only shrinks), so a card of the
    # suit with ``up`` copies up might go up only if its rank is at most this
    first = [1] * (4 * decks)
    parents = board.parents
    ncols = len(cols)
    piles = [*cols, board.waste]
    heights = [len(p) for p in piles]
    # each card still to draw counts as exposed and as covering nothing (the cards below it
    # may all be played before it is drawn)
    to_draw = board.stock[board.si :]
    # cards out of S from the waste or the stock that may go up but are not yet known to have
    # a place in a column: a copy of the card above that may be a column top
    floating: list[int] = []
    changed = True
    while changed:
        changed = False
        for p, pile in enumerate(piles):
            h = heights[p]
            while h:
                x = pile[h - 1] & 63
                if not _may_move(x, home, decks, stuck, dead, first, parents):
                    break
                h -= 1
                stuck[x] -= 1
                changed = True
                if p == ncols:
                    floating.append(x)
                elif h:
                    dead[pile[h - 1] & 63] -= 1  # the new top of S here may become a column top
                else:
                    return False  # a column may be emptied: any card may then move
            heights[p] = h
        kept = []
        for x in to_draw:
            if not _may_move(x, home, decks, stuck, dead, first, parents):
                kept.append(x)
            else:
                stuck[x] -= 1
                floating.append(x)
                changed = True
        to_draw = kept
        changed = _place(floating, home, decks, dead, parents) or changed
    return True


def _place(floating: list[int], home: list[int], decks: int, dead: list[int], parents: list[list[int]]) -> bool:
    """Count as a possible column top (``dead`` one less) each card of ``floating`` that has
    a copy of a card it builds on that may be one, and take it out; returns whether any was."""
    placed = False
    i = 0
    while i < len(floating):
        x = floating[i]
        if _may_top(x, home, decks, dead, parents):
            dead[x] -= 1
            floating[i] = floating[-1]
            floating.pop()
            placed = True
        else:
            i += 1
    return placed


def _may_top(x: int, home: list[int], decks: int, dead: list[int], parents: list[list[int]]) -> bool:
    """Whether some copy of a card ``x`` builds on (same suit: ``x + 1``) might be a column top."""
    for p in parents[x]:
        if dead[p] + home[p] < decks:
            return True
    return False


def _may_move(
    x: int, home: list[int], decks: int, stuck: list[int], dead: list[int], first: list[int], parents: list[list[int]]
) -> bool:
    """Whether exposed card ``x`` might go up or onto a copy of a card it builds on, the rest
    of ``S`` staying put (``stuck``: copies in S; ``dead``: copies that never become a column
    top; ``first``: how far up each suit's ranks are known not to block, updated here)."""
    up = home[x]
    i = (x >> 4) * decks + up
    r, rank, lim = first[i], x & 15, decks - up
    base = x - rank
    while r < rank and stuck[base + r] < lim:
        r += 1
    first[i] = r
    return r >= rank or _may_top(x, home, decks, dead, parents)
