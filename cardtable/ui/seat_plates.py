"""The seats' name plates of a game's table (a mixin of
:class:`~cardtable.ui.game_table.GameTableScene`): a name, its lines, the dealer's and the
turn's marks, a note's tag on the edge, a name cut to fit with the whole name on hover."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from cardtable.ui.seat_layout import plate_height
from cardtable.ui.table_parts import TableParts
from cardtable.ui.text import break_parts, fit_keeping_number, fit_text
from cardtable.ui.theme import THEME

__all__ = ["SeatPlates", "NOTE_TAGS", "note_tag"]

NOTE_TAGS = {"(computer)": "CPU", "(away)": "AWAY", "(remote)": "REMOTE", "(away: computer playing)": "AWAY·CPU"}
"""The short tags a plate's note shows on its edge."""


def _draw_pill(surface: pygame.Surface, tag: pygame.Surface, pill: pygame.Rect) -> None:
    """A plate's note tag: ``tag`` centred on a rounded ``pill``."""
    pygame.draw.rect(surface, THEME.text_dim, pill, border_radius=pill.height // 2)
    surface.blit(tag, tag.get_rect(center=pill.center))


def _form(line: str | tuple[str, ...], form: int) -> str:
    """A plate line's ``form``-th form (its shortest if it has fewer): see ``SeatPlates._fit_lines``."""
    return line if isinstance(line, str) else line[min(form, len(line) - 1)]


def note_tag(note: str) -> str:
    """A plate note's short form: "CPU" for "(computer)", else its first words, upper case."""
    return NOTE_TAGS.get(note) or note.strip("()").split(":")[0][:8].upper()


class SeatPlates(TableParts):
    """The plates' drawing; the table gives the seats' places and notes."""

    compact_plates: Callable[[], bool]
    seat_at_bottom: Callable[[], int]
    seat_note: Callable[[int], str]
    seat_point: Callable[[int], tuple[int, int]]

    def plate_width(self) -> int:
        """The viewer's name plate's width: 190 (scaled), narrower on a small felt, and
        as narrow as the other seats' when they are compact."""
        slot = self.slot(self.seat_at_bottom())
        return slot.plate.width if slot is not None else min(self.app.px(190), self.felt.width // 4)

    def seat_plate(self, surface: pygame.Surface, seat: int, lines: Sequence[str | tuple[str, ...]], *, dealer: bool,
                   acting: bool, dim: bool = False, at: tuple[int, int] | None = None,
                   reserve: int = 0) -> pygame.Rect:
        """A seat's name plate: name, then ``lines``; marks for the dealer and the turn.

        It sits at the top of the seat's slot (:meth:`slot`); ``at`` places its centre
        somewhere else (the viewer's plate sits beside their hand). Compact plates use
        smaller type; a note the name line has no room for becomes a short tag. The
        lines keep clear of ``reserve`` pixels at the plate's right end (for a game's mark).
        Text cut to fit shows whole on hover (:meth:`~cardtable.ui.table_hover.TableHover.note_tip`).
        """
        px, fonts = self.app.px, self.app.fonts
        compact = self.compact_plates()
        slot = self.slot(seat) if at is None else None
        name_size, line_size, line_h = (px(13), px(12), px(15)) if compact else (px(16), px(14), px(18))
        pad = px(7 if compact else 10)
        width = slot.plate.width if slot is not None and slot.side != "bottom" else self.plate_width()
        room = width - 2 * pad
        if compact and slot is not None and slot.side != "bottom" and len(lines) > 1:
            # one line, the slot's height; the status (a hand, "folded") before the stack, as it says more
            for form in range(max(len(line) if isinstance(line, tuple) else 1 for line in lines)):
                one = "  ·  ".join(_form(line, form).replace("   ·   ", " · ") for line in [*lines[1:], lines[0]])
                if fonts.size_of(one, line_size)[0] <= room - reserve:
                    lines = [one]
                    break
        given = len(lines)
        lines, line_size = self._fit_lines(lines, line_size, room - reserve)
        if slot is not None and slot.side != "bottom":  # a plate grows only as far as its slot has room
            below = slot.rect.bottom - (px(28) if slot.cards.y >= slot.plate.bottom else 0)  # (cards under it)
            most = max(given, (below - slot.plate.y - plate_height(px, 0, compact)) // line_h)
            if len(lines) > most:  # the rest on the last line, cut to fit (and whole on hover)
                lines = lines[:most - 1] + ["  ·  ".join(lines[most - 1:])]
        height = plate_height(px, len(lines), compact)
        if slot is not None and slot.side != "bottom":
            rect = pygame.Rect(slot.plate.x, slot.plate.y, width, height)
        else:
            rect = pygame.Rect(0, 0, width, height)
            rect.center = at or self.seat_point(seat)
        rect.clamp_ip(self.felt.inflate(-px(10), -px(10)))
        fill = THEME.button_down if acting else THEME.panel
        pygame.draw.rect(surface, fill, rect, border_radius=px(8 if compact else 10))
        pygame.draw.rect(surface, THEME.focus if acting else THEME.panel_edge, rect, 2 if acting else 1,
                         border_radius=px(8 if compact else 10))
        ink = THEME.text_disabled if dim else THEME.text
        chip_r = px(8 if compact else 10)
        name_room = room - (2 * chip_r + px(4) if dealer else 0)
        edge = self._edge_tag(seat, rect, lines, line_size, room - reserve, dealer, chip_r)
        tag = self._plate_name(surface, rect, seat, name_size, name_room, ink, pad,
                               tag_below=bool(lines) and edge is not False)
        box = pygame.Rect(rect)
        for i, line in enumerate(lines):
            line_ink = THEME.text_dim if dim else THEME.text
            y = rect.y + px(20 if compact else 24) + i * line_h
            line_room = room - reserve
            if tag is not None and i == len(lines) - 1:  # the note's tag ends the last line, if it fits there
                pill = tag.get_rect().inflate(px(8), px(2))
                if isinstance(edge, pygame.Rect):  # else on the plate's top edge, where it takes no room from the text
                    pill = edge
                    box.union_ip(edge)
                else:
                    pill.midright = (rect.x + pad + room - reserve, y + fonts.size_of("Ag", line_size)[1] // 2)
                    line_room -= pill.width + px(6)
                _draw_pill(surface, tag, pill)
            shown = fit_text(fonts, line, line_size, line_room)
            if shown != line:
                self.note_tip(rect, [self._whole_name(seat), line])
            surface.blit(fonts.render(shown, line_size, line_ink), (rect.x + pad, y))
        if dealer:
            chip = (rect.right - chip_r - px(4), rect.y + chip_r + px(4))
            pygame.draw.circle(surface, (240, 240, 240), chip, chip_r)
            d = fonts.render("D", px(11 if compact else 13), (20, 20, 20), bold=True)
            surface.blit(d, d.get_rect(center=chip))
        self.note_box(f"plate:{seat}", box)  # with a tag on its top edge: the check sees it touch the plate above
        return rect

    def _fit_lines(self, lines: Sequence[str | tuple[str, ...]], size: int, room: int) -> tuple[list[str], int]:
        """A plate's lines as they fit ``room`` pixels, by rule: each line whole at ``size``,
        else set smaller (down to 10 px unscaled), else each line's shorter form (a line
        may be given as its forms, longest first: ``("betting in secret…", "betting…")``),
        else broken at its " · " parts or its words (the plate grows: the largest type that
        takes the fewest lines); and the size."""
        px, fonts = self.app.px, self.app.fonts
        most = max((len(line) for line in lines if isinstance(line, tuple)), default=1)
        for form in range(most):
            tried = [_form(line, form) for line in lines]
            for points in range(size, px(10) - 1, -1):
                if all(fonts.size_of(line, points)[0] <= room for line in tried):
                    return tried, points
        best: tuple[list[str], int] | None = None
        for points in range(size, px(10) - 1, -1):  # broken, at the largest type that takes fewest lines
            broken = [part for line in tried for part in break_parts(fonts, line, points, room)]
            if best is None or len(broken) < len(best[0]):
                best = (broken, points)
        assert best is not None
        return best

    def _whole_name(self, seat: int) -> str:
        """The seat's name and note as a plate would say them with room: "Bo  (computer)"."""
        note = self.seat_note(seat)
        return self.names[seat] + (f"  {note}" if note else "")

    def _edge_tag(self, seat: int, rect: pygame.Rect, lines: list[str], line_size: int, room: int,
                  dealer: bool, chip_r: int) -> pygame.Rect | bool | None:
        """Where the note's tag goes when the name line has no room for the note: None at
        the last line's end (it fits there), a rect on the plate's top edge (clear of the
        other seats), or False on the name line (the name is cut; hover shows it whole)."""
        px, fonts = self.app.px, self.app.fonts
        note = self.seat_note(seat)
        if not note or not lines:
            return None
        w, h = fonts.size_of(note_tag(note), px(10), True)
        pill = pygame.Rect(0, 0, w + px(8), h + px(2))
        if fonts.size_of(lines[-1], line_size)[0] + pill.width + px(6) <= room:
            return None
        pill.center = (rect.right - px(16) - pill.width // 2 - (2 * chip_r if dealer else 0), rect.y)
        if pill.top < self.felt.y or pill.collidelist(self.plate_neighbours(seat)) >= 0:
            return False
        return pill

    def plate_neighbours(self, seat: int) -> list[pygame.Rect]:
        """What a tag on ``seat``'s plate edge must keep clear of: the other seats' plates
        and cards as drawn last frame; on the first frame, their whole places."""
        last = self.__dict__.get("_last_boxes")
        if last is not None:
            return [rect for name, rect in last
                    if name.split(":")[0] in ("plate", "hand") and name.split(":")[-1] not in (str(seat), "")]
        return [s.rect for n, s in self.seat_layout.slots.items() if n != seat and s.side != "bottom"]

    def _plate_name(self, surface: pygame.Surface, rect: pygame.Rect, seat: int, size: int, room: int,
                    ink: tuple[int, int, int], pad: int, *, tag_below: bool) -> pygame.Surface | None:
        """The plate's name line: "Bo  (computer)" when it fits, else the name (cut to fit)
        and the note as a tag ("CPU", "AWAY"): at this line's end, or returned for the
        last line's end when ``tag_below`` (the name keeps the whole line)."""
        px, fonts = self.app.px, self.app.fonts
        note = self.seat_note(seat)
        whole = self._whole_name(seat)
        top = rect.y + px(3 if size < px(16) else 4)
        if fonts.size_of(whole, size, True)[0] <= room:
            surface.blit(fonts.render(whole, size, ink, bold=True), (rect.x + pad, top))
            return None
        tag = fonts.render(note_tag(note), px(10), (20, 20, 20), bold=True) if note else None
        if tag is not None and fonts.size_of(self.names[seat], size, True)[0] + tag.get_width() + px(14) <= room:
            tag_below = False  # the whole name and the tag share the name line
        if tag is not None and not tag_below:
            pill = tag.get_rect().inflate(px(8), px(2))
            pill.midright = (rect.x + pad + room, top + fonts.size_of("Ag", size, True)[1] // 2)
            _draw_pill(surface, tag, pill)
            room -= pill.width + px(6)
        name, size = _fitted_name(fonts, self.names[seat], size, px(11), room)
        if name != self.names[seat]:
            self.note_tip(rect, [whole])
        surface.blit(fonts.render(name, size, ink, bold=True), (rect.x + pad, top))
        return tag if tag_below else None


def _fitted_name(fonts, name: str, size: int, least: int, room: int) -> tuple[str, int]:
    """A seat's name as it fits ``room`` px, and its size: whole in type from ``size`` down to
    ``least``, else cut with its short last word kept ("Compu… 7"): seats named alike by
    number ("Computer 2", "Computer 7") stay told apart; whole on hover."""
    for points in range(size, least - 1, -1):
        if fonts.size_of(name, points, True)[0] <= room:
            return name, points
    return fit_keeping_number(fonts, name, least, room, bold=True, whole_on_hover=True), least
