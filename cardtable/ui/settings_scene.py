"""The settings screen: player names, sound, hover magnify, UI scale. Saved as you change them."""

from __future__ import annotations

import functools

import pygame

from cardtable.ui.scene import Scene
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, Label, Stepper, TextInput, Toggle, WidgetGroup


class SettingsScene(Scene):
    """Edits :class:`~cardtable.settings.Settings`; every change is written at once."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.widgets = WidgetGroup()
        self.layout()

    def resized(self, size: tuple[int, int]) -> None:
        self.layout()

    def layout(self) -> None:
        """Build the widgets for the current window size and UI scale."""
        px, fonts = self.app.px, self.app.fonts
        s = self.app.settings
        group = WidgetGroup()
        x, y = px(60), px(120)
        group.add(Label((x, y, px(300), px(30)), fonts, "Player names", size=px(20), bold=True))
        y += px(40)
        for i, name in enumerate(s.player_names):
            col, row = i % 2, i // 2
            group.add(TextInput((x + col * px(290), y + row * px(50), px(270), px(40)), fonts, name,
                                functools.partial(self._name, i), size=px(18),
                                placeholder=f"Player {i + 1}"))
        y += px(50) * ((len(s.player_names) + 1) // 2) + px(24)
        right = x + px(620)
        ry = px(160)
        group.add(Toggle((right, ry, px(340), px(44)), fonts, "Sound", s.sound,
                         lambda v: self.app.update_settings(sound=v), size=px(18)))
        group.add(Toggle((right, ry + px(56), px(340), px(44)), fonts, "Hover magnify (Alt)", s.hover_magnify,
                         lambda v: self.app.update_settings(hover_magnify=v), size=px(18)))
        group.add(Stepper((right, ry + px(112), px(340), px(44)), fonts, "UI scale", s.ui_scale,
                          low=0.75, high=2.0, step=0.25, on_change=self._scale, fmt="{:.2f}×", size=px(18)))
        group.add(Toggle((right, ry + px(168), px(340), px(44)), fonts, "Frame time (F3)", s.show_frame_time,
                         lambda v: self.app.update_settings(show_frame_time=v), size=px(18)))
        group.add(Button((x, max(y, ry + px(240)), px(140), px(46)), fonts, "◀ Back", self.close, size=px(20),
                         hotkey="Esc", primary=True))
        self.widgets = group

    def _name(self, index: int, text: str) -> None:
        names = list(self.app.settings.player_names)
        names[index] = text.strip() or f"Player {index + 1}"
        self.app.update_settings(player_names=tuple(names))

    def _scale(self, value: float) -> None:
        self.app.update_settings(ui_scale=value)
        self.app.later(self._relayout_all)

    def _relayout_all(self) -> None:
        self.app.scenes.resized(self.app.screen.get_size())

    def close(self) -> None:
        """Back to the previous screen."""
        self.app.scenes.remove(self)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        px, fonts = self.app.px, self.app.fonts
        surface.fill(THEME.backdrop)
        surface.blit(fonts.render("Settings", px(40), THEME.text, bold=True), (px(60), px(40)))
        note = "Changes are saved as you make them."
        surface.blit(fonts.render(note, px(15), THEME.text_dim), (px(62), px(90)))
        self.widgets.draw(surface)
