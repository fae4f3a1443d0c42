"""Dependencies of the JSON routes only (the shared ones are in :mod:`app.deps`): typed path
values and the Play presenter."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Path

from app.api.presenters import PlayPresenter
from app.engine import MAX_GAME_NUMBER
from app.params import PRINTABLE, AsciiDigits

GameNumber = Annotated[int, Path(ge=1, le=MAX_GAME_NUMBER, description="game number 1 … 4294967295"), AsciiDigits]
PlayId = Annotated[str, Path(max_length=32, pattern=PRINTABLE)]
PresenterDep = Annotated[PlayPresenter, Depends()]
