"""The Five-Card Draw table: seats round the felt, the stock and the discards, the
betting bar, discarding by clicking cards, and the showdown.

Everything drawn comes from the viewer's typed seat view (the table never reads the
state), so a card the viewer may not see is never in hand here. Controls are rebuilt
after every action from the view: the betting bar from its ``options``; the draw by
clicking cards (or keys 1-5) and pressing Discard / Stand pat.
"""

from __future__ import annotations

import pygame

from cardtable.engine.view import OUT, SeatView
from cardtable.games.five_card_draw.hands import evaluate
from cardtable.games.five_card_draw.rules import BETTING_ROUND_NAMES, Discard, Phase
from cardtable.games.five_card_draw.state import DrawState
from cardtable.games.five_card_draw.view import DrawParts
from cardtable.ui.bet_bar import BET_KEYS
from cardtable.ui.game_table import GameTableScene
from cardtable.ui.setup_scene import SeatConfig
from cardtable.ui.table_parts import DIGITS, ENTER, KeyBinding, by_number, next_round_binding
from cardtable.ui.table_setup import TableSetup
from cardtable.ui.text import plural
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import WidgetGroup
from cardtable.variants import VariantSpec

KEY_WORDS = ("the kind of hand", "the top rank", "the second rank", "the third rank", "the fourth rank",
             "the last kicker")
"""What a poker hand's key compares at each place, for the showdown's reason."""


__all__ = ["open_game", "help_pages", "smoke", "start_match", "restore", "DrawTableScene"]


