"""Hosting a table from the window: the server beside the table, and the lobby.

When the setup screen has a remote seat, Start opens a :class:`HostingSession` (a
:class:`~cardtable.net.table_host.TableHost` listening on port 7654 or the next free
one, announced on the network by zeroconf) and the :class:`LobbyScene`: the join code
in large letters, this computer's addresses, and who has joined. When every remote
seat is taken, the match is dealt with the joined players' names and the game's own
table opens as the authority (see :mod:`cardtable.ui.hosted_table`). The lobby and the
table's badge count the spectators (anyone with the code may watch). A resumed hosted
save opens its table with the lobby over it until its remote players are back (with
their seat tokens), or the host plays on without them.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pygame

from cardtable.games.definition import GameDefinition
from cardtable.net import discovery
from cardtable.net.table_host import TableHost
from cardtable.net.turn_timer import DEFAULT_TURN_SECONDS
from cardtable.ui.scene import Scene, fitted_scale, scaler
from cardtable.ui.setup_scene import SeatConfig
from cardtable.ui.text import fit_text
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, WidgetGroup

__all__ = ["HostingSession", "LobbyScene", "HOST_PORT", "PORT_TRIES", "BIND", "ADVERTISE", "ABSENT_AFTER",
           "MOST_ABSENT", "TURN_SECONDS", "seat_kinds", "dealt_names"]

_log = logging.getLogger(__name__)

HOST_PORT = 7654
"""The first port tried (the next ones after it when it is taken); 0: any free port."""
PORT_TRIES = 20
BIND = "0.0.0.0"
"""Where the window's host listens: every network of this computer."""
ADVERTISE = True
"""Announce hosted tables on the network (zeroconf); the tests turn it off."""
ABSENT_AFTER = 60.0
"""Seconds before a computer plays a remote seat whose player has gone (until they return),
unless the setup screen says otherwise."""
MOST_ABSENT = 3600.0
"""The longest absence time a save may carry (a longer one is taken as broken)."""
TURN_SECONDS = DEFAULT_TURN_SECONDS
"""Seconds a connected remote player has for a turn before the computer plays it for them
(the seat stays theirs), unless the setup screen says otherwise; 0: no limit."""


def seat_kinds(seats: Sequence[SeatConfig]) -> list[str]:
    """Each seat's kind for the server: ``remote``, ``person`` or the computer's level."""
    return ["remote" if s.remote else (s.bot or "person") for s in seats]


def dealt_names(seats: Sequence[SeatConfig], server: TableHost) -> list[SeatConfig]:
    """The seats as dealt: each remote seat named as its player joined (names made
    unique the way the headless host does)."""
    out: list[SeatConfig] = []
    taken: list[str] = []
    for number, seat in enumerate(seats):
        name = server.seats[number].name if seat.remote else seat.name
        name = name or f"Player {number + 1}"
        base, n = name, 2
        while name in taken:
            name = f"{base} ({n})"
            n += 1
        taken.append(name)
        out.append(SeatConfig(name, seat.bot, seat.remote))
    return out


