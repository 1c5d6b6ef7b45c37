"""A remote player's table: the game's own table scene, drawn from the host's views.

:func:`remote_table_class` wraps a game's table scene class (a subclass of
:class:`~cardtable.ui.game_table.GameTableScene`) in :class:`RemoteTable`: its match is
a :class:`~cardtable.match.ViewMatch` of the typed seat view the host sends
with every update (what our seat may see, and nothing else), replaced message by
message, paced so the other seats' moves slide in as they do at a local table; the
game's table draws it exactly as it draws a local view, and starts the animations a
move sets off from the views before and after it (:meth:`GameTableScene.view_moved`),
so nothing here is any game's own. The viewer is our seat and every other seat
is elsewhere: never passed to, never played by a local computer, and chance is never
drawn here. Our person's actions go to the host instead of being applied; a refusal
comes back as a toast. A dropped connection shows "Reconnecting…" and joins again with
the seat token; the end of the match shows the standings. A spectator's window (seat
None) is the same table with no viewer: every seat is elsewhere, nothing is passed or
played here, the bar says "Watching: " and whose turn it is, and the log and the
results are read as the rail reads them; a drop watches again. The name plates say which
seats the host's computers play and whose player is away (the host tells). With F3 (frame time on) the
table also shows the latency: the round trip of our pings, measured on the network's
thread as the host measures its own (both windows show the same figure, worded alike),
and from an action sent to the update that answers it (median and last).
"""

from __future__ import annotations

import collections
import logging
import statistics
import threading
import time
from typing import Any

import pygame

from cardtable.engine.game import CHANCE, Action
from cardtable.engine.view import SeatView, ViewError
from cardtable.games.definition import GameDefinition
from cardtable.match import ViewMatch
from cardtable.net.client import JoinRefused, ThreadedClient
from cardtable.ui.game_table import GameTableScene
from cardtable.ui.net_readout import draw_readout_lines, ms_text, round_trip_text
from cardtable.ui.setup_scene import SeatConfig
from cardtable.ui.table_stand_ins import KeepsNothing, NoHint
from cardtable.ui.theme import THEME
from cardtable.variants import VariantSpec, load_deck_by_id

__all__ = ["RemoteTable", "remote_table_class", "open_remote_table", "variant_for", "Latency"]

_log = logging.getLogger(__name__)

PACE = 0.45          # seconds between two of the other seats' moves, as a local table paces bots
CATCH_UP = 6         # more updates waiting than this: shown at once
REVEAL_HOLD = 6.0    # seconds a settled round stays on the table (Enter goes on at once)
PING_EVERY = 2.0
ELSEWHERE = "elsewhere"
SEEN_KEPT = 5000     # views kept for Ctrl+R's review (a view is a few kilobytes)


class Latency:
    """Action-to-update times, in milliseconds (the last 50), for F3; the round trip is
    the client's own (:meth:`cardtable.net.client.Client.round_trip_ms`)."""

    def __init__(self) -> None:
        self.actions: collections.deque[float] = collections.deque(maxlen=50)
        self.sent_at: float | None = None
        self.sent_count = -1
        self.ping_n = 0

    def sent(self, count: int) -> None:
        """An action acting on the state of ``count`` actions went out now."""
        self.sent_at, self.sent_count = time.perf_counter(), count

    def received(self, count: int) -> None:
        """An update of ``count`` actions came in: the answer to an action sent before it."""
        if self.sent_at is not None and count > self.sent_count:
            self.actions.append((time.perf_counter() - self.sent_at) * 1000)
            self.sent_at = None

    def next_ping(self) -> int:
        """The number of a ping going out now (the client times it)."""
        self.ping_n += 1
        return self.ping_n

    def text(self, round_trip_ms: float | None) -> str:
        """One line for the F3 corner, the round trip (the client's) first, worded as the
        host's window words it."""
        actions = self.actions
        said = (f"median {ms_text(statistics.median(actions))}, last {ms_text(actions[-1])}" if actions else "–")
        return f"{round_trip_text(round_trip_ms)} · action→update {said}"


