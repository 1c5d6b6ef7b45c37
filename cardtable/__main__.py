"""``python -m cardtable``: the same as the ``cardtable`` command."""

from cardtable.app import main

raise SystemExit(main())
