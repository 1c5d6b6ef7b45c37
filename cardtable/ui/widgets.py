"""Small widgets: buttons, toggles, number steppers and text fields, with keyboard focus.

Every widget has a ``rect`` in screen pixels, ``handle(event) -> bool`` and
``draw(surface)``. A :class:`WidgetGroup` owns a list of widgets, routes events,
and moves keyboard focus with Tab / Shift+Tab; Enter or Space activates the
focused widget. Disabled buttons still show, greyed, with the reason as tooltip.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import pygame

from cardtable.ui.fonts import FontBook
from cardtable.ui.theme import THEME


def felt_page(surface: pygame.Surface, px: Callable[[float], int], fonts: FontBook, title: str, subtitle: str, *,
              title_size: int = 40, subtitle_y: int = 88) -> None:
    """A full screen's felt: the dark border, the rounded felt, the title at the top left
    and the line under it (sizes and places in unscaled pixels)."""
    w, h = surface.get_size()
    surface.fill(THEME.felt_dark)
    pygame.draw.rect(surface, THEME.felt, (px(16), px(16), w - px(32), h - px(32)), border_radius=px(24))
    surface.blit(fonts.render(title, px(title_size), THEME.text, bold=True), (px(40), px(34)))
    surface.blit(fonts.render(subtitle, px(18), THEME.accent), (px(44), px(subtitle_y)))


class Widget:
    """A rectangle on screen that can draw itself and take events."""

    focusable = True

    def __init__(self, rect: pygame.Rect | Sequence[int], fonts: FontBook) -> None:
        self.rect = pygame.Rect(rect)
        self.fonts = fonts
        self.hovered = False
        self.focused = False
        self.visible = True

    @property
    def tooltip(self) -> str:
        """What shows beside the widget while it is hovered ("" for nothing)."""
        return ""

    def handle(self, event: pygame.event.Event) -> bool:
        """React to an event; True if consumed."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        return False

    def activate(self) -> None:
        """What Enter/Space does when the widget has keyboard focus."""

    def focus_gained(self) -> None:
        """Called when the widget takes the keyboard focus (a click, Tab, or the screen's choice)."""

    def spoken(self) -> str:
        """What speech says of the widget when it takes the focus ("" for nothing)."""
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the widget."""

    def _box(self, surface: pygame.Surface, fill: tuple[int, int, int], border: tuple[int, int, int]) -> None:
        radius = max(4, self.rect.height // 5)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        pygame.draw.rect(surface, border, self.rect, 1, border_radius=radius)
        if self.focused:
            draw_focus_ring(surface, self.rect, radius)


def focus_ring_width(rect: pygame.Rect) -> int:
    """How thick the focus ring of a control of ``rect`` is: thicker with the control (so
    with the UI scale), never under 3 pixels."""
    return max(3, rect.height // 10)


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = 6) -> None:
    """The keyboard focus's ring round ``rect``: a dark line inside a thick light one, so it
    shows on any fill and in any theme, by its shape as well as its colour."""
    width = focus_ring_width(rect)
    pygame.draw.rect(surface, THEME.focus, rect.inflate(width, width), width, border_radius=radius + width // 2)
    pygame.draw.rect(surface, THEME.backdrop, rect, 1, border_radius=radius)


class Label(Widget):
    """Text that does nothing."""

    focusable = False

    def __init__(self, rect, fonts, text: str, *, size: int = 18, colour=None, bold: bool = False,
                 align: str = "left") -> None:
        super().__init__(rect, fonts)
        self.text, self.size, self.colour, self.bold, self.align = text, size, colour or THEME.text, bold, align

    def draw(self, surface: pygame.Surface) -> None:
        img = self.fonts.render(self.text, self.size, self.colour, bold=self.bold)
        r = img.get_rect(midleft=(self.rect.x, self.rect.centery))
        if self.align == "center":
            r.center = self.rect.center
        surface.blit(img, r)


class Button(Widget):
    """A clickable button. ``disabled_reason`` greys it out and explains why."""

    def __init__(self, rect, fonts, label: str, on_click: Callable[[], None], *, size: int = 18,
                 hotkey: str = "", primary: bool = False) -> None:
        super().__init__(rect, fonts)
        self.label, self.on_click, self.size, self.hotkey, self.primary = label, on_click, size, hotkey, primary
        self.disabled_reason: str | None = None
        self.pressed = False
        self.selected = False

    @property
    def enabled(self) -> bool:
        """True unless a disabled reason is set."""
        return self.disabled_reason is None

    @property
    def tooltip(self) -> str:
        """Why it is disabled, else its label and hotkey (derived, not stored: a scene that
        keeps a picture of its widgets compares their attributes, and a new button equal to
        the old one must compare equal before it is drawn)."""
        return self.disabled_reason or (f"{self.label} ({self.hotkey})" if self.hotkey else "")

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.rect.collidepoint(event.pos):
                self.activate()
            return True
        return False

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def spoken(self) -> str:
        """The label, the key that presses it, and why it cannot be pressed now."""
        words = self.label + (f", key {self.hotkey}" if self.hotkey else "") + ", button"
        return words + (f", not now: {self.disabled_reason}" if self.disabled_reason else "")

    def draw(self, surface: pygame.Surface) -> None:
        if not self.enabled:
            fill, ink = THEME.button_disabled, THEME.text_disabled
        elif self.pressed or self.selected:
            fill, ink = THEME.button_down, THEME.text
        elif self.hovered:
            fill, ink = THEME.button_hover, THEME.text
        else:
            fill, ink = (THEME.button_primary if self.primary else THEME.button), THEME.text
        self._box(surface, fill, THEME.border)
        img = self.fonts.render(self.label, self.size, ink, bold=self.primary)
        surface.blit(img, img.get_rect(center=self.rect.center))


class Toggle(Button):
    """An on/off switch with a label."""

    def __init__(self, rect, fonts, label: str, value: bool, on_change: Callable[[bool], None], *,
                 size: int = 18) -> None:
        self.value = value
        self.on_change = on_change
        super().__init__(rect, fonts, label, self._flip, size=size)

    def _flip(self) -> None:
        self.value = not self.value
        self.on_change(self.value)

    def spoken(self) -> str:
        """The label and whether it is on."""
        return f"{self.label}: {'on' if self.value else 'off'}, switch"

    def draw(self, surface: pygame.Surface) -> None:
        self._box(surface, THEME.button_hover if self.hovered else THEME.button, THEME.border)
        img = self.fonts.render(self.label, self.size, THEME.text)
        surface.blit(img, img.get_rect(midleft=(self.rect.x + 12, self.rect.centery)))
        knob_w = self.rect.height * 2 - 12
        track = pygame.Rect(0, 0, knob_w, self.rect.height - 12)
        track.midright = (self.rect.right - 10, self.rect.centery)
        pygame.draw.rect(surface, THEME.accent if self.value else THEME.button_disabled, track,
                         border_radius=track.height // 2)
        knob = pygame.Rect(0, 0, track.height - 4, track.height - 4)
        knob.center = (track.right - track.height // 2 if self.value else track.x + track.height // 2, track.centery)
        pygame.draw.ellipse(surface, THEME.text, knob)
        state = self.fonts.render("on" if self.value else "off", self.size - 4, THEME.text_dim)
        surface.blit(state, state.get_rect(midright=(track.x - 8, self.rect.centery)))


class Stepper(Widget):
    """A number with - and + buttons (also Left/Right or -/+ keys when focused). ``fmt``
    shows the value: a format string, or a function of the value (a word for 0, say)."""

    def __init__(self, rect, fonts, label: str, value: float, *, low: float, high: float, step: float,
                 on_change: Callable[[float], None], fmt: str | Callable[[float], str] = "{:g}",
                 size: int = 18) -> None:
        super().__init__(rect, fonts)
        self.label, self.value, self.low, self.high, self.step = label, value, low, high, step
        self.on_change, self.fmt, self.size = on_change, fmt, size

    def shown(self, value: float) -> str:
        """``value`` as the stepper shows it."""
        return self.fmt(value) if callable(self.fmt) else self.fmt.format(value)

    def spoken(self) -> str:
        """The label, the value and how to change it."""
        return f"{self.label}: {self.shown(self.value)}, Left and Right to change"

    def value_width(self) -> int:
        """The room between the - and + buttons: the widest value the stepper can show (its
        lowest, highest and current) with a margin either side, so that "1.00×" or "100000"
        never touches a button; no less than 1.4 times the height."""
        h = self.rect.height - 8
        widest = max(self.fonts.size_of(self.shown(v), self.size, True)[0]
                     for v in (self.low, self.high, self.value))
        return max(40, int(self.rect.height * 1.4), widest + 2 * max(4, h // 4))

    def _buttons(self) -> tuple[pygame.Rect, pygame.Rect]:
        h = self.rect.height - 8
        value_w = self.value_width()
        plus = pygame.Rect(self.rect.right - h - 4, self.rect.y + 4, h, h)
        minus = pygame.Rect(plus.x - h - value_w, self.rect.y + 4, h, h)
        return minus, plus

    def nudge(self, direction: int) -> None:
        """Step the value down (-1) or up (+1) within its range."""
        new = min(self.high, max(self.low, round(self.value + direction * self.step, 6)))
        if new != self.value:
            self.value = new
            self.on_change(new)

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            minus, plus = self._buttons()
            if minus.collidepoint(event.pos):
                self.nudge(-1)
                return True
            if plus.collidepoint(event.pos):
                self.nudge(+1)
                return True
        if event.type == pygame.KEYDOWN and self.focused:
            if event.key in (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS):
                self.nudge(-1)
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.nudge(+1)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self._box(surface, THEME.button, THEME.border)
        img = self.fonts.render(self.label, self.size, THEME.text)
        surface.blit(img, img.get_rect(midleft=(self.rect.x + 12, self.rect.centery)))
        minus, plus = self._buttons()
        for r, sign in ((minus, "−"), (plus, "+")):
            pygame.draw.rect(surface, THEME.button_hover, r, border_radius=6)
            s = self.fonts.render(sign, self.size, THEME.text, bold=True)
            surface.blit(s, s.get_rect(center=r.center))
        value = self.fonts.render(self.shown(self.value), self.size, THEME.text, bold=True)
        surface.blit(value, value.get_rect(center=((minus.right + plus.x) // 2, self.rect.centery)))


class TextInput(Widget):
    """A one-line text field. Click or Tab to focus, type, Enter or Tab to finish.

    ``default``: the text the field holds until someone types their own (a seat's "Player 1").
    Focusing the field while it holds it selects it all, so that typing replaces it, as
    Ctrl+A does; a click in the field once it has the focus ends the selection.
    """

    def __init__(self, rect, fonts, text: str, on_change: Callable[[str], None], *, max_len: int = 24,
                 size: int = 18, placeholder: str = "", default: str | None = None) -> None:
        super().__init__(rect, fonts)
        self.text, self.on_change, self.max_len = text, on_change, max_len
        self.size, self.placeholder, self.default = size, placeholder, default
        self.all_selected = False  # Ctrl+A: the next key typed replaces the whole text
        self._focus_fresh = False  # the focus came with the event being handled (a click keeps the selection)

    def focus_gained(self) -> None:
        self._focus_fresh = True
        if self.default is not None and self.text == self.default:
            self.all_selected = True

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        fresh, self._focus_fresh = self._focus_fresh, False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            if not fresh:  # (the click that focused a default name leaves it selected)
                self.all_selected = False
            return True
        if not self.focused:
            self.all_selected = False
            return False
        if event.type == pygame.TEXTINPUT:
            kept = "" if self.all_selected else self.text
            self.all_selected = False
            self._set((kept + event.text)[: self.max_len])
            return True
        if event.type == pygame.KEYDOWN:
            mod = getattr(event, "mod", 0)
            if event.key == pygame.K_a and mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.all_selected = bool(self.text)
                return True
            if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
                self._set("" if self.all_selected or mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
                          else self.text[:-1] if event.key == pygame.K_BACKSPACE else self.text)
                self.all_selected = False
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.all_selected = False
                return False
            if not (event.unicode and event.unicode.isprintable()):
                self.all_selected = False  # an arrow or Home ends the selection, as in any text field
            # Printable keys arrive as TEXTINPUT; swallow their KEYDOWN so hotkeys don't fire.
            return bool(event.unicode and event.unicode.isprintable())
        return False

    def _set(self, text: str) -> None:
        self.text = text
        self.on_change(text)

    def spoken(self) -> str:
        """What the field is for and what it holds."""
        return f"{self.placeholder or 'text'} field: {self.text or 'empty'}"

    def draw(self, surface: pygame.Surface) -> None:
        self._box(surface, THEME.field, THEME.border)
        shown = self.text or self.placeholder
        img = self.fonts.render(shown, self.size, THEME.text if self.text else THEME.text_dim)
        r = img.get_rect(midleft=(self.rect.x + 10, self.rect.centery))
        if self.all_selected and self.text:
            pygame.draw.rect(surface, THEME.selection, r.inflate(4, 2), border_radius=3)
        surface.blit(img, r)
        if self.focused and not self.all_selected and (pygame.time.get_ticks() // 500) % 2 == 0:
            x = r.right + 2 if self.text else self.rect.x + 10
            pygame.draw.line(surface, THEME.text, (x, self.rect.y + 6), (x, self.rect.bottom - 6), 2)


W = TypeVar("W", bound=Widget)

class WidgetGroup:
    """Routes events to widgets and keeps one of them focused for the keyboard."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus_index: int | None = None

    def add(self, widget: W) -> W:
        """Add a widget and return it."""
        self.widgets.append(widget)
        return widget

    def focusables(self) -> list[Widget]:
        """The widgets Tab can reach, in order."""
        return [w for w in self.widgets if w.focusable and w.visible]

    def focus(self, widget: Widget | None) -> None:
        """Give keyboard focus to ``widget`` (``None``: to nothing); a widget taking it is told
        (:meth:`Widget.focus_gained`)."""
        for w in self.widgets:
            gained = w is widget and not w.focused
            w.focused = w is widget
            if gained:
                w.focus_gained()
        items = self.focusables()
        self.focus_index = items.index(widget) if widget in items else None

    @property
    def focused(self) -> Widget | None:
        """The widget with keyboard focus."""
        return next((w for w in self.widgets if w.focused), None)

    def handle(self, event: pygame.event.Event) -> bool:
        """Route one event; True if a widget consumed it."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            items = self.focusables()
            if items:
                step = -1 if event.mod & pygame.KMOD_SHIFT else 1
                current = items.index(self.focused) if self.focused in items else (-1 if step > 0 else 0)
                self.focus(items[(current + step) % len(items)])
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((w for w in self.widgets if w.visible and w.rect.collidepoint(event.pos)), None)
            self.focus(hit if hit is not None and hit.focusable and isinstance(hit, TextInput) else None)
        focused = self.focused
        if focused is not None and focused.handle(event):
            return True
        if (event.type == pygame.KEYDOWN and focused is not None
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
                and not isinstance(focused, TextInput)):
            focused.activate()
            return True
        for w in self.widgets:
            if w is not focused and w.visible and w.handle(event):
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw every visible widget (a scene that shows tooltips draws :meth:`tooltip`'s)."""
        for w in self.widgets:
            if w.visible:
                w.draw(surface)

    def look(self) -> list[tuple[type, tuple[int, ...], tuple[object, ...]]]:
        """What the widgets' picture depends on: each widget's kind, rect and attributes (hover,
        pressed, focus, enabled, selected, value, label... a tooltip derives from them), for
        a scene that keeps a picture of them while it stays the same."""
        return [(type(w), tuple(w.rect), tuple(vars(w).values())) for w in self.widgets]

    def tooltip(self) -> tuple[str, pygame.Rect] | None:
        """The hovered widget's tooltip text and rect, if any."""
        for w in self.widgets:
            if w.visible and w.hovered and w.tooltip:
                return w.tooltip, w.rect
        return None


class PopupMenu(Widget):
    """A list of actions that opens at a point (a "More ▾" menu, a right-click menu).

    ``items`` are ``(label, hotkey, action)``; an action of ``None`` shows the item
    greyed. The menu keeps inside ``bounds``; a click on an item runs it, a click
    outside, Escape or the action closes it (``open`` turns False). Up/Down and Enter
    work too. The owner routes events to :meth:`handle` first while ``open``.
    """

    def __init__(self, fonts: FontBook, items: Sequence[tuple[str, str, Callable[[], None] | None]],
                 at: tuple[int, int], bounds: pygame.Rect, *, size: int = 16, row: int = 30,
                 pad: int = 8) -> None:
        self.items = list(items)
        self.size, self.row, self.pad = size, row, pad
        width = max((fonts.render(label, size, THEME.text).get_width()
                     + (fonts.render(key, size, THEME.text).get_width() + pad * 3 if key else 0)
                     for label, key, _ in self.items), default=40) + pad * 2
        rect = pygame.Rect(at[0], at[1], width, row * len(self.items) + pad)
        rect.clamp_ip(bounds)
        super().__init__(rect, fonts)
        self.open = True
        self.index: int | None = None

    def item_rect(self, i: int) -> pygame.Rect:
        """Where item ``i`` lies on screen."""
        return pygame.Rect(self.rect.x, self.rect.y + self.pad // 2 + i * self.row, self.rect.w, self.row)

    def item_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the item under a pixel, or ``None``."""
        return next((i for i in range(len(self.items)) if self.item_rect(i).collidepoint(pos)), None)

    def choose(self, i: int) -> None:
        """Run item ``i`` (if it is enabled) and close."""
        action = self.items[i][2]
        if action is not None:
            self.open = False
            action()

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.open:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.index = self.item_at(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if not self.rect.collidepoint(event.pos):
                self.open = False
                return False  # the click goes on to what lies under it
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            i = self.item_at(event.pos)
            if i is not None and event.button in (1, 3):
                self.choose(i)
            return self.rect.collidepoint(event.pos)
        if event.type == pygame.KEYDOWN:
            n = len(self.items)
            if event.key == pygame.K_ESCAPE:
                self.open = False
            elif event.key in (pygame.K_DOWN, pygame.K_UP):
                step = 1 if event.key == pygame.K_DOWN else -1
                self.index = ((self.index if self.index is not None else -step) + step) % n
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.index is not None:
                self.choose(self.index)
            else:
                return False
            return True
        return event.type == pygame.KEYUP

    def draw(self, surface: pygame.Surface) -> None:
        if not self.open:
            return
        pygame.draw.rect(surface, THEME.panel, self.rect, border_radius=6)
        pygame.draw.rect(surface, THEME.border, self.rect, 1, border_radius=6)
        for i, (label, key, action) in enumerate(self.items):
            r = self.item_rect(i)
            if i == self.index and action is not None:
                pygame.draw.rect(surface, THEME.button_hover, r.inflate(-4, 0), border_radius=4)
            ink = THEME.text if action is not None else THEME.text_disabled
            img = self.fonts.render(label, self.size, ink)
            surface.blit(img, img.get_rect(midleft=(r.x + self.pad, r.centery)))
            if key:
                kimg = self.fonts.render(key, self.size, THEME.text_disabled)
                surface.blit(kimg, kimg.get_rect(midright=(r.right - self.pad, r.centery)))
