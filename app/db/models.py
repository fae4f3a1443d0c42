"""Typed SQLAlchemy 2.0 models. Migrations in ``migrations/versions`` create these tables."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Index, MetaData, String, Text, UniqueConstraint, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base with a naming convention (stable constraint names for migrations).

    Game numbers go up to 4294967295, so their columns are BIGINT (SQLite stores any integer;
    PostgreSQL's INTEGER would overflow above 2147483647)."""

    metadata = MetaData(naming_convention=NAMING)


class PlayRow(Base):
    """One play: a deal (number + mode, or a set-up position) plus its list of actions.

    ``steps`` holds each step's text (``"1-6 +1-F"``, see ``app.engine.Step.text``), each ended
    by ``;`` (``"1-6 +1-F;D;"``), so that an action appends to it rather than rewriting it;
    ``cursor`` says how many are in effect (the rest can be redone). ``version`` rises by one
    with every accepted action (optimistic concurrency: API.md's 409).
    """

    __tablename__ = "plays"

    id: Mapped[int] = mapped_column(primary_key=True)
    play_id: Mapped[str] = mapped_column(String(32), unique=True)
    visitor_id: Mapped[str] = mapped_column(String(32))
    number: Mapped[int | None] = mapped_column(BigInteger)
    mode: Mapped[str] = mapped_column(String(16))
    custom: Mapped[bool] = mapped_column(default=False)
    start_position: Mapped[dict[str, object] | None] = mapped_column(JSON)
    auto_safe: Mapped[bool] = mapped_column(default=True)
    steps: Mapped[str] = mapped_column(Text, default="", server_default="")
    cursor: Mapped[int] = mapped_column(default=0)
    version: Mapped[int] = mapped_column(default=0)
    undos: Mapped[int] = mapped_column(default=0)
    hints: Mapped[int] = mapped_column(default=0)
    status: Mapped[str] = mapped_column(String(16), default="playing")
    elapsed_s: Mapped[float] = mapped_column(default=0.0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_action_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    challenge_id: Mapped[int | None]
    """The ``shared_deals.id`` of the challenge link this play took up, if any (its result
    shows on the table). No foreign key: shared deals already point at finish cards, which
    point at plays, and a cycle of constraints would block table creation order."""

    __table_args__ = (Index("ix_plays_visitor_deal", "visitor_id", "number", "mode", "id"),)


class FinishCard(Base):
    """The card stored when a play ends: won, resigned, or blocked and acknowledged.

    Exactly one per finished play (unique ``play_row_id``); none for a restarted or abandoned
    play. Cards of set-up positions (``custom``) never count for records or statistics.
    """

    __tablename__ = "finish_cards"

    id: Mapped[int] = mapped_column(primary_key=True)
    play_row_id: Mapped[int] = mapped_column(ForeignKey("plays.id"), unique=True)
    visitor_id: Mapped[str] = mapped_column(String(32))
    number: Mapped[int | None] = mapped_column(BigInteger)
    mode: Mapped[str] = mapped_column(String(16))
    custom: Mapped[bool] = mapped_column(default=False)
    assisted: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Played with help: with hints (``hints`` > 0), or after seeing the solver's winning line
    for this deal (the post-game analysis). Such a card counts in the visitor's statistics,
    never for records."""
    result: Mapped[str] = mapped_column(String(16))
    moves: Mapped[int]
    elapsed_s: Mapped[float]
    undos: Mapped[int]
    hints: Mapped[int]
    cards_home: Mapped[int]
    points: Mapped[int]
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (
        Index("ix_finish_cards_deal", "number", "mode", "result"),
        Index("ix_finish_cards_visitor", "visitor_id", "mode", "id"),
    )


class Visitor(Base):
    """What a visitor chose to tell: an optional display name (escaped everywhere, ≤ 24 chars)."""

    __tablename__ = "visitors"

    visitor_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    display_name: Mapped[str | None] = mapped_column(String(24))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SharedDeal(Base):
    """A challenge link ``/s/{code}``: a deal, the sharer's finish card if any, and the
    sharer's language (``en``, ``es``: its preview speaks it to a crawler that names none)."""

    __tablename__ = "shared_deals"

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)
    number: Mapped[int] = mapped_column(BigInteger)
    mode: Mapped[str] = mapped_column(String(16))
    visitor_id: Mapped[str] = mapped_column(String(32))
    finish_card_id: Mapped[int | None] = mapped_column(ForeignKey("finish_cards.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    lang: Mapped[str] = mapped_column(String(8), default="en", server_default="en")


class SolvedDeal(Base):
    """What the solver decided about a deal in a mode (with the stock order known).

    :ivar verdict: ``winnable``, ``unwinnable`` or ``unknown`` (budget spent).
    :ivar line: the winning line in the notation, when winnable and kept.
    """

    __tablename__ = "solved_deals"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[int] = mapped_column(BigInteger)
    mode: Mapped[str] = mapped_column(String(16))
    verdict: Mapped[str] = mapped_column(String(16))
    line: Mapped[list[str] | None] = mapped_column(JSON)
    line_length: Mapped[int | None]
    nodes: Mapped[int] = mapped_column(default=0)
    elapsed_ms: Mapped[float] = mapped_column(default=0.0)
    solver_version: Mapped[str] = mapped_column(String(16))
    solved_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (
        UniqueConstraint("number", "mode"),
        Index("ix_solved_deals_pool", "mode", "verdict", "number"),
    )


class PlayHint(Base):
    """A play's proved line for hints: the moves from ``origin`` (a full position, stock
    order included; never sent to a player) to a win."""

    __tablename__ = "play_hints"

    play_row_id: Mapped[int] = mapped_column(ForeignKey("plays.id"), primary_key=True)
    origin: Mapped[dict[str, object]] = mapped_column(JSON)
    line: Mapped[list[str]] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PlayAnalysis(Base):
    """The post-game analysis of a play (``app.services.analysis``): where the deal stopped being
    winnable, with the stock order known. One per play, for the play's ``version`` analysed
    (a blocked play that is taken back and played on is analysed again).

    :ivar outcome: ``still_winnable``, ``lost`` (the move after ``last_winnable`` lost it:
        proved), ``lost_unproved`` (won from ``last_winnable``, the next position not decided),
        ``deal_unwinnable`` or ``undecided`` (the deal itself not decided in time).
    :ivar last_winnable: index in the play's line of positions (0: the deal) of the last
        position proved winnable, or None.
    :ivar first_lost: index of the first position proved unwinnable, or None.
    :ivar lost_line: the solver's winning line from ``last_winnable``.
    :ivar deal_line: the solver's winning line from the deal.
    """

    __tablename__ = "play_analyses"

    play_row_id: Mapped[int] = mapped_column(ForeignKey("plays.id"), primary_key=True)
    version: Mapped[int]
    outcome: Mapped[str] = mapped_column(String(16))
    positions: Mapped[int]
    last_winnable: Mapped[int | None]
    first_lost: Mapped[int | None]
    lost_line: Mapped[list[str] | None] = mapped_column(JSON)
    deal_line: Mapped[list[str] | None] = mapped_column(JSON)
    probes: Mapped[int]
    elapsed_ms: Mapped[float]
    solver_version: Mapped[str] = mapped_column(String(16))
    analysed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Lease(Base):
    """A claim one process holds for a while, so that work shared by every server process is
    done once (``app.db.coordination``): the background pool worker's leadership
    (``pool_worker``), an analysis under way (``analysis:<play row>:<version>``).

    :ivar holder: the holding process (``host:pid:token``).
    :ivar state: ``running``, or ``failed`` (an analysis that failed: not tried again before
        ``expires_at``).
    :ivar expires_at: seconds since the epoch; past it any process may take the claim (its
        holder died, or stopped renewing it).
    """

    __tablename__ = "leases"

    name: Mapped[str] = mapped_column(String(100), primary_key=True)
    holder: Mapped[str] = mapped_column(String(100))
    state: Mapped[str] = mapped_column(String(16))
    expires_at: Mapped[float]


class WantedDeal(Base):
    """A deal someone is looking at whose verdict is not known yet: the background pool worker
    solves these first, oldest first (any server process may ask; the leader solves)."""

    __tablename__ = "wanted_deals"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[int] = mapped_column(BigInteger)
    mode: Mapped[str] = mapped_column(String(16))

    __table_args__ = (UniqueConstraint("number", "mode"),)


class SolverHit(Base):
    """One solver request (a hint, ``/api/solve``) counted against a rate-limit key
    (``v:<visitor>``, ``a:<address>``) at ``at`` (seconds since the epoch); kept 60 s, so that
    every server process sees the same window."""

    __tablename__ = "solver_hits"

    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(100))
    at: Mapped[float]

    __table_args__ = (Index("ix_solver_hits_key", "key", "at"), Index("ix_solver_hits_at", "at"))


class SurveyVerdict(Base):
    """One deal of a winnability survey (``python -m app.solver survey``): the solver's verdict
    on deal ``number`` in ``mode``, drawn for ``sample``, by ``solver_version`` within
    ``budget``. A re-run of the same survey skips the deals stored here.

    :ivar sample: which sample drew the deal: ``random-<seed>`` (numbers drawn by the deal's
        own PRNG, :func:`app.solver.sample.random_numbers`) or ``range`` (a run of numbers).
    :ivar budget: the budget as written canonically (``100000n``, ``10000ms``, ``10000ms+100000n``).
    :ivar line: the winning line (moves in the notation, space-separated), when winnable.
    """

    __tablename__ = "survey_verdicts"

    id: Mapped[int] = mapped_column(primary_key=True)
    sample: Mapped[str] = mapped_column(String(32))
    number: Mapped[int] = mapped_column(BigInteger)
    mode: Mapped[str] = mapped_column(String(16))
    solver_version: Mapped[str] = mapped_column(String(16))
    budget: Mapped[str] = mapped_column(String(40))
    verdict: Mapped[str] = mapped_column(String(16))
    nodes: Mapped[int] = mapped_column(BigInteger)
    elapsed_ms: Mapped[float]
    line: Mapped[str | None] = mapped_column(Text)
    line_length: Mapped[int | None]
    solved_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (UniqueConstraint("sample", "mode", "solver_version", "budget", "number"),)
