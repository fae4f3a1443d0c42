"""Copy the shared rule cases into ``tests/data/rules_cases.json`` with every position as one
line of the text form (docs/position-text.md) instead of API.md's JSON with one card per line.

Run from the project's root whenever the shared cases change:
``python tools/rule_cases.py ../shared/cases/rules.json``. Nothing else changes: each case keeps
its keys in order, and every other value is written as compact JSON on the key's line. A stock
that is exactly the rest of the pack in its fixed order is written ``S:*``. Each position is
read back from its text and compared with the JSON it came from before anything is written;
the tests read only the copy (tests/engine/support.py, ``case_position``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.engine import MODES, Position  # noqa: E402

TARGET = ROOT / "tests" / "data" / "rules_cases.json"


def position_text(data: dict[str, Any], mode: str) -> str:
    """The text form of a case's JSON position; ``S:*`` when that reads back the same.

    :raises ValueError: when the position is not valid, or its text does not read back equal.
    """
    rules = MODES[mode]
    position = Position.from_json(data, rules)
    text = str(position)
    short = text.replace(f" | S:{' '.join(map(str, position.stock))} | ", " | S:* | ")
    if position.stock and Position.parse(short, rules) == position:
        text = short
    if Position.parse(text, rules) != position:
        raise ValueError(f"{text!r} does not read back as the case's position")
    return text


def dump(cases: dict[str, Any]) -> str:
    """The cases file: one case key a line, nested ``after`` keys one a line too."""
    lines = ["{", ' "cases": [']
    for i, case in enumerate(cases["cases"]):
        lines.append("  {")
        for j, (key, value) in enumerate(case.items()):
            comma = "," if j < len(case) - 1 else ""
            if isinstance(value, dict):
                inner = [f"    {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in value.items()]
                lines.append(f"   {json.dumps(key)}: {{\n" + ",\n".join(inner) + f"\n   }}{comma}")
            else:
                lines.append(f"   {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
        lines.append("  }" + ("," if i < len(cases["cases"]) - 1 else ""))
    lines += [" ]", "}", ""]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """Read the shared cases file ``argv[0]`` and write the project's copy."""
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    source = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    for case in source["cases"]:
        if "position" in case:
            case["position"] = position_text(case["position"], case["mode"])
    text = dump(source)
    if json.loads(text) != source:
        raise SystemExit("the written file would not read back as the cases: nothing written")
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}: {len(source['cases'])} cases")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