class HostingSession:
    """A table's network side in the window: the server, its announcement and its addresses.

    ``open()`` returns None (``problem`` says why) when no port could be had.
    ``absent_after``: seconds before a computer stands in for a player who has gone
    (None: :data:`ABSENT_AFTER`); ``turn_seconds``: a connected player's turn time
    (None: :data:`TURN_SECONDS`; 0: no limit).
    """

    def __init__(self, game: GameDefinition, seats: Sequence[SeatConfig], *, code: str | None = None,
                 tokens: Mapping[int, str] | None = None, absent_after: float | None = None,
                 turn_seconds: float | None = None) -> None:
        self.game = game
        self.seats = list(seats)
        self.code = code
        self.absent_after = ABSENT_AFTER if absent_after is None else absent_after
        self.turn_seconds = TURN_SECONDS if turn_seconds is None else turn_seconds
        self.tokens = dict(tokens or {})
        self.server: TableHost | None = None
        self.problem: str | None = None
        self.addresses: list[str] = []
        self.advertiser: discovery.Advertiser | None = None
        self.advert_problem: str | None = None
        self._advert_thread: threading.Thread | None = None

    def open(self) -> HostingSession | None:
        """Listen (port :data:`HOST_PORT` or the next free one) and announce the table."""
        ports = [0] if HOST_PORT == 0 else list(range(HOST_PORT, HOST_PORT + PORT_TRIES))
        last: Exception | None = None
        for port in ports:
            server = self.make_server(port)
            try:
                self.server = server.start()
                break
            except OSError as exc:
                server.stop()
                last = exc
        if self.server is None:
            self.problem = f"no free port from {ports[0]} to {ports[-1]} ({last})"
            return None
        self.code = self.server.code
        self.addresses = ["127.0.0.1"] if BIND.startswith("127.") else discovery.local_addresses()
        if ADVERTISE:
            self._advert_thread = threading.Thread(target=self._advertise, name="cardtable-advertise", daemon=True)
            self._advert_thread.start()
        return self

    def make_server(self, port: int) -> Any:
        """The server to listen on ``port`` (a :class:`TableHost` for the seats; another
        table's session makes its own)."""
        kinds, names = seat_kinds(self.seats), [s.name for s in self.seats]
        return TableHost(self.game, kinds, names, code=self.code, bind=BIND, port=port,
                         absent_after=self.absent_after, turn_seconds=self.turn_seconds, tokens=self.tokens)

    def _advertise(self) -> None:
        assert self.server is not None
        advertiser = discovery.Advertiser(f"cardtable {self.game.name}", self.server.port,  # no part of the code
                                          game=self.game.id, seats=",".join(seat_kinds(self.seats)))
        if advertiser.start():
            self.advertiser = advertiser
        else:
            self.advert_problem = advertiser.problem

    def stop(self) -> None:
        """Stop announcing and serving (every connection closes)."""
        if self._advert_thread is not None:
            self._advert_thread.join(5.0)
        if self.advertiser is not None:
            self.advertiser.stop()
            self.advertiser = None
        if self.server is not None:
            self.server.stop()

    @property
    def endpoints(self) -> list[str]:
        """``address:port`` for each address players may type."""
        port = self.server.port if self.server is not None else HOST_PORT
        return [f"{address}:{port}" for address in self.addresses]

    def announcement(self) -> str:
        """Whether the table is announced on the network, in words."""
        if self.advert_problem:
            return self.advert_problem
        if self.advertiser is not None:
            return "Announced on this network (zeroconf): players may pick it from the list."
        if self._advert_thread is not None and self._advert_thread.is_alive():
            return "Announcing the table on this network…"
        return "Not announced on the network: players type the address."

    def guessing(self) -> str | None:
        """"someone is guessing the code: N wrong codes, joins slowed" while it is so, else None."""
        return None if self.server is None else self.server.guessing()

    def connected(self) -> int:
        """Remote seats with a player connected now."""
        server = self.server
        return 0 if server is None else sum(1 for n in server.remote_seats if server.connected(n))

    def watching(self) -> int:
        """Spectators connected now."""
        return 0 if self.server is None else self.server.watching

    def badge(self, compact: bool = False) -> str:
        """The table's small line: ``Hosting · CODE · N of M connected`` (``compact``:
        ``Hosting · CODE · N/M``, for a narrow table), then ``· 2 watching`` while anyone watches."""
        remote = len(self.server.remote_seats) if self.server is not None else 0
        watching = f" · {self.watching()} watching" if self.watching() else ""
        if compact:
            return f"Hosting · {self.code} · {self.connected()}/{remote}{watching}"
        return f"Hosting · {self.code} · {self.connected()} of {remote} connected{watching}"

    def seat_lines(self) -> list[tuple[str, str, bool]]:
        """Each seat for the lobby: ``(seat and name, state, ready)``."""
        server = self.server
        lines = []
        for number, seat in enumerate(self.seats):
            if not seat.remote or server is None:
                who = "computer" if seat.bot else "here"
                lines.append((f"Seat {number + 1}  {seat.name}", who, True))
                continue
            live = server.seats[number]
            if live.conn is not None:
                lines.append((f"Seat {number + 1}  {live.name}", "joined", True))
            elif live.token is not None:
                lines.append((f"Seat {number + 1}  {live.name}", "away: waiting for them to come back", False))
            else:
                lines.append((f"Seat {number + 1}", "waiting for a player to join…", False))
        return lines


