"""Hosting the free table from one window and joining it from another, in one process.

The host's app opens the free table and presses L: the lobby shows a join code. The
other app joins from its menu by posted events (address, code, name, Join) and the
joined free table opens with the host's table. The host deals hands and a face-up
row; the joined window shows its own hand face up and the host's hand as backs; a
flip made by key in the joined window reaches the host's table and comes back. The
two apps share pygame's event queue, so each gesture is posted while only its app
steps; the joined app draws on a surface of its own. Bounded: every wait counts
frames and gives up. With CARDTABLE_SHOTS set to a folder, both windows are saved
there as PNGs (the pictures looked at for the change).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame
import pytest
from test_ui_join import join_from_menu
from uihelp import Driver, on_loopback

from cardtable.engine.table import CARD_H, CARD_W
from cardtable.games.free_table.ui.joined import JoinedFreeTable
from cardtable.games.free_table.ui.table import FreeTableScene
from cardtable.ui import join_scene
from cardtable.ui.app import App
from cardtable.ui.hosting import LobbyScene
from cardtable.ui.menu import MenuScene

SIZE = (1366, 768)


@pytest.fixture(autouse=True)
def loopback(monkeypatch):
    """Any free port on 127.0.0.1, not announced; the Join screen searches nothing."""
    on_loopback(monkeypatch)
    monkeypatch.setattr(join_scene, "browse", lambda seconds: [])


def until(apps: list[App], done, frames: int = 1500) -> bool:
    for _ in range(frames):
        if done():
            return True
        for app in apps:
            app.step(1 / 60)
        time.sleep(0.002)  # the network threads run
    return done()


def centre(scene: FreeTableScene, pid: int) -> tuple[int, int]:
    pile = scene.table.piles[pid]
    x, y = scene.camera.to_screen(pile.x + CARD_W / 2, pile.y + CARD_H / 2)
    return int(x), int(y)


def shot(app: App, name: str) -> None:
    folder = os.environ.get("CARDTABLE_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(Path(folder) / name))


def test_host_the_free_table_and_play_on_it_from_another_window():
    host_app = App(size=SIZE)
    guest = App(size=SIZE)
    guest.screen = pygame.Surface(SIZE)  # its own picture: the display is the host's
    try:
        spec = next(e.spec for e in host_app.variant_entries if e.spec and e.spec.id == "free_table")
        table_scene = host_app.push(FreeTableScene(host_app, spec, deck_id="standard52", seed=3))
        host = Driver(host_app)
        host.step()
        host.key(pygame.K_l)
        lobby = host_app.scenes.top
        assert isinstance(lobby, LobbyScene) and table_scene.hosting is not None
        code = table_scene.hosting.code
        server = table_scene.hosting.free_server
        assert server is not None
        shot(host_app, "free_table_lobby.png")

        guest.push(MenuScene(guest))
        d, join = join_from_menu(guest, f"127.0.0.1:{server.port}", code.lower(), "Remy")
        assert until([guest, host_app], lambda: isinstance(guest.scenes.top, JoinedFreeTable)), join.status
        joined = guest.scenes.top
        assert host_app.scenes.top is table_scene  # everyone is here: the lobby closed itself
        assert joined.seat == 1 and set(joined.table.piles) == set(table_scene.table.piles)
        spoken: dict[str, list[str]] = {"host": [], "guest": []}
        for who, app in (("host", host_app), ("guest", guest)):
            app.speech.say = lambda text, *a, _who=who, **k: spoken[_who].append(text)

        # the host deals five to each hand and a face-up row, by keys over the deck
        deck = next(iter(table_scene.table.piles))
        host.move(centre(table_scene, deck))
        host.key(pygame.K_h)
        host.move(centre(table_scene, deck))
        host.key(pygame.K_d, pygame.KMOD_SHIFT)
        table = table_scene.table
        assert until([host_app, guest], lambda: set(joined.table.piles) == set(table.piles)
                     and joined.table.hand_of(1) is not None)
        mine, theirs = table.hand_of(1), table.hand_of(0)
        assert joined.table.piles[mine].cards == table.piles[mine].cards  # my hand: the real cards
        assert not set(table.piles[theirs].cards) & joined.mirror.seen()  # the host's hand: backs
        host.key(pygame.K_p)  # no pass screen: the host's window never shows another player's hand
        assert host_app.scenes.top is table_scene and table_scene.seat == 0

        # the guest flips the deck by key, in its own window; the host's table turns it over
        guest_driver = Driver(guest)
        guest_driver.move(centre(joined, deck))
        up = table.piles[deck].top_face_up
        guest_driver.key(pygame.K_f)
        assert until([host_app, guest], lambda: table.piles[deck].top_face_up != up
                     and joined.table.piles[deck].top == table.piles[deck].top)
        # the guest drags a card of the row across the felt; the host's table has it there
        row = max(pid for pid, p in table.piles.items() if p.owner is None)
        was = (table.piles[row].x, table.piles[row].y)
        start = centre(joined, row)
        guest_driver.drag(start, (start[0] - 150, start[1] - 260))
        assert until([host_app, guest], lambda: row in table.piles and (table.piles[row].x, table.piles[row].y) != was
                     and (joined.table.piles[row].x, joined.table.piles[row].y) == (table.piles[row].x,
                                                                                    table.piles[row].y))
        # each hears what the other did, in words (a screen reader's user at either window)
        assert "Host dealt to every hand" in spoken["guest"] and "Host dealt a row" in spoken["guest"]
        assert "Remy flipped a pile" in spoken["host"] and "Remy moved a pile" in spoken["host"]
        assert not any(line.startswith("Remy") for line in spoken["guest"])
        # a pulled cable: the guest joins again with its token, and its table is the host's again
        joined.link.abort()
        assert until([host_app, guest], lambda: joined.reconnecting)
        assert until([host_app, guest], lambda: not joined.reconnecting and joined.link.connected)
        host.move(centre(table_scene, deck))
        host.key(pygame.K_f)  # a change made on the host after the drop reaches the guest
        assert until([host_app, guest], lambda: set(joined.table.piles) == set(table.piles)
                     and joined.table.piles[deck].top == table.piles[deck].top
                     and joined.table.piles[mine].cards == table.piles[mine].cards)
        assert not joined.gone
        drawn = []  # each window has its own player: no hand bar offers to pass the screen
        for app in (host_app, guest):
            render = app.fonts.render
            app.fonts.render = lambda text, *a, _render=render, **k: (drawn.append(text), _render(text, *a, **k))[1]
        host.step(60)
        shot(host_app, "free_table_host.png")
        guest_driver.step()
        shot(guest, "free_table_joined.png")
        assert any("'s hand" in text for text in drawn) and not any(text.startswith("Pass to") for text in drawn)
    finally:
        for app in (guest, host_app):
            for scene in list(app.scenes.scenes):
                scene.exit()  # the joined table closes its link, the host's table its server
            app.scenes.scenes.clear()
        host_app.shutdown()
