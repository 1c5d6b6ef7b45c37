"""The poker table every game written in a variant file is played on: Hold'em and Omaha
with their board, Stud with its cards face up, Draw with its draw, Pineapple with its
discard; seats round the felt, the betting bar, the showdown pot by pot.

One scene serves every such game: it finds the game from the variant (``spec.game``, in
the registry) and what little it needs of the game's declared flow (how many cards the
board holds, which hands the showdown values: :mod:`cardtable.yaml_games.tools`), and
draws everything else from the viewer's typed seat view (the table never reads the
state): the board zone, each seat's hand and up cards, the street the hand is at
(:class:`~cardtable.yaml_games.view.FlowParts`), the pots, the betting options, the
showdown. A card the viewer may not see is ``None`` in the view, so it is never drawn
face up here.

A seat's up cards (Stud's) stand higher in its row than its cards dealt face down; the
viewer's own cards dealt face down carry a "down" mark, as only the viewer sees them.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from cardtable.engine.fast_hands import value_of
from cardtable.engine.flow.actions import Discard
from cardtable.engine.view import OUT, SeatView, Showdown, ShownHand
from cardtable.ui.bet_bar import BET_KEYS
from cardtable.ui.result_words import Rule, against, gains
from cardtable.ui.setup_scene import SeatConfig
from cardtable.ui.table_parts import DIGITS, ENTER, KeyBinding, by_number, named, next_round_binding
from cardtable.ui.table_setup import SMOKE_SEATS, TableSetup
from cardtable.ui.text import plural, wrap_font
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import WidgetGroup
from cardtable.variants import VariantSpec
from cardtable.yaml_games.rules import Phase
from cardtable.yaml_games.tools import board_size, showdown_of
from cardtable.yaml_games.ui.hand_cards import LOW_RING, best_cards, hand_words
from cardtable.yaml_games.ui.result import low_rule, own_rule, poker_rule
from cardtable.yaml_games.ui.seat_cards import DRAWING, RISE, SeatCards
from cardtable.yaml_games.view import FlowParts

__all__ = ["open_game", "help_pages", "smoke", "start_match", "restore", "PokerTableScene", "DeclaredTables",
           "TABLE", "KEY_WORDS"]

KEY_WORDS = ("the kind of hand", "the top rank", "the second rank", "the third rank", "the fourth rank",
             "the last kicker")
"""What a poker hand's key compares at each place, for the showdown's reason."""

OWN_KEY_WORDS = ("the kind of hand", "a tie-break")
"""The same for a game's own evaluator (its key's places are its own)."""

HELP_PAGE = "cardtable.yaml_games.ui.hands_page:HandsPage"
"""The help overlay's page after the rules: the poker hands (and the lows, where a pot splits)."""

def _game(game_id: str) -> Any:
    """The registry's entry for ``game_id``."""
    from cardtable import games
    return games.get(game_id)


