"""The Ipso table: seats, the four piles, the draw for the deal, exchanges, the showdown.

Everything drawn comes from the viewer's typed seat view (the table never reads the
state), so a card the viewer may not see is never in hand here. The controls are
rebuilt after every action from the view: the betting bar from Ipso's own betting
options in its part of the view, the dealers to name from the legal actions; an exchange by
dragging a hand card onto the pile to take from (or clicking a card, then a pile;
or the keys 1-4, then T, P, D or U), Skip (K); the winner names the next dealer
with one button per seat.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import pygame

from cardtable.engine.view import SeatView
from cardtable.games.ipso.rules import ChooseDealer, Exchange, Phase, Pile, Skip
from cardtable.games.ipso.state import IpsoState
from cardtable.games.ipso.steps import betting_words
from cardtable.games.ipso.ui.bet_bar import IPSO_BET_KEYS, IpsoBetBar
from cardtable.games.ipso.ui.result import result_text
from cardtable.games.ipso.view import IpsoParts
from cardtable.ui.game_table import GameTableScene
from cardtable.ui.result_words import gains
from cardtable.ui.setup_scene import SeatConfig
from cardtable.ui.table_parts import DIGITS, ENTER, KeyBinding, by_number, next_round_binding
from cardtable.ui.table_setup import TableSetup
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, WidgetGroup
from cardtable.variants import VariantSpec

__all__ = ["open_game", "smoke", "restore", "start_ipso", "IpsoTableScene"]

PILE_ORDER = (Pile.STOCK, Pile.FLIP, Pile.DOWN_DISCARD, Pile.UP_DISCARD)
PILE_KEYS = {pygame.K_t: Pile.STOCK, pygame.K_p: Pile.FLIP, pygame.K_d: Pile.DOWN_DISCARD,
             pygame.K_u: Pile.UP_DISCARD}
PILE_LABELS = {Pile.STOCK: ("stock",), Pile.FLIP: ("flip",), Pile.DOWN_DISCARD: ("face-down", "discards"),
               Pile.UP_DISCARD: ("face-up", "discards")}
READ_PAUSE = 3.0
"""Seconds a computer dealer waits before the next deal."""
PILE_ABOVE, PILE_BELOW = 40, 44
"""Room (unscaled) over the piles' row for the pot line and under it for their captions."""
PILE_KEY_NAMES = {Pile.STOCK: "T", Pile.FLIP: "P", Pile.DOWN_DISCARD: "D", Pile.UP_DISCARD: "U"}


