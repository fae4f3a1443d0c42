"""The hint an address may carry: without JavaScript, ``POST …/hint`` answers 303 to the table
with the hint in the address, and picking up the hinted cards keeps it there. The hint is
sealed (signed with the app's secret, :mod:`itsdangerous`) with the deal, the mode and the play's
version it was given for, so a link cannot make the table claim a hint the server never gave
("Hint: D — this move keeps a win within reach", a play-tester's forged address)."""

from __future__ import annotations

from functools import lru_cache

from itsdangerous import BadSignature, URLSafeSerializer

from app.services.plays import LoadedPlay


class HintSeal:
    """Seals and opens hints for addresses.

    :param secret: the app's signing key (``FT_SECRET_KEY`` or the generated one).
    """

    def __init__(self, secret: str) -> None:
        self._signer = URLSafeSerializer(secret, salt="hint")

    def seal(self, play: LoadedPlay, move: str, why: str) -> str:
        """The token of hint ``move`` (reason key ``why``) for ``play`` as it is now."""
        return self.seal_for(play.row.number, str(play.row.mode), play.row.version, move, why)

    def seal_for(self, number: int | None, mode: str, version: int, move: str, why: str) -> str:
        """The token of hint ``move`` for deal ``number`` in ``mode`` at play version ``version``."""
        return self._signer.dumps([number, mode, version, move, why])

    def open(self, token: str | None, play: LoadedPlay) -> tuple[str, str] | None:
        """(move, why) when ``token`` is a hint given for this deal, mode and version; else None
        (forged, altered, or given before the play moved on)."""
        if not token:
            return None
        try:
            number, mode, version, move, why = self._signer.loads(token)
        except (BadSignature, ValueError, TypeError):
            return None
        same = (number, mode, version) == (play.row.number, str(play.row.mode), play.row.version)
        return (str(move), str(why)) if same else None


@lru_cache(maxsize=4)
def hint_seal(secret: str) -> HintSeal:
    """The seal for ``secret`` (made once)."""
    return HintSeal(secret)
