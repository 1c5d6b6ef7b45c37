"""Joining a hosted table from the window, on 127.0.0.1, by posted events only.

A headless :class:`~cardtable.net.host.Host` deals a match for one remote seat and
computers; the app opens "Join a table" from the menu, the address, join code and
name are typed, Join is clicked, and the game's own table opens for our seat. A round
is then played by keys to its end, for two games, and what the window shows is the
host's state as our seat may see it. A wrong code and an unreachable address are said
in words. Bounded: every wait counts frames and gives up.
"""

from __future__ import annotations

import socket
import time

import pygame
import pytest
from uihelp import Driver, wait_for

from cardtable import games
from cardtable.net.discovery import Found
from cardtable.net.host import Host
from cardtable.ui import join_scene, remote_table
from cardtable.ui.join_scene import JoinScene
from cardtable.ui.remote_table import RemoteTable
from cardtable.ui.widgets import TextInput

CODE = "K7QX2M"


def host_for(game_id: str, seats=("remote", "normal", "normal")) -> Host:
    game = games.get(game_id)
    return Host(game, list(seats), settings=dict(game.profile.short_match), seed=5, code=CODE).start()


def join_from_menu(app, address: str, code: str, name: str = "Remy") -> tuple[Driver, JoinScene]:
    d = Driver(app)
    d.press("Join a table")
    join = app.scenes.top
    assert isinstance(join, JoinScene)
    fields = [w for w in join.widgets.widgets if isinstance(w, TextInput)]
    for field, text in zip(fields, (address, code, name)):
        d.click(field.rect.center)
        d.type(text)
    assert (join.address, join.code, join.name) == (address, code, name)
    d.press("Join")
    return d, join


@pytest.fixture(autouse=True)
def no_multicast(monkeypatch):
    """The Join screen's search, without binding multicast sockets beyond 127.0.0.1:
    it finds one made-up table."""
    found = [Found("Test table", "127.0.0.1", 7999, "sabacc", "3")]
    monkeypatch.setattr(join_scene, "unavailable", lambda: None)
    monkeypatch.setattr(join_scene, "browse", lambda seconds: list(found))
    return found


@pytest.fixture
def quick(monkeypatch):
    monkeypatch.setattr(remote_table, "PACE", 0.05)
    monkeypatch.setattr(remote_table, "REVEAL_HOLD", 0.2)


@pytest.mark.parametrize("game_id", ["five_card_draw", "sabacc"])
def test_join_from_the_menu_and_play_a_round_by_keys(app, game_id, quick):
    host = host_for(game_id)
    try:
        d, join = join_from_menu(app, f"127.0.0.1:{host.port}", CODE.lower())
        assert wait_for(d, lambda: isinstance(app.scenes.top, RemoteTable)), join.status
        table = app.scenes.top
        assert table.viewer == 0 and join not in app.scenes.scenes
        first_round = None  # the round our seat first acts in
        pressed = 0
        for _ in range(3000):
            view = table.view
            if host.state.to_act is None or (first_round is not None and host.state.round_number > first_round):
                break
            if view.to_act == 0 and not table.updates and not table.in_flight:
                first_round = view.round if first_round is None else first_round
                if game_id == "sabacc" and view.phase.id in ("draw", "decide"):
                    d.key(pygame.K_s if view.phase.id == "draw" else pygame.K_k)
                else:
                    d.key(pygame.K_c if table.bet_bar is not None else pygame.K_RETURN)
                pressed += 1
            else:
                d.step()
            time.sleep(0.002)
        assert pressed > 0, "our seat never acted"
        assert host.state.to_act is None or host.state.round_number > first_round, "the round did not end"
        assert host.refused_count == 0
        # what the window shows is the host's state as our seat sees it
        # The host waits for us (or the match is over); the window shows every message and
        # then, once a settled round's hold is over, the host's state as our seat sees it.
        assert wait_for(d, lambda: host.state.to_act in (0, None) and not table.updates
                        and table.remote_count == len(host.state.history)
                        and table.view == host.state.seat_view(0), 3000), (table.view.phase, host.state.to_act)
        assert table.match.log_for(0) == host.state.log_for(0)
    finally:
        host.stop()


def test_the_joined_window_says_when_someone_is_guessing_the_code(app):
    import asyncio

    from cardtable.net.client import Client, JoinRefused
    from cardtable.net.guessing import GuessGate

    host = Host(games.get("five_card_draw"), ["remote", "remote"], seed=5, code=CODE)
    waits: list[float] = []

    async def no_wait(seconds: float) -> None:
        waits.append(seconds)

    host.guesses = GuessGate(sleep=no_wait)  # the delays are the guessing tests'; here, only the words
    host.start()
    try:
        d, join = join_from_menu(app, f"127.0.0.1:{host.port}", CODE)
        assert wait_for(d, lambda: join.link is not None), join.status

        async def guess() -> None:
            for code in ("AAAAAA", "BBBBBB", "CCCCCC"):
                try:
                    await Client("127.0.0.1", host.port, code).connect()
                except JoinRefused:
                    pass

        asyncio.run(guess())
        assert wait_for(d, lambda: "someone is guessing the code" in join.status), join.status
        assert "3 wrong codes, joins slowed" in join.status and len(waits) == 2
    finally:
        host.stop()


