"""The free table as a joined player sees it: the host's table, their own hand at the
bottom, their moves sent to the host.

:class:`JoinedFreeTable` is the free table's scene with a
:class:`~cardtable.games.free_table.ui.wire_table.WireTable` in place of its own table:
every drag, flip, shuffle and deal becomes an operation for the host, and the piles
change only when the host's update comes (:class:`~cardtable.net.free_mirror.FreeTableMirror`).
A refused operation is said in a toast; the table already shows the host's. What only
the host does on a shared table (spread, gather, undo, redo, deal to every hand,
another deck) says so. A dropped connection joins again with the seat token on its own
(the host sends the whole table back), every few seconds, until the host refuses the
seat or stays away :data:`GIVE_UP_AFTER` tries. Speech says what the others did, as the host
puts it in words (:mod:`cardtable.net.free_words`).
"""

from __future__ import annotations

import threading
import time
from typing import Any

from cardtable.games.free_table.ui.table import FreeTableScene
from cardtable.games.free_table.ui.wire_table import WireTable
from cardtable.net.client import JoinRefused, ThreadedClient
from cardtable.net.free_mirror import FreeTableMirror
from cardtable.net.free_words import heard_lines
from cardtable.ui.camera import Camera
from cardtable.variants import VariantSpec, load_deck_by_id

__all__ = ["JoinedFreeTable", "open_joined"]

HOST_ONLY = "On a hosted table only the host can {what}"
GIVE_UP_AFTER = 12
"""Tries to join again after a drop (every 0.5 s, doubling to 5 s: about a minute)."""


