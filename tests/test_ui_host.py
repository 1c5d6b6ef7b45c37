"""Hosting from the window (issue 20): the setup screen's remote seats, the lobby, and the
game's own table as the authority for a headless client on the loopback address.

Bounded in frames and in a wall-clock deadline that only stops a stuck test; nothing
asserts on time. The frame loop is shown not to wait on the network by counting frames
while a client holds its socket open without reading.
"""

from __future__ import annotations

import json
import random
import socket
import time
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest
from handshake import join_by_hand
from uihelp import Driver, variant_spec

from cardtable.net.client import JoinRefused, ThreadedClient, choose_from_legal
from cardtable.net.protocol import encode
from cardtable.net.table_host import SeatLatency
from cardtable.ui import hosting
from cardtable.ui.game_table import GameTableScene
from cardtable.ui.hosted_table import HostedTable
from cardtable.ui.hosting import LobbyScene
from cardtable.ui.menu import open_variant
from cardtable.ui.net_readout import draw_readout_lines, round_trip_text
from cardtable.ui.remote_table import Latency
from cardtable.ui.setup_scene import SetupScene

VARIANT = "five_card_draw"
DEADLINE = 60.0  # seconds: only ends a stuck test


@pytest.fixture(autouse=True)
def loopback(monkeypatch):
    """Any free port on 127.0.0.1, not announced on the network."""
    monkeypatch.setattr(hosting, "HOST_PORT", 0)
    monkeypatch.setattr(hosting, "BIND", "127.0.0.1")
    monkeypatch.setattr(hosting, "ADVERTISE", False)


def kind_buttons(setup: SetupScene) -> list:
    return [w for w in setup.widgets.widgets if getattr(w, "label", "") in
            ("person", "remote person") or str(getattr(w, "label", "")).startswith("computer")]


