"""The Shenja Ivali table: seats, the flop line, the auction, the discard pile, the reveal.

Everything drawn comes from the viewer's typed seat view (the table never reads the
state), so a card the viewer may not see is never in hand here. The controls are
rebuilt after every action from the view: the betting bar from its ``options``; discarding by
clicking cards (or dragging them onto the discard pile) and pressing Discard; the
auction by clicking a flop card, choosing an amount, and pressing Bid.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import pygame

from cardtable.engine.view import OUT, SeatView
from cardtable.games.shenja_ivali.auction import Bid, DropOut, PassBid
from cardtable.games.shenja_ivali.bot import warm_up
from cardtable.games.shenja_ivali.hands import evaluate
from cardtable.games.shenja_ivali.rules import Discard, Phase
from cardtable.games.shenja_ivali.state import ShenjaIvaliState
from cardtable.games.shenja_ivali.ui.hand_words import glossed, rank_of_key, short_gloss
from cardtable.games.shenja_ivali.ui.result import result_text
from cardtable.games.shenja_ivali.view import FlopBid, IvaliParts
from cardtable.ui.bet_bar import BET_KEYS
from cardtable.ui.game_table import GameTableScene
from cardtable.ui.result_words import gains
from cardtable.ui.setup_scene import SeatConfig
from cardtable.ui.table_parts import (
    DIGITS,
    ENTER,
    KeyBinding,
    by_number,
    next_round_binding,
    plural,
    pot_words,
    shown_pots,
)
from cardtable.ui.table_setup import TableSetup
from cardtable.ui.text import fit_keeping_number, fit_text
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, Stepper, WidgetGroup
from cardtable.variants import VariantSpec

ROUND_NAMES = ("after the deal", "after the flop", "after the draw", "after the auction")
KEY_WORDS = ("the kind of hand", "the numbers", "the planets", "the element")
"""What an Ivali hand's key compares at each place, for the showdown's reason."""
__all__ = ["IvaliTableScene", "shown_pots", "open_game", "help_pages", "smoke", "restore", "start_shenja_ivali"]


def bid_words(amount: int, status: str) -> str:
    """A bidder's plate line in the auction: "bids 11" while the bid stands, else the
    bid and what became of it ("bids 11, topped"); never the status "bid" after "bids".

    >>> bid_words(11, "bid"), bid_words(11, "topped")
    ('bids 11', 'bids 11, topped')
    """
    return f"bids {amount:,}" if status == "bid" else f"bids {amount:,}, {status}"


class IvaliTableScene(GameTableScene):
    """One match of Shenja Ivali on one screen."""

    KEYS = (
        next_round_binding("next round (after the reveal)"),
        KeyBinding(DIGITS, "1-8", "a card to discard, or the flop card to bid on", "key_number", with_event=True),
        KeyBinding(ENTER + (pygame.K_SPACE, pygame.K_d), "Enter / D", "discard (none chosen: stand pat)",
                   "discard", "drawing"),
        KeyBinding((pygame.K_UP, pygame.K_DOWN), "Up / Down", "the bid one more or less", "key_bid_amount",
                   "bid_chosen", True),
        KeyBinding(ENTER, "Enter", "bid on the chosen card", "bid", "bid_chosen"),
        KeyBinding((pygame.K_p,), "P", "pass in the auction", "pass_bid", "bidding"),
        KeyBinding((pygame.K_o,), "O", "drop out of a topped bid", "drop_out", "bidding"),
    )
    BET_KEYS = BET_KEYS

    def __init__(self, app, variant: VariantSpec, state: ShenjaIvaliState, seats: list[SeatConfig],
                 bots) -> None:
        self.selected: list[int] = []       # hand cards chosen to discard
        self.bid_card: int | None = None    # flop card chosen to bid on
        self.bid_amount = 1
        self.hand_rects: dict[int, pygame.Rect] = {}
        self.flop_rects: dict[int, pygame.Rect] = {}
        self.pot_line = ""                  # the pots as the centre shows them
        self.hand_line: str | None = None   # "Your hand: ..." over the viewer's cards
        super().__init__(app, variant, state, seats, bots)

    # -- geometry ---------------------------------------------------------------------
    def card_width(self, big: bool = False) -> int:
        """Card widths for the flop and the viewer's hand (big) and for other seats."""
        base = self.felt.height / 6.2
        return max(40, int(base * (1.0 if big else 0.55)))

    def vanished_to(self, card: int) -> tuple[float, float] | None:
        """Discarded and folded cards fly to the discard pile (a card leaves the table
        there only while the pile holds cards: a new round empties it)."""
        return self.discard_rect.topleft if self.pile_size(self.view, "discard") else None

    def waits_for_next_round(self) -> bool:
        return self.view.phase.id == Phase.REVEAL

    def parts(self, view: SeatView | None = None) -> IvaliParts:
        """Shenja Ivali's own part of the viewer's view (or of ``view``)."""
        return (view or self.view).extra_as(IvaliParts)

    def flop(self, view: SeatView | None = None) -> list[tuple[int, FlopBid]]:
        """The flop cards in line order, each with its auction."""
        view = view or self.view
        zone = view.zone("flop")
        cards = [c for c in zone.cards if c is not None] if zone is not None else []
        return list(zip(cards, self.parts(view).flop))

    # -- controls -----------------------------------------------------------------------
    def build_controls(self, group: WidgetGroup) -> None:
        """The betting bar, the Discard button or the auction's controls, on the viewer's turn."""
        if self.mine() and self.view.phase.id == Phase.BET:
            self.open_bet_bar()
        elif self.drawing():
            self.selected = [c for c in self.selected if c in self.own_hand()]
            self.bar_button(group, f"Discard {len(self.selected)}" if self.selected else "Stand pat",
                            self.discard, "Enter")
        elif self.bidding():
            self._auction_controls(group, self.bar_rect, self.bar_rect.y + self.app.px(8), self.app.px(42))
        else:
            self.selected = []

    def _auction_controls(self, group: WidgetGroup, bar: pygame.Rect, y: int, h: int) -> None:
        px, fonts = self.app.px, self.app.fonts
        parts = self.parts()
        viewer = self.viewer
        assert viewer is not None  # only drawn on the viewer's own turn
        status = parts.auction_status[viewer] if parts.auction_status else ""
        mine = parts.auction_bids[viewer] if parts.auction_bids else None
        if mine is not None:
            self.bid_card = mine.card  # a topped bidder may only top on the same card
        x = bar.x + px(360)
        stack = (self.view.seats[viewer].stack or 0) + (mine.amount if mine else 0)
        low = self._min_bid()
        if self.bid_card is not None and low <= stack:
            self.bid_amount = max(low, min(self.bid_amount, stack))
            group.add(Stepper((x, y, px(220), h), fonts, "Bid", self.bid_amount, low=low, high=stack, step=1,
                              on_change=lambda v: setattr(self, "bid_amount", int(v)), size=px(17)))
            group.add(Button((x + px(230), y, px(130), h), fonts, f"Bid {self.bid_amount}", self.bid,
                             size=px(17), primary=True, hotkey="Enter"))
        if status in ("topped", "waiting"):
            topped = status == "topped"
            self.bar_button(group, "Drop out" if topped else "Pass", self.drop_out if topped else self.pass_bid,
                            "O" if topped else "P", width=160, primary=False, size=17)

    def _min_bid(self) -> int:
        for card, entry in self.flop():
            if card == self.bid_card:
                return entry.high_bid + 1
        return 1

    # -- actions ----------------------------------------------------------------------------
    def discard(self) -> None:
        """Discard the chosen cards (none: stand pat) and draw as many."""
        if self.act_mine(Discard, cards=tuple(self.selected)):
            self.selected = []

    def toggle(self, card: int) -> None:
        """Choose or un-choose a hand card to discard."""
        if card in self.selected:
            self.selected.remove(card)
        elif len(self.selected) < self.match.settings.max_discard:
            self.selected.append(card)
        else:
            self.app.toast(f"You may discard at most {plural(self.match.settings.max_discard, 'card')}")
        self.after_action()

    def choose_flop(self, card: int) -> None:
        """Pick the flop card to bid on."""
        bids = self.parts().auction_bids
        assert self.viewer is not None  # a flop card is chosen on the viewer's own turn
        mine = bids[self.viewer] if bids else None
        if mine is not None and mine.card != card:
            self.app.toast("Once you have bid, you may only top the bid on that card, or drop out")
            return
        self.bid_card = card
        self.bid_amount = self._min_bid()
        self.after_action()

    def bid(self) -> None:
        """Bid the chosen amount on the chosen flop card."""
        if self.bid_card is not None and self.act_mine(Bid, card=self.bid_card, amount=self.bid_amount):
            self.bid_card = None

    def pass_bid(self) -> None:
        """Bid on nothing."""
        self.act_mine(PassBid)

    def drop_out(self) -> None:
        """Give up a topped bid (it comes back)."""
        if self.act_mine(DropOut):
            self.bid_card = None

    def next_round(self) -> None:
        self.selected, self.bid_card = [], None
        super().next_round()

    # -- events ------------------------------------------------------------------------------
    def handle_pointer(self, event: pygame.event.Event) -> bool:
        """Press a hand card to choose it or drag it to the discards; click a flop card to bid."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.drawing() and self.start_drag(event, self.hand_rects):
                return True
            if self.bidding() and self.click_card(event, self.flop_rects, self.choose_flop):
                return True
        released = self.end_drag(event)
        if released is not None:
            card, moved = released
            if not moved or self.discard_rect.collidepoint(event.pos) != (card in self.selected):
                self.toggle(card)
            return True
        return event.type == pygame.MOUSEMOTION and self.dragging is not None

    def drawing(self) -> bool:
        """True on the viewer's own turn to discard."""
        return self.mine() and self.view.phase.id == Phase.DRAW

    def bidding(self) -> bool:
        """True on the viewer's own turn in the auction."""
        return self.mine() and self.view.phase.id == Phase.AUCTION

    def bid_chosen(self) -> bool:
        """True in the viewer's auction turn once a flop card is chosen."""
        return self.bidding() and self.bid_card is not None

    def key_number(self, event: pygame.event.Event) -> bool:
        """1-8: the hand card to discard, or the flop card to bid on."""
        if self.drawing():
            return by_number(event, self.own_hand(), self.toggle)
        return self.bidding() and by_number(event, [card for card, _ in self.flop()], self.choose_flop)

    def key_bid_amount(self, event: pygame.event.Event) -> None:
        """Up or Down in the auction: the bid one more or less."""
        self.bid_amount = max(self._min_bid(), self.bid_amount + (1 if event.key == pygame.K_UP else -1))
        self.after_action()

    # -- drawing ---------------------------------------------------------------------------------
    def title(self, view: SeatView) -> str:
        """The game, the hand and the phase."""
        title = f"Shenja Ivali   ·   round {max(1, view.round)}"
        phase = view.phase.id
        if phase == Phase.BET and view.betting_round is not None:
            title += f"   ·   betting {ROUND_NAMES[view.betting_round]}"
        elif phase in (Phase.DRAW, Phase.AUCTION):
            title += f"   ·   {'discard and draw' if phase == Phase.DRAW else 'the auction'}"
        return title

    def draw_centre(self, surface: pygame.Surface, view: SeatView) -> None:
        px = self.app.px
        flop = self.flop(view)
        parts = self.parts(view)
        deck_count, discard_count = self.pile_size(view, "deck"), self.pile_size(view, "discard")
        lying = [item for item in flop if item[1].taker is None]  # a handed-out card lies in its taker's hand
        gap = px(10)
        # the deck, the flop and the discards in one row in the middle, clear of every seat
        cw, top = self.middle_row(len(lying) + 2, self.card_width(big=False) + px(14), gap=gap, above=px(40),
                                  below=px(30), spare=2 * (px(40) - gap))
        ch = int(cw * 1.4)
        cx = self.middle.centerx
        top = self._clear_of_own_hand(top, ch)
        if any(entry.high_bidder is not None for _, entry in lying) or view.phase.id == Phase.AUCTION:
            # small flop cards: the gap widens so each caption ("no bid", "6 by", "Computer 2") is whole
            widest = max([self.app.fonts.size_of(w, px(13))[0] for w in ("no bid", "99 by")] +
                         [self.app.fonts.size_of(n, px(13))[0] for n in view.names])
            gap = max(gap, min(widest + 14 - cw, px(60)))
            piles = max(self.app.fonts.size_of(f"{name} {count}", px(13))[0]
                        for name, count in (("deck", deck_count), ("discards", discard_count)))
            side = max(px(40), min((piles + widest) // 2 + 14 - cw, px(80)))  # the piles' captions clear too
        else:
            side = px(40)
        total = len(lying) * (cw + gap) - gap if lying else 0
        left = cx - total // 2
        self.deck_rect = pygame.Rect(left - cw - side, top, cw, ch)
        self.discard_rect = pygame.Rect(left + total + side, top, cw, ch)
        if not lying:
            self.deck_rect.x, self.discard_rect.x = cx - cw - px(40), cx + px(40)  # room for both captions
            mid, fonts = self.middle, self.app.fonts
            half = [fonts.size_of(f"{name} {count}", px(13))[0] // 2 + 4
                    for name, count in (("deck", deck_count), ("discards", discard_count))]
            self.deck_rect.centerx = max(self.deck_rect.centerx, mid.x + half[0])  # the captions keep to the middle
            self.discard_rect.centerx = min(self.discard_rect.centerx, mid.right - half[1])
        if deck_count:
            surface.blit(self.faces.back(self.deck, cw), self.deck_rect)
            self.caption(surface, self.note_box("deck", self.deck_rect), f"deck {deck_count}")
        pygame.draw.rect(surface, THEME.felt_dark, self.discard_rect, 2, border_radius=px(8))
        if discard_count:
            surface.blit(self.faces.back(self.deck, cw), self.discard_rect)
        self.caption(surface, self.note_box("discards", self.discard_rect), f"discards {discard_count}")
        self.flop_rects = {}
        for i, (card, entry) in enumerate(flop):
            if entry.taker is not None:
                continue  # handed out: it is drawn in its taker's hand now
            place = lying.index((card, entry))
            rect = self.card(surface, self.deck, card, True, cw, (left + place * (cw + gap), top),
                             origin=self.deck_rect.topleft)
            self.flop_rects[card] = self.note_box(f"flop:{i + 1}", rect)
            if card == self.bid_card:
                pygame.draw.rect(surface, THEME.highlight, rect.inflate(6, 6), 3, border_radius=px(8))
            if entry.high_bidder is not None:
                self._flop_caption(surface, rect, gap, f"{entry.high_bid} by", view.names[entry.high_bidder])
            elif view.phase.id == Phase.AUCTION:
                self._flop_caption(surface, rect, gap, f"{i + 1}:", "no bid")
        self.pot_line = "   ·   ".join(pot_words(view))
        auction = [f"auction pot {parts.auction_pot:,}"] if parts.auction_pot else []
        self.draw_pot_line(surface, view, (cx, top - px(12)), auction)

    def _clear_of_own_hand(self, top: int, height: int) -> int:
        """``top`` raised (not above the middle) so the middle row and its captions end over the
        viewer's hand as drawn last frame (at the showdown it stands higher, its plate under it)."""
        px = self.app.px
        hands = [r for name, r in self.__dict__.get("_last_boxes", []) if name == f"hand:{self.seat_at_bottom()}"]
        for hand in hands:
            clash = top + height + px(30) - hand.y
            if clash > 0 and hand.x < self.middle.right and hand.right > self.middle.x:
                top = max(self.middle.y, top - clash)
        return top

    def _flop_caption(self, surface: pygame.Surface, rect: pygame.Rect, gap: int, first: str, second: str) -> None:
        """A flop card's caption: one line if it fits over the card and its gap, else two,
        each cut with an ellipsis to fit (the captions of neighbouring cards never meet)."""
        fonts, px, room = self.app.fonts, self.app.px, rect.width + gap - 10
        line = f"{first} {second}"
        if fonts.size_of(line, px(13))[0] <= room:
            self.caption(surface, rect, line)
        else:
            self.caption(surface, rect, [fit_text(fonts, first, px(13), room),
                                         fit_keeping_number(fonts, second, px(13), room)])

    def draw_seat(self, surface: pygame.Surface, view: SeatView, seat: int) -> None:
        px = self.app.px
        info, phase, parts = view.seats[seat], view.phase.id, self.parts(view)
        stack, bet = info.stack or 0, info.bet
        lines = [f"chips {stack:,}" + (f"   ·   bet {bet:,}" if bet else "")]
        status = ""
        if info.status == OUT:
            status = "out of chips"
        elif phase != Phase.SHUFFLE and not info.in_hand and view.round:
            status = "folded"
        elif info.in_hand and stack == 0 and phase != Phase.REVEAL:
            status = "all-in"
        bid = parts.auction_bids[seat] if parts.auction and parts.auction_bids else None
        if phase == Phase.AUCTION and bid is not None:
            status = bid_words(bid.amount, parts.auction_status[seat])
        results = view.showdown
        shown_hand = results.hand(seat) if results is not None else None
        if results is not None and shown_hand is not None:
            status = shown_hand.label
            won = results.won(seat)
            if won:
                status += f"   ·   won {won:,}"
        if status:
            lines.append(status)
        cards = list(info.hand)
        own = seat == self.viewer and phase != Phase.REVEAL
        at = None
        if own:
            hand = self.own_hand_box(len(cards) or 4, self.card_width(big=True))
            at = self.plate_beside(hand)
        plate = self.seat_plate(surface, seat, lines, dealer=info.dealer,
                                acting=view.to_act == seat, dim=info.status == OUT, at=at)
        if shown_hand is not None and shown_hand.key:  # the shown hand's name, said plainly on hover
            self.note_tip(plate, [glossed(shown_hand.label, rank_of_key(shown_hand.key))])
        if own:
            cw = self.card_width(big=True)
            box = self.own_hand_box(len(cards), cw)
            self.hand_rects = self.draw_own_cards(surface, cards, box, cw, chosen=self.selected,
                                                  dragging=self.dragging, origin=self.deck_rect.topleft)
            self.hand_line = None
            if phase in (Phase.BET, Phase.DRAW, Phase.AUCTION):
                kind = self.own_hand_kind(cards)
                if kind is not None:
                    self.hand_line = f"Your hand: {kind}"
                else:
                    lying = [card for card, entry in self.flop(view) if entry.taker is None]
                    best = self.best_with_one_of(cards, lying)
                    if best is None and len(cards) == 4 and None not in cards:  # before the flop: the patterns so far
                        self.hand_line = f"Your cards: {patterns_so_far([self.deck[c] for c in cards])}"
                    elif best is not None:
                        self.hand_line = f"With {self.deck[best[1]].name} from the flop: {best[0]}"
                        if not self.place_flop_line(surface, self.hand_line, box):
                            self.hand_line = None  # no room clear of the middle row: the hint is left out
                        return
            if self.hand_line is not None:
                self.draw_hand_line(surface, self.hand_line, (box.centerx, box.y - px(22)))
            return
        if cards:
            shown = any(c is not None for c in cards)
            cw = self.card_width(big=True) * 3 // 4 if shown else max(28, self.card_width() // 2)  # the slot caps it
            self.draw_seat_cards(surface, seat, plate, cards, cw, int(cw * (0.62 if cards[0] is not None else 0.3)),
                                 origin=self.deck_rect.topleft)

    def lesson_reason(self, action: Any) -> str:
        """Why the lesson's discard: what the cards kept make ("you keep three of a kind in the
        numerals, all different in the planets"); "" for any other move."""
        if not isinstance(action, Discard) or not action.cards:
            return ""
        kept = [self.deck[c] for c in self.own_hand() if c is not None and c not in action.cards]
        return f"you keep {patterns_so_far(kept)}" if kept else ""

    def own_hand_kind(self, cards: list[int | None]) -> str | None:
        """The kind of the viewer's best five under the table's rules (its label, with
        the element word) with what it is made of, or None while they hold fewer than five known cards."""
        known = [self.deck[c] for c in cards if c is not None]
        if len(known) < 5:
            return None
        rules = self.match.settings.hands
        best = max((evaluate(five, rules) for five in itertools.combinations(known, 5)), key=lambda v: v.key)
        return glossed(best.label, best.rank)

    def place_flop_line(self, surface: pygame.Surface, text: str, hand: pygame.Rect) -> bool:
        """Draw the "With Gula 5 of Air from the flop" line over the viewer's cards, at the first place clear
        of what this frame has drawn so far (the flop's captions above it on a small felt);
        False, drawing nothing, when there is none."""
        px = self.app.px
        drawn = [rect for _, rect in self.__dict__.get("_boxes", [])]
        for gap in (px(22), px(4)):
            at = (hand.centerx, hand.y - gap)
            rect = self.banner(surface, text, at, draw=False).inflate(px(12), px(4))
            if rect.collidelist(drawn) < 0:
                self.draw_hand_line(surface, text, at)
                return True
        return False

    def best_with_one_of(self, cards: list[int | None], flop: list[int]) -> tuple[str, int] | None:
        """With four cards in hand (before the auction settles who takes which flop card),
        the best kind the viewer would hold with one of the ``flop`` cards lying in the
        middle, and that card: what the auction is worth to them. None without four known
        cards or a flop."""
        known = [c for c in cards if c is not None]
        if len(known) != 4 or not flop:
            return None
        rules = self.match.settings.hands
        mine = [self.deck[c] for c in known]
        value, card = max(((evaluate([*mine, self.deck[c]], rules), c) for c in flop), key=lambda vc: vc[0].key)
        return f"{value.label} ({short_gloss(value.rank)})", card

    def bar_text(self, view: SeatView) -> str | None:
        results, over = view.showdown, view.to_act is None
        if results is not None and (over or self.waits_for_next_round()):  # the last round's too
            gained = gains(view.names, results, self.result_people(view), span="round",
                           label=lambda hand: glossed(hand.label, rank_of_key(hand.key)))
            told = result_text(view.names, results, self.match.settings.hands)
            then = self.match_won_text() if over \
                else "Press Enter for the next round."
            return f"Round {results.round}: {told} " + (f"{gained} " if gained else "") + then
        ended = self.round_end_text(view, "Round", KEY_WORDS)
        if ended is not None:
            return ended
        if self.drawing():
            return "Click up to 2 cards (or drag them to the discard pile), then Discard."
        if self.bidding():
            return "Click a flop card (or 1-8) to bid on it." if self.bid_card is None else "Set your bid, then Bid."
        return None


TABLE = TableSetup("shenja_ivali", IvaliTableScene, "cardtable.games.shenja_ivali.ui.hands_page:IvaliHandsPage",
                   smoke_text="Shenja Ivali table, pass screen and hand table: drawn (round {state.round_no})",
                   smoke_stack=100, deck_from_save=True,
                   warm_up=warm_up)  # the bots' hand table is built now, not in their first decision
"""The table's opening, start, restore and smoke run (:mod:`cardtable.ui.table_setup`)."""

open_game, help_pages, smoke, restore, start_shenja_ivali = TABLE.functions()


def _groups(values: list[Any]) -> str:
    """Cards' groups (by numeral or by planet) in words: the biggest group first."""
    counts = sorted(Counter(values).values(), reverse=True)
    if not counts or counts[0] == 1:
        return "all different"
    if counts[0] >= 3:
        return "four of a kind" if counts[0] == 4 else "three of a kind"
    return "two pairs" if counts[1:2] == [2] else "a pair"


def patterns_so_far(cards: list[Any]) -> str:
    """What some cards make so far, numerals and planets apart ("a pair in the numerals,
    two pairs in the planets"): a hand is named by both patterns once it has five."""
    return (f"{_groups([c.rank for c in cards])} in the numerals, "
            f"{_groups([c.get('planet') for c in cards])} in the planets")
