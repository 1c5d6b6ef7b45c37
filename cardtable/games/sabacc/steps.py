"""Sabacc's own steps of the hand flow, and :data:`FLOW`, the hand as the list of its steps.

Sabacc does not bet in rounds: a turn passes round the table, and in it the turn's player
bets (the hand's one ledger, never closed until the call), chance rolls the red/blue die
after a bet or raise (red shifts every hand), and the player draws or stands. So the
hand's own steps are the sabacc pot's ante, the turns, the bomb-outs at the call, the
sudden demise and the settle of both pots (:mod:`cardtable.games.sabacc.showdown`); the
antes, the deal and the showing of the hands at the call are the engine's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.engine.betting import BettingAction, BettingRound, Fold
from cardtable.engine.flow import Step
from cardtable.engine.flow.reader import load_flow
from cardtable.engine.game import CHANCE, Action, Event
from cardtable.engine.words import figure
from cardtable.games.sabacc import showdown
from cardtable.games.sabacc.rules import (
    DIE_FACES,
    RED,
    DealDemise,
    Draw,
    Drop,
    Keep,
    RollDie,
    Shift,
    Stand,
    Swap,
)

if TYPE_CHECKING:
    from cardtable.games.sabacc.state import SabaccState

__all__ = ["SabaccAnte", "Turns", "BombOuts", "SuddenDemise", "SabaccSettle", "FLOW", "turn_betting"]


def turn_betting(state: SabaccState, seat: int) -> BettingRound:
    """A betting round over the hand's ledger, started at ``seat``, with the hand's
    minimum raise: what checks and applies the bet of ``seat``'s turn."""
    betting = BettingRound(rules=state.settings.betting, chips=state.chips, first_to_act=seat)
    betting.last_raise_size = max(betting.bet_size, state.last_raise_size)
    return betting


def _not_chance_now(state: SabaccState, action: Action, due: type[Action] | None) -> str | None:
    """Why chance's ``action`` is not the one due now (``due``; None: chance has none due)."""
    if action.seat != CHANCE:
        return "that is chance's action (seat CHANCE)"
    if due is None or not isinstance(action, due):
        return f"chance does not {type(action).__name__} now (phase {state.phase.value})"
    return None


@dataclass(frozen=True)
class SabaccAnte(Step):
    """When the sabacc pot is empty, every player in the hand antes ``sabacc_ante`` into
    it (one short of it puts in what it has), told in the antes' line."""

    NAME: ClassVar[str] = "sabacc ante"

    def begin(self, state: Any, events: list[Event]) -> None:
        """Fill the empty sabacc pot."""
        game: SabaccState = state
        ante = game.settings.sabacc_ante
        if game.sabacc_pot or not ante:
            return
        for seat in game.players_from_left():
            paid = min(ante, game.chips.stacks[seat])
            game.chips.stacks[seat] -= paid
            game.sabacc_pot += paid
        line = events[-1]  # the antes' line: the flow puts this step right after the antes
        events[-1] = Event(line.seat, f"{line.public} and {figure(ante)} into the empty sabacc pot", line.private)


