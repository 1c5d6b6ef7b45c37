"""The screen shown after an unexpected error: what happened, where the report is, and the way on.

:meth:`cardtable.ui.app.App.crashed` autosaves the open table, writes the crash
report and pushes this scene over a fresh menu. "Back to the menu" closes it;
"Resume" reopens the autosaved table (behind a pass screen, as every resume).
"""

from __future__ import annotations

from pathlib import Path

import pygame

from cardtable.saves import SaveFile, list_saves
from cardtable.ui.scene import Scene
from cardtable.ui.text import wrap_font
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, WidgetGroup


def autosave_of(match: str | None) -> SaveFile | None:
    """The newest good autosave of ``match`` (None when there is none)."""
    if not match:
        return None
    return next((s for s in list_saves() if s.kind == "auto" and s.ok and s.match == match), None)


class CrashScene(Scene):
    """"Something went wrong": the report's path, Back to the menu, Resume."""

    def __init__(self, app, *, report: Path | None, match: str | None) -> None:
        super().__init__(app)
        self.report, self.match = report, match
        self.save = autosave_of(match)
        self.widgets = WidgetGroup()
        self.layout()

    def resized(self, size: tuple[int, int]) -> None:
        self.layout()

    def panel(self) -> pygame.Rect:
        """The message's box."""
        w, h = self.app.screen.get_size()
        px = self.app.px
        width = min(px(760), w - px(60))
        height = min(px(440), h - px(60))
        return pygame.Rect(w // 2 - width // 2, h // 2 - height // 2, width, height)

    def layout(self) -> None:
        """Place the two buttons at the bottom of the box."""
        p, px, fonts = self.panel(), self.app.px, self.app.fonts
        group = WidgetGroup()
        y = p.bottom - px(72)
        back = group.add(Button((p.x + px(28), y, px(220), px(48)), fonts, "Back to the menu", self.back,
                                size=px(19), hotkey="Esc"))
        resume = group.add(Button((p.right - px(28) - px(180), y, px(180), px(48)), fonts, "Resume",
                                  self.resume, size=px(19), primary=True, hotkey="Enter"))
        if self.save is None:
            resume.disabled_reason = "No game was open, or it could not be saved"
            group.focus(back)
        else:
            group.focus(resume)
        self.widgets = group

    def lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The message, paragraph by paragraph, with its colour."""
        if self.match is None:
            saved = "No game was open."
        elif self.save is not None:
            saved = "Your game was saved at the moment it happened: Resume carries on from there."
        else:
            saved = "Your game could not be saved, sorry."
        where = (f"A report for the developers was written to {self.report}" if self.report is not None
                 else "The report could not be written (see the log).")
        return [("cardtable ran into an error it did not expect and stopped what it was doing. "
                 "The app is still running.", THEME.text),
                (saved, THEME.text),
                (where, THEME.text_dim),
                ("The report holds the error and the program's recent log, never your cards.", THEME.text_dim)]

    def back(self) -> None:
        """Close this screen: the menu is below."""
        self.app.scenes.remove(self)

    def resume(self) -> None:
        """Reopen the autosaved table."""
        from cardtable.ui.saves_scene import resume_save
        save = autosave_of(self.match)
        self.app.scenes.remove(self)
        if save is not None:
            resume_save(self.app, save)
        else:
            self.app.toast("The autosave is gone: pick a save from Resume on the menu", 5.0)

    def handle(self, event: pygame.event.Event) -> bool:
        """Esc goes back to the menu, Enter resumes the autosave (when there is one)."""
        key = getattr(event, "key", None) if event.type == pygame.KEYDOWN else None
        if not self.widgets.handle(event) and key is not None:
            if key == pygame.K_ESCAPE:
                self.back()
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.save is not None:
                self.resume()
        return True  # modal

    def draw(self, surface: pygame.Surface) -> None:
        px, fonts = self.app.px, self.app.fonts
        surface.fill(THEME.backdrop)
        p = self.panel()
        pygame.draw.rect(surface, THEME.panel, p, border_radius=px(14))
        pygame.draw.rect(surface, THEME.panel_edge, p, 2, border_radius=px(14))
        surface.blit(fonts.render("Something went wrong", px(30), THEME.error, bold=True),
                     (p.x + px(28), p.y + px(22)))
        y, bottom = p.y + px(80), p.bottom - px(84)
        font = fonts.font(px(17))
        for text, ink in self.lines():
            for line in wrap_font(text, p.width - px(56), font):
                if y + px(24) > bottom:
                    break
                surface.blit(fonts.render(line, px(17), ink), (p.x + px(28), y))
                y += px(25)
            y += px(12)
        self.widgets.draw(surface)