class JoinedFreeTable(FreeTableScene):
    """A joined player's (or, with ``seat`` None, a spectator's) window on a hosted free table."""

    def __init__(self, app: Any, variant: VariantSpec, link: ThreadedClient, welcome: dict[str, Any],
                 first: dict[str, Any]) -> None:
        self.link = link
        self.mirror = FreeTableMirror()
        self.names: list[str] = list(welcome.get("names") or [])
        self.remote_seat: int | None = welcome["seat"]
        self.gone = False
        self.reconnecting = False
        self.said: str | None = None  # what the reconnecting thread found, said by the next frame
        super().__init__(app, variant, deck_id=first["view"]["deck"])
        self.seat = -1 if self.remote_seat is None else self.remote_seat  # a spectator holds no hand
        self.players = max(1, int(welcome.get("seats") or 1))
        self.receive(first)

    # -- the host's updates ------------------------------------------------------------
    def receive(self, message: dict[str, Any]) -> None:
        """One message from the host."""
        kind = message.get("type")
        if kind == "state":
            if "names" in message:
                self.names = list(message["names"])
            try:
                if self.mirror.receive(message["view"]):
                    self._show_host_table()
            except ValueError as exc:
                self.toast(f"The host's table could not be read: {exc}", 4.0)
            for words in heard_lines(message.get("log")):
                self.app.speech.say(words)  # what the others did (cardtable.net.free_words)
        elif kind == "refused":
            self.toast(f"The host refused that: {message['reason']}", 3.0)
        elif kind == "welcome":
            self.reconnecting = False
            self.mirror.forget_partial()  # (the host sends the whole table again)
            self.toast("Back at the table", 2.0)
        elif kind == "disconnected" and not self.gone and not self.reconnecting:
            self._join_again()

    def _join_again(self) -> None:
        """Join again with the seat token on a background thread, trying every few seconds."""
        self.reconnecting = True
        self.toast("The connection dropped: joining again…", 3.0)

        def again() -> None:
            delay = 0.5
            for _ in range(GIVE_UP_AFTER):
                if self.gone:
                    return
                try:
                    self.link.reconnect(timeout=5.0)
                    return
                except JoinRefused as exc:
                    self.said = f"The host will not seat us again: {exc}. Esc leaves"
                    break
                except Exception:  # noqa: BLE001 - the host unreachable for now: try again
                    time.sleep(delay)
                    delay = min(delay * 2, 5.0)
            else:
                self.said = "The host is gone: Esc leaves"
            self.gone, self.reconnecting = True, False

        threading.Thread(target=again, name="cardtable-free-rejoin", daemon=True).start()

    def _show_host_table(self) -> None:
        deck_id = self.mirror.deck_id or self.variant.decks[0]
        table = self.tables.get(deck_id, (None, None))[0]
        if isinstance(table, WireTable) and table.deck.id == deck_id:
            table.put(self.mirror.fill(len(table.deck)))
            return
        deck = load_deck_by_id(deck_id)
        fresh = self.mirror.table(deck, WireTable)
        assert isinstance(fresh, WireTable)
        fresh.send, fresh.seat = self._send, self.seat
        camera = self.tables[deck_id][1] if deck_id in self.tables else Camera(self.app.screen.get_size())
        self.tables[deck_id] = (fresh, camera)
        self.table, self.camera = fresh, camera
        if len(fresh.piles) - len(fresh.hands) > 1:
            self.fit_all()
        else:
            self.fit_start()  # one pile: room around it for what is dealt, as the host's first view

    def _send(self, op: dict[str, Any]) -> None:
        if self.remote_seat is None:
            self.toast("Watching: the table is the players'", 1.5)
            return
        self.link.send_action(op)

    def update(self, dt: float) -> None:
        """Take the host's messages, then the table's frame."""
        for message in self.link.poll():
            self.receive(message)
        if self.said is not None:
            self.toast(self.said, 6.0)
            self.said = None
        super().update(dt)

    # -- what the host alone does ----------------------------------------------------------
    def choose_deck(self, deck_id: str) -> None:
        """Only the first time (the host's deck): the host chooses the deck."""
        if self.tables:
            self.toast(HOST_ONLY.format(what="choose the deck"), 2.0)
            return
        super().choose_deck(deck_id)

    def spread(self, mode: str, pid: int | None = None) -> None:
        """The host spreads piles."""
        self.toast(HOST_ONLY.format(what="spread a pile"), 2.0)

    def gather(self, pid: int | None = None) -> None:
        """The host gathers piles."""
        self.toast(HOST_ONLY.format(what="gather piles"), 2.0)

    def undo(self) -> None:
        """The host undoes."""
        self.toast(HOST_ONLY.format(what="undo"), 2.0)

    def redo(self) -> None:
        """The host redoes."""
        self.toast(HOST_ONLY.format(what="redo"), 2.0)

    def deal_to_players(self, pid: int | None = None) -> None:
        """The host deals to every hand."""
        self.toast(HOST_ONLY.format(what="deal to every hand"), 2.0)

    def passes_hands(self) -> bool:
        """Never: each player has their own screen (no Pass button in the hand bar)."""
        return False

    def pass_on(self) -> None:
        """Each player has their own screen: nothing to pass."""
        self.toast("Everyone has their own screen here: no need to pass", 2.0)

    def set_players(self, players: int) -> None:
        """The host's lobby decided the players."""
        self.toast(HOST_ONLY.format(what="choose how many play"), 2.0)

    def exit(self) -> None:
        """Leave the table (the seat is kept for its token a while)."""
        self.gone = True  # (no joining again)
        self.link.close(bye=True)
        super().exit()

    def release(self) -> None:
        """As :meth:`exit`, after a crash."""
        self.gone = True
        self.link.close()
        super().release()


def open_joined(app: Any, link: ThreadedClient, welcome: dict[str, Any], first: dict[str, Any]) -> JoinedFreeTable:
    """Push the joined free table from the welcome and the host's first ``state``
    (ValueError when the free table is not installed or the view cannot be read)."""
    from cardtable import games
    from cardtable.ui.remote_table import variant_for
    variant = variant_for(app, games.get("free_table"))
    if variant is None:
        raise ValueError("the free table is not installed here")
    view = first.get("view")
    if not isinstance(view, dict) or view.get("free") != 1 or not isinstance(view.get("deck"), str):
        raise ValueError("the host's first message is not a free table")
    try:
        load_deck_by_id(view["deck"])
    except (KeyError, ValueError, OSError) as exc:
        raise ValueError(f"the deck {view['deck'][:40]!r} is not here: {exc}") from None
    scene = JoinedFreeTable(app, variant, link, welcome, first)
    app.push(scene)
    return scene
