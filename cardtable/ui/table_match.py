"""A table scene's ``state``, as the match it holds (:mod:`cardtable.match`, where a
table's questions meet the game): :class:`HoldsMatch` is mixed into the scenes, so that
saves, hosting and the tests read and replace the state as before while the scene itself
only ever asks its match."""

from __future__ import annotations

from cardtable.engine.game import GameState
from cardtable.match import TableMatch, ViewMatch

__all__ = ["HoldsMatch"]


class HoldsMatch:
    """A scene's ``state`` as its :class:`TableMatch`'s (a mixin): reading it gives the
    match's state, setting it puts a new match in place. A scene whose match is a
    :class:`ViewMatch` has no state to give."""

    match: TableMatch | ViewMatch

    @property
    def state(self) -> GameState:
        """The game's state (for saves, hosting and tests: the scenes themselves ask the
        match). AttributeError for a match of views."""
        if not isinstance(self.match, TableMatch):
            raise AttributeError("a table drawn from views has no state")
        return self.match.state

    @state.setter
    def state(self, state: GameState) -> None:
        self.match = TableMatch(state)
