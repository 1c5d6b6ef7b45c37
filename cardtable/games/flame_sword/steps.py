"""A hand of Flame Sword as a declared flow (:data:`FLOW`), and the game's own steps:
the blinds with the last winner's extra one, the Called Shots, chance's deal of the hole
cards and the grid, the flips of the flop and the turn, the river, the showdown of the
best line and the settle that says what decided each pot and names the next Underdog."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.engine import flow
from cardtable.engine.chips import seats_from_left_of
from cardtable.engine.flow.reader import load_flow
from cardtable.engine.game import CHANCE, Action, Event
from cardtable.engine.showdown import pot_phrase
from cardtable.engine.words import figure
from cardtable.games.flame_sword.rules import (
    CALLED_SHOT_SIZE,
    FLIP_TARGETS,
    GRID_CELLS,
    HOLE_CARDS,
    UNDERDOG_EXTRA,
    CallShot,
    Deal,
    Flip,
    HandResult,
    PotResult,
    ShownHand,
    cell_name,
    decided_by,
)

if TYPE_CHECKING:
    from cardtable.games.flame_sword.state import FlameSwordState

__all__ = ["FLOW", "WinnersBlinds", "CalledShots", "DealGrid", "Flips", "River", "LineShowdown", "FlameSettle"]


@dataclass(frozen=True)
class WinnersBlinds(flow.Blinds):
    """The small and big blinds from the dealer's left, then one more full blind from the
    last hand's winner (the dealer on the first hand, or when the winner is not in this
    one), live or dead as ``settings.extra_blind`` says; the line names the Underdog."""

    def posts(self, state: Any) -> list[flow.Blind]:
        """The small and big blinds, then the winner's."""
        game: FlameSwordState = state
        winner = game.last_winner
        extra = winner if winner is not None and game.chips.in_hand[winner] else game.dealer
        if not game.chips.in_hand[extra]:
            extra = game.players_from_left()[-1]
        words = "winner's blind" if winner is not None else "dealer's blind"
        return [*super().posts(state),
                flow.Blind("extra", words, extra, game.settings.blind, game.settings.live_extra_blind)]

    def line(self, state: Any, parts: Sequence[str]) -> str:
        """The blinds' line, and who is the Underdog."""
        text = super().line(state, parts)
        if state.underdog is not None:
            text += f". {state.names[state.underdog]} is the Underdog"
        return text


