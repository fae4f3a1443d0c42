"""The winning lines the winnability page publishes (``/winnability.csv``): the shipped survey
files (``app/survey/{mode}.csv.gz``) and any survey verdict with a line stored in the database.
A deal whose line anyone can download is never dealt by "New game", and a win on it counts in
statistics, not for records (RULES.md, records; a play-tester won one from the CSV)."""

from __future__ import annotations

import csv
import functools
import gzip
from pathlib import Path

from sqlalchemy.orm import Session

from app.db import queries

SURVEY_DIR = Path(__file__).resolve().parent.parent / "survey"


def survey_file(mode: str, folder: Path = SURVEY_DIR) -> Path:
    """The shipped survey file of ``mode``."""
    return folder / f"{mode}.csv.gz"


def read_survey_file(path: Path) -> list[dict[str, str]]:
    """The rows of a shipped survey file (none when it is missing)."""
    if not path.exists():
        return []
    with gzip.open(path, "rt", newline="") as fh:
        return list(csv.DictReader(fh))


@functools.cache
def shipped_lines(mode: str) -> frozenset[int]:
    """The deal numbers of ``mode`` whose winning line the shipped survey file publishes (read
    once per process: the files change only with a release)."""
    return frozenset(int(r["number"]) for r in read_survey_file(survey_file(mode)) if r["line"])


def line_published(session: Session, number: int, mode: str) -> bool:
    """Whether the winnability page publishes a winning line of deal ``number`` in ``mode``: a
    shipped one (whether or not this database has loaded the file yet) or a survey run here."""
    return number in shipped_lines(mode) or queries.survey_line_stored(session, number, mode)
