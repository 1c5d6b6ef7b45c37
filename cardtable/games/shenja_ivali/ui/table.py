"""The Shenja Ivali table: seats, the flop line, the auction, the discard pile, the reveal.

Everything drawn comes from ``state.view(viewer)``, so a card the viewer may not
see is never in hand here. The controls are rebuilt after every action from what
the engine says is legal: the betting bar from ``betting_options``; discarding by
clicking cards (or dragging them onto the discard pile) and pressing Discard; the
auction by clicking a flop card, choosing an amount, and pressing Bid.
"""

from __future__ import annotations

import itertools
from typing import Any

import pygame

from cardtable.engine.game import CHANCE
from cardtable.games.shenja_ivali.auction import Bid, DropOut, PassBid
from cardtable.games.shenja_ivali.bot import warm_up
from cardtable.games.shenja_ivali.hands import evaluate
from cardtable.games.shenja_ivali.rules import Discard, Phase
from cardtable.games.shenja_ivali.state import ShenjaIvaliState
from cardtable.ui.bet_bar import BetBar
from cardtable.ui.game_table import GameTableScene
from cardtable.ui.setup_scene import SeatConfig
from cardtable.ui.table_setup import TableSetup
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, Stepper, WidgetGroup
from cardtable.variants import VariantSpec

ROUND_NAMES = ("after the deal", "after the flop", "after the draw", "after the auction")


def shown_pots(view: dict[str, Any]) -> list[int]:
    """The pot amounts to show, main pot first: a side pot only where a seat still in
    is all-in. The view's pots close at every contribution level; a level no all-in
    seat caps is merged into the pot below it (the uncalled part is already out)."""
    pots = view["pots"]
    if not pots:
        return []
    amounts = [pots[0]["amount"]]
    for below, above in zip(pots, pots[1:]):
        capped = set(below["eligible"]) - set(above["eligible"])
        if any(view["stacks"][s] == 0 for s in capped):
            amounts.append(above["amount"])
        else:
            amounts[-1] += above["amount"]
    return amounts