@dataclass(frozen=True)
class CalledShots(flow.InTurn):
    """From the dealer's left, each player names a Called Shot of ten cards or passes."""

    phase: ClassVar[str] = "call"
    TURN: ClassVar[str] = "call_turn"

    NAME: ClassVar[str] = "called shots"

    def opening(self, state: Any, first: int) -> str:
        """The first from the dealer's left calls."""
        return f"Called Shots: name ten cards or pass, from {state.names[first]}"

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Passing only: any ten cards are a legal shot (:meth:`why_not`)."""
        return [CallShot(seat=seat, cards=())]

    def why_not(self, state: Any, action: Action) -> str | None:
        """Ten different cards of the deck, or none."""
        if not isinstance(action, CallShot):
            return "now is the Called Shot: name ten cards, or pass"
        cards = action.cards
        if not isinstance(cards, tuple) or any(isinstance(c, bool) or not isinstance(c, int) for c in cards):
            return "a Called Shot names cards by their deck indices"
        if cards and len(cards) != CALLED_SHOT_SIZE:
            return f"a Called Shot names exactly {CALLED_SHOT_SIZE} cards (or none to pass), not {len(cards)}"
        if len(set(cards)) != len(cards):
            return "a card is named twice"
        if any(not 0 <= c < len(state.deck) for c in cards):
            return "a named card is not in the deck"
        return None

    def apply(self, state: Any, action: Action, events: list[Event]) -> None:
        """Name the shot (public); the next player calls."""
        game: FlameSwordState = state
        assert isinstance(action, CallShot)
        seat = action.seat
        game.called[seat] = tuple(action.cards)
        if action.cards:
            events.append(Event(seat, f"{game.names[seat]} calls a shot: {game._names_of(action.cards)}"))
        else:
            events.append(Event(seat, f"{game.names[seat]} makes no Called Shot"))
        self.pass_turn(game, seat)


@dataclass(frozen=True)
class DealGrid(flow.Step):
    """Chance deals four hole cards to each player from the dealer's left, one at a time,
    four more to the Underdog, then the 100-card grid face down, row by row: only the cards
    dealt leave the shuffled deck (:class:`~cardtable.games.flame_sword.rules.Deal`)."""

    phase: ClassVar[str] = "deal"
    CHANCE_ACTIONS: ClassVar[tuple[type[Action], ...]] = (Deal,)

    NAME: ClassVar[str] = "deal"

    def begin(self, state: Any, events: list[Event]) -> None:
        """Chance is to deal."""
        state.enter(self.phase)

    def waiting(self, state: Any) -> bool:
        """Until the grid is dealt."""
        return not state.grid

    def to_act(self, state: Any) -> int | None:
        """Chance."""
        return CHANCE

    def why_not_chance(self, state: Any, action: Action) -> str | None:
        """As many different cards of the deck as the hand takes."""
        if not isinstance(action, Deal):
            return "it is not time to deal"
        game: FlameSwordState = state
        cards, size = action.cards, game._deal_size()
        if not isinstance(cards, tuple) or len(cards) != size:
            return f"the deal takes exactly {size} cards"
        if len(set(cards)) != len(cards) or any(
                isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < len(game.deck) for c in cards):
            return "the deal must be different cards of the deck"
        return None

    def chance_action(self, state: Any) -> Action:
        """The top cards of the whole deck shuffled; a rollout copy's, an ordered sample."""
        game: FlameSwordState = state
        if game.sampled_deal:
            return Deal(cards=tuple(game.rng.sample(range(len(game.deck)), game._deal_size())))
        return Deal(cards=game._shuffled(range(len(game.deck)))[:game._deal_size()])

    def apply(self, state: Any, action: Action, events: list[Event]) -> None:
        """Deal; each player reads its own cards in the line."""
        game: FlameSwordState = state
        assert isinstance(action, Deal)
        cards = action.cards
        players = game.players_from_left()
        top = 0
        for _ in range(HOLE_CARDS):
            for seat in players:
                game.hands[seat].append(cards[top])
                top += 1
        if game.underdog is not None:
            game.hands[game.underdog].extend(cards[top:top + UNDERDOG_EXTRA])
            top += UNDERDOG_EXTRA
        game.grid = list(cards[top:top + GRID_CELLS])
        game.face_up = [False] * GRID_CELLS
        public = f"{game.names[game.dealer]} deals four hole cards to each of {len(players)} players"
        if game.underdog is not None:
            public += f" and four more to {game.names[game.underdog]}, the Underdog"
        public += ", and 100 cards face down in a 10 x 10 grid"
        events.append(Event(CHANCE, public, {
            s: f"{public}; {game.names[s]} gets {game._names_of(game.hands[s])}" for s in players}))