class IpsoTableScene(GameTableScene):
    """One game of Ipso on one screen."""

    KEYS = (
        next_round_binding("deal (when a person deals); at the end: the standings", ENTER + (pygame.K_SPACE,),
                           "Enter / Space"),
        KeyBinding(DIGITS[:4], "1-4", "exchange: choose the hand card to give up", "key_select", "exchanging", True),
        KeyBinding(tuple(PILE_KEYS), "T / P / D / U", "exchange it for the top of the stock, the flip pile, "
                   "the face-down or the face-up discards", "key_pile", "exchanging", True),
        KeyBinding((pygame.K_k,), "K", "exchange: skip (keep your hand)", "skip", "exchanging"),
        KeyBinding(ENTER, "Enter", "after your exchange: done looking, hand the screen on", "done_looking",
                   "holding"),
        KeyBinding(ENTER, "Enter", "after a hand you win: deal next yourself", "deal_myself", "naming_dealer"),
        KeyBinding(DIGITS, "1-5", "after a hand you win: name that seat the next dealer", "key_dealer",
                   "naming_dealer", True),
    )
    BET_KEYS = IPSO_BET_KEYS

    def bet_choices(self) -> Any:
        """Ipso's own betting options, from its part of the view."""
        return self.parts().options

    def parts(self, view: SeatView | None = None) -> IpsoParts:
        """Ipso's own part of the viewer's view (or of ``view``)."""
        return (view or self.view).extra_as(IpsoParts)

    def __init__(self, app, variant: VariantSpec, state: IpsoState, seats: list[SeatConfig], bots) -> None:
        self.selected: int | None = None     # the hand card chosen to exchange
        self.taken: int | None = None        # the card the viewer just took, held in view until Done
        self.hand_rects: dict[int, pygame.Rect] = {}
        self.pile_rects: dict[Pile, pygame.Rect] = {}
        self.hand_line: str | None = None    # "Your hand: ..." by the viewer's plate
        self._draw_holders: dict[int, int] = {}  # card -> the seat showing it in the draw for the deal
        super().__init__(app, variant, state, seats, bots)

    def forget_motion(self) -> None:
        """The person at the screen changes: also drop the last person's chosen card and drag."""
        super().forget_motion()
        self.selected = None
        self.taken = None
        self.dragging = None

    # -- geometry ---------------------------------------------------------------------
    def card_width(self, big: bool = False) -> int:
        """Card widths for the viewer's hand (big) and for the piles and other seats."""
        base = self.felt.height / 6.0
        return max(36, int(base * (1.0 if big else 0.55)))

    def layout(self) -> None:
        """The shared layout; cards dealt before the piles are drawn come from the middle."""
        super().layout()
        self.deck_rect = pygame.Rect(self.felt.center, (1, 1))

    def middle_height(self) -> int:
        """The piles' row needs the pot line over it, two caption lines under it and cards
        at least as big as the other seats': the seats give up the room for it (with five
        seats at UI scale 1.5 the piles had shrunk to 20 px)."""
        px = self.app.px
        return px(PILE_ABOVE) + px(PILE_BELOW) + int(self.card_width() * 1.4)

    def waits_for_next_round(self) -> bool:
        """Between hands a person dealing presses Deal; a computer dealer deals by itself."""
        dealer = self.view.dealer
        return self.view.phase.id == Phase.SHUFFLE and dealer is not None and not self.is_bot(dealer)

    def chance_pause(self) -> float:
        """A computer dealer lets everyone read the last hand's result before it deals."""
        return READ_PAUSE if self.view.phase.id == Phase.SHUFFLE else super().chance_pause()

    # -- controls -----------------------------------------------------------------------
    NEXT_LABEL = "Deal"

    def build_controls(self, group: WidgetGroup) -> None:
        """The betting bar, Skip in the exchange, or a button per seat to name the next dealer."""
        view, viewer = self.view, self.viewer
        px, fonts = self.app.px, self.app.fonts
        phase = view.phase.id
        if self.taken is not None:
            self.bar_button(group, "Done", self.done_looking, "Enter", width=140)
        elif viewer is None or not self.mine():
            self.selected = None
        elif phase == Phase.BET:
            rnd = view.betting_round
            self.open_bet_bar(IpsoBetBar, note=betting_words(rnd).capitalize() if rnd is not None else "")
        elif phase == Phase.EXCHANGE:
            if self.selected not in self.own_hand():
                self.selected = None
            self.bar_button(group, "Skip", self.skip, "K", width=140, primary=False)
        elif phase == Phase.CHOOSE_DEALER:
            x, y = self.bar_rect.x + px(8), self.bar_rect.y + px(8)
            for number, dealer in enumerate(self.dealers_to_name(), start=1):
                label = f"{number}: {'me' if dealer == viewer else self.names[dealer]}"
                width = px(36) + fonts.render(label, px(16), THEME.text).get_width()
                group.add(Button((x, y, width, px(42)), fonts, label, functools.partial(self.choose_dealer, dealer),
                                 size=px(16), primary=dealer == viewer, hotkey=str(number)))
                x += width + px(8)

    def skip(self) -> None:
        """Keep the same four cards this exchange phase."""
        if self.act_mine(Skip):
            self.selected = None

    def exchange(self, card: int, pile: Pile) -> None:
        """Give up ``card`` for the top of ``pile``; with other people at this screen, the
        table then holds until Done, so the player sees the card they took before the
        pass screen hides it."""
        before, hold = set(self.own_hand()), len(self.people_here()) > 1
        self.taken = card if hold else None  # set before acting: the move hands the turn on at once
        if self.act_mine(Exchange, card=card, pile=pile.value):
            self.selected = None
            if hold:
                self.taken = next(iter(set(self.own_hand()) - before), None)
                self.after_action()
        else:
            self.taken = None

    def holding(self) -> bool:
        """True while the viewer looks at the card they took (until Done)."""
        return self.taken is not None

    def done_looking(self) -> None:
        """Done after an exchange: the turn goes on (a pass screen, if another person is next)."""
        self.taken = None
        self.after_action()
        self.check_turn()

    def check_turn(self) -> None:
        """No pass screen while the viewer still looks at the card they took."""
        if self.taken is None:
            super().check_turn()

    def choose_dealer(self, dealer: int) -> None:
        """Name the next hand's dealer."""
        self.act_mine(ChooseDealer, dealer=dealer)

    def dealers_to_name(self) -> list[int]:
        """The seats the viewer may name the next dealer (its legal actions)."""
        return [a.dealer for a in self.view.legal if isinstance(a, ChooseDealer)]

    def select(self, card: int) -> None:
        """Choose (or un-choose) the hand card to exchange."""
        self.selected = None if self.selected == card else card

    # -- events ------------------------------------------------------------------------------
    def exchanging(self) -> bool:
        """True on the viewer's own turn to exchange."""
        return self.view.phase.id == Phase.EXCHANGE and self.mine()

    def handle_pointer(self, event: pygame.event.Event) -> bool:
        """Drag a hand card onto a pile, or click a card and then a pile."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.exchanging():
            if self.start_drag(event, self.hand_rects):
                return True
            for pile, rect in self.pile_rects.items():
                if rect.collidepoint(event.pos) and self.selected is not None:
                    self.exchange(self.selected, pile)
                    return True
        released = self.end_drag(event)
        if released is not None:
            card, moved = released
            target = next((p for p, r in self.pile_rects.items() if r.collidepoint(event.pos)), None)
            if moved and target is not None:
                self.exchange(card, target)
            elif not moved:
                self.select(card)
            return True
        return event.type == pygame.MOUSEMOTION and self.dragging is not None

    def key_select(self, event: pygame.event.Event) -> bool:
        """1-4 in the exchange: choose the card to give up."""
        return by_number(event, self.own_hand(), self.select)

    def key_pile(self, event: pygame.event.Event) -> None:
        """T, P, D or U in the exchange: take from that pile."""
        if self.selected is None:
            self.app.toast("First choose a card to give up: click it or press 1-4")
        else:
            self.exchange(self.selected, PILE_KEYS[event.key])

    def naming_dealer(self) -> bool:
        """True when the viewer, having won, names the next dealer."""
        return self.view.phase.id == Phase.CHOOSE_DEALER and self.mine()

    def deal_myself(self) -> None:
        """The viewer deals the next hand."""
        if self.viewer is not None:
            self.choose_dealer(self.viewer)

    def key_dealer(self, event: pygame.event.Event) -> bool:
        """1-5 after a hand the viewer won: the dealer by number."""
        return by_number(event, self.dealers_to_name(), self.choose_dealer)

    # -- drawing ---------------------------------------------------------------------------------
    def title(self, view: SeatView) -> str:
        """The game, the hand and the phase."""
        title = f"Ipso   ·   hand {view.round}" if view.round else "Ipso   ·   drawing for the deal"
        exchange = self.parts(view).exchange_phase
        if view.betting_round is not None:
            title += f"   ·   {betting_words(view.betting_round)}"
        elif exchange is not None:
            title += f"   ·   exchange phase {exchange} of 4"
        return title

    @staticmethod
    def shown_cards(view: SeatView, zone_id: str) -> list[int]:
        """The cards of a face-up shared zone (the flip pile, the face-up discards), bottom first."""
        zone = view.zone(zone_id)
        return [c for c in zone.cards if c is not None] if zone is not None else []

    def draw_centre(self, surface: pygame.Surface, view: SeatView) -> None:
        px, fonts = self.app.px, self.app.fonts
        parts = self.parts(view)
        if not view.round or view.phase.id in (Phase.CHOOSE_DEALER, Phase.SHUFFLE, Phase.GAME_OVER):
            self.pile_rects = {}  # the hand is over: the shown hands have the centre
            return
        gap = max(px(12), min(px(34), self.middle.width // 24))
        cw, top = self.middle_row(4, self.card_width() + px(6), gap=gap, above=px(PILE_ABOVE), below=px(PILE_BELOW))
        ch = int(cw * 1.4)
        flip, up_discard = self.shown_cards(view, "flip"), self.shown_cards(view, "up_discard")
        counts = {Pile.STOCK: self.pile_size(view, "stock"), Pile.FLIP: len(flip),
                  Pile.DOWN_DISCARD: self.pile_size(view, "down_discard"), Pile.UP_DISCARD: len(up_discard)}
        roomy = cw + gap >= px(84)
        labels = {pile: pile_caption(pile, counts[pile], roomy) for pile in PILE_ORDER}
        widest = max(fonts.size_of(line, px(13))[0] + 8 for lines in labels.values() for line in lines)
        gap = max(gap, min(widest + px(6) - cw, (self.middle.width - 4 * cw) // 3))  # captions clear of each other
        total = 4 * cw + 3 * gap
        cx = self.middle.centerx
        left = cx - total // 2
        self.deck_rect = pygame.Rect(left, top, cw, ch)
        tops = {Pile.FLIP: flip[-1] if flip else None,
                Pile.UP_DISCARD: up_discard[-1] if up_discard else None}
        exchanging = view.phase.id == Phase.EXCHANGE and view.to_act == self.viewer and self.viewer is not None
        self.pile_rects = {}
        for i, pile in enumerate(PILE_ORDER):
            rect = pygame.Rect(left + i * (cw + gap), top, cw, ch)
            self.pile_rects[pile] = rect
            pygame.draw.rect(surface, THEME.felt_dark, rect, 2, border_radius=px(8))
            if counts[pile]:
                if pile in tops:
                    if pile == Pile.UP_DISCARD and counts[pile] > 1:  # a peek at the card beneath
                        beneath = up_discard[-2]
                        surface.blit(self.faces.get(self.deck, beneath, True, cw, force=True),
                                     (rect.x - px(8), rect.y - px(6)))
                    self.card(surface, self.deck, tops[pile], True, cw, rect.topleft, origin=self.deck_rect.topleft)
                else:
                    surface.blit(self.faces.back(self.deck, cw), rect)
            if exchanging and counts[pile] and (self.selected is not None or self.dragging is not None):
                pygame.draw.rect(surface, THEME.highlight, rect.inflate(8, 8), 3, border_radius=px(9))
            self.caption(surface, self.note_box(f"pile:{pile.value}", rect), labels[pile], gap=5)
            if exchanging:  # the key that takes from this pile, on its corner
                badge = pygame.Rect(0, 0, px(20), px(20))
                badge.center = (rect.right - px(2), rect.y + px(2))
                self.extend_box(f"pile:{pile.value}", badge)  # the pile's own mark: it may touch the pile only
                pygame.draw.ellipse(surface, THEME.highlight, badge)
                key = fonts.render(PILE_KEY_NAMES[pile], px(12), (20, 20, 20), bold=True)
                surface.blit(key, key.get_rect(center=badge.center))
        if not view.pot_total:
            return
        extra = ([f"last bet {parts.last_amount:,}"] if parts.last_amount is not None
                 else [f"stake at least {parts.floor:,}"] if view.phase.id == Phase.BET else [])
        self.draw_pot_line(surface, view, (cx, top - px(14)), extra)  # Ipso's view has one pot, no side pots

    def _seat_lines(self, view: SeatView, seat: int) -> list[str]:
        info, parts, phase = view.seats[seat], self.parts(view), view.phase.id
        stack, put = info.stack or 0, info.contributed
        lines = [f"chips {stack:,}" + (f"   ·   in pot {put:,}" if put else "")]
        status = ""
        if view.round and not info.in_hand:
            status = "folded" if put or phase in (Phase.BET, Phase.EXCHANGE) else ""
            if not parts.can_play[seat] and phase != Phase.BET:
                status = "cannot pay the ante"
        if info.in_hand and info.bet:
            status = f"put in {info.bet} this round"
        done = parts.exchanged[seat]
        if phase == Phase.EXCHANGE and done:
            if done == "skip":
                status = "skipped"
            else:
                status = f"took from the {done.replace('_', '-').replace('-discard', ' discards')}"
        results = view.showdown
        if results is not None and phase in (Phase.CHOOSE_DEALER, Phase.SHUFFLE, Phase.GAME_OVER):
            shown = results.hand(seat)
            status = shown.label if shown else status
            if seat in results.winners:
                status = (f"{status}   ·   won {parts.won_pot:,}" if shown else f"won {parts.won_pot:,}")
        cuts = [c for s, c in parts.cut_cards if s == seat]
        if cuts:
            status += "   cut " + " ".join(self.deck[c].code for c in cuts)
        return lines + [status] if status else lines

    def draw_seat(self, surface: pygame.Surface, view: SeatView, seat: int) -> None:
        px = self.app.px
        info = view.seats[seat]
        cards = list(info.hand)
        own = seat == self.viewer and not info.shown
        big = self.card_width(big=True)
        hand = self.own_hand_box(max(4, len(cards)), big, shift=px(40)) if own else None
        at = self.plate_beside(hand) if hand is not None else None
        lines = self._seat_lines(view, seat)
        value = self.parts(view).own_hand if own else None
        plate = self.seat_plate(surface, seat, lines, dealer=info.dealer and view.round > 0,
                                acting=view.to_act == seat, at=at, dim=not info.in_hand and view.round > 0)
        if value is not None and hand is not None:
            # Over the viewer's plate, in the felt left of their hand: over the hand it covered
            # the piles' counts, and on the plate "High Card & Tags (35)" lost its value to an ellipsis.
            left = self.felt.x + px(10)  # clear of the felt's rim
            room = pygame.Rect(left, self.felt.y, hand.x - px(8) - left, plate.y - self.felt.y)
            self.hand_line = f"Your hand: {value}"
            if not self.banner_fits(self.hand_line, room):
                self.hand_line = value  # (a narrow felt) over their own plate it says as much
            self.draw_hand_line(surface, self.hand_line, (plate.centerx, plate.y - px(8)), within=room)
        drawn = self._drawn_for_deal(view.round, self.parts(view).dealer_draws).get(seat)
        if drawn is not None:
            self.draw_seat_cards(surface, seat, plate, [drawn], self.card_width(), 0)
        if hand is not None:
            box = hand
            marked = self.selected if self.taken is None else self.taken
            self.hand_rects = self.draw_own_cards(surface, cards, box, big, chosen=[marked] if
                                                  marked is not None else [], mark=THEME.highlight,
                                                  dragging=self.dragging, origin=self.deck_rect.topleft)
            if self.exchanging():
                for i in range(len(cards)):
                    tag = self.app.fonts.render(str(i + 1), px(13), THEME.text_dim)
                    at = tag.get_rect(midbottom=(box.x + i * (big + px(12)) + big // 2, box.y - px(2)))
                    surface.blit(tag, self.note_box(f"key:{i + 1}", at))
            return
        if cards:
            face_up = any(c is not None for c in cards)
            cw = self.card_width(big=True) * 3 // 4 if face_up else max(28, self.card_width() * 2 // 3)  # slot caps it
            self.draw_seat_cards(surface, seat, plate, cards, cw, int(cw * (0.7 if face_up else 0.32)),
                                 origin=self.deck_rect.topleft)

    def _drawn_for_deal(self, round_no: int, draws: Sequence[Sequence[Sequence[int]]]) -> dict[int, int]:
        """Each seat's latest card of the draw for the first dealer, while it is on the table:
        a card that went back and was drawn again by a seat drawing off a tie shows only
        there, where it now lies (one card, one place). ``draws``: the draws for the deal,
        each ``(seat, card)`` pairs, while the ``round_no`` is 0."""
        if round_no or not draws:
            return {}
        latest = {seat: (turn, card) for turn, draw in enumerate(draws) for seat, card in draw}
        newest: dict[int, int] = {}  # card -> the turn it was last drawn in
        for turn, card in latest.values():
            newest[card] = max(turn, newest.get(card, -1))
        shown = {seat: card for seat, (turn, card) in latest.items() if newest[card] == turn}
        holders = {card: seat for seat, card in shown.items()}
        for card, seat in holders.items():
            if self._draw_holders.get(card, seat) != seat:
                # back in the deck and drawn again: it shows at its new seat, not sliding
                # there from the old one across the table
                self.cards.last.pop(card, None)
                self.cards.moving.pop(card, None)
        self._draw_holders = holders
        return shown

    def bar_text(self, view: SeatView) -> str | None:
        names, results, mine, phase = view.names, view.showdown, self.mine(), view.phase.id
        parts = self.parts(view)
        summary = ""
        if results is not None:
            gained = gains(names, results, self.result_people(view))
            summary = f"Hand {results.round}: " + result_text(names, results, pot=parts.won_pot, cuts=parts.cuts,
                                                              card_words=lambda card: self.deck[card].code) + \
                " " + (gained + " " if gained else "")
        if phase == Phase.GAME_OVER:
            return f"{summary}Fewer than two players can pay the ante: {self.match.standings()[0][0]} finishes on top."
        if phase == Phase.SHUFFLE and view.dealer is not None:
            dealer = names[view.dealer]
            start = f"{dealer} drew the highest card and deals." if view.round == 0 \
                else f"{summary}{dealer} deals next."
            return start + (" Press Enter to deal." if self.waits_for_next_round() else " Dealing soon…")
        if phase == Phase.DEALER_DRAW:
            return "Everyone draws a card: the highest deals (Aces are low)…"
        if self.taken is not None:
            return f"You took the {self.deck[self.taken].name}. Press Done (Enter) to hand the screen on."
        if mine and phase == Phase.EXCHANGE:
            return "Drag a card onto the pile to take from (or 1-4, then T/P/D/U), or Skip."
        if phase == Phase.CHOOSE_DEALER and view.to_act is not None:
            return f"{summary}Who deals next?" if mine else f"{summary}{names[view.to_act]} names the next dealer…"
        return None


def pile_caption(pile: Pile, count: int, roomy: bool) -> list[str]:
    """The lines under a middle pile: its name and count ("face-down", "discards 3"), or
    on a narrow row its short name over its count ("down", "3"); the flip pile shows its
    card, so no count."""
    lines = list(PILE_LABELS[pile]) if roomy else [PILE_LABELS[pile][0].split("-")[-1]]
    if pile != Pile.FLIP and roomy:
        lines[-1] += f"  {count}"
    elif pile != Pile.FLIP:
        lines.append(str(count))
    return lines


TABLE = TableSetup("ipso", IpsoTableScene, "cardtable.games.ipso.ui.hands_page:IpsoHandsPage",
                   smoke_text="Ipso table, pass screen and hand table: drawn (hand {state.round_no})", smoke_stack=100,
                   smoke_steps=(60, 120))  # then the first hand is dealt: a pass screen or a bot's move follows
"""The table's opening, start, restore and smoke run (:mod:`cardtable.ui.table_setup`)."""

open_game, help_pages, smoke, restore, start_ipso = TABLE.functions()
