"""Every read of the database the services make, each written once (ARCHITECTURE.md: every
``select()`` lives here). Functions take an open :class:`~sqlalchemy.orm.Session` and return
model rows or plain values; none of them writes."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any, cast

from sqlalchemy import Integer, Table, Text, bindparam, case, func, select, update
from sqlalchemy.orm import Session, aliased, defer

from app.db.models import FinishCard, PlayAnalysis, PlayRow, SharedDeal, SolvedDeal, SurveyVerdict, Visitor
from app.engine import MAX_GAME_NUMBER
from app.solver.solve import Verdict

WON = "won"


# -- plays -----------------------------------------------------------------------------------
def play_by_id(session: Session, play_id: str) -> PlayRow | None:
    """The play whose public id is ``play_id``."""
    return session.scalar(select(PlayRow).where(PlayRow.play_id == play_id))


_LATEST_PLAY = (
    select(PlayRow)
    .where(
        PlayRow.visitor_id == bindparam("visitor_id"),
        PlayRow.number == bindparam("number"),
        PlayRow.mode == bindparam("mode"),
        ~PlayRow.custom,
    )
    .order_by(PlayRow.id.desc())
    .limit(1)
)
"""Built once: every table request runs it (building a statement costs more than running it)."""


def latest_play(session: Session, visitor_id: str, number: int, mode: str) -> PlayRow | None:
    """The visitor's most recent play of deal ``number`` in ``mode`` (set-up positions aside)."""
    return session.scalar(_LATEST_PLAY, {"visitor_id": visitor_id, "number": number, "mode": str(mode)})


def latest_other_play_id(session: Session, row: PlayRow) -> int | None:
    """The row id of the latest play of ``row``'s visitor, deal and mode other than ``row``
    (set-up positions aside), None when there is none."""
    return session.scalar(
        select(func.max(PlayRow.id)).where(
            PlayRow.visitor_id == row.visitor_id,
            PlayRow.number == row.number,
            PlayRow.mode == row.mode,
            ~PlayRow.custom,
            PlayRow.id != row.id,
        )
    )


_PLAY_COLUMNS = ("cursor", "undos", "auto_safe", "status", "elapsed_s", "last_action_at", "version", "finished_at")
"""What an action changes in a play's row, the steps aside (services/plays.py)."""


def _advance_statement(with_steps: bool) -> Any:
    """``UPDATE plays SET … WHERE id = :row_id AND version = :row_version``; ``with_steps``:
    also ``steps = substr(steps, 1, :kept) || :tail`` (the history appended, not rewritten)."""
    table = cast(Table, PlayRow.__table__)
    values: dict[str, Any] = {name: bindparam(name, type_=table.c[name].type) for name in _PLAY_COLUMNS}
    if with_steps:
        kept = func.substr(table.c.steps, 1, bindparam("kept", type_=Integer), type_=Text)
        values["steps"] = kept + bindparam("tail", type_=Text)
    where = (table.c.id == bindparam("row_id"), table.c.version == bindparam("row_version"))
    return update(table).where(*where).values(values)


_ADVANCE = {False: _advance_statement(False), True: _advance_statement(True)}


def advance_play(session: Session, row: PlayRow, values: dict[str, Any], steps: tuple[int, str] | None) -> bool:
    """Write an action into ``row``'s play: the new ``values`` (every one of the columns an
    action changes) and, with ``steps = (kept, tail)``, the history cut to its first ``kept``
    characters with ``tail`` appended; only if the row is still at ``row.version``. One UPDATE
    built once; whether it was written (False: another request changed the play first)."""
    params = {**values, "row_id": row.id, "row_version": row.version}
    if steps is not None:
        params["kept"], params["tail"] = steps
    result = session.execute(_ADVANCE[steps is not None], params)
    return bool(result.rowcount == 1)  # type: ignore[attr-defined]


def latest_auto_safe(session: Session, visitor_id: str) -> bool | None:
    """The "Move safe cards up" choice of the visitor's latest play, None before their first."""
    return session.scalar(
        select(PlayRow.auto_safe).where(PlayRow.visitor_id == visitor_id).order_by(PlayRow.id.desc()).limit(1)
    )