class DrawTableScene(GameTableScene):
    """One match of Five-Card Draw on one screen."""

    KEYS = (
        next_round_binding("next hand (after the showdown)"),
        KeyBinding(DIGITS[:5], "1-5", "choose a card to discard (again: put it back)", "key_pick", "drawing", True),
        KeyBinding(ENTER + (pygame.K_SPACE, pygame.K_d), "Enter / Space / D",
                   "discard the chosen cards and draw as many (none chosen: stand pat)", "discard", "drawing"),
    )
    BET_KEYS = BET_KEYS

    def __init__(self, app, variant: VariantSpec, state: DrawState, seats: list[SeatConfig], bots) -> None:
        self.selected: list[int] = []
        self.hand_rects: dict[int, pygame.Rect] = {}
        self.pot_line = ""                  # the pots as the centre shows them
        self.hand_line: str | None = None   # "Your hand: ..." over the viewer's cards
        super().__init__(app, variant, state, seats, bots)

    # -- geometry ---------------------------------------------------------------------
    def card_width(self, big: bool = False) -> int:
        """Card width for the viewer's hand (big) and for the other seats."""
        return max(40, int(self.felt.height / 6.0 * (0.9 if big else 0.5)))

    def vanished_to(self, card: int) -> tuple[float, float] | None:
        """Discarded and folded cards fly to the discard pile (a card leaves the table
        there only while the pile holds cards: a new hand empties it)."""
        discards = self.view.zone("discard")
        return self.discard_rect.topleft if discards is not None and discards.size else None

    def waits_for_next_round(self) -> bool:
        """Between hands the people press Next hand."""
        return self.view.phase.id == Phase.REVEAL

    def parts(self) -> DrawParts:
        """The draw's own part of the viewer's view."""
        return self.view.extra_as(DrawParts)

    # -- controls -----------------------------------------------------------------------
    NEXT_LABEL = "Next hand"

    def build_controls(self, group: WidgetGroup) -> None:
        """The betting bar, or the Discard / Stand pat button, on the viewer's turn."""
        phase = self.view.phase.id
        if self.mine() and phase == Phase.BET:
            self.open_bet_bar()
        elif self.mine() and phase == Phase.DRAW:
            self.selected = [c for c in self.selected if c in self.own_hand()]
            self.bar_button(group, f"Discard {len(self.selected)}" if self.selected else "Stand pat",
                            self.discard, "Enter")
        else:
            self.selected = []

    def discard(self) -> None:
        """Discard the chosen cards (none: stand pat) and draw as many."""
        if self.act_mine(Discard, cards=tuple(self.selected)):
            self.selected = []

    def toggle(self, card: int) -> None:
        """Choose or un-choose a hand card to discard."""
        limit = self.parts().draw_limit or 0
        if card in self.selected:
            self.selected.remove(card)
        elif len(self.selected) < limit:
            self.selected.append(card)
        else:
            self.app.toast(f"You may discard at most {plural(limit, 'card')}")
        self.after_action()

    def next_round(self) -> None:
        """Start the next hand with nothing picked."""
        self.selected = []
        super().next_round()

    # -- events ------------------------------------------------------------------------------
    def drawing(self) -> bool:
        """True on the viewer's own turn to discard."""
        return self.mine() and self.view.phase.id == Phase.DRAW

    def handle_pointer(self, event: pygame.event.Event) -> bool:
        """A click on a hand card chooses it (or puts it back) in the draw."""
        return self.drawing() and self.click_card(event, self.hand_rects, self.toggle)

    def key_pick(self, event: pygame.event.Event) -> bool:
        """1-5: choose the card in that place to discard."""
        return by_number(event, self.own_hand(), self.toggle)

    # -- drawing ---------------------------------------------------------------------------------
    def title(self, view: SeatView) -> str:
        """The game, the hand and the phase."""
        title = f"Five-Card Draw   ·   hand {view.round}"
        phase = view.phase.id
        if phase == Phase.BET and view.betting_round is not None:
            title += f"   ·   betting {BETTING_ROUND_NAMES[view.betting_round]}"
        elif phase in (Phase.DRAW, Phase.RESHUFFLE):
            title += "   ·   the draw"
        elif phase == Phase.REVEAL:
            title += "   ·   showdown"
        return title

    def draw_centre(self, surface: pygame.Surface, view: SeatView) -> None:
        px = self.app.px
        cw, top = self.middle_row(2, self.card_width() + px(10), gap=px(40), above=0, below=px(58))
        ch = int(cw * 1.4)
        cx = self.middle.centerx
        self.deck_rect = pygame.Rect(cx - cw - px(20), top, cw, ch)
        self.discard_rect = pygame.Rect(cx + px(20), top, cw, ch)
        stock = self.pile_size(view, "deck")
        if stock:
            surface.blit(self.faces.back(self.deck, cw), self.deck_rect)
        self.caption(surface, self.note_box("stock", self.deck_rect), f"stock {stock}")
        pygame.draw.rect(surface, THEME.felt_dark, self.discard_rect, 2, border_radius=px(8))
        discards = self.pile_size(view, "discard")
        if discards:
            surface.blit(self.faces.back(self.deck, cw), self.discard_rect)
        self.caption(surface, self.note_box("discards", self.discard_rect), f"discards {discards}")
        # under the piles' captions: above them it met the cards of the seat across the table
        self.pot_line = self.draw_pot_line(surface, view, (cx, top + ch + px(56)))

    def _status(self, view: SeatView, seat: int) -> str:
        info, results, phase = view.seats[seat], view.showdown, view.phase.id
        shown = results.hand(seat) if results is not None else None
        won = results.won(seat) if results is not None else 0
        if shown is not None:
            return shown.label + (f"   +{won}" if won else "")
        if won:
            return f"wins {won}"
        if info.status == OUT:
            return "out of chips"
        if view.round and phase != Phase.SHUFFLE and not info.in_hand:
            return "folded"
        if info.in_hand and info.stack == 0 and phase != Phase.REVEAL:
            return "all-in"
        drawn = view.extra_as(DrawParts).drawn[seat]
        if drawn is not None and phase in (Phase.DRAW, Phase.BET, Phase.RESHUFFLE):
            return "stood pat" if drawn == 0 else f"drew {drawn}"
        return ""

    def draw_seat(self, surface: pygame.Surface, view: SeatView, seat: int) -> None:
        px = self.app.px
        info = view.seats[seat]
        stack, bet = info.stack or 0, info.bet
        lines = [f"chips {stack:,}" + (f"   ·   bet {bet:,}" if bet else "")]
        status = self._status(view, seat)
        if status:
            lines.append(status)
        cards = list(info.hand)
        own = seat == self.viewer
        at = None
        cw = self.card_width(big=own)
        if own:
            hand = self.own_hand_box(len(cards) or 5, cw)
            at = self.plate_beside(hand)
        plate = self.seat_plate(surface, seat, lines, dealer=info.dealer,
                                acting=view.to_act == seat, dim=info.status == OUT, at=at)
        if own:
            box = self.own_hand_box(len(cards), cw)
            self.hand_rects = self.draw_own_cards(surface, cards, box, cw, chosen=self.selected,
                                                  origin=self.deck_rect.topleft)
            kind = self.own_hand_kind(cards)
            if kind is not None and view.phase.id in (Phase.BET, Phase.DRAW):
                self.hand_line = f"Your hand: {kind}"
                self.draw_hand_line(surface, self.hand_line, (box.centerx, box.y - px(22)))
            return
        if cards:
            face_up = cards[0] is not None
            width = int(self.card_width(big=True) * 0.8) if face_up else max(28, int(cw * 0.7))  # the slot caps it
            self.draw_seat_cards(surface, seat, plate, cards, width, int(width * (0.62 if face_up else 0.3)),
                                 origin=self.deck_rect.topleft)

    def own_hand_kind(self, cards: list[int | None]) -> str | None:
        """The kind of the viewer's five cards in words, or None without five known cards."""
        known = [self.deck[c] for c in cards if c is not None]
        return evaluate(known).label if len(known) == 5 else None

    def bar_text(self, view: SeatView) -> str | None:
        ended = self.round_end_text(view, "Hand", KEY_WORDS)
        if ended is not None:
            return ended
        if self.drawing():
            limit = self.parts().draw_limit or 0
            return f"Click up to {plural(limit, 'card')} (or 1-5) to discard, then Discard or Stand pat."
        return None


TABLE = TableSetup("five_card_draw", DrawTableScene, "cardtable.games.five_card_draw.ui.hands_page:HandsPage",
                   smoke_text="Five-Card Draw table, pass screen and hands page: drawn (hand {state.round_no})",
                   smoke_stack=100, deck_from_save=True)
"""The table's opening, start, restore and smoke run (:mod:`cardtable.ui.table_setup`)."""

open_game, help_pages, smoke, restore, start_match = TABLE.functions()
