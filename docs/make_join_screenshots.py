"""The README's screenshots of joining a table: ``python docs/make_join_screenshots.py``.

A host on 127.0.0.1 deals Shenja Ivali for one remote seat and three computers; the app
(headless, default settings) opens "Join a table" from the menu, types the address,
code and name (``docs/join.png``), joins, and plays its seat to its third turn
(``docs/remote_table.png``). Then it watches a Sabacc table where a player on another
thread has made a few moves (``docs/spectator.png``). The list of tables found is filled
in by hand for the picture: mDNS finds nothing on a machine without a network.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
if "CARDTABLE_HOME" not in os.environ:
    # A home folder of its own with the app's files where Linux keeps them by default, as
    # make_screenshots.py does: a screen naming a folder shows "~/.local/share/cardtable/...",
    # never a temporary folder's path.
    os.environ["HOME"] = tempfile.mkdtemp(prefix="cardtable-shots-")
    os.environ["CARDTABLE_HOME"] = os.path.join(os.environ["HOME"], ".local", "share", "cardtable")

import pygame  # noqa: E402

from cardtable import games  # noqa: E402
from cardtable.net.client import Client  # noqa: E402
from cardtable.net.discovery import Found  # noqa: E402
from cardtable.net.host import Host  # noqa: E402
from cardtable.ui import remote_table  # noqa: E402
from cardtable.ui.app import App  # noqa: E402
from cardtable.ui.join_scene import JoinScene  # noqa: E402
from cardtable.ui.menu import MenuScene  # noqa: E402
from cardtable.ui.remote_table import RemoteTable  # noqa: E402
from cardtable.ui.widgets import TextInput  # noqa: E402

SIZE = (1366, 768)
DOCS = Path(__file__).resolve().parent


def frames(app: App, count: int = 1) -> None:
    for _ in range(count):
        app.step(1 / 60)
        time.sleep(0.002)  # the network threads run


def click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, mod=0))
    frames(app)


def main() -> int:
    remote_table.PACE = 0.05
    host = Host(games.get("shenja_ivali"), ["remote", "normal", "normal", "normal"], seed=8, code="K7QX2M").start()
    app = App(size=SIZE)
    try:
        app.push(MenuScene(app))
        frames(app)
        join = app.push(JoinScene(app, look=False))
        assert isinstance(join, JoinScene)
        join.found = [Found("Ada's table", "192.168.1.20", 7654, "shenja_ivali", "4"),
                      Found("Kitchen", "192.168.1.31", 7654, "sabacc", "3")]
        frames(app)  # the list found lays the screen out anew: its fields are new widgets
        fields = [w for w in join.widgets.widgets if isinstance(w, TextInput)]
        for field, text in zip(fields, ("192.168.1.20:7654", "K7QX2M", "Remy")):
            click(app, field.rect.center)
            for ch in text:
                pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
            frames(app)
        pygame.image.save(app.screen, str(DOCS / "join.png"))
        join.address = f"127.0.0.1:{host.port}"
        join.join()
        for _ in range(1000):
            frames(app)
            if isinstance(app.scenes.top, RemoteTable):
                break
        table = app.scenes.top
        assert isinstance(table, RemoteTable), join.status
        rng, turns = random.Random(2), 0
        for _ in range(5000):
            view = table.view
            if view.to_act == 0 and not table.updates and not table.in_flight:
                turns += 1
                if turns == 3:
                    break
                actions = [a for a in view.legal if "fold" not in a.kind and "drop" not in a.kind]
                table.act(rng.choice(actions or list(view.legal)))
            frames(app)
        frames(app, 30)
        pygame.image.save(app.screen, str(DOCS / "remote_table.png"))
        spectator(app)
    finally:
        host.stop()
        app.shutdown()
    print("wrote docs/join.png, docs/remote_table.png and docs/spectator.png")
    return 0


def spectator(app: App) -> None:
    """Watch a Sabacc table from the Join screen's Watch button while Ada, on another
    thread, plays her seat four moves (and stays): the rail's view, no seat's cards."""
    host = Host(games.get("sabacc"), ["remote", "normal", "normal"], seed=4, code="W4TCH9").start()
    done = threading.Event()

    def ada() -> None:
        async def play() -> None:
            player = Client("127.0.0.1", host.port, host.code, name="Ada", want_legal=True)
            await player.connect()
            await player.play("normal", random.Random(4), max_actions=4)
            while not done.is_set():
                await asyncio.sleep(0.05)
            await player.close()
        asyncio.run(play())

    thread = threading.Thread(target=ada, daemon=True)
    try:
        thread.start()
        join = app.push(JoinScene(app, look=False))
        assert isinstance(join, JoinScene)
        join.address, join.code, join.name = f"127.0.0.1:{host.port}", host.code, "Remy"
        join.watch()
        for _ in range(1000):
            frames(app)
            if isinstance(app.scenes.top, RemoteTable) and app.scenes.top.watching:
                break
        table = app.scenes.top
        assert isinstance(table, RemoteTable) and table.watching, join.status
        for _ in range(3000):
            frames(app)
            if table.view.to_act == 0 and not table.updates:
                break
        frames(app, 30)
        pygame.image.save(app.screen, str(DOCS / "spectator.png"))
    finally:
        done.set()
        thread.join(5)
        host.stop()


if __name__ == "__main__":
    sys.exit(main())
