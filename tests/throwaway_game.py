'''A whole small game, as text: "High Card Showdown", written by
``tests/test_new_game_package.py`` into a folder of its own to prove that a game needs
no edit outside its package and its variant file (``docs/adding-a-game.md`` is the
recipe it follows, file by file).

The rules: every seat with chips antes and is dealt three cards face down; one no-limit
betting round from the dealer's left; the best high card among those still in wins
(the highest card, then the second, then the third; suits never count), the main pot
and side pots settled by the engine's ledger. The deal passes left; the match ends when
one seat has every chip.
'''

from __future__ import annotations

GAME_ID = "high_card_showdown"
"""The game's id: its package's folder name and the ``game:`` of its variant file."""

INIT = '''\
"""High Card Showdown: antes, three cards, one betting round, the best high card wins."""

from __future__ import annotations

from cardtable.games.definition import GameDefinition, GameProfile, chips, starting_stack

GAME = GameDefinition.package(
    __name__,
    name="High Card Showdown",
    round_word="hand",
    seats=(2, 6),
    settings=(
        chips("ante", 1, "chips each player puts in before the deal"),
        starting_stack(50),
        chips("min_bet", 2, "the smallest bet and raise"),
    ),
    rules="ShowdownSettings",
    state="ShowdownState",
    bot="ShowdownBot",
    setting_choices={"ante": (1, 3), "min_bet": (1, 2, 5), "starting_chips": (5, 50, 200)},
    profile=GameProfile(
        short_match={"starting_chips": 6},
        high_stakes={"starting_chips": 20000, "ante": 1000, "min_bet": 1000},
        saved_actions=("high_card_showdown.shuffle Shuffle seat order",),
    ),
)
"""High Card Showdown, as the registry sees it."""
'''

RULES = '''\
"""High Card Showdown's static parts: settings, phases, the shuffle, a hand's value."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardtable.engine import flow
from cardtable.engine.betting import BettingRules
from cardtable.engine.cards import Card
from cardtable.engine.flow.reader import load_flow
from cardtable.engine.showdown import KeyOrdered, ShowdownResult
from cardtable.games.definition import DeclaredSettings

RANKS = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13,
         "A": 14}
"""Each rank's value, Ace high."""


class Phase(StrEnum):
    """Where the match stands."""

    SHUFFLE = "shuffle"
    """Chance shuffles; the antes and the deal follow by themselves."""
    BET = "bet"
    """The one betting round."""
    REVEAL = "reveal"
    """The hand is over and shown; chance starts the next."""
    GAME_OVER = "game_over"
    """One seat has every chip."""


@dataclass(frozen=True, kw_only=True)
class ShowdownSettings(DeclaredSettings):
    """The stakes of a table, read from the fields the package declares."""

    ante: int = 1
    starting_chips: int = 50
    min_bet: int = 2
    bot_level: str = "normal"

    @property
    def betting(self) -> BettingRules:
        """No limit, from ``min_bet``."""
        return BettingRules(min_bet=self.min_bet)


class Shuffle(flow.Shuffle, kind="high_card_showdown.shuffle"):
    """Chance's action that starts a hand: the order of the 52 cards, top first."""


@dataclass(frozen=True)
class HighCards(KeyOrdered):
    """Three cards' value: their ranks, highest first (the greater key wins)."""

    key: tuple[int, ...]
    label: str

    @property
    def rank(self) -> int:
        """The place among all values, smaller the better (1: three Aces)."""
        return 1 + sum((14 - value) * 13 ** (2 - i) for i, value in enumerate(self.key))

    @classmethod
    def of(cls, cards: list[Card]) -> HighCards:
        """The value of ``cards``."""
        key = tuple(sorted((RANKS[c.rank] for c in cards), reverse=True))
        top = next(c.rank for c in cards if RANKS[c.rank] == key[0])
        return cls(key, f"{top} high")


def high_cards(cards: list[Card]) -> HighCards:
    """The showdown's evaluator: the value of a hand's cards."""
    return HighCards.of(cards)


FLOW = load_flow(__package__)
"""A hand, step by step (``flow.yaml``): the engine runs it."""


class RoundResult(ShowdownResult[HighCards]):
    """What a hand came to, its hands as :class:`HighCards`."""

    @staticmethod
    def hand_json(hand: HighCards) -> Any:
        """A value as plain data (the table's reason reads ``label`` and ``key``)."""
        return {"label": hand.label, "key": list(hand.key)}

    @staticmethod
    def hand_from_json(data: Any) -> HighCards:
        """A value written by :meth:`hand_json`."""
        return HighCards(tuple(data["key"]), data["label"])
'''

