"""A game's own table, hosting: the window is the authority for players on other computers.

:func:`hosted_scene` makes, for any game's table scene class, a subclass with
:class:`HostedTable` in front. The table runs chance, its computers and the people at
this screen exactly as before; the remote seats are neither passed to (no pass screen)
nor played here, except by a computer standing in while their player has been gone
longer than the absence time chosen on the setup screen (default
:data:`cardtable.ui.hosting.ABSENT_AFTER`), or for one turn when a connected player has
not acted within the turn time (default :data:`cardtable.ui.hosting.TURN_SECONDS`; the
log says so on every screen: :mod:`cardtable.net.turn_timer`). Each frame takes the actions the
network queued (:meth:`cardtable.net.table_host.TableHost.pump`: never waits), checked
with the same ``why_illegal`` as the table's own controls (while a pass screen, help or
another scene covers the table, a timer does it instead); after every applied action,
whoever made it, each remote seat is sent its view. A small badge says
"Hosting · code · N connected", and a remote seat's name plate says "(remote)", "(away)"
or "(away: computer playing)"; with F3 each remote seat's latency shows above the frame
time, in the table's free corner. The autosave keeps what hosting the game again needs
(the seats' kinds, the join code, the seat tokens, the absence and turn times).
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from cardtable.engine.game import Action
from cardtable.ui.hosting import MOST_ABSENT, HostingSession
from cardtable.ui.net_readout import draw_readout_lines, ms_text, round_trip_text
from cardtable.ui.setup_scene import SeatConfig
from cardtable.ui.theme import THEME

__all__ = ["HostedTable", "hosted_scene", "STAND_IN_LEVEL", "COVERED_PUMP_MS"]

STAND_IN_LEVEL = "normal"
"""The computer level that plays a remote seat while its player is gone."""
COVERED_PUMP_MS = 50
"""How often the network is served while another scene covers the table."""

_classes: dict[type, type] = {}


def hosted_scene(scene: type) -> type:
    """The hosting subclass of a game's table scene class (made once per class)."""
    made = _classes.get(scene)
    if made is None:
        made = _classes[scene] = type(f"Hosted{scene.__name__}", (HostedTable, scene), {})
    return made


