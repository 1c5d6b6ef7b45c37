"""The rest of issue 16's table layout: what a table draws is declared to the layout
check, a cut name shows whole on hover, small cards show large on hover, the Hint
button finds a free place, and the tables share one way of writing counts."""

from __future__ import annotations


def test_the_tables_count_with_the_shared_plural():
    from cardtable.engine import words
    from cardtable.ui import table_parts

    assert table_parts.plural is words.plural
    assert table_parts.plural(12000, "chip") == "12,000 chips"
