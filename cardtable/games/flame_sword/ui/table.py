"""The Flame Sword table: the 10 x 10 grid in the middle, the seats down both sides, the
viewer's hole cards at the bottom, the Called Shots by their seats, the showdown lines.

Everything drawn comes from the viewer's typed seat view (the table never reads the
state), and a line's preview is worked out from that view alone (the viewer's hole
cards and the face-up grid cards: :func:`cardtable.games.flame_sword.view.line_preview`),
so nothing hidden reaches the screen. Seats run clockwise on screen: the viewer at the bottom, the seat to
their left up the left side, then down the right side.

At one screen with several people, flipping needs no secrets: when the flip passes to
another person there is no pass screen and nobody's hole cards show (a "Show my cards"
button brings the pass screen when the flipper wants to look).
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from cardtable.engine.game import CHANCE
from cardtable.engine.view import OUT, PotResult, SeatView
from cardtable.games.flame_sword.rules import BETTING_ROUND_NAMES, HOLE_CARDS, UNDERDOG_EXTRA, CallShot, Flip, Phase
from cardtable.games.flame_sword.state import FlameSwordState, line_cells_of
from cardtable.games.flame_sword.ui.called_shot import CalledShotPicker
from cardtable.games.flame_sword.ui.grid import LINE_COLOURS, GridView
from cardtable.games.flame_sword.ui.result import result_text
from cardtable.games.flame_sword.view import FlameParts, line_preview
from cardtable.ui.bet_bar import BET_KEYS
from cardtable.ui.game_table import GameTableScene
from cardtable.ui.result_words import gains
from cardtable.ui.seat_layout import plate_height
from cardtable.ui.setup_scene import SeatConfig
from cardtable.ui.table_parts import ENTER, KeyBinding, next_round_binding, pot_words
from cardtable.ui.table_setup import TableSetup
from cardtable.ui.text import fit_text
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import WidgetGroup
from cardtable.variants import VariantSpec

FLIP_PAUSE = 0.12
"""Seconds a computer player takes to flip a grid card (a flop is 60 flips)."""

LINES = tuple(f"row {i}" for i in range(1, 11)) + tuple(f"column {i}" for i in range(1, 11))
"""The grid's 20 lines by name, in the order the rules break ties between equal lines."""


def decision_text(decided: tuple[str, int]) -> str:
    """What decided a pot (``(words, tie layer)``, from Flame Sword's part of the view) in
    words for the table, "" for none.

    >>> decision_text(("more trumps", 3))
    'won on more trumps (tie layer 3)'
    >>> decision_text(("a better kind", 0)), decision_text(("", -1))
    ('won with a better kind', '')
    """
    words, layer = decided
    if layer is None or layer < 0 or not words:
        return ""
    if layer == 0:
        return f"won with {words}"
    if layer == 6:
        return "split: equal through all six tie layers"
    return f"won on {words} (tie layer {layer})"


def make_bot(level: str, rng: random.Random) -> Any:
    """A computer player of ``level`` (any of the game's levels, strong included)."""
    from cardtable import games
    return games.get("flame_sword").bot(rng, level)


