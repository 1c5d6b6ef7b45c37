"""Ipso's own steps of the hand flow, and the hand itself (:data:`FLOW`).

What Ipso does that no other game does: the antes with the top card buried, the flip
card turned up, its betting rounds (:mod:`cardtable.games.ipso.betting`: one action
each, a floor carried from round to round, numbered 2 to 6 as the source numbers them,
the ante being the first), the exchange phases between them, and the winner naming the
next dealer after the settle.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.engine import flow
from cardtable.engine.betting import Fold
from cardtable.engine.flow.reader import load_flow
from cardtable.engine.flow.steps import setting
from cardtable.engine.game import CHANCE, Action, Event
from cardtable.engine.words import figure
from cardtable.games.ipso.betting import Cover, CoverRaise, IpsoBettingRound, Stake
from cardtable.games.ipso.rules import FACE_UP_PILES, PILE_NAMES, ChooseDealer, Exchange, Pile, Skip

if TYPE_CHECKING:
    from cardtable.games.ipso.state import IpsoState

__all__ = ["AntesAndBurial", "Flip", "IpsoBet", "ExchangePhase", "NextDealer", "FLOW", "HAND_SIZE",
           "BETTING_ROUNDS", "EXCHANGE_PHASES", "BET_ACTIONS", "street_of_old_save", "turn_flip"]

BETTING_ROUNDS = (2, 3, 4, 5, 6)
"""The betting rounds players act in (round 1 is the ante)."""
EXCHANGE_PHASES = (1, 2, 3, 4)
BET_ACTIONS = (Fold, Stake, Cover, CoverRaise)


def turn_flip(game: IpsoState, events: list[Event], *, first: bool = False) -> None:
    """Turn the stock's top card onto the flip pile (nothing when the stock is empty)."""
    if not game.stock:
        events.append(Event(CHANCE, "The stock is empty: the flip pile stays empty"))
        return
    card = game.stock.pop(0)
    game.flip.append(card)
    game.face_up_seen.append(card)
    what = "The stock's top card is turned up" if first else "A new flip card is turned up"
    events.append(Event(CHANCE, f"{what}: {game.card_name(card)}"))


def betting_words(number: int) -> str:
    """A betting round as the players meet it: the source counts the ante as round 1,
    which nobody bets in, so its rounds 2 to 6 are "betting round 1 of 5", after the deal
    or after that exchange phase."""
    after = "after the deal" if number <= 2 else f"after exchange {number - 2}"
    return f"betting round {number - 1} of 5, {after}"


@dataclass(frozen=True)
class AntesAndBurial(flow.Antes):
    """Every player who can pay antes (betting round 1; the others sit the hand out) and
    the dealer buries the stock's top card, in one line."""

    def begin(self, state: Any, events: list[Event]) -> None:
        """Take the antes and bury the top card."""
        game: IpsoState = state
        sitting = [game.names[s] for s in range(game.seats) if not game.chips.in_hand[s]]
        antes = game._antes(game.players_from_left(), setting(game, self.amount), f"{game.round_title} {game.round_no}")
        game.buried.append(game.stock.pop(0))
        text = f"{antes.public}; the top card is buried"
        if sitting:
            text += f" ({', '.join(sitting)} cannot pay the ante and sit out)"
        events.append(Event(CHANCE, text))


@dataclass(frozen=True)
class Flip(flow.Step):
    """The stock's top card is turned up as the flip pile."""

    def begin(self, state: Any, events: list[Event]) -> None:
        """Turn it up."""
        turn_flip(state, events, first=True)


