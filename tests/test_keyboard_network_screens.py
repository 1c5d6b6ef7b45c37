"""The network screens by keys alone (no mouse event is posted): hosting a game from its setup
screen and its lobby, the free table's hosting (L) and its lobby, and the Join screen (a table
found on the network chosen, the code and the name typed, Join), each with the focus ring drawn
where Tab puts the keyboard focus. On 127.0.0.1, not announced; every wait counts frames."""

from __future__ import annotations

import pygame
import pytest
from test_keyboard_screens import ring_drawn, tab_to
from uihelp import Driver, on_loopback, variant_spec, wait_for

from cardtable import games
from cardtable.games.free_table.ui.table import FreeTableScene
from cardtable.net.discovery import Found
from cardtable.net.host import Host
from cardtable.ui import join_scene
from cardtable.ui.hosted_table import HostedTable
from cardtable.ui.hosting import LobbyScene
from cardtable.ui.join_scene import FoundRow, JoinScene
from cardtable.ui.menu import MenuScene, open_variant
from cardtable.ui.remote_table import RemoteTable
from cardtable.ui.setup_scene import SetupScene
from cardtable.ui.widgets import TextInput

CODE = "K7QX2M"


@pytest.fixture(autouse=True)
def loopback(monkeypatch):
    """Any free port on 127.0.0.1, not announced on the network."""
    on_loopback(monkeypatch)


def test_hosting_from_the_setup_screen_by_keys(app):
    d = Driver(app)
    open_variant(app, variant_spec(app, "five_card_draw"))
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    kinds = [w for w in setup.widgets.widgets if getattr(w, "label", "") in ("person", "remote person")
             or str(getattr(w, "label", "")).startswith("computer")]
    seat = kinds[1]
    for _ in range(len(setup.widgets.focusables()) + 1):  # Tab to the second seat's kind
        if setup.widgets.focused is seat:
            break
        d.key(pygame.K_TAB)
    assert ring_drawn(app)
    for _ in range(len(setup.levels) + 1):  # Enter goes round the kinds
        if setup.levels[setup.kinds[1]] == "remote":
            break
        d.key(pygame.K_RETURN)
    assert setup.hosting
    tab_to(d, "Host")
    assert ring_drawn(app)
    d.key(pygame.K_RETURN)
    lobby = app.scenes.top
    assert isinstance(lobby, LobbyScene)
    tab_to(d, "Cancel")
    assert ring_drawn(app)
    tab_to(d, "Play on without them")
    assert ring_drawn(app)
    d.key(pygame.K_RETURN)  # the empty remote seat is played by a computer
    assert isinstance(app.scenes.top, HostedTable)


def test_the_lobby_cancels_by_esc(app):
    d = Driver(app)
    open_variant(app, variant_spec(app, "five_card_draw"))
    setup = app.scenes.top
    setup.kinds[1] = setup.levels.index("remote")
    setup.layout()
    d.step()
    d.key(pygame.K_RETURN)
    lobby = app.scenes.top
    server = lobby.session.server
    assert isinstance(lobby, LobbyScene) and server is not None
    stopped = []
    real_stop = server.stop
    server.stop = lambda: (stopped.append(True), real_stop())
    d.key(pygame.K_ESCAPE)
    assert not isinstance(app.scenes.top, LobbyScene) and stopped


def test_the_free_tables_hosting_by_keys(app):
    d = Driver(app)
    scene = app.push(FreeTableScene(app, variant_spec(app, "free_table"), seed=1))
    d.step()
    d.key(pygame.K_l)
    lobby = app.scenes.top
    assert isinstance(lobby, LobbyScene) and scene.hosting is not None
    tab_to(d, "Cancel")
    assert ring_drawn(app)
    tab_to(d, "Play on without them")
    assert ring_drawn(app)
    d.key(pygame.K_RETURN)
    assert app.scenes.top is scene and scene.hosting is not None
    d.key(pygame.K_TAB)  # the table's own focus goes on as before
    assert scene.focus_rect() is not None
    d.key(pygame.K_l)  # the lobby again
    assert isinstance(app.scenes.top, LobbyScene)
    d.key(pygame.K_ESCAPE)  # Cancel: no longer hosted
    assert app.scenes.top is scene and scene.hosting is None


def test_joining_by_keys_alone(app, monkeypatch):
    game = games.get("sabacc")
    host = Host(game, ["remote", "normal", "normal"], settings=dict(game.profile.short_match), seed=5,
                code=CODE).start()
    monkeypatch.setattr(join_scene, "browse", lambda seconds: [Found("Test table", "127.0.0.1", host.port,
                                                                      "sabacc", "3")])
    try:
        d = Driver(app)
        d.step()
        tab_to(d, "Join a table")
        d.key(pygame.K_RETURN)
        join = app.scenes.top
        assert isinstance(join, JoinScene)
        assert wait_for(d, lambda: any(isinstance(w, FoundRow) for w in join.widgets.widgets))
        d.key(pygame.K_TAB)  # the table found comes first
        row = join.widgets.focused
        assert isinstance(row, FoundRow) and ring_drawn(app)
        d.key(pygame.K_RETURN)  # its address, and the focus on the code
        assert join.address == f"127.0.0.1:{host.port}"
        code = join.widgets.focused
        assert isinstance(code, TextInput) and ring_drawn(app)
        d.type(CODE.lower())
        d.key(pygame.K_TAB)
        d.key(pygame.K_a, pygame.KMOD_CTRL)
        d.type("Kay")
        assert (join.code, join.name) == (CODE.lower(), "Kay")
        tab_to(d, "Join")
        assert ring_drawn(app)
        d.key(pygame.K_RETURN)
        assert wait_for(d, lambda: isinstance(app.scenes.top, RemoteTable)), join.status
        assert app.scenes.top.viewer == 0
        d.key(pygame.K_ESCAPE)
    finally:
        host.stop()
    assert isinstance(app.scenes.scenes[0], MenuScene)
