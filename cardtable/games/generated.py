"""What the generated data modules (written by ``tools/make_tables.py``) are keyed by.

Tables that take a second to compute (a bot's hand values, the Sabacc odds, the Ivali
hand counts) are computed at build time and committed; a table is used only for the
very deck it was computed from, any other deck's is computed as before.
"""

from __future__ import annotations

import hashlib

from cardtable.engine.cards import Deck


def deck_fingerprint(deck: Deck) -> str:
    """The deck's id and a digest of its cards in order (every field of every card)."""
    return f"{deck.id}:{hashlib.sha256(repr(list(deck)).encode('utf-8')).hexdigest()[:20]}"
