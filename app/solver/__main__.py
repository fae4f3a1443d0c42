"""``python -m app.solver``: see :mod:`.cli`."""

from .cli import main

raise SystemExit(main())