def has_played(session: Session, visitor_id: str, number: int, mode: str) -> bool:
    """Whether the visitor has ever played deal ``number`` in ``mode``."""
    found = session.scalar(
        select(PlayRow.id)
        .where(PlayRow.visitor_id == visitor_id, PlayRow.number == number, PlayRow.mode == mode)
        .limit(1)
    )
    return found is not None


def saw_analysis(session: Session, visitor_id: str, number: int, mode: str) -> bool:
    """Whether any of the visitor's plays of this deal and mode has an analysis (a winning line
    they may have seen)."""
    seen = session.scalar(
        select(PlayAnalysis.play_row_id)
        .join(PlayRow, PlayRow.id == PlayAnalysis.play_row_id)
        .where(PlayRow.visitor_id == visitor_id, PlayRow.number == number, PlayRow.mode == mode)
        .limit(1)
    )
    return seen is not None


def survey_line_stored(session: Session, number: int, mode: str) -> bool:
    """Whether a survey verdict of this deal and mode stored here carries its winning line (the
    winnability page publishes it: ``/winnability.csv``)."""
    found = session.scalar(
        select(SurveyVerdict.id)
        .where(SurveyVerdict.mode == mode, SurveyVerdict.number == number, SurveyVerdict.line.is_not(None))
        .limit(1)
    )
    return found is not None


# -- solved deals ----------------------------------------------------------------------------
def solved_deal(session: Session, number: int, mode: str) -> SolvedDeal | None:
    """What the solver decided about deal ``number`` in ``mode``, if it has been tried."""
    return session.scalar(select(SolvedDeal).where(SolvedDeal.number == number, SolvedDeal.mode == mode))


_SOLVED = SolvedDeal.__table__.c
_VERDICT = select(_SOLVED.verdict).where(_SOLVED.number == bindparam("number"), _SOLVED.mode == bindparam("mode"))
"""Built once, on the table (Core, not the ORM: no entity to load): a table asks it for each
deal not yet decided, at every answer."""


def verdict(session: Session, number: int, mode: str) -> str | None:
    """The stored verdict string of a deal (``winnable``, ``unwinnable``, ``unknown``) or None."""
    found: str | None = session.connection().scalar(_VERDICT, {"number": number, "mode": str(mode)})
    return found


def solved_numbers(session: Session, mode: str) -> set[int]:
    """Every deal number in ``mode`` with a stored verdict."""
    return set(session.scalars(select(SolvedDeal.number).where(SolvedDeal.mode == mode)))


def verdict_counts(session: Session, mode: str) -> dict[str, int]:
    """How many deals of ``mode`` the solver has decided or given up on, by verdict
    (``{"winnable": 80, "unknown": 115, …}``; a verdict with none is absent)."""
    rows = session.execute(
        select(SolvedDeal.verdict, func.count()).where(SolvedDeal.mode == mode).group_by(SolvedDeal.verdict)
    ).all()
    return {str(verdict): int(n) for verdict, n in rows}


def random_winnable(session: Session, mode: str, avoid: Collection[int] = ()) -> int | None:
    """A proved-winnable deal number in ``mode`` drawn at random, None when there is none.

    A number whose winning line the winnability page publishes (a survey row with a line,
    ``/winnability.csv``, or one of ``avoid``: the shipped survey's, which the database may not
    have loaded yet) is drawn only when no other is left: a new game is never one whose
    solution anyone can download, so records stay fair."""
    published = select(SurveyVerdict.number).where(SurveyVerdict.mode == mode, SurveyVerdict.line.is_not(None))
    winnable = select(SolvedDeal.number).where(SolvedDeal.mode == mode, SolvedDeal.verdict == Verdict.WINNABLE)
    fair = winnable.where(SolvedDeal.number.not_in(published))
    if avoid:
        fair = fair.where(SolvedDeal.number.not_in(list(avoid)))
    for query in (fair, winnable):
        number = session.scalar(query.order_by(func.random()).limit(1))
        if number is not None:
            return int(number)
    return None


