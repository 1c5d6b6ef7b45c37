"""``python -m cardtable``: the same as the ``cardtable`` command."""

from .app import main

raise SystemExit(main())
