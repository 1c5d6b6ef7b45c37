"""The free table's key map: the keys its scene dispatches through and help lists.

Like every game table's ``KEYS`` (:class:`~cardtable.ui.table_parts.KeyBinding`), each
key is declared once, so help names only keys that do something. The mouse rows of
help (drag, right-click, ...) are plain text: the scene's mouse handlers read them.
"""

from __future__ import annotations

import pygame

from cardtable.ui.table_parts import DIGITS, ENTER, KeyBinding, dispatch_key, help_rows

_CTRL = pygame.KMOD_CTRL
_ZOOM_IN = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
_ZOOM_OUT = (pygame.K_MINUS, pygame.K_KP_MINUS)
_ARROWS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)

CTRL_KEYS = (
    KeyBinding((pygame.K_z, pygame.K_y), "Ctrl+Z / Ctrl+Y", "undo / redo", "key_undo", with_event=True, mods=_CTRL),
    KeyBinding(_ARROWS, "Ctrl+arrows", "move the focus to the nearest pile that way",
               "key_focus_arrow", with_event=True, mods=_CTRL),
)
"""The keys held with Ctrl (no plain key acts while Ctrl is down)."""

FOCUS_KEYS = (
    KeyBinding((pygame.K_TAB,), "Tab / Shift+Tab", "move the focus: piles, hand, tool bar",
               "key_focus_next", with_event=True),
    KeyBinding(ENTER + (pygame.K_SPACE,), "Enter / Space",
               "pick up the card (Shift: the pile), again to put it down",
               "key_pick", when="focus_on_felt", with_event=True),
)
"""The focus's keys, tried before the tool bar's (which takes Tab and Enter for its own focus)."""

KEYS = (
    KeyBinding((pygame.K_ESCAPE,), "Esc", "put back what was picked up, else clear the selection, else leave",
               "key_escape"),
    KeyBinding((pygame.K_F1, pygame.K_QUESTION, pygame.K_SLASH), "? / F1", "the rules and keys", "key_help",
               with_event=True),
    KeyBinding((pygame.K_f,), "F / double-click", "flip the focused pile (or the one under the cursor)",
               "flip"),
    KeyBinding((pygame.K_s,), "S", "shuffle the focused pile (or the one under the cursor)", "shuffle"),
    KeyBinding((pygame.K_x,), "X", "select the focused pile, or not", "key_select"),
    KeyBinding((pygame.K_m, pygame.K_MENU), "M / Menu", "the pile's menu",
               "key_menu"),
    KeyBinding((pygame.K_d,), "D / Shift+D", "deal a row face down / face up", "key_deal", with_event=True),
    KeyBinding((pygame.K_g, pygame.K_n), "G / N", "spread the pile as a grid / a fan", "key_spread",
               with_event=True),
    KeyBinding((pygame.K_c,), "C", "gather the selection (else every card) into one pile", "gather"),
    KeyBinding((pygame.K_h, pygame.K_p), "H / P", "deal N to each hand / pass to the next player", "key_hands",
               with_event=True),
    KeyBinding(_ZOOM_IN + _ZOOM_OUT + (pygame.K_HOME,), "Wheel, +/-, Home",
               "zoom around the focus or cursor (Home: fit all)", "key_zoom", with_event=True),
    KeyBinding(_ARROWS, "Right-drag, arrows", "pan (also Space+drag)", "key_pan", with_event=True),
    KeyBinding((pygame.K_b,), "B", "search the deck, find a face-up card", "open_browser"),
    KeyBinding(DIGITS, "1-4", "choose the deck", "key_deck", with_event=True),
    KeyBinding((pygame.K_l,), "L", "host it on the network (players join with a code)", "host_table"),
)
"""The plain keys, in help's order (Esc and F1 are in help's list for every screen)."""

MOUSE_ROWS = (
    ("Drag / Shift+drag", "move the top card / the whole pile (or its grip)"),
    ("Drag felt", "select piles with a rubber band"),
    ("Ctrl+click", "add a pile to the selection or take it out"),
    ("Right-click", "the pile's menu"),
)
"""Help's rows for the mouse, listed before the keys."""

ALT_ROW = ("Alt (hold)", "magnify the card under the cursor")
"""Alt is read as held, not pressed, so it is no binding of its own."""

PAN_STEP = 80
"""Screen pixels an arrow key pans."""


def key_rows() -> list[tuple[str, str]]:
    """Help's rows for the free table: the mouse, then its keys (from :data:`KEYS`). Two
    pairs of keys share a row, "A; B" / "what A does; what B does" (the selection's and the
    menu's, the deck's two), so that help's panel holds them all at 960 x 600."""
    keys = [b for b in KEYS if b.handler not in ("key_escape", "key_help")]
    rows = (list(MOUSE_ROWS) + help_rows(FOCUS_KEYS) + _paired(keys[:-1], ("key_select", "key_menu"),
                                                                  ("open_browser", "key_deck"))
            + help_rows(CTRL_KEYS) + [ALT_ROW] + help_rows(keys[-1:]))
    return rows


