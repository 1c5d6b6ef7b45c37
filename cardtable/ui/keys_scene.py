"""Settings' Keys page: every table key that can be changed, and the key chosen for it.

Up and Down (PgUp, PgDn, Home, End) choose a row, Enter asks for the new key and the next
key pressed takes the row's place (Esc: no change); a key another key of that table has, or
one every screen keeps, is refused with the reason. Delete puts the row's default back; the
"Reset all keys" button every default. Each choice is saved at once (the settings' ``key_map``)
and is in force at every table (:mod:`cardtable.ui.key_map`).
"""

from __future__ import annotations

import pygame

from cardtable.ui import key_map
from cardtable.ui.back_screen import BackScreen
from cardtable.ui.scene import fitted_scale, scaler
from cardtable.ui.table_parts import REMAPPED, KeyBinding
from cardtable.ui.text import fit_text, wrap_font
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, Widget, draw_focus_ring

Row = tuple[str, KeyBinding | None]
"""A row of the list: a table's name (a heading, no binding) or a key of that table."""


def rows() -> list[Row]:
    """The list's rows: each table's name, then its keys that can be changed."""
    out: list[Row] = []
    for title, shown, _together in key_map.key_groups():
        keys = [b for b in shown if key_map.remappable(b)]
        if keys:
            out.append((title, None))
            out += [(title, b) for b in keys]
    return out


class KeyList(Widget):
    """The scrolled list of keys; it takes the keyboard focus like a button."""

    def __init__(self, rect, fonts, scene: KeysScene, row_h: int, size: int, small: int) -> None:
        super().__init__(rect, fonts)
        self.scene, self.row_h, self.size, self.small = scene, row_h, size, small
        self.rows = rows()
        self.chosen = next(i for i, (_t, b) in enumerate(self.rows) if b is not None)
        self.first = 0

    @property
    def binding(self) -> KeyBinding:
        """The binding of the chosen row."""
        binding = self.rows[self.chosen][1]
        assert binding is not None
        return binding

    def fits(self) -> int:
        """How many rows show at once."""
        return max(1, self.rect.h // self.row_h)

    def more(self) -> str:
        """Which rows show, when the list is longer than its box (as the menu says it), else ""."""
        shown = min(len(self.rows), self.first + self.fits())
        if self.first == 0 and shown == len(self.rows):
            return ""
        return f"{self.first + 1}-{shown} of {len(self.rows)}   (↑ ↓, Page Up / Down or the wheel)"

    def move(self, step: int) -> None:
        """Choose the key ``step`` rows on (headings skipped), the list scrolled to show it."""
        keys = [i for i, (_t, b) in enumerate(self.rows) if b is not None]
        at = keys.index(self.chosen)
        self.chosen = keys[max(0, min(len(keys) - 1, at + step))]
        top = self.chosen - 1 if self.rows[self.chosen - 1][1] is None else self.chosen
        if top < self.first:
            self.first = top
        elif self.chosen >= self.first + self.fits():
            self.first = self.chosen - self.fits() + 1

    def spoken(self) -> str:
        """The chosen row in words: the table, the key and what it does."""
        title, binding = self.rows[self.chosen]
        assert binding is not None
        return f"{title}: {binding.shown_label()}, {binding.does}. Enter changes it, Delete puts the default back."

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.move(-3 * event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            index = self.first + (event.pos[1] - self.rect.y) // self.row_h
            if 0 <= index < len(self.rows) and self.rows[index][1] is not None:
                self.chosen = index
                self.scene.ask()
            return True
        if event.type != pygame.KEYDOWN or not self.focused:
            return super().handle(event)
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.fits(), pygame.K_PAGEDOWN: self.fits(),
                 pygame.K_HOME: -len(self.rows), pygame.K_END: len(self.rows)}
        if event.key in steps:
            self.move(steps[event.key])
            return True
        if event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.scene.reset(self.binding)
            return True
        return False

    def activate(self) -> None:
        """Enter: ask for the chosen row's new key."""
        self.scene.ask()

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, THEME.panel, self.rect, border_radius=8)
        pygame.draw.rect(surface, THEME.panel_edge, self.rect, 1, border_radius=8)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        pad = self.row_h // 3
        key_w = self.rect.w * 32 // 100
        for n, (title, binding) in enumerate(self.rows[self.first:self.first + self.fits()]):
            index = self.first + n
            r = pygame.Rect(self.rect.x, self.rect.y + n * self.row_h, self.rect.w, self.row_h)
            if binding is None:
                img = self.fonts.render(fit_text(self.fonts, title, self.size, r.w - 2 * pad, bold=True),
                                        self.size, THEME.accent, bold=True)
                surface.blit(img, img.get_rect(midleft=(r.x + pad, r.centery)))
                continue
            if index == self.chosen:
                pygame.draw.rect(surface, THEME.selection, r.inflate(-4, -2), border_radius=6)
            waiting = index == self.chosen and self.scene.asking
            label = "press a key…" if waiting else binding.shown_label()
            changed = binding.id in REMAPPED
            colour = THEME.accent if waiting or changed else THEME.text
            text = fit_text(self.fonts, label + (" •" if changed and not waiting else ""), self.size, key_w - 2 * pad,
                            bold=True)
            img = self.fonts.render(text, self.size, colour, bold=True)
            surface.blit(img, img.get_rect(midleft=(r.x + 2 * pad, r.centery)))
            room = r.w - key_w - 2 * pad
            lines = wrap_font(binding.does, room, self.fonts.font(self.small))
            if len(lines) > 2:
                lines = [lines[0], fit_text(self.fonts, " ".join(lines[1:]), self.small, room)]
            line_h = self.fonts.font(self.small).get_linesize()
            top = r.centery - line_h * len(lines) // 2
            for n_line, line in enumerate(lines):
                surface.blit(self.fonts.render(line, self.small, THEME.text),
                             (r.x + key_w + pad, top + n_line * line_h))
        surface.set_clip(clip)
        if self.focused and self.first <= self.chosen < self.first + self.fits():
            r = pygame.Rect(self.rect.x, self.rect.y + (self.chosen - self.first) * self.row_h, self.rect.w,
                            self.row_h).inflate(-4, -2)
            draw_focus_ring(surface, r, 6)


