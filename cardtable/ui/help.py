"""The rules and hotkeys overlay (``?`` or F1): the variant's rules text beside its keys."""

from __future__ import annotations

import pygame

from cardtable.ui.scene import Overlay
from cardtable.ui.text import reflow, wrap_font
from cardtable.ui.theme import THEME
from cardtable.variants import VariantSpec

GLOBAL_HOTKEYS = (
    ("? / F1", "this help"),
    ("F11 / F3", "full screen / frame time on or off"),
    ("Tab / Shift+Tab", "move between buttons"),
    ("Enter / Space", "press the focused button"),
    ("Esc", "back"),
)


class HelpOverlay(Overlay):
    """A transparent overlay with the rules (scrollable) and the hotkeys."""

    def __init__(self, app, variant: VariantSpec | None, *, keys: list[tuple[str, str]] | None = None) -> None:
        super().__init__(app)
        self.variant = variant
        self.keys = keys  # the keys to list, where a screen has its own (a replay's), else the table's
        self.scroll = 0
        self.max_scroll = 0
        self.pages = ["Rules"] + [p.title for p in self._extra_pages()]
        self.page = 0
        self.keys_box: pygame.Rect | None = None
        """Where the keys list was last drawn, and how far down it reached."""
        self.keys_bottom = 0

    def spoken_title(self) -> str:
        """The help's title (its text is on the screen, and in README)."""
        name = self.variant.name if self.variant is not None else "cardtable"
        return f"Help: {name}, the rules and the keys. Esc closes it."

    def _extra_pages(self) -> list:
        """The game's own pages (its hand table and the like), from its table module."""
        if not hasattr(self, "_extras"):
            self._extras = []
            if self.variant is not None:
                from cardtable.ui.menu import game_table_module
                module = game_table_module(self.variant.game)
                pages = getattr(module, "help_pages", None)
                if pages is not None:
                    self._extras = list(pages(self.app, self.variant))
        return self._extras

    def key_rows(self) -> list[tuple[str, str]]:
        """The variant's keys: its table's key map (what the table's handlers dispatch
        through), from the game table module's ``TABLE`` or its own ``key_rows()``; the
        keys given when opened instead, where given."""
        if self.keys is not None:
            return list(self.keys)
        if self.variant is None:
            return []
        from cardtable.ui.menu import game_table_module
        module = game_table_module(self.variant.game)
        table = getattr(module, "TABLE", None)
        if table is not None and hasattr(table.scene, "key_rows"):
            return list(table.scene.key_rows())
        rows = getattr(module, "key_rows", None)
        return list(rows()) if rows is not None else []

    def replaced_globals(self) -> set[str]:
        """The rows of :data:`GLOBAL_HOTKEYS` the table's own rows say better (its module's
        ``HELP_REPLACES``: the free table's Tab and Enter move and use its focus)."""
        if self.keys is not None or self.variant is None:
            return set()
        from cardtable.ui.menu import game_table_module
        return set(getattr(game_table_module(self.variant.game), "HELP_REPLACES", ()))

    def switch_page(self) -> None:
        """Show the next page (Tab or H)."""
        self.page = (self.page + 1) % len(self.pages)
        self.scroll = 0

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_QUESTION, pygame.K_SLASH, pygame.K_RETURN):
                self.app.scenes.remove(self)
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_UP, pygame.K_PAGEUP):
                step = self.app.px(24) * (10 if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) else 1)
                self.scroll += step if event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN) else -step
            elif event.key == pygame.K_HOME:
                self.scroll = 0
            elif event.key in (pygame.K_TAB, pygame.K_h) and len(self.pages) > 1:
                self.switch_page()
            self.scroll = max(0, min(self.scroll, self.max_scroll))
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.scroll - event.y * self.app.px(40), self.max_scroll))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self._panel(self.app.screen.get_size()).collidepoint(event.pos):
                self.app.scenes.remove(self)
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.TEXTINPUT, pygame.KEYUP)

    def _panel(self, size: tuple[int, int]) -> pygame.Rect:
        w, h = size
        margin = self.app.px(40)
        return pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)

    def draw(self, surface: pygame.Surface) -> None:
        px, fonts = self.app.px, self.app.fonts
        self.draw_backdrop(surface)
        panel = self._panel(surface.get_size())
        pygame.draw.rect(surface, THEME.panel, panel, border_radius=px(14))
        pygame.draw.rect(surface, THEME.panel_edge, panel, 2, border_radius=px(14))
        title = self.variant.name if self.variant else "cardtable"
        heading = f"{title}: rules and keys" if self.page == 0 else f"{title}: {self.pages[self.page].lower()}"
        title_img = fonts.render(heading, px(26), THEME.accent, bold=True)
        surface.blit(title_img, (panel.x + px(24), panel.y + px(18)))
        tabs = "   ·   Tab: " + " / ".join(self.pages) if len(self.pages) > 1 else ""
        hint_text = "Esc, F1 or a click outside closes   ·   wheel or arrows scroll" + tabs
        room = panel.width - title_img.get_width() - px(72)
        if fonts.size_of(hint_text, px(13))[0] > room:
            hint_text = "Esc closes · scroll" + ("  ·  Tab: more" if tabs else "")
        hint = fonts.render(hint_text, fonts.fit_size(hint_text, max(room, 1), px(13), min_size=px(9)),
                            THEME.text_dim)
        surface.blit(hint, hint.get_rect(topright=(panel.right - px(24), panel.y + px(26))))
        if self.page > 0:
            page = self._extra_pages()[self.page - 1]
            body = pygame.Rect(panel.x + px(24), panel.y + px(70), panel.width - px(48), panel.height - px(94))
            self.max_scroll = max(0, page.content_height() - body.height)
            self.scroll = min(self.scroll, self.max_scroll)
            page.draw(surface, body, self.scroll)
            return

        keys_w = min(px(560), int(panel.width * 0.45))
        body = pygame.Rect(panel.x + px(24), panel.y + px(70), panel.width - keys_w - px(72), panel.height - px(94))
        self._draw_rules(surface, body)
        keys = pygame.Rect(body.right + px(24), body.y, keys_w, body.height)
        self.keys_box = keys
        self.keys_bottom = self._draw_keys(surface, keys)

    def _draw_rules(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        px, fonts = self.app.px, self.app.fonts
        size = px(17)
        font = fonts.font(size)
        rules = (self.variant.rules if self.variant and self.variant.rules else "No rules text for this variant.")
        summary = self.variant.summary if self.variant else ""
        lines = wrap_font(reflow(f"{summary}\n\n{rules}" if summary else rules), body.width, font)
        line_h = int(size * 1.45)
        self.max_scroll = max(0, len(lines) * line_h - body.height)
        self.scroll = min(self.scroll, self.max_scroll)
        clip = surface.get_clip()
        surface.set_clip(body)
        y = body.y - self.scroll
        for line in lines:
            if y + line_h >= body.y and y <= body.bottom:
                surface.blit(fonts.render(line, size, THEME.text), (body.x, y))
            y += line_h
        surface.set_clip(clip)
        if self.max_scroll:
            track = pygame.Rect(body.right + px(6), body.y, px(4), body.height)
            pygame.draw.rect(surface, THEME.button, track, border_radius=2)
            frac = body.height / (body.height + self.max_scroll)
            thumb = pygame.Rect(track.x, track.y + (track.height - track.height * frac) * self.scroll / self.max_scroll,
                                track.width, track.height * frac)
            pygame.draw.rect(surface, THEME.text_dim, thumb, border_radius=2)

    @staticmethod
    def _keys_height(rows, size: int, width: int, font) -> int:
        """How tall the keys list is at font ``size`` with actions wrapped to ``width``."""
        height = 0
        for keys, action in rows:
            if keys:
                height += len(wrap_font(action, width, font)) * int(size * 1.4) + int(size * 0.25)
            else:
                height += int(size * 1.2)
        return height

    def _draw_keys(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        """Draw the variant's keys and the app's in ``box``; return the bottom of the last row."""
        px, fonts = self.app.px, self.app.fonts
        pygame.draw.rect(surface, THEME.field, box.inflate(px(16), px(8)), border_radius=px(10))
        y = box.y + px(6)
        replaced = self.replaced_globals()  # (a key the table gives its own meaning is listed once, with it)
        rows = self.key_rows() + [("", "")] + [row for row in GLOBAL_HOTKEYS if row[0] not in replaced]
        surface.blit(fonts.render("Keys", px(18), THEME.accent, bold=True), (box.x + px(8), y))
        y += px(30)
        size = px(15)
        while True:  # the largest size (down to 10 px) at which every key fits the box
            bold, plain = fonts.font(size, bold=True), fonts.font(size)
            key_w = max(bold.size(k)[0] for k, _ in rows) + px(16)
            action_x = box.x + px(8) + key_w
            if size <= px(10) or self._keys_height(rows, size, box.right - action_x, plain) <= box.bottom - y:
                break
            size -= 1
        for keys, action in rows:
            if keys:
                surface.blit(fonts.render(keys, size, THEME.highlight, bold=True), (box.x + px(8), y))
                for line in wrap_font(action, box.right - action_x, plain):
                    surface.blit(fonts.render(line, size, THEME.text), (action_x, y))
                    y += int(size * 1.4)
                y += int(size * 0.25)
            else:
                y += int(size * 1.2)
            if y > box.bottom:
                break
        return y
