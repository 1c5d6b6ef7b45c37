"""Take the README's "Play across the room" screenshots: ``python docs/make_host_screenshots.py``.

Hosts Shenja Ivali from the window at 1366 x 768 (two remote seats, headless clients
joining on the loopback address, the table not announced), and saves the setup with
remote seats, the lobby with one player joined, and the hosted table with its badge
as PNG under ``docs/``.
"""

from __future__ import annotations

import os
import sys
import tempfile
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

from cardtable.net.client import ThreadedClient  # noqa: E402
from cardtable.ui import hosting  # noqa: E402
from cardtable.ui.app import App  # noqa: E402
from cardtable.ui.menu import MenuScene, open_variant  # noqa: E402

OUT = Path(__file__).resolve().parent
SIZE = (1366, 768)


def save(app: App, name: str) -> None:
    path = OUT / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    print(f"wrote {path}")


def frames(app: App, n: int, dt: float = 0.1) -> None:
    for _ in range(n):
        app.step(dt)
        time.sleep(0.01)  # the clients' threads get their turn


def main() -> int:
    hosting.ADVERTISE = False
    app = App(size=SIZE)
    app.push(MenuScene(app))
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "shenja_ivali")
    open_variant(app, spec)
    setup = app.scenes.top
    setup.count = 4
    setup.names[:4] = ["Ada", "Bo", "Cy", "Dee"]
    setup.kinds[:4] = [0, 1, 1, 2]  # a person here, two remote people, a computer
    setup.layout()
    app.step()
    save(app, "host_setup")
    setup.start()
    lobby = app.scenes.top
    server = lobby.session.server
    clients = [ThreadedClient("127.0.0.1", server.port, lobby.session.code, name="Bea", want_legal=True)]
    clients[0].start()
    frames(app, 5)
    save(app, "host_lobby")
    clients.append(ThreadedClient("127.0.0.1", server.port, lobby.session.code, name="Cyrus", want_legal=True))
    clients[1].start()
    frames(app, 10)
    if type(app.scenes.top).__name__ == "PassScreen":
        app.scenes.top.ready()
    frames(app, 30)
    save(app, "host_table")
    for client in clients:
        client.close()
    app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
