"""Five-Card Draw's screens: the table and the help's hand page (pygame)."""
