"""The betting controls: Fold, Check or Call, Bet or Raise with a slider, chips and a typed amount, All-in.

The bar only ever offers what :class:`~cardtable.engine.betting.BetOptions` says is
legal; the amount can be dragged on the slider, nudged with the arrow keys, or
typed, or built by clicking chips (each click adds its value; a right click takes
it off). Keys: F fold, C check/call, B or R bet/raise (the amount shown), A all-in,
Up/Down change the amount.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable.engine.betting import AllIn, Bet, BetOptions, Call, Check, Fold, Raise
from cardtable.engine.game import Action
from cardtable.ui.chip_stack import CHIP_COLOURS, CHIP_VALUES
from cardtable.ui.key_map import button_hotkey
from cardtable.ui.table_parts import KeyBinding, dispatch_key
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, TextInput, WidgetGroup

_MORE_CHIP_COLOURS = ((60, 60, 170), (120, 40, 140), (200, 130, 20), (20, 120, 130))


def _chip_colour(position: int) -> tuple[int, int, int]:
    """A colour for the chip at ``position`` when its value is not in :data:`CHIP_COLOURS`."""
    return _MORE_CHIP_COLOURS[position % len(_MORE_CHIP_COLOURS)]


BET_KEYS = (
    KeyBinding((pygame.K_c,), "C", "check, or call", "call", "may_call"),
    KeyBinding((pygame.K_b, pygame.K_r), "B / R", "bet, or raise to the amount shown", "bet", "may_bet"),
    KeyBinding((pygame.K_f,), "F", "fold", "fold", "may_fold"),
    KeyBinding((pygame.K_a,), "A", "all-in", "all_in", "may_all_in"),
    KeyBinding((pygame.K_UP, pygame.K_DOWN), "Up / Down", "change the amount (or type it)", "key_amount",
               "may_choose", True),
)
"""The betting bar's keys (the tables list them in help)."""