def _paired(bindings: list[KeyBinding], *pairs: tuple[str, str]) -> list[tuple[str, str]]:
    """:func:`help_rows` of ``bindings``, each pair of handlers (next to each other) in one row."""
    rows = help_rows(bindings)
    handlers = [b.handler for b in bindings]
    for first, second in reversed(pairs):
        a, b = handlers.index(first), handlers.index(second)
        rows[a] = (f"{rows[a][0]}; {rows[b][0]}", f"{rows[a][1]}; {rows[b][1]}")
        del rows[b]
    return rows


class FreeTableKeys:
    """The handlers :data:`KEYS` names, mixed into the free table's scene (which has
    ``flip``, ``deal``, ``spread``, the camera and the rest they call)."""

    def dispatch_focus_keys(self, event: pygame.event.Event) -> bool:
        """A KEYDOWN through :data:`FOCUS_KEYS` (before the tool bar has it); True if one acted."""
        if getattr(event, "mod", 0) & (_CTRL | pygame.KMOD_ALT):
            return False
        return dispatch_key(self, FOCUS_KEYS, event)

    def dispatch_keys(self, event: pygame.event.Event) -> bool:
        """A KEYDOWN through the key map; True if a key did something."""
        if getattr(event, "mod", 0) & _CTRL:
            return dispatch_key(self, CTRL_KEYS, event)
        return dispatch_key(self, KEYS, event)

    @classmethod
    def key_rows(cls) -> list[tuple[str, str]]:
        """Help's rows (see :func:`key_rows`)."""
        return key_rows()

    def key_undo(self, event: pygame.event.Event) -> None:
        """Ctrl+Z undoes (with Shift: redoes), Ctrl+Y redoes."""
        if event.key == pygame.K_z and not getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
            self.undo()  # type: ignore[attr-defined]
        else:
            self.redo()  # type: ignore[attr-defined]

    def key_escape(self) -> None:
        """Esc clears the selection, or with nothing selected leaves the table."""
        if self.cancel_carry():  # type: ignore[attr-defined]
            return
        selected: set[int] = self.selected
        if selected:
            self.selected: set[int] = set()
        else:
            self.back_to_menu()  # type: ignore[attr-defined]

    def key_help(self, event: pygame.event.Event) -> bool:
        """F1 or ? (Shift+/) opens help; a bare / does nothing."""
        if event.key == pygame.K_SLASH and not getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
            return False
        self.show_help()  # type: ignore[attr-defined]
        return True

    def key_deal(self, event: pygame.event.Event) -> None:
        """D deals a row face down, Shift+D face up."""
        self.deal(bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT))  # type: ignore[attr-defined]

    def key_spread(self, event: pygame.event.Event) -> None:
        """G spreads as a grid, N as a fan."""
        self.spread("grid" if event.key == pygame.K_g else "fan")  # type: ignore[attr-defined]

    def key_hands(self, event: pygame.event.Event) -> None:
        """H deals to each player's hand, P passes to the next player."""
        if event.key == pygame.K_h:
            self.deal_to_players()  # type: ignore[attr-defined]
        else:
            self.pass_on()  # type: ignore[attr-defined]

    def key_zoom(self, event: pygame.event.Event) -> None:
        """+ and - zoom around the focused pile (else the cursor); Home fits every card."""
        if event.key == pygame.K_HOME:
            self.fit_all()  # type: ignore[attr-defined]
            return
        ring = self.focus_rect()  # type: ignore[attr-defined]
        at = ring.center if ring is not None else self.mouse  # type: ignore[attr-defined]
        self.camera.zoom_at(1.25 if event.key in _ZOOM_IN else 0.8, *at)  # type: ignore[attr-defined]
        self.follow_focus()  # type: ignore[attr-defined]

    def key_pan(self, event: pygame.event.Event) -> None:
        """The arrow keys pan a step."""
        dx = {pygame.K_LEFT: PAN_STEP, pygame.K_RIGHT: -PAN_STEP}.get(event.key, 0)
        dy = {pygame.K_UP: PAN_STEP, pygame.K_DOWN: -PAN_STEP}.get(event.key, 0)
        self.camera.pan_pixels(dx, dy)  # type: ignore[attr-defined]

    def key_deck(self, event: pygame.event.Event) -> bool:
        """1-9 choose the variant's deck of that number (False past the last)."""
        decks = self.variant.decks  # type: ignore[attr-defined]
        index = event.key - pygame.K_1
        if not 0 <= index < len(decks):
            return False
        self.choose_deck(decks[index])  # type: ignore[attr-defined]
        return True