@dataclass(frozen=True)
class Turns(Step):
    """From the dealer's left, round and round, each player's turn: bet (``bet``; with
    nothing to answer and nothing to bet, the turn goes straight to the draw), chance's
    die after a bet or raise (``roll``; red: ``shift``), then draw or stand (``draw``)
    and keep, swap or drop the card drawn (``decide``). Once every player still in has
    had a turn, the hand is called when play comes back to the caller: the last bettor
    or raiser, or the orbit's first player. It is called too when the deck runs low."""

    phase: ClassVar[str] = "bet"
    PHASES: ClassVar[frozenset[str]] = frozenset({"bet", "roll", "shift", "draw", "decide"})
    CHANCE_ACTIONS: ClassVar[tuple[type[Action], ...]] = (RollDie, Shift)

    NAME: ClassVar[str] = "turns"

    def waits_in(self, phase: str) -> bool:
        """A turn passes through betting, the die, the shift, the draw and the decision."""
        return phase in self.PHASES

    def begin(self, state: Any, events: list[Event]) -> None:
        """The dealer's left has the first turn; the hand is called at the latest when
        play comes back to them."""
        game: SabaccState = state
        first = game.players_in()[0]
        game.caller = first
        self._start_turn(game, first, events)

    def waiting(self, state: Any) -> bool:
        """Until the hand is called."""
        return state.turn is not None

    def folded_out(self, state: Any) -> bool:
        """When all but one folded."""
        return len(state.players_in()) == 1

    def end(self, state: Any, events: list[Event]) -> None:
        """The call: an uncalled bet goes back to its bettor."""
        game: SabaccState = state
        game.turn = None
        game.drawn = None
        uncalled = game.chips.return_uncalled()
        game._return_uncalled(uncalled, events)
        game.uncalled = list(uncalled)

    def to_act(self, state: Any) -> int | None:
        """The turn's player, or chance with the die and the shift."""
        game: SabaccState = state
        return CHANCE if game.phase.value in ("roll", "shift") else game.turn

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Betting: the round's list within the hand limit; drawing: draw and stand;
        deciding: keep, drop, and a swap for each held card."""
        game: SabaccState = state
        phase = game.phase.value
        if phase == "bet":
            return [a for a in turn_betting(game, seat).legal_actions(seat) if game.why_illegal(a) is None]
        if phase == "draw":
            return [Draw(seat=seat), Stand(seat=seat)] if game.deck_order else [Stand(seat=seat)]
        if phase == "decide":
            return [Keep(seat=seat), Drop(seat=seat)] + [Swap(seat=seat, card=c) for c in game.hands[seat]]
        return []

    def why_not(self, state: Any, action: Action) -> str | None:
        """The turn's phase says what the player may do."""
        game: SabaccState = state
        seat = action.seat
        phase = game.phase.value
        if phase == "bet":
            if not isinstance(action, BettingAction):
                return "now is the betting phase: check, bet, call, raise, fold or all-in"
            return self._why_not_bet(game, action)
        if phase == "draw":
            if not isinstance(action, (Draw, Stand)):
                return "now is the drawing phase: draw a card or stand"
            if isinstance(action, Draw) and not game.deck_order:
                return "the deck is empty: stand"
            return None
        if not isinstance(action, (Keep, Swap, Drop)):
            return "you drew a card: keep it, swap it for a card in your hand, or drop it"
        if isinstance(action, Swap):
            card = action.card
            if isinstance(card, bool) or not isinstance(card, int) or card not in game.hands[seat]:
                return f"{card!r} is not a card in {game.names[seat]}'s hand"
        return None

    def _why_not_bet(self, game: SabaccState, action: BettingAction) -> str | None:
        betting = turn_betting(game, action.seat)
        reason = betting.why_illegal(action)
        if reason is not None:
            return game._rename(reason)
        limit = game.settings.hand_limit
        if limit:
            seat = action.seat
            after = {"poker.bet": getattr(action, "to", 0), "poker.raise": getattr(action, "to", 0),
                     "poker.all_in": game.chips.round_bets[seat] + game.chips.stacks[seat]}.get(action.kind)
            if after is not None and after > max(limit, betting.current_bet):
                return f"the hand limit: nobody bets more than {figure(limit)} in one hand"
        return None

    def why_not_chance(self, state: Any, action: Action) -> str | None:
        """The die when a bet or raise rolls it, the shift when it showed red."""
        game: SabaccState = state
        due = {"roll": RollDie, "shift": Shift}.get(game.phase.value)
        if (wrong := _not_chance_now(game, action, due)) is not None:
            return wrong
        if isinstance(action, RollDie):
            if action.colour not in DIE_FACES:
                return f"the die shows red or blue, not {action.colour!r}"
        elif isinstance(action, Shift):
            players = game.players_in()
            lost = action.lost
            if not isinstance(lost, tuple) or len(lost) != len(players) or any(
                    card not in game.hands[seat] for seat, card in zip(players, lost)):
                return "a shift takes one card from each hand in the hand, from the dealer's left"
        return None

    def chance_action(self, state: Any) -> Action:
        """The die rolled, or the card each hand loses to the shift."""
        game: SabaccState = state
        if game.phase.value == "roll":
            return RollDie(colour=game.rng.choice(DIE_FACES))
        return Shift(lost=tuple(game.rng.choice(game.hands[s]) for s in game.players_in()))

    def apply(self, state: Any, action: Action, events: list[Event]) -> None:
        """Bet, roll, shift, draw, stand, keep, swap or drop."""
        game: SabaccState = state
        if isinstance(action, BettingAction):
            self._bet(game, action, events)
        elif isinstance(action, RollDie):
            self._roll(game, action, events)
        elif isinstance(action, Shift):
            self._shift(game, action, events)
        else:
            self._card_action(game, action, events)

    # -- the turn, part by part ----------------------------------------------------------
    def _start_turn(self, game: SabaccState, seat: int, events: list[Event]) -> None:
        """Begin ``seat``'s turn, or call the hand if the two conditions hold (``turn``
        None: the step is over)."""
        players = game.players_in()
        game.drawn = None
        if all(game.turns_taken[p] for p in players) and seat == game.caller:
            events.append(Event(seat, f"Play is back to {game.names[seat]}: the hand is called"))
            game.turn = None
            return
        if len(game.deck_order) <= len(players):
            events.append(Event(CHANCE, "The deck is running out: the hand is called"))
            game.turn = None
            return
        game.turn = seat
        game.turns_taken[seat] += 1
        if turn_betting(game, seat).to_act == seat:
            game.enter("bet")
            owed = max(game.chips.round_bets) - game.chips.round_bets[seat]
            what = f"{figure(owed)} to call" if owed else "check or bet"
            events.append(Event(seat, f"{game.names[seat]}'s turn: {what}"))
        else:
            game.enter("draw")
            events.append(Event(seat, f"{game.names[seat]}'s turn (no betting): draw or stand"))

    def _bet(self, game: SabaccState, action: BettingAction, events: list[Event]) -> None:
        seat = action.seat
        betting = turn_betting(game, seat)
        before = betting.current_bet
        events.append(betting.apply(action, name=game.names[seat]))
        if isinstance(action, Fold):
            self._fold(game, seat, events)
        elif betting.current_bet > before:
            game.last_raise_size = betting.last_raise_size
            game.caller = seat
            game.enter("roll")
            events.append(Event(CHANCE, "The die is rolled: red shifts every hand"))
        else:
            game.enter("draw")

    def _fold(self, game: SabaccState, seat: int, events: list[Event]) -> None:
        """The folded hand leaves play and the fold penalty goes into the sabacc pot; the
        turn passes on (all but one folded: the flow settles at once)."""
        game.folded[seat] = True
        penalty = min(game.settings.fold_penalty, game.chips.stacks[seat])
        game.chips.stacks[seat] -= penalty
        game.sabacc_pot += penalty
        game._discard_cards(seat, game.hands[seat])
        game.hands[seat] = []
        if penalty:
            events.append(Event(seat, f"{game.names[seat]} pays {figure(penalty)} into the sabacc pot for folding"))
        if len(game.players_in()) == 1:
            return
        if game.caller == seat:
            game.caller = game.next_in_hand(seat)
        self._start_turn(game, game.next_in_hand(seat), events)

    def _roll(self, game: SabaccState, action: RollDie, events: list[Event]) -> None:
        game.die = action.colour
        if action.colour == RED:
            game.enter("shift")
            events.append(Event(CHANCE, "The die shows RED: shifting! Every hand loses a card"))
        else:
            game.enter("draw")
            events.append(Event(CHANCE, "The die shows blue: no shift"))

    def _shift(self, game: SabaccState, action: Shift, events: list[Event]) -> None:
        players = game.players_in()
        for seat, card in zip(players, action.lost):
            game.hands[seat].remove(card)
            game.deck_order.append(card)
            game.shifted_by.append(seat)
        new = {}
        for seat in players:
            new[seat] = game.deck_order.pop(0)
            game.hands[seat].append(new[seat])
        public = "Shift: each hand's lost card goes to the bottom of the deck and a new one is dealt"
        events.append(Event(CHANCE, public, {
            s: f"Shift: {game.names[s]} loses {game.card_name(lost)} and gets {game.card_name(new[s])} "
               f"{game.hand_note(s)}" for s, lost in zip(players, action.lost)}))
        game.enter("draw")

    def _card_action(self, game: SabaccState, action: Action, events: list[Event]) -> None:
        seat = action.seat
        who = game.names[seat]
        if isinstance(action, Draw):
            game.drawn = game.deck_order.pop(0)
            game.enter("decide")
            events.append(Event(seat, f"{who} draws a card", {seat: f"{who} draws {game.card_name(game.drawn)}"}))
            return
        if isinstance(action, Stand):
            events.append(Event(seat, f"{who} stands"))
        else:
            drawn = game.drawn
            assert drawn is not None
            game.drawn = None
            if isinstance(action, Keep):
                game.hands[seat].append(drawn)
                events.append(Event(seat, f"{who} keeps the card", {
                    seat: f"{who} keeps {game.card_name(drawn)} {game.hand_note(seat)}"}))
            elif isinstance(action, Swap):
                hand = game.hands[seat]
                hand[hand.index(action.card)] = drawn
                game._discard_cards(seat, [action.card])
                events.append(Event(seat, f"{who} swaps a card", {
                    seat: f"{who} swaps {game.card_name(action.card)} for {game.card_name(drawn)} "
                          f"{game.hand_note(seat)}"}))
            else:
                game._discard_cards(seat, [drawn])
                events.append(Event(seat, f"{who} drops the drawn card", {
                    seat: f"{who} drops {game.card_name(drawn)}"}))
        self._start_turn(game, game.next_in_hand(seat), events)