STATE = '''\
"""High Card Showdown's state: its hands run on the engine's declared flow (``FLOW``); what
is left is the table's check, what a seat may see, and where hidden cards lie."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardtable.engine import fields
from cardtable.engine.cards import Deck
from cardtable.engine.flow import FlowState
from cardtable.engine.flow.state import street_field
from cardtable.engine.game import seat_table
from cardtable.games.high_card_showdown import GAME
from cardtable.games.high_card_showdown.rules import FLOW, Phase, RoundResult, ShowdownSettings, Shuffle


class ShowdownState(FlowState):
    """A match of High Card Showdown. Build one with :meth:`new`."""

    FLOW = FLOW
    SHUFFLE = Shuffle
    RESULT = RoundResult
    JSON_FIELDS = (
        *fields.header(ShowdownSettings, Phase), "round_no", "dealer", "total_chips",
        fields.listed("round_start_stacks"), fields.listed("out"), *fields.SHARED_LEDGER, "betting_round",
        fields.listed("deck_order"), fields.nested_lists("hands"), fields.listed("discards"),
        fields.optional_json("results", RoundResult), fields.listed("shown"), street_field(FLOW))

    settings: ShowdownSettings
    phase: Phase

    @classmethod
    def new(cls, settings: ShowdownSettings, deck: Deck, names: Sequence[str], rng: random.Random,
            dealer: int = 0, *, stacks: Sequence[int] | None = None) -> ShowdownState:
        """A match about to start: chance's shuffle is the first action."""
        names, stacks = seat_table(GAME, names, stacks, settings.starting_chips, dealer)
        if deck.id != "standard52":
            raise ValueError(f"High Card Showdown is played with the 52-card deck, not {deck.name}")
        state = cls._seated(settings, deck, names, rng, dealer, stacks, Phase.SHUFFLE)
        state._start_match(stacks)
        return state

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know: its own cards and the hands shown."""
        hands = [list(cards) if s == seat or self.shown[s] else [None] * len(cards)
                 for s, cards in enumerate(self.hands)]
        return {
            "seat": seat, "phase": self.phase.value, "round_no": self.round_no, "dealer": self.dealer,
            "to_act": self.to_act, "names": list(self.names), "stacks": self.stacks, "hands": hands,
            "in_hand": list(self.chips.in_hand), "round_bets": list(self.chips.round_bets),
            "contributed": list(self.chips.contributed), "pot_total": self.chips.pot_total,
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in self.pots()],
            "options": self.options_json(seat),
            "results": self.results.to_json() if self.results is not None else None,
        }

    def _hidden_slots(self, seat: int) -> list[tuple[Any, Any]]:
        slots: list[tuple[Any, Any]] = []
        for owner, hand in enumerate(self.hands):
            if owner != seat and not self.shown[owner]:
                slots += [(hand, i) for i in range(len(hand))]
        slots += [(self.deck_order, i) for i in range(len(self.deck_order))]
        return slots + [(self.discards, i) for i in range(len(self.discards))]
'''

CHECKS = '''\
"""High Card Showdown's invariants: the shared checks, told where its cards lie."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from cardtable.engine import checks as shared


class ShowdownChecks(shared.GameChecks):
    """The stock, the hands and the folded cards; the log names cards by code."""

    card_code = re.compile(r"\\b(?:10|[2-9JQKA])[CDHS]\\b")
    hidden_keys = frozenset({"deck_order", "discards"})
    chance = True

    def card_places(self, state: Any) -> Iterable[Iterable[int]]:
        return (state.deck_order, *state.hands, state.discards)


(all_problems, chip_problems, card_problems, view_problems, log_problems, liveness_problems,
 round_trip, round_trip_problems, public_cards) = ShowdownChecks().api()
'''

BOT = '''\
"""A computer player: bets a high card, checks or folds the rest (``tough`` bets a Queen too)."""

from __future__ import annotations

import random
from typing import Any

from cardtable.engine.game import Action
from cardtable.games.high_card_showdown.rules import RANKS


class ShowdownBot:
    """Plays the seat copy it is given; no rollout player of its own (the strong level's
    default policy plays its rollouts)."""

    def __init__(self, rng: random.Random, level: str = "normal") -> None:
        self.rng = rng
        self.level = level

    def choose(self, state: Any, seat: int) -> Action:
        """Bet or call with a King or better (tough: a Queen), else check, else fold
        (calling now and then)."""
        actions = state.legal_actions(seat)
        top = max(RANKS[state.deck[c].rank] for c in state.hands[seat])
        bold = top >= (12 if self.level == "tough" else 13)
        if bold:
            order = ("poker.bet", "poker.raise", "poker.call", "poker.check", "poker.all_in")
        else:
            order = ("poker.check", "poker.call" if self.rng.random() < 0.3 else "poker.fold", "poker.fold")
        for kind in order:
            found = [a for a in actions if a.kind == kind]
            if found:
                return found[0]
        return self.rng.choice(actions)
'''