class PokerTableScene(SeatCards):
    """One match of a game written in a variant file, on one screen."""

    KEYS = (
        next_round_binding("next hand (after the showdown)"),
        KeyBinding(DIGITS, "1-9", "choose a card to discard (again: put it back)", "key_pick", "drawing", True),
        KeyBinding(ENTER + (pygame.K_SPACE, pygame.K_d), "Enter / Space / D",
                   "discard the chosen cards (in a draw: and draw as many; none chosen: stand pat)", "discard",
                   "drawing"),
    )
    BET_KEYS = BET_KEYS

    def __init__(self, app, variant: VariantSpec, state: Any, seats: list[SeatConfig], bots) -> None:
        game = _game(variant.game)
        self.game_name: str = game.name
        self.showdown_step = showdown_of(game)
        self.board_slots: int = board_size(game)
        self.selected: list[int] = []
        self.hand_rects: dict[int, pygame.Rect] = {}
        self.pot_line = ""                  # the pots as the centre shows them
        self.result_lines: list[str] = []   # each pot's winners and hands, as the centre shows them
        self.results_whole = True           # the centre's results say the hands beaten and the rules too
        self.hand_line: str | None = None   # "Your hand: ..." over the viewer's cards
        super().__init__(app, variant, state, seats, bots)

    # -- what the view says ---------------------------------------------------------------------
    def parts(self, view: SeatView | None = None) -> FlowParts:
        """The declared games' own part of the viewer's view (or of ``view``)."""
        return (view or self.view).extra_as(FlowParts)

    def board(self, view: SeatView) -> list[int]:
        """The board's cards, in the order they were turned."""
        zone = view.zone("board")
        return [c for c in zone.cards if c is not None] if zone is not None else []

    def waits_for_next_round(self) -> bool:
        """Between hands the people press Next hand."""
        return self.view.phase.id == Phase.REVEAL

    # -- geometry ---------------------------------------------------------------------------------
    def card_width(self, big: bool = False) -> int:
        """Card width for the board and the viewer's hand (big) and for the other seats."""
        return max(40, int(self.felt.height / 6.0 * (0.9 if big else 0.5)))

    def own_card_width(self, count: int) -> int:
        """The viewer's cards' width: big, narrower where ``count`` cards and the plate
        beside them would not fit across the felt (Stud's seven)."""
        px = self.app.px
        room = self.felt.width - 2 * px(22) - self.plate_width() - px(12)
        gap = self.own_gap(count)
        width = self.card_width(big=True)
        if self.parts().has_up:
            width = int(width * (1 - RISE))  # the up cards stand higher: the hand keeps to its band
        return max(24, min(width, (room - (count - 1) * gap) // max(count, 1)))

    def own_gap(self, count: int) -> int:
        """The gap between the viewer's cards (closer when they are many)."""
        return self.app.px(12 if count <= 5 else 6)

    def vanished_to(self, card: int) -> tuple[float, float] | None:
        """Discarded and folded cards fly to the discard pile (a card leaves the table
        there only while the pile holds cards: a new hand empties it)."""
        return self.discard_rect.topleft if self.pile_size(self.view, "discard") else None

    # -- controls ---------------------------------------------------------------------------------
    NEXT_LABEL = "Next hand"

    def build_controls(self, group: WidgetGroup) -> None:
        """The betting bar, or the Discard / Stand pat button, on the viewer's turn."""
        phase = self.view.phase.id
        if self.mine() and phase == Phase.BET:
            self.open_bet_bar()
        elif self.drawing():
            self.selected = [c for c in self.selected if c in self.own_hand()]
            parts = self.parts()
            need, chosen = parts.draw_limit or 0, len(self.selected)
            if parts.draw_exact:
                ready = chosen == need
                label = f"Discard {need}" if ready else f"Choose {need - chosen} more"
                button = self.bar_button(group, label, self.discard, "Enter")
                if not ready:
                    button.disabled_reason = f"Choose exactly {plural(need, 'card')} to discard"
            else:
                self.bar_button(group, f"Discard {chosen}" if chosen else "Stand pat", self.discard, "Enter")
        else:
            self.selected = []

    def discard(self) -> None:
        """Discard the chosen cards (in a draw, none chosen stands pat); a discard of a set
        number waits for exactly that many."""
        parts = self.parts()
        need = parts.draw_limit or 0
        if parts.draw_exact and len(self.selected) != need:
            self.app.toast(f"Choose exactly {plural(need, 'card')} to discard ({len(self.selected)} chosen)")
            return
        kind = next((type(a) for a in self.view.legal if isinstance(a, Discard)), Discard)
        if self.act_mine(kind, cards=tuple(self.selected)):
            self.selected = []

    def toggle(self, card: int) -> None:
        """Choose or un-choose a hand card to discard."""
        parts = self.parts()
        limit = parts.draw_limit or 0
        if card in self.selected:
            self.selected.remove(card)
        elif len(self.selected) < limit:
            self.selected.append(card)
        elif parts.draw_exact:
            self.app.toast(f"You discard exactly {plural(limit, 'card')}: click a chosen card to put it back")
        else:
            self.app.toast(f"You may discard at most {plural(limit, 'card')}")
        self.after_action()

    def next_round(self) -> None:
        """Start the next hand with nothing picked."""
        self.selected = []
        super().next_round()

    # -- events -----------------------------------------------------------------------------------
    def drawing(self) -> bool:
        """True on the viewer's own turn to discard (a draw, or a discard of a set number)."""
        return self.mine() and self.view.phase.id in DRAWING

    def handle_pointer(self, event: pygame.event.Event) -> bool:
        """A click on a hand card chooses it (or puts it back) in the draw or discard."""
        return self.drawing() and self.click_card(event, self.hand_rects, self.toggle)

    def key_pick(self, event: pygame.event.Event) -> bool:
        """1-9: choose the card in that place to discard."""
        return by_number(event, self.own_hand(), self.toggle)

    # -- hands in words ------------------------------------------------------------------------------
    def hand_words(self, cards: Sequence[int], board: Sequence[int]) -> tuple[str | None, str | None]:
        """The high hand and the low (None: none yet, or no low) ``cards`` make with the
        board under the showdown's evaluators, once there are enough cards to make one."""
        return hand_words(self.deck, self.showdown_step.high, self.showdown_step.low, tuple(cards), tuple(board))

    def winning_cards(self, view: SeatView) -> list[tuple[set[int], tuple[int, int, int]]]:
        """The cards each pot's winners made their hand of: the high hands' (with the high
        evaluator) ringed gold, the lows' (with the low) blue; their hole cards and the board's."""
        results = view.showdown
        if results is None:
            return []
        key = (results.round, tuple((p.name, p.winners) for p in results.pots))
        cached = self.__dict__.get("_winning_cards")
        if cached is not None and cached[0] == key:
            return list(cached[1])
        board = tuple(self.board(view))
        high, low = set[int](), set[int]()
        for pot in results.pots:
            is_low = pot.name.endswith("(low)")
            name = self.showdown_step.low if is_low else self.showdown_step.high
            for seat in pot.winners:
                shown = results.hand(seat)
                if shown is not None and name:
                    (low if is_low else high).update(best_cards(self.deck, name, tuple(shown.cards), board))
        groups = [(high, THEME.highlight), (low, LOW_RING)]
        self.__dict__["_winning_cards"] = (key, groups)
        return list(groups)

    def winning_marks(self) -> tuple[str, ...]:
        """The high half's cards marked H, the low half's L (gold and blue rings besides)."""
        return ("H", "L") if self.showdown_step.low else ()

    def low_label(self, view: SeatView, seat: int) -> str | None:
        """The low ``seat`` showed at the showdown (worked out from its cards and the board)."""
        results = view.showdown
        shown = results.hand(seat) if results is not None else None
        if shown is None or not self.showdown_step.low:
            return None
        return self.hand_words(shown.cards, self.board(view))[1]

    # -- drawing ------------------------------------------------------------------------------------
    def title(self, view: SeatView) -> str:
        """The game, the hand and the street."""
        title = f"{self.game_name}   ·   hand {max(1, view.round)}"
        phase, street = view.phase.id, self.parts(view).street
        if phase in (Phase.BET, *DRAWING) and street:
            title += f"   ·   {street}"
        elif phase == Phase.RESHUFFLE:
            title += "   ·   the draw"
        elif phase == Phase.REVEAL:
            title += "   ·   showdown"
        return title

    def draw_centre(self, surface: pygame.Surface, view: SeatView) -> None:
        """The street's line, the stock, the board (its cards to come as outlines) and the
        discards in a row; under it the pots, or after a hand each pot's winners."""
        px = self.app.px
        mid = self.middle
        results = view.showdown if view.phase.id in (Phase.REVEAL, Phase.GAME_OVER) else None
        self.result_lines = self.results_words(view, results) if results is not None else []
        self.pot_line = ""
        below = px(54)  # the piles' captions, then the pot line
        fitted: tuple[int, list[str]] | None = None
        area = self.middle
        for _ in range(3):  # the results want room: the row first goes up, then gets smaller
            row = self._centre_row(view, below, up_top=bool(self.result_lines))
            if not self.result_lines:
                break
            fitted, area = self._place_results(view, results, row.captions)
            if fitted is not None:
                break
            below += mid.height // 4
        compact = bool(self.board_slots) and not self.result_lines and row.width < self.card_width()
        if compact:  # a board smaller than the seats' cards: it takes the street line's room
            row = self._centre_row(view, below, up_top=False, compact=True)
        self._draw_row(surface, view, row, counts=not compact)
        if compact:
            self._street_line(surface, view, (mid.centerx, row.top + int(row.width * 1.4) + px(26)))
        else:
            self._street_line(surface, view, (mid.centerx, row.top - px(8)))
        if self.result_lines:
            self._draw_results(surface, fitted, area)
        else:
            self.pot_line = self.draw_pot_line(surface, view, (mid.centerx, row.captions + px(30)))

    def _centre_row(self, view: SeatView, below: int, *, up_top: bool, compact: bool = False) -> _Row:
        """Where the middle's row goes: the board with the stock left of it and the discards
        right (just the board, when their captions would not fit beside it; their counts
        then say so on one line), or the two piles. ``below``: the room left under the
        cards; ``up_top``: the row at the top of the middle, not in its middle; ``compact``:
        the board alone, with no room kept over it (the street line goes under it)."""
        px, fonts = self.app.px, self.app.fonts
        mid = self.middle
        stock, discards = self.pile_size(view, "deck"), self.pile_size(view, "discard")
        words = (f"stock {stock}", f"discards {discards}")
        half = [fonts.size_of(w, px(13))[0] // 2 + px(6) for w in words]  # a caption's half, with its pill
        slots, gap, above = self.board_slots, px(8), px(4 if compact else 30)
        if slots:
            beside = 0 if compact else 2  # the piles' places
            cw, top = self.middle_row(slots + beside, int(self.card_width(big=True) * 0.85), gap=gap, above=above,
                                      below=below, spare=beside * px(16))
            pile = max(20, int(cw * 0.75))
            length = slots * (cw + gap) - gap
            piles_fit = not compact and length + 2 * (gap + px(16) + pile // 2 + max(half)) <= mid.width
            if not piles_fit:
                cw, top = self.middle_row(slots, int(self.card_width(big=True) * 0.85), gap=gap, above=above,
                                          below=below)
                length = slots * (cw + gap) - gap
            left = mid.centerx - length // 2
            ch, ph = int(cw * 1.4), int(pile * 1.4)
            deck = pygame.Rect(left - pile - gap - px(16), top + ch - ph, pile, ph)
            discard = pygame.Rect(left + length + gap + px(16), top + ch - ph, pile, ph)
            if not piles_fit:  # not drawn: where a card leaves for, or comes from
                deck, discard = pygame.Rect(left, top, cw, ch), pygame.Rect(left + length - cw, top, cw, ch)
        else:
            cw, top = self.middle_row(2, self.card_width() + px(10), gap=px(40), above=above, below=below)
            pile, ch, left, length = cw, int(cw * 1.4), 0, 0
            apart = max(cw + px(40), half[0] + half[1] + px(4))  # the piles' centres, far enough for the captions
            piles_fit = apart + max(half) * 2 <= mid.width
            apart = apart if piles_fit else cw + px(40)
            deck = pygame.Rect(0, top, cw, ch)
            deck.centerx = mid.centerx - apart // 2
            discard = pygame.Rect(0, top, cw, ch)
            discard.centerx = mid.centerx + apart // 2
            if not piles_fit:
                deck.centerx = mid.centerx
        if up_top:
            shift = top - (mid.y + above)
            top -= shift
            deck.y -= shift
            discard.y -= shift
        return _Row(cw, top, left, length, pile, deck, discard, piles_fit, top + ch + px(24))

    def _draw_row(self, surface: pygame.Surface, view: SeatView, row: _Row, *, counts: bool = True) -> None:
        """The middle's row as :meth:`_centre_row` placed it (``counts``: the piles' counts
        under it when the piles are not drawn)."""
        px = self.app.px
        self.deck_rect, self.discard_rect = row.deck, row.discard
        stock, discards = self.pile_size(view, "deck"), self.pile_size(view, "discard")
        if row.piles or not self.board_slots:
            if stock:
                surface.blit(self.faces.back(self.deck, row.pile), row.deck)
            else:
                pygame.draw.rect(surface, THEME.felt_dark, row.deck, 2, border_radius=px(8))
            self.note_box("stock", row.deck)
        if row.piles:
            pygame.draw.rect(surface, THEME.felt_dark, row.discard, 2, border_radius=px(8))
            if discards:
                surface.blit(self.faces.back(self.deck, row.pile), row.discard)
            self.caption(surface, row.deck, f"stock {stock}")
            self.caption(surface, self.note_box("discards", row.discard), f"discards {discards}")
        if self.board_slots:
            ch = int(row.width * 1.4)
            gap = px(8)
            board = self.board(view)
            for i in range(self.board_slots):
                at = (row.left + i * (row.width + gap), row.top)
                if i < len(board):
                    self.card(surface, self.deck, board[i], True, row.width, at, origin=self.deck_rect.topleft)
                else:
                    pygame.draw.rect(surface, THEME.felt_dark, (*at, row.width, ch), 2, border_radius=px(8))
            self.note_box("board", pygame.Rect(row.left, row.top, row.length, ch))
            self.note_small_cards("board", pygame.Rect(row.left, row.top, row.length, ch), board, row.width)
            under = pygame.Rect(row.left, row.top, row.length, ch)
        else:
            under = row.deck
        if not row.piles and counts:  # the counts on one line under the board (or the stock)
            self.caption(surface, under, f"stock {stock}  ·  discards {discards}")

    def results_bottom(self) -> int:
        """How far down the results may reach: to the viewer's cards (no "Your hand" line
        shows after a hand), else the middle's foot."""
        if self.viewer is None:
            return self.middle.bottom
        cards = len(self.view.seats[self.viewer].hand)
        if not cards:
            return self.middle.bottom
        width = self.own_card_width(cards)
        box = self.own_hand_box(cards, width, gap=self.own_gap(cards))
        rise = int(width * 1.4 * RISE) if self.parts().has_up else 0
        return max(self.middle.bottom, box.y - rise - self.app.px(8))

    def _results_areas(self, captions: int) -> list[pygame.Rect]:
        """Where the results may go, in turn: across the middle from under the row's
        captions down as far as :meth:`results_bottom`; then across the felt under the
        seats at its sides (when there is room under them)."""
        px = self.app.px
        top, bottom = captions + px(4), self.results_bottom()
        areas = [pygame.Rect(self.middle.x, top, self.middle.width, max(0, bottom - top))]
        sides = [slot.rect for slot in self.seat_layout.slots.values() if slot.side in ("left", "right")]
        low = max([top] + [rect.bottom + px(6) for rect in sides])
        felt = self.felt.inflate(-2 * px(24), 0)
        own = self.own_plate_top()
        if bottom - low > 0:
            areas.append(pygame.Rect(felt.x, low, felt.width, min(bottom, own) - low))
        return areas

    def own_plate_top(self) -> int:
        """Where the viewer's plate begins (the felt's foot with nobody at the screen)."""
        if self.viewer is None:
            return self.felt.bottom
        cards = len(self.view.seats[self.viewer].hand) or 2
        box = self.own_hand_box(cards, self.own_card_width(cards), gap=self.own_gap(cards))
        return self.plate_beside(box)[1] - self.app.px(40)

    def _place_results(self, view: SeatView, results: Showdown | None,
                       captions: int) -> tuple[tuple[int, list[str]] | None, pygame.Rect]:
        """The results' size and lines and the area they fit in (None and the middle's
        area when they fit nowhere): each pot told alone, then the pots won alike together."""
        px = self.app.px
        areas = self._results_areas(captions)
        tellings = [self.result_lines]
        if results is not None:
            tellings += [self.results_words(view, results, merged=True),
                         self.results_words(view, results, whole=False),
                         self.results_words(view, results, merged=True, whole=False)]
        for n, lines in enumerate(tellings):
            for area in areas:
                fitted = self._fit_results(lines, area.width - px(16), area.height)
                if fitted is not None:
                    self.result_lines = lines
                    self.results_whole = n < 2
                    return fitted, area
        self.results_whole = True  # they run past the area's foot, whole
        return None, areas[0]

    def _street_line(self, surface: pygame.Surface, view: SeatView, midbottom: tuple[int, int]) -> None:
        """The step the hand is at, in words, over the board ("Betting on the flop")."""
        phase, street = view.phase.id, self.parts(view).street
        if phase == Phase.REVEAL:
            text = "The showdown" if view.showdown is not None and view.showdown.showdown else "The hand is over"
        elif phase in (Phase.BET, *DRAWING) and street:
            text = street[0].upper() + street[1:]
        elif phase == Phase.RESHUFFLE:
            text = "Reshuffling the discards"
        else:
            return
        if not self.banner_fits(text, within=self.middle):
            return
        pill = self.banner(surface, text, midbottom, size=14, within=self.middle, draw=False)
        captions = [box for name, box in self.__dict__.get("_boxes", []) if name.startswith("caption:")]
        if pill.inflate(self.app.px(12), self.app.px(4)).collidelist(captions) >= 0:
            return  # the piles' captions have the place (a small middle): the title line says the step
        self.note_box("street", self.banner(surface, text, midbottom, size=14, colour=THEME.text,
                                            within=self.middle))

    def results_words(self, view: SeatView, results: Showdown, *, merged: bool = False,
                      whole: bool = True) -> list[str]:
        """Each pot as settled: its name and amount, who won it and with what hand, against
        the best hand beaten and what decided ("Main pot (low) 12: Bo with 8-4-3-2-A low,
        against Ann's 8-5-3-2-A low (the lower low wins, ...)"); a hand nobody called: who
        took it. With ``merged``, the pots won by the same seats with the same hands are
        one line; without ``whole``, the hand beaten and the rule are left to the bar (a
        small window)."""
        names = view.names
        if not results.showdown:
            winners = sorted({w for pot in results.pots for w in pot.winners})
            total = sum(pot.amount for pot in results.pots)
            if not winners:
                return []
            return [f"{named(names, winners)} {'takes' if len(winners) == 1 else 'share'} {total:,}: "
                    "everyone else folded"]
        told: dict[tuple[Any, ...], _Told] = {}
        rule, lows = self.high_rule(), self.shown_lows(view)
        for pot in results.pots:
            if not pot.winners:
                continue
            low = pot.name.endswith("(low)")
            labels: list[str] = []
            for seat in pot.winners:
                hand = results.hand(seat)
                label = self.low_label(view, seat) if low else (hand.label if hand is not None else None)
                if label and label not in labels:
                    labels.append(label)
            key = (low, pot.winners, tuple(labels)) if merged else (pot.name,)
            entry = told.setdefault(key, _Told(pot.winners, tuple(labels)))
            if not entry.pots:  # the hand beaten and the rule that decided, as the first pot says
                entry.beaten, entry.why = against(names, results, pot, low_rule if low else rule,
                                                  hands=list(lows.values()) if low else None)
            entry.pots.append(pot.name)
            entry.amount += pot.amount
        out = []
        alone = all(pot.name.startswith("main pot") for pot in results.pots)  # no side pot: "the pot"
        for entry in told.values():
            name = entry.pots[0] if len(entry.pots) == 1 else f"{len(entry.pots)} pots" + _half(entry.pots[0])
            name = name.replace("main pot", "pot") if alone else name
            who = named(names, entry.winners) + (" split it" if len(entry.winners) > 1 else "")
            out.append(f"{name[0].upper()}{name[1:]} {entry.amount:,}: {who}" +
                       (f" with {' and '.join(entry.labels)}" if entry.labels else "") +
                       (f", against {entry.beaten}" if entry.beaten and whole else "") +
                       (f" ({entry.why})" if entry.why and whole else ""))
        return out

    def _fit_results(self, lines: list[str], width: int, height: int) -> tuple[int, list[str]] | None:
        """The results wrapped to ``width`` at the largest of a few sizes whose lines fit
        ``height``; None when they fit at none."""
        px, fonts = self.app.px, self.app.fonts
        for size in (px(15), px(14), px(13), px(12), px(11)):
            font = fonts.font(size)
            wrapped = [part for line in lines for part in wrap_font(line, width, font)]
            if len(wrapped) * (fonts.size_of("Ag", size)[1] + px(2)) + px(8) <= height:
                return size, wrapped
        return None

    def _draw_results(self, surface: pygame.Surface, fitted: tuple[int, list[str]] | None,
                      area: pygame.Rect) -> None:
        """The results' lines on a dark panel at the top of ``area``, wrapped, never cut
        (``fitted``: their size and lines; None: they fit nowhere, and run past the area's
        foot in the smallest type)."""
        px, fonts = self.app.px, self.app.fonts
        if fitted is None:
            font = fonts.font(px(11))
            fitted = px(11), [part for line in self.result_lines for part in wrap_font(line, area.width - px(16),
                                                                                          font)]
        size, lines = fitted
        line_h = fonts.size_of("Ag", size)[1] + px(2)
        width = max(fonts.size_of(line, size)[0] for line in lines)
        panel = pygame.Rect(0, area.y, width + px(16), len(lines) * line_h + px(8))
        panel.centerx = area.centerx
        pygame.draw.rect(surface, (0, 0, 0), panel, border_radius=px(8))
        for n, line in enumerate(lines):
            img = fonts.render(line, size, THEME.highlight)
            surface.blit(img, img.get_rect(midtop=(panel.centerx, panel.y + px(4) + n * line_h)))
        self.note_box("results", panel)

    def _statuses(self, view: SeatView, seat: int) -> list[str]:
        """The plate's second line, in the ways it may be said, longest first: the hand
        shown (the low, for a seat that won only the low half) and what it won, else what
        the seat did."""
        info, results, phase = view.seats[seat], view.showdown, view.phase.id
        shown = results.hand(seat) if results is not None else None
        won = results.won(seat) if results is not None else 0
        if shown is not None and results is not None:
            high, low = shown.label, self.low_label(view, seat)
            short = high.split(",")[0]
            halves = {pot.name.endswith("(low)") for pot in results.pots if seat in pot.winners}
            if halves == {True} and low:
                texts = [low, low.removesuffix(" low"), "low"]
            elif halves == {True, False} and low:
                texts = [f"{high} + {low}", f"{short} + {low}", f"{short} + low", short]
            else:
                texts = [high, short]
            gains = [f"   ·   won {won:,}", f" · won {won:,}"] if won else [""]
            return list(dict.fromkeys([*(text + gain for text in texts for gain in gains),
                                       *([f"won {won:,}"] if won else [])]))
        if won:
            return [f"won {won:,}"]
        if info.status == OUT:
            return ["out of chips"]
        if view.round and phase != Phase.SHUFFLE and not info.in_hand:
            return ["folded"]
        if info.in_hand and info.stack == 0 and phase != Phase.REVEAL:
            return ["all-in"]
        parts = self.parts(view)
        drawn = parts.drawn[seat] if seat < len(parts.drawn) else None
        if drawn is not None and phase in (Phase.BET, *DRAWING, Phase.RESHUFFLE):
            if parts.draw_exact or phase == Phase.DISCARD:
                return [f"discarded {drawn}"]
            return ["stood pat" if drawn == 0 else f"drew {drawn}"]
        return []

    def plate_lines(self, view: SeatView, seat: int) -> list[str]:
        """The plate's lines under the name: the chips and the bet, then the status, each
        said as shortly as it must be for the plate to show them whole: the bet on the
        second line where the first has no room for it; on a compact plate all on one line,
        and after a hand the hand shown may have that line alone."""
        px, fonts = self.app.px, self.app.fonts
        info = view.seats[seat]
        stack, bet = info.stack or 0, info.bet
        statuses = self._statuses(view, seat) or [""]
        compact = self.compact_plates()
        slot = self.slot(seat)
        apart = seat == self.viewer or slot is None or slot.side == "bottom"
        width = self.plate_width() if apart or slot is None else slot.plate.width
        room = width - 2 * px(7 if compact else 10)
        size = px(12) if compact else px(14)
        chips = f"chips {stack:,}"
        choices: list[list[str]] = []
        for status in statuses:
            if bet:
                choices += [[f"{chips}   ·   bet {bet:,}", status], [f"{chips} · bet {bet:,}", status]]
                if not compact or apart:  # the bet moves to the second line
                    choices.append([chips, f"bet {bet:,}" + (f"  ·  {status}" if status else "")])
                else:  # the bet first: where even this is cut, the bet still shows
                    choices += [[f"{stack:,} · bet {bet:,}", status], [f"bet {bet:,} · {stack:,}", status]]
            else:
                choices.append([chips, status])
        if compact and not apart and view.phase.id in (Phase.REVEAL, Phase.GAME_OVER):
            choices += [[status] for status in statuses if status]  # the hand shown says more than the chips
        choices = [[line for line in lines if line] for lines in choices]

        def written(lines: list[str]) -> list[str]:  # as the plate writes them (seat_plate)
            if compact and not apart and len(lines) > 1:
                return ["  ·  ".join(line.replace("   ·   ", " · ") for line in [*lines[1:], lines[0]])]
            return lines

        for lines in choices:
            if all(fonts.size_of(line, size)[0] <= room for line in written(lines)):
                return lines
        return choices[-1]

    def draw_seat(self, surface: pygame.Surface, view: SeatView, seat: int) -> None:
        info = view.seats[seat]
        lines = self.plate_lines(view, seat)
        cards = list(info.hand)
        own = seat == self.viewer
        at = None
        if own:
            count = len(cards) or 2
            width = self.own_card_width(count)
            at = self.plate_beside(self.own_hand_box(count, width, gap=self.own_gap(count)))
        plate = self.seat_plate(surface, seat, lines, dealer=info.dealer,
                                acting=view.to_act == seat, dim=info.status == OUT, at=at)
        results = view.showdown
        if results is not None and view.phase.id in (Phase.REVEAL, Phase.GAME_OVER) and results.won(seat):
            px = self.app.px
            pygame.draw.rect(surface, THEME.highlight, plate, px(2), border_radius=px(8 if self.compact_plates()
                                                                                       else 10))
        if own:
            self._own_cards(surface, view, cards, set(info.up))
        elif cards:
            self._seat_cards(surface, seat, plate, cards, set(info.up))

    def shown_lows(self, view: SeatView) -> dict[int, ShownHand]:
        """Each shown hand's qualifying low (a Hi/Lo game's), from its cards and the board."""
        results, low = view.showdown, self.showdown_step.low
        if results is None or not low:
            return {}
        board, lows = self.board(view), {}
        for hand in results.hands:
            value = value_of(low, hand.cards, board, self.deck)
            if value is not None:
                lows[hand.seat] = ShownHand(seat=hand.seat, key=tuple(value.key), label=value.label)
        return lows

    def high_rule(self) -> Rule:
        """The words of what decided a high pot: poker's, or a game's own evaluator's."""
        standard = all(evaluator.standard for evaluator in self.showdown_step.evaluators())
        return poker_rule if standard else own_rule

    def summary_words(self, view: SeatView, results: Showdown) -> str:
        """The bar's line after a hand: who took how much in all (the pots in the middle
        say with what, against whom and why; where the middle has no room for that, the
        bar says every pot whole) and what the people at the screen gained or lost."""
        won = [(s, results.won(s)) for s in sorted({w for pot in results.pots for w in pot.winners})]
        if len(won) == 1:
            seat = won[0][0]
            hand = results.hand(seat) if results.showdown else None
            halves = {pot.name.endswith("(low)") for pot in results.pots if seat in pot.winners}
            low = self.low_label(view, seat) if True in halves else None
            told = f"{view.names[seat]} wins {plural(won[0][1], 'chip')}" + (
                f" with {hand.label}" if hand is not None and hand.label and False in halves else "") + (
                f"{' and' if False in halves else ' with'} the low, {low}" if low else "")
        elif split_pots := [p for p in results.pots if p.winners and p.name.endswith(("(high)", "(low)"))]:
            told = "; ".join(  # a Hi/Lo pot: who took which half
                f"{named(view.names, p.winners)} {'takes' if len(p.winners) == 1 else 'split'} the "
                f"{'low' if p.name.endswith('(low)') else 'high'} half, {plural(p.amount, 'chip')}" for p in split_pots)
        else:
            each = ", ".join(f"{view.names[s]} {amount:,}" for s, amount in won)
            told = f"{named(view.names, [s for s, _ in won])} take {plural(sum(a for _, a in won), 'chip')} ({each})"
        if not self.results_whole:  # the middle had room only for who won what: the rest is said here
            told = ". ".join(self.results_words(view, results))
        gained = gains(view.names, results, self.result_people(view))
        return f"Hand {results.round}: {told}." + (f" {gained}" if gained else "")

    def bar_text(self, view: SeatView) -> str | None:
        results, over = view.showdown, view.to_act is None
        if results is not None and (over or self.waits_for_next_round()):  # the last hand's too
            then = self.match_won_text() if over \
                else "Press Enter for the next hand."
            return f"{self.summary_words(view, results)} {then}"
        standard = all(evaluator.standard for evaluator in self.showdown_step.evaluators())
        ended = self.round_end_text(view, "Hand", KEY_WORDS if standard else OWN_KEY_WORDS)
        if ended is not None:
            return ended
        if self.drawing():
            parts = self.parts()
            limit = parts.draw_limit or 0
            keys = f"keys 1-{len(self.own_hand())}"
            if parts.draw_exact:
                return f"Click exactly {plural(limit, 'card')} (or press {keys}) to discard, then Discard."
            return f"Click up to {plural(limit, 'card')} (or press {keys}) to discard, then Discard or Stand pat."
        return None


@dataclass(frozen=True)
class _Row:
    """The middle's row as placed: the board's cards' ``width``, the row's ``top``, the
    board's ``left`` end and ``length``; the piles' width and rects (drawn when ``piles``);
    where the captions under the row end."""

    width: int
    top: int
    left: int
    length: int
    pile: int
    deck: pygame.Rect
    discard: pygame.Rect
    piles: bool
    captions: int


@dataclass
class _Told:
    """Pots told in one line of the results: won by ``winners`` with the hands ``labels``,
    against the hand ``beaten``, ``why`` (the rule that decided, or why they split)."""

    winners: tuple[int, ...]
    labels: tuple[str, ...]
    pots: list[str] = field(default_factory=list)
    amount: int = 0
    beaten: str = ""
    why: str = ""


def _half(pot_name: str) -> str:
    """" (high)" or " (low)" as a pot's name ends, else ""."""
    return next((f" {end}" for end in ("(high)", "(low)") if pot_name.endswith(end)), "")


class DeclaredTables:
    """The table's opening, start, restore and smoke run for every game written in a
    variant file: the :class:`~cardtable.ui.table_setup.TableSetup` of the variant's game
    (``spec.game``), made when first asked for."""

    scene = PokerTableScene
    help_page = HELP_PAGE
    smoke_stack = 200
    smoke_names = SMOKE_SEATS

    @staticmethod
    @functools.cache
    def setup(game_id: str) -> TableSetup:
        """The table scaffolding of the declared game ``game_id``."""
        name = _game(game_id).name
        return TableSetup(game_id, PokerTableScene, HELP_PAGE,
                          smoke_text=f"{name} table, pass screen and hands page: drawn (hand {{state.round_no}})",
                          smoke_stack=DeclaredTables.smoke_stack, deck_from_save=True)

    def of(self, spec: VariantSpec) -> TableSetup:
        """The scaffolding of ``spec``'s game."""
        return self.setup(spec.game)

    def open_game(self, app, spec: VariantSpec) -> Any:
        """The setup screen for a match of ``spec`` (see :meth:`TableSetup.open_game`)."""
        return self.of(spec).open_game(app, spec)

    def help_pages(self, app, spec: VariantSpec) -> list:
        """The help overlay's hands page for ``spec``'s game."""
        return self.of(spec).help_pages(app, spec)

    def smoke(self, app, spec: VariantSpec) -> str:
        """The smoke run of ``spec``'s table (:meth:`TableSetup.smoke`)."""
        return self.of(spec).smoke(app, spec)

    def lesson(self, app, spec: VariantSpec) -> Any:
        """The guided first hand of ``spec``'s game (:meth:`TableSetup.lesson`)."""
        return self.of(spec).lesson(app, spec)

    def play_lesson(self, app, spec: VariantSpec, **options: Any) -> Any:
        """The lesson of ``spec``'s game played to its end headless (:meth:`TableSetup.play_lesson`)."""
        return self.of(spec).play_lesson(app, spec, **options)

    def smoke_seats(self, app, spec: VariantSpec, count: int, frames: int = 60) -> Any:
        """A table of ``count`` seats played for a few frames (:meth:`TableSetup.smoke_seats`)."""
        return self.of(spec).smoke_seats(app, spec, count, frames)

    def restore(self, app, spec: VariantSpec, data: Mapping[str, Any]) -> Any:
        """A saved table of ``spec``'s game, opened again (:meth:`TableSetup.restore`)."""
        return self.of(spec).restore(app, spec, data)

    def start(self, app, spec: VariantSpec, seats: list[SeatConfig], stack: int, seed: int | None = None,
              absent_after: float | None = None, turn_seconds: float | None = None) -> Any:
        """A new match of ``spec``'s game at its table (:meth:`TableSetup.start`)."""
        return self.of(spec).start(app, spec, seats, stack, seed=seed, absent_after=absent_after,
                                   turn_seconds=turn_seconds)

    def new_match(self, spec: VariantSpec, seats: list[SeatConfig], stack: int,
                  seed: int | None = None) -> tuple[Any, dict[int, Any]]:
        """The state and bots of a new match of ``spec``'s game (:meth:`TableSetup.new_match`)."""
        return self.of(spec).new_match(spec, seats, stack, seed)

    def bot(self, level: str, rng: random.Random) -> Any:
        """A computer player of ``level``: every declared game has the same one."""
        from cardtable import games
        game = next(g for g in games.games() if g.table == __name__)
        return game.bot(rng, level)

    def functions(self) -> tuple[Any, Any, Any, Any, Any]:
        """The module's ``open_game``, ``help_pages``, ``smoke``, ``restore`` and ``start_match``."""
        return self.open_game, self.help_pages, self.smoke, self.restore, self.start


TABLE = DeclaredTables()
"""The table's opening, start, restore and smoke run, for the variant's game."""

open_game, help_pages, smoke, restore, start_match = TABLE.functions()