class LobbyScene(Scene):
    """The join code, the addresses and who has joined, until every remote seat is taken.

    ``on_ready()`` runs (after this scene is removed) once everyone is connected, or at
    "Play on without them" (offered with ``play_on``: a new table's empty seats are then
    played by computers, a resumed table's absent players stood in for until they are
    back); ``on_cancel()`` after Esc / Cancel.
    """

    def __init__(self, app, session: HostingSession, title: str, on_ready: Callable[[], Any],
                 on_cancel: Callable[[], Any], *, play_on: bool = False) -> None:
        super().__init__(app)
        self.session, self.title = session, title
        self.on_ready, self.on_cancel, self.play_on = on_ready, on_cancel, play_on
        self.done = False
        self.widgets = WidgetGroup()
        self.layout()

    def layout(self) -> None:
        """The buttons along the bottom (the UI scale shrunk when the window is too small)."""
        self.k = fitted_scale(self.app, (900, 262 + 48 * len(self.session.seats)))
        px, fonts = scaler(self.k), self.app.fonts
        w, h = self.app.screen.get_size()
        group = WidgetGroup()
        y = h - px(90)
        group.add(Button((px(60), y, px(200), px(50)), fonts, "Cancel", self.cancel, size=px(19), hotkey="Esc"))
        if self.play_on:
            group.add(Button((px(280), y, px(300), px(50)), fonts, "Play on without them", self.ready,
                             size=px(19), primary=True, hotkey="Enter"))
        self.widgets = group

    def resized(self, size: tuple[int, int]) -> None:
        self.layout()

    def ready(self) -> None:
        """Everyone is here (or the host plays on): open the table."""
        self._leave(self.on_ready)

    def cancel(self) -> None:
        """Stop hosting and go back."""
        self._leave(self.on_cancel)

    def _leave(self, then: Callable[[], Any]) -> None:
        """Leave the lobby once, then ``then()``."""
        if self.done:
            return
        self.done = True
        self.app.scenes.remove(self)
        then()

    def update(self, dt: float) -> None:
        server = self.session.server
        if server is not None and not server.missing() and not self.done:
            self.ready()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets_or_escape(event, self.cancel):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.play_on:
            self.ready()
            return True
        return True  # nothing reaches a table below

    def seats_heading(self) -> str:
        """The seats' heading, with how many watch: "Seats  ·  2 watching"."""
        watching = self.session.watching()
        return f"Seats  ·  {watching} watching" if watching else "Seats"

    def draw(self, surface: pygame.Surface) -> None:
        px, fonts = scaler(self.k), self.app.fonts
        w, h = surface.get_size()
        surface.fill(THEME.felt_dark)
        surface.blit(fonts.render(self.title, px(30), THEME.text, bold=True), (px(60), px(36)))
        say = ("Players on other computers: choose Join, pick this table or type an address, and enter the code "
               "(or Watch, to look on without a seat).")
        surface.blit(_fit(fonts, say, px(16), w - px(120), THEME.text_dim), (px(62), px(80)))
        wide = w >= px(900)  # the seats beside the code, else below it
        left_w = (max(w // 2, px(560)) - px(100)) if wide else w - px(120)
        # the code, large
        surface.blit(fonts.render("Join code", px(18), THEME.text_dim), (px(60), px(124)))
        code = fonts.render(" ".join(self.session.code or ""), px(72), THEME.highlight, bold=True)
        surface.blit(code, (px(56), px(146)))
        y = px(146) + code.get_height() + px(18)
        surface.blit(fonts.render("Address", px(18), THEME.text_dim), (px(60), y))
        y += px(26)
        for endpoint in self.session.endpoints[:3]:
            surface.blit(_fit(fonts, endpoint, px(26), left_w, THEME.text, bold=True), (px(60), y))
            y += px(34)
        note = fonts.render(self.session.announcement(), px(14), THEME.text_dim)
        surface.blit(_fit(fonts, self.session.announcement(), px(14), left_w, THEME.text_dim), (px(60), y + px(2)))
        y += note.get_height() + px(6)
        guessing = self.session.guessing()
        if guessing:
            warning = _fit(fonts, guessing[0].upper() + guessing[1:] + ".", px(15), left_w, THEME.error, bold=True)
            surface.blit(warning, (px(60), y + px(2)))
            y += warning.get_height() + px(4)
        y += px(18)
        x0, y0 = (max(w // 2, px(560)), px(124)) if wide else (px(60), y)
        surface.blit(fonts.render(self.seats_heading(), px(18), THEME.text_dim), (x0, y0))
        lines = self.session.seat_lines()
        col_w = w - x0 - px(40)
        two_line = col_w < px(560)
        bottom = h - px(110)
        row_h = min(px(48) if two_line else px(34), max(px(20), (bottom - y0 - px(28)) // max(1, len(lines))))
        for i, (who, state, ready) in enumerate(lines):
            ry = y0 + px(28) + i * row_h
            pygame.draw.circle(surface, (90, 200, 120) if ready else THEME.accent, (x0 + px(8), ry + px(10)), px(6))
            name_w = col_w - px(24) if two_line else px(270)
            surface.blit(_fit(fonts, who, px(19), name_w, THEME.text, bold=True), (x0 + px(24), ry))
            if two_line and row_h >= px(40):
                surface.blit(_fit(fonts, state, px(15), col_w - px(24), THEME.text_dim), (x0 + px(24), ry + px(24)))
            elif not two_line:
                surface.blit(_fit(fonts, state, px(16), col_w - px(300), THEME.text_dim), (x0 + px(300), ry + px(2)))
        self.widgets.draw(surface)


def _fit(fonts: Any, text: str, size: int, width: int, colour: Any, bold: bool = False) -> pygame.Surface:
    """``text`` rendered, shortened with an ellipsis to ``width`` pixels."""
    return fonts.render(fit_text(fonts, text, size, width, bold=bold), size, colour, bold=bold)
