"""The settings screen: player names, sound, hover magnify, speech, high contrast, computer
speed, UI scale, and the Keys page (:mod:`cardtable.ui.keys_scene`). Saved as you change them."""

from __future__ import annotations

import functools

import pygame

from cardtable.settings import BOT_SPEEDS
from cardtable.ui.back_screen import BackScreen
from cardtable.ui.scene import fitted_scale, scaler
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, Label, Stepper, TextInput, Toggle, WidgetGroup


class SpeedStepper(Stepper):
    """A stepper over the computer speeds (x0.5, x1, x2, x4), which are not evenly spaced."""

    def nudge(self, direction: int) -> None:
        """The next speed up (+1) or down (-1)."""
        i = BOT_SPEEDS.index(self.value) + direction
        new = BOT_SPEEDS[max(0, min(len(BOT_SPEEDS) - 1, i))]
        if new != self.value:
            self.value = new
            self.on_change(new)


class SettingsScene(BackScreen):
    """Edits :class:`~cardtable.settings.Settings`; every change is written at once."""

    SPOKEN = "Settings"

    # Unscaled sizes of the two ways to lay the screen out: side by side (names left,
    # switches right) and one column; the one that needs less shrinking is used.
    _WIDE = (1060, 662)
    _NARROW = (680, 900)

    def __init__(self, app) -> None:
        self.mouse = (-1, -1)  # where the pointer was last seen
        self.scale_due = False  # a new UI scale waits for the pointer to leave its stepper
        super().__init__(app)

    def fit(self) -> tuple[float, bool]:
        """The scale the screen is drawn at (the UI scale, shrunk when the window is too
        small for it) and whether the switches stand beside the names."""
        wide, narrow = fitted_scale(self.app, self._WIDE), fitted_scale(self.app, self._NARROW)
        return max(wide, narrow), wide >= narrow

    def layout(self) -> None:
        """Build the widgets for the current window size and UI scale."""
        kept = self.widgets.focusables().index(self.widgets.focused) \
            if getattr(self, "widgets", None) is not None and self.widgets.focused is not None else None
        self.k, side_by_side = self.fit()
        px = scaler(self.k)
        fonts, s = self.app.fonts, self.app.settings
        group = WidgetGroup()
        x, y = px(60), px(130)
        group.add(Label((x, y, px(300), px(30)), fonts, "Player names", size=px(20), bold=True))
        y += px(40)
        for i, name in enumerate(s.player_names):
            col, row = i % 2, i // 2
            group.add(TextInput((x + col * px(290), y + row * px(50), px(270), px(40)), fonts, name,
                                functools.partial(self._name, i), size=px(18),
                                placeholder=f"Player {i + 1}", default=f"Player {i + 1}"))
        y += px(50) * ((len(s.player_names) + 1) // 2) + px(24)
        if side_by_side:
            cx, cy = x + px(620), px(170)
        else:
            cx, cy = x, y
        switches = (("Sound", s.sound, "sound"), ("Hover magnify (Alt)", s.hover_magnify, "hover_magnify"),
                    ("Frame time (F3)", s.show_frame_time, "show_frame_time"),
                    ("Speech (screen reader)", self.app.speech.on, "speech"),
                    ("High contrast", s.theme == "high contrast", "theme"))
        for n, (label, value, key) in enumerate(switches):
            group.add(Toggle((cx, cy + n * px(56), px(340), px(44)), fonts, label, value,
                             functools.partial(self._switch, key), size=px(18)))
        self.speed_stepper = group.add(SpeedStepper(
            (cx, cy + len(switches) * px(56), px(340), px(44)), fonts, "Computer speed", s.bot_speed,
            low=BOT_SPEEDS[0], high=BOT_SPEEDS[-1], step=1, on_change=self._speed, fmt="×{:g}", size=px(18)))
        # With the other controls (not alone in a corner); a new scale lays the screen out
        # again once the pointer has left it (see _scale).
        self.scale_stepper = group.add(Stepper(
            (cx, cy + (len(switches) + 1) * px(56), px(340), px(44)), fonts, "UI scale", s.ui_scale,
            low=0.75, high=2.0, step=0.25, on_change=self._scale, fmt="{:.2f}×", size=px(18)))
        bottom = cy + (len(switches) + 2) * px(56)
        group.add(self.back_button(px, (x, max(y, bottom) + px(8)), width=140, primary=True))
        group.add(Button((x + px(160), max(y, bottom) + px(8), px(140), px(48)), fonts, "Keys…", self.open_keys,
                         size=px(20)))
        self.widgets = group
        if kept is not None:  # (a new theme or scale lays the screen out again: the keyboard stays put)
            self.widgets.focus(group.focusables()[min(kept, len(group.focusables()) - 1)])

    def open_keys(self) -> None:
        """The Keys page: change the tables' keys."""
        from cardtable.ui.keys_scene import KeysScene
        self.app.push(KeysScene(self.app))

    def _switch(self, key: str, value: bool) -> None:
        if key == "theme":
            self.app.update_settings(theme="high contrast" if value else "standard")
        else:
            self.app.update_settings(**{key: value})

    def _name(self, index: int, text: str) -> None:
        names = list(self.app.settings.player_names)
        names[index] = text.strip() or f"Player {index + 1}"
        self.app.update_settings(player_names=tuple(names))

    def _speed(self, value: float) -> None:
        self.app.update_settings(bot_speed=value)

    def _scale(self, value: float) -> None:
        """A new UI scale, saved at once. Every screen is laid out again at it at once when it
        came from the keys; from a click, once the pointer leaves the stepper, so that the
        "+" just clicked is still under the pointer for the next click (laid out again at
        once, the stepper would move, and the next click land on another control)."""
        self.app.update_settings(ui_scale=value)
        if self.scale_stepper.rect.collidepoint(self.mouse):
            self.scale_due = True
        else:
            self.app.later(self._relayout_all)

    def _relayout_all(self) -> None:
        self.scale_due = False
        self.app.scenes.resized(self.app.screen.get_size())

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
            if self.scale_due and not self.scale_stepper.rect.collidepoint(event.pos):
                self._relayout_all()  # (the pointer left the stepper: the new scale shows)
        return super().handle(event)

    def exit(self) -> None:
        """Leaving with a new scale not yet laid out (Esc with the pointer on the stepper):
        the screens below are laid out at it before they show."""
        super().exit()
        if self.scale_due:
            self._relayout_all()

    def draw(self, surface: pygame.Surface) -> None:
        fonts, px = self.app.fonts, scaler(self.k)
        surface.fill(THEME.backdrop)
        surface.blit(fonts.render("Settings", px(40), THEME.text, bold=True), (px(60), px(40)))
        note = "Changes are saved as you make them."
        surface.blit(fonts.render(note, px(15), THEME.text_dim), (px(62), px(90)))
        self.widgets.draw(surface)