def test_a_wrong_code_and_an_unreachable_host_are_said(app):
    host = host_for("five_card_draw", ("remote", "normal"))
    try:
        d, join = join_from_menu(app, f"127.0.0.1:{host.port}", "WRONG1")
        assert wait_for(d, lambda: join.status_error), join.status
        assert "wrong join code" in join.status and isinstance(app.scenes.top, JoinScene)
    finally:
        host.stop()
    with socket.socket() as probe:  # a port nobody listens at
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    join.address = f"127.0.0.1:{port}"
    join.layout()
    d.press("Join")
    assert wait_for(d, lambda: join.status_error and "reach" in join.status), join.status
    join.address = "no port:x"
    join.layout()
    d.press("Join")
    assert "address" in join.status and join.status_error


def test_a_dropped_connection_comes_back_to_the_same_seat(app, quick):
    host = host_for("five_card_draw", ("remote", "normal"))
    try:
        d, join = join_from_menu(app, f"127.0.0.1:{host.port}", CODE)
        assert wait_for(d, lambda: isinstance(app.scenes.top, RemoteTable)), join.status
        table = app.scenes.top
        token = table.link.client.token
        table.link.abort()  # a pulled cable
        assert wait_for(d, lambda: table.reconnecting, 600)
        surface = app.screen.copy()
        table.draw(surface)
        assert wait_for(d, lambda: not table.reconnecting and table.link.connected, 1500)
        assert table.link.client.token == token and table.link.client.seat == 0
        assert wait_for(d, lambda: host.state.to_act in (0, None) and not table.updates
                        and table.remote_count == len(host.state.history), 600)
        assert table.view == host.state.seat_view(0)
    finally:
        host.stop()


def test_tables_found_are_listed_and_a_click_fills_the_address(app, monkeypatch):
    d = Driver(app)
    d.press("Join a table")
    join = app.scenes.top
    assert wait_for(d, lambda: bool(join.found_rows), 600)
    d.click(join.found_rows[0].center)
    assert join.address == "127.0.0.1:7999"
    monkeypatch.setattr(join_scene, "unavailable", lambda: "finding tables needs the 'zeroconf' package")
    d.press("Look again")
    assert "zeroconf" in join.look_note and "Cannot look" in join.look_note
    monkeypatch.setattr(join_scene, "unavailable", lambda: None)
    monkeypatch.setattr(join_scene, "browse", lambda seconds: [])
    d.press("Look again")
    assert wait_for(d, lambda: "No table found" in join.look_note, 600)
    d.key(pygame.K_ESCAPE)
    assert join not in app.scenes.scenes


def test_a_host_of_another_protocol_version_is_said(app):
    import threading
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.settimeout(10)

    def answer() -> None:
        conn, _ = server.accept()
        with conn:
            conn.recv(4096)
            conn.sendall(b'{"v":99,"type":"welcome","seat":0}\n')
            time.sleep(1.0)

    threading.Thread(target=answer, daemon=True).start()
    try:
        d, join = join_from_menu(app, f"127.0.0.1:{server.getsockname()[1]}", CODE)
        assert wait_for(d, lambda: join.status_error), join.status
        assert "version 99" in join.status and "same cardtable version" in join.status
    finally:
        server.close()


GAMES = games.registry().with_rules()


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_game_is_played_to_its_end_from_a_joined_window(app, game, monkeypatch):
    """The person at the window picks among their legal moves (as their clicks would);
    the host never refuses one, and the window ends on the host's standings."""
    import random
    monkeypatch.setattr(remote_table, "PACE", 0.0)
    monkeypatch.setattr(remote_table, "REVEAL_HOLD", 0.0)
    kinds = ["remote", "random", "normal"][:max(3, game.seats[0])]
    host = Host(game, kinds, settings=dict(game.profile.short_match), seed=3, code=CODE).start()
    try:
        d, join = join_from_menu(app, f"127.0.0.1:{host.port}", CODE)
        assert wait_for(d, lambda: isinstance(app.scenes.top, RemoteTable)), join.status
        table = app.scenes.top
        rng = random.Random(3)
        for _ in range(20000):
            if host.over and not table.updates and table.remote_count == len(host.state.history):
                break
            view = table.view
            if view.to_act == 0 and not table.updates and not table.in_flight:
                legal = list(view.legal)
                table.act(rng.choice([a for a in legal if "fold" not in a.kind and "drop" not in a.kind] or legal))
            d.step()
            time.sleep(0.001)
        assert host.over and host.refused_count == 0
        d.step(3)
        assert table.match.standings() == host.state.standings() and table.view == host.state.seat_view(0)
        assert any(type(s).__name__ == "MatchOverScene" for s in app.scenes.scenes)
    finally:
        host.stop()