@dataclass(frozen=True)
class Flips(flow.InTurn):
    """The flop or the turn (``name``): the players still in flip one face-down grid card
    each, in turn counterclockwise from the dealer's right, until ``target`` are face up.

    A rollout copy (``sampled_deal``) flips them at once, a random set of the face-down
    cells drawn from chance's generator, as the strong level's rollout policy
    (:func:`~cardtable.games.flame_sword.bot.rollout_choice`: a random face-down cell each
    flip) would turn them one by one: 60 or 80 single flips a rollout were a third of its
    time."""

    name: str
    target: int
    phase: ClassVar[str] = "flip"
    TURN: ClassVar[str] = "flip_turn"

    def describe(self) -> str:
        """The street's name."""
        return self.name

    def first(self, state: Any) -> int:
        """The first player right of the dealer."""
        first: int = state.flip_order()[0]
        return first

    def opening(self, state: Any, first: int) -> str:
        """Who flips first, and to how many."""
        return (f"The {self.name}: flip grid cards in turn, counterclockwise from {state.names[first]}, "
                f"until {self.target} are face up")

    def begin(self, state: Any, events: list[Event]) -> None:
        """The first player right of the dealer flips (a rollout copy flips them all)."""
        game: FlameSwordState = state
        game.flip_target = self.target
        super().begin(game, events)
        if game.sampled_deal:
            self._flip_at_once(game, events)

    def _flip_at_once(self, game: FlameSwordState, events: list[Event]) -> None:
        down = [c for c in range(GRID_CELLS) if not game.face_up[c]]
        turned = game.rng.sample(down, max(0, self.target - (GRID_CELLS - len(down))))
        for cell in turned:
            game.face_up[cell] = True
        game.last_flipped = turned[-1] if turned else game.last_flipped
        events.append(Event(CHANCE, f"{len(turned)} grid cards flip at once (a rollout copy)"))
        game.flip_turn = None
        game.flip_target = None

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Every face-down cell."""
        face_up = state.face_up
        return [Flip(seat=seat, cell=c) for c in range(GRID_CELLS) if not face_up[c]]

    def why_not(self, state: Any, action: Action) -> str | None:
        """A cell of the grid, face down."""
        if not isinstance(action, Flip):
            return "now is the flip: turn one face-down grid card face up"
        cell = action.cell
        if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < GRID_CELLS:
            return f"there is no grid cell {cell!r} (0 to {GRID_CELLS - 1})"
        return f"the card at {cell_name(cell)} is already face up" if state.face_up[cell] else None

    def apply(self, state: Any, action: Action, events: list[Event]) -> None:
        """Flip the card; the next player counterclockwise flips, until the target."""
        game: FlameSwordState = state
        assert isinstance(action, Flip)
        game.face_up[action.cell] = True
        game.last_flipped = action.cell
        events.append(Event(action.seat, f"{game.names[action.seat]} flips {cell_name(action.cell)}: "
                                         f"{game.card_name(game.grid[action.cell])}"))
        if game.face_up_count >= self.target:
            game.flip_turn = None
            game.flip_target = None
            return
        order = game.flip_order()
        game.flip_turn = order[(order.index(action.seat) + 1) % len(order)]


@dataclass(frozen=True)
class River(flow.Step):
    """The grid cards still face down turn over by themselves."""

    NAME: ClassVar[str] = "river"

    def begin(self, state: Any, events: list[Event]) -> None:
        """Turn them over; the line names them."""
        game: FlameSwordState = state
        turned = [c for c in range(GRID_CELLS) if not game.face_up[c]]
        game.face_up = [True] * GRID_CELLS
        game.last_flipped = None
        names = ", ".join(game.card_name(game.grid[c]) for c in turned)
        events.append(Event(CHANCE, f"The river: the last {len(turned)} grid cards turn over: {names}"))


@dataclass(frozen=True)
class LineShowdown(flow.Step):
    """Every player still in shows, from the dealer's left, the best ten of its hole cards
    and one row or column of the grid
    (:func:`~cardtable.games.flame_sword.hands.best_line`, with its Called Shot)."""

    NAME: ClassVar[str] = "showdown"

    def begin(self, state: Any, events: list[Event]) -> None:
        """Show and value every hand still in, for the settle."""
        from cardtable.games.flame_sword import hands  # the evaluator, imported when first needed
        game: FlameSwordState = state
        shown: dict[int, ShownHand] = {}
        for seat in game.players_from_left():
            hand, line = hands.best_line(game.deck, game.hands[seat], game.grid,
                                         called=game.called[seat] or (), order=game.settings.order)
            label = getattr(hand, "label", "") or hand.kind
            shown[seat] = ShownHand(hand.rank, hand.kind, tuple(hand.cards), tuple(hand.key), line, label)
            game.shown[seat] = True
            events.append(Event(seat, f"{game.names[seat]} shows {game._names_of(game.hands[seat])}: "
                                      f"{label} with {line}"))
        game.shown_values = shown


@dataclass(frozen=True)
class FlameSettle(flow.Step):
    """Pay every pot (the uncalled bet back first) to the best eligible hand shown, ties
    split with odd chips to the first tied seat left of the dealer, and say what decided
    each pot against the best other hand that could win it (a better kind or the source's
    tie layer); the weakest hand shown is the next hand's Underdog and the winner of the
    main pot posts the next extra blind."""

    NAME: ClassVar[str] = "settle"

    def begin(self, state: Any, events: list[Event]) -> None:
        """Settle on the hands shown (none when all but one folded)."""
        game: FlameSwordState = state
        shown: Mapping[int, ShownHand] | None = game.shown_values or None
        game.betting = None
        game.betting_round = None
        players = game.chips.players_in
        keys = {s: h.key for s, h in shown.items()} if shown else None
        settlement = game.chips.settle(keys, dealer_seat=game.dealer)
        game._return_uncalled(settlement.uncalled, events)
        pots: list[PotResult] = []
        won: dict[int, int] = {}
        names = game.names
        for i, award in enumerate(settlement.awards):
            name = "main pot" if i == 0 else f"side pot {i}"
            layer, decided, against = self.decision(game, award.pot.eligible, award.winners, shown)
            pots.append(PotResult(name, award.pot.amount, award.pot.eligible, award.winners, dict(award.shares),
                                  decided, layer))
            for winner, chips in award.shares.items():
                won[winner] = won.get(winner, 0) + chips
            how = f" with {shown[award.winners[0]].kind}" if shown else " (everyone else folded)"
            if len(award.winners) == 1:
                text = f"{names[award.winners[0]]} wins {pot_phrase(name, award.pot.amount)}{how}"
                if against is not None:
                    text += (f", a better kind than {names[against]}'s" if layer == 0 else
                             f", decided by {decided} (tie-break {layer} of 6) against {names[against]}")
            else:
                shares = ", ".join(f"{names[w]} {figure(award.shares[w])}" for w in award.winners)
                phrase = pot_phrase(name, award.pot.amount)
                text = f"{phrase[0].upper()}{phrase[1:]} is split{how}"
                if shown:
                    text += ", equal through all six tie layers"
                text += f": {shares}"
            events.append(Event(award.winners[0], text))
        underdog = self.weakest(game, shown) if shown else None
        game.last_winner = settlement.awards[0].winners[0] if settlement.awards else players[0]
        game.next_underdog = underdog
        if underdog is not None:
            events.append(Event(underdog, f"{names[underdog]} had the weakest hand: the Underdog of the next hand"))
        game.results = HandResult(
            hand_no=game.hand_no, showdown=bool(shown), hands=dict(shown or {}), pots=tuple(pots), won=won,
            net=tuple(game.chips.stacks[s] - game.hand_start_stacks[s] for s in range(game.seats)),
            underdog=underdog)
        game.shown_values = {}
        alive = [s for s in range(game.seats) if game.chips.stacks[s] > 0]
        if len(alive) == 1:
            game.enter("game_over")
            events.append(Event(alive[0], f"{names[alive[0]]} has all the chips: the match is over"))
        else:
            game.enter("reveal")

    @staticmethod
    def decision(game: FlameSwordState, eligible: Sequence[int], winners: Sequence[int],
                 shown: Mapping[int, ShownHand] | None) -> tuple[int, str, int | None]:
        """What decided a pot: ``(layer, words, the best other hand's seat)`` as
        :func:`~cardtable.games.flame_sword.rules.decided_by` says against the best
        eligible hand that did not win; a split is ``(6, "a split", None)``; ``(-1, "",
        None)`` when nobody else could win it."""
        if not shown:
            return -1, "", None
        if len(winners) > 1:
            return 6, decided_by(shown[winners[0]].key, shown[winners[1]].key)[1], None
        others = [s for s in seats_from_left_of(game.dealer, game.seats)
                  if s in eligible and s in shown and s not in winners]
        if not others:
            return -1, "", None
        against = max(others, key=lambda s: shown[s].key)
        layer, words = decided_by(shown[winners[0]].key, shown[against].key)
        return layer, words, against

    @staticmethod
    def weakest(game: FlameSwordState, shown: Mapping[int, ShownHand]) -> int | None:
        """The weakest hand shown (the first from the dealer's left among equals), or
        None when every hand shown is equal."""
        keys = {s: h.key for s, h in shown.items()}
        low = min(keys.values())
        if low == max(keys.values()):
            return None
        return next(s for s in seats_from_left_of(game.dealer, game.seats) if keys.get(s) == low)


FLOW = load_flow(__package__, hooks={
    "blinds": WinnersBlinds(), "called shots": CalledShots(), "deal": DealGrid(),
    "flop": Flips("flop", FLIP_TARGETS[0]), "turn": Flips("turn", FLIP_TARGETS[1]), "river": River(),
    "showdown": LineShowdown(), "settle": FlameSettle()
})
"""A hand of Flame Sword, step by step (run by :class:`~cardtable.engine.flow.FlowState`):
the betting rounds are the engine's, the rest the game's own steps."""
