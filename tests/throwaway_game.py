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

from cardtable.engine.betting import BettingRules
from cardtable.engine.cards import Card
from cardtable.engine.game import CHANCE, Action
from cardtable.engine.showdown import KeyOrdered, ShowdownResult
from cardtable.games.definition import DeclaredSettings

HAND_SIZE = 3
"""Cards dealt to each player."""

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


class Shuffle(Action, kind="high_card_showdown.shuffle"):
    """Chance's action that starts a hand: the order of the 52 cards, top first."""

    order: tuple[int, ...]
    seat: int = CHANCE


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
"""High Card Showdown's state machine: shuffle, antes and the deal, one betting round,
the showdown (pots and side pots by the engine's ledger), hand after hand."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from cardtable.engine import fields
from cardtable.engine.betting import BetOptions, BettingAction, BettingRound
from cardtable.engine.cards import Deck
from cardtable.engine.game import CHANCE, Action, Event, seat_table
from cardtable.engine.seats import ChipSeatedState
from cardtable.engine.showdown import PotResult
from cardtable.games.high_card_showdown import GAME
from cardtable.games.high_card_showdown.rules import HAND_SIZE, HighCards, Phase, RoundResult, ShowdownSettings, Shuffle


class ShowdownState(ChipSeatedState):
    """A match of High Card Showdown. Build one with :meth:`new`."""

    JSON_FIELDS = (
        *fields.header(ShowdownSettings, Phase), "round_no", "dealer", "total_chips",
        fields.listed("round_start_stacks"), *fields.SHARED_LEDGER, fields.listed("deck_order"),
        fields.nested_lists("hands"), fields.listed("discards"), fields.optional_json("results", RoundResult),
        fields.listed("shown"))
    CHANCE_PHASES = frozenset({Phase.SHUFFLE, Phase.REVEAL})
    TURNS = {Phase.BET: "betting.to_act"}
    CHANCE_MOVES = (Shuffle,)

    settings: ShowdownSettings
    phase: Phase
    round_start_stacks: list[int]

    @classmethod
    def new(cls, settings: ShowdownSettings, deck: Deck, names: Sequence[str], rng: random.Random,
            dealer: int = 0, *, stacks: Sequence[int] | None = None) -> ShowdownState:
        """A match about to start: chance's shuffle is the first action."""
        names, stacks = seat_table(GAME, names, stacks, settings.starting_chips, dealer)
        if deck.id != "standard52":
            raise ValueError(f"High Card Showdown is played with the 52-card deck, not {deck.name}")
        state = cls._seated(settings, deck, names, rng, dealer, stacks, Phase.SHUFFLE)
        state.round_start_stacks = list(stacks)
        state.round_no = 0
        state._clear_round()
        return state

    def _clear_round(self) -> None:
        self.betting: BettingRound | None = None
        self.deck_order: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(self.seats)]
        self.discards: list[int] = []
        self.results: RoundResult | None = None
        self.shown: list[bool] = [False] * self.seats

    # -- what the players and the UI ask ------------------------------------------------
    def betting_options(self, seat: int) -> BetOptions | None:
        """What ``seat`` may bet now, or None outside the betting round."""
        if self.phase != Phase.BET or self.betting is None:
            return None
        return self.betting.legal_options(seat)

    def legal_actions(self, seat: int) -> list[Action]:
        """The betting round's representative actions, on ``seat``'s turn."""
        if seat == CHANCE or seat != self.to_act or self.betting is None:
            return []
        return list(self.betting.legal_actions(seat))

    def round_outcome(self) -> dict[str, Any] | None:
        """The last settled hand, for the statistics."""
        return None if self.results is None else self.results.outcome()

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know: its own cards and the hands shown."""
        hands = [list(cards) if s == seat or self.shown[s] else [None] * len(cards)
                 for s, cards in enumerate(self.hands)]
        options = self.betting_options(seat) if seat is not None and seat == self.to_act else None
        return {
            "seat": seat, "phase": self.phase.value, "round_no": self.round_no, "dealer": self.dealer,
            "to_act": self.to_act, "names": list(self.names), "stacks": self.stacks, "hands": hands,
            "in_hand": list(self.chips.in_hand), "round_bets": list(self.chips.round_bets),
            "contributed": list(self.chips.contributed), "pot_total": self.chips.pot_total,
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in self.pots()],
            "options": dataclasses.asdict(options) if options is not None else None,
            "results": self.results.to_json() if self.results is not None else None,
        }

    def _hidden_slots(self, seat: int) -> list[tuple[Any, Any]]:
        slots: list[tuple[Any, Any]] = []
        for owner, hand in enumerate(self.hands):
            if owner != seat and not self.shown[owner]:
                slots += [(hand, i) for i in range(len(hand))]
        slots += [(self.deck_order, i) for i in range(len(self.deck_order))]
        return slots + [(self.discards, i) for i in range(len(self.discards))]

    # -- legality -------------------------------------------------------------------------
    def _why_not_chance(self, action: Action) -> str | None:
        return self._why_not_shuffle(action, list(range(len(self.deck))),
                                     "a shuffle must order every card of the deck exactly once")

    def _why_not_move(self, action: Action) -> str | None:
        if not isinstance(action, BettingAction) or self.betting is None:
            return "now is the betting: check, call, bet, raise, fold or all-in"
        return self._rename(self.betting.why_illegal(action))

    # -- doing ----------------------------------------------------------------------------
    def _chance_action(self) -> Action:
        return Shuffle(order=self._shuffled(range(len(self.deck))))

    def _apply(self, action: Action) -> Event:
        events: list[Event] = []
        if isinstance(action, Shuffle):
            self._deal(action.order, events)
        else:
            assert isinstance(action, BettingAction) and self.betting is not None
            events.append(self.betting.apply(action, name=self.names[action.seat]))
            if not self.chips.in_hand[action.seat]:
                self.discards.extend(self.hands[action.seat])  # the folded hand, face down
                self.hands[action.seat] = []
        self._advance(events)
        return self._logged(events)

    def _deal(self, order: Sequence[int], events: list[Event]) -> None:
        if self.round_no == 0 and self.chips.stacks[self.dealer] == 0:
            self.dealer = self.next_with_chips(self.dealer)
        self._new_round(self.next_with_chips)
        self.round_start_stacks = self._fresh_ledger()
        self.deck_order = list(order)
        players = self.players_from_left()
        events.append(self._antes(players, self.settings.ante, f"Hand {self.round_no}"))
        events.append(self._deal_each(players, HAND_SIZE, self.deck_order, "three cards"))
        self.phase = Phase.BET
        self.betting = BettingRound(rules=self.settings.betting, chips=self.chips,
                                    first_to_act=(self.dealer + 1) % self.seats)

    def _advance(self, events: list[Event]) -> None:
        betting = self.betting
        if self.phase != Phase.BET or betting is None:
            return
        if betting.hand_over:
            self._settle(None, {}, events)
        elif betting.to_act is None:
            self._return_uncalled(self.chips.end_round(), events)
            values = {}
            for seat in self.players_from_left():
                values[seat] = HighCards.of([self.deck[c] for c in self.hands[seat]])
                self.shown[seat] = True
                events.append(Event(seat, f"{self.names[seat]} shows {self._names_of(self.hands[seat])}: "
                                          f"{values[seat].label}"))
            self._settle({seat: value.key for seat, value in values.items()}, values, events)

    def _settle(self, keys: dict[int, Any] | None, values: dict[int, HighCards], events: list[Event]) -> None:
        self.betting = None
        settlement = self.chips.settle(keys, dealer_seat=self.dealer)
        self._return_uncalled(settlement.uncalled, events)
        pots = PotResult.of_awards(settlement.awards)
        for pot in pots:
            how = f" with {values[pot.winners[0]].label}" if values else " (everyone else folded)"
            events.append(Event(pot.winners[0], pot.announce(self.names, how)))
        self.results = RoundResult(
            round_no=self.round_no, showdown=keys is not None, hands=dict(values),
            cards={s: tuple(self.hands[s]) for s in values}, pots=tuple(pots), won=dict(settlement.won),
            net=tuple(self.chips.stacks[s] - self.round_start_stacks[s] for s in range(self.seats)),
            uncalled=settlement.uncalled)
        alive = [s for s in range(self.seats) if self.chips.stacks[s] > 0]
        if len(alive) == 1:
            self.phase = Phase.GAME_OVER
            events.append(Event(alive[0], f"{self.names[alive[0]]} has all the chips: the match is over"))
        else:
            self.phase = Phase.REVEAL
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

TABLE = '''\
"""High Card Showdown's table: seats round the felt, the pot, the betting bar."""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.games.high_card_showdown.rules import Phase
from cardtable.ui.bet_bar import BET_KEYS
from cardtable.ui.game_table import GameTableScene
from cardtable.ui.table_parts import next_round_binding
from cardtable.ui.table_setup import TableSetup
from cardtable.ui.widgets import WidgetGroup


