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
from cardtable.ui.table_parts import KeyBinding, dispatch_key
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, TextInput, WidgetGroup

CHIP_VALUES = (1, 5, 25, 100)
CHIP_COLOURS = {1: (235, 235, 235), 5: (200, 40, 40), 25: (40, 150, 70), 100: (30, 30, 30)}
_MORE_CHIP_COLOURS = ((60, 60, 170), (120, 40, 140), (200, 130, 20), (20, 120, 130))


def _chip_colour(position: int) -> tuple[int, int, int]:
    """A colour for the chip at ``position`` when its value is not in :data:`CHIP_COLOURS`."""
    return _MORE_CHIP_COLOURS[position % len(_MORE_CHIP_COLOURS)]


BET_KEYS = (
    KeyBinding((pygame.K_c,), "C", "check, or call", "call", "may_call"),
    KeyBinding((pygame.K_b, pygame.K_r), "B / R", "bet, or raise to the amount shown", "bet", "may_bet"),
    KeyBinding((pygame.K_f,), "F", "fold", "fold", "may_fold"),
    KeyBinding((pygame.K_a,), "A", "all-in", "all_in", "may_all_in"),
    KeyBinding((pygame.K_UP, pygame.K_DOWN), "Up / Down", "change the amount (or type it)", "key_amount", "may_bet",
               True),
)
"""The betting bar's keys (the tables list them in help)."""


class BetBar:
    """Buttons and a slider for one seat's betting decision; ``on_action`` gets the Action."""

    KEYS = BET_KEYS

    def __init__(self, app, rect: pygame.Rect, options: BetOptions, on_action: Callable[[Action], object],
                 *, chip_values: tuple[int, ...] = CHIP_VALUES) -> None:
        self.app, self.rect, self.options, self.on_action = app, pygame.Rect(rect), options, on_action
        self.chip_values = chip_values  # a game with big stakes (Sabacc's credits) passes its own
        self.amount = options.min_raise_to
        self.dragging = False
        self.widgets = WidgetGroup()
        self._build()

    # -- layout ------------------------------------------------------------------------
    def _build(self) -> None:
        o, px, fonts = self.options, self.app.px, self.app.fonts
        h, y, size = px(42), self.rect.y + px(8), px(17)
        x = self.rect.x + px(8)
        group = WidgetGroup()

        def add(label: str, fn, w: int, key: str, primary: bool = False) -> Button:
            nonlocal x
            b = Button((x, y, px(w), h), fonts, label, fn, size=size, hotkey=key, primary=primary)
            group.add(b)
            x += px(w) + px(8)
            return b

        if o.can_fold:
            add("Fold", self.fold, 80, "F")
        if o.can_check:
            add("Check", self.call, 96, "C", primary=True)
        elif o.can_call:
            add(f"Call {o.call_amount:,}", self.call, 120, "C", primary=True)
        if o.can_bet or o.can_raise:
            self.bet_button = add("", self.bet, 150, "B")
            self.field = TextInput((x, y, px(80), h), fonts, str(self.amount), self._typed, max_len=7, size=size)
            group.add(self.field)
            x += px(88)
            room = self.rect.right - x - (px(134) if o.can_all_in else px(16))  # All-in keeps its place
            self.slider: pygame.Rect | None = pygame.Rect(x, y + h // 2 - px(4), max(px(40), room), px(8))
            x = self.slider.right + px(16)
            r = px(19)
            self.chips = {v: pygame.Rect(self.rect.x + px(12) + i * (2 * r + px(10)), y + h + px(12), 2 * r, 2 * r)
                          for i, v in enumerate(self.chip_values)}
        else:
            self.slider = None
            self.chips = {}
        if o.can_all_in:
            add(f"All-in {o.all_in_to:,}", self.all_in, 110, "A")
        self.widgets = group
        self._label()

    def _label(self) -> None:
        if self.slider is not None:
            self.bet_button.label = f"{'Bet' if self.options.can_bet else 'Raise to'} {self.amount:,}"

    # -- behaviour ---------------------------------------------------------------------
    def set_amount(self, value: int) -> None:
        """Move the amount within the legal range."""
        o = self.options
        self.amount = max(o.min_raise_to, min(o.max_raise_to, int(value)))
        if self.slider is not None and not self.field.focused:
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
        if event.type == pygame.KEYDOWN and not (self.slider is not None and self.field.focused):
            return dispatch_key(self, self.KEYS, event)
        if event.type == pygame.KEYDOWN and self.slider is not None and self.field.focused \
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
        """True when betting or raising is legal (the bar has an amount)."""
        return self.slider is not None

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
        """Up or Down: a twentieth of the range more or less."""
        o = self.options
        step = max(1, (o.max_raise_to - o.min_raise_to) // 20)
        self.set_amount(self.amount + (step if event.key == pygame.K_UP else -step))

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the bar."""
        pygame.draw.rect(surface, THEME.panel, self.rect, border_radius=self.app.px(10))
        self.widgets.draw(surface)
        if self.slider is not None:
            o = self.options
            pygame.draw.rect(surface, THEME.button, self.slider, border_radius=self.slider.height // 2)
            span = max(1, o.max_raise_to - o.min_raise_to)
            knob_x = self.slider.x + int(self.slider.width * (self.amount - o.min_raise_to) / span)
            pygame.draw.circle(surface, THEME.accent, (knob_x, self.slider.centery), self.app.px(10))
            fonts, px = self.app.fonts, self.app.px
            for value, rect in self.chips.items():
                fill = CHIP_COLOURS.get(value, _chip_colour(list(self.chips).index(value)))
                pygame.draw.circle(surface, fill, rect.center, rect.width // 2)
                pygame.draw.circle(surface, THEME.accent, rect.center, rect.width // 2, 2)
                pygame.draw.circle(surface, (255, 255, 255), rect.center, rect.width // 2 - 6, 1)
                ink = (20, 20, 20) if value == 1 else (250, 250, 250)
                label = self.app.fonts.render(str(value), self.app.px(13), ink, bold=True)
                surface.blit(label, label.get_rect(center=rect.center))
            if self.chips:
                hint = self.app.fonts.render("click a chip to add it, right-click to take it off", self.app.px(12),
                                             THEME.text_dim)
                last = list(self.chips.values())[-1]
                surface.blit(hint, hint.get_rect(midleft=(last.right + self.app.px(12), last.centery)))
            for value, anchor in ((o.min_raise_to, "topleft"), (o.max_raise_to, "topright")):
                img = fonts.render(f"{value:,}", px(12), THEME.text_dim)
                r = img.get_rect(**{anchor: (self.slider.left if anchor == "topleft" else self.slider.right,
                                             self.slider.bottom + px(6))})
                surface.blit(img, r)
