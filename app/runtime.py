"""The process's services: one typed object made by ``create_app`` and started and stopped by
the app's lifespan (database, solver pools, caches, rate limits, background workers), reached
by routes through one dependency, :data:`ServicesDep` (ARCHITECTURE.md, runtime.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

from fastapi import Depends, Request

from app.config import Settings
from app.db.coordination import migration_lock
from app.db.session import Database, check_migrated, migrate
from app.services.analysis import AnalysisRunner
from app.services.dead_end import DeadEndWatch
from app.services.deals import DecidedVerdicts, load_shipped_pool
from app.services.pool_worker import PoolLeader, PoolWorker, want
from app.services.solver_pool import GuessCache, RateLimiter, SolverPool
from app.services.survey import ShippedSurvey
from app.solver.processes import end_with_parent


@dataclass
class Services:
    """Everything the routes call besides the request itself.

    :ivar secret_key: the signing key (read once: without ``FT_SECRET_KEY`` it is a file).
    :ivar solver: the interactive solver pool (hints, ``/api/solve``, dead ends, analyses).
    :ivar background_solver: one low-priority process for the pool worker.
    :ivar rate: the solver rate limit, per visitor and per client address.
    :ivar guesses: hints the solver could not prove, by (play id, version).
    :ivar dead_ends: the dead-end checks and their verdicts.
    :ivar verdicts: the decided deal verdicts read so far.
    :ivar pool_leader: runs the background solver of new deals in the one server process that
        holds its lease; None when switched off or stopped.
    :ivar survey: the shipped winnability survey, loaded into the database on first use.
    """

    settings: Settings
    secret_key: str
    db: Database
    solver: SolverPool
    background_solver: SolverPool
    rate: RateLimiter
    guesses: GuessCache
    dead_ends: DeadEndWatch
    analyses: AnalysisRunner
    verdicts: DecidedVerdicts = field(default_factory=DecidedVerdicts)
    pool_leader: PoolLeader | None = field(default=None)
    survey: ShippedSurvey = field(default_factory=ShippedSurvey)

    @classmethod
    def build(cls, settings: Settings) -> Services:
        """The services for ``settings``; nothing runs until :meth:`start`."""
        db = Database(settings.resolved_database_url(), settings.sqlite_synchronous)
        solver = SolverPool(settings.solver_workers, settings.solver_queue, settings.solver_wait_s)
        return cls(
            settings=settings,
            secret_key=settings.resolved_secret_key(),
            db=db,
            solver=solver,
            background_solver=SolverPool(1, queue=1),
            rate=RateLimiter(db.sessions, settings.solver_rate_per_min, settings.solver_rate_per_address_per_min),
            guesses=GuessCache(),
            dead_ends=DeadEndWatch(solver),
            analyses=AnalysisRunner(db.sessions, solver),
        )

    def start(self) -> None:
        """Migrate the database to head and load the shipped pool (:func:`prepare_database`;
        unless ``migrate_on_start`` is off: ``python -m app`` did it before starting this
        process, and a database that is not at head stops it here), and try for the pool
        worker's lease (the process holding it runs the worker). The shipped survey loads on
        the first visit to its page (:attr:`survey`)."""
        end_with_parent()  # one of FT_WORKERS uvicorn processes: it ends when its supervisor does
        if self.settings.migrate_on_start:
            prepare_database(self.db)
        else:
            check_migrated(self.db.engine)
        if self.settings.pool_worker:
            budget_ms = self.settings.pool_budget_s * 1000
            self.pool_leader = PoolLeader(
                self.db.sessions,
                lambda: PoolWorker(self.db.sessions, self.background_solver, budget_ms),
                self.settings.pool_lease_s,
            )
            self.pool_leader.start()

    @property
    def pool_worker(self) -> PoolWorker | None:
        """The pool worker, when this process runs it (it holds the lease)."""
        return self.pool_leader.worker if self.pool_leader is not None else None

    def stop(self) -> None:
        """Stop the workers and the solver processes, and close the database's connections."""
        if self.pool_leader is not None:
            self.pool_leader.stop()
            self.pool_leader = None
        self.dead_ends.shutdown()
        self.analyses.shutdown()
        self.solver.shutdown()
        self.background_solver.shutdown()
        self.db.engine.dispose()

    def want_verdict(self, number: int, mode: str) -> None:
        """Ask the pool worker to solve a deal soon (someone is looking at its "not yet known"):
        queued in the database for whichever process runs it. Nothing when it is switched off."""
        if self.pool_leader is not None:
            want(self.db.sessions, number, mode)
            self.pool_leader.wake()


def prepare_database(db: Database) -> None:
    """Migrate ``db`` to head and load the shipped pool of verdicts, under the database's
    migration lock: processes started together do it one after the other, and all but the
    first find it done (two loading the pool at once clashed on its unique deals)."""
    with migration_lock(db.url):
        migrate(db.url)
        with db.sessions() as session:
            load_shipped_pool(session)


def get_services(request: Request) -> Services:
    """The app's :class:`Services` (a FastAPI dependency)."""
    services: Services = request.app.state.services
    return services


async def services_dependency(request: Request) -> Services:
    """:func:`get_services` as a dependency. Awaited on the event loop (it only reads the app's
    state): FastAPI runs a plain ``def`` dependency in a worker thread, a hop that costs more
    than the work. The same holds for every dependency in :mod:`app.deps` and
    :mod:`app.web.deps`."""
    return get_services(request)


ServicesDep = Annotated[Services, Depends(services_dependency)]
