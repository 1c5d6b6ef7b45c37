"""The Sabacc table: seats, the two pots side by side, the shift die, drawing and the showdown.

Everything drawn comes from the viewer's typed seat view (the table never reads the
state): the viewer's own cards, drawn card and running total, and nothing of anyone
else's until the hand is called. The controls are rebuilt after every action from the
view: the
shared betting bar in the betting phase; Draw and Stand; then Keep, Drop, or a click
on a card of the hand to swap the drawn card for it. The red/blue die tumbles on the
table while chance rolls it (:mod:`cardtable.games.sabacc.ui.die`; started and landed
from the views before and after each move, here or across the network), and the table
holds the next move until everyone has seen where it landed.
"""

from __future__ import annotations

import pygame

from cardtable.engine.game import CHANCE
from cardtable.engine.view import FOLDED, OUT, SeatView
from cardtable.games.sabacc.bot import opponent_table
from cardtable.games.sabacc.state import Draw, Drop, Keep, Phase, SabaccState, Stand, Swap
from cardtable.games.sabacc.ui.die import ShiftDie
from cardtable.games.sabacc.ui.result import result_text
from cardtable.games.sabacc.view import SabaccParts
from cardtable.ui.bet_bar import BET_KEYS
from cardtable.ui.game_table import GameTableScene
from cardtable.ui.result_words import gains
from cardtable.ui.setup_scene import SeatConfig
from cardtable.ui.table_parts import DIGITS, ENTER, KeyBinding, by_number, next_round_binding
from cardtable.ui.table_setup import TableSetup
from cardtable.ui.text import fit_text
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import WidgetGroup
from cardtable.variants import VariantSpec

CHIP_VALUES = (100, 250, 500, 1000)
"""The betting bar's chips: Sabacc stakes are credits in the hundreds and thousands."""

CHANCE_WORDS = {Phase.ROLL: "The shift die is rolling…",
                Phase.SHIFT: "Shifting: every hand loses a random card and gets a new one…",
                Phase.DEMISE: "Sudden demise: one more card each for the tied players…"}
"""The bar while chance acts in these phases."""

PHASE_WORDS = {"bet": "betting", "roll": "the shift die", "shift": "shifting", "draw": "drawing",
               "decide": "drawing", "demise": "sudden demise", "reveal": "the showdown",
               "shuffle": "the deal", "game_over": "game over"}


