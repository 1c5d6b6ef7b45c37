"""Pieces every game table draws the same way, and the tables' key maps.

:class:`KeyBinding` declares one key of a table once: the help overlay lists it and
the table's key handling dispatches through it (:func:`dispatch_key`), so help can
only name keys that do something. :class:`TableParts` is mixed into
:class:`~cardtable.ui.game_table.GameTableScene`: the title line, captions, the bottom bar's button
and message, another seat's row of cards, the viewer's hand box, the pot line, the
showdown line, and the named boxes of the last frame (:meth:`TableParts.layout_boxes`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from cardtable.engine.game import CHANCE
from cardtable.engine.view import HandKey, SeatView, Showdown
from cardtable.engine.words import plural  # noqa: F401 - kept importable here for the screens that still do
from cardtable.ui.chip_stack import draw_chip_stack
from cardtable.ui.text import break_parts, fit_text
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, WidgetGroup

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
"""Both Enter keys."""

DIGITS = tuple(range(pygame.K_1, pygame.K_9 + 1))
"""The number keys 1 to 9 (a binding's handler reads which one from the event)."""

REMAPPED: dict[str, int] = {}
"""The keys chosen in Settings (:mod:`cardtable.ui.key_map` fills it): a binding's
:attr:`KeyBinding.id` -> the key that takes the place of its first key."""

_KEY_WORDS = {pygame.K_RETURN: "return", pygame.K_KP_ENTER: "enter", pygame.K_SPACE: "space",
              pygame.K_ESCAPE: "escape", pygame.K_TAB: "tab", pygame.K_DELETE: "delete",
              pygame.K_BACKSPACE: "backspace", pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left",
              pygame.K_RIGHT: "right", pygame.K_HOME: "home", pygame.K_END: "end", pygame.K_PAGEUP: "pageup",
              pygame.K_PAGEDOWN: "pagedown", pygame.K_KP_PLUS: "kp_plus", pygame.K_KP_MINUS: "kp_minus",
              **{getattr(pygame, f"K_F{n}"): f"f{n}" for n in range(1, 13)}}


def key_word(key: int) -> str:
    """A key's name in a binding's id: the same on every system (letters and digits as
    themselves, a few keys by name, others by their number).

    >>> key_word(pygame.K_f), key_word(pygame.K_RETURN), key_word(pygame.K_LEFTBRACKET)
    ('f', 'return', 'k91')
    """
    if 0 < key < 128 and chr(key).isalnum():
        return chr(key).lower()
    return _KEY_WORDS.get(key, f"k{key}")


@dataclass(frozen=True)
class KeyBinding:
    """One key (or set of keys) of a table, declared once.

    Attributes:
        keys: the pygame key codes.
        label: how help names them ("Enter", "1-5", "C").
        does: what they do, in help's words.
        handler: the name of the owner's method the key calls: with the KEYDOWN event
            when ``with_event``, else with nothing. It has done its work unless it
            returns False (a key may mean nothing in a phase); the next binding is tried.
        when: the name of the owner's method (no arguments) that says whether the key
            means anything now; "" for always.
        with_event: pass the event to the handler (to read which key of ``keys``).
        mods: modifiers one of which must be held (0: any or none).
        first: tried before the table's buttons (which take Tab and Enter for focus).
    """

    keys: tuple[int, ...]
    label: str
    does: str
    handler: str
    when: str = ""
    with_event: bool = False
    mods: int = 0
    first: bool = False

    @property
    def id(self) -> str:
        """The binding's name in the settings' key map: its handler and its first key ("flip.f")."""
        return f"{self.handler}.{key_word(self.keys[0])}"

    def live_keys(self) -> tuple[int, ...]:
        """Its keys as the person set them: the first replaced where Settings remapped it."""
        new = REMAPPED.get(self.id)
        return self.keys if new is None else (new, *self.keys[1:])

    def shown_label(self) -> str:
        """How help names its keys: :attr:`label`, the remapped key in its first key's place."""
        new = REMAPPED.get(self.id)
        if new is None:
            return self.label
        from cardtable.ui.key_map import key_label, relabel
        return relabel(self.label, key_label(self.keys[0]), key_label(new))

    def matches(self, event: pygame.event.Event) -> bool:
        """True when ``event`` (a KEYDOWN) is this binding's key with its modifiers."""
        return event.key in self.live_keys() and (not self.mods or bool(getattr(event, "mod", 0) & self.mods))


def next_round_binding(does: str, keys: tuple[int, ...] = ENTER + (pygame.K_n,),
                       label: str = "Enter / N") -> KeyBinding:
    """The key that goes on after a round (and leaves a finished match) on every table."""
    return KeyBinding(keys, label, does, "key_next_round", when="between_rounds")


def dispatch_key(owner: object, bindings: Iterable[KeyBinding], event: pygame.event.Event,
                 *, first: bool | None = None) -> bool:
    """Call the handler of each binding of ``bindings`` that matches the KEYDOWN ``event``
    and whose ``when`` holds (only those whose ``first`` is ``first``, unless None) until
    one does its work (returns anything but False); True if one did."""
    if event.type != pygame.KEYDOWN:
        return False
    for binding in bindings:
        if (first is None or binding.first == first) and binding.matches(event) \
                and (not binding.when or getattr(owner, binding.when)()):
            handler = getattr(owner, binding.handler)
            given = event
            if binding.with_event and event.key not in binding.keys:  # (a remapped key: as its first key)
                given = pygame.event.Event(event.type, {**event.dict, "key": binding.keys[0]})
            if (handler(given) if binding.with_event else handler()) is not False:
                return True
    return False


def by_number(event: pygame.event.Event, items: Sequence[Any], action: Callable[[Any], object]) -> bool:
    """Give ``action`` the item a number key names (1: the first); False past the end."""
    index = event.key - pygame.K_1
    if not 0 <= index < len(items):
        return False
    action(items[index])
    return True


def help_rows(bindings: Iterable[KeyBinding]) -> list[tuple[str, str]]:
    """``(keys, what they do)`` rows for the help overlay, one per binding."""
    return [(b.shown_label(), b.does) for b in bindings]


def shown_pots(view: SeatView) -> list[int]:
    """The pot amounts to show, main pot first: a side pot only where a seat still in
    is all-in. The view's pots close at every contribution level; a level no all-in
    seat caps is merged into the pot below it (the uncalled part is already out)."""
    pots = view.pots
    if not pots:
        return []
    amounts = [pots[0].amount]
    for below, above in zip(pots, pots[1:]):
        capped = set(below.eligible) - set(above.eligible)
        if any(view.seats[s].stack == 0 for s in capped):
            amounts.append(above.amount)
        else:
            amounts[-1] += above.amount
    return amounts


def pot_words(view: SeatView) -> list[str]:
    """"pot N", or "main N", "side 1 M"... where a seat is all-in; [] with nothing in."""
    amounts = shown_pots(view)
    if len(amounts) > 1:
        return [f"{'main' if i == 0 else f'side {i}'} {amount:,}" for i, amount in enumerate(amounts)]
    return [f"pot {view.pot_total:,}"] if view.pot_total else []


def pot_winners(results: Showdown) -> list[int]:
    """Every seat that won a share of some pot, in seat order."""
    return sorted({w for p in results.pots for w in p.winners})


def named(names: Sequence[str], seats: Iterable[int]) -> str:
    """The seats' names joined: "Ann", "Ann and Bo", "Ann, Bo and Cy"."""
    people = [names[s] for s in seats]
    return people[0] if len(people) == 1 else ", ".join(people[:-1]) + " and " + people[-1]


def showdown_reason(results: Showdown, words: Sequence[str]) -> str:
    """Why the main pot's single winner won, in words: "Flush beats Two Pair" when the
    kind decided, else "Pair of Kings beats Pair of Kings on the last kicker". The
    showdown's hands have a ``label`` and a ``key`` (a greater key is a better hand; a hand
    without one competed for nothing); ``words[i]`` names what place ``i`` of the key
    compares. "" when nobody showed or the pot split."""
    hands = {h.seat: {"label": h.label, "key": _comparable(h.key)} for h in results.hands if h.key}
    main = list(results.pots[0].winners) if results.pots else list(results.winners)
    if len(main) != 1 or main[0] not in hands or len(hands) < 2:
        return ""
    winner = main[0]
    best = hands[winner]
    runner = max((h for s, h in hands.items() if s != winner), key=lambda h: list(h["key"]))
    layer = next((i for i, (a, b) in enumerate(zip(best["key"], runner["key"])) if a != b), None)
    if layer is None:
        return ""
    if layer == 0:
        return f"{best['label']} beats {runner['label']}"
    return f"{best['label']} beats {runner['label']} on {words[min(layer, len(words) - 1)]}"


def _comparable(key: HandKey) -> list[Any]:
    """A hand key as lists, as the games' keys compare (a tuple inside compares as a list)."""
    return [list(part) if isinstance(part, tuple) else part for part in key]


RAIL_INSET = 8
"""How far inside the felt's edge its rail (the line round the table) runs, in pixels."""
RAIL_WIDTH = 3
"""The rail's width in pixels."""


class TableParts:
    """Drawing pieces for :class:`~cardtable.ui.game_table.GameTableScene` (a mixin:
    it uses the scene's ``app``, ``felt``, ``bar_rect``, ``view``, ``match``, ``viewer``,
    ``seat_plate`` and ``card``)."""

    app: Any
    felt: pygame.Rect
    bar_rect: pygame.Rect
    view: Any
    match: Any
    names: Any
    viewer: int | None
    widgets: WidgetGroup
    bet_bar: Any
    deck: Any
    card: Callable[..., pygame.Rect]
    plate_width: Callable[[], int]
    slot: Callable[[int], Any]
    seat_layout: Any
    note_small_cards: Callable[..., None]
    note_tip: Callable[[pygame.Rect, Sequence[str]], None]
    KEYS: tuple[KeyBinding, ...] = ()
    """The game's keys (subclasses); the help overlay lists them."""
    BET_KEYS: tuple[KeyBinding, ...] = ()
    """The betting bar's keys, listed after the game's (the bar dispatches them itself)."""

    # -- the last frame's boxes --------------------------------------------------------------
    def note_box(self, name: str, rect: pygame.Rect) -> pygame.Rect:
        """Record that ``name`` was drawn at ``rect`` this frame (see :meth:`layout_boxes`)."""
        boxes = self.__dict__.setdefault("_boxes", [])
        boxes.append((name, pygame.Rect(rect)))
        return rect

    def extend_box(self, name: str, rect: pygame.Rect) -> None:
        """Grow the box ``name`` drawn this frame by ``rect`` (a mark on a plate's edge
        belongs to the plate: it may touch the plate, not the seat next to it)."""
        boxes = self.__dict__.setdefault("_boxes", [])
        for i, (known, box) in enumerate(boxes):
            if known == name:
                boxes[i] = (known, box.union(rect))
                return
        boxes.append((name, pygame.Rect(rect)))

    def begin_boxes(self) -> None:
        """Start a frame's record of boxes (last frame's stay readable as ``_last_boxes``)."""
        if "_boxes" in self.__dict__:
            self.__dict__["_last_boxes"] = self.__dict__["_boxes"]
        self.__dict__["_boxes"] = []
        self.__dict__["_kept_clear"] = []

    def keep_clear(self, rect: pygame.Rect) -> None:
        """Record that something was drawn at ``rect`` this frame that the hint's panel
        must not cover (a banner, a pot's panel), without making it a layout box: the
        layout check leaves such a part's own near misses alone."""
        self.__dict__.setdefault("_kept_clear", []).append(pygame.Rect(rect))

    def kept_clear(self) -> list[pygame.Rect]:
        """What :meth:`keep_clear` recorded this frame."""
        return list(self.__dict__.get("_kept_clear", []))

    def layout_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """Named rects of every plate, hand, pile, panel and widget drawn last frame, so a
        check can find overlaps and widgets off the window."""
        boxes = list(self.__dict__.get("_boxes", []))
        groups = [("button", self.widgets)]
        if self.bet_bar is not None:
            groups.append(("bet", self.bet_bar.widgets))
        for kind, group in groups:
            boxes += [(f"{kind}:{getattr(w, 'label', type(w).__name__)}", pygame.Rect(w.rect))
                      for w in group.widgets if w.visible]
        return boxes

    def click_card(self, event: pygame.event.Event, rects: dict[Any, pygame.Rect],
                   action: Callable[[Any], object]) -> bool:
        """A left press on one of ``rects`` (the last drawn on top wins) gives its key to
        ``action``; True if it did."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        hit = next((key for key, rect in reversed(rects.items()) if rect.collidepoint(event.pos)), None)
        if hit is None:
            return False
        action(hit)
        return True

    # -- dragging a hand card -------------------------------------------------------------------
    dragging: tuple[int, tuple[int, int], tuple[int, int]] | None = None
    """The hand card being dragged: (card, where it was grabbed, where the press was)."""

    def start_drag(self, event: pygame.event.Event, rects: dict[int, pygame.Rect]) -> bool:
        """A left press on one of ``rects`` picks that card up; True if it did."""
        for card, rect in rects.items():
            if rect.collidepoint(event.pos):
                self.dragging = (card, (event.pos[0] - rect.x, event.pos[1] - rect.y), event.pos)
                return True
        return False

    def end_drag(self, event: pygame.event.Event) -> tuple[int, bool] | None:
        """The left release of a dragged card: (the card, whether it moved), else None."""
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1 or self.dragging is None:
            return None
        card, _, start = self.dragging
        self.dragging = None
        return card, abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > 6

    def own_hand(self) -> list[int]:
        """The viewer's cards ([] with nobody at the screen)."""
        if self.viewer is None:
            return []
        return [c for c in self.view.seats[self.viewer].hand if c is not None]

    # -- keys ---------------------------------------------------------------------------------
    @classmethod
    def key_rows(cls) -> list[tuple[str, str]]:
        """The help overlay's rows for this table: the game's keys, then the betting bar's."""
        return help_rows(cls.KEYS) + help_rows(cls.BET_KEYS)

    # -- small drawing ----------------------------------------------------------------------------
    def caption(self, surface: pygame.Surface, rect: pygame.Rect, text: str | Sequence[str],
                gap: int = 4) -> pygame.Rect:
        """Short lines centred under ``rect``, each on a dark pill; returns the last pill."""
        px, fonts = self.app.px, self.app.fonts
        y = rect.bottom + px(gap)
        lines = [text] if isinstance(text, str) else list(text)
        pill = pygame.Rect(rect.centerx, y, 0, 0)
        for line in lines:
            img = fonts.render(line, px(13), THEME.text)
            pill = img.get_rect(midtop=(rect.centerx, y))
            pygame.draw.rect(surface, (0, 0, 0), pill.inflate(8, 2), border_radius=pill.height // 2)
            surface.blit(img, pill)
            y = pill.bottom + px(3)
        widest = max([rect.width] + [self.app.fonts.size_of(line, px(13))[0] + 8 for line in lines])
        box = pygame.Rect(0, rect.bottom + px(gap), widest, y - rect.bottom - px(gap))
        box.centerx = rect.centerx  # the pills as drawn, however much wider than the card
        self.note_box(f"caption:{' '.join(lines)}", box)
        return pill

    def felt_radius(self) -> int:
        """The felt's corner radius; its rail (a line ``RAIL_INSET`` px inside the edge) rounds
        ``RAIL_INSET`` px less."""
        return min(self.app.px(120), min(self.felt.size) // 5)  # the seats in the corners stay on the felt

    def inside_rail(self, x: int, margin: int) -> int:
        """The least y at which text starting at ``x`` in the felt's top-left corner stays
        ``margin`` px inside the rail's curve (the high-contrast rail is a white line: a
        title crossing it is hard to read)."""
        line = max(0, self.felt_radius() - RAIL_INSET)
        centre_x, centre_y = self.felt.x + RAIL_INSET + line, self.felt.y + RAIL_INSET + line
        reach = line - margin - RAIL_WIDTH
        if x >= centre_x:
            return self.felt.y
        if centre_x - x >= reach:
            return centre_y
        return int(centre_y - (reach * reach - (centre_x - x) ** 2) ** 0.5) + 1

    def draw_title(self, surface: pygame.Surface, title: str, top: int = 14, room: int | None = None) -> None:
        """The table's title line (the game, the round, the phase) in the felt's top-left
        corner, ``top`` pixels (unscaled) down, in ``room`` pixels (by default: up to the
        plate of the seat across the table): set smaller where it does not fit, then broken
        into lines at its " · " parts (:func:`~cardtable.ui.text.break_parts`). Where a seat's
        plate or cards sit in the way the title stops before them, or gives way (the bar
        says what the table waits for). It goes as far down as keeps it inside the rail's
        curve (:meth:`inside_rail`) where the seats leave it room; else at ``top``, on a
        patch of felt that hides the rail behind its words."""
        px = self.app.px
        x = self.felt.x + px(30)
        if room is None:
            room = self.felt.centerx - self.plate_width() // 2 - px(10) - x
        high = self.felt.y + px(top)
        for y in dict.fromkeys((max(high, self.inside_rail(x, px(6))), high)):
            placed = self._title_lines(title, x, y, room, clear_of_all=y != high)
            if placed is not None:
                break
        else:
            return
        lines, size, area = placed
        if y < self.inside_rail(x, px(6)):
            pygame.draw.rect(surface, THEME.felt, area.inflate(px(8), px(2)), border_radius=px(6))
        line_h = area.height // len(lines)
        for n, line in enumerate(lines):
            surface.blit(self.app.fonts.render(line, size, THEME.text_dim), (x, y + n * line_h))
        self.note_box("title", area)

    def _title_lines(self, title: str, x: int, y: int, room: int,
                     clear_of_all: bool = False) -> tuple[list[str], int, pygame.Rect] | None:
        """The title's lines, size and area from ``(x, y)`` in up to ``room`` px clear of the
        seats' plates and hands drawn last frame (``clear_of_all``: and of everything else
        drawn on the felt); None where they leave it too little room."""
        px, fonts = self.app.px, self.app.fonts
        drawn = self.__dict__.get("_boxes", [])
        line_h = fonts.size_of(title, px(16))[1]
        lines = [title]
        for _ in range(2):  # the lines' height decides which seats are in the way, and they the room
            area = pygame.Rect(x, y, room, line_h * len(lines))
            blockers = [r for name, r in drawn if name.split(":")[0] in ("plate", "hand") and r.colliderect(area)]
            if blockers:
                room = min(r.x for r in blockers) - px(10) - x
            if room < px(60):
                return None
            size = fonts.fit_size(title, room, px(16), min_size=px(13))  # smaller type before a break
            lines = break_parts(fonts, title, size, room)
            line_h = fonts.size_of(title, size)[1]
        area = pygame.Rect(x, y, max(fonts.size_of(line, size)[0] for line in lines), line_h * len(lines))
        if any(name.split(":")[0] in ("plate", "hand") and r.colliderect(area) for name, r in drawn):
            return None
        if clear_of_all and any(r.colliderect(area) and name.split(":")[0] not in ("title", "felt")
                                and r != self.felt for name, r in drawn):
            return None
        return lines, size, area

    def banner(self, surface: pygame.Surface, text: str, midbottom: tuple[int, int], *, size: int = 14,
               colour: tuple[int, int, int] | None = None, within: pygame.Rect | None = None,
               draw: bool = True) -> pygame.Rect:
        """One bold line on a dark pill with its bottom centre at ``midbottom``, kept inside
        ``within`` (the felt unless told): a line too wide for it is set smaller (down to
        11 px unscaled), then cut with an ellipsis, and the pill is slid to stay inside.
        With ``draw`` False only the line's rect is worked out (to try a place first)."""
        px, fonts = self.app.px, self.app.fonts
        area = within if within is not None else getattr(self, "felt", None)
        points = px(size)
        room = self._banner_room(area)
        if room is not None:
            points = fonts.fit_size(text, room, points, True, min_size=min(points, px(11)))
            text = fit_text(fonts, text, points, room, True)
        img = fonts.render(text, points, colour or THEME.highlight, bold=True)
        rect = img.get_rect(midbottom=midbottom)
        if area is not None and room is not None:
            pad_x, pad_y = px(12) // 2 + 1, px(4) // 2 + 1
            rect.clamp_ip(area.inflate(-2 * pad_x, -2 * pad_y))
        if draw:
            pygame.draw.rect(surface, (0, 0, 0), rect.inflate(px(12), px(4)), border_radius=px(8))
            surface.blit(img, rect)
            self.keep_clear(rect.inflate(px(12), px(4)))
        return rect

    def _banner_room(self, area: pygame.Rect | None) -> int | None:
        """The width a banner's line has in ``area`` (None: no area, no limit)."""
        if area is None or area.width <= 0:
            return None
        return max(1, area.width - self.app.px(12) - 2)  # the pill's padding either side

    def banner_fits(self, text: str, within: pygame.Rect | None = None, size: int = 14) -> bool:
        """Whether :meth:`banner` would show ``text`` whole in ``within`` (the felt unless
        told), at its smallest type if need be, rather than cut with an ellipsis."""
        room = self._banner_room(within if within is not None else getattr(self, "felt", None))
        px = self.app.px
        return room is None or self.app.fonts.size_of(text, min(px(size), px(11)), True)[0] <= room

    def bar_button(self, group: WidgetGroup, label: str, action: Callable[[], None], hotkey: str, *,
                   right: int = 10, width: int = 180, primary: bool = True, size: int = 18) -> Button:
        """A button in the bottom bar, ``right`` (unscaled) pixels in from its right end."""
        px, bar = self.app.px, self.bar_rect
        rect = (bar.right - px(right + width), bar.y + px(8), px(width), px(42))
        if REMAPPED:  # (a key chosen in Settings for the action shows in the tooltip)
            from cardtable.ui.key_map import button_hotkey
            hotkey = button_hotkey((*getattr(self, "TABLE_KEYS", ()), *self.KEYS), action, hotkey)
        return group.add(Button(rect, self.app.fonts, label, action, size=px(size), primary=primary, hotkey=hotkey))

    @staticmethod
    def pile_size(view: SeatView, zone_id: str) -> int:
        """How many cards lie in the view's shared zone ``zone_id`` (0 when it has none)."""
        zone = view.zone(zone_id)
        return zone.size if zone is not None else 0

    def draw_pot_line(self, surface: pygame.Surface, view: SeatView, midbottom: tuple[int, int],
                      extra: Sequence[str] = ()) -> str:
        """The pots (a side pot only where a seat is all-in) and ``extra`` in one line."""
        parts = pot_words(view) + list(extra)
        line = "   ·   ".join(parts)
        if parts:
            px, fonts = self.app.px, self.app.fonts
            img = fonts.render(line, px(18), THEME.highlight, bold=True)
            rect = img.get_rect(midbottom=midbottom)
            surface.blit(img, rect)
            if view.pot_total > 0:  # the pot as chips, left of its line
                stack = draw_chip_stack(surface, fonts, px, view.pot_total, (rect.x - px(30), rect.centery),
                                        labelled=False)
                rect.union_ip(stack)
            self.note_box("pots", rect)
        return line

    # -- cards ------------------------------------------------------------------------------------
    def seat_cards_row(self, seat: int, plate: pygame.Rect, count: int, width: int, step: int,
                       left: int | None = None) -> tuple[int, int, int, int]:
        """Where another seat's row of ``count`` cards goes: ``(x, y, width, step)``. In
        its slot: under the plate (or beside it, toward the middle, for a compact plate),
        made smaller where the slot is short of room. A seat without a slot has them above
        its plate (below, for a seat in the top half). Centred on the plate unless ``left``."""
        px = self.app.px
        slot = self.slot(seat)
        ratio = step / width if width else 0.0
        if slot is not None and slot.side != "bottom" and slot.cards.y < slot.plate.bottom:  # beside the plate
            room = slot.cards
            width = max(12, min(width, int(room.height / 1.4), int(room.width / (1 + ratio * max(count - 1, 0)))))
            step = int(width * ratio)
            row = step * max(count - 1, 0) + width
            return (room.right - row if slot.side == "right" else room.x), room.centery - int(width * 1.4) // 2, \
                width, step
        if slot is not None and slot.side != "bottom":
            y0 = max(slot.cards.y, plate.bottom) + px(4)
            fits = int(slot.rect.width / (1 + ratio * max(count - 1, 0)))
            width = max(12, min(width, int((slot.rect.bottom - y0) / 1.4), fits))
            step = int(width * ratio)
            row = step * max(count - 1, 0) + width
            x0 = plate.centerx - row // 2 if left is None else left
            return max(slot.rect.x, min(x0, slot.rect.right - row)), y0, width, step
        x0 = plate.centerx - (step * (count - 1) + width) // 2 if left is None else left
        y0 = plate.bottom + px(6) if plate.centery < self.felt.centery else plate.y - int(width * 1.4) - px(6)
        return x0, y0, width, step

    def draw_seat_cards(self, surface: pygame.Surface, seat: int, plate: pygame.Rect, cards: Sequence[int | None],
                        width: int, step: int, *, left: int | None = None,
                        origin: tuple[float, float] | None = None) -> list[pygame.Rect]:
        """Another seat's cards in a row where :meth:`seat_cards_row` puts them; a None
        card is drawn face down. Small face-up cards show large when the mouse is over
        them or their plate."""
        x0, y0, width, step = self.seat_cards_row(seat, plate, len(cards), width, step, left)
        rects = [self.card(surface, self.deck, card, card is not None, width, (x0 + i * step, y0), origin=origin)
                 for i, card in enumerate(cards)]
        if rects:
            row = self.note_box(f"hand:{seat}", rects[0].unionall(rects[1:]))
            self.note_small_cards(seat, row.union(plate), cards, width)
        return rects

    def middle_row(self, count: int, want: int, *, gap: int, above: int, below: int,
                   spare: int = 0) -> tuple[int, int]:
        """A row of ``count`` cards across the felt's middle (clear of every seat): the
        card width (at most ``want``) and the row's top, leaving ``above`` pixels over the
        row (a pot line) and ``below`` under it (captions), and ``spare`` of its width."""
        mid = self.seat_layout.middle
        by_width = (mid.width - spare - max(count - 1, 0) * gap) // max(count, 1)
        by_height = int((mid.height - above - below) / 1.4)
        width = max(20, min(want, by_width, by_height))
        free = mid.height - above - below - int(width * 1.4)
        return width, mid.y + above + max(0, free) // 2

    def own_hand_box(self, count: int, width: int, *, gap: int = 12, shift: int = 0, lift: int = 16) -> pygame.Rect:
        """Where the viewer's ``count`` cards of ``width`` lie: bottom centre of the felt,
        ``shift`` pixels right, ``lift`` (unscaled) up from its bottom."""
        px = self.app.px
        total = count * (width + px(gap)) - px(gap)
        height = int(width * 1.4)
        left = self.felt.centerx - total // 2 + shift
        left = max(left, self.felt.x + px(22) + self.plate_width())  # room for the plate (plate_beside)
        return pygame.Rect(left, self.felt.bottom - height - px(lift), total, height)

    def plate_beside(self, box: pygame.Rect) -> tuple[int, int]:
        """Where the viewer's plate goes: its centre just left of their hand's ``box``."""
        return box.x - self.app.px(12) - self.plate_width() // 2, box.centery

    def draw_own_cards(self, surface: pygame.Surface, cards: Sequence[int | None], box: pygame.Rect, width: int,
                       *, gap: int = 12, chosen: Iterable[int] = (), mark: tuple[int, int, int] = THEME.error,
                       dragging: tuple[int, tuple[int, int], tuple[int, int]] | None = None,
                       origin: tuple[float, float] | None = None) -> dict[int, pygame.Rect]:
        """The viewer's cards face up across ``box``; chosen ones lifted and ringed in
        ``mark``, a dragged one under the mouse. Returns each card's rect."""
        px = self.app.px
        chosen = set(chosen)
        rects: dict[int, pygame.Rect] = {}
        for i, card in enumerate(cards):
            if card is None:
                continue
            target: tuple[float, float] = (box.x + i * (width + px(gap)), box.y)
            if dragging is not None and dragging[0] == card:
                grab = dragging[1]
                target = (self.mouse[0] - grab[0], self.mouse[1] - grab[1])  # type: ignore[attr-defined]
            rect = self.card(surface, self.deck, card, True, width, target, origin=origin, lifted=card in chosen)
            rects[card] = rect
            if card in chosen:
                pygame.draw.rect(surface, mark, rect.inflate(6, 6), 3, border_radius=px(8))
        if rects:
            self.note_box("hand:own", box)
        return rects

    def draw_hand_line(self, surface: pygame.Surface, text: str, midbottom: tuple[int, int],
                       within: pygame.Rect | None = None) -> pygame.Rect:
        """"Your hand: ..." on a pill at ``midbottom`` (only ever over the viewer's own cards),
        kept inside ``within`` (the felt unless told; see :meth:`banner`); returns its line."""
        return self.note_box("your hand", self.banner(surface, text, midbottom, within=within))

    # -- the bottom bar -----------------------------------------------------------------------------
    def bar_text(self, view: SeatView) -> str | None:
        """The bar's message this frame, or None for the default (subclasses)."""
        return None

    def waiting_text(self, view: SeatView) -> str:
        """Who the table waits for: "Ann is thinking…", or "Dealing…" for chance."""
        to_act = self.view.to_act
        if to_act is not None and to_act != CHANCE:
            return f"{self.names[to_act]} is thinking…"
        return "Dealing…"

    def draw_bar(self, surface: pygame.Surface, view: SeatView) -> None:
        """The bottom bar: the betting bar while it is up, else a message; then the buttons."""
        if self.bet_bar is not None:
            self.bet_bar.draw(surface)
        else:
            self.bar_message(surface, self.bar_text(view) or self.waiting_text(view))  # type: ignore[attr-defined]
        self.widgets.draw(surface)

    def round_end_text(self, view: SeatView, round_word: str, words: Sequence[str]) -> str | None:
        """At the end of the match, who has every chip; after a round, who won it and why
        (:func:`showdown_reason` with ``words``); otherwise None."""
        if self.view.to_act is None:
            return self.match_won_text()
        results = view.showdown
        if self.waits_for_next_round() and results is not None:  # type: ignore[attr-defined]
            why = showdown_reason(results, words)
            return self.winners_text(view, round_word, why) + f"Press Enter for the next {round_word.lower()}."
        return None

    def match_won_text(self, verb: str = "has every chip") -> str:
        """The end of the match in one line: "Ann has every chip." and, to a person at the
        screen who won it, "Well played!" (to one who lost, nothing of the kind)."""
        winner = self.match.standings()[0][0]
        names = list(self.view.names)
        viewer = getattr(self, "viewer", None)
        people = set(getattr(self, "humans", ())) or ({viewer} if viewer is not None else set())
        won = winner in names and names.index(winner) in people
        return f"{winner} {verb}." + (" Well played!" if won else "")

    def result_people(self, view: SeatView) -> list[int]:
        """Whose gains and losses a round's result tells: every person at this screen when
        several share it (each sees their own), else the viewer (nobody for a spectator)."""
        humans = list(getattr(self, "humans", ()))
        if len(humans) > 1:
            return humans
        return [view.seat] if view.seat is not None else []

    def winners_text(self, view: SeatView, round_word: str, why: str = "") -> str:
        """"Hand 3: Ann wins (with a flush). " for the showdown's bar."""
        assert view.showdown is not None
        winners, round_no, names = pot_winners(view.showdown), view.showdown.round, view.names
        how = "wins" if len(winners) == 1 else "share"
        return f"{round_word} {round_no}: {named(names, winners)} {how}" + \
            (f" ({why})" if why else "") + ". "
