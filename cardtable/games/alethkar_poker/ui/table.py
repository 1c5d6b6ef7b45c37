"""The Alethkar Poker table: seats with their black bags, gems, the secret bet, the
discard, the counting of the hands and the payout's arithmetic.

Everything drawn comes from the viewer's typed seat view (the table never reads the
state): another seat's cards, stack and bag are never in hand here. The bet: choose how many chips go into the bag
(click your gems, Up/Down, or the stepper) and press Check. The discard: click
exactly two cards (or 1-7) and press Discard. At the reveal each hand is counted
combination by combination (:mod:`cardtable.games.alethkar_poker.ui.count`), then steps 6-8
are written out in the middle of the table.
"""

from __future__ import annotations

import functools

import pygame

from cardtable.engine.game import CHANCE, Action
from cardtable.engine.view import OUT, SeatView
from cardtable.games.alethkar_poker.bot import warm_up
from cardtable.games.alethkar_poker.payout import payout_lines
from cardtable.games.alethkar_poker.state import AlethkarState, BagBet, DiscardTwo, Phase
from cardtable.games.alethkar_poker.ui.count import CountingShow
from cardtable.games.alethkar_poker.ui.gems import GEM_VALUES, draw_bag, draw_gems, gems_width
from cardtable.games.alethkar_poker.ui.result import result_text
from cardtable.games.alethkar_poker.values import best_five
from cardtable.games.alethkar_poker.view import AlethkarParts
from cardtable.ui.game_table import GameTableScene
from cardtable.ui.result_words import gains
from cardtable.ui.seat_layout import plate_height
from cardtable.ui.setup_scene import SeatConfig
from cardtable.ui.table_parts import DIGITS, ENTER, KeyBinding, by_number, next_round_binding
from cardtable.ui.table_setup import TableSetup
from cardtable.ui.text import fit_text, plural, wrap
from cardtable.ui.theme import THEME
from cardtable.ui.widgets import Button, Stepper, WidgetGroup
from cardtable.variants import VariantSpec


def _text_width(font: pygame.font.Font, text: str) -> int:
    return font.size(text)[0]