class KeysScene(BackScreen):
    """The Keys page of Settings (see the module's docstring)."""

    SPOKEN = "Keys"
    NEED = (900, 560)
    """The unscaled window size the page needs; a smaller window shrinks it."""

    def __init__(self, app) -> None:
        self.asking = False
        self.note = ""
        super().__init__(app)

    def spoken_title(self) -> str:
        """The page's title and how it works."""
        return ("Keys. Up and Down choose a key, Enter changes it: press the new key. Delete puts the default "
                "back. Tab reaches Reset all keys and Back.")

    def layout(self) -> None:
        """The list above the two buttons."""
        kept = getattr(self, "list", None)
        self.k = fitted_scale(self.app, self.NEED)
        px = scaler(self.k)
        w, h = self.app.screen.get_size()
        rect = pygame.Rect(px(40), px(120), w - px(80), h - px(120) - px(110))
        self.list = KeyList(rect, self.app.fonts, self, px(44), px(17), px(15))
        if kept is not None:
            self.list.chosen, self.list.first = kept.chosen, kept.first
        self.widgets.widgets.clear()
        self.widgets.add(self.list)
        y = h - px(90)
        self.widgets.add(Button((px(40), y, px(220), px(48)), self.app.fonts, "Reset all keys", self.reset_all,
                                size=px(18)))
        self.widgets.add(self.back_button(px, (px(280), y), primary=True))
        self.widgets.focus(self.list)

    def ask(self) -> None:
        """Wait for the chosen row's new key."""
        self.asking = True
        self.note = ""
        self.app.speech.say(f"Press the new key for {self.list.binding.does}. Esc: no change.", interrupt=True)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.asking and event.type == pygame.KEYDOWN:
            self.asking = False
            if event.key != pygame.K_ESCAPE:
                self.choose(self.list.binding, event.key)
            else:
                self.tell("No change")
            return True
        return super().handle(event)

    def choose(self, binding: KeyBinding, key: int) -> None:
        """Give ``binding`` the key ``key`` (its default: back to it), or say why not."""
        chosen = dict(self.app.settings.key_map)
        if key == binding.keys[0]:
            chosen.pop(binding.id, None)
        else:
            why = key_map.why_not(binding.id, key, chosen)
            if why is not None:
                self.tell(f"Refused: {why}")
                return
            chosen[binding.id] = key
        self.app.update_settings(key_map=tuple(chosen.items()))
        self.tell(f"{binding.shown_label()}: {binding.does}")

    def reset(self, binding: KeyBinding) -> None:
        """Put ``binding``'s default key back."""
        self.choose(binding, binding.keys[0])

    def reset_all(self) -> None:
        """Every key back to its default."""
        self.app.update_settings(key_map=())
        self.tell("Every key is back to its default")

    def tell(self, text: str) -> None:
        """Say ``text`` on the page (under the title) and aloud."""
        self.note = text
        self.app.speech.say(text, interrupt=True)

    def draw(self, surface: pygame.Surface) -> None:
        fonts, px = self.app.fonts, scaler(self.k)
        surface.fill(THEME.backdrop)
        surface.blit(fonts.render("Keys", px(40), THEME.text, bold=True), (px(40), px(30)))
        room = surface.get_width() - px(80)
        line = self.note or "Up / Down choose a key, Enter changes it (press the new key), Delete: the default."
        if self.asking:
            line = f"Press the new key for \"{self.list.binding.does}\" (Esc: no change)"
        colour = THEME.error if self.note.startswith("Refused") else THEME.accent if self.note else THEME.text_dim
        surface.blit(fonts.render(fit_text(fonts, line, px(16), room), px(16), colour), (px(42), px(84)))
        self.widgets.draw(surface)
        more = self.list.more()
        if more:
            img = fonts.render(more, px(13), THEME.text_dim)
            surface.blit(img, img.get_rect(topright=(self.list.rect.right, self.list.rect.bottom + px(3))))
