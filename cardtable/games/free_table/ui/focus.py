"""The free table by keyboard alone: a focus that moves between the piles, the hand and the
tool bar; the keys act on it; Enter picks a card (or pile) up and puts it down.

A mixin of :class:`~cardtable.games.free_table.ui.table.FreeTableScene`. The focus is a
pile on the felt (``("pile", id)``) or a card of the hand at the screen (``("hand", i)``);
the tool bar's buttons take the keyboard focus of its :class:`~cardtable.ui.widgets.WidgetGroup`
as on every screen. Tab and Shift+Tab go round all three: the piles in reading order (rows
top to bottom, left to right in a row), the hand's cards, the tool bar's controls. Ctrl and
an arrow go to the nearest pile that way. While a focus is set, every key that acts on "the
pile under the cursor" (F, S, D, G, N, C, H...) acts on it; a click of the mouse lets it go.

The view follows the focus (it pans to bring the focused pile into the felt in view), a ring
in :attr:`~cardtable.ui.theme.Theme.focus` shows it at every zoom and UI scale, and speech
says it: a face-down card as face down (its name is hidden), a card of the hand by its name
(the hand at the screen shows its faces to the player there).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.engine.table import CARD_H, CARD_W
from cardtable.games.free_table.ui.hands import player_name
from cardtable.ui.text import figure, plural
from cardtable.ui.theme import THEME

ROW_SLACK = CARD_H / 2
"""Piles whose tops lie within this many world units of each other read as one row (Tab's order)."""

LEAST_RING = 12
"""The focus ring is never drawn round less than this many pixels (a card of a zoomed-out
12,000-card table is a few pixels wide): the ring stays a ring."""


@dataclass
class Carry:
    """What Enter picked up, waiting to be put down: the top card (``count`` 1) or the
    whole pile (None) of a felt pile, a selection of piles (``group``), or one card of
    the hand (``hand_index``)."""

    pid: int
    count: int | None = 1
    group: tuple[int, ...] = ()
    hand_index: int | None = None


def reading_order(piles: dict[int, Any], hands: Any = ()) -> list[int]:
    """The felt's piles in reading order: rows (tops within :data:`ROW_SLACK`) top to bottom,
    left to right in a row, the topmost first where two lie at one place.

    >>> from types import SimpleNamespace as P
    >>> reading_order({1: P(x=200, y=0, z=1), 2: P(x=0, y=30, z=2), 3: P(x=0, y=400, z=3)})
    [2, 1, 3]
    """
    felt = sorted((p for p in piles if p not in hands), key=lambda p: (piles[p].y, piles[p].x))
    rows: list[list[int]] = []
    top = None
    for pid in felt:
        y = piles[pid].y
        if top is None or y - top > ROW_SLACK:
            rows.append([])
            top = y
        rows[-1].append(pid)
    return [pid for row in rows for pid in sorted(row, key=lambda p: (piles[p].x, -piles[p].z))]


def nearest_that_way(piles: dict[int, Any], hands: Any, origin: tuple[float, float], dx: int, dy: int,
                     exclude: int | None = None) -> int | None:
    """The pile whose top-left corner lies nearest ``origin`` in the direction ``(dx, dy)``
    (an arrow's): distance along it plus twice the distance across it, so a pile straight
    that way wins over a nearer one off to the side; one more aside than that way (a pile of
    the same row, a little lower, for Down) only when there is no other.

    >>> from types import SimpleNamespace as P
    >>> piles = {1: P(x=0, y=0), 2: P(x=120, y=10), 3: P(x=60, y=200)}
    >>> nearest_that_way(piles, (), (0, 0), 1, 0, exclude=1), nearest_that_way(piles, (), (0, 0), 0, 1, exclude=1)
    (2, 3)
    >>> nearest_that_way(piles, (), (0, 0), -1, 0, exclude=1) is None
    True
    """
    ox, oy = origin
    best, best_score = None, (True, float("inf"))
    for pid, pile in piles.items():
        if pid == exclude or pid in hands:
            continue
        ax, ay = pile.x - ox, pile.y - oy
        along = ax * dx + ay * dy
        if along <= 0:
            continue
        across = abs(ax * dy) + abs(ay * dx)
        score = (along < across / 2, along + 2 * across)  # (more aside than that way: only if nothing else)
        if score < best_score:
            best, best_score = pid, score
    return best


def pile_words(table: Any, pid: int) -> str:
    """A felt pile in words, as the status line shows it: the top card's name only when it
    is face up ("face down" otherwise: nothing hidden is said), then how many it holds."""
    pile = table.piles[pid]
    top = table.deck.cards[pile.top].name if pile.top_face_up else "face down card"
    n = len(pile.cards)
    if n == 1:
        return top
    up = sum(pile.faces)
    return f"{top}, on a pile of {figure(n)}, {figure(up)} face up"


class FreeTableFocus:
    """The keyboard focus of the free table (see the module's docstring)."""

    selected: set[int]  # the selected piles' ids (the scene's)

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            """The scene's own attributes and methods (the table, the camera, the hand bar...)."""

    def init_focus(self) -> None:
        """No focus yet, nothing carried."""
        self.focus: tuple[str, int] | None = None
        self.carry: Carry | None = None
        self._order: tuple[tuple[int, int], list[int], dict[int, int]] | None = None

    def piles_in_order(self) -> tuple[list[int], dict[int, int]]:
        """:func:`reading_order` of the table, and each pile's place in it, worked out once a
        change of the table (a Tab over 12,000 piles would sort them each time)."""
        key = (id(self.table), self.table.revision)
        if self._order is None or self._order[0] != key:
            order = reading_order(self.table.piles, self.table.hands)
            self._order = (key, order, {pid: n for n, pid in enumerate(order)})
        return self._order[1], self._order[2]

    # -- what has the focus --------------------------------------------------------------
    def focused_pile(self) -> int | None:
        """The felt pile with the focus; when it left the table (spread, gathered, dealt
        away), the pile the last action ended on takes the focus."""
        focus = self.focus
        if focus is None or focus[0] != "pile":
            return None
        piles = self.table.piles
        if focus[1] in piles and focus[1] not in self.table.hands:
            return focus[1]
        current = self.current
        if current in piles and current not in self.table.hands:
            self.focus = ("pile", current)
            return current
        order = self.piles_in_order()[0]
        self.focus = ("pile", order[0]) if order else None
        return order[0] if order else None

    def focused_hand_card(self) -> int | None:
        """The index of the hand's card with the focus (the hand at the screen)."""
        focus = self.focus
        if focus is None or focus[0] != "hand":
            return None
        hand = self.table.hand_of(self.seat)
        if hand is None:
            self.focus = None
            return None
        n = len(self.table.piles[hand].cards)
        index = min(focus[1], n - 1)
        self.focus = ("hand", index)
        return index

    def focus_on_felt(self) -> bool:
        """True when the keyboard focus is on a pile or the hand (not a tool bar control)."""
        return self.focus is not None and self.widgets.focused is None

    def set_focus(self, focus: tuple[str, int] | None) -> None:
        """Give the focus to a pile or a card of the hand (None: to nothing); the tool bar's
        control lets its focus go; the view follows and speech says what is focused."""
        self.focus = focus
        if focus is not None:
            self.widgets.focus(None)
        self.follow_focus()
        self.say_focus()

    # -- moving it ---------------------------------------------------------------------
    def stops(self) -> list[tuple[str, int]]:
        """Tab's stops on the felt and in the hand, in order (the tool bar's come after)."""
        stops = [("pile", pid) for pid in self.piles_in_order()[0]]
        return stops + self._hand_stops()

    def _hand_stops(self) -> list[tuple[str, int]]:
        hand = self.table.hand_of(self.seat)
        return [] if hand is None else [("hand", i) for i in range(len(self.table.piles[hand].cards))]

    def _step_stop(self, here: tuple[str, int] | None, back: bool) -> tuple[str, int] | None:
        """The stop after ``here`` (before it, ``back``): None past either end."""
        order, place = self.piles_in_order()
        hand = self._hand_stops()
        count = len(order) + len(hand)
        if here is None:
            at = None
        elif here[0] == "pile":
            at = place.get(here[1])
        else:
            at = len(order) + here[1]
        if at is None:
            n = count - 1 if back else 0
        else:
            n = at + (-1 if back else 1)
        if not 0 <= n < count:
            return None
        return ("pile", order[n]) if n < len(order) else hand[n - len(order)]

    def key_focus_next(self, event: pygame.event.Event) -> bool:
        """Tab: the next pile (in reading order), then the hand's cards, then the tool bar's
        controls, and round again; Shift+Tab goes back."""
        back = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        bar = self.widgets.focusables()
        tool = self.widgets.focused
        if tool is not None:
            index = bar.index(tool) if tool in bar else 0
            if (not back and index < len(bar) - 1) or (back and index > 0):
                return False  # (the tool bar moves its own focus)
            first = self._step_stop(None, back)
            if first is None:
                return False
            self.set_focus(first)
            return True
        target = self._step_stop(self._stop_now(), back)
        if target is None and bar:
            self.focus = None
            self.widgets.focus(bar[-1] if back else bar[0])
            return True
        self.set_focus(target)
        return True

    def _stop_now(self) -> tuple[str, int] | None:
        pid = self.focused_pile()
        if pid is not None:
            return ("pile", pid)
        index = self.focused_hand_card()
        return ("hand", index) if index is not None else None

    def key_focus_arrow(self, event: pygame.event.Event) -> None:
        """Ctrl and an arrow: the nearest pile that way (in the hand: the next card; Up
        leaves the hand for the felt, Down from the felt's last row goes to the hand)."""
        dx = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(event.key, 0)
        dy = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(event.key, 0)
        hand = self.table.hand_of(self.seat)
        index = self.focused_hand_card()
        if index is not None and hand is not None:
            if dx:
                n = len(self.table.piles[hand].cards)
                self.set_focus(("hand", max(0, min(n - 1, index + dx))))
                return
            if dy < 0:
                vx, vy, vw, vh = self.world_in_view()
                pid = nearest_that_way(self.table.piles, self.table.hands, (vx + vw / 2, vy + vh), 0, -1)
                if pid is not None:
                    self.set_focus(("pile", pid))
            return
        pid = self.focused_pile()
        if pid is None:
            stops = self.stops()
            if stops:
                self.set_focus(stops[0])
            return
        pile = self.table.piles[pid]
        found = nearest_that_way(self.table.piles, self.table.hands, (pile.x, pile.y), dx, dy, exclude=pid)
        if found is not None:
            self.set_focus(("pile", found))
        elif dy > 0 and hand is not None:
            self.set_focus(("hand", 0))
        else:
            self.say("Nothing further that way")

    def follow_focus(self) -> None:
        """Pan as little as brings the focused pile into the felt in view (and zoom out, for a
        card bigger than the view)."""
        pid = self.focused_pile()
        if pid is None:
            return
        pile = self.table.piles[pid]
        felt = self.felt_in_view()
        camera = self.camera
        if CARD_W * camera.zoom > felt.w or CARD_H * camera.zoom > felt.h:
            camera.zoom = max(0.05, min(felt.w / CARD_W, felt.h / CARD_H) * 0.8)
        rect = self._on_screen((pile.x, pile.y, CARD_W, CARD_H))
        if felt.contains(rect):
            return
        # As little as brings it in, with a margin (the view does not jump about as Tab goes on).
        margin = min(self.app.px(24), max(0, (felt.w - rect.w) // 2), max(0, (felt.h - rect.h) // 2))
        room = felt.inflate(-2 * margin, -2 * margin)
        dx = rect.left - room.left if rect.left < room.left else max(0, rect.right - room.right)
        dy = rect.top - room.top if rect.top < room.top else max(0, rect.bottom - room.bottom)
        camera.x += dx / camera.zoom
        camera.y += dy / camera.zoom

    # -- speech ------------------------------------------------------------------------
    def say(self, text: str, *, interrupt: bool = False) -> None:
        """Say ``text`` (when speech is on) and show it in the toast."""
        self.toast(text, 2.0)

    def toast(self, text: str, seconds: float = 2.5) -> None:
        """The scene's toast, also said aloud (what a key did, for a person who does not see it)."""
        super().toast(text, seconds)  # type: ignore[misc]
        self.app.speech.say(text)

    def focus_words(self) -> str:
        """What has the focus, in words (nothing hidden: a face-down card is "face down")."""
        pid = self.focused_pile()
        if pid is not None:
            order, place = self.piles_in_order()
            where = f"pile {place[pid] + 1} of {len(order)}" if pid in place else "pile"
            mark = ", selected" if pid in self.selected else ""
            return f"{pile_words(self.table, pid)}; {where}{mark}"
        index = self.focused_hand_card()
        hand = self.table.hand_of(self.seat)
        if index is not None and hand is not None:
            cards = self.table.piles[hand].cards
            name = self.table.deck.cards[cards[index]].name
            return f"{player_name(self.seat)}'s hand, card {index + 1} of {len(cards)}: {name}"
        return ""

    def say_focus(self) -> None:
        """Say what has the focus, cutting off what was being said."""
        words = self.focus_words()
        if words:
            self.app.speech.say(words, interrupt=True)

    # -- acting on it -------------------------------------------------------------------
    def key_select(self) -> bool:
        """X: the focused pile into the selection, or out of it (as Ctrl+click)."""
        pid = self.focused_pile()
        if pid is None:
            pid = self.target()
        if pid is None:
            self.say("Tab to a pile to select it")
            return True
        self.selected = self.selected ^ {pid}  # (a new set: see SelectionOutlines)
        word = "selected" if pid in self.selected else "not selected"
        self.toast(f"{pile_words(self.table, pid)}: {word} ({plural(len(self.selected), 'pile')} selected)", 1.5)
        return True

    def key_menu(self) -> bool:
        """M (or the Menu key): the focused pile's menu, as a right-click opens it, its first
        item chosen; speech reads its items."""
        pid = self.target()
        if pid is None:
            self.toast(self.nothing_pointed_at("open its menu"))
            return True
        pile = self.table.piles[pid]
        rect = self._on_screen((pile.x, pile.y, CARD_W, CARD_H)).clip(self.felt_in_view())
        self.open_pile_menu(pid, (rect.centerx, rect.centery))
        menu = self.menu
        if menu is not None:
            menu.index = 0
            labels = [label for label, _key, action in menu.items if action is not None]
            self.app.speech.say(f"Menu: {', '.join(labels)}. Up and Down choose, Enter does it, Esc closes it.",
                                interrupt=True)
        return True

    def key_pick(self, event: pygame.event.Event) -> bool:
        """Enter (or Space): pick up the focused pile's top card (Shift: the whole pile; the
        selection, if the pile is in it), or the focused card of the hand; with something
        picked up, put it down on the focused pile (on itself: beside it, on free felt) or,
        the hand focused, into the hand."""
        if not self.focus_on_felt():
            return False
        whole = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if self.carry is not None:
            self._put_down()
            return True
        pid = self.focused_pile()
        if pid is not None:
            self._prune_selection()
            pile = self.table.piles[pid]
            group = tuple(sorted(self.selected, key=lambda p: self.table.piles[p].z)) \
                if len(self.selected) > 1 and pid in self.selected else ()
            count = None if whole or group or len(pile.cards) == 1 else 1
            self.carry = Carry(pid, count, group)
            if group:
                what = plural(len(group), "pile")
            elif len(pile.cards) == 1:
                what = pile_words(self.table, pid)
            elif count is None:
                what = f"the pile of {figure(len(pile.cards))}"
            else:
                what = self.table.deck.cards[pile.top].name if pile.top_face_up else "the top card, face down"
            self.toast(f"Picked up {what}: Tab to a pile and press Enter to put it there, Esc to put it back", 3.0)
            return True
        index = self.focused_hand_card()
        hand = self.table.hand_of(self.seat)
        if index is not None and hand is not None:
            self.carry = Carry(hand, 1, hand_index=index)
            name = self.table.deck.cards[self.table.piles[hand].cards[index]].name
            self.toast(f"Picked up {name} from the hand: Tab to a pile and press Enter to play it there", 3.0)
            return True
        return False

    def cancel_carry(self) -> bool:
        """Esc with something picked up: put it back (True), else False."""
        if self.carry is None:
            return False
        self.carry = None
        self.toast("Put back", 1.0)
        return True

    def _put_down(self) -> None:
        carry, self.carry = self.carry, None
        assert carry is not None
        table = self.table
        if carry.pid not in table.piles:
            self.toast("What was picked up is no longer there")
            return
        onto = self.focused_pile()
        hand_index = self.focused_hand_card()
        if carry.hand_index is not None:
            if onto is None:
                self.toast("Put back in the hand", 1.0)
                return
            target = table.piles[onto]
            self.current = table.play_from_hand(carry.pid, carry.hand_index, target.x, target.y, onto=onto)
            self.toast(f"Played it onto {pile_words(table, self.current)}", 1.5)
        elif hand_index is not None:
            if carry.group:
                self.toast("A selection goes into a hand one pile at a time")
                return
            table.to_hand(carry.pid, self.seat, carry.count)
            self.toast(f"Into {player_name(self.seat)}'s hand", 1.5)
        elif carry.group:
            if onto is None or onto in carry.group:
                self.toast("Put back", 1.0)
                return
            anchor, target = table.piles[carry.group[-1]], table.piles[onto]
            dx, dy = target.x + CARD_W + 20 - anchor.x, target.y - anchor.y
            self.begin(table.move_many_job(carry.group, dx, dy), lambda _: self._refresh_buttons())
            self.toast(f"Moved {plural(len(carry.group), 'pile')} beside it", 1.5)
        elif onto is None:
            self.toast("Put back", 1.0)
            return
        elif onto == carry.pid:
            source = table.piles[carry.pid]
            x, y = table.free_spot(CARD_W, CARD_H, (source.x, source.y), ignore=(carry.pid,),
                                   within=self.world_in_view())
            self.current = table.move(carry.pid, carry.count, x, y)
            self.toast(f"Put down beside it: {pile_words(table, self.current)}", 1.5)
        else:
            target = table.piles[onto]
            self.current = table.move(carry.pid, carry.count, target.x, target.y, onto=onto)
            self.toast(f"Put on the pile: {pile_words(table, self.current)}", 1.5)
        if self.current in table.piles and self.current not in table.hands:
            self.focus = ("pile", self.current)
        self.app.sounds.play("slide")
        self._prune_selection()
        self._refresh_buttons()

    # -- drawing ---------------------------------------------------------------------
    def focus_rect(self) -> pygame.Rect | None:
        """The screen rectangle the focus ring goes round (None without a focus on the felt)."""
        if not self.focus_on_felt():
            return None
        pid = self.focused_pile()
        if pid is not None:
            pile = self.table.piles[pid]
            rect = self._on_screen((pile.x, pile.y, CARD_W, CARD_H))
        else:
            index, bar = self.focused_hand_card(), self.hand_bar()
            hand = self.table.hand_of(self.seat)
            if index is None or bar is None or hand is None:
                return None
            rect = bar.card_rects(len(self.table.piles[hand].cards))[index]
        if rect.w < LEAST_RING or rect.h < LEAST_RING:
            rect = rect.inflate(max(0, LEAST_RING - rect.w), max(0, LEAST_RING - rect.h))
        return rect

    def ring_width(self) -> int:
        """The focus ring's thickness: 5 pixels at UI scale 1, thicker with the scale."""
        return max(5, self.app.px(5))

    def ring_gap(self) -> int:
        """The dark band between the focused card and its ring."""
        return max(2, self.ring_width() // 2)

    def ring_reach(self) -> int:
        """How far outside the focused rect the middle of the ring's light line lies."""
        return self.ring_gap() + self.ring_width() // 2

    def draw_focus(self, surface: pygame.Surface) -> None:
        """The focus ring: a thick line of :attr:`THEME.focus` between two dark ones, a gap
        from the card (so it shows on any card and any felt, and by its shape is told from a
        selection's thin outline, drawn in the same colour), and what is picked up, lifted
        beside it."""
        rect = self.focus_rect()
        if rect is None:
            return
        width, gap = self.ring_width(), self.ring_gap()
        radius = max(2, rect.w // 12)
        pygame.draw.rect(surface, THEME.backdrop, rect.inflate(2 * gap, 2 * gap), gap, border_radius=radius + gap)
        reach = 2 * (gap + width)
        pygame.draw.rect(surface, THEME.focus, rect.inflate(reach, reach), width, border_radius=radius + gap + width)
        pygame.draw.rect(surface, THEME.backdrop, rect.inflate(reach + 2, reach + 2), 1,
                         border_radius=radius + gap + width)
        carry = self.carry
        if carry is None or carry.pid not in self.table.piles:
            return
        off = max(8, rect.w // 4)
        at = (rect.x + off, rect.y - off)
        bar = self.hand_bar()
        if self.focused_hand_card() is not None and bar is not None:  # (above the hand bar, not over the hand)
            height = int(self.view.card_width(self.camera) * CARD_H / CARD_W)
            at = (rect.x + off, bar.rect.y - height - off)
        if carry.hand_index is not None:
            cards = self.table.piles[carry.pid].cards
            if carry.hand_index < len(cards):
                img = self.view.cache.get(self.table.deck, cards[carry.hand_index], True,
                                          self.view.card_width(self.camera), force=True)
                surface.blit(img, at)
            return
        if carry.group:
            return
        pile = self.table.piles[carry.pid]
        self.view.draw_lifted(surface, self.table, self.camera, pile,
                              len(pile.cards) if carry.count is None else carry.count, at)