class FlameTableScene(GameTableScene):
    """One match of Flame Sword on one screen."""

    KEYS = (
        next_round_binding("next hand (after the showdown)"),
        KeyBinding((pygame.K_s,), "S", "Called Shot: name ten cards", "ask_called_shot", "calling"),
        KeyBinding((pygame.K_p,) + ENTER, "P / Enter", "no Called Shot this hand", "pass_shot", "calling"),
        KeyBinding((pygame.K_m,), "M", "flipping with several people: show my cards (the pass screen)",
                   "show_my_cards", "flipping_unseen"),
        KeyBinding((pygame.K_u,), "U", "auto-flip on or off: the computer flips for you", "toggle_auto_flip"),
        KeyBinding((pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_SPACE) + ENTER,
                   "Arrows, Space", "flipping: ring a card (← → the next face-down), Space or Enter flips it",
                   "key_grid", "flipping_here", True, first=True),
    )
    BET_KEYS = BET_KEYS

    def __init__(self, app, variant: VariantSpec, state: FlameSwordState, seats: list[SeatConfig], bots) -> None:
        self.auto_flip = False              # the computer flips for the people
        self.key_cell: int | None = None    # the grid card the arrows ring (flipping by keys)
        self.opening_shot = False           # S was pressed: open the picker after this frame's events
        self.flip_rng = random.Random()     # which card auto-flip turns (no secret: all are face down)
        self.picker: CalledShotPicker | None = None
        self._preview_cache: dict[tuple, Any] = {}
        self.seat_areas: dict[int, pygame.Rect] = {}
        self.seat_hands: dict[Any, tuple[pygame.Rect, list[int]]] = {}  # other seats' shown cards and where
        super().__init__(app, variant, state, seats, bots)
        self.grid_view = GridView(app, self.faces, self.deck)
        self.layout()

    # -- pace and turns ---------------------------------------------------------------------
    def bot_pause(self) -> float:
        """Computer players flip quickly; they bet at the usual pace; both at the chosen speed."""
        if self.view.phase.id == Phase.FLIP:
            return FLIP_PAUSE / self.app.settings.bot_speed
        return super().bot_pause()

    def update(self, dt: float) -> None:
        """Open a Called Shot asked for by S once this frame's events are gone (so the
        S is not typed into the picker's search), and flip for a person on auto-flip."""
        if self.opening_shot:
            self.opening_shot = False
            self.open_called_shot()
        flipper = self._flipper()
        if self.auto_flip and flipper is not None and not self.passing:
            self.clock += dt
            self.hint.update()
            self.wait += dt
            if self.wait >= self.bot_pause():
                self.wait = 0.0
                cells = [c for c, card in enumerate(self.grid_cards()) if card is None]
                if cells:
                    self.perform(Flip(seat=flipper, cell=self.flip_rng.choice(cells)))
            return
        super().update(dt)

    def waits_for_next_round(self) -> bool:
        return self.view.phase.id == Phase.REVEAL

    def parts(self, view: SeatView | None = None) -> FlameParts:
        """Flame Sword's own part of the viewer's view (or of ``view``)."""
        return (view or self.view).extra_as(FlameParts)

    def grid_cards(self, view: SeatView | None = None) -> tuple[int | None, ...]:
        """The grid as the view shows it, cell by cell (None face down; empty before the deal)."""
        zone = (view or self.view).zone("grid")
        return zone.cards if zone is not None else ()

    def check_turn(self) -> None:
        """Flips need no secrets: with several people, a flip passes without a pass screen
        and with nobody's cards face up."""
        to_act = self.view.to_act
        if (self.view.phase.id == Phase.FLIP and to_act is not None and to_act != CHANCE
                and not self.is_bot(to_act) and to_act != self.viewer and len(self.humans) > 1):
            if self.viewer is not None:
                self.viewer = None
                self.after_action()
            return
        super().check_turn()

    # -- layout -------------------------------------------------------------------------------
    def layout(self) -> None:
        super().layout()
        if not hasattr(self, "grid_view"):
            return
        px = self.app.px
        felt = self.felt
        self.own_card_width = hole_card_width(felt, px)
        bottom_h = round(self.own_card_width * 1.4) + px(24)
        grid_w = int(felt.width * 0.40)
        line_h = self.app.fonts.size_of("Ag", px(15), True)[1] + px(4) + px(5)  # the middle line under the grid
        area = pygame.Rect(0, felt.y + px(30), grid_w, felt.height - bottom_h - px(36) - max(px(26), line_h + px(2)))
        area.centerx = felt.centerx
        self.grid_view.place(area)
        self.bottom_area = pygame.Rect(felt.x + px(20), felt.bottom - bottom_h - px(6), felt.width - px(40), bottom_h)
        self._place_seats()
        self.after_action()

    def _place_seats(self) -> None:
        px, felt, grid = self.app.px, self.felt, self.grid_view.rect
        n = self.seat_count
        if self.viewer is not None:
            self.bottom_seat = self.viewer  # the last person at the screen keeps the bottom place
        bottom = getattr(self, "bottom_seat", self.humans[0] if self.humans else 0)
        others = [(bottom + k) % n for k in range(1, n)]
        left_count = (len(others) + 1) // 2
        left, right = others[:left_count][::-1], others[left_count:]  # clockwise: up the left, down the right
        rows = max(1, left_count)
        top, height = felt.y + px(40), self.bottom_area.y - felt.y - px(40)
        slot_h = height // rows
        left_x0, left_x1 = felt.x + px(30), grid.x - px(30)
        right_x0, right_x1 = grid.right + px(14), felt.right - px(24)
        self.seat_areas = {bottom: self.bottom_area}
        for i, seat in enumerate(left):
            self.seat_areas[seat] = pygame.Rect(left_x0, top + i * slot_h, left_x1 - left_x0, slot_h - px(6))
        for i, seat in enumerate(right):
            self.seat_areas[seat] = pygame.Rect(right_x0, top + i * slot_h, right_x1 - right_x0, slot_h - px(6))

    def slot(self, seat: int) -> None:
        """Flame Sword places its seats itself (:attr:`seat_areas`), down both sides of the grid."""
        return None

    def plate_neighbours(self, seat: int) -> list[pygame.Rect]:
        """The other seats' plates and cards as drawn last frame (on the first, their
        places, :attr:`seat_areas`) and the grid with its numbers."""
        if "_last_boxes" in self.__dict__:
            return super().plate_neighbours(seat) + [self.grid_box()]
        return [a for s, a in self.seat_areas.items() if s != seat] + [self.grid_box()]

    def grid_box(self) -> pygame.Rect:
        """The grid with its row and column numbers."""
        grid = self.grid_view
        return grid.rect.unionall(grid.row_labels + grid.column_labels) if grid.row_labels else pygame.Rect(grid.rect)

    def compact_plates(self) -> bool:
        """Compact plates when the side seats' places are shorter than a full two-line plate."""
        others = [a.height for s, a in self.seat_areas.items() if a is not self.bottom_area]
        return bool(others) and min(others) < plate_height(self.app.px, 2, False) + self.app.px(24)

    def plate_width(self) -> int:
        """The plates' width: narrower when they are compact."""
        full = min(self.app.px(190), self.felt.width // 4)
        return min(full, max(self.app.px(96), self.felt.width // 5)) if self.compact_plates() else full

    def seat_point(self, seat: int) -> tuple[int, int]:
        area = self.seat_areas.get(seat)
        return area.center if area is not None else super().seat_point(seat)

    # -- controls -------------------------------------------------------------------------------
    NEXT_LABEL = "Next hand"

    def after_action(self) -> None:
        """Place the seats (the viewer may have changed), then rebuild the controls."""
        if hasattr(self, "grid_view") and hasattr(self, "bar_rect"):
            self._place_seats()
            super().after_action()

    def build_controls(self, group: WidgetGroup) -> None:
        """Show my cards for a person flipping unseen, auto-flip, the betting bar, Called Shots."""
        viewer = self.viewer
        flipper = self._flipper()
        if flipper is not None and viewer is None:
            self.bar_button(group, "Show my cards", self.show_my_cards, "M", width=190, primary=False, size=17)
        elif viewer is not None and self.mine() and self.view.phase.id == Phase.BET:
            self.open_bet_bar()
        elif self.calling():
            self.bar_button(group, "Called Shot…", self.open_called_shot, "S", right=210, width=220,
                            primary=False, size=17)
            self.bar_button(group, "No Called Shot", self.pass_shot, "P", width=190, size=17)
        if flipper is not None:
            self.bar_button(group, f"Auto-flip {'on' if self.auto_flip else 'off'}", self.toggle_auto_flip, "U",
                            right=210 if viewer is None else 10, width=170, primary=self.auto_flip, size=16)

    def _flipper(self) -> int | None:
        """The seat of the person at this screen to flip now, unless the pass screen is up; else None."""
        to_act = self.view.to_act
        if (self.view.phase.id == Phase.FLIP and to_act is not None and to_act != CHANCE
                and self.is_here(to_act) and not self.passing):
            return to_act
        return None

    def _person_flipping(self) -> bool:
        return self._flipper() is not None

    # -- actions ------------------------------------------------------------------------------------
    def open_called_shot(self) -> None:
        """Open the deck browser to choose the viewer's ten cards."""
        if self.viewer is None or self.view.phase.id != Phase.CALL or self.view.to_act != self.viewer:
            return
        if self.picker is None or self.picker.seat != self.viewer:
            self.picker = CalledShotPicker(self.app, self.deck, self.faces, self.viewer, self.act)
        self.picker.open()

    def pass_shot(self) -> None:
        """No Called Shot this hand."""
        self.act_mine(CallShot)

    def flip(self, cell: int) -> None:
        """The person to flip turns ``cell`` over."""
        seat = self._flipper()
        if seat is not None:
            self.act(Flip(seat=seat, cell=cell))

    def next_round(self) -> None:
        self.picker = None
        super().next_round()

    def toggle_auto_flip(self) -> None:
        """Auto-flip on or off: the computer flips for the people."""
        self.auto_flip = not self.auto_flip
        self.app.toast(f"Auto-flip {'on: the computer flips for you' if self.auto_flip else 'off'}")
        self.after_action()

    # -- events ---------------------------------------------------------------------------------------
    def handle_pointer(self, event: pygame.event.Event) -> bool:
        """A click on a face-down grid card flips it, for the person to flip."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            cell = self.grid_view.cell_at(event.pos)
            if cell is not None and self._person_flipping():
                if self.grid_cards()[cell] is not None:
                    self.app.toast("That card is already face up: choose a face-down one")
                else:
                    self.flip(cell)
                return True
        return False

    def flipping_here(self) -> bool:
        """True while a person at this screen is to flip (the arrows and Space then work the grid)."""
        return self._person_flipping() and (self.viewer is None or self.view.to_act == self.viewer)

    def key_grid(self, event: pygame.event.Event) -> None:
        """The grid's keys while flipping: an arrow moves the ring, Space or Enter flips."""
        if event.key in (pygame.K_SPACE, *ENTER):
            self.key_grid_flip()
        else:
            self.key_grid_move(event)

    def key_grid_move(self, event: pygame.event.Event) -> None:
        """An arrow: the ring moves a card over the grid (from the first face-down card), and
        speech says where it is and what lies there."""
        grid = self.grid_cards()
        if not grid:
            return
        columns = len(self.grid_view.column_labels) or 10
        if self.key_cell is None or self.key_cell >= len(grid):
            self.key_cell = next((c for c, card in enumerate(grid) if card is None), 0)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):  # the next face-down card, in reading order
            step = 1 if event.key == pygame.K_RIGHT else -1
            cells = [(self.key_cell + step * n) % len(grid) for n in range(1, len(grid) + 1)]
            self.key_cell = next((c for c in cells if grid[c] is None), self.key_cell)
        else:  # a row up or down, whatever lies there
            self.key_cell = (self.key_cell + (columns if event.key == pygame.K_DOWN else -columns)) % len(grid)
        row, column = divmod(self.key_cell, columns)
        card = grid[self.key_cell]
        what = "face down" if card is None else self.spoken_card(card)
        self.app.speech.say(f"Row {row + 1}, column {column + 1}: {what}", interrupt=True)

    def key_grid_flip(self) -> None:
        """Space or Enter: flip the ringed card (the arrows ring one first)."""
        if self.key_cell is None:
            self.app.toast("Arrows choose a face-down card; Space flips it")
        elif self.grid_cards()[self.key_cell] is not None:
            self.app.toast("That card is already face up: choose a face-down one")
        else:
            self.flip(self.key_cell)

    def calling(self) -> bool:
        """True on the viewer's own turn to make a Called Shot or pass."""
        return self.view.phase.id == Phase.CALL and self.viewer is not None and self.view.to_act == self.viewer

    def ask_called_shot(self) -> None:
        """S: open the Called Shot picker after this frame's events (see :meth:`update`)."""
        self.opening_shot = True

    def flipping_unseen(self) -> bool:
        """True while a person flips with nobody's cards face up (several people at the screen)."""
        return self.view.phase.id == Phase.FLIP and self._flipper() is not None and self.viewer is None

    def show_my_cards(self) -> None:
        """The pass screen for the person flipping, to look at their cards."""
        flipper = self._flipper()
        if flipper is not None:
            self.pass_to(flipper)

    # -- the hover preview -------------------------------------------------------------------------------
    def hovered_line(self) -> str | None:
        """The row or column whose number the mouse is over (for the viewer's preview)."""
        if self.viewer is None or not self.grid_cards() or self.passing:
            return None
        return self.grid_view.line_at(self.mouse)

    def preview(self, line: str) -> Any:
        """The viewer's best hand with ``line`` from what they can see (cached per moment)."""
        view, seat = self.view, self.viewer
        assert seat is not None, "only the viewer's hovered line is previewed"
        key = (seat, line, view.round, self.parts(view).face_up_count, len(view.seats[seat].hand))
        if key not in self._preview_cache:
            if len(self._preview_cache) > 200:
                self._preview_cache.clear()
            self._preview_cache[key] = line_preview(view, self.deck, self.match.settings.order, line)
        return self._preview_cache[key]

    def best_now(self) -> tuple[Any, str] | None:
        """The viewer's best hand over every line from what they can see now, and its line
        (the first line of equals), or None while no line shows enough cards."""
        if self.viewer is None or not self.grid_cards() or not self.view.seats[self.viewer].hand:
            return None
        found = [(preview[0], line) for line in LINES if (preview := self.preview(line)) is not None]
        return max(found, key=lambda hand_line: hand_line[0].key) if found else None

    # -- drawing ---------------------------------------------------------------------------------------------
    def draw_game(self, surface: pygame.Surface) -> None:
        """The grid, the showdown's lines, the seats, the middle line, the bar, then a
        hovered line's preview or a hovered card large."""
        view = self.viewer_view()
        grid_cards, parts = list(self.grid_cards(view)), self.parts(view)
        self.seat_hands = {}
        self.hand_line: str | None = None
        hover_line = self.hovered_line()
        hover_cell = None
        if self._person_flipping() and (self.viewer is None or view.to_act == self.viewer):
            cell = self.grid_view.cell_at(self.mouse)
            hover_cell = cell if cell is not None and cell < len(grid_cards) and grid_cards[cell] is None else None
            if cell is None and self.key_cell is not None and self.key_cell < len(grid_cards):
                hover_cell = self.key_cell  # (the arrows' ring, where the pointer is off the grid)
        self.grid_view.draw(surface, grid_cards, hover_cell=hover_cell, last_flipped=parts.last_flipped,
                            lit_line=hover_line)
        grid = self.grid_view
        self.note_box("grid", grid.rect)
        if grid.row_labels:
            self.note_box("grid numbers:rows", grid.row_labels[0].unionall(grid.row_labels[1:]))
            self.note_box("grid numbers:columns", grid.column_labels[0].unionall(grid.column_labels[1:]))
        self._draw_showdown_lines(surface, view)
        for seat in range(self.seat_count):
            self._draw_seat(surface, view, seat)
        self._draw_middle(surface, view)
        self.draw_bar(surface, view)
        if hover_line is not None:
            self._draw_preview(surface, view, hover_line)
        else:
            self._draw_magnified(surface, view)
        title = f"Flame Sword   ·   hand {max(1, view.round)}"
        phase = view.phase.id
        if phase == Phase.BET and view.betting_round is not None:
            title += f"   ·   betting {BETTING_ROUND_NAMES[view.betting_round]}"
        elif phase == Phase.FLIP:
            title += f"   ·   {'the flop' if parts.flip_target == 60 else 'the turn'}"
        elif phase == Phase.CALL:
            title += "   ·   Called Shots"
        # the seats sit lower; the title stops short of the grid's row numbers
        self.draw_title(surface, title, top=10, room=self.grid_view.rect.x - self.felt.x - self.app.px(60))
        if hover_line is None:  # (a line's preview lies over the felt)
            self.draw_bets(surface, view)

    def middle_line_bottom(self) -> int:
        """Where the middle line under the grid (pots, cards face up, the stock) ends."""
        px = self.app.px
        return self.grid_view.rect.bottom + px(5) + self.app.fonts.size_of("Ag", px(15), True)[1] + px(2)

    def _draw_middle(self, surface: pygame.Surface, view: SeatView) -> None:
        px, fonts = self.app.px, self.app.fonts
        grid = self.grid_view.rect
        parts = []
        if view.pot_total:
            parts.append("   ".join(pot_words(view)))
        if self.grid_cards(view):
            parts.append(f"face up {self.parts(view).face_up_count}/100")
        parts.append(f"stock {self.pile_size(view, 'deck'):,}")
        room = self.grid_box().width + px(30)  # between the side seats' places
        tries = [("   ·   ".join(parts), px(15)), ("  ·  ".join(parts), px(13)),
                 ("  ·  ".join(p for p in parts if not p.startswith("face up")), px(13))]
        line, size = next(((t, n) for t, n in tries if fonts.size_of(t, n, True)[0] <= room), tries[-1])
        img = fonts.render(fit_text(fonts, line, size, room, bold=True), size, THEME.highlight, bold=True)
        rect = img.get_rect(midtop=(grid.centerx, grid.bottom + px(5)))
        pygame.draw.rect(surface, THEME.felt_dark, self.note_box("pots", rect.inflate(px(12), px(4))),
                         border_radius=px(8))
        surface.blit(img, rect)

    def _main_pot(self, view: SeatView) -> tuple[PotResult | None, tuple[str, int]]:
        """The showdown's main pot and what decided it (``(words, layer)``)."""
        results, decided = view.showdown, self.parts(view).decided
        if results is None or not results.pots:
            return None, ("", -1)
        return results.pots[0], decided[0] if decided else ("", -1)

    def _draw_showdown_lines(self, surface: pygame.Surface, view: SeatView) -> None:
        results, grid = view.showdown, list(self.grid_cards(view))
        if results is None or view.phase.id not in (Phase.REVEAL, Phase.GAME_OVER) or not grid:
            return
        lines = dict(self.parts(view).lines)
        winners = {w for p in results.pots[:1] for w in p.winners}
        for order, hand in enumerate(sorted(results.hands, key=lambda h: h.seat)):
            seat = hand.seat
            colour = LINE_COLOURS[seat % len(LINE_COLOURS)]
            width = self.app.px(4) if seat in winners else self.app.px(2)
            self.grid_view.outline_line(surface, lines[seat], colour, width, inset=order * 2)
            if seat in winners or seat == self.viewer:  # (the viewer's own too: why they lost shows)
                self.grid_view.mark_cards(surface, grid, set(hand.cards), colour, line=lines[seat])

    def winning_cards(self, view: SeatView) -> list[tuple[set[int], tuple[int, int, int]]]:
        """The winners' counted hole cards and the viewer's (their grid cards are framed on
        the grid), ringed in the colour of their line."""
        results = view.showdown
        if results is None:
            return []
        winners = {w for p in results.pots[:1] for w in p.winners}
        return [(set(hand.cards), LINE_COLOURS[hand.seat % len(LINE_COLOURS)])
                for hand in results.hands if hand.seat in winners or hand.seat == self.viewer]

    def _plate_lines(self, view: SeatView, seat: int) -> list[str]:
        info, phase, parts = view.seats[seat], view.phase.id, self.parts(view)
        stack, bet = info.stack or 0, info.bet
        lines = [f"chips {stack:,}" + (f"  ·  bet {bet:,}" if bet else "")]
        blinds = dict(parts.blinds)
        posted = [name for role, name in (("small", "small"), ("big", "big"),
                                           ("extra", "winner's" if view.round > 1 else "dealer's"))
                  if blinds.get(role) == seat]
        roles = [" + ".join(posted) + " blind"] if posted else []
        status = ""
        if info.status == OUT:
            status = "out of chips"
        elif phase != Phase.START and not info.in_hand and view.round:
            status = "folded"
        elif info.in_hand and stack == 0 and phase not in (Phase.REVEAL, Phase.GAME_OVER):
            status = "all-in"
        if phase not in (Phase.REVEAL, Phase.GAME_OVER) and (roles or status):
            lines.append(", ".join(roles + ([status] if status else [])))
        results = view.showdown
        if results is not None and phase in (Phase.REVEAL, Phase.GAME_OVER):
            hand = results.hand(seat)
            won = results.won(seat)
            if hand is not None:
                lines.append(hand.label)
                lines.append(dict(parts.lines).get(seat, "") + (f"   ·   won {won:,}" if won else ""))
                main, decided = self._main_pot(view)
                if main is not None and seat in main.winners and decision_text(decided):
                    # short, so a plate shows it whole: the bar says it in full
                    words, layer = decided
                    lines.append(words if layer in (0, 6) else f"{words} (tie-break {layer})")
            elif won:
                lines.append(f"wins {won}")
            elif status:
                lines.append(status)
        return lines

    def _draw_seat(self, surface: pygame.Surface, view: SeatView, seat: int) -> None:
        area = self.seat_areas.get(seat)
        if area is None:
            return
        px = self.app.px
        lines = self._plate_lines(view, seat)  # the plate cuts a long line with an ellipsis
        info, parts = view.seats[seat], self.parts(view)
        cards = list(info.hand)
        own = area is self.bottom_area
        compact = self.compact_plates()
        while len(lines) > 1 and plate_height(px, len(lines), compact) > area.height:
            lines = [*lines[:-2], f"{lines[-2]} · {lines[-1]}"]  # a short place: fewer, longer lines
        plate_w = self.plate_width()
        if own:
            at = (area.x + plate_w // 2, area.centery)
        else:
            at = (area.x + plate_w // 2, area.y + plate_height(px, len(lines), compact) // 2)
        plate = self.seat_plate(surface, seat, lines, dealer=info.dealer,
                                acting=view.to_act == seat, dim=info.status == OUT, at=at)
        below_plate = plate.bottom  # (the Underdog's tag hangs below the plate's edge: cards go under it)
        if parts.underdog == seat and view.phase.id != Phase.START:
            tag = self._tag(surface, plate, "UNDERDOG", THEME.error)
            self.extend_box(f"plate:{seat}", tag)
            below_plate = tag.bottom - px(4)
        results = view.showdown
        if results is not None and results.hand(seat) is not None and view.phase.id in (Phase.REVEAL,
                                                                                         Phase.GAME_OVER):
            colour = LINE_COLOURS[seat % len(LINE_COLOURS)]
            pygame.draw.rect(surface, colour, plate.inflate(4, 4), 2, border_radius=px(11))
        called = list(parts.called[seat] or [])
        if own:
            x = plate.right + px(14)
            width = self.own_card_width if any(c is not None for c in cards) else max(24, self.own_card_width // 2)
            step = width + px(6) if cards and cards[0] is not None else int(width * 0.5)
            # under the grid's middle line: on a small felt the grid at its least size pushes it down here
            top = min(max(area.y + px(8), self.middle_line_bottom() + px(4)), area.bottom - round(width * 1.4))
            rects = [self.card(surface, self.deck, card, card is not None, width, (x + i * step, top))
                     for i, card in enumerate(cards)]
            if rects:
                self.note_box("hand:own", rects[0].unionall(rects[1:]))
            x += step * max(len(cards) - 1, 0) + width + px(18) if cards else 0
            best = self.best_now() if view.phase.id in (Phase.BET, Phase.FLIP, Phase.CALL) else None
            if best is not None:
                hand, line = best
                self.hand_line = f"Your best now: {getattr(hand, 'label', '') or hand.kind} ({line})"
                tall = self.app.fonts.size_of(self.hand_line, px(14), True)[1] + px(4)
                middle, over = top + round(width * 0.7) + tall // 2, (plate.right + px(14) + x - px(18)) // 2
                if top - px(4) - tall >= self.middle_line_bottom():  # over the cards
                    self.draw_hand_line(surface, self.hand_line, (over, top - px(4)))
                else:  # no room over them: beside them, before the Called Shot, on the felt
                    room = pygame.Rect(x, self.felt.y, self.felt.right - x, self.felt.height) \
                        if self.felt.right - x > px(80) else None
                    kind = getattr(hand, 'label', '') or hand.kind
                    said = next((t for t in (self.hand_line, f"Best: {kind} ({line})", f"Best: {kind}")
                                  if room is None or self.app.fonts.size_of(t, px(14), True)[0] + px(12) <= room.width),
                                 f"Best: {kind}")  # (shorter where a large scale leaves less room; speech says it all)
                    line_w = self.app.fonts.size_of(said, px(14), True)[0] + px(12)
                    drawn = self.draw_hand_line(surface, said, (x + line_w // 2, middle), within=room)
                    x = drawn.right + px(6) + px(12)
            if called:
                self._draw_called(surface, seat, called, (max(x, plate.right + px(14)), top),
                                  area.right - max(x, plate.right + px(14)))
            return
        room = area.bottom - below_plate - px(8)
        if called:
            room -= px(14) + round(22 * 1.4)
        y = below_plate + px(6)
        if cards:
            shown = cards[0] is not None
            # revealed cards as large as the seat's place allows, below the plate or beside it
            below = max(18, min(px(56) if shown else 34, int(room / 1.4)))
            spare = area.right - plate.right - px(10)
            stretch = 0.8 if shown else 0.45
            beside = min(int(plate.height / 1.4), int(spare / (1 + stretch * (len(cards) - 1))))
            width = below if shown else max(20, below * 3 // 4)
            width = max(14, min(width, int(area.width / (1 + stretch * (len(cards) - 1)))))  # the fan in its place
            at = (area.x, min(y, area.bottom - round(width * 1.4)))  # in its own place, not the next seat's
            if (shown and beside > below) or (at[1] < y and beside >= 14):  # no room below: beside the plate
                width, at = beside, (plate.right + px(8), plate.y)
            elif at[1] < y:  # no room anywhere: the plate stands for the cards (hover it to see them large)
                if shown:
                    self.seat_hands[seat] = (plate, [c for c in cards if c is not None])
                cards = []
            step = int(width * stretch)
            rects = [self.card(surface, self.deck, card, card is not None, width, (at[0] + i * step, at[1]))
                     for i, card in enumerate(cards)]
            if rects:
                self.note_box(f"hand:{seat}", rects[0].unionall(rects[1:]))
            if shown and rects:
                self.seat_hands[seat] = (plate.unionall(rects), [c for c in cards if c is not None])
            if at[0] == area.x:  # below the plate: the Called Shot goes under the cards
                y = at[1] + round(width * 1.4) + px(4)
            hand = rects[0].unionall(rects[1:]) if rects else None
        else:
            hand = None
        if called:
            self._place_called(surface, seat, called, plate, area, y, hand)

    def _place_called(self, surface: pygame.Surface, seat: int, called: list[int], plate: pygame.Rect,
                      area: pygame.Rect, y: int, hand: pygame.Rect | None) -> None:
        """Another seat's Called Shot in its own place: under its cards, else beside its
        plate; with room for neither, a SHOT tag on the plate (hover shows the ten cards)."""
        px = self.app.px
        tall = self.app.fonts.size_of("Called Shot", px(12), True)[1] + round(22 * 1.4)
        if y + tall <= area.bottom:
            self._draw_called(surface, seat, called, (area.x, y), area.width)
            return
        beside = pygame.Rect(plate.right + px(8), plate.y, area.right - plate.right - px(8), tall)
        if beside.width >= px(80) and beside.bottom <= area.bottom and (hand is None or not hand.colliderect(beside)):
            self._draw_called(surface, seat, called, beside.topleft, beside.width)
            return
        self.note_small_cards(("called", seat), plate, called, 22)
        img = self.app.fonts.render("SHOT", px(11), (20, 20, 20), bold=True)
        tag = img.get_rect(x=plate.x + px(12), top=plate.bottom - px(2)).inflate(px(8), px(2))  # clear of its text
        if tag.collidelist(self.plate_neighbours(seat) + ([hand] if hand else [])) < 0:
            pygame.draw.rect(surface, THEME.accent, tag, border_radius=px(6))
            surface.blit(img, img.get_rect(center=tag.center))
            self.extend_box(f"plate:{seat}", tag)

    def _draw_called(self, surface: pygame.Surface, seat: int, called: list[int], at: tuple[int, int],
                     room: int) -> None:
        """The ten named cards of a Called Shot, face up in a row (they are public; small,
        so they show large under the mouse)."""
        px = self.app.px
        label = self.app.fonts.render("Called Shot", px(12), THEME.accent, bold=True)
        surface.blit(label, at)
        width = 22 if room < px(200) else 26
        step = max(6, min(width + 2, (room - width) // 9)) if room > width else 6
        row = label.get_rect(topleft=at)
        for i, card in enumerate(called):
            surf = self.faces.get(self.deck, card, True, width, force=True)
            row.union_ip(surface.blit(surf, (at[0] + i * step, at[1] + label.get_height())))
        self.note_box(f"called:{seat}", row)
        self.note_small_cards(("called", seat), row, called, width)

    def _tag(self, surface: pygame.Surface, plate: pygame.Rect, text: str, colour) -> pygame.Rect:
        px = self.app.px
        img = self.app.fonts.render(text, px(11), (20, 20, 20), bold=True)
        # On the plate's bottom edge: inside the plate it covered the seat's name.
        rect = img.get_rect(right=plate.right - px(12), centery=plate.bottom)
        pygame.draw.rect(surface, colour, rect.inflate(px(8), px(2)), border_radius=px(6))
        surface.blit(img, rect)
        return rect.inflate(px(8), px(2))

    def _draw_preview(self, surface: pygame.Surface, view: SeatView, line: str) -> None:
        px, fonts = self.app.px, self.app.fonts
        assert self.viewer is not None, "only the viewer's hovered line is previewed"
        grid = list(self.grid_cards(view))
        self.grid_view.outline_line(surface, line, THEME.focus, px(3))
        preview = self.preview(line)
        seen = sum(1 for c in line_cells_of(line) if grid[c] is not None)
        title = f"{line.capitalize()}: your {len(view.seats[self.viewer].hand)} hole cards + {seen} face up"
        if preview is None:
            body = "fewer than ten cards seen: no hand yet"
        else:
            hand, cards = preview
            body = getattr(hand, "label", "") or hand.kind
            self.grid_view.mark_cards(surface, grid, set(cards), THEME.focus)
        lines = [fonts.render(title, px(14), THEME.text_dim), fonts.render(body, px(17), THEME.highlight, bold=True)]
        width = max(img.get_width() for img in lines) + px(20)
        height = sum(img.get_height() for img in lines) + px(16)
        box = pygame.Rect(self.mouse[0] + px(16), self.mouse[1] + px(16), width, height)
        box.clamp_ip(self.felt)
        pygame.draw.rect(surface, THEME.panel, box, border_radius=px(8))
        pygame.draw.rect(surface, THEME.focus, box, 1, border_radius=px(8))
        y = box.y + px(8)
        for img in lines:
            surface.blit(img, (box.x + px(10), y))
            y += img.get_height()

    def _draw_magnified(self, surface: pygame.Surface, view: SeatView) -> None:
        """A face-up grid card under the mouse drawn large beside the grid (a seat's shown
        cards under the mouse are drawn large by the shared table, :meth:`draw_hover`)."""
        grid = self.grid_cards(view)
        if self.passing or not grid:
            return
        px = self.app.px
        cell = self.grid_view.cell_at(self.mouse)
        card = grid[cell] if cell is not None and cell < len(grid) else None
        if cell is not None and card is not None:
            face = self.faces.get(self.deck, card, True, px(110), force=True)
            rect = face.get_rect(midleft=(self.grid_view.rect.right + px(16), self.grid_view.cells[cell].centery))
            if rect.right > self.felt.right - px(10):
                rect.midright = (self.grid_view.rect.x - px(30), rect.centery)
            self._show_large(surface, [face], rect)

    def rank_name(self, order: int) -> str:
        """A rank's name from its place in the deck's rank order (0 ... Infinity)."""
        names = self.__dict__.get("_rank_names")
        if names is None:
            names = self.__dict__["_rank_names"] = {card.rank_order: card.rank for card in self.deck.cards}
        return str(names.get(order, order))

    def bar_text(self, view: SeatView) -> str | None:
        to_act, names, phase, parts = view.to_act, view.names, view.phase.id, self.parts(view)
        over = phase == Phase.GAME_OVER
        then = self.match_won_text() if over else "Enter: next hand."
        if phase in (Phase.REVEAL, Phase.GAME_OVER) and view.showdown is not None:  # the last hand's too
            results = view.showdown
            gained = gains(names, results, self.result_people(view))
            return f"Hand {view.round}: {result_text(names, results, self.rank_name)} " + \
                (f"{gained} " if gained else "") + then
        if over:
            return then
        if phase == Phase.FLIP and self._person_flipping() and to_act is not None:
            left = (parts.flip_target or 0) - parts.face_up_count
            auto = ("the computer flips for you (U: stop)" if self.auto_flip
                    else "click a face-down grid card to flip it")
            return f"{names[to_act]}: {auto} ({left} to go)"
        if self.calling():
            return CALLED_SHOT_WORDS
        if to_act is not None and to_act != CHANCE:
            return f"{names[to_act]} is {'flipping' if phase == Phase.FLIP else 'thinking'}…"
        return None


def hole_card_width(felt: pygame.Rect, px) -> int:
    """The viewer's hole cards' width: a ninth of the felt's height (they were capped at
    60 px, 6 px corner words, beside empty felt), and narrow enough that an Underdog's
    eight fit in the row beside the plate."""
    by_width = (felt.width - px(270)) // (HOLE_CARDS + UNDERDOG_EXTRA) - px(6)
    return max(36, min(felt.height // 9, by_width))


CALLED_SHOT_WORDS = ("A Called Shot names ten cards before the hole cards are dealt: if you can make a hand "
                     "with all ten of them, it beats every other hand. Called Shot… lets you choose the ten; "
                     "No Called Shot passes.")
"""The bar's words while a person may make a Called Shot: what it is and what the choice does
(the source's rule and its top hand), since nothing else on the table says so."""

TABLE = TableSetup("flame_sword", FlameTableScene, "cardtable.games.flame_sword.ui.hands_page:FlameHandsPage",
                   smoke_text="Flame Sword table, pass screen, grid and help: drawn (hand {state.hand_no})",
                   smoke_stack=1000, smoke_steps=(120,), smoke_turns_help=False, smoke_step_after_help=True,
                   make_bot=make_bot)
"""The table's opening, start, restore and smoke run (:mod:`cardtable.ui.table_setup`)."""

open_game, help_pages, smoke, restore, start_flame_sword = TABLE.functions()