class BetBar:
    """Buttons and a slider for one seat's betting decision; ``on_action`` gets the Action."""

    KEYS = BET_KEYS

    def __init__(self, app, rect: pygame.Rect, options: BetOptions, on_action: Callable[[Action], object],
                 *, chip_values: tuple[int, ...] = CHIP_VALUES, stack: int | None = None) -> None:
        self.app, self.rect, self.options, self.on_action = app, pygame.Rect(rect), options, on_action
        self.chip_values = chip_values  # a game with big stakes (Sabacc's credits) passes its own
        # ``stack``: the chips the seat has behind (None: not known). When a call takes them
        # all, calling and going all-in are one move: the bar offers one button for it.
        self.call_all_in = (stack is not None and options.can_call and options.can_all_in
                            and options.call_amount >= stack)
        self.amount = options.min_raise_to
        self.dragging = False
        self.widgets = WidgetGroup()
        self._build()

    # -- layout ------------------------------------------------------------------------
    def _build(self) -> None:
        """Lay the controls out by the room the bar has: on a wide bar one row of buttons
        with the amount and slider among them (the chips below); on a narrow one the
        buttons alone on the first row (labels shortened if need be) and the amount with
        its -/+ steppers, the slider and the chips as room allows on the second."""
        o, px, fonts = self.options, self.app.px, self.app.fonts
        h, size, gap = px(42), px(17), px(8)
        rect = self.rect
        y = rect.y + px(8)
        left, right = rect.x + px(8), rect.right - px(8)
        sizing = o.can_bet or o.can_raise
        choosing = sizing and o.min_raise_to < o.max_raise_to  # a fixed limit has one amount: no field, no slider

        def width(label: str, least: int, bold: bool = False) -> int:
            return max(px(least) * size // px(17), fonts.size_of(label, size, bold)[0] + px(24) * size // px(17))

        def buttons(short: bool) -> list[tuple[str, str, Callable[[], None], int, str, bool]]:
            out = []
            if o.can_fold:
                out.append(("fold", "Fold", self.fold, width("Fold", 64), "F", False))
            if o.can_check:
                out.append(("call", "Check", self.call, width("Check", 72, True), "C", True))
            elif o.can_call:
                call = f"Call {o.call_amount:,}" + ("" if short or not self.call_all_in else " (all-in)")
                out.append(("call", call, self.call, width(call, 80, True), "C", True))
            if sizing:
                out.append(("bet", "", self.bet, width(f"{self._bet_word(o, short)} {o.max_raise_to:,}", 90),
                            "B", False))
            if o.can_all_in and not self.call_all_in:
                label = "All-in" if short else f"All-in {o.all_in_to:,}"
                out.append(("all_in", label, self.all_in, width(label, 72), "A", False))
            return out

        def span(row: list) -> int:
            return sum(item[3] for item in row) + gap * max(0, len(row) - 1)

        field_w, slider_least = px(80), px(100)
        self.short = False
        row = buttons(False)
        one_row = span(row) + (field_w + slider_least + 2 * gap + px(20) if choosing else 0) <= right - left
        if not one_row and span(row) > right - left:
            self.short = True
            row = buttons(True)
        while span(row) > right - left and size > px(11):  # smaller type before anything falls off
            size -= 1
            row = buttons(True)
        group = WidgetGroup()
        self.buttons: dict[str, Button] = {}
        self.field: TextInput | None = None
        self.slider: pygame.Rect | None = None
        self.chips: dict[int, pygame.Rect] = {}
        self.show_hint = False
        x = left
        row = [(name, label, fn, w, button_hotkey(self.KEYS, fn, key), primary)  # (a key chosen in Settings)
               for name, label, fn, w, key, primary in row]
        for name, label, fn, w, key, primary in row:
            if name == "all_in" and one_row and choosing:
                continue  # after the slider, at the bar's right end
            self.buttons[name] = group.add(Button((x, y, w, h), fonts, label, fn, size=size, hotkey=key,
                                                  primary=primary))
            x += w + gap
        all_in = next((item for item in row if item[0] == "all_in"), None)
        r = px(19)
        knob = px(10)
        if choosing and one_row:
            self.field = group.add(TextInput((x, y, field_w, h), fonts, str(self.amount), self._typed, max_len=7,
                                             size=size))
            x += field_w + gap + knob
            end = right - (all_in[3] + gap + knob if all_in else knob)
            self.slider = pygame.Rect(x, y + h // 2 - px(4), max(slider_least, end - x), px(8))
            if all_in is not None:
                _, label, fn, w, key, primary = all_in
                self.buttons["all_in"] = group.add(Button((right - w, y, w, h), fonts, label, fn, size=size,
                                                          hotkey=key, primary=primary))
            cy = y + h + px(12)
            self.chips = {v: pygame.Rect(rect.x + px(12) + i * (2 * r + px(10)), cy, 2 * r, 2 * r)
                          for i, v in enumerate(self.chip_values)}
            hint_w = fonts.size_of(self.HINT, px(12))[0]
            last = list(self.chips.values())[-1]
            self.show_hint = last.right + px(12) + hint_w <= right
        elif choosing:
            y2 = y + h + gap
            x = left
            self.less = group.add(Button((x, y2, h, h), fonts, "\u2212", lambda: self.step_amount(-1), size=size))
            x += h + px(4)
            self.field = group.add(TextInput((x, y2, field_w, h), fonts, str(self.amount), self._typed, max_len=7,
                                             size=size))
            x += field_w + px(4)
            self.more = group.add(Button((x, y2, h, h), fonts, "+", lambda: self.step_amount(1), size=size))
            x += h + gap
            chips_w = len(self.chip_values) * (2 * r + px(10)) - px(10)
            room = right - x
            if room >= slider_least + 2 * knob:
                with_chips = room >= slider_least + 2 * knob + gap + chips_w
                end = right - (chips_w + gap if with_chips else 0) - knob
                self.slider = pygame.Rect(x + knob, y2 + h // 2 - px(10), end - x - knob, px(8))
                x = end + knob + gap
            if right - x >= chips_w:
                cy = y2 + (h - 2 * r) // 2
                self.chips = {v: pygame.Rect(right - chips_w + i * (2 * r + px(10)), cy, 2 * r, 2 * r)
                              for i, v in enumerate(self.chip_values)}
        self.widgets = group
        self._label()

    HINT = "click a chip to add it, right-click to take it off"
    """The line beside the chips on a bar with room for it."""

    @staticmethod
    def _bet_word(options: BetOptions, short: bool) -> str:
        """The bet button's word: "Bet" where nobody has bet, else "Raise to" ("Raise" when short)."""
        return "Bet" if options.can_bet else ("Raise" if short else "Raise to")

    def _label(self) -> None:
        if "bet" in self.buttons:
            self.buttons["bet"].label = f"{self._bet_word(self.options, self.short)} {self.amount:,}"

    @property
    def bet_button(self) -> Button:
        """The Bet or Raise button (only on a bar where betting or raising is legal)."""
        return self.buttons["bet"]

    def _ends(self) -> tuple[pygame.Surface, pygame.Rect, pygame.Surface, pygame.Rect]:
        """The slider's least and most amounts under its two ends, where they are drawn."""
        assert self.slider is not None
        fonts, px, o, s = self.app.fonts, self.app.px, self.options, self.slider
        low = fonts.render(f"{o.min_raise_to:,}", px(12), THEME.text_dim)
        high = fonts.render(f"{o.max_raise_to:,}", px(12), THEME.text_dim)
        return (low, low.get_rect(topleft=(s.left, s.bottom + px(6))),
                high, high.get_rect(topright=(s.right, s.bottom + px(6))))

    def drawn_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """What the bar draws besides its widgets, as named boxes for the layout check:
        the slider with its knob's reach and its end amounts, each chip, the chips' hint."""
        px = self.app.px
        out: list[tuple[str, pygame.Rect]] = []
        if self.slider is not None:
            knob = px(10)
            box = self.slider.inflate(2 * knob, 0)
            box.union_ip(pygame.Rect(box.x, self.slider.centery - knob, box.width, 2 * knob))
            _, low, _, high = self._ends()
            out.append(("bet:slider", box.union(low).union(high)))
        out += [(f"bet:chip {value:,}", pygame.Rect(rect)) for value, rect in self.chips.items()]
        if self.show_hint and self.chips:
            last = list(self.chips.values())[-1]
            w, h = self.app.fonts.size_of(self.HINT, px(12))
            out.append(("bet:chip hint", pygame.Rect(last.right + px(12), last.centery - h // 2, w, h)))
        return out

    # -- behaviour ---------------------------------------------------------------------
    def set_amount(self, value: int) -> None:
        """Move the amount within the legal range."""
        o = self.options
        self.amount = max(o.min_raise_to, min(o.max_raise_to, int(value)))
        if self.field is not None and not self.field.focused:
            self.field.text = str(self.amount)
        self._label()

    def _typed(self, text: str) -> None:
        digits = "".join(ch for ch in text if ch.isdigit())
        if digits:
            o = self.options
            self.amount = max(o.min_raise_to, min(o.max_raise_to, int(digits)))
            self._label()

    def bet(self) -> None:
        """Bet or raise to the amount shown."""
        o = self.options
        action = (Bet if o.can_bet else Raise)(seat=o.seat, to=self.amount)
        self._send(action)

    def _send(self, action: Action) -> None:
        self.on_action(action)

    def _from_slider(self, x: int) -> None:
        o = self.options
        if self.slider is None:
            return
        frac = (x - self.slider.x) / max(1, self.slider.width)
        self.set_amount(round(o.min_raise_to + max(0.0, min(1.0, frac)) * (o.max_raise_to - o.min_raise_to)))

    def handle(self, event: pygame.event.Event) -> bool:
        """Mouse and keys for the bar; True if consumed."""
        if self.slider is not None:
            grab = self.slider.inflate(0, self.app.px(24))
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and grab.collidepoint(event.pos):
                self.dragging = True
                self._from_slider(event.pos[0])
                return True
            if event.type == pygame.MOUSEMOTION and self.dragging:
                self._from_slider(event.pos[0])
                return True
            if event.type == pygame.MOUSEBUTTONUP and self.dragging:
                self.dragging = False
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            for value, rect in self.chips.items():
                if rect.collidepoint(event.pos):
                    self.set_amount(self.amount + (value if event.button == 1 else -value))
                    return True
        if self.widgets.handle(event):
            return True
        typing = self.field is not None and self.field.focused
        if event.type == pygame.KEYDOWN and not typing:
            return dispatch_key(self, self.KEYS, event)
        if event.type == pygame.KEYDOWN and typing \
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.widgets.focus(None)
            self.bet()
            return True
        return False

    # -- keys (BET_KEYS) ---------------------------------------------------------------------
    def may_call(self) -> bool:
        """True when checking or calling is legal."""
        return self.options.can_check or self.options.can_call

    def may_bet(self) -> bool:
        """True when betting or raising is legal."""
        return "bet" in self.buttons

    def may_choose(self) -> bool:
        """True when the bet's amount can be chosen (not a fixed limit's one amount)."""
        return self.field is not None

    def may_fold(self) -> bool:
        """True when folding is legal."""
        return self.options.can_fold

    def may_all_in(self) -> bool:
        """True when going all-in is legal."""
        return self.options.can_all_in

    def call(self) -> None:
        """Check, or call."""
        o = self.options
        self._send(Check(seat=o.seat) if o.can_check else Call(seat=o.seat))

    def fold(self) -> None:
        """Fold."""
        self._send(Fold(seat=self.options.seat))

    def all_in(self) -> None:
        """All-in."""
        self._send(AllIn(seat=self.options.seat))

    def key_amount(self, event: pygame.event.Event) -> None:
        """Up or Down: a twentieth of the range more or less (speech says the amount now)."""
        self.step_amount(1 if event.key == pygame.K_UP else -1)
        word = "Bet" if self.options.can_bet else "Raise to"
        self.app.speech.say(f"{word} {self.amount:,} (B)", interrupt=True)

    def step_amount(self, direction: int) -> None:
        """A twentieth of the range more (``direction`` 1) or less (-1): the arrow keys
        and the -/+ steppers."""
        o = self.options
        step = max(1, (o.max_raise_to - o.min_raise_to) // 20)
        self.set_amount(self.amount + direction * step)

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the bar."""
        px = self.app.px
        pygame.draw.rect(surface, THEME.panel, self.rect, border_radius=px(10))
        self.widgets.draw(surface)
        o = self.options
        if self.slider is not None:
            pygame.draw.rect(surface, THEME.button, self.slider, border_radius=self.slider.height // 2)
            # its edge too: the track is seen on a panel of its own colour (high contrast: black on black)
            pygame.draw.rect(surface, THEME.border, self.slider, 1, border_radius=self.slider.height // 2)
            span = max(1, o.max_raise_to - o.min_raise_to)
            knob_x = self.slider.x + int(self.slider.width * (self.amount - o.min_raise_to) / span)
            pygame.draw.circle(surface, THEME.accent, (knob_x, self.slider.centery), px(10))
            low, low_at, high, high_at = self._ends()
            surface.blit(low, low_at)
            surface.blit(high, high_at)
        for value, rect in self.chips.items():
            fill = CHIP_COLOURS.get(value, _chip_colour(list(self.chips).index(value)))
            pygame.draw.circle(surface, fill, rect.center, rect.width // 2)
            pygame.draw.circle(surface, THEME.accent, rect.center, rect.width // 2, 2)
            pygame.draw.circle(surface, (255, 255, 255), rect.center, rect.width // 2 - 6, 1)
            ink = (20, 20, 20) if value == 1 else (250, 250, 250)
            label = self.app.fonts.render(str(value), px(13), ink, bold=True)
            surface.blit(label, label.get_rect(center=rect.center))
        for name, box in self.drawn_boxes():
            if name == "bet:chip hint":
                surface.blit(self.app.fonts.render(self.HINT, px(12), THEME.text_dim), box)