class HostedTable:
    """Mixed in front of a game's table scene (see the module's doc). ``attach(session)``
    before the scene is pushed."""

    # The attributes the game's scene provides (for the type checker).
    app: Any
    state: Any
    match: Any
    view: Any
    bots: dict[int, Any]
    passing: bool
    variant: Any
    seat_configs: list[Any]

    def __init__(self, app: Any, variant: Any, state: Any, seats: list[Any], bots: Any) -> None:
        self.remote = frozenset(i for i, s in enumerate(seats) if getattr(s, "remote", False))
        self.hosting: HostingSession | None = None
        self.stand_ins: dict[int, Any] = {}
        super().__init__(app, variant, state, seats, bots)  # type: ignore[call-arg]

    def attach(self, session: HostingSession) -> None:
        """Serve this table through ``session`` (its server already listening)."""
        self.hosting = session

    # -- who is here -------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        """The people at this screen (the remote seats are people elsewhere)."""
        return self._local_humans

    @humans.setter
    def humans(self, seats: list[int]) -> None:
        self._local_humans = [s for s in seats if s not in self.remote]

    def check_turn(self) -> None:
        """A remote seat's turn hands nothing over: its player acts on their own screen."""
        to_act = self.view.to_act
        if to_act is not None and to_act in self.remote:
            return
        super().check_turn()  # type: ignore[misc]

    def pass_to(self, seat: int, note: str = "") -> None:
        """Never show a remote seat's cards here."""
        if seat in self.remote:
            return
        super().pass_to(seat, note)  # type: ignore[misc]

    def is_here(self, seat: int) -> bool:
        """A remote seat is never played at this screen."""
        return seat not in self.remote and not self.is_bot(seat)  # type: ignore[attr-defined]

    def seat_note(self, seat: int) -> str:
        """A remote seat's plate says where its player is."""
        if seat not in self.remote:
            note: str = super().seat_note(seat)  # type: ignore[misc]
            return note
        if seat in self.bots:
            return "(away: computer playing)"
        server = self.hosting.server if self.hosting is not None else None
        return "(away)" if server is not None and not server.connected(seat) else "(remote)"

    def act(self, action: Action) -> bool:
        """The table's own controls act only for the seats played here."""
        if action.seat in self.remote:
            self.app.toast("That seat is played from another computer", 3.0)
            return False
        result: bool = super().act(action)  # type: ignore[misc]
        return result

    # -- each frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.hosting is not None and self.hosting.server is not None:
            self._stand_in_for_the_absent()
            self.hosting.server.pump(self.state, self.perform)
            self._act_for_the_slow()
        super().update(dt)  # type: ignore[misc]

    def pause(self) -> None:
        """Something covers the table (a pass screen, help, the lobby): the network is
        still served, from a timer, so no remote player waits on this screen."""
        super().pause()  # type: ignore[misc]
        self._pump_while_covered(True)

    def resume(self) -> None:
        """The table is on top again: its frames serve the network."""
        super().resume()  # type: ignore[misc]
        self._pump_while_covered(False)

    def _pump_while_covered(self, on: bool) -> None:
        if self.hosting is not None:
            event = pygame.event.Event(pygame.USEREVENT, {"call": self._pump_covered})
            pygame.time.set_timer(event, COVERED_PUMP_MS if on else 0)

    def _pump_covered(self) -> None:
        if self.hosting is None or self.hosting.server is None or self not in self.app.scenes.scenes:
            return
        self.hosting.server.pump(self.state, self.perform)
        self._act_for_the_slow()

    def perform(self, action: Action) -> None:
        """Apply an action (anyone's), then send every remote seat its view."""
        super().perform(action)  # type: ignore[misc]
        if self.hosting is not None and self.hosting.server is not None:
            self.hosting.server.send_states(self.state)

    def _stand_in_for_the_absent(self) -> None:
        assert self.hosting is not None and self.hosting.server is not None
        server = self.hosting.server
        for seat in self.remote:
            gone = server.gone(seat)
            if gone and seat not in self.bots:
                self.bots[seat] = self._stand_in(seat)
                self.app.toast(f"{self.seat_configs[seat].name} is away: a computer plays for them", 3.0)
            elif not gone and seat in self.bots:
                del self.bots[seat]

    def _stand_in(self, seat: int) -> Any:
        """The computer that plays remote ``seat`` for its player (gone, or slow)."""
        bot = self.stand_ins.get(seat)
        if bot is None:
            from cardtable import games
            assert self.hosting is not None and self.hosting.server is not None
            rng = random.Random(f"{self.hosting.server.code}:stand-in:{seat}")
            bot = self.stand_ins[seat] = games.get(self.variant.game).bot(rng, STAND_IN_LEVEL)
        return bot

    def _act_for_the_slow(self) -> None:
        """A connected remote player whose turn time is up: the computer plays that one
        turn for them (the seat stays theirs) and the log says so."""
        assert self.hosting is not None and self.hosting.server is not None
        server, seat = self.hosting.server, self.view.to_act
        if (not server.started or seat is None or seat not in self.remote or seat in self.bots
                or not server.connected(seat)):
            return
        left = server.turn_timer.left((self.match.actions, seat, server.seats[seat].conn))
        if left is None or left > 0:
            return
        self.perform(self.match.act_for_the_slow(self._stand_in(seat), seat, self.seat_configs[seat].name))

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)  # type: ignore[misc]
        if self.hosting is None:
            return
        self._draw_badge(surface)
        if self.app.settings.show_frame_time:
            self._draw_latency(surface)

    def _draw_badge(self, surface: pygame.Surface) -> None:
        assert self.hosting is not None
        px, fonts = self.app.px, self.app.fonts
        felt = getattr(self, "felt", surface.get_rect())
        img = fonts.render(self.hosting.badge(compact=felt.width < px(900)), px(14), THEME.text)
        box = img.get_rect(topright=(felt.right - px(36), felt.y + px(12))).inflate(px(16), px(8))
        pygame.draw.rect(surface, THEME.panel, box, border_radius=box.height // 2)
        pygame.draw.rect(surface, THEME.panel_edge, box, 1, border_radius=box.height // 2)
        surface.blit(img, img.get_rect(center=box.center))

    def latency_lines(self) -> list[str]:
        """F3's lines: each remote seat's round trip and update delays."""
        assert self.hosting is not None and self.hosting.server is not None
        server, lines = self.hosting.server, []
        for seat in sorted(self.remote):
            name = self.seat_configs[seat].name
            if not server.connected(seat):
                lines.append(f"{name}: away")
                continue
            figures = server.latency(seat)
            parts = [round_trip_text(figures.round_trip_ms), f"update {ms_text(figures.update_ms)}",
                     f"action→update {ms_text(figures.action_ms)}"]
            lines.append(f"{name}: " + " · ".join(parts))
        return lines

    def _draw_latency(self, surface: pygame.Surface) -> None:
        if self.hosting is None or self.hosting.server is None:
            return
        draw_readout_lines(self, surface, self.latency_lines())

    # -- saving and closing ------------------------------------------------------------------------
    def save_data(self) -> dict[str, Any]:
        """The table's save, plus what hosting it again needs: each remote seat marked,
        the join code and the seat tokens (stand-in computers are not saved)."""
        data: dict[str, Any] = super().save_data()  # type: ignore[misc]
        data["bot_rngs"] = {k: v for k, v in data.get("bot_rngs", {}).items() if int(k) not in self.remote}
        for seat in self.remote:
            data["seats"][seat]["remote"] = True
        server = self.hosting.server if self.hosting is not None else None
        if server is not None:
            tokens = {str(n): s.token for n, s in enumerate(server.seats) if s.token is not None}
            data["hosting"] = {"code": server.code, "tokens": tokens, "absent_after": server.absent_after,
                               "turn_seconds": server.turn_timer.seconds}
        return data

    def exit(self) -> None:
        """The last autosave, then the server closes."""
        for seat in self.remote:
            self.bots.pop(seat, None)
        super().exit()  # type: ignore[misc]
        self.release()

    def release(self) -> None:
        """Stop serving: the timer, the server thread and its port (also after a crash,
        when the table is saved without leaving)."""
        if self.hosting is not None:
            self._pump_while_covered(False)
            self.hosting.stop()


# -- opening a hosted table ---------------------------------------------------------------------

def host_new(setup: Any, app: Any, spec: Any, seats: list[Any], stack: int, seed: int | None = None,
             absent_after: float | None = None, turn_seconds: float | None = None) -> Any:
    """Host a new match of ``setup``'s game (a :class:`~cardtable.ui.table_setup.TableSetup`):
    the lobby until every remote seat is taken (or "Play on without them": computers
    take the empty ones), then the match dealt with the joined players' names at the
    hosted table. ``absent_after``: seconds before a computer stands in for a player who
    has gone; ``turn_seconds``: a connected player's turn time. The lobby scene, or None
    (a toast says why)."""
    from cardtable.ui.hosting import LobbyScene, dealt_names
    session = HostingSession(setup.definition(), seats, absent_after=absent_after,
                             turn_seconds=turn_seconds).open()
    if session is None or session.server is None:
        app.toast(f"Cannot host: {session.problem if session else 'no server'}", 6.0)
        return None
    server = session.server

    def ready() -> None:
        empty = server.missing()
        server.play_on_without(empty, STAND_IN_LEVEL)
        dealt = [SeatConfig(s.name, STAND_IN_LEVEL) if n in empty else s
                 for n, s in enumerate(dealt_names(seats, server))]
        session.seats = dealt
        state, bots = setup.new_match(spec, dealt, stack, seed)
        scene = setup.build(app, spec, state, dealt, bots, hosted_scene(setup.scene))
        scene.attach(session)
        app.push(scene)
        server.begin(state, [s.name for s in dealt])

    return app.push(LobbyScene(app, session, f"Hosting {spec.name}", ready, session.stop, play_on=True))


def host_again(setup: Any, app: Any, spec: Any, state: Any, seats: list[Any], bots: dict[int, Any],
               hosting: Any) -> Any:
    """Open a saved hosted table and host it again with its join code and seat tokens: the
    table, with the lobby over it until its remote players are back (or the host plays on
    without them). ValueError when it cannot listen (the save is then not resumed)."""
    from cardtable.ui.hosting import LobbyScene
    saved = hosting if isinstance(hosting, dict) else {}
    code = saved.get("code") if isinstance(saved.get("code"), str) else None
    raw = saved.get("tokens")
    tokens = {int(k): v for k, v in (raw.items() if isinstance(raw, dict) else [])
              if isinstance(k, str) and k.isdigit() and isinstance(v, str) and v}
    absent = saved.get("absent_after")  # saves from before it was a setting have none: the default
    absent_after = float(absent) if isinstance(absent, (int, float)) and not isinstance(absent, bool) \
        and 0 <= absent <= MOST_ABSENT else None
    turn = saved.get("turn_seconds")  # saves from before the turn time have none: the default
    turn_seconds = float(turn) if isinstance(turn, (int, float)) and not isinstance(turn, bool) \
        and 0 <= turn <= MOST_ABSENT else None
    session = HostingSession(setup.definition(), seats, code=code, tokens=tokens, absent_after=absent_after,
                             turn_seconds=turn_seconds).open()
    if session is None or session.server is None:
        raise ValueError(f"cannot host it again: {session.problem if session else 'no server'}")
    server = session.server
    scene = setup.build(app, spec, state, seats, bots, hosted_scene(setup.scene))
    scene.attach(session)
    app.push(scene)

    def ready() -> None:
        server.begin(scene.state, scene.names)

    def leave() -> None:
        app.scenes.remove(scene)

    app.push(LobbyScene(app, session, f"Hosting {spec.name} again", ready, leave, play_on=True))
    return scene
