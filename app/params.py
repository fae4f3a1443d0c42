"""Request values typed and bounded at the edge, for both faces (pages and ``/api``).

A number in a path, query or form is written with the ASCII digits 0-9 only: ``42``, not
``42.0``, ``+42``, `` 42``, ``4_2``, ``４２`` or ``٤٢`` (Python's ``int`` and ``str.isdigit``
take all of those). Every number has an upper bound below SQLite's integer range, so no
value reaches the database that it cannot hold. Text values hold no control characters.
"""

from __future__ import annotations

import re

from pydantic import BeforeValidator
from pydantic_core import PydanticCustomError

MAX_COUNT = 2**31 - 1
"""The largest count or row id a request may name (a play's version, a finish card's id)."""

MAX_DIGITS = 19
"""The most digits a number in a request may have (``2**63 - 1`` has 19)."""

PRINTABLE = "^[^\x00-\x1f\x7f\ufffd]*$"
"""The pattern of a text value: no control characters (NUL, line breaks, escapes) and no
U+FFFD, which bytes that are not UTF-8 become."""

NAME_TEXT = "^[^\x00\ufffd]*$"
"""The pattern of a display name: no NUL and no undecodable bytes (its other control
characters are dropped as it is stored: :func:`app.services.records.clean_name`)."""

_DIGITS = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
_PRINTABLE = re.compile(PRINTABLE)


def optional_text(text: str | None, max_length: int) -> str | None:
    """``text`` when it has 1 to ``max_length`` characters and none of them a control
    character (:data:`PRINTABLE`), else None. For a page's optional display values (a
    selection, a notice, a sealed hint): a wrong one is ignored, and the page shows as it
    would without it, never an error page.

    >>> optional_text("3", 3), optional_text("x" * 4, 3), optional_text("1\x00", 3), optional_text("", 3)
    ('3', None, None, None)
    """
    if not text or len(text) > max_length or _PRINTABLE.fullmatch(text) is None:
        return None
    return text


def ascii_number(text: str | None) -> int | None:
    """``text`` as a number when it is 1 to :data:`MAX_DIGITS` ASCII digits, else None.

    >>> ascii_number("042"), ascii_number("²"), ascii_number("42.0"), ascii_number("4" * 5000)
    (42, None, None, None)
    """
    if text is None or _DIGITS.fullmatch(text) is None:
        return None
    return int(text)


def _digits_only(value: object) -> object:
    """Pydantic "before" check of a number written as text: ASCII digits only. Values that
    are not text (a JSON number) go on to the field's own type check."""
    if isinstance(value, str) and ascii_number(value) is None:
        raise PydanticCustomError(
            "int_parsing", "Input should be a whole number written with the digits 0-9 (at most 19)"
        )
    return value


AsciiDigits = BeforeValidator(_digits_only)
"""Put in an ``Annotated[int, …]`` of a path, query or form value: see :func:`_digits_only`."""