def test_ctrl_r_reviews_what_this_window_was_shown_from_its_own_seat(app, quick):
    from cardtable.match_replay import SeenViews
    from cardtable.ui.replay_table import OWN_SEAT, ReplayTable

    host = host_for("five_card_draw")
    try:
        d, join = join_from_menu(app, f"127.0.0.1:{host.port}", CODE)
        assert wait_for(d, lambda: isinstance(app.scenes.top, RemoteTable)), join.status
        table = app.scenes.top
        for _ in range(3000):  # our seat plays until a few updates have been shown
            if len(table.seen) >= 12 or host.state.to_act is None:
                break
            if table.view.to_act == 0 and not table.updates and not table.in_flight:
                d.key(pygame.K_c if table.bet_bar is not None else pygame.K_RETURN)
            else:
                d.step()
            time.sleep(0.002)
        seen = list(table.seen)
        assert len(seen) >= 2 and seen[-1][0] == table.view
        d.key(pygame.K_r, mod=pygame.KMOD_CTRL)
        viewer = app.scenes.top
        assert isinstance(viewer, ReplayTable) and isinstance(viewer.replay, SeenViews)
        assert viewer.who == OWN_SEAT and viewer.perspectives == [0] and viewer.position == len(seen) - 1
        d.key(pygame.K_HOME)
        for n, (view, log_length) in enumerate(seen):  # every view as it came, nobody else's
            assert viewer.position == n and viewer.view.seat == 0
            assert viewer.view.seats == view.seats and viewer.match.log_for(0) == table.remote_log[:log_length]
            d.key(pygame.K_RIGHT)
        d.key(pygame.K_v)
        assert viewer.perspective == 0 and "own seat" in app.toast_text
        d.key(pygame.K_ESCAPE)
        assert app.scenes.top is table
    finally:
        host.stop()


def join_to_watch(app, address: str, code: str) -> tuple[Driver, JoinScene]:
    """The Join screen's fields typed, then Watch pressed (no name needed)."""
    d = Driver(app)
    d.press("Join a table")
    join = app.scenes.top
    assert isinstance(join, JoinScene)
    fields = [w for w in join.widgets.widgets if isinstance(w, TextInput)]
    for field, text in zip(fields, (address, code)):
        d.click(field.rect.center)
        d.type(text)
    d.press("Watch")
    return d, join


class HeadlessPlayer:
    """Seat 0 played by a headless client on its own thread, once ``go`` is set (so the
    match waits for the window that watches it)."""

    def __init__(self, host: Host) -> None:
        import asyncio
        import random
        import threading

        from cardtable.net.client import Client

        self.go = threading.Event()
        self.seated = threading.Event()

        async def play() -> None:
            client = Client("127.0.0.1", host.port, CODE, name="Ada", want_legal=True)
            await client.connect()
            self.seated.set()
            while not self.go.is_set():
                await asyncio.sleep(0.01)
            await client.play("normal", random.Random(3), timeout=30)
            await client.close()

        self.thread = threading.Thread(target=lambda: asyncio.run(play()), daemon=True)
        self.thread.start()
        assert self.seated.wait(10)


@pytest.mark.parametrize("game_id", ["five_card_draw", "sabacc"])
def test_a_full_table_is_watched_from_the_join_screen_to_its_end(app, game_id, monkeypatch):
    """Watch opens the game's table with no viewer: nobody's cards, nothing to act, no pass
    screen, the bar says "Watching", and the window ends on what the rail may see."""
    monkeypatch.setattr(remote_table, "PACE", 0.0)
    monkeypatch.setattr(remote_table, "REVEAL_HOLD", 0.0)
    host = host_for(game_id, ("remote", "random", "normal"))
    player = HeadlessPlayer(host)  # the table is full before the window comes
    try:
        d, join = join_to_watch(app, f"127.0.0.1:{host.port}", CODE)
        assert wait_for(d, lambda: isinstance(app.scenes.top, RemoteTable)), join.status
        table = app.scenes.top
        assert table.viewer is None and table.watching and table.people_here() == []
        assert table.waiting_text(table.view).startswith("Watching: ")
        player.go.set()
        for _ in range(20000):
            if host.over and not table.updates and table.remote_count == len(host.state.history):
                break
            d.key(pygame.K_c)  # a spectator's keys act for nobody
            d.key(pygame.K_k)
            assert all(type(s).__name__ != "PassScreen" for s in app.scenes.scenes)
            time.sleep(0.001)
        assert host.over and host.refused_count == 0
        d.step(3)
        assert table.view == host.state.seat_view(None)
        assert table.match.log_for(None) == host.state.log_for(None)
        assert table.match.standings() == host.state.standings()
        assert any(type(s).__name__ == "MatchOverScene" for s in app.scenes.scenes)
    finally:
        player.go.set()
        player.thread.join(10)
        host.stop()
