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

from cardtable.engine.game import CHANCE
from cardtable.games.five_card_draw.rules import BETTING_ROUND_NAMES, Discard, Phase
from cardtable.games.five_card_draw.state import DrawState
from cardtable.ui.bet_bar import BetBar
from cardtable.ui.game_table import GameTableScene
from cardtable.ui.setup_scene import SeatConfig
from cardtable.ui.table_setup import TableSetup
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, WidgetGroup
from cardtable.variants import VariantSpec

__all__ = ["open_game", "help_pages", "smoke", "start_match", "restore", "DrawTableScene"]


class DrawTableScene(GameTableScene):
    """One match of Five-Card Draw on one screen."""

    state: DrawState

    def __init__(self, app, variant: VariantSpec, state: DrawState, seats: list[SeatConfig], bots) -> None:
        self.selected: list[int] = []
        self.hand_rects: dict[int, pygame.Rect] = {}
        self.widgets = WidgetGroup()
        self.bet_bar: BetBar | None = None
        super().__init__(app, variant, state, seats, bots)
        self.deck = state.deck
        self.after_action()

    # -- geometry ---------------------------------------------------------------------
    def card_width(self, big: bool = False) -> int:
        """Card width for the viewer's hand (big) and for the other seats."""
        return max(40, int(self.felt.height / 6.0 * (0.9 if big else 0.5)))

    def layout(self) -> None:
        """The shared layout, then the controls rebuilt for the new size."""
        super().layout()
        self.deck_rect = pygame.Rect(0, 0, 1, 1)
        self.discard_rect = pygame.Rect(0, 0, 1, 1)
        self.after_action()

    def vanished_to(self, card: int) -> tuple[float, float] | None:
        """Discarded and folded cards fly to the discard pile."""
        state = self.state
        return self.discard_rect.topleft if card in state.discards or card in state.pending else None

    def waits_for_next_round(self) -> bool:
        """Between hands the people press Next hand."""
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
        right = (bar.right - px(190), y, px(180), h)
        if state.phase == Phase.REVEAL:
            group.add(Button(right, fonts, "Next hand", self.next_round, size=px(18), primary=True, hotkey="Enter"))
        elif state.phase == Phase.GAME_OVER:
            group.add(Button(right, fonts, "Back to menu", self.leave, size=px(18), primary=True, hotkey="Enter"))
        elif viewer is not None and state.to_act == viewer and not self.passing:
            if state.phase == Phase.BET:
                options = state.betting_options(viewer)
                if options is not None:
                    self.bet_bar = BetBar(self.app, bar, options, self.act)
            elif state.phase == Phase.DRAW:
                self.selected = [c for c in self.selected if c in state.hand_of(viewer)]
                label = f"Discard {len(self.selected)}" if self.selected else "Stand pat"
                group.add(Button(right, fonts, label, self.discard, size=px(18), primary=True, hotkey="Enter"))
        else:
            self.selected = []
        self.widgets = group

    def discard(self) -> None:
        """Discard the chosen cards (none: stand pat) and draw as many."""
        if self.viewer is not None and self.act(Discard(seat=self.viewer, cards=tuple(self.selected))):
            self.selected = []

    def toggle(self, card: int) -> None:
        """Choose or un-choose a hand card to discard."""
        limit = self.state.draw_limit(self.viewer) if self.viewer is not None else 0
        if card in self.selected:
            self.selected.remove(card)
        elif len(self.selected) < limit:
            self.selected.append(card)
        else:
            self.app.toast(f"You may discard at most {limit} cards")
        self.after_action()

    def next_round(self) -> None:
        """Start the next hand with nothing picked."""
        self.selected = []
        super().next_round()

    # -- events ------------------------------------------------------------------------------
    def handle_game(self, event: pygame.event.Event) -> bool:
        """The betting bar, the buttons, clicks on the hand and the keys 1-5, Enter, Space, D."""
        if self.bet_bar is not None and self.bet_bar.handle(event):
            return True
        if self.widgets.handle(event):
            return True
        mine = self.viewer is not None and self.state.to_act == self.viewer and not self.passing
        drawing = mine and self.state.phase == Phase.DRAW
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and drawing:
            for card, rect in reversed(self.hand_rects.items()):
                if rect.collidepoint(event.pos):
                    self.toggle(card)
                    return True
        if event.type != pygame.KEYDOWN:
            return False
        key, phase = event.key, self.state.phase
        if phase in (Phase.REVEAL, Phase.GAME_OVER) and key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n):
            self.next_round() if phase == Phase.REVEAL else self.leave()
            return True
        if drawing and self.viewer is not None:  # drawing: the viewer's own turn
            hand = self.state.hand_of(self.viewer)
            if pygame.K_1 <= key <= pygame.K_5 and key - pygame.K_1 < len(hand):
                self.toggle(hand[key - pygame.K_1])
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_d):
                self.discard()
                return True
        return False

    # -- drawing ---------------------------------------------------------------------------------
    def draw_game(self, surface: pygame.Surface) -> None:
        """The stock, the discards, the pots, every seat and the action bar."""
        view = self.viewer_view()
        self._draw_centre(surface, view)
        for seat in range(self.state.seats):
            self._draw_seat(surface, view, seat)
        self._draw_bar(surface, view)
        title = f"Five-Card Draw   ·   hand {view['round_no']}"
        if view["phase"] == "bet" and view["betting_round"] is not None:
            title += f"   ·   betting {BETTING_ROUND_NAMES[view['betting_round']]}"
        elif view["phase"] in ("draw", "reshuffle"):
            title += "   ·   the draw"
        elif view["phase"] == "reveal":
            title += "   ·   showdown"
        self.draw_title(surface, title)

    def _draw_centre(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        px, fonts = self.app.px, self.app.fonts
        cw = self.card_width() + px(10)
        ch = int(cw * 1.4)
        cx, cy = self.felt.center
        top = cy - ch // 2 - px(30)
        self.deck_rect = pygame.Rect(cx - cw - px(20), top, cw, ch)
        self.discard_rect = pygame.Rect(cx + px(20), top, cw, ch)
        if view["deck_count"]:
            surface.blit(self.faces.back(self.deck, cw), self.deck_rect)
        self._caption(surface, self.deck_rect, f"stock {view['deck_count']}")
        pygame.draw.rect(surface, THEME.felt_dark, self.discard_rect, 2, border_radius=px(8))
        if view["discard_count"]:
            surface.blit(self.faces.back(self.deck, cw), self.discard_rect)
        self._caption(surface, self.discard_rect, f"discards {view['discard_count']}")
        pots = [f"pot {view['pot_total']}"] if view["pot_total"] else []
        if len(view["pots"]) > 1:
            pots = [f"{'main' if i == 0 else f'side {i}'} {p['amount']}" for i, p in enumerate(view["pots"])]
        if pots:
            img = fonts.render("   ·   ".join(pots), px(18), THEME.highlight, bold=True)
            surface.blit(img, img.get_rect(midbottom=(cx, top - px(10))))

    def _caption(self, surface: pygame.Surface, rect: pygame.Rect, text: str) -> None:
        img = self.app.fonts.render(text, self.app.px(13), THEME.text)
        r = img.get_rect(midtop=(rect.centerx, rect.bottom + self.app.px(4)))
        pygame.draw.rect(surface, (0, 0, 0), r.inflate(8, 2), border_radius=r.height // 2)
        surface.blit(img, r)

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

    def _draw_seat(self, surface: pygame.Surface, view: dict[str, Any], seat: int) -> None:
        px = self.app.px
        stack, bet = view["stacks"][seat], view["round_bets"][seat]
        lines = [f"chips {stack}" + (f"   ·   bet {bet}" if bet else "")]
        status = self._status(view, seat)
        if status:
            lines.append(status)
        cards = view["hands"][seat]
        own = seat == self.viewer
        at = None
        if own:
            hand = self._own_hand_box(len(cards) or 5)
            at = (hand.x - px(110), hand.centery)
        plate = self.seat_plate(surface, seat, lines, dealer=view["dealer"] == seat,
                                acting=view["to_act"] == seat, dim=view["out"][seat], at=at)
        if own:
            self._draw_own_hand(surface, cards)
            return
        if not cards:
            return
        face_up = cards[0] is not None
        cw = self.card_width() if face_up else max(28, int(self.card_width() * 0.7))
        step = int(cw * (0.62 if face_up else 0.3))
        x0 = plate.centerx - (step * (len(cards) - 1) + cw) // 2
        y0 = plate.bottom + px(6) if plate.centery < self.felt.centery else plate.y - int(cw * 1.4) - px(6)
        for i, card in enumerate(cards):
            self.card(surface, self.deck, card, face_up, cw, (x0 + i * step, y0), origin=self.deck_rect.topleft)

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
        box = self._own_hand_box(len(cards))
        self.hand_rects = {}
        for i, card in enumerate(cards):
            if card is None:
                continue
            rect = self.card(surface, self.deck, card, True, cw, (box.x + i * (cw + px(12)), box.y),
                             origin=self.deck_rect.topleft, lifted=card in self.selected)
            self.hand_rects[card] = rect
            if card in self.selected:
                pygame.draw.rect(surface, THEME.error, rect.inflate(6, 6), 3, border_radius=px(8))

    def _draw_bar(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        state = self.state
        to_act = state.to_act
        if state.phase == Phase.GAME_OVER:
            self.bar_message(surface, f"{state.standings()[0][0]} has every chip. Well played!")
        elif state.phase == Phase.REVEAL and view["results"]:
            winners = sorted({w for p in view["results"]["pots"] for w in p["winners"]})
            names = ", ".join(view["names"][w] for w in winners)
            how = "wins" if len(winners) == 1 else "share"
            self.bar_message(surface, f"Hand {view['round_no']}: {names} {how}. Press Enter for the next hand.")
        elif self.bet_bar is not None:
            self.bet_bar.draw(surface)
        elif to_act == self.viewer and self.viewer is not None and state.phase == Phase.DRAW:
            limit = view["draw_limit"]
            self.bar_message(surface, f"Click up to {limit} cards (or 1-5) to discard, then Discard or Stand pat.")
        elif to_act is not None and to_act != CHANCE:
            self.bar_message(surface, f"{view['names'][to_act]} is thinking…")
        else:
            self.bar_message(surface, "Dealing…")
        self.widgets.draw(surface)


TABLE = TableSetup("five_card_draw", DrawTableScene, "cardtable.games.five_card_draw.ui.hands_page:HandsPage",
                   smoke_text="Five-Card Draw table, pass screen and hands page: drawn (hand {state.round_no})",
                   smoke_stack=100, deck_from_save=True)
"""The table's opening, start, restore and smoke run (:mod:`cardtable.ui.table_setup`)."""

open_game, help_pages, smoke, restore, start_match = TABLE.functions()
