"""The Five-Card Draw table: seats round the felt, the stock and the discards, the
betting bar, discarding by clicking cards, and the showdown.

Everything drawn comes from ``state.view(viewer)``, so a card the viewer may not
see is never in hand here. Controls are rebuilt after every action from what the
engine says is legal: the betting bar from ``betting_options``; the draw by
clicking cards (or keys 1-5) and pressing Discard / Stand pat.
"""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.games.five_card_draw.hands import evaluate
from cardtable.games.five_card_draw.rules import BETTING_ROUND_NAMES, Discard, Phase
from cardtable.games.five_card_draw.state import DrawState
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

    state: DrawState
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
        """Discarded and folded cards fly to the discard pile."""
        state = self.state
        return self.discard_rect.topleft if card in state.discards or card in state.pending else None

    def waits_for_next_round(self) -> bool:
        """Between hands the people press Next hand."""
        return self.state.phase == Phase.REVEAL

    # -- controls -----------------------------------------------------------------------
    NEXT_LABEL = "Next hand"

    def build_controls(self, group: WidgetGroup) -> None:
        """The betting bar, or the Discard / Stand pat button, on the viewer's turn."""
        state, viewer = self.state, self.viewer
        if viewer is not None and self.mine() and state.phase == Phase.BET:
            self.open_bet_bar()
        elif viewer is not None and self.mine() and state.phase == Phase.DRAW:
            self.selected = [c for c in self.selected if c in state.hand_of(viewer)]
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
        limit = self.state.draw_limit(self.viewer) if self.viewer is not None else 0
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
        return self.mine() and self.state.phase == Phase.DRAW

    def handle_pointer(self, event: pygame.event.Event) -> bool:
        """A click on a hand card chooses it (or puts it back) in the draw."""
        return self.drawing() and self.click_card(event, self.hand_rects, self.toggle)

    def key_pick(self, event: pygame.event.Event) -> bool:
        """1-5: choose the card in that place to discard."""
        return by_number(event, self.own_hand(), self.toggle)

    # -- drawing ---------------------------------------------------------------------------------
    def title(self, view: dict[str, Any]) -> str:
        """The game, the hand and the phase."""
        title = f"Five-Card Draw   ·   hand {view['round_no']}"
        if view["phase"] == "bet" and view["betting_round"] is not None:
            title += f"   ·   betting {BETTING_ROUND_NAMES[view['betting_round']]}"
        elif view["phase"] in ("draw", "reshuffle"):
            title += "   ·   the draw"
        elif view["phase"] == "reveal":
            title += "   ·   showdown"
        return title

    def draw_centre(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        px = self.app.px
        cw, top = self.middle_row(2, self.card_width() + px(10), gap=px(40), above=0, below=px(58))
        ch = int(cw * 1.4)
        cx = self.middle.centerx
        self.deck_rect = pygame.Rect(cx - cw - px(20), top, cw, ch)
        self.discard_rect = pygame.Rect(cx + px(20), top, cw, ch)
        if view["deck_count"]:
            surface.blit(self.faces.back(self.deck, cw), self.deck_rect)
        self.caption(surface, self.note_box("stock", self.deck_rect), f"stock {view['deck_count']}")
        pygame.draw.rect(surface, THEME.felt_dark, self.discard_rect, 2, border_radius=px(8))
        if view["discard_count"]:
            surface.blit(self.faces.back(self.deck, cw), self.discard_rect)
        self.caption(surface, self.note_box("discards", self.discard_rect), f"discards {view['discard_count']}")
        # under the piles' captions: above them it met the cards of the seat across the table
        self.pot_line = self.draw_pot_line(surface, view, (cx, top + ch + px(56)))

    def _status(self, view: dict[str, Any], seat: int) -> str:
        stack = view["stacks"][seat]
        results = view["results"]
        if results and str(seat) in results["hands"]:
            status = results["hands"][str(seat)]["label"]
            won = results["won"].get(str(seat), 0)
            return status + (f"   +{won}" if won else "")
        if results and results["won"].get(str(seat)):
            return f"wins {results['won'][str(seat)]}"
        if view["out"][seat]:
            return "out of chips"
        if view["round_no"] and view["phase"] != "shuffle" and not view["in_hand"][seat]:
            return "folded"
        if view["in_hand"][seat] and stack == 0 and view["phase"] != "reveal":
            return "all-in"
        drawn = view["drawn"][seat]
        if drawn is not None and view["phase"] in ("draw", "bet", "reshuffle"):
            return "stood pat" if drawn == 0 else f"drew {drawn}"
        return ""

    def draw_seat(self, surface: pygame.Surface, view: dict[str, Any], seat: int) -> None:
        px = self.app.px
        stack, bet = view["stacks"][seat], view["round_bets"][seat]
        lines = [f"chips {stack:,}" + (f"   ·   bet {bet:,}" if bet else "")]
        status = self._status(view, seat)
        if status:
            lines.append(status)
        cards = view["hands"][seat]
        own = seat == self.viewer
        at = None
        cw = self.card_width(big=own)
        if own:
            hand = self.own_hand_box(len(cards) or 5, cw)
            at = self.plate_beside(hand)
        plate = self.seat_plate(surface, seat, lines, dealer=view["dealer"] == seat,
                                acting=view["to_act"] == seat, dim=view["out"][seat], at=at)
        if own:
            box = self.own_hand_box(len(cards), cw)
            self.hand_rects = self.draw_own_cards(surface, cards, box, cw, chosen=self.selected,
                                                  origin=self.deck_rect.topleft)
            kind = self.own_hand_kind(cards)
            if kind is not None and view["phase"] in ("bet", "draw"):
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

    def bar_text(self, view: dict[str, Any]) -> str | None:
        ended = self.round_end_text(view, "Hand", KEY_WORDS)
        if ended is not None:
            return ended
        if self.drawing():
            return f"Click up to {plural(view['draw_limit'], 'card')} (or 1-5) to discard, then Discard or Stand pat."
        return None


TABLE = TableSetup("five_card_draw", DrawTableScene, "cardtable.games.five_card_draw.ui.hands_page:HandsPage",
                   smoke_text="Five-Card Draw table, pass screen and hands page: drawn (hand {state.round_no})",
                   smoke_stack=100, deck_from_save=True)
"""The table's opening, start, restore and smoke run (:mod:`cardtable.ui.table_setup`)."""

open_game, help_pages, smoke, restore, start_match = TABLE.functions()
