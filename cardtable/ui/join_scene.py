"""Join a table hosted on another computer: find it, type its code, take a seat.

The tables announced on the local network are looked for on a background thread
(:func:`cardtable.net.discovery.browse`), so a frame never waits for the network; when
discovery cannot work here the screen says why, and a ``host:port`` typed in works the
same. Join connects on a background thread too; a refusal (wrong code, full table,
another version) or an unreachable host is shown in words. Once seated the screen
says who the table still waits for, and when the host deals, the game's own table
opens for our seat (:mod:`cardtable.ui.remote_table`). Watch instead of Join takes no
seat (a full table too): the table opens with no viewer, showing only what no seat
hides.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

import pygame

from cardtable.net.client import JoinRefused, ThreadedClient, parse_address
from cardtable.net.discovery import Found, browse, unavailable
from cardtable.ui.scene import Scene
from cardtable.ui.text import wrap_font
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, TextInput, Widget, WidgetGroup, draw_focus_ring, felt_page

__all__ = ["JoinScene"]

_log = logging.getLogger(__name__)
BROWSE_SECONDS = 2.5
JOIN_TIMEOUT = 6.0
_NEED = (960, 600)  # the unscaled size the screen needs: smaller windows shrink it to fit


class FoundRow(Widget):
    """A table found on the network, in the list: a click, or Enter with the focus on it
    (Tab reaches it first), fills the address from it."""

    def __init__(self, rect, fonts, found: Found, on_choose: Callable[[Found], None], k: Callable[[float], int]):
        super().__init__(rect, fonts)
        self.found, self.on_choose, self.px = found, on_choose, k

    @property
    def label(self) -> str:
        """The table's name (what the keyboard tests and speech call the row)."""
        return self.found.name

    def detail(self) -> str:
        """The game, the seats and the address."""
        table = self.found
        return f"{_game_name(table.game)}  ·  {table.seats or '?'} seats  ·  {table.address}"

    def spoken(self) -> str:
        """The row in words, and what Enter does."""
        return f"{self.found.name}: {self.detail()}. Enter fills in its address."

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.activate()
            return True
        return False

    def activate(self) -> None:
        """Fill the address from this table."""
        self.on_choose(self.found)

    def draw(self, surface: pygame.Surface) -> None:
        px, row = self.px, self.rect
        pygame.draw.rect(surface, THEME.button_hover if self.hovered or self.focused else THEME.button, row,
                         border_radius=px(8))
        surface.blit(self.fonts.render(self.found.name, px(18), THEME.text, bold=True),
                     (row.x + px(12), row.y + px(5)))
        surface.blit(self.fonts.render(self.detail(), px(14), THEME.text_dim), (row.x + px(12), row.y + px(30)))
        if self.focused:
            draw_focus_ring(surface, row, px(8))