class SabaccTableScene(GameTableScene):
    """One game of Sabacc on one screen."""

    KEYS = (
        next_round_binding("next hand (after the showdown)"),
        KeyBinding((pygame.K_d, pygame.K_SPACE) + ENTER, "D / Enter", "draw a card", "draw_card", "drawing"),
        KeyBinding((pygame.K_s,), "S", "stand (draw nothing)", "stand", "drawing"),
        KeyBinding(DIGITS, "1-9", "swap the drawn card for that card of your hand", "key_swap", "deciding", True),
        KeyBinding((pygame.K_k,) + ENTER[:1], "K / Enter", "keep the drawn card", "keep", "deciding"),
        KeyBinding((pygame.K_x, pygame.K_DELETE), "X / Delete", "drop the drawn card", "drop", "deciding"),
    )
    BET_KEYS = BET_KEYS

    def __init__(self, app, variant: VariantSpec, state: SabaccState, seats: list[SeatConfig],
                 bots) -> None:
        self.hand_rects: dict[int, pygame.Rect] = {}
        self.die = ShiftDie()
        self.dropped_rect = pygame.Rect(0, 0, 1, 1)
        super().__init__(app, variant, state, seats, bots)
        self.die.colour = self.parts().die  # a restored table shows this hand's roll, as the live one does
        if self.view.phase.id == Phase.ROLL:
            self.die.start_roll(self.clock)

    def parts(self, view: SeatView | None = None) -> SabaccParts:
        """Sabacc's own part of the viewer's view (or of ``view``)."""
        return (view or self.view).extra_as(SabaccParts)

    # -- geometry and pacing -----------------------------------------------------------
    def card_width(self, big: bool = False) -> int:
        """Card widths for the viewer's hand (big) and for the other seats and the piles."""
        base = self.felt.height / 6.0
        return max(40, int(base * (1.0 if big else 0.5)))

    def band_top(self) -> int:
        """The viewer's hand, the drawn card raised beside it and the total over them."""
        return self.felt.bottom - int(self.card_width(big=True) * 1.4) - self.app.px(58)

    def waits_for_next_round(self) -> bool:
        return self.view.phase.id == Phase.REVEAL

    def vanished_to(self, card: int) -> tuple[float, float] | None:
        """Dropped, swapped and folded cards fly to the out-of-play pile (a card leaves
        the table there only while the pile holds cards: a new hand empties it)."""
        return self.dropped_rect.topleft if self.pile_size(self.view, "dropped") else None

    def update(self, dt: float) -> None:
        if self.die.busy(self.clock):
            self.clock += dt  # everyone sees the roll and its colour before play goes on
            return
        super().update(dt)

    def view_moved(self, before: SeatView, after: SeatView) -> None:
        """The die: it lands when the roll is over, is put away with a new hand, and
        tumbles while chance is to roll it."""
        die = self.parts(after).die
        if before.phase.id == Phase.ROLL and after.phase.id != Phase.ROLL and die is not None:
            self.die.land(die, self.clock)
        elif after.round != before.round:
            self.die.reset()
        if after.phase.id == Phase.ROLL:
            self.die.start_roll(self.clock)

    # -- controls -------------------------------------------------------------------------
    NEXT_LABEL = "Next hand"
    UNIT = "credit"

    def after_action(self) -> None:
        """Rebuild the controls (once the die is there: the base builds before it is)."""
        if hasattr(self, "die"):
            super().after_action()

    def build_controls(self, group: WidgetGroup) -> None:
        """The betting bar; Draw and Stand; Keep and Drop it: on the viewer's turn."""
        if not self.mine():
            return
        phase = self.view.phase.id
        if phase == Phase.BET:
            self.open_bet_bar(chip_values=CHIP_VALUES)
        elif phase in (Phase.DRAW, Phase.DECIDE):
            drawing = phase == Phase.DRAW
            if self.pile_size(self.view, "deck") or not drawing:
                self.bar_button(group, "Draw" if drawing else "Keep", self.draw_card if drawing else self.keep,
                                "D" if drawing else "K", right=200, width=140, size=17)
            self.bar_button(group, "Stand" if drawing else "Drop it", self.stand if drawing else self.drop,
                            "S" if drawing else "X", primary=False, size=17)

    # -- actions ----------------------------------------------------------------------------
    def draw_card(self) -> None:
        """Draw one card from the deck."""
        self.act_mine(Draw)

    def stand(self) -> None:
        """Draw nothing this turn."""
        self.act_mine(Stand)

    def keep(self) -> None:
        """Keep the drawn card."""
        self.act_mine(Keep)

    def drop(self) -> None:
        """Drop the drawn card (it leaves play)."""
        self.act_mine(Drop)

    def swap(self, card: int) -> None:
        """Put the drawn card in place of ``card`` of the hand."""
        self.act_mine(Swap, card=card)

    # -- events -------------------------------------------------------------------------------
    def drawing(self) -> bool:
        """True on the viewer's own turn to draw or stand."""
        return self.mine() and self.view.phase.id == Phase.DRAW

    def deciding(self) -> bool:
        """True on the viewer's own turn to keep, drop or swap a drawn card."""
        return self.mine() and self.view.phase.id == Phase.DECIDE

    def handle_pointer(self, event: pygame.event.Event) -> bool:
        """A click on a hand card, with a card drawn: swap them."""
        return self.deciding() and self.click_card(event, self.hand_rects, self.swap)

    def key_swap(self, event: pygame.event.Event) -> bool:
        """1-9 with a card drawn: swap it for that card of the hand."""
        return by_number(event, self.own_hand(), self.swap)

    # -- drawing ---------------------------------------------------------------------------------
    def title(self, view: SeatView) -> str:
        """The game, the hand and the phase."""
        title = f"Sabacc   ·   hand {max(1, view.round)}   ·   {PHASE_WORDS.get(view.phase.id, view.phase.id)}"
        turn = self.parts(view).turn
        if turn is not None:
            title += f"   ·   {view.names[turn]}'s turn"
        return title

    def pot_label(self, label: str, room: int) -> tuple[list[str], int]:
        """A pot panel's label in ``room`` pixels: its lines and type size. On one line
        ("sabacc pot"), else a word a line in smaller type ("sabacc" over "pot"), so a
        narrow panel still says which pot it is instead of "sa…"."""
        px, fonts = self.app.px, self.app.fonts
        for lines, size in (([label], px(13)), (label.split(), px(12)), (label.split(), px(10))):
            if all(fonts.size_of(line, size)[0] <= room for line in lines):
                return lines, size
        return [fit_text(fonts, word, px(10), room) for word in label.split()], px(10)

    def _pot_panel(self, surface: pygame.Surface, rect: pygame.Rect, label: str, amount: int,
                   ink: tuple[int, int, int]) -> None:
        px, fonts = self.app.px, self.app.fonts
        pygame.draw.rect(surface, THEME.panel, rect, border_radius=px(12))
        pygame.draw.rect(surface, ink, rect, 2, border_radius=px(12))
        room = rect.width - px(8)  # a narrow panel (a crowded table) takes smaller type
        lines, label_size = self.pot_label(label, room)
        y = rect.y + px(5 if len(lines) > 1 else 6)
        for line in lines:
            top = fonts.render(line, label_size, THEME.text_dim)
            y = surface.blit(top, top.get_rect(midtop=(rect.centerx, y))).bottom - px(2)
        sizes = (px(24), px(20), px(16)) if len(lines) == 1 else (px(18), px(16), px(14))
        size = next((n for n in sizes if fonts.size_of(f"{amount:,}", n, True)[0] <= room - px(4)), px(12))
        value = fonts.render(f"{amount:,}", size, ink, bold=True)
        surface.blit(value, value.get_rect(midbottom=(rect.centerx, rect.bottom - px(4))))

    def draw_centre(self, surface: pygame.Surface, view: SeatView) -> None:
        """One row across the middle: the deck and the out-of-play pile, the two pots, the die."""
        px, mid, parts = self.app.px, self.middle, self.parts(view)
        deck_count, dropped_count = self.pile_size(view, "deck"), self.pile_size(view, "dropped")
        small = mid.width < px(600)  # the row stays in the middle, clear of every seat
        cw = max(24, int(self.card_width(big=True) * (0.36 if small else 0.42)))
        pot_w, pot_h = px(150), px(64)
        die = px(36 if small else 44)
        gap = px(12 if small else 16)
        fixed = px(8) + px(10) + die + 2 * gap
        die_apart = 2 * cw + 2 * px(56) + fixed > mid.width  # no room in the row: the die in the felt's corner
        if die_apart:
            fixed -= die + gap
        if 2 * cw + 2 * pot_w + fixed > mid.width:  # the pots give way first, then the gaps and the piles
            pot_w = max(px(44), (mid.width - fixed - 2 * cw) // 2)
            if 2 * cw + 2 * pot_w + fixed > mid.width:
                fixed -= (1 if die_apart else 2) * (gap - px(6))
                gap = px(6)
            cw = max(16, min(cw, (mid.width - fixed - 2 * pot_w) // 2))
        cw = min(cw, int((mid.height - px(68)) / 1.4))
        ch = int(cw * 1.4)
        stack_room = mid.bottom - (mid.y + px(40) + max(ch, pot_h) // 2 + ch // 2) >= px(44)
        apart, stacked = self._pile_gap(view, cw, gap, stack_room)
        if apart > px(8):  # the piles' own captions need them further apart: the pots give the room
            pot_w = max(px(44), min(pot_w, (mid.width - fixed - (apart - px(8)) - 2 * cw) // 2))
            fixed += apart - px(8)
        width = 2 * cw + 2 * pot_w + fixed
        x = mid.centerx - width // 2
        below = px(44 if stacked else 28)  # room for the piles' captions
        cy = max(mid.y + px(40) + max(ch, pot_h) // 2, min(mid.centery, mid.bottom - below - ch // 2))
        self.deck_rect = pygame.Rect(x, cy - ch // 2, cw, ch)
        self.dropped_rect = pygame.Rect(x + cw + apart, cy - ch // 2, cw, ch)
        hand_pot = pygame.Rect(self.dropped_rect.right + gap, cy - pot_h // 2, pot_w, pot_h)
        sabacc_pot = pygame.Rect(hand_pot.right + px(10), cy - pot_h // 2, pot_w, pot_h)
        self._pot_panel(surface, hand_pot, "hand pot", parts.hand_pot, THEME.highlight)
        self._pot_panel(surface, sabacc_pot, "sabacc pot", parts.sabacc_pot, (120, 210, 230))
        self.keep_clear(hand_pot.union(sabacc_pot))  # the hint's panel keeps off the pots
        if deck_count:
            surface.blit(self.faces.back(self.deck, cw), self.deck_rect)
        pygame.draw.rect(surface, THEME.felt_dark, self.dropped_rect, 2, border_radius=px(6))
        if dropped_count:
            surface.blit(self.faces.back(self.deck, cw), self.dropped_rect)
        piles = self.note_box("piles", self.deck_rect.union(self.dropped_rect))
        words = f"deck {deck_count} · out {dropped_count}"
        if not stacked:
            self.caption(surface, piles, words)
        else:  # each pile says what it is under itself, and what it holds: "deck" over "66", "out" over "2"
            for rect, name, count in ((self.deck_rect, "deck", deck_count),
                                      (self.dropped_rect, "out", dropped_count)):
                self.caption(surface, rect, [name, str(count)] if stack_room else name, gap=3)
                if not stack_room:  # no room for a second line: the count on the pile
                    img = self.app.fonts.render(str(count), px(12), THEME.text, bold=True)
                    pill = img.get_rect(center=rect.center).inflate(px(6), px(2))
                    pygame.draw.rect(surface, (0, 0, 0), pill, border_radius=pill.height // 2)
                    surface.blit(img, img.get_rect(center=pill.center))
        die_rect = pygame.Rect(sabacc_pot.right + gap, cy - die // 2, die, die)
        if die_apart:
            die_rect.bottomright = (self.felt.right - px(24), self.felt.bottom - px(36))
        # the caption under the die ("blue: no shift", the widest) stays on the felt too
        fonts = self.app.fonts
        caption_w = max(fonts.size_of(text, px(13), bold)[0]
                        for text, bold in (("blue: no shift", False), ("RED: shift!", True), ("rolling…", False)))
        die_rect.centerx = min(die_rect.centerx, self.felt.right - px(24) - (caption_w + 1) // 2)  # clear of the rim
        self.note_box("die", die_rect)
        self.note_box("die caption", self.die.draw(surface, die_rect, self.clock, self.app.fonts, px))
        cx = (hand_pot.x + sabacc_pot.right) // 2
        if view.phase.id == Phase.DEMISE:
            names = ", ".join(view.names[s] for s in parts.demise_seats)
            self.banner(surface, f"Sudden demise: {names}", (cx, hand_pot.y - px(18)), size=15)
        elif parts.current_bet:
            self.banner(surface, f"bet to match: {parts.current_bet:,}", (cx, hand_pot.y - px(18)), size=15)

    def _pile_gap(self, view: SeatView, cw: int, gap: int, two_lines: bool) -> tuple[int, bool]:
        """The room between the deck and the out pile, and whether each has its own
        caption: one caption under both ("deck 66 · out 2") when it fits, else one each,
        "deck" over its count (``two_lines``: there is room under the piles) or "deck"
        alone with the count on the pile; these may need the piles further apart."""
        px, fonts = self.app.px, self.app.fonts
        deck_count, dropped_count = self.pile_size(view, "deck"), self.pile_size(view, "dropped")
        words = f"deck {deck_count} · out {dropped_count}"
        if fonts.size_of(words, px(13))[0] <= 2 * cw + px(8) + gap:
            return px(8), False
        deck, out = (max(fonts.size_of(w, px(13))[0] for w in ((name, str(count)) if two_lines else (name,))) + 8
                     for name, count in (("deck", deck_count), ("out", dropped_count)))
        return max(px(8), (deck + out) // 2 + px(6) - cw), True

    def _seat_lines(self, view: SeatView, seat: int) -> list[str]:
        info, phase = view.seats[seat], view.phase.id
        stack = info.stack or 0
        lines = [f"credits {stack:,}" + (f"   ·   bet {info.bet:,}" if info.bet else "")]
        status = ""
        results = view.showdown if phase in (Phase.REVEAL, Phase.GAME_OVER) else None
        if info.status == OUT:
            status = "out of credits"
        elif info.status == FOLDED:
            status = "folded"
        elif stack == 0 and phase not in (Phase.REVEAL, Phase.GAME_OVER):
            status = "all-in"
        if info.zone("demise") is not None and phase in (Phase.DEMISE, Phase.REVEAL):
            status = "sudden demise"
        shown = results.hand(seat) if results is not None else None
        if shown is not None:
            before = dict(self.parts(view).demise_from).get(seat)
            label = f"total {shown.label}" if shown.label[:1] in "+-" else shown.label  # a total is no amount won
            status = label if before is None else f"{before} → {label}"
        if results is not None and results.won(seat):
            status += f"   ·   won {results.won(seat):,}"
        return lines + [status] if status else lines

    @staticmethod
    def _demise_card(view: SeatView, seat: int | None) -> int | None:
        """The sudden-demise card dealt to ``seat``, or None."""
        zone = view.seats[seat].zone("demise") if seat is not None else None
        return zone.cards[0] if zone is not None and zone.cards else None

    @staticmethod
    def _drawn_card(view: SeatView) -> int | None:
        """The card the viewer drew and has not yet kept, swapped or dropped, or None."""
        zone = view.seats[view.seat].zone("drawn") if view.seat is not None else None
        return zone.cards[0] if zone is not None and zone.cards else None

    def draw_seat(self, surface: pygame.Surface, view: SeatView, seat: int) -> None:
        px = self.app.px
        info = view.seats[seat]
        cards = list(info.hand)
        own = seat == self.viewer
        at = None
        if own:
            box = self._own_hand_box(max(2, len(cards)))
            at = self.plate_beside(box)
        plate = self.seat_plate(surface, seat, self._seat_lines(view, seat), dealer=info.dealer,
                                acting=view.to_act == seat, dim=info.status == OUT, at=at)
        if own:
            self._draw_own_hand(surface, view, cards)
            return
        if not cards:
            return
        face_up = any(c is not None for c in cards)
        cw = self.card_width(big=True) * 3 // 4 if face_up else max(28, int(self.card_width() * 0.8))  # slot caps it
        rects = self.draw_seat_cards(surface, seat, plate, cards, cw, int(cw * (0.6 if face_up else 0.3)),
                                     origin=self.deck_rect.topleft)
        demise = self._demise_card(view, seat)
        for card, rect in zip(cards, rects):
            if card is not None:
                self.value_badge(surface, card, rect)
            if card is not None and card == demise:
                pygame.draw.rect(surface, THEME.highlight, rect, 3, border_radius=px(6))

    def value_badge(self, surface: pygame.Surface, card: int, rect: pygame.Rect) -> None:
        """On a small card, its value in a round badge on its bottom-left corner (the face's
        own corner clips two-digit values and a court card's corner holds its name, Ma or Mi,
        which a badge there covered; a large face prints the value in its middle)."""
        value = self.deck[card].value
        if value is None or rect.width >= self.app.px(70):
            return
        text = str(value)
        px = self.app.px
        img = self.app.fonts.render(text, px(12), (250, 250, 250), bold=True)
        badge = img.get_rect().inflate(px(8), px(2))
        badge.bottomleft = (rect.x + px(2), rect.bottom - px(2))
        pygame.draw.rect(surface, (20, 20, 20), badge, border_radius=badge.height // 2)
        surface.blit(img, img.get_rect(center=badge.center))

    def key_badge(self, surface: pygame.Surface, key: int, rect: pygame.Rect) -> pygame.Rect:
        """The key that swaps the card at ``rect`` ("1", "2"...), in a round badge on the card's
        top-right corner: on the card it names and inside the felt (under the card, the hand's
        lowest line, it sat on the felt's rim). The value badge takes the bottom-left."""
        px = self.app.px
        img = self.app.fonts.render(str(key), px(14), (20, 20, 20), bold=True)
        badge = img.get_rect().inflate(px(8), px(2))
        badge.width = max(badge.width, badge.height)
        badge.topright = (rect.right - px(3), rect.y + px(3))
        pygame.draw.rect(surface, THEME.highlight, badge, border_radius=badge.height // 2)
        surface.blit(img, img.get_rect(center=badge.center))
        return self.note_box(f"key:{key}", badge)

    def _own_hand_box(self, count: int) -> pygame.Rect:
        """Where the viewer's hand lies: bottom centre of the felt (room for a drawn card)."""
        width = self.card_width(big=True)
        return self.own_hand_box(count, width, gap=10, shift=-(width // 2), lift=18)

    def _draw_own_hand(self, surface: pygame.Surface, view: SeatView, cards: list[int | None]) -> None:
        px, parts = self.app.px, self.parts(view)
        cw = self.card_width(big=True)
        box = self._own_hand_box(max(2, len(cards)))
        self.hand_rects = {}
        drawn = self._drawn_card(view)
        swapping = view.phase.id == Phase.DECIDE and drawn is not None
        demise = self._demise_card(view, view.seat)
        for i, card in enumerate(cards):
            if card is None:
                continue
            rect = self.card(surface, self.deck, card, True, cw, (box.x + i * (cw + px(10)), box.y),
                             origin=self.deck_rect.topleft)
            self.value_badge(surface, card, rect)
            self.hand_rects[card] = rect
            if swapping and rect.collidepoint(self.mouse):
                pygame.draw.rect(surface, THEME.error, rect.inflate(6, 6), 3, border_radius=px(8))
            if card == demise:
                pygame.draw.rect(surface, THEME.highlight, rect.inflate(6, 6), 3, border_radius=px(8))
            if swapping:
                self.key_badge(surface, i + 1, rect)
        if drawn is not None:
            x = box.right + px(34)
            rect = self.card(surface, self.deck, drawn, True, cw, (x, box.y - px(16)),
                             origin=self.deck_rect.topleft)
            self.value_badge(surface, drawn, rect)
            # the drawn card's mark, not in the lesson's ring colour (its ring names the card to give up)
            pygame.draw.rect(surface, THEME.focus, rect.inflate(8, 8), 3, border_radius=px(8))
            self.caption(surface, rect, "drawn")
        if parts.total is not None and parts.label is not None and cards:
            bombed = parts.label.startswith("bomb")
            special = not bombed and parts.label[:1] not in "+-"  # "Pure Sabacc": the number too
            self.hand_line = (f"your total: {parts.total:+d} ({parts.label})" if special
                              else f"your total: {parts.label}")
            self.note_box("your hand", self.banner(surface, self.hand_line, (box.centerx, box.y - px(8)), size=17,
                                                   colour=THEME.error if bombed else THEME.highlight))

    def bar_text(self, view: SeatView) -> str | None:
        phase, to_act = view.phase.id, view.to_act
        over = phase == Phase.GAME_OVER
        then = f"The game is over: {self.match_won_text('leads')}" if over else "Enter: next hand."
        if phase in (Phase.REVEAL, Phase.GAME_OVER) and view.showdown is not None:  # the last hand's too
            results = view.showdown
            gained = gains(view.names, results, self.result_people(view), "credit")
            told = result_text(view.names, results, self.parts(view), self._demise_words)
            return f"Hand {results.round}: {told} " + (f"{gained} " if gained else "") + then
        if over:
            return then
        if self.drawing():
            return "Draw a card (D), or stand (S)."
        if self.deciding():
            return "Keep it (K), drop it (X), or click a card of your hand to swap (1-9)."
        if to_act == CHANCE:
            return CHANCE_WORDS.get(Phase(view.phase.id))
        return None

    def _demise_words(self, seat: int) -> str | None:
        """The sudden-demise card dealt to ``seat``, by name (None: none)."""
        card = self._demise_card(self.view, seat)
        return self.deck[card].name if card is not None else None


TABLE = TableSetup("sabacc", SabaccTableScene, "cardtable.games.sabacc.ui.hands_page:SabaccHandsPage",
                   smoke_text="Sabacc table, pass screen and help: drawn (hand {state.hand_no})", smoke_stack=5000,
                   smoke_names=("Han", "Lando", "Jabba"),
                   warm_up=opponent_table,  # the bots' odds table is built now, not in their first move
                   bot_rng_every_seat=True, setup_stack_from_rules=True)
"""The table's opening, start, restore and smoke run (:mod:`cardtable.ui.table_setup`)."""

open_game, help_pages, smoke, restore, start_sabacc = TABLE.functions()
