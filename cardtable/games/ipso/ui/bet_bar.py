"""Ipso's betting controls: Fold, Stake, Cover, Cover & raise, with an amount stepper.

The bar offers only what :class:`~cardtable.games.ipso.betting.IpsoBetOptions` says
is legal; the amount stays within the legal minimum and maximum. Keys: F fold,
S stake, C cover, R cover and raise, Up/Down change the amount.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable.engine.betting import Fold
from cardtable.engine.game import Action
from cardtable.games.ipso.betting import Cover, CoverRaise, IpsoBetOptions, Stake
from cardtable.ui.key_map import button_hotkey
from cardtable.ui.table_parts import KeyBinding, dispatch_key
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, Stepper, WidgetGroup

IPSO_BET_KEYS = (
    KeyBinding((pygame.K_s,), "S", "stake the amount shown (the first to stay in)", "bet", "may_stake"),
    KeyBinding((pygame.K_c,), "C", "cover", "cover", "may_cover"),
    KeyBinding((pygame.K_r,), "R", "cover and raise (the amount shown)", "bet", "may_raise"),
    KeyBinding((pygame.K_f,), "F", "fold", "fold"),
    KeyBinding((pygame.K_UP, pygame.K_DOWN), "Up / Down", "change the amount", "key_amount", "may_choose", True),
)
"""Ipso's betting keys (the table lists them in help)."""


def span(low: int, high: int) -> str:
    """"3–10", or just "10" when there is one amount (not "10-10")."""
    return f"{low:,}" if low == high else f"{low:,}–{high:,}"


class IpsoBetBar:
    """Buttons and an amount for one seat's Ipso betting decision."""

    KEYS = IPSO_BET_KEYS

    def __init__(self, app, rect: pygame.Rect, options: IpsoBetOptions, on_action: Callable[[Action], object],
                 *, note: str = "") -> None:
        self.app, self.rect, self.options, self.on_action = app, pygame.Rect(rect), options, on_action
        self.note = note
        self.amount = options.min_amount
        self.widgets = WidgetGroup()
        self.buttons: dict[str, Button] = {}
        self._build()

    @property
    def may_choose_amount(self) -> bool:
        """True when a stake or a raise is possible (the amount matters)."""
        return self.options.can_stake or self.options.can_raise

    def _build(self) -> None:
        o, px, fonts = self.options, self.app.px, self.app.fonts
        h, y, size = px(42), self.rect.y + px(8), px(17)
        x = self.rect.x + px(8)
        group = WidgetGroup()

        def add(name: str, label: str, fn, w: int, key: str, primary: bool = False) -> None:
            nonlocal x
            button = Button((x, y, px(w), h), fonts, label, fn, size=size, hotkey=button_hotkey(self.KEYS, fn, key),
                            primary=primary)  # (the key chosen in Settings, where one was)
            group.add(button)
            self.buttons[name] = button
            x += px(w) + px(8)

        add("fold", "Fold", self.fold, 80, "F")
        if o.can_cover:
            add("cover", f"Cover {o.cover_amount}", self.cover, 130, "C", primary=True)
        if self.may_choose_amount:
            name = "stake" if o.can_stake else "raise"
            add(name, "", self.bet, 215, "S" if o.can_stake else "R", primary=o.can_stake)
            width = min(px(230), self.rect.right - x - px(8))  # inside the bar on a narrow window
            self.stepper = Stepper((x, y, width, h), fonts, "Amount", self.amount, low=o.min_amount,
                                   high=o.max_amount, step=1, on_change=self.set_amount, size=size)
            group.add(self.stepper)
        self.widgets = group
        self._label()

    def _label(self) -> None:
        if "stake" in self.buttons:
            self.buttons["stake"].label = f"Stake {self.amount}"
        if "raise" in self.buttons:
            self.buttons["raise"].label = f"Cover & raise to {self.amount}"

    def set_amount(self, value: float) -> None:
        """Move the amount within the legal range."""
        o = self.options
        self.amount = max(o.min_amount, min(o.max_amount, int(value)))
        if self.may_choose_amount:
            self.stepper.value = self.amount
        self._label()

    def bet(self) -> None:
        """Stake, or cover and raise, the amount shown."""
        o = self.options
        if o.can_stake:
            self.on_action(Stake(seat=o.seat, amount=self.amount))
        elif o.can_raise:
            self.on_action(CoverRaise(seat=o.seat, amount=self.amount))

    def handle(self, event: pygame.event.Event) -> bool:
        """Mouse and keys for the bar; True if consumed."""
        if self.widgets.handle(event):
            return True
        return dispatch_key(self, self.KEYS, event)

    def may_stake(self) -> bool:
        """True when staking is legal."""
        return self.options.can_stake

    def may_cover(self) -> bool:
        """True when covering is legal."""
        return self.options.can_cover

    def may_raise(self) -> bool:
        """True when covering and raising is legal."""
        return self.options.can_raise

    def may_choose(self) -> bool:
        """True when the amount matters (a stake or a raise)."""
        return self.may_choose_amount

    def fold(self) -> None:
        """Fold."""
        self.on_action(Fold(seat=self.options.seat))

    def cover(self) -> None:
        """Cover."""
        self.on_action(Cover(seat=self.options.seat))

    def key_amount(self, event: pygame.event.Event) -> None:
        """Up or Down: one more or less."""
        self.set_amount(self.amount + (1 if event.key == pygame.K_UP else -1))

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the bar."""
        px = self.app.px
        pygame.draw.rect(surface, THEME.panel, self.rect, border_radius=px(10))
        self.widgets.draw(surface)
        o = self.options
        if o.can_stake:
            hint = f"stake {span(o.min_amount, o.max_amount)}, or fold"
        elif o.can_cover or o.can_raise:
            raise_to = f", or raise to {span(o.min_amount, o.max_amount)}" if o.can_raise else ""
            hint = f"cover {o.cover_amount}{raise_to}"
        else:
            hint = "you cannot pay what staying in costs: fold"
        if self.note:
            hint = f"{self.note}   ·   {hint}"
        img = self.app.fonts.render(hint, px(14), THEME.text_dim)
        surface.blit(img, (self.rect.x + px(12), self.rect.y + px(58)))