def first_unsolved(session: Session, mode: str, after: int = 0) -> int | None:
    """The lowest deal number above ``after`` in ``mode`` with no stored verdict: the end of
    the run of solved numbers from ``after`` + 1 (a far number someone opened does not move it).
    Never past :data:`~app.engine.MAX_GAME_NUMBER`: None when every number from ``after`` + 1
    up to it has a verdict (a verdict at the top made the next number 4294967296, which no deal
    has)."""
    start = after + 1
    if start > MAX_GAME_NUMBER:
        return None
    if session.scalar(select(SolvedDeal.id).where(SolvedDeal.mode == mode, SolvedDeal.number == start)) is None:
        return start
    following = aliased(SolvedDeal)
    gap = (
        select(func.min(SolvedDeal.number + 1))
        .where(SolvedDeal.mode == mode, SolvedDeal.number >= start, SolvedDeal.number < MAX_GAME_NUMBER)
        .where(~select(following.id).where(following.mode == mode, following.number == SolvedDeal.number + 1).exists())
    )
    number = session.scalar(gap)
    return None if number is None else int(number)


# -- finish cards and visitors ---------------------------------------------------------------
def finish_card_of(session: Session, play_row_id: int) -> FinishCard | None:
    """The finish card of the play in row ``play_row_id``, if it has ended."""
    return session.scalar(select(FinishCard).where(FinishCard.play_row_id == play_row_id))


def latest_finish_card(session: Session, visitor_id: str, number: int, mode: str) -> FinishCard | None:
    """The visitor's most recent finish card on this deal and mode (set-up positions aside)."""
    return session.scalar(
        select(FinishCard)
        .where(
            FinishCard.visitor_id == visitor_id,
            FinishCard.number == number,
            FinishCard.mode == mode,
            ~FinishCard.custom,
        )
        .order_by(FinishCard.id.desc())
        .limit(1)
    )


def record_wins(session: Session, number: int, mode: str) -> list[FinishCard]:
    """Every win of this deal and mode that counts for records (not set-up, not assisted: no
    hints, no solver's line seen)."""
    return list(
        session.scalars(
            select(FinishCard).where(
                FinishCard.number == number,
                FinishCard.mode == mode,
                FinishCard.result == WON,
                ~FinishCard.custom,
                ~FinishCard.assisted,
            )
        )
    )


def visitor_cards(session: Session, visitor_id: str, mode: str) -> list[FinishCard]:
    """The visitor's finish cards in ``mode``, oldest first (set-up positions aside)."""
    return list(
        session.scalars(
            select(FinishCard)
            .where(FinishCard.visitor_id == visitor_id, FinishCard.mode == mode, ~FinishCard.custom)
            .order_by(FinishCard.id)
        )
    )


def display_names(session: Session, visitor_ids: Iterable[str]) -> dict[str, str]:
    """The display names of those of ``visitor_ids`` who chose one."""
    wanted = set(visitor_ids)
    if not wanted:
        return {}
    rows = session.execute(select(Visitor.visitor_id, Visitor.display_name).where(Visitor.visitor_id.in_(wanted)))
    return {vid: name for vid, name in rows if name}


# -- challenges ------------------------------------------------------------------------------
def shared_deal_by_code(session: Session, code: str) -> SharedDeal | None:
    """The challenge link ``/s/{code}``, if it exists."""
    return session.scalar(select(SharedDeal).where(SharedDeal.code == code))


def same_share(
    session: Session, visitor_id: str, number: int, mode: str, card_id: int | None, lang: str
) -> SharedDeal | None:
    """The visitor's earlier challenge link of this deal and mode carrying the same finish card
    (or none) in the same language, if any: sharing again gives it back."""
    card = SharedDeal.finish_card_id.is_(None) if card_id is None else SharedDeal.finish_card_id == card_id
    return session.scalar(
        select(SharedDeal)
        .where(SharedDeal.visitor_id == visitor_id, SharedDeal.number == number, SharedDeal.mode == mode)
        .where(card, SharedDeal.lang == lang)
        .order_by(SharedDeal.id)
        .limit(1)
    )