class ShowdownTableScene(GameTableScene):
    """One match on one screen, drawn from ``state.view(viewer)``."""

    KEYS = (next_round_binding("next hand (after the showdown)"),)
    BET_KEYS = BET_KEYS
    NEXT_LABEL = "Next hand"

    def waits_for_next_round(self) -> bool:
        """Between hands the people press Next hand."""
        return bool(self.state.phase == Phase.REVEAL)

    def build_controls(self, group: WidgetGroup) -> None:
        """The betting bar on the viewer's turn."""
        if self.viewer is not None and self.mine():
            self.open_bet_bar()

    def title(self, view: dict[str, Any]) -> str:
        """The game and the hand."""
        return f"High Card Showdown   ·   hand {view['round_no']}"

    def draw_centre(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """The pot line in the middle."""
        self.pot_line = self.draw_pot_line(surface, view, self.middle.center)

    def draw_seat(self, surface: pygame.Surface, view: dict[str, Any], seat: int) -> None:
        """A seat's plate, and its cards (the viewer's large, at the bottom)."""
        bet = view["round_bets"][seat]
        lines = [f"chips {view['stacks'][seat]:,}" + (f"   ·   bet {bet:,}" if bet else "")]
        cards = view["hands"][seat]
        own = seat == self.viewer
        width = max(40, int(self.felt.height / 6.0 * (0.9 if own else 0.5)))
        at = self.plate_beside(self.own_hand_box(len(cards) or 3, width)) if own else None
        plate = self.seat_plate(surface, seat, lines, dealer=view["dealer"] == seat,
                                acting=view["to_act"] == seat, at=at)
        if own:
            self.draw_own_cards(surface, cards, self.own_hand_box(len(cards), width), width)
        elif cards:
            self.draw_seat_cards(surface, seat, plate, cards, width, int(width * 0.6))

    def bar_text(self, view: dict[str, Any]) -> str | None:
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

FILES = {
    "__init__.py": INIT,
    "rules.py": RULES,
    "state.py": STATE,
    "checks.py": CHECKS,
    "bot.py": BOT,
    "ui/__init__.py": '"""High Card Showdown\'s screens."""\n',
    "ui/table.py": TABLE,
}
"""The package's files, by path inside ``cardtable/games/high_card_showdown/``."""
