"""The Ipso table: seats, the four piles, the draw for the deal, exchanges, the showdown.

Everything drawn comes from ``state.view(viewer)``, so a card the viewer may not see
is never in hand here. The controls are rebuilt after every action from what the
engine says is legal: the betting bar from ``betting_options``; an exchange by
dragging a hand card onto the pile to take from (or clicking a card, then a pile;
or the keys 1-4, then T, P, D or U), Skip (K); the winner names the next dealer
with one button per seat.
"""

from __future__ import annotations

import functools
from typing import Any

import pygame

from cardtable.engine.game import CHANCE
from cardtable.games.ipso.rules import ChooseDealer, Exchange, Phase, Pile, Skip
from cardtable.games.ipso.state import IpsoState
from cardtable.games.ipso.ui.bet_bar import IpsoBetBar
from cardtable.ui.game_table import GameTableScene
from cardtable.ui.setup_scene import SeatConfig
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
PILE_KEY_NAMES = {Pile.STOCK: "T", Pile.FLIP: "P", Pile.DOWN_DISCARD: "D", Pile.UP_DISCARD: "U"}


class IpsoTableScene(GameTableScene):
    """One game of Ipso on one screen."""

    state: IpsoState

    def __init__(self, app, variant: VariantSpec, state: IpsoState, seats: list[SeatConfig], bots) -> None:
        self.selected: int | None = None     # the hand card chosen to exchange
        self.dragging: tuple[int, tuple[int, int], tuple[int, int]] | None = None  # card, grab, press
        self.hand_rects: dict[int, pygame.Rect] = {}
        self.pile_rects: dict[Pile, pygame.Rect] = {}
        self.widgets = WidgetGroup()
        self.bet_bar: IpsoBetBar | None = None
        super().__init__(app, variant, state, seats, bots)
        self.deck = state.deck
        self.after_action()

    def forget_motion(self) -> None:
        """The person at the screen changes: also drop the last person's chosen card and drag."""
        super().forget_motion()
        self.selected = None
        self.dragging = None

    # -- geometry ---------------------------------------------------------------------
    def card_width(self, big: bool = False) -> int:
        """Card widths for the viewer's hand (big) and for the piles and other seats."""
        base = self.felt.height / 6.0
        return max(36, int(base * (1.0 if big else 0.55)))

    def layout(self) -> None:
        super().layout()
        self.deck_rect = pygame.Rect(self.felt.center, (1, 1))
        self.after_action()

    def waits_for_next_round(self) -> bool:
        return self.state.phase == Phase.SHUFFLE

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
        mine = viewer is not None and state.to_act == viewer and not self.passing
        if state.phase == Phase.SHUFFLE:
            group.add(Button((bar.right - px(190), y, px(180), h), fonts, "Deal", self.next_round,
                             size=px(18), primary=True, hotkey="Enter"))
        elif state.phase == Phase.GAME_OVER:
            group.add(Button((bar.right - px(190), y, px(180), h), fonts, "Back to menu", self.leave,
                             size=px(18), primary=True, hotkey="Enter"))
        elif mine and viewer is not None and state.phase == Phase.BET:
            options = state.betting_options(viewer)
            if options is not None:
                self.bet_bar = IpsoBetBar(self.app, bar, options, self.act,
                                          note=f"Betting round {state.betting_round} of 6")
        elif mine and viewer is not None and state.phase == Phase.EXCHANGE:
            if self.selected not in state.hand_of(viewer):
                self.selected = None
            group.add(Button((bar.right - px(150), y, px(140), h), fonts, "Skip", self.skip,
                             size=px(18), hotkey="K"))
        elif mine and viewer is not None and state.phase == Phase.CHOOSE_DEALER:
            x = bar.x + px(8)
            for number, action in enumerate(state.legal_actions(viewer), start=1):
                dealer = action.dealer  # type: ignore[attr-defined]
                label = f"{number}: {'me' if dealer == viewer else self.names[dealer]}"
                width = px(36) + fonts.render(label, px(16), THEME.text).get_width()
                group.add(Button((x, y, width, h), fonts, label, functools.partial(self.choose_dealer, dealer),
                                 size=px(16), primary=dealer == viewer, hotkey=str(number)))
                x += width + px(8)
        if not mine:
            self.selected = None
        self.widgets = group

    def skip(self) -> None:
        """Keep the same four cards this exchange phase."""
        if self.viewer is not None and self.act(Skip(seat=self.viewer)):
            self.selected = None

    def exchange(self, card: int, pile: Pile) -> None:
        """Give up ``card`` for the top of ``pile``."""
        if self.viewer is not None and self.act(Exchange(seat=self.viewer, card=card, pile=pile.value)):
            self.selected = None

    def choose_dealer(self, dealer: int) -> None:
        """Name the next hand's dealer."""
        if self.viewer is not None:
            self.act(ChooseDealer(seat=self.viewer, dealer=dealer))

    def select(self, card: int) -> None:
        """Choose (or un-choose) the hand card to exchange."""
        self.selected = None if self.selected == card else card

    # -- events ------------------------------------------------------------------------------
    def handle_game(self, event: pygame.event.Event) -> bool:
        if self.bet_bar is not None and self.bet_bar.handle(event):
            return True
        if self.widgets.handle(event):
            return True
        exchanging = self.state.phase == Phase.EXCHANGE and self.viewer is not None \
            and self.state.to_act == self.viewer
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and exchanging:
            for card, rect in self.hand_rects.items():
                if rect.collidepoint(event.pos):
                    self.dragging = (card, (event.pos[0] - rect.x, event.pos[1] - rect.y), event.pos)
                    return True
            for pile, rect in self.pile_rects.items():
                if rect.collidepoint(event.pos) and self.selected is not None:
                    self.exchange(self.selected, pile)
                    return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging is not None:
            card, _, start = self.dragging
            self.dragging = None
            moved = abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > 6
            target = next((p for p, r in self.pile_rects.items() if r.collidepoint(event.pos)), None)
            if moved and target is not None:
                self.exchange(card, target)
            elif not moved:
                self.select(card)
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging is not None:
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        state, key = self.state, event.key
        if state.phase == Phase.SHUFFLE and key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.next_round()
            return True
        if state.phase == Phase.GAME_OVER and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.leave()
            return True
        if self.viewer is None or state.to_act != self.viewer:
            return False
        if state.phase == Phase.EXCHANGE:
            hand = state.hand_of(self.viewer)
            if pygame.K_1 <= key <= pygame.K_4 and key - pygame.K_1 < len(hand):
                self.select(hand[key - pygame.K_1])
                return True
            if key in PILE_KEYS:
                if self.selected is None:
                    self.app.toast("First choose a card to give up: click it or press 1-4")
                else:
                    self.exchange(self.selected, PILE_KEYS[key])
                return True
            if key == pygame.K_k:
                self.skip()
                return True
        if state.phase == Phase.CHOOSE_DEALER:
            dealers = [a.dealer for a in state.legal_actions(self.viewer)]  # type: ignore[attr-defined]
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.choose_dealer(self.viewer)
                return True
            if pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(dealers):
                self.choose_dealer(dealers[key - pygame.K_1])
                return True
        return False

    # -- drawing ---------------------------------------------------------------------------------
    def draw_game(self, surface: pygame.Surface) -> None:
        view = self.viewer_view()
        self._draw_piles(surface, view)
        for seat in range(self.state.seats):
            self._draw_seat(surface, view, seat)
        self._draw_bar(surface, view)
        title = f"Ipso   ·   hand {view['round_no']}" if view["round_no"] else "Ipso   ·   drawing for the deal"
        if view["betting_round"] is not None:
            title += f"   ·   betting round {view['betting_round']} of 6"
        elif view["exchange_phase"] is not None:
            title += f"   ·   exchange phase {view['exchange_phase']} of 4"
        self.draw_title(surface, title)

    def _draw_piles(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        px, fonts = self.app.px, self.app.fonts
        if not view["round_no"] or view["phase"] in ("choose_dealer", "shuffle", "game_over"):
            self.pile_rects = {}  # the hand is over: the shown hands have the centre
            return
        cw = self.card_width() + px(6)
        ch = int(cw * 1.4)
        gap = max(px(12), min(px(34), self.felt.width // 32))
        total = 4 * cw + 3 * gap
        cx, cy = self.felt.center
        left, top = cx - total // 2, cy - ch // 2 - px(24)
        self.deck_rect = pygame.Rect(left, top, cw, ch)
        counts = {Pile.STOCK: view["stock_count"], Pile.FLIP: len(view["flip"]),
                  Pile.DOWN_DISCARD: view["down_discard_count"], Pile.UP_DISCARD: len(view["up_discard"])}
        tops = {Pile.FLIP: view["flip"][-1] if view["flip"] else None,
                Pile.UP_DISCARD: view["up_discard"][-1] if view["up_discard"] else None}
        exchanging = view["phase"] == "exchange" and view["to_act"] == self.viewer and self.viewer is not None
        self.pile_rects = {}
        for i, pile in enumerate(PILE_ORDER):
            rect = pygame.Rect(left + i * (cw + gap), top, cw, ch)
            self.pile_rects[pile] = rect
            pygame.draw.rect(surface, THEME.felt_dark, rect, 2, border_radius=px(8))
            if counts[pile]:
                if pile in tops:
                    if pile == Pile.UP_DISCARD and counts[pile] > 1:  # a peek at the card beneath
                        beneath = view["up_discard"][-2]
                        surface.blit(self.faces.get(self.deck, beneath, True, cw, force=True),
                                     (rect.x - px(8), rect.y - px(6)))
                    self.card(surface, self.deck, tops[pile], True, cw, rect.topleft, origin=self.deck_rect.topleft)
                else:
                    surface.blit(self.faces.back(self.deck, cw), rect)
            if exchanging and counts[pile] and (self.selected is not None or self.dragging is not None):
                pygame.draw.rect(surface, THEME.highlight, rect.inflate(8, 8), 3, border_radius=px(9))
            roomy = cw + gap >= px(84)
            lines = list(PILE_LABELS[pile]) if roomy else [PILE_LABELS[pile][0].split("-")[-1]]
            if pile != Pile.FLIP and roomy:
                lines[-1] += f"  {counts[pile]}"
            elif pile != Pile.FLIP:
                lines.append(str(counts[pile]))
            self._caption(surface, rect, lines)
            if exchanging:  # the key that takes from this pile, on its corner
                badge = pygame.Rect(0, 0, px(20), px(20))
                badge.center = (rect.right - px(2), rect.y + px(2))
                pygame.draw.ellipse(surface, THEME.highlight, badge)
                key = fonts.render(PILE_KEY_NAMES[pile], px(12), (20, 20, 20), bold=True)
                surface.blit(key, key.get_rect(center=badge.center))
        if not view["pot_total"]:
            return
        pot = f"pot {view['pot_total']}"
        if view["last_amount"] is not None:
            pot += f"   ·   last bet {view['last_amount']}"
        elif view["phase"] == "bet":
            pot += f"   ·   stake at least {view['floor']}"
        img = fonts.render(pot, px(18), THEME.highlight, bold=True)
        surface.blit(img, img.get_rect(midbottom=(cx, top - px(14))))

    def _caption(self, surface: pygame.Surface, rect: pygame.Rect, lines: list[str]) -> None:
        """Short lines centred under ``rect``, each on a dark pill."""
        y = rect.bottom + self.app.px(5)
        for text in lines:
            img = self.app.fonts.render(text, self.app.px(13), THEME.text)
            r = img.get_rect(midtop=(rect.centerx, y))
            pygame.draw.rect(surface, (0, 0, 0), r.inflate(8, 2), border_radius=r.height // 2)
            surface.blit(img, r)
            y = r.bottom + self.app.px(3)

    def _seat_lines(self, view: dict[str, Any], seat: int) -> list[str]:
        stack, put = view["stacks"][seat], view["contributed"][seat]
        lines = [f"chips {stack}" + (f"   ·   in pot {put}" if put else "")]
        status = ""
        if view["round_no"] and not view["in_hand"][seat]:
            status = "folded" if view["contributed"][seat] or view["phase"] in ("bet", "exchange") else ""
            if not view["can_play"][seat] and view["phase"] != "bet":
                status = "cannot pay the ante"
        if view["in_hand"][seat] and view["round_bets"][seat]:
            status = f"put in {view['round_bets'][seat]} this round"
        done = view["exchanged"][seat]
        if view["phase"] == "exchange" and done:
            if done == "skip":
                status = "skipped"
            else:
                status = f"took from the {done.replace('_', '-').replace('-discard', ' discards')}"
        results = view["results"]
        if results and view["phase"] in ("choose_dealer", "shuffle", "game_over"):
            shown = results["hands"].get(str(seat))
            status = f"{shown[1]} ({shown[2]})" if shown else status
            if results["winner"] == seat:
                status = (status + "   " if shown else "wins ") + f"+{results['pot']}"
        cuts = [c for s, c in view["cut_cards"] if s == seat]
        if cuts:
            status += "   cut " + " ".join(self.deck[c].code for c in cuts)
        if status:
            lines.append(status)
        return lines

    def _draw_seat(self, surface: pygame.Surface, view: dict[str, Any], seat: int) -> None:
        px = self.app.px
        cards = view["hands"][seat]
        own = seat == self.viewer and not self.state.shown[seat]
        at = None
        if own:
            hand = self._own_hand_box(max(4, len(cards)))
            at = (hand.x - px(110), hand.centery)
        plate = self.seat_plate(surface, seat, self._seat_lines(view, seat), dealer=view["dealer"] == seat
                                and view["round_no"] > 0, acting=view["to_act"] == seat, at=at,
                                dim=not view["in_hand"][seat] and view["round_no"] > 0)
        drawn = self._drawn_for_deal(view).get(seat)
        if drawn is not None:
            cw = self.card_width()
            below = plate.centery < self.felt.centery
            y = plate.bottom + px(6) if below else plate.y - int(cw * 1.4) - px(6)
            self.card(surface, self.deck, drawn, True, cw, (plate.centerx - cw // 2, y))
        if own:
            self._draw_own_hand(surface, cards)
            value = self.state.hand_value(seat)
            if value is not None:
                img = self.app.fonts.render(value.label, px(15), THEME.accent, bold=True)
                surface.blit(img, img.get_rect(midtop=(plate.centerx, plate.bottom + px(6))))
            return
        if not cards:
            return
        face_up = any(c is not None for c in cards)
        cw = self.card_width() if face_up else max(28, self.card_width() * 2 // 3)
        step = int(cw * (0.7 if face_up else 0.32))
        x0 = plate.centerx - (step * (len(cards) - 1) + cw) // 2
        y0 = plate.bottom + px(6) if plate.centery < self.felt.centery else plate.y - int(cw * 1.4) - px(6)
        for i, card in enumerate(cards):
            self.card(surface, self.deck, card, card is not None, cw, (x0 + i * step, y0),
                      origin=self.deck_rect.topleft)

    def _drawn_for_deal(self, view: dict[str, Any]) -> dict[int, int]:
        """Each seat's latest card of the draw for the first dealer, while it is on the table."""
        if view["round_no"] or not view["dealer_draws"]:
            return {}
        return {seat: card for draw in view["dealer_draws"] for seat, card in draw}

    def _own_hand_box(self, count: int) -> pygame.Rect:
        """Where the viewer's hand lies: bottom centre of the felt."""
        px = self.app.px
        cw = self.card_width(big=True)
        total = count * (cw + px(12)) - px(12)
        h = int(cw * 1.4)
        return pygame.Rect(self.felt.centerx - total // 2 + px(40), self.felt.bottom - h - px(16), total, h)

    def _draw_own_hand(self, surface: pygame.Surface, cards: list[int | None]) -> None:
        px, fonts = self.app.px, self.app.fonts
        cw = self.card_width(big=True)
        gap = px(12)
        box = self._own_hand_box(max(4, len(cards)))
        self.hand_rects = {}
        for i, card in enumerate(cards):
            if card is None:
                continue
            target = (box.x + i * (cw + gap), box.y)
            if self.dragging is not None and self.dragging[0] == card:
                gx, gy = self.dragging[1]
                target = (self.mouse[0] - gx, self.mouse[1] - gy)
            rect = self.card(surface, self.deck, card, True, cw, target, origin=self.deck_rect.topleft,
                             lifted=card == self.selected)
            self.hand_rects[card] = rect
            if card == self.selected:
                pygame.draw.rect(surface, THEME.highlight, rect.inflate(6, 6), 3, border_radius=px(8))
            if self.state.phase == Phase.EXCHANGE and self.state.to_act == self.viewer:
                tag = fonts.render(str(i + 1), px(13), THEME.text_dim)
                surface.blit(tag, tag.get_rect(midbottom=(box.x + i * (cw + gap) + cw // 2, box.y - px(2))))

    def _draw_bar(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        state = self.state
        to_act = state.to_act
        names = view["names"]
        results = view["results"]
        summary = ""
        if results:
            how = (f"with {results['hands'][str(results['winner'])][1]}" if results["showdown"]
                   else "(everyone else folded)")
            summary = f"{names[results['winner']]} wins {results['pot']} {how}. "
        if state.phase == Phase.GAME_OVER:
            self.bar_message(surface, f"{summary}Fewer than two players can pay the ante: "
                                      f"{state.standings()[0][0]} finishes on top.")
        elif state.phase == Phase.SHUFFLE:
            if view["round_no"] == 0:
                text = f"{names[view['dealer']]} drew the highest card and deals. Press Enter to deal."
            else:
                text = f"{summary}{names[view['dealer']]} deals next. Press Enter to deal."
            self.bar_message(surface, text)
        elif state.phase == Phase.DEALER_DRAW:
            self.bar_message(surface, "Everyone draws a card: the highest deals (Aces are low)…")
        elif self.bet_bar is not None:
            self.bet_bar.draw(surface)
        elif to_act == self.viewer and self.viewer is not None and state.phase == Phase.EXCHANGE:
            self.bar_message(surface, "Drag a card onto the pile to take from (or 1-4, then T/P/D/U), or Skip.")
        elif to_act == self.viewer and self.viewer is not None and state.phase == Phase.CHOOSE_DEALER:
            self.bar_message(surface, f"{summary}Who deals next?")
        elif state.phase == Phase.CHOOSE_DEALER and to_act is not None:
            self.bar_message(surface, f"{summary}{names[to_act]} names the next dealer…")
        elif to_act is not None and to_act != CHANCE:
            self.bar_message(surface, f"{names[to_act]} is thinking…")
        else:
            self.bar_message(surface, "Dealing…")
        self.widgets.draw(surface)


TABLE = TableSetup("ipso", IpsoTableScene, "cardtable.games.ipso.ui.hands_page:IpsoHandsPage",
                   smoke_text="Ipso table, pass screen and hand table: drawn (hand {state.round_no})", smoke_stack=100,
                   smoke_steps=(60, 120))  # then the first hand is dealt: a pass screen or a bot's move follows
"""The table's opening, start, restore and smoke run (:mod:`cardtable.ui.table_setup`)."""

open_game, help_pages, smoke, restore, start_ipso = TABLE.functions()