# -- winnability surveys ---------------------------------------------------------------------
def survey_rows(
    session: Session,
    mode: str,
    sample: str | None = None,
    version: str | None = None,
    budget: str | None = None,
    *,
    lines: bool = True,
) -> list[SurveyVerdict]:
    """The survey verdicts of ``mode``, of one sample, solver version and budget when given,
    by number (then budget); ``lines=False`` leaves the winning lines unread (their lengths
    are read)."""
    query = select(SurveyVerdict).where(SurveyVerdict.mode == mode)
    if not lines:
        query = query.options(defer(SurveyVerdict.line))
    for column, value in (
        (SurveyVerdict.sample, sample),
        (SurveyVerdict.solver_version, version),
        (SurveyVerdict.budget, budget),
    ):
        if value is not None:
            query = query.where(column == value)
    return list(session.scalars(query.order_by(SurveyVerdict.number, SurveyVerdict.budget)))


def survey_revision(session: Session) -> tuple[int, ...]:
    """A fingerprint of every stored survey verdict: rows, largest id, verdicts won and lost,
    and the sums of positions, milliseconds and line lengths. A row written, removed or changed
    since changes it (short of a new set of rows alike in all of these), so figures worked out
    from the rows may be kept until it changes (:func:`app.services.winnability.mode_survey`)."""
    v = SurveyVerdict
    found = session.execute(
        select(
            func.count(),
            func.max(v.id),
            func.sum(case((v.verdict == Verdict.WINNABLE, 1), else_=0)),
            func.sum(case((v.verdict == Verdict.UNWINNABLE, 1), else_=0)),
            func.sum(v.nodes),
            func.sum(v.elapsed_ms),
            func.sum(v.line_length),
        )
    ).one()
    return tuple(round(x or 0) for x in found)


def survey_keys(session: Session, mode: str) -> set[tuple[str, str, str, int]]:
    """(sample, solver version, budget, number) of every survey verdict of ``mode``."""
    rows = session.execute(
        select(SurveyVerdict.sample, SurveyVerdict.solver_version, SurveyVerdict.budget, SurveyVerdict.number).where(
            SurveyVerdict.mode == mode
        )
    )
    return {(sample, version, budget, number) for sample, version, budget, number in rows}


def survey_decided(session: Session, mode: str) -> list[SurveyVerdict]:
    """The winnable and unwinnable survey verdicts of ``mode``, by number, fewest nodes first."""
    return list(
        session.scalars(
            select(SurveyVerdict)
            .where(SurveyVerdict.mode == mode, SurveyVerdict.verdict.in_((Verdict.WINNABLE, Verdict.UNWINNABLE)))
            .order_by(SurveyVerdict.number, SurveyVerdict.nodes)
        )
    )


def survey_versions(session: Session, mode: str, sample_prefix: str) -> list[str]:
    """The solver versions with a verdict on a sample named ``sample_prefix…`` of ``mode``."""
    return list(
        session.scalars(
            select(SurveyVerdict.solver_version)
            .where(SurveyVerdict.mode == mode, SurveyVerdict.sample.startswith(sample_prefix))
            .distinct()
        )
    )


def survey_sizes(session: Session, mode: str, version: str, sample_prefix: str) -> list[tuple[str, str, int]]:
    """(sample, budget, deals) of each survey of ``mode`` by ``version`` on a sample named
    ``sample_prefix…``."""
    rows = session.execute(
        select(SurveyVerdict.sample, SurveyVerdict.budget, func.count())
        .where(
            SurveyVerdict.mode == mode,
            SurveyVerdict.solver_version == version,
            SurveyVerdict.sample.startswith(sample_prefix),
        )
        .group_by(SurveyVerdict.sample, SurveyVerdict.budget)
    )
    return [(sample, budget, int(n)) for sample, budget, n in rows]


def survey_verdicts(session: Session, mode: str, sample: str, version: str) -> list[tuple[str, int, str]]:
    """(budget, number, verdict) of every verdict of one sample of ``mode`` by ``version``."""
    rows = session.execute(
        select(SurveyVerdict.budget, SurveyVerdict.number, SurveyVerdict.verdict).where(
            SurveyVerdict.mode == mode, SurveyVerdict.sample == sample, SurveyVerdict.solver_version == version
        )
    )
    return [(budget, int(number), verdict) for budget, number, verdict in rows]