def host_from_setup(app, kinds: list[str | None], variant: str = VARIANT,
                    absent_clicks: int = 0, turn_clicks: int = 0) -> tuple[Driver, LobbyScene]:
    """Open the variant, set the seats to ``kinds`` by clicking each seat's button
    (None: a person here, "remote", or a computer level), click the absence time's +
    ``absent_clicks`` times and the turn time's − ``turn_clicks`` times, press Enter:
    the lobby."""
    d = Driver(app)
    open_variant(app, variant_spec(app, variant))
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    stepper = next(w for w in setup.widgets.widgets if getattr(w, "label", "") == "Seats")
    while setup.count > len(kinds):
        stepper.nudge(-1)
    for seat, want in enumerate(kinds):
        for _ in range(len(setup.levels) + 1):
            if setup.levels[setup.kinds[seat]] == want:
                break
            d.click(kind_buttons(setup)[seat].rect.center)
        assert setup.levels[setup.kinds[seat]] == want
    assert setup.hosting and d.button("Host")
    absent = d.button("A computer plays for a player gone for")
    for _ in range(absent_clicks):
        d.click((absent.rect.right - absent.rect.height // 2, absent.rect.centery))  # its +
    turn = d.button("A computer plays a turn not made in")
    for _ in range(turn_clicks):
        minus = turn._buttons()[0]
        d.click(minus.center)
    d.key(pygame.K_RETURN)
    lobby = app.scenes.top
    assert isinstance(lobby, LobbyScene)
    return d, lobby


def join(lobby: LobbyScene, name: str = "Remo", token: str | None = None) -> ThreadedClient:
    server = lobby.session.server
    client = ThreadedClient("127.0.0.1", server.port, lobby.session.code, name=name, token=token, want_legal=True)
    client.start()
    return client


def table_of(app) -> GameTableScene:
    return next(s for s in reversed(app.scenes.scenes) if isinstance(s, HostedTable))


FRAME_REST = 0.001  # seconds each frame leaves the network threads, as the window's frame pacing does


def step_until(app, done, frames: int = 20000, dt: float = 0.1) -> int:
    """Step frames until ``done()``; the number of frames stepped (fails past the bound).

    Each frame rests :data:`FRAME_REST` outside the interpreter lock, as the window's
    clock does between frames: a loop of bare frames starves the server's and the
    client's threads (they wait for the lock for seconds), and a bound in frames then
    fails by the machine's timing rather than by the table."""
    end = time.monotonic() + DEADLINE
    for n in range(frames):
        if done():
            return n
        assert time.monotonic() < end, "stuck: the deadline passed"
        app.step(dt)
        time.sleep(FRAME_REST)
    raise AssertionError(f"not done after {frames} frames")


class RemotePlayer:
    """Plays a threaded client's seat from the legal actions the host sent."""

    def __init__(self, client: ThreadedClient, seed: int = 5) -> None:
        self.client, self.rng = client, random.Random(seed)
        self.acted_at = -1
        self.refused: list[dict] = []
        self.last_legal: list[dict] | None = None

    def turn(self) -> None:
        for message in self.client.poll():
            if message["type"] == "refused":
                self.refused.append(message)
        c = self.client.client
        if c.legal:
            self.last_legal = c.legal
        if c.legal and c.to_act == c.seat and c.count != self.acted_at and not c.over:
            self.acted_at = c.count
            self.client.send_action(choose_from_legal(c.legal, "normal", self.rng))


@contextmanager
def hosted_and_joined(app, name: str = "Remo"):
    """A table hosted from setup for a remote seat and a computer, joined by a client called
    ``name``: ``(driver, lobby, table, client, player)`` once the table is open (``player``
    plays the client's seat from its legal actions); the client is closed afterwards."""
    d, lobby = host_from_setup(app, ["remote", "normal"])
    client = join(lobby, name=name)
    try:
        step_until(app, lambda: isinstance(app.scenes.top, HostedTable))
        yield d, lobby, table_of(app), client, RemotePlayer(client)
    finally:
        client.close()


def test_a_window_hosted_table_is_played_by_a_remote_client_to_the_end_of_a_round(app):
    with hosted_and_joined(app) as (d, lobby, scene, client, player):
        assert lobby.session.code and lobby.session.endpoints[0].startswith("127.0.0.1:")
        assert scene.names[0] == "Remo" and scene.humans == [] and 0 in scene.remote
        assert scene.hosting.badge().startswith(f"Hosting · {lobby.session.code} · 1 of 1")

        def round_over() -> bool:
            player.turn()
            return scene.state.round_outcome() is not None

        step_until(app, round_over)
        c = client.client
        step_until(app, lambda: player.turn() or c.count == len(scene.state.history))
        assert c.view == scene.state.seat_view(0).to_json() and c.log == scene.state.log_for(0)
        assert player.refused == []
        assert all(type(s).__name__ != "PassScreen" for s in app.scenes.scenes)


def test_an_illegal_action_is_refused_with_the_reason_and_the_table_goes_on(app, monkeypatch):
    with hosted_and_joined(app) as (d, lobby, scene, client, player):
        c = client.client
        # the computer holds its move while we wait for its turn with a legal list of ours
        # in hand (then that list is illegal); at 0.1 s a frame it would otherwise move
        # before the client could see its turn, so the wait depended on thread timing
        pause = scene.bot_pause
        monkeypatch.setattr(scene, "bot_pause", lambda: float("inf") if player.last_legal is not None else pause())
        step_until(app, lambda: player.turn() or (player.last_legal is not None and c.to_act not in (None, 0)
                                                    and c.count == len(scene.state.history)))
        before = len(scene.state.history)
        client.send_action(player.last_legal[0])
        step_until(app, lambda: player.turn() or bool(player.refused))
        monkeypatch.undo()
        refusal = player.refused[0]
        assert refusal["about"] == "action" and refusal["reason"]
        assert "stale" not in refusal["reason"] and "replayed" not in refusal["reason"]
        assert scene.hosting.server.refused_count >= 1
        player.refused.clear()
        step_until(app, lambda: player.turn() or len(scene.state.history) > before)  # the computer went on
        step_until(app, lambda: player.turn() or scene.state.round_outcome() is not None)
        assert player.refused == []


def test_a_client_that_drops_comes_back_to_its_seat_with_its_token(app):
    with hosted_and_joined(app, name="Ada") as (d, lobby, scene, client, player):
        server = scene.hosting.server
        step_until(app, lambda: player.turn() or len(scene.state.history) >= 4)
        token = client.client.token
        client._loop.call_soon_threadsafe(client.client.abort)  # the cable is pulled
        step_until(app, lambda: not server.connected(0))
        assert "0 of 1 connected" in scene.hosting.badge()
        for _ in range(30):
            app.step(0.1)  # the table goes on without them meanwhile (a computer's turns)
        welcome = client.reconnect()
        assert welcome["seat"] == 0 and welcome["token"] == token
        c = client.client
        step_until(app, lambda: player.turn() or (server.connected(0) and c.count == len(scene.state.history)
                                                   and c.view == scene.state.seat_view(0).to_json()))
        assert c.log == scene.state.log_for(0)
        step_until(app, lambda: player.turn() or scene.state.round_outcome() is not None)


def test_the_lobby_says_when_someone_is_guessing_the_code(app):
    from cardtable.net.guessing import GuessGate

    d, lobby = host_from_setup(app, ["remote", "normal"])
    server = lobby.session.server

    async def no_wait(seconds: float) -> None:
        pass

    server.guesses = GuessGate(sleep=no_wait)  # the delays are the guessing tests'; here, only the words
    assert lobby.session.guessing() is None
    for guess in ("AAAAAA", "BBBBBB", "CCCCCC"):
        guesser = ThreadedClient("127.0.0.1", server.port, guess)
        with pytest.raises(JoinRefused, match="wrong join code"):
            guesser.start()
        guesser.close()
    assert lobby.session.guessing() == "someone is guessing the code: 3 wrong codes, joins slowed"
    shown: list[str] = []
    real_fit = hosting._fit

    def fit(fonts, text, *args, **kwargs):
        shown.append(text)
        return real_fit(fonts, text, *args, **kwargs)

    hosting._fit = fit
    try:
        app.step(0.05)
    finally:
        hosting._fit = real_fit
    assert "Someone is guessing the code: 3 wrong codes, joins slowed." in shown
    assert isinstance(app.scenes.top, LobbyScene)


def test_the_frame_loop_never_waits_for_a_client_that_stops_reading(app):
    d, lobby = host_from_setup(app, ["remote", "normal"])
    server = lobby.session.server
    stalled = socket.create_connection(("127.0.0.1", server.port))
    try:
        stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        session = join_by_hand(stalled, server.code, {"name": "Stuck", "want_legal": True})
        step_until(app, lambda: isinstance(app.scenes.top, HostedTable))
        scene = table_of(app)
        clock, frames = scene.clock, 0
        for _ in range(400):  # the client never reads a byte of what the table sends it
            app.step(0.05)
            frames += 1
        assert frames == 400 and scene.clock == pytest.approx(clock + 400 * 0.05)
        assert len(scene.state.history) >= 1  # the deal went out while the client was stalled
        stalled.sendall(session.seal(encode({"type": "ping", "n": 1})))  # the server still serves it
    finally:
        stalled.close()


def test_the_autosave_keeps_the_hosting_and_resuming_it_hosts_again(app):
    from cardtable.saves import SaveFile, decode
    from cardtable.ui.saves_scene import resume_save
    with hosted_and_joined(app, name="Ada") as (d, lobby, scene, client, player):
        step_until(app, lambda: player.turn() or len(scene.state.history) >= 3)
        data = decode(scene.match_keeper().encode("named"))
        token, code = client.client.token, lobby.session.code
    hosted = data["payload"]["hosting"]
    assert hosted["code"] == code and hosted["tokens"] == {"0": token}
    assert data["payload"]["seats"][0] == {"name": "Ada", "bot": None, "remote": True}
    app.scenes.remove(scene)  # the table closes: its server stops
    resumed = resume_save(app, SaveFile(Path("in-memory.json"), "named", 0.0, envelope=data))
    assert isinstance(resumed, HostedTable) and resumed.hosting.code == code
    assert isinstance(app.scenes.top, LobbyScene)  # until Ada is back
    assert json.dumps(resumed.state.to_json(), sort_keys=True) == json.dumps(data["payload"]["state"], sort_keys=True)
    again = ThreadedClient("127.0.0.1", resumed.hosting.server.port, code, token=token, want_legal=True)
    try:
        assert again.start()["seat"] == 0
        step_until(app, lambda: app.scenes.top is resumed)
        step_until(app, lambda: again.client.view == resumed.state.seat_view(0).to_json())
    finally:
        again.close()


def test_a_computer_stands_in_for_a_player_who_is_gone_until_they_are_back(app, monkeypatch):
    monkeypatch.setattr(hosting, "ABSENT_AFTER", 0.0)  # gone at once
    with hosted_and_joined(app, name="Ada") as (d, lobby, scene, client, player):
        server = scene.hosting.server
        step_until(app, lambda: player.turn() or len(scene.state.history) >= 2)
        assert not scene.is_bot(0)
        client._loop.call_soon_threadsafe(client.client.abort)
        step_until(app, lambda: not server.connected(0))
        before = len(scene.state.history)
        step_until(app, lambda: scene.is_bot(0))  # the stand-in sits down
        assert "away" in scene.latency_lines()[0]
        step_until(app, lambda: scene.state.to_act is None or any(
            a.seat == 0 for a in scene.state.history[before:]))  # and plays seat 0's turn
        client.reconnect()
        step_until(app, lambda: server.connected(0))
        app.step(0.1)
        assert not scene.is_bot(0) and 0 not in scene.save_data()["bot_rngs"]


def test_f3_shows_each_remote_seats_latency_and_cancel_stops_hosting(app):
    with hosted_and_joined(app, name="Ada") as (d, lobby, scene, client, player):
        step_until(app, lambda: player.turn() or player.acted_at >= 0 and len(scene.state.history) > player.acted_at)
        step_until(app, lambda: player.turn() or scene.hosting.server.latency(0).action_ms is not None)
        step_until(app, lambda: player.turn() or scene.hosting.server.latency(0).round_trip_ms is not None)
        d.key(pygame.K_F3)
        assert app.settings.show_frame_time
        line = scene.latency_lines()[0]
        assert line.startswith("Ada: round trip ") and "update" in line and "action→update" in line
        assert "ms" in line.split("action→update")[1]
        d.step()
        boxes = draw_readout_lines(scene, app.screen, scene.latency_lines())
        assert boxes and all(scene.bar_rect.contains(box) for box in boxes)  # clear of the log and the badge
        assert not any(box.colliderect(scene.log_panel.rect) for box in boxes)
        assert not any(box.colliderect(w.rect) for box in boxes for w in scene.widgets.widgets)
    d2, lobby2 = host_from_setup(app, ["remote", "normal"])
    port = lobby2.session.server.port
    d2.key(pygame.K_ESCAPE)
    assert not isinstance(app.scenes.top, LobbyScene)
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()


def test_people_here_pass_the_screen_between_them_but_never_to_the_remote_seat(app):
    from uihelp import StandIn

    from cardtable.ui.pass_screen import PassScreen
    d, lobby = host_from_setup(app, [None, None, "remote"])
    client = join(lobby, name="Faraway")
    try:
        step_until(app, lambda: not isinstance(app.scenes.top, LobbyScene))
        scene = table_of(app)
        assert scene.humans == [0, 1] and scene.remote == {2}
        player, people, passed_to, refused_here = RemotePlayer(client), StandIn(3), [], []

        def round_over() -> bool:
            top = app.scenes.top
            if isinstance(top, PassScreen):
                passed_to.append(top.name)
                top.ready()
            state = scene.state
            if state.to_act == 2 and not refused_here:
                refused_here.append(scene.act(state.legal_actions(2)[0]))  # the host's controls may not
            player.turn()
            if state.to_act in (0, 1) and scene.viewer == state.to_act and not scene.passing:
                assert scene.act(people.choose(state, state.to_act))
            assert scene.viewer != 2
            return state.round_outcome() is not None

        step_until(app, round_over)
        assert passed_to and "Faraway" not in passed_to
        assert refused_here == [False]
    finally:
        client.close()


def test_remote_actions_go_on_while_help_covers_the_hosts_table(app):
    from cardtable.ui.help import HelpOverlay
    with hosted_and_joined(app, name="Ada") as (d, lobby, scene, client, player):
        c = client.client
        step_until(app, lambda: scene.state.to_act == 0 and c.count == len(scene.state.history) and bool(c.legal))
        before = len(scene.state.history)
        help_overlay = app.push(HelpOverlay(app, scene.variant))
        app.step(0.1)
        assert help_overlay.opaque  # from now on the table below gets no frames
        step_until(app, lambda: player.turn() or len(scene.state.history) > before)  # applied under the overlay
        assert app.scenes.top is help_overlay and scene.state.history[before].seat == 0
        step_until(app, lambda: player.turn() or c.count == len(scene.state.history))  # and sent


def test_a_crash_at_a_hosted_table_saves_it_and_closes_the_port(app, monkeypatch):
    """The crash screen replaces a hosted table without its exit() (which would mark the
    game left on purpose); the server must still let go of its port and thread."""
    d, lobby = host_from_setup(app, ["remote", "normal"])
    client = join(lobby)
    try:
        step_until(app, lambda: isinstance(app.scenes.top, HostedTable))
        scene = table_of(app)
        port = scene.hosting.server.port

        def broken(dt):
            raise RuntimeError("a bug in a table")

        monkeypatch.setattr(scene, "update", broken)
        app.frame(1 / 60)
        assert type(app.scenes.top).__name__ == "CrashScene"
        assert scene not in app.scenes.scenes
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.1", port), timeout=2.0).close()
    finally:
        client.close()


# -- issue 20's leftovers: the lobby, the absence time, the name plates, Flame Sword ----------

def test_a_player_who_leaves_the_lobby_frees_the_seat_for_someone_else(app):
    d, lobby = host_from_setup(app, ["remote", "remote", "normal"])
    server = lobby.session.server
    first = join(lobby, name="Gone")
    first.close(bye=True)
    dropped = join(lobby, name="Dropped")
    dropped._loop.call_soon_threadsafe(dropped.client.abort)
    step_until(app, lambda: server.waiting_for == 2)
    assert [state for _, state, _ in lobby.session.seat_lines()[:2]] == ["waiting for a player to join…"] * 2
    late = [join(lobby, name=name) for name in ("Cy", "Di")]  # both seated: nobody holds the freed seats
    try:
        step_until(app, lambda: isinstance(app.scenes.top, HostedTable))
        assert sorted(table_of(app).names[:2]) == ["Cy", "Di"]
    finally:
        for client in late + [dropped]:
            client.close()


def test_play_on_without_them_fills_the_empty_remote_seats_with_computers(app):
    d, lobby = host_from_setup(app, ["remote", "remote", "normal"])
    assert d.button("Play on without them")
    client = join(lobby, name="Ada")
    try:
        step_until(app, lambda: lobby.session.connected() == 1)
        d.key(pygame.K_RETURN)
        step_until(app, lambda: isinstance(app.scenes.top, HostedTable))
        scene = table_of(app)
        server = scene.hosting.server
        assert scene.remote == {0} and scene.is_bot(1) and server.remote_seats == [0]
        assert scene.seat_note(0) == "(remote)" and scene.seat_note(1) == "(computer)"
        assert not scene.is_here(0) and not scene.is_here(1)
        late = ThreadedClient("127.0.0.1", server.port, lobby.session.code, name="Late")
        with pytest.raises(ConnectionError, match="full"):
            late.start()
        late.close()
        player = RemotePlayer(client)
        step_until(app, lambda: player.turn() or scene.state.round_outcome() is not None)
        assert 1 in client.client.computers and 2 in client.client.computers and 0 not in client.client.computers
    finally:
        client.close()


def saved_and_resumed(app, **clicks):
    """A table hosted from the setup screen (``clicks``: its steppers moved), joined, saved,
    then resumed from that save, and once more with ``hosting`` emptied as a save from
    before the hosting settings: ``(the saved hosting, the server resumed, the older one's)``."""
    from cardtable.saves import SaveFile, decode
    from cardtable.ui.saves_scene import resume_save
    d, lobby = host_from_setup(app, ["remote", "normal"], **clicks)
    client = join(lobby, name="Ada")
    try:
        step_until(app, lambda: isinstance(app.scenes.top, HostedTable))
        scene = table_of(app)
        data = decode(scene.match_keeper().encode("named"))
    finally:
        client.close()
    saved = dict(data["payload"]["hosting"])
    app.scenes.remove(scene)
    resumed = resume_save(app, SaveFile(Path("in-memory.json"), "named", 0.0, envelope=data))
    data["payload"]["hosting"] = {k: v for k, v in saved.items() if k not in ("absent_after", "turn_seconds")}
    app.scenes.remove(resumed)
    older = resume_save(app, SaveFile(Path("in-memory.json"), "named", 0.0, envelope=data))
    return saved, resumed.hosting.server, older.hosting.server


def test_the_absence_time_is_set_on_the_setup_screen_and_saved_with_the_hosting(app):
    saved, server, older = saved_and_resumed(app, absent_clicks=3)  # 60 s -> 90 s
    assert saved["absent_after"] == 90 and server.absent_after == 90
    assert older.absent_after == hosting.ABSENT_AFTER  # a save from before the setting: the default


def test_the_setup_screen_offers_the_absence_time_only_when_hosting(app):
    d = Driver(app)
    open_variant(app, variant_spec(app, VARIANT))
    setup = app.scenes.top
    assert not setup.hosting
    with pytest.raises(LookupError):
        d.button("A computer plays for a player gone for")
    d.click(kind_buttons(setup)[0].rect.center)  # person -> remote person
    assert setup.hosting and d.button("A computer plays for a player gone for").value == 60


def test_an_away_players_plate_says_a_computer_plays_for_them(app, monkeypatch):
    monkeypatch.setattr(hosting, "ABSENT_AFTER", 0.0)
    d, lobby = host_from_setup(app, ["remote", "normal"])
    client = join(lobby, name="Ada")
    try:
        step_until(app, lambda: isinstance(app.scenes.top, HostedTable))
        scene = table_of(app)
        assert scene.seat_note(0) == "(remote)"
        client._loop.call_soon_threadsafe(client.client.abort)
        step_until(app, lambda: scene.is_bot(0))
        assert scene.seat_note(0) == "(away: computer playing)"
        client.reconnect()
        step_until(app, lambda: not scene.is_bot(0))
        assert scene.seat_note(0) == "(remote)"
    finally:
        client.close()


def test_flame_sword_offers_no_show_my_cards_for_a_remote_seats_flip(app):
    from cardtable.games.flame_sword.state import Phase
    d, lobby = host_from_setup(app, ["remote", "normal"], variant="flame_sword")
    client = join(lobby, name="Far")
    try:
        step_until(app, lambda: isinstance(app.scenes.top, HostedTable))
        scene = table_of(app)
        player = RemotePlayer(client)
        step_until(app, lambda: (scene.state.phase == Phase.FLIP and scene.state.to_act == 0) or player.turn())
        scene.after_action()
        labels = [getattr(w, "label", "") for w in scene.widgets.widgets]
        assert scene._flipper() is None and "Show my cards" not in labels
        assert not any(str(label).startswith("Auto-flip") for label in labels)
        step_until(app, lambda: player.turn() or scene.state.phase != Phase.FLIP or scene.state.to_act != 0)
    finally:
        client.close()


def test_play_again_at_a_hosted_table_hosts_a_new_match_with_the_same_seats(app):
    """Issue 30: the final standings' Play again at a hosted table closes its server and
    opens a new lobby for the same seats (the remote players join the new match)."""
    from cardtable.ui.standings import MatchOverScene

    with hosted_and_joined(app) as (d, lobby, scene, client, player):
        server = scene.hosting.server
        assert scene.again is not None
        scene.show_final()  # as at the end of the match
        final = app.scenes.top
        assert isinstance(final, MatchOverScene)
        assert [w.label for w in final.widgets.widgets] == ["Menu", "Play again", "Replay"]
        d.key(pygame.K_RETURN)
        again = app.scenes.top
        assert isinstance(again, LobbyScene) and again is not lobby
        assert scene not in app.scenes.scenes and again.session.server is not server
        with pytest.raises(OSError):  # the old match's server is closed
            ThreadedClient("127.0.0.1", server.port, lobby.session.code, name="Late").start()
        assert [(s.remote, s.bot) for s in again.session.seats] == [(True, None), (False, "normal")]
        again.session.stop()


def test_the_turn_time_is_set_on_the_setup_screen_and_saved_with_the_hosting(app):
    d = Driver(app)
    open_variant(app, variant_spec(app, VARIANT))
    setup = app.scenes.top
    with pytest.raises(LookupError):
        d.button("A computer plays a turn not made in")  # a table at home has no turn time
    app.scenes.remove(setup)
    saved, server, older = saved_and_resumed(app, turn_clicks=2)  # 60 s -> 40 s
    assert saved["turn_seconds"] == 40 and server.turn_timer.seconds == 40
    assert older.turn_timer.seconds == hosting.TURN_SECONDS == 60  # a save from before the setting: the default


def test_no_turn_limit_is_the_stepper_at_its_lowest(app):
    d, lobby = host_from_setup(app, ["remote", "normal"], turn_clicks=6)  # 60 s -> no limit
    assert not lobby.session.server.turn_timer.on
    lobby.cancel()
    d, lobby = host_from_setup(app, ["remote", "normal"], turn_clicks=0)
    assert lobby.session.server.turn_timer.seconds == 60
    lobby.cancel()


def test_a_remote_player_who_does_not_act_in_time_has_the_computer_play_their_turn(app):
    """The turn timer on the window's table, with the timer's clock the test's: a client
    that never acts has its turn played by the computer once the time is up; the log
    says so (on the host's table and on the player's screen) and the seat stays theirs."""
    now = [1000.0]
    with hosted_and_joined(app, name="Bo") as (d, lobby, scene, client, player):
        server = scene.hosting.server
        server.turn_timer.clock = lambda: now[0]
        step_until(app, lambda: scene.state.to_act == 0)
        before = len(scene.state.history)
        for _ in range(5):
            app.step(0.1)  # the frames go on; the time is not up
        assert len(scene.state.history) == before
        now[0] += 60.0
        step_until(app, lambda: len(scene.state.history) > before)
        assert scene.state.history[before].seat == 0
        line = next(line for line in scene.state.log_for(None) if "took too long" in line)
        assert line.startswith("Bo took too long: the computer ") and line.endswith(" for them")
        c = client.client
        step_until(app, lambda: client.poll() is not None and c.count >= before + 1)
        assert line in c.log  # the player is told too
        assert server.connected(0) and not scene.is_bot(0) and scene.seat_note(0) == "(remote)"


def test_the_host_and_the_remote_window_show_one_round_trip_worded_alike(app, monkeypatch):
    """Both ends time a ping from writing it to reading its answer on the network's
    thread: the client's figure comes without a frame or a poll (a frame's wait was in the
    remote window's figure), and both F3 lines word the same figure the same way."""
    with hosted_and_joined(app, name="Ada") as (d, lobby, scene, client, player):
        server = scene.hosting.server
        end, n = time.monotonic() + DEADLINE, 0
        while client.round_trip_ms() is None:  # nothing polls the client, no frame is stepped
            assert time.monotonic() < end, "no answer to our pings"
            n += 1
            client.send_ping(n)
            time.sleep(0.05)
        assert client.round_trip_ms() >= 0
        step_until(app, lambda: player.turn() or server.round_trip_ms(0) is not None)
        monkeypatch.setattr(server, "latency", lambda seat: SeatLatency(0.7, 0.2, 3.0))
        host_line = scene.latency_lines()[0]
        remote_line = Latency().text(0.7)
        assert host_line.startswith(f"Ada: {round_trip_text(0.7)} · ") and round_trip_text(0.7) == "round trip 0.70 ms"
        assert remote_line.startswith(f"{round_trip_text(0.7)} · ")


def test_spectators_are_counted_in_the_lobby_and_on_the_badge_and_see_what_the_rail_may(app):
    d, lobby = host_from_setup(app, ["remote", "normal"])
    server = lobby.session.server
    rail = ThreadedClient("127.0.0.1", server.port, lobby.session.code, watch=True)
    welcome = rail.start()
    client = None
    try:
        assert welcome["seat"] is None and welcome["token"] is None
        step_until(app, lambda: lobby.session.watching() == 1)
        step_until(app, lambda: rail.client.lobby is not None and rail.client.lobby["watching"] == 1)
        assert rail.client.lobby["watching"] == 1
        assert lobby.seats_heading() == "Seats  ·  1 watching"
        client = join(lobby)
        step_until(app, lambda: isinstance(app.scenes.top, HostedTable))
        scene, player = table_of(app), RemotePlayer(client)
        assert scene.hosting.badge().endswith("· 1 watching")
        assert scene.hosting.badge(compact=True).endswith("· 1 watching")

        def round_over() -> bool:
            player.turn()
            return scene.state.round_outcome() is not None

        step_until(app, round_over)
        c = rail.client
        step_until(app, lambda: player.turn() or c.count == len(scene.state.history))
        assert c.seat is None and c.view == scene.state.seat_view(None).to_json()
        assert c.log == scene.state.log_for(None) and c.legal is None
        history = len(scene.state.history)
        rail.send_action(player.last_legal[0], c.count)
        step_until(app, lambda: c.refusals)
        assert "watching" in c.refusals[-1]["reason"] and len(scene.state.history) >= history
        assert server.refused_count == 1  # the spectator's action only
    finally:
        rail.close()
        if client is not None:
            client.close()
