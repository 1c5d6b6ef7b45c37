"""Hosting the free table from its window: the lobby with a join code, then the
window's table served to the players who join (:mod:`cardtable.net.free_host`).

The host is seat 0 and holds the one true table; each joined player gets a seat (1,
2, ...) and a private hand that only they see face up. The window keeps playing as
before: :meth:`FreeTableHosting.pump_network` runs each frame, applies the joined
players' operations in the order they came and sends everyone what changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from cardtable.games.free_table import GAME
from cardtable.net.free_host import FreeTableHost
from cardtable.ui import hosting as lan
from cardtable.ui.hosting import HostingSession, LobbyScene
from cardtable.ui.setup_scene import SeatConfig

__all__ = ["FreeHostingSession", "FreeTableHosting"]


class FreeHostingSession(HostingSession):
    """A :class:`~cardtable.ui.hosting.HostingSession` whose server is a :class:`FreeTableHost`."""

    def make_server(self, port: int) -> FreeTableHost:
        """A free table's server for the session's seats (seat 0: the host's)."""
        return FreeTableHost(len(self.seats) - 1, [s.name for s in self.seats], code=self.code, bind=lan.BIND,
                             port=port)

    @property
    def free_server(self) -> FreeTableHost | None:
        """The server, once open."""
        return cast(FreeTableHost | None, self.server)


class FreeTableHosting:
    """The free table scene's hosting (mixed into the scene)."""

    hosting: FreeHostingSession | None = None
    """The session while this table is hosted."""
    seat: int  # the player at the screen: the host is seat 0
    players: int  # the seats: the host and the players who join

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            """The scene's own attributes and methods (the table, the app, toast...)."""

    def host_table(self) -> None:
        """Host this table: a lobby with the join code for ``players - 1`` players on
        other computers (at least one); back at the table, they join at any time."""
        if self.hosting is not None:
            self._open_lobby()
            return
        remote = max(1, self.players - 1)
        seats = [SeatConfig("Host", None, False)] + [SeatConfig(f"Player {n + 2}", None, True)
                                                    for n in range(remote)]
        session = FreeHostingSession(GAME, seats)
        if session.open() is None:
            self.toast(f"Could not host the table: {session.problem}", 4.0)
            return
        self.hosting = session
        self.players, self.seat = remote + 1, 0
        self._open_lobby()

    def _open_lobby(self) -> None:
        assert self.hosting is not None
        self.app.push(LobbyScene(self.app, self.hosting, "Hosting the free table", lambda: None,
                                 self.stop_hosting, play_on=True))

    def pump_network(self) -> None:
        """Apply the joined players' operations and send what changed (every frame); speech says
        what they did."""
        server = self.hosting.free_server if self.hosting is not None else None
        if server is not None:
            server.pump(self.table)
            for words in server.heard:
                self.app.speech.say(words)
            server.heard.clear()

    def passes_hands(self) -> bool:
        """True when the players share this screen and pass it (the hand bar's Pass button):
        not while hosted, where each player has their own."""
        return self.hosting is None

    def pass_on(self) -> None:
        """Hosted, each player has their own screen: the host's never shows another hand."""
        if self.hosting is not None:
            self.toast("Hosted: each player sees their hand on their own screen", 2.0)
            return
        cast(Any, super()).pass_on()  # (the table's own: the next scene in the order)

    def set_players(self, players: int) -> None:
        """Hosted, the seats are the lobby's."""
        if self.hosting is not None:
            self.toast("Hosted: the players are the ones who joined", 2.0)
            return
        cast(Any, super()).set_players(players)

    def stop_hosting(self) -> None:
        """Stop serving the table (every player's connection closes)."""
        if self.hosting is not None:
            self.hosting.stop()
            self.hosting = None