@dataclass(frozen=True)
class BombOuts(Step):
    """At the call, each hand shown that bombs out (over 23, under -23, or 0) pays the
    hand pot's amount into the sabacc pot (all its credits when it has less)."""

    NAME: ClassVar[str] = "bomb-outs"

    def begin(self, state: Any, events: list[Event]) -> None:
        """Keep the hands of the call and charge the bomb-outs."""
        game: SabaccState = state
        game.call_hands = dict(game.shown_values)
        pot = game.chips.pot_total
        game.penalties = {}
        for seat, hand in game.call_hands.items():
            if hand.bomb_out:
                paid = min(pot, game.chips.stacks[seat])
                game.chips.stacks[seat] -= paid
                game.sabacc_pot += paid
                game.penalties[seat] = paid
                events.append(Event(seat, f"{game.names[seat]} bombs out and pays {figure(paid)} "
                                          "into the sabacc pot"))


@dataclass(frozen=True)
class SuddenDemise(Step):
    """A tie for the best hand at the call: chance deals each tied player one card face
    up (``demise``), and the settle ranks the new hands."""

    phase: ClassVar[str] = "demise"
    CHANCE_ACTIONS: ClassVar[tuple[type[Action], ...]] = (DealDemise,)

    NAME: ClassVar[str] = "sudden demise"

    def begin(self, state: Any, events: list[Event]) -> None:
        """Call the sudden demise when the best hands tie."""
        game: SabaccState = state
        top = showdown.best_at_call(game)
        if len(top) < 2:
            return
        game.demise_seats = top
        game.enter(self.phase)
        names = ", ".join(game.names[s] for s in top)
        labels = " and ".join(dict.fromkeys(game.call_hands[s].label for s in top))
        events.append(Event(CHANCE, f"A tie between {names} ({labels}): sudden demise!"))

    def waiting(self, state: Any) -> bool:
        """Until the tied players have their cards."""
        return bool(state.demise_seats) and not state.demise_cards

    def to_act(self, state: Any) -> int | None:
        """Chance deals."""
        return CHANCE

    def why_not_chance(self, state: Any, action: Action) -> str | None:
        """Only the demise's deal."""
        return _not_chance_now(state, action, DealDemise)

    def chance_action(self, state: Any) -> Action:
        """The deal (its cards are the top of the deck)."""
        return DealDemise()

    def apply(self, state: Any, action: Action, events: list[Event]) -> None:
        """One card from the top to each tied player."""
        game: SabaccState = state
        parts = []
        for seat in game.demise_seats:
            card = game.deck_order.pop(0)
            game.hands[seat].append(card)
            game.demise_cards[seat] = card
            parts.append(f"{game.names[seat]} gets {game.card_name(card)} {game.hand_note(seat)}")
        events.append(Event(CHANCE, "Sudden demise: " + "; ".join(parts)))


@dataclass(frozen=True)
class SabaccSettle(Step):
    """Pay both pots (:mod:`cardtable.games.sabacc.showdown`): to the only player left
    when the others folded; else the best hand takes the hand pot, a special hand the
    sabacc pot too, and when every hand bombed out the hand pot stays for the next hand."""

    NAME: ClassVar[str] = "settle"

    def begin(self, state: Any, events: list[Event]) -> None:
        """Settle the hand, then see who is out and whether the game is over."""
        game: SabaccState = state
        game.shown_values = {}
        if not game.call_hands:
            showdown.settle_folded(game, events)
            return
        top = list(game.demise_seats) or showdown.best_at_call(game)
        if top:
            showdown.settle_called(game, events, top)
        else:
            showdown.carry_hand_pot(game, events)


FLOW = load_flow(__package__, hooks={
    "sabacc ante": SabaccAnte(), "turns": Turns(), "bomb-outs": BombOuts(), "sudden demise": SuddenDemise(),
    "settle": SabaccSettle()
})
"""A hand of Sabacc, step by step (run by :class:`~cardtable.engine.flow.FlowState`)."""