class JoinScene(Scene):
    """The Join screen: tables found, address, join code, name; Join, Watch and Back."""

    def __init__(self, app: Any, *, look: bool = True) -> None:
        super().__init__(app)
        self.address = ""
        self.code = ""
        self.name = getattr(app.settings, "player_name", "") or ""
        self.found: list[Found] = []
        self.found_rows: list[pygame.Rect] = []
        self.looking = False
        self.look_note = ""
        self.status = ""
        self.status_error = False
        self.link: ThreadedClient | None = None
        self.joining = False
        self.welcome: dict[str, Any] | None = None
        self.log: list[str] = []
        self._result: tuple[str, Any] | None = None  # set by the joining thread, read by update
        self.closed = False
        self._lock = threading.Lock()
        self.widgets = WidgetGroup()
        self.k = float(app.settings.ui_scale)
        self.layout()
        if look:
            self.look()

    # -- layout -----------------------------------------------------------------------
    def px(self, value: float) -> int:
        """A layout size at the screen's scale: the UI scale, shrunk to fit the window."""
        return int(round(value * self.k))

    def layout(self) -> None:
        """Place the list, the fields and the buttons for the window size."""
        w, h = self.app.screen.get_size()
        scale = self.app.settings.ui_scale
        self.k = scale * min(1.0, w / (_NEED[0] * scale), h / (_NEED[1] * scale))
        px, fonts = self.px, self.app.fonts
        self.list_rect = pygame.Rect(px(40), px(130), min(px(460), w // 2 - px(60)), h - px(260))
        fx = self.list_rect.right + px(50)
        fw = min(px(440), w - fx - px(40))
        group = WidgetGroup()
        with self._lock:
            self._laid_found = list(self.found)
        box, y = self.list_rect, self.list_rect.y + px(50)
        self.found_rows = []
        for table in self._laid_found:  # (first: Tab reaches the tables found before the fields)
            row = pygame.Rect(box.x + px(10), y, box.width - px(20), px(52))
            if row.bottom > box.bottom - px(8):
                break
            group.add(FoundRow(row, fonts, table, self.choose, px))
            self.found_rows.append(row)
            y += px(60)
        self.field_labels: list[tuple[str, tuple[int, int]]] = []
        y = px(150)
        for label, attr, hint, most in (("Address (host:port)", "address", "192.168.1.20:7654", 60),
                                        ("Join code", "code", "shown at the host", 12),
                                        ("Your name", "name", "how the table calls you", 24)):
            self.field_labels.append((label, (fx, y)))
            group.add(TextInput((fx, y + px(24), fw, px(44)), fonts, getattr(self, attr), self._setter(attr),
                                max_len=most, size=px(18), placeholder=hint))
            y += px(92)
        self.join_button = group.add(Button((fx, y + px(6), px(160), px(48)), fonts, "Join", self.join,
                                            size=px(20), primary=True, hotkey="Enter"))
        self.watch_button = group.add(Button((fx + px(172), y + px(6), px(130), px(48)), fonts, "Watch",
                                             self.watch, size=px(20)))
        group.add(Button((fx + px(314), y + px(6), px(120), px(48)), fonts, "Back", self.back, size=px(20),
                         hotkey="Esc"))
        self.look_button = group.add(Button((self.list_rect.x, self.list_rect.bottom + px(14), px(170), px(44)),
                                            fonts, "Look again", self.look, size=px(18)))
        self.status_rect = pygame.Rect(fx, y + px(70), fw, h - (y + px(70)) - px(30))
        self.widgets = group
        self._refresh()

    def _setter(self, attr: str) -> Callable[[str], None]:
        def put(text: str) -> None:
            setattr(self, attr, text)
            self._refresh()
        return put

    def resized(self, size: tuple[int, int]) -> None:
        self.layout()

    def _refresh(self) -> None:
        self.join_button.disabled_reason = ("Joining…" if self.joining or self.link is not None
                                            else None if self.address.strip() and self.code.strip()
                                            else "type the host's address and the join code")
        self.watch_button.disabled_reason = self.join_button.disabled_reason
        self.look_button.disabled_reason = "looking…" if self.looking else None

    # -- finding tables ------------------------------------------------------------------
    def look(self) -> None:
        """Look for tables on the network, on a background thread."""
        problem = unavailable()
        if problem:
            self.look_note = f"Cannot look for tables here: {problem}."
            return
        if self.looking:
            return
        self.looking = True
        self.look_note = "Looking for tables on this network…"

        def run() -> None:
            try:
                found = browse(BROWSE_SECONDS)
                note = "" if found else ("No table found on this network. Multicast may be blocked here: "
                                         "type the address the host shows.")
            except Exception as exc:  # noqa: BLE001 - discovery is a convenience: say why, go on
                found, note = [], f"Cannot look for tables here ({exc}): type the host's address."
            with self._lock:
                self.found, self.look_note, self.looking = found, note, False

        threading.Thread(target=run, name="cardtable-browse", daemon=True).start()

    def choose(self, found: Found) -> None:
        """Fill the address from a table found on the network."""
        self.address = found.address
        self.layout()
        fields = [w for w in self.widgets.widgets if isinstance(w, TextInput)]
        self.widgets.focus(fields[1])  # the code is what is left to type

    # -- joining -----------------------------------------------------------------------------
    def watch(self) -> None:
        """Connect and watch the table without a seat, on a background thread."""
        self.join(watch=True)

    def join(self, *, watch: bool = False) -> None:
        """Connect and take a seat (``watch``: watch instead), on a background thread."""
        if self.joining or self.link is not None:
            return
        try:
            host, port = parse_address(self.address)
        except ValueError as exc:
            self.say(f"That address will not do: {exc}.", error=True)
            return
        code = self.code.strip().upper()
        if not code:
            self.say("Type the join code the host shows.", error=True)
            return
        self.joining = True
        self.say(f"Connecting to {host}:{port}…")
        link = ThreadedClient(host, port, code, name=self.name.strip(), watch=watch)

        def run() -> None:
            try:
                welcome = link.start(timeout=JOIN_TIMEOUT)
                result: tuple[str, Any] = ("welcome", (link, welcome))
            except JoinRefused as exc:
                result = ("error", f"The host refused: {exc}.")
            except (TimeoutError, ConnectionError, OSError) as exc:
                result = ("error", f"Could not reach {host}:{port}: {_why(exc)}.")
            except Exception as exc:  # noqa: BLE001 - shown, never a crash
                result = ("error", f"Could not join: {type(exc).__name__}: {exc}.")
            with self._lock:
                gone = self.closed
                self._result = result
            if result[0] == "error" or gone:
                link.close(bye=True)  # refused, or the screen left while joining: free the seat

        threading.Thread(target=run, name="cardtable-join", daemon=True).start()
        self._refresh()

    def say(self, text: str, *, error: bool = False) -> None:
        """The status line under the fields."""
        self.status, self.status_error = text, error

    def update(self, dt: float) -> None:
        with self._lock:
            result, self._result = self._result, None
            found = list(self.found)
        if found != self._laid_found:  # (new tables found: their rows take the keyboard focus too)
            focused = self.widgets.focused
            kept = getattr(focused, "label", None)
            self.layout()
            self.widgets.focus(next((w for w in self.widgets.widgets if kept is not None
                                     and getattr(w, "label", None) == kept), None))
        if result is not None:
            self.joining = False
            if result[0] == "error":
                self.say(result[1], error=True)
            else:
                self.link, self.welcome = result[1]
                seat = self.welcome["seat"]
                who = "Watching" if seat is None else f"Seated as {self.welcome['names'][seat]} at"
                self.say(f"{who} {self.welcome['game_name']}: waiting for the host to deal…")
            self._refresh()
        if self.link is not None:
            messages = self.link.poll()
            for n, message in enumerate(messages):
                if self.receive(message):
                    table: Any = self.app.scenes.top
                    for later in messages[n + 1:]:  # what came with the deal is the table's now
                        table.receive(later)
                    return

    def receive(self, message: dict[str, Any]) -> bool:
        """One message while seated and waiting; True once the table has opened."""
        kind = message.get("type")
        if kind == "lobby":
            names = [s["name"] for s in message["seats"] if s.get("joined")]
            waiting = message["waiting"]
            warning = message.get("warning")
            watching = message.get("watching", 0)
            self.say(f"At the table: {', '.join(names)}. Waiting for {waiting} more "
                     f"{'player' if waiting == 1 else 'players'}…"
                     + (f" {watching} watching." if watching else "")
                     + (f" The host says {warning}." if warning else ""))
        elif kind == "disconnected":
            self.link = None
            self.say("The host closed the connection.", error=True)
            self._refresh()
        elif kind == "state":
            self.log = self.log[:message["log_from"]] + list(message["log"])
            return self.open_table(message)
        return False

    def open_table(self, message: dict[str, Any]) -> bool:
        """The host has dealt: open the game's table for our seat (or to watch) in place of
        this screen."""
        from cardtable import games
        from cardtable.ui.remote_table import open_remote_table
        assert self.link is not None and self.welcome is not None
        try:
            if self.welcome["game"] == "free_table":
                from cardtable.games.free_table.ui.joined import open_joined
                open_joined(self.app, self.link, self.welcome, message)
                self.link = None
                self.app.scenes.remove(self)
                return True
            game = games.get(self.welcome["game"])
            open_remote_table(self.app, game, self.link, self.welcome["seat"], message, self.log,
                              self.welcome.get("deck"))
        except (KeyError, ValueError) as exc:
            self.say(f"Cannot play this table here: {exc}", error=True)
            return False
        self.link = None  # the table has it now
        self.app.scenes.remove(self)
        return True

    def back(self) -> None:
        """Leave this screen (and any seat taken)."""
        self.app.scenes.remove(self)

    def exit(self) -> None:
        with self._lock:
            self.closed = True
        link, self.link = self.link, None
        if link is not None:
            threading.Thread(target=lambda: link.close(bye=True), name="cardtable-leave", daemon=True).start()

    # -- events and drawing ------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle(event):
            self._refresh()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.join()
                return True
            if event.key == pygame.K_ESCAPE:
                self.back()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        px, fonts = self.px, self.app.fonts
        felt_page(surface, px, fonts, "Join a table",
                  "Play on your own screen at a table hosted on another computer, or watch one")
        self._draw_found(surface)
        for label, (x, y) in self.field_labels:
            surface.blit(fonts.render(label, px(16), THEME.text_dim), (x, y))
        self.widgets.draw(surface)
        if self.status:
            font = fonts.font(px(17))
            y = self.status_rect.y
            for line in wrap_font(self.status, self.status_rect.width, font):
                surface.blit(fonts.render(line, px(17), THEME.error if self.status_error else THEME.text),
                             (self.status_rect.x, y))
                y += px(24)

    def _draw_found(self, surface: pygame.Surface) -> None:
        px, fonts = self.px, self.app.fonts
        box = self.list_rect
        pygame.draw.rect(surface, THEME.panel, box, border_radius=px(12))
        surface.blit(fonts.render("Tables on this network", px(20), THEME.text, bold=True),
                     (box.x + px(16), box.y + px(12)))
        with self._lock:
            note = self.look_note
        y = box.y + px(50) + px(60) * len(self.found_rows)  # (the rows are widgets: FoundRow)
        if note:
            font = fonts.font(px(15))
            for line in wrap_font(note, box.width - px(32), font):
                if y > box.bottom - px(24):
                    break
                surface.blit(fonts.render(line, px(15), THEME.text_dim), (box.x + px(16), y))
                y += px(22)


def _game_name(game_id: str) -> str:
    """The name of the game a found table plays (its id when this app has no such game)."""
    from cardtable import games
    found = games.registry().games.get(game_id)
    return found.name if found is not None else (game_id or "a game")


def _why(exc: BaseException) -> str:
    """An OS error in a few words."""
    if isinstance(exc, TimeoutError):
        return "no answer in time"
    if isinstance(exc, ConnectionRefusedError):
        return "nothing is listening at that port"
    text = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return str(text)