class AlethkarTableScene(GameTableScene):
    """One match of Alethkar Poker on one screen."""

    KEYS = (
        KeyBinding((pygame.K_TAB,), "Tab", "at the reveal: hide or show the sums", "toggle_sums", "revealing",
                   first=True),
        KeyBinding((pygame.K_SPACE,), "Space", "at the reveal: skip the counting", "skip_counting", "counting"),
        next_round_binding("next round (after the reveal)"),
        KeyBinding((pygame.K_UP, pygame.K_DOWN), "Up / Down", "secret bet: one chip more or less into the bag",
                   "key_pending", "betting", True),
        KeyBinding(ENTER + (pygame.K_c,), "Enter / C", "secret bet: put the chips in the bag and check", "check",
                   "betting"),
        KeyBinding(DIGITS[:7], "1-7", "discard: choose a card (again: put it back)", "key_pick", "discarding", True),
        KeyBinding(ENTER + (pygame.K_d,), "Enter / D", "discard the two chosen cards", "discard", "discarding"),
    )

    def __init__(self, app, variant: VariantSpec, state: AlethkarState, seats: list[SeatConfig],
                 bots) -> None:
        self.selected: list[int] = []      # cards chosen to discard
        self.pending = 0                   # chips chosen to go into the bag
        self.hand_rects: dict[int, pygame.Rect] = {}
        self.gem_rects: dict[str, pygame.Rect] = {}
        self.log_mark: int | None = None   # log lines before the reveal (the rest wait for the counting)
        self.hand_line: str | None = None  # "Your hand: worth N" over the viewer's plate
        self.show: CountingShow | None = None
        self.show_round = 0
        self.hide_sums = False             # Tab hides the arithmetic panel at the reveal
        super().__init__(app, variant, state, seats, bots)

    # -- flow ------------------------------------------------------------------------
    def waits_for_next_round(self) -> bool:
        return self.view.phase.id == Phase.REVEAL

    def parts(self, view: SeatView | None = None) -> AlethkarParts:
        """Alethkar Poker's own part of the viewer's view (or of ``view``)."""
        return (view or self.view).extra_as(AlethkarParts)

    def own_stack(self) -> int:
        """The viewer's stack (0 with nobody at the screen)."""
        return (self.view.seats[self.viewer].stack or 0) if self.viewer is not None else 0

    def update(self, dt: float) -> None:
        if self.show is not None:
            self.show.advance(dt)
        super().update(dt)

    def perform(self, action: Action) -> None:
        """Apply an action; the log lines of a reveal wait until the counting is done."""
        before = self.match.log_length
        super().perform(action)
        if self.show is not None and self.show_round == self.view.round and self.log_mark is None:
            self.log_mark = before

    def log_lines(self) -> list[str]:
        """The log, without the results while the table is still counting the hands."""
        lines = super().log_lines()
        if self.show is None or self.show.at().finished:
            self.log_mark = None
            return lines
        return lines[:self.log_mark] if self.log_mark is not None else lines

    def after_action(self) -> None:
        """Start the counting at a reveal, and rebuild the controls for the viewer."""
        if not hasattr(self, "bar_rect") or not hasattr(self, "match"):
            return
        view = self.view
        if view.phase.id in (Phase.REVEAL, Phase.GAME_OVER) and view.showdown is not None:
            if self.show_round != view.round:
                parts = self.parts(view)
                self.show_round = view.round
                self.show = CountingShow(parts.counted, parts.players)
            if len(self.humans) > 1:
                self.viewer = None  # the reveal is for everybody: nobody's bag shows
        else:
            self.show = None
        super().after_action()

    END_LABEL = "Standings"

    def showing_result(self) -> bool:
        """The counting of the last reveal is still going: the final standings wait for it."""
        return (self.show is not None and not self.show.at().finished) or super().showing_result()

    def build_controls(self, group: WidgetGroup) -> None:
        """The secret bet's stepper and Check, or Discard 2, on the viewer's turn."""
        viewer, phase = self.viewer, self.view.phase.id
        px, fonts = self.app.px, self.app.fonts
        bar = self.bar_rect
        h, y = px(42), bar.y + (bar.height - px(42)) // 2
        if viewer is None or not self.mine():
            return
        if phase == Phase.BET:
            stack = self.own_stack()
            self.pending = max(0, min(self.pending, stack))
            group.add(Stepper((bar.right - px(470), y, px(270), h), fonts, "Into the bag", self.pending,
                              low=0, high=stack, step=1, size=px(16), on_change=lambda v: self._set_pending(int(v))))
            self.bar_button(group, "Check", self.check, "Enter")
        elif phase == Phase.DISCARD:
            self.selected = [c for c in self.selected if c in self.own_hand()]
            button = self.bar_button(group, "Discard 2", self.discard, "Enter")
            if len(self.selected) != 2:
                button.disabled_reason = f"choose exactly two cards ({len(self.selected)} chosen)"

    def lesson_fill(self, action: Action) -> None:
        """The lesson's suggested secret bet, set in the Into the bag stepper (the person may change it)."""
        if isinstance(action, BagBet):
            self._set_pending(action.amount)

    def lesson_control(self, action: Action) -> Button | None:
        """The button that makes the lesson's suggested move: Check, for a secret bet."""
        if not isinstance(action, BagBet):
            return None
        return next((w for w in self.widgets.widgets if isinstance(w, Button) and w.label == "Check"), None)

    def _set_pending(self, amount: int) -> None:
        self.pending = amount
        super().after_action()

    # -- actions -----------------------------------------------------------------------
    def check(self) -> None:
        """Put the chosen chips in the bag and say "check"."""
        if self.act_mine(BagBet, amount=self.pending):
            self.pending = 0

    def add_gem(self, gem: str) -> None:
        """Add one gem's worth to the chips going into the bag."""
        if self.viewer is None:
            return
        stack = self.own_stack()
        if self.pending + GEM_VALUES[gem] > stack:
            self.app.toast(f"Only {plural(stack - self.pending, 'more chip', 'more chips')} in your stack")
            return
        self._set_pending(self.pending + GEM_VALUES[gem])

    def toggle(self, card: int) -> None:
        """Choose or unchoose a card to discard."""
        if card in self.selected:
            self.selected.remove(card)
        elif len(self.selected) < 2:
            self.selected.append(card)
        else:
            self.app.toast("Discard exactly two cards: unchoose one first")
        super().after_action()

    def discard(self) -> None:
        """Discard the two chosen cards."""
        if self.act_mine(DiscardTwo, cards=tuple(self.selected)):
            self.selected = []

    def next_round(self) -> None:
        self.selected, self.pending = [], 0
        super().next_round()

    # -- events ---------------------------------------------------------------------------
    def betting(self) -> bool:
        """True on the viewer's own turn to bet in secret."""
        return self.mine() and self.view.phase.id == Phase.BET

    def discarding(self) -> bool:
        """True on the viewer's own turn to discard two."""
        return self.mine() and self.view.phase.id == Phase.DISCARD

    def revealing(self) -> bool:
        """True at the reveal and at the end of the match."""
        return self.view.phase.id in (Phase.REVEAL, Phase.GAME_OVER)

    def counting(self) -> bool:
        """True while the hands are being counted on the table."""
        return self.revealing() and self.show is not None

    def handle_pointer(self, event: pygame.event.Event) -> bool:
        """Click a hand card to choose it for the discard, or a gem to add it to the bet."""
        if self.discarding():
            return self.click_card(event, self.hand_rects, self.toggle)
        return self.betting() and self.click_card(event, self.gem_rects, self.add_gem)

    def toggle_sums(self) -> None:
        """Hide (or show again) the sums panel."""
        self.hide_sums = not self.hide_sums

    def skip_counting(self) -> None:
        """Skip to the end of the counting."""
        if self.show is not None:
            self.show.skip()

    def key_pending(self, event: pygame.event.Event) -> None:
        """Up or Down in the secret bet: one chip more or less."""
        stack = self.own_stack()
        self._set_pending(max(0, min(stack, self.pending + (1 if event.key == pygame.K_UP else -1))))

    def key_pick(self, event: pygame.event.Event) -> bool:
        """1-7 in the discard: choose that card."""
        return by_number(event, self.own_hand(), self.toggle)

    # -- drawing ------------------------------------------------------------------------------
    def card_width(self, big: bool = False) -> int:
        """Card widths for the viewer's hand (big) and for the other seats."""
        base = self.felt.height / 6.4
        return max(30, int(base * (1.0 if big else 0.5)))

    def draw_game(self, surface: pygame.Surface) -> None:
        """The table as every game draws it, with the click targets of this frame."""
        self.hand_rects, self.gem_rects = {}, {}
        super().draw_game(surface)

    def title(self, view: SeatView) -> str:
        """The round and the step of the source's rules."""
        step = {"bet": "step 3, the secret bet", "discard": "step 4, discard two",
                "reveal": "steps 5-8, count and pay", "shuffle": "dealing"}.get(view.phase.id, "")
        return f"Alethkar Poker   ·   round {max(1, view.round)}" + (f"   ·   {step}" if step else "")

    def draw_centre(self, surface: pygame.Surface, view: SeatView) -> None:
        """The middle's chips (a line and its gems), then the deck and the discards, in
        the felt's middle, clear of every seat."""
        px, fonts, mid = self.app.px, self.app.fonts, self.middle
        middle = self.parts(view).middle
        if view.showdown is not None and self.show is not None:
            return  # the counting and the payout are drawn over the seats (draw_game)
        label = fonts.render(f"The middle: {middle}", px(17), THEME.highlight, bold=True)
        y = mid.y + px(4)
        surface.blit(label, self.note_box("the middle", label.get_rect(midtop=(mid.centerx, y))))
        y += label.get_height() + px(4)
        if middle:
            gems = draw_gems(surface, fonts, middle, (mid.centerx - px(80), y), size=px(20),
                             max_width=min(px(200), mid.width))
            if gems:
                rects = list(gems.values())
                y = rects[0].unionall(rects[1:]).bottom + px(6)
        width = max(20, min(px(40), int((mid.bottom - y - px(24)) / 1.4)))
        gap = min(px(80), mid.width // 3)
        for n, (count, word) in enumerate(((self.pile_size(view, "deck"), "deck"),
                                           (self.pile_size(view, "discard"), "discards"))):
            if not count:
                continue
            back = self.faces.back(self.deck, width)
            rect = back.get_rect(midtop=(mid.centerx + (n * 2 - 1) * gap // 2, y))
            surface.blit(back, rect)
            self.caption(surface, rect, f"{word} {count}", gap=3)

    def draw_over_log(self, surface: pygame.Surface) -> None:
        """At the reveal, the counting and the sums over the log (unless Tab hid them)."""
        view = self.view
        if view.showdown is not None and self.show is not None and not self.hide_sums:
            self._draw_reckoning(surface, view, self.parts(view))

    def _draw_reckoning(self, surface: pygame.Surface, view: SeatView, parts: AlethkarParts) -> None:
        """The counting of the hands, then the arithmetic of steps 6 to 8."""
        px, fonts = self.app.px, self.app.fonts
        assert self.show is not None
        moment = self.show.at()
        names = view.names
        if not moment.finished:
            seat, index = moment.current  # type: ignore[misc]
            combo = self.show.hands[seat].combinations[index]
            lines = [f"Step 5: counting {names[seat]}'s hand",
                     f"{combo.name}: {combo.value}   (so far {moment.totals[seat] + combo.value})",
                     "Space: skip the counting"]
        else:
            assert parts.payout is not None  # a shown round has its payout
            lines = payout_lines(parts.payout.payout().to_json(), lambda s: names[s]) + ["Tab: hide these sums"]
        limit = self.log_panel.rect.width  # over the log (which says the same): clear of every hand
        whole = lines
        for size in range(px(14) if len(whole) > 8 else px(15), 8, -1):  # the largest size that fits
            font = fonts.font(size)
            measure = functools.partial(_text_width, font)
            lines = [part for line in whole for part in wrap(line, limit - px(30), measure)]
            if len(lines) * int(size * 1.45) + px(16) <= self.log_panel.rect.height:
                break
        box = pygame.Rect(0, 0, limit, len(lines) * int(size * 1.45) + px(16))
        box.topleft = self.log_panel.rect.topleft
        self.note_box("sums", box)
        # the sums cover the log's top on purpose: what shows of the log is the part below them
        self.__dict__["_boxes"] = [(name, pygame.Rect(r.x, box.bottom, r.width, max(0, r.bottom - box.bottom)))
                                   if name == "log" else (name, r) for name, r in self.__dict__.get("_boxes", [])]
        below = self.log_panel.row_top_below(box.bottom)  # (no half a log line peeking out under the sums)
        pygame.draw.rect(surface, THEME.panel, (box.x, box.bottom - px(10), box.width, below - box.bottom + px(10)))
        pygame.draw.rect(surface, THEME.panel, box, border_radius=px(10))
        pygame.draw.rect(surface, THEME.accent, box, 1, border_radius=px(10))
        for i, line in enumerate(lines):
            colour = THEME.highlight if line.startswith(("Step", "Left")) else THEME.text
            colour = THEME.text_dim if line.startswith(("Tab", "Space")) else colour
            surface.blit(fonts.render(line, size, colour), (box.x + px(14), box.y + px(8) + i * int(size * 1.45)))

    def counting_shown(self) -> bool:
        """True while the table still counts the revealed hands, one combination at a time."""
        return self.show is not None and not self.show.at().finished

    def before_payout(self, parts: AlethkarParts, seat: int) -> tuple[int, int | None]:
        """The seat's chips (stack plus bag) and bag (None: not the viewer's) to show: while
        the hands are still being counted, as they stood before steps 6 to 8, since the
        view already holds them after the payout and the plates would tell the result
        before the count does."""
        held, bag = parts.holdings[seat], parts.bags[seat]
        payout = parts.payout
        if payout is None or not self.counting_shown():
            return held, bag
        paid, share = dict(payout.paid).get(seat, 0), dict(payout.shares).get(seat, 0)
        back = dict(payout.returned).get(seat, 0)  # a top player's bag, gone back to the stack
        return held + paid - share, (bag + paid + back if bag is not None else None)

    def _status(self, view: SeatView, seat: int) -> str | tuple[str, ...]:
        """What a seat's plate says it is doing, with its shorter forms for a narrow plate."""
        parts, info, phase = self.parts(view), view.seats[seat], view.phase.id
        hand = next((h for h in parts.counted if h.seat == seat), None)
        if info.status == OUT:
            return ("out (cannot buy in)", "out")
        if view.showdown is not None and hand is not None and parts.payout is not None:
            if self.counting_shown():
                moment = self.show.at()  # type: ignore[union-attr]
                counted = moment.counted.get(seat, 0)
                if counted == len(hand.combinations):
                    return (f"hand {hand.value} (counted)", f"hand {hand.value}")
                so_far = moment.totals.get(seat, 0)
                return (f"counting: {so_far} so far", f"{so_far} so far") if counted else (
                    "waiting to be counted", "to be counted", "waiting")
            # the round's gain or loss, short enough for a plate (the bar tells the payments)
            net = view.showdown.net[seat] if seat < len(view.showdown.net) else 0
            money = f"won {net}" if net > 0 else f"lost {-net}" if net < 0 else "even"
            return (f"hand {hand.value}   ·   {money}", money)
        if not info.in_hand:
            return ""
        if phase == Phase.BET:
            return "checked" if parts.checked[seat] else ("betting in secret…", "betting…")
        if phase == Phase.DISCARD:
            return "discarded two" if parts.discarded[seat] else ("choosing a discard…", "discarding…")
        return ""

    def draw_seat(self, surface: pygame.Surface, view: SeatView, seat: int) -> None:
        px, fonts = self.app.px, self.app.fonts
        info, parts = view.seats[seat], self.parts(view)
        cards = list(info.hand)
        own = seat == self.viewer and view.phase.id in (Phase.BET, Phase.DISCARD) and bool(cards)
        bag_size = 0 if own or self.compact_plates() else px(30)  # a compact plate's line says "stack + bag"
        # Beside the bag drawn on the plate, "in all" says it (the longer line was cut there).
        held, bag = self.before_payout(parts, seat)
        lines: list[str | tuple[str, ...]] = [
            (f"chips {held} in all", f"chips {held}") if bag_size else (f"chips {held} (stack + bag)", f"chips {held}")]
        status = self._status(view, seat)
        if status:
            lines.append(status)
        at = None
        if own:
            at = self._own_plate_centre(len(lines))
        plate = self.seat_plate(surface, seat, lines, dealer=info.dealer,
                                acting=view.to_act == seat, dim=info.status == OUT, at=at,
                                reserve=bag_size + px(4) if bag_size else 0)
        if bag_size:  # the bag in the plate's bottom-right corner, clear of the lines
            self.note_box(f"bag:{seat}", draw_bag(surface, fonts, (plate.right - bag_size // 2 - px(6),
                                                                   plate.bottom - bag_size // 2 - px(4)),
                                                  bag_size, amount=bag))
        if own:
            self._draw_own(surface, view, seat, plate)
            self._draw_hand_line(surface, cards)
            return
        if not cards:
            return
        shown = cards[0] is not None
        cw = self.card_width(big=False) if shown else max(24, self.card_width() // 2)
        step = int(cw * ((0.9 if self.seat_count <= 4 else 0.6) if shown else 0.3))
        x0, y0, cw, step = self.seat_cards_row(seat, plate, len(cards), cw, step)
        down = self.show.face_down(seat) if self.show is not None else set()
        lit = self.show.highlighted() if self.show is not None else set()
        for i, card in enumerate(cards):
            rect = self.card(surface, self.deck, card, card is not None and card not in down, cw,
                             (x0 + i * step, y0))
            if card in lit:
                pygame.draw.rect(surface, THEME.highlight, rect.inflate(4, 4), 3, border_radius=px(5))
        row = self.note_box(f"hand:{seat}", pygame.Rect(x0, y0, step * (len(cards) - 1) + cw, int(cw * 1.4)))
        self.note_small_cards(seat, row.union(plate), [c for c in cards if c not in down], cw)

    def own_hand_value(self, cards: list[int | None]) -> int | None:
        """What the viewer's best five (their kept five after the discard) is worth, or
        None while they hold fewer than five known cards."""
        known = [self.deck[c] for c in cards if c is not None]
        if len(known) < 5:
            return None
        return best_five(known, ace_low_straight=self.match.settings.ace_low_straight).value

    def _draw_hand_line(self, surface: pygame.Surface, cards: list[int | None]) -> None:
        """"Your hand: worth 110 (Five cards in consecutive order)" just over the viewer's own
        cards (never another seat's): the value and the combinations that make it."""
        value = self.own_hand_value(cards)
        if value is None:
            return
        known = [self.deck[c] for c in cards if c is not None]
        split = best_five(known, ace_low_straight=self.match.settings.ace_low_straight).split
        made = [combo.name for combo in split.combinations if len(combo.cards) > 1]
        box = self._own_hand_box(len(cards))
        self.hand_line = f"Your hand: worth {value}"
        whole = self.hand_line + (f" ({' + '.join(made)})" if made else "")
        if self.app.fonts.size_of(whole, self.app.px(14), True)[0] <= box.width:  # over the cards, clear of the plate
            self.hand_line = whole
        self.draw_hand_line(surface, self.hand_line, (box.centerx, box.y - self.app.px(16)))

    def band_top(self) -> int:
        """The viewer's band: their hand with its banner over it, and their plate with
        the bag line and the gems under it."""
        px = self.app.px
        hand = self.felt.bottom - int(self.felt.height / 6.4 * 1.4) - px(34) - px(40)
        plate = self.felt.bottom - px(72) - plate_height(px, 2, False)
        return min(hand, plate) - px(6)

    def _own_plate_centre(self, lines: int) -> tuple[int, int]:
        """The viewer's plate: bottom left, over their bag line and gems."""
        px = self.app.px
        height = plate_height(px, lines, self.compact_plates())
        return (self.felt.x + px(14) + self.plate_width() // 2, self.felt.bottom - px(72) - height // 2)

    def _own_hand_box(self, count: int) -> pygame.Rect:
        """Where the viewer's cards lie: right of their plate, at the bottom of the felt,
        clear of the Hint button's corner (the side seats may hold the other corners)."""
        px = self.app.px
        left = self.felt.x + px(34) + self.plate_width()
        right = self.felt.right - px(24) - self.app.fonts.size_of("Hint (H)", px(15))[0] - px(30)
        cw = min(self.card_width(big=True), (right - left - (count - 1) * px(8)) // max(1, count))
        total = count * (cw + px(8)) - px(8)
        h = int(cw * 1.4)
        return pygame.Rect(left + (right - left - total) // 2, self.felt.bottom - h - px(34), total, h)

    def own_bag_words(self, view: SeatView, seat: int) -> tuple[int, int, str]:
        """The viewer's bag and stack as drawn, and the line under their plate. While they
        choose their secret bet the chips chosen are shown going in as the amount moves:
        the bag holds them, the stack (its gems) no longer does, and the line says how
        many go in ("bag 8 (+3)  ·  stack 29")."""
        bag, stack = self.parts(view).bags[seat] or 0, view.seats[seat].stack or 0
        going = self.pending if view.phase.id == Phase.BET and self.mine() else 0
        if not going:
            return bag, stack, f"bag {bag}  ·  stack {stack}"
        return bag + going, stack - going, f"bag {bag + going} (+{going})  ·  stack {stack - going}"

    def _draw_own(self, surface: pygame.Surface, view: SeatView, seat: int, plate: pygame.Rect) -> None:
        """The viewer's cards, their stack as gems (clickable in the bet) and their bag."""
        px, fonts = self.app.px, self.app.fonts
        cards = [c for c in view.seats[seat].hand if c is not None]  # the viewer's own: all seen
        box = self._own_hand_box(len(cards))
        cw = (box.width + px(8)) // len(cards) - px(8)
        for i, card in enumerate(cards):
            rect = self.card(surface, self.deck, card, True, cw, (box.x + i * (cw + px(8)), box.y),
                             lifted=card in self.selected)
            self.hand_rects[card] = rect
            number = fonts.render(str(i + 1), px(12), THEME.text_dim)
            self.note_box(f"key:{i + 1}", surface.blit(number, number.get_rect(midtop=(rect.centerx,
                                                                                      rect.bottom + px(2)))))
            if card in self.selected:
                pygame.draw.rect(surface, THEME.error, rect.inflate(6, 6), 3, border_radius=px(8))
        if self.hand_rects:
            rects = list(self.hand_rects.values())
            self.note_box("hand:own", rects[0].unionall(rects[1:]))
        bag, stack, whole = self.own_bag_words(view, seat)
        bag_size = px(26)
        self.note_box("bag:own", draw_bag(surface, fonts, (plate.x + bag_size // 2 + px(2),
                                                           plate.bottom + bag_size // 2 + px(6)),
                                          bag_size, amount=bag))
        room = self._own_hand_box(len(cards)).x - plate.x - px(8)
        words = fit_text(fonts, whole, px(13), room - bag_size - px(8))
        line = fonts.render(words, px(13), THEME.text)
        at = line.get_rect(topleft=(plate.x + bag_size + px(8), plate.bottom + px(10)))
        surface.blit(line, self.note_box("bag line", at))
        if words != whole:  # cut on a narrow felt: whole under the mouse
            self.note_tip(at, [whole])
        size = next((n for n in (px(20), px(16), px(13)) if gems_width(fonts, stack, n) <= room), px(13))
        self.gem_rects = draw_gems(surface, fonts, stack, (plate.x, plate.bottom + px(38)), size=size,
                                   max_width=room)
        if self.gem_rects:
            gems = list(self.gem_rects.values())
            self.note_box("gems:own", gems[0].unionall(gems[1:]))

    def bar_text(self, view: SeatView) -> str | None:
        to_act, names, phase, parts = view.to_act, view.names, view.phase.id, self.parts(view)
        results = view.showdown if phase in (Phase.REVEAL, Phase.GAME_OVER) else None
        if results is not None and parts.payout is not None:
            if self.counting_shown():
                return f"Round {view.round}: counting the hands…   Space: skip the counting."
            gained = gains(names, results, self.result_people(view), detail=False, span="round")
            told = f"Round {view.round}: {result_text(names, results, parts.payout)}" + (f" {gained}" if gained else "")
            if phase == Phase.GAME_OVER:
                return f"{told} The match is over: {self.match.standings()[0][0]} leads."
            return told
        if phase == Phase.GAME_OVER:
            return f"The match is over: {self.match.standings()[0][0]} leads."
        if self.betting():
            return "Secret bet: click gems or set Into the bag, then Check."
        if self.discarding():
            return f"Click exactly two cards to discard ({len(self.selected)} chosen)."
        if to_act is not None and to_act != CHANCE:
            return f"{names[to_act]} is {'betting' if phase == Phase.BET else 'discarding'}…"
        return None


TABLE = TableSetup("alethkar_poker", AlethkarTableScene,
                   "cardtable.games.alethkar_poker.ui.values_page:AlethkarValuesPage",
                   smoke_text="Alethkar Poker table, pass screen and value table: drawn (round {state.round_no})",
                   smoke_stack=40, smoke_steps=(120,), warm_up=warm_up)
"""The table's opening, start, restore and smoke run (:mod:`cardtable.ui.table_setup`)."""

open_game, help_pages, smoke, restore, start_alethkar = TABLE.functions()
