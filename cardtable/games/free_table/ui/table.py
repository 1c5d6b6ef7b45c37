"""The free table scene: any deck on the felt, moved by hand, no rules.

Mouse, as on PlayingCards.io: drag the top card of a pile (Shift, or the grip at a
pile's corner: the whole pile), drop it on another pile to stack it there; drag on
the empty felt to select piles with a rubber band, Ctrl+click to add or remove a
pile, and drag or flip the selection together; right-click a pile for its menu;
right-drag, middle-drag or Space+drag pans, the wheel zooms around the cursor,
double-click flips. The tool bar folds what does not fit into "More ▾".
Keys are declared once in :mod:`~cardtable.games.free_table.ui.keys`, which help lists.
Every change goes through :class:`~cardtable.engine.table.Table`, so it can be undone;
the scene only decides what the player pointed at.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import pygame

from cardtable.engine.table import CARD_H, CARD_W, Table
from cardtable.engine.table_release import dismantle
from cardtable.games.free_table.ui import group_canvas
from cardtable.games.free_table.ui.actions import BADGE_ROOM, PileActions, nothing_to_undo
from cardtable.games.free_table.ui.band_select import BandSelect
from cardtable.games.free_table.ui.big_steps import HOLD_PILES, BigSteps
from cardtable.games.free_table.ui.felt_lines import FELT_LINE_RADIUS, FELT_LINE_WIDTH, _rounded_frame
from cardtable.games.free_table.ui.focus import FreeTableFocus
from cardtable.games.free_table.ui.group_drag import LIFT_IN_SLICES, GroupPicture, lift_steps
from cardtable.games.free_table.ui.hands import HandBar
from cardtable.games.free_table.ui.hosting import FreeTableHosting
from cardtable.games.free_table.ui.in_view import InView
from cardtable.games.free_table.ui.keys import FreeTableKeys
from cardtable.games.free_table.ui.status_line import StatusLine
from cardtable.games.free_table.ui.tool_bar import ToolBarPicture
from cardtable.ui.camera import Camera
from cardtable.ui.deck_browser import DeckBrowser
from cardtable.ui.help import HelpOverlay
from cardtable.ui.key_map import hotkey
from cardtable.ui.scene import Scene
from cardtable.ui.table_anim import TableAnimation
from cardtable.ui.table_view import TableView
from cardtable.ui.text import figure, plural
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, PopupMenu, Stepper, WidgetGroup
from cardtable.variants import VariantSpec, load_deck_by_id

DRAG_THRESHOLD = 4
DOUBLE_CLICK_S = 0.35
FIT_MAX_ZOOM = 2.0
"""Fit (Home) zooms in no further than a card at twice its size at zoom 1."""
DECK_LABELS = {"standard52": "Standard 52", "ivali": "Ivali 129", "sabacc": "Sabacc 76",
               "infinite": "Infinite 12,000"}


def open_game(app, spec: VariantSpec) -> FreeTableScene:
    """Open the free table with the variant's first deck (the menu's entry point)."""
    return app.push(FreeTableScene(app, spec))


HELP_REPLACES = ("Tab / Shift+Tab", "Enter / Space")
"""The help overlay's rows for every screen that this table's own rows replace (its Tab and
Enter move and use the focus; they press the tool bar's buttons only once it has the focus)."""


def key_rows() -> list[tuple[str, str]]:
    """The help overlay's key rows for this table (its key map's)."""
    return FreeTableScene.key_rows()


def smoke(app, spec: VariantSpec) -> str:
    """Draw the free table with each of the variant's decks (spread, then the help);
    return the line ``--smoke`` prints."""
    for deck_id in spec.decks:
        scene = app.push(FreeTableScene(app, spec, deck_id=deck_id, seed=1))
        app.step()
        if deck_id != "infinite":
            scene.spread("grid")
        app.step()
        app.push(HelpOverlay(app, spec))
        app.step()
        app.scenes.pop()
        app.scenes.pop()
    return f"free table with {', '.join(spec.decks)}: drawn"


@dataclass
class Press:
    """A mouse press that may become a drag."""

    pos: tuple[int, int]
    pid: int | None
    whole: bool
    grab: tuple[float, float]  # cursor offset from the card's corner, world units
    dragging: bool = False
    group: tuple[int, ...] = ()  # a selection dragged together (whole piles)
    hand_index: int | None = None  # a card of the hand at the screen, by its place in the hand
    picture: GroupPicture | None = None  # the group's picture, composed when the drag began
    selection: set[int] | None = None  # the selection the group is (the set object: a changed selection is a new one)


class FreeTableScene(FreeTableFocus, FreeTableHosting, BigSteps, BandSelect, PileActions, InView, FreeTableKeys,
                     StatusLine, ToolBarPicture, Scene):
    """Cards on felt. One :class:`Table` per deck, kept while you switch decks."""

    def __init__(self, app, variant: VariantSpec, *, deck_id: str | None = None, seed: int | None = None) -> None:
        super().__init__(app)
        self.variant = variant
        self.rng = random.Random(seed)
        self.tables: dict[str, tuple[Table, Camera]] = {}
        self.view = TableView(app.faces)
        self.mouse = (0, 0)
        self.press: Press | None = None
        self.panning = False
        self.right_press: tuple[int, int] | None = None  # a right press: a menu, or a pan once it moves
        self.band: tuple[int, int] | None = None  # where a rubber band started
        self.band_add = False  # Ctrl held: the band adds to the selection
        self.selected: set[int] = set()
        self.space_held = False
        self.menu: PopupMenu | None = None
        self.folded: list[tuple[str, object, str]] = []  # tools in "More ▾"
        self._layout_key: tuple | None = None
        self._toolbar: tuple[list, pygame.Surface] | None = None  # what the bar showed, and its picture
        self._toolbar_deferred = False  # (the bar shown as it was in the last frame: see _toolbar_late)
        self._felt_lines: tuple[tuple[int, int], list[tuple[pygame.Surface, tuple[int, int]]],
                                list[pygame.Rect]] | None = None  # see _draw_felt_lines
        self.last_click: tuple[float, int | None] = (0.0, None)
        self._group_under = False  # the dragged group painted in place of the felt (see draw_felt)
        self.current: int | None = None  # the pile last touched
        self.deal_count = 5
        self.players = 2  # hot-seat players: "deal to each player" deals to this many hands
        self.seat = 0  # the player at the screen: the hand bar shows only their hand
        self.alt_held = False
        self.found: tuple[int, float] | None = None  # a pile found with the browser, and when
        self.animation: TableAnimation | None = None
        self.clock = 0.0  # seconds of scene time; animations follow it, so tests can step it
        self._dt = 1 / 60  # the last frame's length, in scene time
        self._seen_step: object = None
        self._status_rect: pygame.Rect | None = None  # where the status line was last drawn
        self.init_big_steps()
        self.init_focus()
        self.widgets = WidgetGroup()
        self.table: Table
        self.camera: Camera
        self.choose_deck(deck_id or variant.decks[0])

    # -- decks ----------------------------------------------------------------------
    def choose_deck(self, deck_id: str) -> None:
        """Show the table of ``deck_id``, laying the deck out as one pile the first time."""
        if deck_id not in self.tables:
            deck = load_deck_by_id(deck_id)
            table = Table(deck, random.Random(self.rng.getrandbits(64)))
            camera = Camera(self.app.screen.get_size())
            self.tables[deck_id] = (table, camera)
            self.table, self.camera = table, camera
            self.fit_start()
        self.table, self.camera = self.tables[deck_id]
        self.camera.size = self.app.screen.get_size()
        self.current = None
        self.selected = set()
        self.menu = None
        self.focus = None
        self.carry = None
        self.layout()

    def fit_start(self) -> None:
        """Frame the fresh pile with room around it for dealing and spreading."""
        self.camera.fit((-CARD_W * 2, -CARD_H * 0.6, CARD_W * 7, CARD_H * 3.2), top_inset=self.toolbar_height())

    # -- layout -----------------------------------------------------------------------
    def toolbar_height(self) -> int:
        """Pixels the tool bar takes at the top."""
        return self.app.px(48)

    def readout_width(self) -> int:
        """Pixels the app's frame-time readout (F3) takes at the right of the tool bar, if on."""
        if not self.app.settings.show_frame_time:
            return 0
        sample = self.app.fonts.render("frame 00.0 ms (worst 00.0)  000 fps", self.app.px(14), THEME.text)
        return sample.get_width() + 12 + 8 + self.app.px(8)

    def tools(self) -> list[tuple[str, object, int, str]]:
        """The tool buttons, in the order they fold away from the end: label, action, width, key."""
        key = hotkey  # (the key chosen in Settings, where one was)
        return [("Deal", lambda: self.deal(False), 56, key("key_deal.d", "D")),
                ("Shuffle", self.shuffle, 72, key("shuffle.s", "S")), ("Flip", self.flip, 50, key("flip.f", "F")),
                ("Grid", lambda: self.spread("grid"), 54, key("key_spread.g", "G")),
                ("Fan", lambda: self.spread("fan"), 48, "N"), ("Gather", self.gather, 70, key("gather.c", "C")),
                ("Undo", self.undo, 56, key("key_undo.z", "Ctrl+Z")), ("Redo", self.redo, 56, "Ctrl+Y"),
                ("Fit", self.fit_all, 44, "Home"), ("Find", self.open_browser, 56, key("open_browser.b", "B")),
                ("?", self.show_help, 34, "F1")]

    def layout(self) -> None:
        """Place the tool bar's widgets for the current window size and UI scale.

        What does not fit folds away: first the deck buttons into one "deck ▾" menu,
        then tools from the end into "More ▾". The right end stays free for the F3
        frame-time readout while it shows.
        """
        px, fonts = self.app.px, self.app.fonts
        h, y, size, gap = px(34), px(7), px(15), px(6)
        room = self.app.screen.get_width() - px(8) - self.readout_width()
        tools = self.tools()
        decks = self.variant.decks
        deck_w = [128] * len(decks)
        fixed = px(8) + px(84) + gap + px(8) + px(170) + gap
        tool_w = sum(px(w) + gap for _, _, w, _ in tools)
        collapse = fixed + sum(px(w) + gap for w in deck_w) + tool_w > room
        deck_total = px(150) + gap if collapse else sum(px(w) + gap for w in deck_w)
        more_w = px(84) + gap
        # Too narrow even for the deal stepper: it folds too (as "more" / "fewer" items).
        stepper = fixed + deck_total + more_w <= room
        if not stepper:
            fixed -= px(8) + px(170) + gap
        keep = len(tools)
        while keep and fixed + deck_total + sum(px(w) + gap for _, _, w, _ in tools[:keep]) \
                + (more_w if keep < len(tools) else 0) > room:
            keep -= 1
        group = WidgetGroup()
        x = px(8)

        def add(label: str, fn, w: int, hotkey: str = "") -> Button:
            nonlocal x
            b = Button((x, y, px(w), h), fonts, label, fn, size=size, hotkey=hotkey)
            group.add(b)
            x += px(w) + gap
            return b

        add("◀ Menu", self.back_to_menu, 84, "Esc")
        if collapse:
            add(f"{DECK_LABELS.get(self.table.deck.id, self.table.deck.id)} ▾", self.open_deck_menu, 150, "1-4")
        else:
            for i, deck_id in enumerate(decks):
                b = add(DECK_LABELS.get(deck_id, deck_id), lambda d=deck_id: self.choose_deck(d), 128, str(i + 1))
                b.selected = deck_id == self.table.deck.id
        if stepper:
            x += px(8)
            group.add(Stepper((x, y, px(170), h), fonts, "Deal", self.deal_count, low=1, high=52, step=1,
                              on_change=lambda v: setattr(self, "deal_count", int(v)), size=size))
            x += px(170) + gap
        for label, fn, w, key in tools[:keep]:
            add(label, fn, w, key)
        self.folded = [(label, fn, key) for label, fn, _, key in tools[keep:]]
        if not stepper:
            self.folded += [(f"Deal count {self.deal_count}: one more", lambda: self.nudge_deal_count(1), ""),
                            (f"Deal count {self.deal_count}: one fewer", lambda: self.nudge_deal_count(-1), "")]
        if self.folded:
            add("More ▾", self.open_more_menu, 84, "")
        self.widgets = group
        self._layout_key = (self.app.screen.get_size(), self.app.settings.ui_scale,
                            self.app.settings.show_frame_time)
        self._refresh_buttons()

    def nudge_deal_count(self, step: int) -> None:
        """Change how many cards a deal deals (1-52), from the "More" menu."""
        self.deal_count = max(1, min(52, self.deal_count + step))
        self.layout()
        self.toast(f"Deal {plural(self.deal_count, 'card')}", 1.0)

    def _popup(self, items, at: tuple[int, int]) -> None:
        px = self.app.px
        self.menu = PopupMenu(self.app.fonts, items, at, self.app.screen.get_rect(), size=px(15),
                              row=px(30), pad=px(8))

    def _button_named(self, label: str) -> Button | None:
        return next((w for w in self.widgets.widgets if isinstance(w, Button) and w.label == label), None)

    def open_more_menu(self) -> None:
        """Open the menu of the tools that did not fit the bar."""
        more = self._button_named("More ▾")
        at = (more.rect.x, more.rect.bottom + 2) if more else self.mouse
        undo_ok, redo_ok = bool(self.table.undo_stack), bool(self.table.redo_stack)
        self._popup([(label, key, None if (label == "Undo" and not undo_ok) or (label == "Redo" and not redo_ok)
                      else fn) for label, fn, key in self.folded], at)

    def open_deck_menu(self) -> None:
        """Open the menu of decks (when the deck buttons do not fit the bar)."""
        button = next((w for w in self.widgets.widgets if isinstance(w, Button) and w.label.endswith(" ▾")
                       and w.label != "More ▾"), None)
        at = (button.rect.x, button.rect.bottom + 2) if button else self.mouse
        self._popup([(("• " if d == self.table.deck.id else "") + DECK_LABELS.get(d, d), str(i + 1),
                      lambda d=d: self.choose_deck(d)) for i, d in enumerate(self.variant.decks)], at)

    def _refresh_buttons(self) -> None:
        for w in self.widgets.widgets:
            if isinstance(w, Button):
                if w.label == "Undo":
                    w.disabled_reason = None if self.table.undo_stack else nothing_to_undo(self.table)
                elif w.label == "Redo":
                    w.disabled_reason = None if self.table.redo_stack else "Nothing to redo"

    def resized(self, size: tuple[int, int]) -> None:
        for _, camera in self.tables.values():
            camera.size = size
        self.layout()

    # -- what the player points at -------------------------------------------------------
    def hand_bar(self) -> HandBar | None:
        """The bar of the hand at the screen, while any player holds a hand."""
        if not self.table.hands:
            return None
        return HandBar(self.app.screen.get_size(), self.app.px)

    def pile_under(self, pos: tuple[int, int]) -> int | None:
        """The topmost pile under a screen pixel."""
        bar = self.hand_bar()
        if pos[1] < self.toolbar_height() or (bar is not None and bar.rect.collidepoint(pos)):
            return None
        return self.table.pile_at(*self.camera.to_world(*pos))

    def target(self) -> int | None:
        """The pile a key acts on: the one with the keyboard focus, else the one under the
        cursor, else the last one touched, else the only one on the felt; never one out of
        view (behind a bar, or panned away) but the focused one (the view follows it)."""
        focused = self.focused_pile()
        if focused is not None:
            self.follow_focus()
            return focused
        pid = self.pile_under(self.mouse)
        if pid is not None:
            return pid
        felt = [p for p in self.table.piles if p not in self.table.hands]
        for fallback in (self.current, felt[0] if len(felt) == 1 else None):
            if fallback in self.table.piles and fallback not in self.table.hands and self.pile_in_view(fallback):
                return fallback
        return None

    def nothing_pointed_at(self, label: str) -> str:
        """What a key that acts on a pile says when it found none (:meth:`target`)."""
        if not any(self.pile_in_view(p) for p in self.table.piles_in(self.world_in_view())
                   if p not in self.table.hands):
            return f"No pile in view to {label}: Home brings every card into view"
        return f"Point at a pile to {label}"

    # -- actions ----------------------------------------------------------------------
    def fit_all(self) -> None:
        """Zoom and pan so every card and count badge is on screen, no closer than
        :data:`FIT_MAX_ZOOM`."""
        x, y, w, h = self.table.bounds()
        bar = self.hand_bar()
        self.camera.fit((x, y, w, h + BADGE_ROOM), top_inset=self.toolbar_height(), max_zoom=FIT_MAX_ZOOM,
                        bottom_inset=bar.rect.h if bar is not None else 0)

    def open_browser(self) -> None:
        """Open the deck browser to search the deck and find a card on the table."""
        self.app.push(DeckBrowser(self.app, self.table.deck, self.view.cache, on_find=self.find_card,
                                  status=self._card_status))

    def _card_status(self, card) -> str:
        pid, depth = self.table.where(card.index)
        if not self.table.is_face_up(card.index):
            return "face down"
        return "face up" if depth == 0 else f"face up, {figure(depth)} under"

    def find_card(self, card) -> None:
        """Centre the view on a face-up card; a face-down card's place stays hidden."""
        if not self.table.is_face_up(card.index):
            self.toast(f"{card.name} is face down: where it lies is hidden")
            return
        pid, depth = self.table.where(card.index)
        pile = self.table.piles[pid]
        self.camera.zoom = max(self.camera.zoom, 0.8)
        w, h = self.camera.size
        self.camera.x = pile.x + CARD_W / 2 - w / 2 / self.camera.zoom
        self.camera.y = pile.y + CARD_H / 2 - (h + self.toolbar_height()) / 2 / self.camera.zoom
        self.current = pid
        self.found = (pid, time.monotonic())
        where = "on top" if depth == 0 else f"{plural(depth, 'card')} down in a pile"
        self.toast(f"{card.name}: {where}")

    def show_help(self) -> None:
        """Open the rules and hotkeys overlay."""
        self.app.push(HelpOverlay(self.app, self.variant))

    def back_to_menu(self) -> None:
        """Leave the table (it stays as it is while the app runs)."""
        self.app.scenes.pop()

    def exit(self) -> None:
        """Leaving: the scene lets go of what refers back to it, so that it and its table are
        freed as soon as the app drops it (:meth:`_let_go`)."""
        super().exit()
        self.stop_hosting()
        self._let_go()

    def release(self) -> None:
        """As :meth:`exit` (after a crash)."""
        super().release()
        self.stop_hosting()
        self._let_go()

    def _let_go(self) -> None:
        """Break the scene's reference cycles (its buttons' and menus' callbacks are its own
        methods and closures over it) and end the view's freeze of the collector
        (:meth:`~cardtable.ui.table_view.TableView.thaw`): what the view froze when it first
        showed a big deck is never looked at by the collector, so a cycle through this scene,
        its table and its history would never be freed; without one they go when the app
        drops the scene, with no full collection (which took 12 to 39 ms of a frame). A big
        table and the view's drawn faces are let go a slice per frame after it."""
        self.widgets = WidgetGroup()
        self.folded = []
        self.menu = None
        self._toolbar = None
        self.app.release_later(self.view.let_go())
        group_canvas.release()
        for table, _camera in self.tables.values():
            if len(table.deck) >= HOLD_PILES:  # (freed at once, 12,000 piles took 9 ms of a frame)
                self.app.release_later(dismantle(table))

    # -- events -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        return self.defer_input(event) or self._handle_now(event)

    def _handle_now(self, event: pygame.event.Event) -> bool:
        if hasattr(event, "pos") and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN,
                                                      pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in (pygame.K_LALT, pygame.K_RALT):
            self.alt_held = event.type == pygame.KEYDOWN
            return True
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key == pygame.K_SPACE:
            self.space_held = event.type == pygame.KEYDOWN
            if event.type == pygame.KEYDOWN and self.menu is None and self.press is None:
                self.dispatch_focus_keys(event)  # (Space picks up and puts down, as Enter, on the focus)
            return True
        menu = self.menu
        if menu is not None:
            used = menu.handle(event)
            if not menu.open and self.menu is menu:  # (an item that left the table let it go already)
                self.menu = None
                self._refresh_buttons()
            if used:
                return True
        busy = self.press is not None or self.panning or self.band is not None or self.right_press is not None
        if not busy and event.type == pygame.KEYDOWN and self.dispatch_focus_keys(event):
            return True
        if not busy and self.widgets.handle(event):
            self._refresh_buttons()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._mouse_down(event)
        if event.type == pygame.MOUSEMOTION:
            return self._mouse_motion(event)
        if event.type == pygame.MOUSEBUTTONUP:
            return self._mouse_up(event)
        if event.type == pygame.MOUSEWHEEL:
            factor = 1.15 ** (event.precise_y if hasattr(event, "precise_y") else event.y)
            self.camera.zoom_at(factor, *self.mouse)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def grip_under(self, pos: tuple[int, int]) -> int | None:
        """The pile whose "move pile" grip lies under a screen pixel (the topmost)."""
        if pos[1] < self.toolbar_height() or self.view.card_width(self.camera) < 40:
            return None
        hits = [pid for pid in self.table.stacks
                if self.view.grip_rect(self.camera, self.table.piles[pid]).collidepoint(pos)]
        return max(hits, key=lambda p: self.table.piles[p].z, default=None)

    def _mouse_down(self, event: pygame.event.Event) -> bool:
        # Mouse events carry no modifiers: ask the keyboard.
        mods = pygame.key.get_mods()
        if event.button in (1, 3):  # (the mouse takes over: the keys act under the cursor again)
            self.focus, self.carry = None, None
        if event.button == 2 or (event.button == 1 and self.space_held):
            self.panning = True
            return True
        if event.button == 3:
            self.right_press = event.pos
            return True
        if event.button != 1:
            return False
        bar = self.hand_bar()
        if bar is not None and bar.rect.collidepoint(event.pos):
            return self._hand_bar_down(bar, event.pos)
        grip = self.grip_under(event.pos)
        pid = grip if grip is not None else self.pile_under(event.pos)
        if pid is not None and mods & pygame.KMOD_CTRL:
            self.selected = self.selected ^ {pid}  # (a new set: see SelectionOutlines)
            self.last_click = (0.0, None)
            return True
        now = time.monotonic()
        if pid is not None and self.last_click[1] == pid and now - self.last_click[0] < DOUBLE_CLICK_S:
            self.flip(pid)
            self.current = pid
            self.last_click = (0.0, None)
            return True
        self.last_click = (now, pid)
        if pid is None:
            self.band = event.pos
            self.band_add = bool(mods & pygame.KMOD_CTRL)
            return True
        self._prune_selection()
        if pid not in self.selected:
            self.selected = set()
        self.table.touch(pid)
        self.current = pid
        pile = self.table.piles[pid]
        wx, wy = self.camera.to_world(*event.pos)
        whole = grip is not None or bool(mods & pygame.KMOD_SHIFT) or len(pile.cards) == 1
        group = tuple(sorted(self.selected, key=lambda p: self.table.piles[p].z)) if len(self.selected) > 1 else ()
        self.press = Press(event.pos, pid, whole or bool(group), (wx - pile.x, wy - pile.y), group=group,
                           selection=self.selected if group else None)
        return True

    def _hand_bar_down(self, bar: HandBar, pos: tuple[int, int]) -> bool:
        """A press in the hand bar: the Pass button, or a card of the hand that may be dragged out."""
        if self.players > 1 and self.passes_hands() and bar.pass_rect.collidepoint(pos):
            self.pass_on()
            return True
        index = bar.card_at(self.table, self.seat, pos)
        hand = self.table.hand_of(self.seat)
        if index is None or hand is None:
            return True
        rect = bar.card_rects(len(self.table.piles[hand].cards))[index]
        scale = CARD_W / bar.card_w  # the card is grabbed at the same spot of its face on the felt
        self.press = Press(pos, hand, False, ((pos[0] - rect.x) * scale, (pos[1] - rect.y) * scale),
                           hand_index=index)
        return True

    def _mouse_motion(self, event: pygame.event.Event) -> bool:
        if self.right_press is not None and not self.panning:
            dx, dy = event.pos[0] - self.right_press[0], event.pos[1] - self.right_press[1]
            if abs(dx) + abs(dy) >= DRAG_THRESHOLD:
                self.panning = True
        if self.panning:
            self.camera.pan_pixels(*event.rel)
            return True
        if self.band is not None:
            return True
        if self.press is not None and not self.press.dragging:
            dx, dy = event.pos[0] - self.press.pos[0], event.pos[1] - self.press.pos[1]
            if abs(dx) + abs(dy) >= DRAG_THRESHOLD:
                self.press.dragging = True
                if len(self.press.group) >= LIFT_IN_SLICES:  # (held meanwhile: see group_drag)
                    self.work.add(lift_steps(self.view, self.table, self.camera, self.app.screen, self.press))
        return self.press is not None

    def band_rect(self) -> pygame.Rect | None:
        """The rubber band on screen, while one is being dragged."""
        if self.band is None:
            return None
        (x0, y0), (x1, y1) = self.band, self.mouse
        return pygame.Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))

    def _mouse_up(self, event: pygame.event.Event) -> bool:
        if event.button == 3 and self.right_press is not None:
            panned, self.right_press, self.panning = self.panning, None, False
            pid = self.pile_under(event.pos)
            if not panned and pid is not None:
                self.open_pile_menu(pid, event.pos)
            return True
        if self.panning and event.button in (1, 2):
            self.panning = False
            return True
        if self.band is not None and event.button == 1:
            rect = self.band_rect()
            self.band = None
            if rect is not None and rect.w + rect.h >= DRAG_THRESHOLD:
                x0, y0 = self.camera.to_world(rect.x, rect.y)
                x1, y1 = self.camera.to_world(rect.right, rect.bottom)
                self.select_band((x0, y0, x1 - x0, y1 - y0), self.band_add)  # (piles_in's, unsorted)
            elif not self.band_add:
                self.selected = set()
            return True
        press, self.press = self.press, None
        if press is None or event.button != 1 or not press.dragging or press.pid not in self.table.piles:
            if press is not None and press.picture is not None:  # a group's drag given up: as it lay
                press.picture.put_back(self.view, self.table, self.camera)
            return press is not None
        bar = self.hand_bar()
        if press.hand_index is not None:
            if bar is None or not bar.rect.collidepoint(event.pos):
                wx, wy = self.camera.to_world(*event.pos)
                x, y = wx - press.grab[0], wy - press.grab[1]
                onto = self.table.pile_at(x + CARD_W / 2, y + CARD_H / 2)
                self.current = self.table.play_from_hand(press.pid, press.hand_index, x, y, onto=onto)
                self.app.sounds.play("slide")
                self._refresh_buttons()
            return True
        if bar is not None and bar.rect.collidepoint(event.pos) and not press.group:
            self.table.to_hand(press.pid, self.seat, None if press.whole else 1)
            self.app.sounds.play("slide")
            self._prune_selection()
            self._refresh_buttons()
            return True
        if press.group:
            z = self.camera.zoom
            dx, dy = (event.pos[0] - press.pos[0]) / z, (event.pos[1] - press.pos[1]) / z
            if press.picture is not None:  # (the step is the table's next revision: nothing else runs meanwhile)
                self.dropped = (self.table.revision + 1, press.picture, (event.pos[0] - press.pos[0],
                                                                         event.pos[1] - press.pos[1]),
                                (dx, dy) if press.selection is self.selected else None)
            self.begin(self.table.move_many_job(press.group, dx, dy), lambda _: self._refresh_buttons())
            self.app.sounds.play("slide")
            return True
        wx, wy = self.camera.to_world(*event.pos)
        x, y = wx - press.grab[0], wy - press.grab[1]
        onto = self._drop_target(press, x, y)
        count = None if press.whole else 1
        self.current = self.table.move(press.pid, count, x, y, onto=onto)
        self._prune_selection()
        self.app.sounds.play("slide")
        self._refresh_buttons()
        return True

    def _drop_target(self, press: Press, x: float, y: float) -> int | None:
        """The pile under the centre of the dropped card, other than the one it left."""
        return self.table.pile_at(x + CARD_W / 2, y + CARD_H / 2, exclude=press.pid if press.whole else None)

    def _key(self, event: pygame.event.Event) -> bool:
        return self.dispatch_keys(event)

    # -- drawing ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self._dt = dt
        if self._layout_key != (self.app.screen.get_size(), self.app.settings.ui_scale,
                                self.app.settings.show_frame_time):
            self.layout()
        if self.run_big_steps(dt):
            return
        self.pump_network()
        if self.animation and self.animation.done(self.clock):
            self.animation = None

    def _dragged(self) -> Press | None:
        """The press whose cards are being dragged, if any."""
        return self.press if self.press and self.press.dragging and self.press.pid in self.table.piles else None

    def draw(self, surface: pygame.Surface) -> None:
        if self.holding:
            if self.staging:
                self.stage(surface)
            else:
                self.draw_held(surface)
            return
        press = self._dragged()
        if press is not None and press.group and (press.picture is None or press.picture.key[1:5] != (
                self.table.revision, self.camera.zoom, self.view.origin(self.camera), surface.get_size())):
            # (before the felt hides the group: its picture is made from the felt's, as it lay)
            press.picture = GroupPicture.compose(self.view, self.table, self.camera, press.group, surface)
        if self.take_staged(surface):  # (the felt as a big step's staging frame painted it)
            hover = self._hover(press)
        else:
            hover = self.draw_felt(surface)
        bar = self.hand_bar()
        if bar is not None:
            over = press is not None and press.hand_index is None and bar.rect.collidepoint(self.mouse)
            bar.draw(surface, self.table, self.seat, self.players, self.view.cache, self.app.fonts,
                     lifted=press.hand_index if press else None, target=over, can_pass=self.passes_hands())
        if press is not None and press.group:
            self._draw_group(surface, press)
        elif press is not None and press.hand_index is not None:  # a card of the hand, face up to its owner
            self._draw_hand_card(surface, press)
        elif press is not None and press.pid is not None:  # a dragged press is on a pile
            pile = self.table.piles[press.pid]
            gx, gy = press.grab
            sx = self.mouse[0] - gx * self.camera.zoom
            sy = self.mouse[1] - gy * self.camera.zoom
            self.view.draw_lifted(surface, self.table, self.camera, pile,
                                  len(pile.cards) if press.whole else 1, (int(sx), int(sy)))
        band = self.band_rect()
        if band is not None:
            pygame.draw.rect(surface, THEME.focus, band, 1)
        if press is None:
            self.draw_focus(surface)
        self._draw_toolbar(surface)
        self._draw_status(surface, hover if hover is not None or not self.focus_on_felt() else self.focused_pile())
        if hover is not None and self.app.settings.hover_magnify and self.alt_held:
            self._draw_magnifier(surface, hover)
        tip = None if self.menu else self.widgets.tooltip()
        if tip:
            self._draw_tooltip(surface, *tip)
        if self.menu is not None:
            self.menu.draw(surface)

    def _hover(self, press: Press | None) -> int | None:
        """The pile under the cursor, unless a drag, a band or a menu is under way."""
        busy = press or self.band is not None or self.menu is not None
        return None if busy else self.pile_under(self.mouse)

    def draw_felt(self, surface: pygame.Surface) -> int | None:
        """The felt and what lies on it (the cards, outlines, flights, counts and grips), under
        the hand bar, tool bar and status line (also what a big step's staging frames paint);
        the pile under the cursor (:meth:`_hover`)."""
        hover, hidden, busy = self.draw_felt_under(surface)
        self.draw_felt_over(surface, hidden, busy)
        return hover

    def draw_felt_under(self, surface: pygame.Surface) -> tuple[int | None, dict[int, int], bool]:
        """:meth:`draw_felt` up to the flights (the felt, its cards and outlines): the pile under
        the cursor, the piles left out and whether the felt is busy (for :meth:`draw_felt_over`)."""
        press = self._dragged()
        hidden = self.animation.hidden_in(self.table) if self.animation else {}
        if press is not None and press.group:
            lifted = press.picture.hidden if press.picture is not None else {}
            hidden = {**hidden, **lifted} if hidden else lifted  # (the same dict each frame: no repaint)
        elif press is not None and press.pid is not None and press.hand_index is None:  # a felt pile
            pile = self.table.piles[press.pid]
            hidden = {**hidden, press.pid: len(pile.cards) if press.whole else 1}
        busy = press or self.band is not None or self.menu is not None
        hover = self._hover(press)
        if self.found and (self.found[0] not in self.table.piles or time.monotonic() - self.found[1] > 2.5):
            self.found = None
        self.view.floor_s = self.frame_floor.estimate(surface.get_size())  # (new faces' budget follows it)
        # A group of every pile on the felt, painted with the bare felt in place of its picture (see group_drag).
        under = press.picture if press and press.picture and press.picture.bare and not self.animation else None
        self.view.draw(surface, self.table, self.camera, hidden=hidden,
                       highlight=self.found[0] if self.found and hover is None else hover,
                       landing_frames=self._landing_frames(), lands=not (press and press.group),
                       painted_over=under is not None)
        if under is not None and press is not None:
            under.draw_under(surface, self._group_moved(press))
        self._group_under = under is not None
        self._prune_selection()
        if not (press and press.group):
            self.view.draw_outlines(surface, self.table, self.camera, self.selected)
        return hover, hidden, bool(busy)

    def draw_felt_over(self, surface: pygame.Surface, hidden: dict[int, int], busy: bool) -> None:
        """What :meth:`draw_felt` paints over the cards: the flights (or the counts and grips)
        and the felt's line."""
        if self.animation:
            self.animation.draw(surface, self.table, self.camera, self.view, self.clock)
        else:
            self.view.draw_counts(surface, self.table, self.camera, self.app.fonts, hidden)
            self.view.draw_grips(surface, self.table, self.camera, hidden,
                                 hot=None if busy else self.grip_under(self.mouse))
        self._draw_felt_lines(surface)

    def _landing_frames(self) -> int | None:
        """Frames left before the flights land, at the last frame's length (None without any)."""
        if self.animation is None:
            return None
        return int(self.animation.left(self.clock) / max(self._dt, 1e-3))

    def _draw_hand_card(self, surface: pygame.Surface, press: Press) -> None:
        """A card dragged out of the hand bar, at the felt's size, under the cursor."""
        hand = self.table.piles.get(press.pid) if press.pid is not None else None
        if hand is None or press.hand_index is None or press.hand_index >= len(hand.cards):
            return
        width = self.view.card_width(self.camera)
        img = self.view.cache.get(self.table.deck, hand.cards[press.hand_index], True, width, force=True)
        gx, gy = press.grab
        surface.blit(img, (int(self.mouse[0] - gx * self.camera.zoom), int(self.mouse[1] - gy * self.camera.zoom)))

    def _draw_group(self, surface: pygame.Surface, press: Press) -> None:
        """The selection held under the cursor: its picture (composed by :meth:`draw` as the
        drag began) where the drag carries it."""
        if press.picture is not None:
            press.picture.draw(surface, self._group_moved(press), self._over_felt() if self._group_under else None)

    def _group_moved(self, press: Press) -> tuple[int, int]:
        """How far the drag carried the group, in pixels."""
        return (self.mouse[0] - press.pos[0], self.mouse[1] - press.pos[1])

    def _over_felt(self) -> list[pygame.Rect]:
        """What was drawn over the felt before the dragged group: the hand bar (and its edge,
        3 px when the group is over it) and the felt's line."""
        bar = self.hand_bar()
        rects = [] if bar is None else [bar.rect.inflate(0, 4)]
        if self._felt_lines is not None:
            _size, corners, sides = self._felt_lines
            rects += [img.get_rect(topleft=at) for img, at in corners] + list(sides)
        return rects

    def _draw_felt_lines(self, surface: pygame.Surface) -> None:
        """The rounded line around the felt: its four corners blitted and its sides filled
        (the same pixels as ``pygame.draw.rect`` with a border radius, which took 0.1 ms a
        frame, a tenth of an empty one, at 1,920 x 1,080)."""
        size = surface.get_size()
        if self._felt_lines is None or self._felt_lines[0] != size:
            self._felt_lines = (size, *_rounded_frame(pygame.Rect(6, 6, size[0] - 12, size[1] - 12),
                                                       FELT_LINE_WIDTH, FELT_LINE_RADIUS, surface))
        _size, corners, sides = self._felt_lines
        surface.fblits(corners)
        for side in sides:
            surface.fill(THEME.felt_line, side)