class IvaliTableScene(GameTableScene):
    """One match of Shenja Ivali on one screen."""

    state: ShenjaIvaliState

    def __init__(self, app, variant: VariantSpec, state: ShenjaIvaliState, seats: list[SeatConfig],
                 bots) -> None:
        self.selected: list[int] = []       # hand cards chosen to discard
        self.bid_card: int | None = None    # flop card chosen to bid on
        self.bid_amount = 1
        self.dragging: tuple[int, tuple[int, int], tuple[int, int]] | None = None  # card, grab, press
        self.hand_rects: dict[int, pygame.Rect] = {}
        self.flop_rects: dict[int, pygame.Rect] = {}
        self.widgets = WidgetGroup()
        self.bet_bar: BetBar | None = None
        self.pot_line = ""                  # the pots as the centre shows them
        self.hand_line: str | None = None   # "Your hand: ..." over the viewer's cards
        super().__init__(app, variant, state, seats, bots)
        self.deck = state.deck
        self.after_action()

    # -- geometry ---------------------------------------------------------------------
    def card_width(self, big: bool = False) -> int:
        """Card widths for the flop and the viewer's hand (big) and for other seats."""
        base = self.felt.height / 6.2
        return max(40, int(base * (1.0 if big else 0.55)))

    def layout(self) -> None:
        super().layout()
        self.deck_rect = pygame.Rect(0, 0, 1, 1)
        self.discard_rect = pygame.Rect(0, 0, 1, 1)
        self.after_action()

    def vanished_to(self, card: int) -> tuple[float, float] | None:
        """Discarded and folded cards fly to the discard pile."""
        return self.discard_rect.topleft if card in self.state.discards else None

    def waits_for_next_round(self) -> bool:
        return self.state.phase == Phase.REVEAL

    # -- controls -----------------------------------------------------------------------
    def after_action(self) -> None:
        """Rebuild the controls for what the viewer may do now."""
        if not hasattr(self, "bar_rect") or not hasattr(self, "state"):
            return
        state, viewer = self.state, self.viewer
        self.bet_bar = None
        group = WidgetGroup()
        px, fonts = self.app.px, self.app.fonts
        bar = self.bar_rect
        h, y = px(42), bar.y + px(8)
        if state.phase == Phase.REVEAL:
            group.add(Button((bar.right - px(190), y, px(180), h), fonts, "Next round", self.next_round,
                             size=px(18), primary=True, hotkey="Enter"))
        elif state.phase == Phase.GAME_OVER:
            group.add(Button((bar.right - px(190), y, px(180), h), fonts, "Back to menu", self.leave,
                             size=px(18), primary=True, hotkey="Enter"))
        elif viewer is not None and state.to_act == viewer and not self.passing:
            if state.phase == Phase.BET:
                options = state.betting_options(viewer)
                if options is not None:
                    self.bet_bar = BetBar(self.app, bar, options, self.act)
            elif state.phase == Phase.DRAW:
                self.selected = [c for c in self.selected if c in state.hand_of(viewer)]
                label = f"Discard {len(self.selected)}" if self.selected else "Stand pat"
                group.add(Button((bar.right - px(190), y, px(180), h), fonts, label, self.discard,
                                 size=px(18), primary=True, hotkey="Enter"))
            elif state.phase == Phase.AUCTION:
                self._auction_controls(group, bar, y, h)
        else:
            self.selected = []
        self.widgets = group

    def _auction_controls(self, group: WidgetGroup, bar: pygame.Rect, y: int, h: int) -> None:
        px, fonts = self.app.px, self.app.fonts
        view = self.state.auction_view() or {}
        viewer = self.viewer
        assert viewer is not None  # only drawn on the viewer's own turn
        status = view.get("status", [])[viewer] if viewer is not None else ""
        mine = (view.get("bids") or [None] * self.state.seats)[viewer]
        if mine is not None:
            self.bid_card = mine["card"]  # a topped bidder may only top on the same card
        x = bar.x + px(360)
        stack = self.state.stacks[viewer] + (mine["amount"] if mine else 0)
        low = self._min_bid()
        if self.bid_card is not None and low <= stack:
            self.bid_amount = max(low, min(self.bid_amount, stack))
            group.add(Stepper((x, y, px(220), h), fonts, "Bid", self.bid_amount, low=low, high=stack, step=1,
                              on_change=lambda v: setattr(self, "bid_amount", int(v)), size=px(17)))
            group.add(Button((x + px(230), y, px(130), h), fonts, f"Bid {self.bid_amount}", self.bid,
                             size=px(17), primary=True, hotkey="Enter"))
        if status == "topped":
            group.add(Button((bar.right - px(170), y, px(160), h), fonts, "Drop out", self.drop_out,
                             size=px(17), hotkey="O"))
        elif status == "waiting":
            group.add(Button((bar.right - px(170), y, px(160), h), fonts, "Pass", self.pass_bid,
                             size=px(17), hotkey="P"))

    def _min_bid(self) -> int:
        view = self.state.auction_view() or {}
        for entry in view.get("cards", []):
            if entry["card"] == self.bid_card:
                return entry["high_bid"] + 1
        return 1

    # -- actions ----------------------------------------------------------------------------
    def discard(self) -> None:
        """Discard the chosen cards (none: stand pat) and draw as many."""
        if self.viewer is not None and self.act(Discard(seat=self.viewer, cards=tuple(self.selected))):
            self.selected = []

    def toggle(self, card: int) -> None:
        """Choose or un-choose a hand card to discard."""
        if card in self.selected:
            self.selected.remove(card)
        elif len(self.selected) < self.state.settings.max_discard:
            self.selected.append(card)
        else:
            self.app.toast(f"You may discard at most {self.state.settings.max_discard} cards")
        self.after_action()

    def choose_flop(self, card: int) -> None:
        """Pick the flop card to bid on."""
        view = self.state.auction_view() or {}
        assert self.viewer is not None  # a flop card is chosen on the viewer's own turn
        mine = (view.get("bids") or [None] * self.state.seats)[self.viewer]
        if mine is not None and mine["card"] != card:
            self.app.toast("Once you have bid, you may only top the bid on that card, or drop out")
            return
        self.bid_card = card
        self.bid_amount = self._min_bid()
        self.after_action()

    def bid(self) -> None:
        """Bid the chosen amount on the chosen flop card."""
        if self.viewer is not None and self.bid_card is not None:
            if self.act(Bid(seat=self.viewer, card=self.bid_card, amount=self.bid_amount)):
                self.bid_card = None

    def pass_bid(self) -> None:
        """Bid on nothing."""
        if self.viewer is not None:
            self.act(PassBid(seat=self.viewer))

    def drop_out(self) -> None:
        """Give up a topped bid (it comes back)."""
        if self.viewer is not None and self.act(DropOut(seat=self.viewer)):
            self.bid_card = None

    def next_round(self) -> None:
        self.selected, self.bid_card = [], None
        super().next_round()

    # -- events ------------------------------------------------------------------------------
    def handle_game(self, event: pygame.event.Event) -> bool:
        if self.bet_bar is not None and self.bet_bar.handle(event):
            return True
        if self.widgets.handle(event):
            return True
        phase = self.state.phase
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for card, rect in self.hand_rects.items():
                if rect.collidepoint(event.pos) and phase == Phase.DRAW and self.state.to_act == self.viewer:
                    self.dragging = (card, (event.pos[0] - rect.x, event.pos[1] - rect.y), event.pos)
                    return True
            for card, rect in self.flop_rects.items():
                if rect.collidepoint(event.pos) and phase == Phase.AUCTION and self.state.to_act == self.viewer:
                    self.choose_flop(card)
                    return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging is not None:
            card, _, start = self.dragging
            self.dragging = None
            moved = abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > 6
            if not moved or self.discard_rect.collidepoint(event.pos) != (card in self.selected):
                self.toggle(card)
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging is not None:
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        phase, key = self.state.phase, event.key
        mine = self.viewer is not None and self.state.to_act == self.viewer
        if phase in (Phase.REVEAL, Phase.GAME_OVER) and key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n):
            self.next_round() if phase == Phase.REVEAL else self.leave()
            return True
        if not mine or self.viewer is None:  # mine: the viewer's turn
            return False
        if phase == Phase.DRAW:
            hand = self.state.hand_of(self.viewer)
            if pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(hand):
                self.toggle(hand[key - pygame.K_1])
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_d):
                self.discard()
                return True
        if phase == Phase.AUCTION:
            flop = self.state.flop
            if pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(flop):
                self.choose_flop(flop[key - pygame.K_1])
                return True
            if key in (pygame.K_UP, pygame.K_DOWN) and self.bid_card is not None:
                self.bid_amount = max(self._min_bid(), self.bid_amount + (1 if key == pygame.K_UP else -1))
                self.after_action()
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.bid_card is not None:
                self.bid()
                return True
            if key == pygame.K_p:
                self.pass_bid()
                return True
            if key == pygame.K_o:
                self.drop_out()
                return True
        return False

    # -- drawing ---------------------------------------------------------------------------------
    def draw_game(self, surface: pygame.Surface) -> None:
        view = self.viewer_view()
        self.hand_line = None
        self._draw_centre(surface, view)
        for seat in range(self.state.seats):
            self._draw_seat(surface, view, seat)
        self._draw_bar(surface, view)
        title = f"Shenja Ivali   ·   round {view['round_no']}"
        if view["phase"] == "bet" and view["betting_round"] is not None:
            title += f"   ·   betting {ROUND_NAMES[view['betting_round']]}"
        elif view["phase"] in ("draw", "auction"):
            title += f"   ·   {'discard and draw' if view['phase'] == 'draw' else 'the auction'}"
        self.draw_title(surface, title)

    def _draw_centre(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        px, fonts = self.app.px, self.app.fonts
        cw = self.card_width(big=False) + px(14)
        ch = int(cw * 1.4)
        cx, cy = self.felt.center
        flop = view["flop"]
        gap = px(10)
        total = len(flop) * (cw + gap) - gap if flop else 0
        left = cx - total // 2
        top = cy - ch // 2 - px(10)
        self.deck_rect = pygame.Rect(left - cw - px(40), top, cw, ch)
        self.discard_rect = pygame.Rect(left + total + px(40), top, cw, ch)
        if not flop:
            self.deck_rect.x, self.discard_rect.x = cx - cw - px(20), cx + px(20)
        if view["deck_count"]:
            surface.blit(self.faces.back(self.deck, cw), self.deck_rect)
            self._caption(surface, self.deck_rect, f"deck {view['deck_count']}")
        pygame.draw.rect(surface, THEME.felt_dark, self.discard_rect, 2, border_radius=px(8))
        if view["discard_count"]:
            surface.blit(self.faces.back(self.deck, cw), self.discard_rect)
        self._caption(surface, self.discard_rect, f"discards {view['discard_count']}")
        self.flop_rects = {}
        for i, entry in enumerate(flop):
            if entry["taker"] is not None:
                continue  # handed out: it is drawn in its taker's hand now
            rect = self.card(surface, self.deck, entry["card"], True, cw, (left + i * (cw + gap), top),
                             origin=self.deck_rect.topleft)
            self.flop_rects[entry["card"]] = rect
            if entry["card"] == self.bid_card:
                pygame.draw.rect(surface, THEME.highlight, rect.inflate(6, 6), 3, border_radius=px(8))
            if entry["high_bidder"] is not None:
                self._caption(surface, rect, f"{entry['high_bid']} by {view['names'][entry['high_bidder']]}")
            elif view["phase"] == "auction":
                self._caption(surface, rect, f"{i + 1}: no bid")
        pots = [f"pot {view['pot_total']}"] if view["pot_total"] else []
        amounts = shown_pots(view)
        if len(amounts) > 1:
            pots = [f"{'main' if i == 0 else f'side {i}'} {amount}" for i, amount in enumerate(amounts)]
        self.pot_line = "   ·   ".join(pots)
        if view["auction_pot"]:
            pots.append(f"auction pot {view['auction_pot']}")
        if pots:
            img = fonts.render("   ·   ".join(pots), px(18), THEME.highlight, bold=True)
            surface.blit(img, img.get_rect(midbottom=(cx, top - px(12))))

    def _caption(self, surface: pygame.Surface, rect: pygame.Rect, text: str) -> None:
        img = self.app.fonts.render(text, self.app.px(13), THEME.text)
        r = img.get_rect(midtop=(rect.centerx, rect.bottom + self.app.px(4)))
        pygame.draw.rect(surface, (0, 0, 0), r.inflate(8, 2), border_radius=r.height // 2)
        surface.blit(img, r)

    def _draw_seat(self, surface: pygame.Surface, view: dict[str, Any], seat: int) -> None:
        px = self.app.px
        stack, bet = view["stacks"][seat], view["round_bets"][seat]
        lines = [f"chips {stack}" + (f"   ·   bet {bet}" if bet else "")]
        status = ""
        if view["out"][seat]:
            status = "out of chips"
        elif view["phase"] not in ("shuffle",) and not view["in_hand"][seat] and view["round_no"]:
            status = "folded"
        elif view["in_hand"][seat] and stack == 0 and view["phase"] != "reveal":
            status = "all-in"
        auction = view["auction"]
        if auction and view["phase"] == "auction" and auction["bids"][seat]:
            b = auction["bids"][seat]
            status = f"bids {b['amount']} ({auction['status'][seat]})"
        results = view["results"]
        if results and str(seat) in results["hands"]:
            status = results["hands"][str(seat)]["label"]
            won = results["won"].get(str(seat), 0)
            if won:
                status += f"   +{won}"
        if status:
            lines.append(status)
        cards = view["hands"][seat]
        own = seat == self.viewer and view["phase"] != "reveal"
        at = None
        if own:
            hand = self._own_hand_box(len(cards) or 4)
            at = (hand.x - px(110), hand.centery)
        plate = self.seat_plate(surface, seat, lines, dealer=view["dealer"] == seat,
                                acting=view["to_act"] == seat, dim=view["out"][seat], at=at)
        if own:
            self._draw_own_hand(surface, cards)
            if view["phase"] in ("bet", "draw", "auction"):
                self._draw_hand_line(surface, cards)
            return
        if not cards:
            return
        cw = self.card_width(big=False) if any(c is not None for c in cards) else max(28, self.card_width() // 2)
        step = int(cw * (0.62 if cards[0] is not None else 0.3))
        x0 = plate.centerx - (step * (len(cards) - 1) + cw) // 2
        below = plate.bottom + px(6)
        y0 = below if plate.centery < self.felt.centery else plate.y - int(cw * 1.4) - px(6)
        for i, card in enumerate(cards):
            self.card(surface, self.deck, card, card is not None, cw, (x0 + i * step, y0),
                      origin=self.deck_rect.topleft)

    def own_hand_kind(self, cards: list[int | None]) -> str | None:
        """The kind of the viewer's best five under the table's rules (its label, with
        the element word), or None while they hold fewer than five known cards."""
        known = [self.deck[c] for c in cards if c is not None]
        if len(known) < 5:
            return None
        rules = self.state.settings.hands
        best = max((evaluate(five, rules) for five in itertools.combinations(known, 5)), key=lambda v: v.key)
        return best.label

    def _draw_hand_line(self, surface: pygame.Surface, cards: list[int | None]) -> None:
        """"Your hand: <kind>" just over the viewer's own cards (never another seat's),
        clear of a card lifted for the discard and of the flop's captions."""
        kind = self.own_hand_kind(cards)
        if kind is None:
            return
        self.hand_line = f"Your hand: {kind}"
        img = self.app.fonts.render(self.hand_line, self.app.px(14), THEME.highlight, bold=True)
        box = self._own_hand_box(len(cards))
        r = img.get_rect(midbottom=(box.centerx, box.y - self.app.px(22)))
        pygame.draw.rect(surface, (0, 0, 0), r.inflate(10, 4), border_radius=r.height // 2)
        surface.blit(img, r)

    def _own_hand_box(self, count: int) -> pygame.Rect:
        """Where the viewer's hand lies: bottom centre of the felt."""
        px = self.app.px
        cw = self.card_width(big=True)
        total = count * (cw + px(12)) - px(12)
        h = int(cw * 1.4)
        return pygame.Rect(self.felt.centerx - total // 2, self.felt.bottom - h - px(16), total, h)

    def _draw_own_hand(self, surface: pygame.Surface, cards: list[int | None]) -> None:
        px = self.app.px
        cw = self.card_width(big=True)
        gap = px(12)
        box = self._own_hand_box(len(cards))
        x0, y0 = box.x, box.y
        self.hand_rects = {}
        for i, card in enumerate(cards):
            if card is None:
                continue
            target = (x0 + i * (cw + gap), y0)
            if self.dragging is not None and self.dragging[0] == card:
                gx, gy = self.dragging[1]
                target = (self.mouse[0] - gx, self.mouse[1] - gy)
            rect = self.card(surface, self.deck, card, True, cw, target, origin=self.deck_rect.topleft,
                             lifted=card in self.selected)
            self.hand_rects[card] = rect
            if card in self.selected:
                pygame.draw.rect(surface, THEME.error, rect.inflate(6, 6), 3, border_radius=px(8))

    def _draw_bar(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        state = self.state
        to_act = state.to_act
        if state.phase == Phase.GAME_OVER:
            winner = state.standings()[0][0]
            self.bar_message(surface, f"{winner} has every chip. Well played!")
        elif state.phase == Phase.REVEAL and view["results"]:
            results = view["results"]
            winners = sorted({w for p in results["pots"] for w in p["winners"]})
            names = ", ".join(view["names"][w] for w in winners)
            how = "wins" if len(winners) == 1 else "share"
            self.bar_message(surface, f"Round {view['round_no']}: {names} {how}. Press Enter for the next round.")
        elif self.bet_bar is not None:
            self.bet_bar.draw(surface)
        elif to_act == self.viewer and self.viewer is not None and state.phase == Phase.DRAW:
            self.bar_message(surface, "Click up to 2 cards (or drag them to the discard pile), then Discard.")
        elif to_act == self.viewer and self.viewer is not None and state.phase == Phase.AUCTION:
            self.bar_message(surface, "Click a flop card (or 1-8) to bid on it." if self.bid_card is None
                             else "Set your bid, then Bid.")
        elif to_act is not None and to_act != CHANCE:
            self.bar_message(surface, f"{view['names'][to_act]} is thinking…")
        else:
            self.bar_message(surface, "Dealing…")
        self.widgets.draw(surface)


TABLE = TableSetup("shenja_ivali", IvaliTableScene, "cardtable.games.shenja_ivali.ui.hands_page:IvaliHandsPage",
                   smoke_text="Shenja Ivali table, pass screen and hand table: drawn (round {state.round_no})",
                   smoke_stack=100, deck_from_save=True,
                   warm_up=warm_up)  # the bots' hand table is built now, not in their first decision
"""The table's opening, start, restore and smoke run (:mod:`cardtable.ui.table_setup`)."""

open_game, help_pages, smoke, restore, start_shenja_ivali = TABLE.functions()