class RemoteTable(GameTableScene):
    """Mixed in before a game's table scene class (see :func:`remote_table_class`);
    ``seat`` None: a spectator's table."""

    DRAWS_CHANCE = False

    def __init__(self, app: Any, variant: VariantSpec, match: ViewMatch, seats: list[SeatConfig],
                 bots: Any = None, *, link: ThreadedClient | None = None, seat: int | None = 0,
                 game: GameDefinition | None = None, log: list[str] | None = None, count: int = 0) -> None:
        assert link is not None and game is not None
        self.match = match  # before the game's table is built: it draws from the first view
        self.link, self.remote_seat, self.game_def = link, seat, game
        self.remote_log: list[str] = list(log or [])
        self.remote_count = count
        self.updates: collections.deque[tuple[dict[str, Any], int]] = collections.deque()
        self.seen: collections.deque[tuple[SeatView, int]] = collections.deque(maxlen=SEEN_KEPT)
        self.latency = Latency()
        self.in_flight = False
        self.next_apply = 0.0
        self.holding_settled = False     # a settled round stays shown: no catching up past it
        self.ping_due = 0.0
        self.reconnecting = False
        self.lost: str | None = None     # the connection is gone for good: why
        self.shown_over = False
        self.computers: frozenset[int] = frozenset()  # as the host said last
        self.away: frozenset[int] = frozenset()
        self._keeper = KeepsNothing(self, "The host saves this match; nothing is saved here")
        super().__init__(app, variant, None, seats, {})
        self.viewer = seat
        self.hint = NoHint(self, "No hints at a table played over the network")  # type: ignore[assignment]

    # -- who is who: one person here, everyone else elsewhere -----------------------------
    @property
    def watching(self) -> bool:
        """True at a spectator's table: no seat is ours."""
        return self.remote_seat is None

    def is_bot(self, seat: int) -> bool:
        """No seat is played by a computer here (the host plays its computers)."""
        return False

    def is_here(self, seat: int) -> bool:
        """Only our seat is played at this screen."""
        return seat == self.remote_seat

    def seat_note(self, seat: int) -> str:
        """The other seats' plates: "(computer)" for the host's computers, "(away)" for a
        player gone (played by a computer meanwhile once gone long enough)."""
        if seat == self.remote_seat:
            return ""
        if seat in self.away:
            return "(away: computer playing)" if seat in self.computers else "(away)"
        return "(computer)" if seat in self.computers else ""

    def check_turn(self) -> None:
        """The screen is never handed over: other seats play on their own screens."""

    def waiting_text(self, view: SeatView) -> str:
        """Who the table waits for; a spectator's bar says it is watching: "Watching: Ann
        is thinking…"."""
        text: str = super().waiting_text(view)
        return f"Watching: {text}" if self.watching else text

    def pass_to(self, seat: int, note: str = "") -> None:
        """Never: the other seats are elsewhere."""

    def waits_for_next_round(self) -> bool:
        """Chance is the host's: the table never draws it (so the base never applies it)."""
        if self.view.to_act == CHANCE:
            return True
        answer: bool = super().waits_for_next_round()
        return answer

    def match_keeper(self) -> Any:
        """The host keeps the match: no autosave, no statistics here."""
        return self._keeper

    # -- acting: to the host ---------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """Send our person's action to the host (after the same check the host makes,
        for an instant answer); the host's update or refusal follows."""
        if self.remote_seat is None or action.seat != self.remote_seat:
            return False  # a spectator acts for nobody
        if self.reconnecting or self.lost or not self.link.connected:
            self.app.toast("Not connected to the host", 2.0)
            return False
        if self.in_flight or self.updates:
            self.app.toast("Waiting for the host…", 1.5)
            return False
        reason = self.match.why_illegal(action)  # our seat's own: the host judges the rest
        if reason is not None:
            self.last_error = reason
            self.app.toast(f"Not allowed: {reason}", 3.0)
            return False
        self.last_error = ""
        self.in_flight = True
        self.latency.sent(self.remote_count)
        self.link.send_action(action, self.remote_count)
        return True

    def perform(self, action: Action) -> None:
        """Never applied here: the host applies every action and sends the result. An
        action for our seat that the game's table makes by itself (Flame Sword's
        auto-flip) goes to the host as our person's would, when nothing is on its way."""
        if (action.seat == self.remote_seat and not self.in_flight and not self.updates and not self.reconnecting
                and not self.lost and self.link.connected):
            self.act(action)
            return
        _log.debug("a remote table does not apply %s itself", type(action).__name__)

    def next_round(self) -> None:
        """Go on from a settled round at once (the host has dealt the next already)."""
        self.next_apply, self.holding_settled = self.clock, False
        try:
            super().next_round()  # the game's own resets; the base would draw chance, which the host does
        except RuntimeError:
            _log.debug("no chance is drawn at a remote table", exc_info=True)

    # -- the network, each frame ------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.pump()
        super().update(dt)

    def pump(self) -> None:
        """Take what arrived (never waits) and show the next update when it is due."""
        for message in self.link.poll():
            self.receive(message)
        if self.clock >= self.ping_due and self.link.connected and not self.reconnecting:
            self.ping_due = self.clock + PING_EVERY
            self.link.send_ping(self.latency.next_ping())
        while self.updates and (self.clock >= self.next_apply
                                or (len(self.updates) > CATCH_UP and not self.holding_settled)):
            self.show_next()

    def receive(self, message: dict[str, Any]) -> None:
        """One message from the host."""
        kind = message.get("type")
        if kind == "state":
            self.remote_log = self.remote_log[:message["log_from"]] + list(message["log"])
            if self.in_flight and message["count"] > self.latency.sent_count:
                self.in_flight = False  # our action (or the stand-in's) has been applied
            self.latency.received(message["count"])
            self.remote_count = message["count"]
            self.computers = frozenset(message.get("computers", self.computers))
            self.away = frozenset(message.get("away", self.away))
            if "view" in message:
                if self.updates and self.updates[-1][0]["count"] == message["count"]:
                    self.updates.pop()  # a long log came in pieces: the last has it all
                self.updates.append((message, len(self.remote_log)))
        elif kind == "refused":
            self.in_flight = False
            self.latency.sent_at = None
            self.app.toast(f"The host refused: {message['reason']}", 4.0)
        elif kind == "welcome":
            self.reconnecting = False
            self.app.toast("Watching again" if self.watching else "Back at the table", 2.0)
        elif kind == "disconnected":
            self.in_flight = False
            over = self.view.to_act is None and not self.updates
            if not self.reconnecting and not self.lost and not over:  # after the end: nothing to come back to
                self.start_reconnecting()

    def show_next(self) -> None:
        """Show the next update's view (its match in place of the last one)."""
        message, log_length = self.updates.popleft()
        try:
            view = SeatView.from_json(message["view"])
        except ViewError as exc:
            _log.warning("an update could not be shown: %s", exc)
            return
        if view.seat != self.remote_seat:
            _log.warning("an update for seat %s came to seat %s", view.seat, self.remote_seat)
            return
        before = self.view
        settings = self.match.settings
        if "settings" in message:
            settings = read_settings(self.game_def, message["settings"], settings)
        self.match = ViewMatch(view, deck=self.match.deck, settings=settings, log=self.remote_log[:log_length],
                               standings=_standings(message),
                               actions=message["count"])
        self.seat_configs = [SeatConfig(name, None if n == self.remote_seat else ELSEWHERE)
                             for n, name in enumerate(view.names)]
        self.seen.append((view, log_length))
        self.view_moved(before, view)
        self.after_action()
        ours = view.to_act == self.remote_seat
        self.holding_settled = view.to_act == CHANCE and self.waits_for_settled()
        if self.holding_settled:
            self.next_apply = self.clock + REVEAL_HOLD
        else:
            self.next_apply = self.clock + (0.0 if ours or view.to_act is None else PACE)
        if view.to_act is None and not self.updates and not self.shown_over:
            self.shown_over = True
            self.leave()

    def waits_for_settled(self) -> bool:
        """True when the view shown is a settled round the local table would hold for
        "Next" (the game's own answer, past this class's)."""
        settled: bool = super().waits_for_next_round()
        return self.view.to_act == CHANCE and settled

    def start_reconnecting(self) -> None:
        """Join again with the seat token (a spectator: watch again) on a background thread,
        trying every few seconds."""
        self.reconnecting = True

        def again() -> None:
            delay = 0.5
            while self.reconnecting and not self.lost:
                try:
                    self.link.reconnect(timeout=5.0)
                    return
                except JoinRefused as exc:
                    self.lost = f"The host will not {'let us watch' if self.watching else 'seat us'} again: {exc}"
                    self.reconnecting = False
                    return
                except Exception as exc:  # noqa: BLE001 - unreachable for now: try again
                    _log.info("reconnecting: %s", exc)
                time.sleep(delay)
                delay = min(delay * 2, 5.0)

        threading.Thread(target=again, name="cardtable-reconnect", daemon=True).start()

    def review(self) -> None:
        """Ctrl+R: the match as this window was shown it (the host keeps the match itself),
        from our own seat only, up to now."""
        from cardtable.match_replay import SeenViews
        from cardtable.ui.replay_table import OWN_SEAT, open_replay

        seen = list(self.seen) or [(self.view, len(self.remote_log))]
        views = SeenViews(self.remote_seat, seen, self.remote_log, deck=self.match.deck,
                          settings=self.match.settings)
        seats = [SeatConfig(seat.name, "computer" if n in self.computers else None)
                 for n, seat in enumerate(self.seat_configs)]
        open_replay(self.app, self.variant, views, seats, who=OWN_SEAT, seat=self.remote_seat,
                    title="The match so far" if not views.is_over else "Replay")

    # -- leaving ----------------------------------------------------------------------------
    def exit(self) -> None:
        """Leave the table: tell the host (it keeps the seat for the token, as after a
        drop, and its computer plays it once we have been gone its absence time)."""
        self.reconnecting = False
        self.lost = self.lost or "left"
        link = self.link
        threading.Thread(target=lambda: link.close(bye=True), name="cardtable-leave", daemon=True).start()

    def release(self) -> None:
        """After a crash: drop the connection (the host keeps the seat for its token and
        has its computer play it once the player has been gone long enough)."""
        self.reconnecting = False
        self.lost = self.lost or "left"
        link = self.link
        threading.Thread(target=link.close, name="cardtable-release", daemon=True).start()

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        px, fonts = self.app.px, self.app.fonts
        note = None
        if self.lost and self.lost != "left":
            note = self.lost
        elif self.reconnecting or (not self.link.connected and self.view.to_act is not None):
            note = "Reconnecting…"
        if note:
            img = fonts.render(note, px(20), THEME.text, bold=True)
            box = img.get_rect(center=self.bar_rect.center).inflate(px(30), px(16))  # over the controls it stops
            pygame.draw.rect(surface, THEME.panel, box, border_radius=px(10))
            pygame.draw.rect(surface, THEME.focus, box, 2, border_radius=px(10))
            surface.blit(img, img.get_rect(center=box.center))
        if self.app.settings.show_frame_time:
            draw_readout_lines(self, surface, [self.latency.text(self.link.round_trip_ms())])