@dataclass(frozen=True)
class IpsoBet(flow.Step):
    """Betting round ``number`` (2 to 6): once round the players still in from the dealer's
    left, the first stake at least the floor (what the last bettor of the round before
    put in, or the minimum bet)."""

    number: int
    phase: ClassVar[str] = "bet"

    def describe(self) -> str:
        """"betting round N"."""
        return f"betting round {self.number}"

    def begin(self, state: Any, events: list[Event]) -> None:
        """Open the round; the line says who is first and the least stake."""
        game: IpsoState = state
        game.enter(self.phase)
        game.betting_round = self.number
        game.betting = IpsoBettingRound(rules=game.settings.betting, chips=game.chips,
                                        order=game.players_from_left(), floor=game.floor)
        first = game.betting.to_act
        if first is not None:
            opening = betting_words(self.number).capitalize()
            events.append(Event(CHANCE, f"{opening}: {game.names[first]} stakes at least "
                                        f"{figure(game.betting.floor)} or folds"))

    def waiting(self, state: Any) -> bool:
        """While a seat still has to act."""
        return state.betting is not None and state.betting.to_act is not None

    def folded_out(self, state: Any) -> bool:
        """When every other seat folded."""
        return state.betting is not None and bool(state.betting.hand_over)

    def end(self, state: Any, events: list[Event]) -> None:
        """The round's last bet is the next round's floor; nothing is equalised."""
        game: IpsoState = state
        assert game.betting is not None
        if game.betting.last_amount is not None:
            game.floor = max(game.settings.betting.min_bet, game.betting.last_amount)
        game.betting, game.betting_round = None, None
        game.chips.round_bets = [0] * game.seats

    def to_act(self, state: Any) -> int | None:
        """The seat whose bet it is."""
        return state.betting.to_act if state.betting is not None else None

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Fold, cover, and the smallest and largest stake or raise."""
        return list(state.betting.legal_actions(seat))

    def why_not(self, state: Any, action: Action) -> str | None:
        """The round's own check, in the players' names."""
        if not isinstance(action, BET_ACTIONS):
            return "now is a betting round: stake, cover, cover and raise, or fold"
        game: IpsoState = state
        assert game.betting is not None
        return game._rename(game.betting.why_illegal(action))

    def apply(self, state: Any, action: Action, events: list[Event]) -> None:
        """Bet; a folded hand is thrown in face down."""
        game: IpsoState = state
        assert game.betting is not None
        seat = action.seat
        events.append(game.betting.apply(action, name=game.names[seat]))
        if not game.chips.in_hand[seat]:
            game._discard_cards(seat, game.hands[seat])
            game.hands[seat] = []


@dataclass(frozen=True)
class ExchangePhase(flow.Step):
    """Exchange phase ``number`` (1 to 4): from the dealer's left each player still in
    skips or gives up one card for the top of any pile that has one."""

    number: int
    phase: ClassVar[str] = "exchange"

    def describe(self) -> str:
        """"exchange phase N"."""
        return f"exchange phase {self.number}"

    def begin(self, state: Any, events: list[Event]) -> None:
        """Open the phase at the dealer's left."""
        game: IpsoState = state
        game.enter(self.phase)
        game.exchange_phase = self.number
        game.exchange_order = game.players_from_left()
        game.exchange_pos = 0
        game.exchanged = [None] * game.seats
        events.append(Event(CHANCE, f"Exchange phase {self.number}, from {game.names[game.exchange_order[0]]}"))

    def waiting(self, state: Any) -> bool:
        """Until everybody has exchanged or skipped."""
        return state._exchanger is not None

    def end(self, state: Any, events: list[Event]) -> None:
        """Close the phase."""
        state.exchange_phase = None

    def to_act(self, state: Any) -> int | None:
        """The seat exchanging now."""
        exchanger: int | None = state._exchanger
        return exchanger

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Skip, and every card of the hand for the top of every pile that has one."""
        game: IpsoState = state
        piles = [p for p in Pile if game._pile(p)]
        return [Skip(seat=seat)] + [Exchange(seat=seat, card=c, pile=p.value)
                                    for c in game.hands[seat] for p in piles]

    def why_not(self, state: Any, action: Action) -> str | None:
        """A skip, or a card of the hand for the top of a pile that has one."""
        if isinstance(action, Skip):
            return None
        if not isinstance(action, Exchange):
            return "now is an exchange phase: exchange one card or skip"
        game: IpsoState = state
        try:
            pile = Pile(action.pile)
        except ValueError:
            return f"there is no pile {action.pile!r} (stock, flip, down_discard, up_discard)"
        if action.card not in game.hands[action.seat]:
            return f"that card is not in {game.names[action.seat]}'s hand"
        if not game._pile(pile):
            return f"{PILE_NAMES[pile]} is empty"
        return None

    def apply(self, state: Any, action: Action, events: list[Event]) -> None:
        """Skip, or exchange: the card given up goes face up when the new one came from a
        face-up pile, else face down; the flip pile is refilled from the stock."""
        game: IpsoState = state
        seat = action.seat
        who = game.names[seat]
        game.exchange_pos += 1
        if not isinstance(action, Exchange):
            game.exchanged[seat] = "skip"
            events.append(Event(seat, f"{who} skips"))
            return
        pile = Pile(action.pile)
        source = game._pile(pile)
        taken = source.pop(0) if pile == Pile.STOCK else source.pop()
        if pile == Pile.DOWN_DISCARD and game.down_by:
            game.down_by.pop()
        hand = game.hands[seat]
        hand[hand.index(action.card)] = taken
        game.exchanged[seat] = pile.value
        given, got = game.card_name(action.card), game.card_name(taken)
        if pile in FACE_UP_PILES:
            game.up_discard.append(action.card)
            game.face_up_seen.append(action.card)
            events.append(Event(seat, f"{who} takes {got} from {PILE_NAMES[pile]} and puts {given} "
                                      "on the face-up discard pile"))
            if pile == Pile.FLIP:
                turn_flip(game, events)
        else:
            game.down_discard.append(action.card)
            game.down_by.append(seat)
            events.append(Event(seat, f"{who} takes a card from {PILE_NAMES[pile]} and puts one "
                                      "face down on the face-down discard pile",
                                {seat: f"{who} takes {got} from {PILE_NAMES[pile]} and puts {given} "
                                       "face down on the face-down discard pile"}))


@dataclass(frozen=True)
class NextDealer(flow.InTurn):
    """After the settle, the hand's winner names the next dealer (one who can pay the ante)."""

    phase: ClassVar[str] = "choose_dealer"
    TURN: ClassVar[str] = "chooser"
    NAME: ClassVar[str] = "the winner names the next dealer"

    def first(self, state: Any) -> int:
        """The hand's winner chooses."""
        game: IpsoState = state
        assert game.results is not None
        return game.results.winner

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Every seat that can pay the ante."""
        game: IpsoState = state
        return [ChooseDealer(seat=seat, dealer=d) for d in range(game.seats) if game.can_play(d)]

    def why_not(self, state: Any, action: Action) -> str | None:
        """A seat that can pay the ante."""
        game: IpsoState = state
        if not isinstance(action, ChooseDealer):
            return f"{game.names[action.seat]} won the hand and names the next dealer"
        dealer = action.dealer
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < game.seats:
            return f"there is no seat {dealer!r} to deal"
        if not game.can_play(dealer):
            return f"{game.names[dealer]} cannot pay the ante and sits out"
        return None

    def apply(self, state: Any, action: Action, events: list[Event]) -> None:
        """The named seat deals next; chance shuffles."""
        game: IpsoState = state
        assert isinstance(action, ChooseDealer)
        game.dealer = action.dealer
        game.chooser = None
        game.enter("shuffle")
        chosen = "to deal" if action.dealer == action.seat else f"{game.names[action.dealer]} to deal"
        events.append(Event(action.seat, f"{game.names[action.seat]} chooses {chosen} the next hand"))


FLOW = load_flow(__package__, hooks={
    "antes and burial": AntesAndBurial("ante"), "flip": Flip(), "next dealer": NextDealer(),
    **{f"betting round {n}": IpsoBet(n) for n in BETTING_ROUNDS},
    **{f"exchange phase {n}": ExchangePhase(n) for n in EXCHANGE_PHASES},
})
HAND_SIZE = FLOW.hole_cards
"""Cards dealt to each player."""
"""A hand of Ipso, step by step; the settle is the engine's, paying as Ipso does
(:meth:`cardtable.games.ipso.state.IpsoState.settle`: the whole pot to one winner, a tie
cut from the stock)."""


def street_of_old_save(data: Mapping[str, Any]) -> int:
    """Where a save written before the flow's position was recorded stands, by its phase
    and its betting round or exchange phase (-1 between hands)."""
    waiting = {"bet": f"betting round {data.get('betting_round')}",
               "exchange": f"exchange phase {data.get('exchange_phase')}",
               "choose_dealer": "next dealer"}.get(data["phase"])
    return next((i for i, s in enumerate(FLOW.steps) if isinstance(s, flow.Hook) and s.name == waiting), -1)
