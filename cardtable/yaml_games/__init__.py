"""Games written in a variant file alone: a poker-family game declared as data.

A variant file whose ``game:`` is a mapping declares a whole game (its seat range is the
file's ``seats``, its decks the file's ``decks``, its hand the ``flow`` of steps), and the
registry (:mod:`cardtable.games`) builds its :class:`~cardtable.games.definition.GameDefinition`
from it (:mod:`~cardtable.yaml_games.declaration`). Everything else is shared by every such
game: the settings (:mod:`~cardtable.yaml_games.rules`), the state on the declared flow
(:mod:`~cardtable.yaml_games.state`), the seat view, the invariant checks, the computer
players, ``cardtable rank`` and the poker table (``ui/table.py``).

Texas Hold'em, Omaha, Seven-Card Stud, Omaha Hi/Lo and Five-Card Draw are bundled this way,
with no package of their own.
"""