_CLASSES: dict[type, type] = {}


def remote_table_class(scene: type[GameTableScene]) -> type[RemoteTable]:
    """The game's table scene class played from a host: ``RemoteTable`` first in its
    order, then the game's own class (made once per class)."""
    if scene not in _CLASSES:
        _CLASSES[scene] = type(f"Remote{scene.__name__}", (RemoteTable, scene), {"__module__": __name__})
    made: type[RemoteTable] = _CLASSES[scene]
    return made


def variant_for(app: Any, game: GameDefinition) -> VariantSpec | None:
    """The variant to show the game's rules from: the one named like the game, else
    the first of that game."""
    specs = [e.spec for e in app.variant_entries if e.spec is not None and e.spec.game == game.id]
    return next((s for s in specs if s.id == game.id), specs[0] if specs else None)


def _standings(message: dict[str, Any]) -> list[tuple[str, int]]:
    """The standings a host's message tells (none before the end)."""
    return [(str(name), int(chips)) for name, chips in message.get("standings") or []]


def read_settings(game: GameDefinition, data: Any, fallback: Any) -> Any:
    """The game's settings object from the host's ``settings`` (``fallback`` when they
    cannot be read: a table still draws, by this window's rules)."""
    try:
        return game.read_settings(dict(data))
    except (TypeError, ValueError) as exc:
        _log.warning("the host's settings could not be read: %s", exc)
        return fallback