VIEW = '''\
"""High Card Showdown's typed seat view: the shared chip view of a poker-style game."""

from __future__ import annotations

from cardtable.engine.view import Phase, SeatView, phase_words
from cardtable.games.high_card_showdown.state import ShowdownState
from cardtable.games.seat_views import chip_view, counted, poker_showdown


def seat_view(state: ShowdownState, seat: int | None) -> SeatView:
    """What ``seat`` (None: a spectator) may see of ``state``, typed."""
    options = state.betting_options(seat) if seat is not None and seat == state.to_act else None
    return chip_view(state, seat, game="high_card_showdown",
                     phase=Phase(id=state.phase.value, words=phase_words(state.phase.value)),
                     shown=state.shown, out=state.out, in_hand=state.in_hand, round_no=state.round_no,
                     betting_round=state.betting_round, zones=(counted("deck", len(state.deck_order)),),
                     options=options,
                     showdown=poker_showdown(state.results.to_json()) if state.results is not None else None)
'''

TABLE = '''\
"""High Card Showdown's table: seats round the felt, the pot, the betting bar."""

from __future__ import annotations

import pygame

from cardtable.engine.view import SeatView
from cardtable.games.high_card_showdown.rules import Phase
from cardtable.ui.bet_bar import BET_KEYS
from cardtable.ui.game_table import GameTableScene
from cardtable.ui.table_parts import next_round_binding
from cardtable.ui.table_setup import TableSetup
from cardtable.ui.widgets import WidgetGroup


class ShowdownTableScene(GameTableScene):
    """One match on one screen, drawn from the viewer's typed seat view."""

    KEYS = (next_round_binding("next hand (after the showdown)"),)
    BET_KEYS = BET_KEYS
    NEXT_LABEL = "Next hand"

    def waits_for_next_round(self) -> bool:
        """Between hands the people press Next hand."""
        return self.view.phase.id == Phase.REVEAL

    def build_controls(self, group: WidgetGroup) -> None:
        """The betting bar on the viewer's turn."""
        if self.viewer is not None and self.mine():
            self.open_bet_bar()

    def title(self, view: SeatView) -> str:
        """The game and the hand."""
        return f"High Card Showdown   ·   hand {view.round}"

    def draw_centre(self, surface: pygame.Surface, view: SeatView) -> None:
        """The pot line in the middle."""
        self.pot_line = self.draw_pot_line(surface, view, self.middle.center)

    def draw_seat(self, surface: pygame.Surface, view: SeatView, seat: int) -> None:
        """A seat's plate, and its cards (the viewer's large, at the bottom)."""
        info = view.seats[seat]
        lines = [f"chips {info.stack or 0:,}" + (f"   ·   bet {info.bet:,}" if info.bet else "")]
        cards = list(info.hand)
        own = seat == self.viewer
        width = max(40, int(self.felt.height / 6.0 * (0.9 if own else 0.5)))
        at = self.plate_beside(self.own_hand_box(len(cards) or 3, width)) if own else None
        plate = self.seat_plate(surface, seat, lines, dealer=info.dealer, acting=view.to_act == seat, at=at)
        if own:
            self.draw_own_cards(surface, cards, self.own_hand_box(len(cards), width), width)
        elif cards:
            self.draw_seat_cards(surface, seat, plate, cards, width, int(width * 0.6))

    def bar_text(self, view: SeatView) -> str | None:
        """Who won the hand, and why."""
        return self.round_end_text(view, "Hand", ("the second card", "the third card"))


TABLE = TableSetup("high_card_showdown", ShowdownTableScene, "",
                   smoke_text="High Card Showdown table: drawn (hand {state.round_no})", smoke_stack=50)
"""The table's opening, start, restore and smoke run."""

open_game, help_pages, smoke, restore, start_match = TABLE.functions()
'''

VARIANT = '''\
schema_version: 1
variant:
  id: high_card_showdown
  name: High Card Showdown
  game: high_card_showdown
  summary: Ante, three cards each, one no-limit betting round, the best high card wins.
  decks: [standard52]
  settings:
    ante: 1
    starting_chips: 50
    min_bet: 2
  rules: |
    Everyone antes and is dealt three cards face down. One round of no-limit betting
    follows from the dealer's left. Those still in show: the highest card wins, then
    the second, then the third; suits never count. Side pots as in poker.
'''

FLOW_FILE = """\
# A hand of High Card Showdown, step by step: the engine runs it.
- antes: {amount: ante}
- deal: {hole: 3}
- bet: {name: on three cards}
- showdown: {evaluator: "cardtable.games.high_card_showdown.rules:high_cards"}
- settle: {}
"""

FILES = {
    "__init__.py": INIT,
    "flow.yaml": FLOW_FILE,
    "rules.py": RULES,
    "state.py": STATE,
    "checks.py": CHECKS,
    "bot.py": BOT,
    "view.py": VIEW,
    "ui/__init__.py": '"""High Card Showdown\'s screens."""\n',
    "ui/table.py": TABLE,
}
"""The package's files, by path inside ``cardtable/games/high_card_showdown/``."""
