"""The About screen: the version, the licences of the bundled assets, and where cardtable keeps its files."""

from __future__ import annotations

import platform
import sys

import pygame

from cardtable import __version__, paths
from cardtable.ui.back_screen import BackScreen
from cardtable.ui.scene import fitted_scale, scaler
from cardtable.ui.text import wrap_font
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import WidgetGroup

# (what, licence, the licence file under assets/ or "")
ASSET_LICENCES = (
    ("cardtable", "MIT licence", ""),
    ("DejaVu Sans fonts", "Bitstream Vera / DejaVu licence (free to use and redistribute)",
     "fonts/LICENSE-DejaVu.txt"),
    ("App icon and card art", "drawn by cardtable's own code (MIT licence)", ""),
)


def file_locations() -> list[tuple[str, str]]:
    """Where the user's files live, as (what, path)."""
    return [("Settings", paths.shown(paths.settings_file())),
            ("Saved games", paths.shown(paths.saves_dir())),
            ("Your variants", paths.shown(paths.user_variants_dir())),
            ("Logs and crash reports", paths.shown(paths.logs_dir()))]


class AboutScene(BackScreen):
    """Version, licences and file locations; Esc or Back returns."""

    SPOKEN = "About cardtable"

    NEED = (900, 640)
    """The unscaled window size the screen needs; a smaller window shrinks it to fit."""

    def layout(self) -> None:
        """The Back button, bottom left."""
        self.widgets = WidgetGroup([self.back_button(scaler(fitted_scale(self.app, self.NEED)))])

    def sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """The screen's text: (heading, [(label, value)])."""
        assets = []
        for what, licence, file in ASSET_LICENCES:
            where = f"   ({paths.asset_path(*file.split('/'))})" if file else ""
            assets.append((what, licence + where))
        return [("Bundled assets", assets), ("Your files", file_locations())]

    def draw(self, surface: pygame.Surface) -> None:
        px, fonts = scaler(fitted_scale(self.app, self.NEED)), self.app.fonts
        w, h = surface.get_size()
        surface.fill(THEME.felt_dark)
        surface.blit(fonts.render("About cardtable", px(34), THEME.text, bold=True), (px(40), px(30)))
        pyg = getattr(pygame.version, "ver", "?")
        facts = (f"Version {__version__}   ·   Python {platform.python_version()}   ·   pygame-ce {pyg}"
                 f"   ·   {sys.platform}")
        surface.blit(fonts.render(facts, px(16), THEME.accent), (px(42), px(80)))
        x, y, bottom = px(40), px(124), h - px(90)
        label_w = min(px(240), (w - px(80)) // 3)
        value_w = w - x - label_w - px(40)
        value_font = fonts.font(px(15))
        for heading, rows in self.sections():
            if y + px(30) > bottom:
                break
            surface.blit(fonts.render(heading, px(20), THEME.text, bold=True), (x, y))
            y += px(32)
            for label, value in rows:
                lines = wrap_font(value, value_w, value_font)
                if y + px(22) * len(lines) > bottom:
                    break
                surface.blit(fonts.render(label, px(15), THEME.text_dim), (x + px(8), y))
                for line in lines:
                    surface.blit(fonts.render(line, px(15), THEME.text), (x + label_w, y))
                    y += px(22)
                y += px(6)
            y += px(14)
        self.widgets.draw(surface)