def open_remote_table(app: Any, game: GameDefinition, link: ThreadedClient, seat: int | None,
                      message: dict[str, Any], log: list[str], deck_id: str | None = None) -> RemoteTable:
    """Push the remote table for ``seat`` (None: a spectator's) from the first ``state``
    message (its view and, the log being whole, the rules it is played by); ``log``: the
    seat's log lines so far;
    ``deck_id``: the deck the welcome named (the game's own when None). ValueError when
    no variant of the game is installed here, or the deck or the view cannot be read."""
    variant = variant_for(app, game)
    if variant is None:
        raise ValueError(f"no variant of {game.name} is installed here")
    try:
        view = SeatView.from_json(message["view"])
        deck_id = deck_id or game.decks[0]
        if deck_id not in game.decks:
            raise ValueError(f"{game.name} is not played with the deck {deck_id[:40]!r}")
        local = game.read_settings(dict(variant.settings))
        settings = read_settings(game, message["settings"], local) if "settings" in message else local
    except (ViewError, KeyError) as exc:
        raise ValueError(f"the host's table could not be read: {exc}") from None
    match = ViewMatch(view, deck=load_deck_by_id(deck_id), settings=settings, log=log, actions=message["count"],
                      standings=_standings(message))
    seats = [SeatConfig(name, None if n == seat else ELSEWHERE) for n, name in enumerate(view.names)]
    cls: Any = remote_table_class(game.table_module().TABLE.scene)
    scene: RemoteTable = cls(app, variant, match, seats, {}, link=link, seat=seat, game=game, log=log,
                             count=message["count"])
    scene.computers = frozenset(message.get("computers", ()))
    scene.away = frozenset(message.get("away", ()))
    scene.seen.append((view, len(log)))
    app.push(scene)
    return scene
