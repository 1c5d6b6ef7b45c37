"""Entry script for the frozen app (build.spec); the same as ``python -m cardtable``."""
from cardtable.app import main

raise SystemExit(main())
