"""Shenja Ivali's own steps of the hand flow: the flop, one card face up per player still
in, and the auction of those cards (:mod:`cardtable.games.shenja_ivali.auction`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.engine.flow import Step
from cardtable.engine.game import CHANCE, Action, Event
from cardtable.engine.words import figure
from cardtable.games.shenja_ivali.auction import Auction, AuctionAction

if TYPE_CHECKING:
    from cardtable.games.shenja_ivali.state import ShenjaIvaliState

__all__ = ["Flop", "AuctionStep"]


@dataclass(frozen=True)
class Flop(Step):
    """One card per player still in, off the stock, face up in a line in deal order."""

    NAME: ClassVar[str] = "flop"

    def begin(self, state: Any, events: list[Event]) -> None:
        """Deal the flop."""
        game: ShenjaIvaliState = state
        count = len(game.chips.players_in)
        game.flop = [game.draw_card() for _ in range(count)]
        game.flop_takers = [None] * count
        events.append(Event(CHANCE, f"The flop: {game._names_of(game.flop)}"))


@dataclass(frozen=True)
class AuctionStep(Step):
    """The players still in bid on the flop cards, from the dealer's left; then each card
    goes to its bidder, or is handed out in turn, and the bids make the auction pot."""

    phase: ClassVar[str] = "auction"

    NAME: ClassVar[str] = "auction"

    def begin(self, state: Any, events: list[Event]) -> None:
        """Open the auction (its forced passes and drops are logged at once)."""
        game: ShenjaIvaliState = state
        game.enter(self.phase)
        game.auction = Auction(flop=game.flop, seats=game.seats, order=game.players_from_left())
        events.append(Event(CHANCE, f"The auction, from {game.names[game.auction.order[0]]}"))
        events += game.auction.start(game.chips.stacks, name=game.name_of, card_name=game.card_name)

    def waiting(self, state: Any) -> bool:
        """While a seat still has to bid, pass or drop out."""
        return state.auction is not None and state.auction.to_act is not None

    def to_act(self, state: Any) -> int | None:
        """The seat whose turn it is in the auction."""
        return state.auction.to_act if state.auction is not None else None

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """The smallest bid on each card ``seat`` may bid on, and pass or drop out."""
        return list(state.auction.legal_actions(seat, state.chips.stacks))

    def why_not(self, state: Any, action: Action) -> str | None:
        """The auction's own check."""
        if not isinstance(action, AuctionAction):
            return "now is the auction: bid on a flop card, pass, or drop out"
        game: ShenjaIvaliState = state
        assert game.auction is not None
        return game.auction.why_illegal(action, game.chips.stacks, name=game.name_of, card_name=game.card_name)

    def apply(self, state: Any, action: Action, events: list[Event]) -> None:
        """Bid, pass or drop out."""
        game: ShenjaIvaliState = state
        assert game.auction is not None
        events += game.auction.apply(action, game.chips.stacks, name=game.name_of, card_name=game.card_name)

    def end(self, state: Any, events: list[Event]) -> None:
        """Hand out the flop cards; the bids go to the auction pot."""
        game: ShenjaIvaliState = state
        assert game.auction is not None
        takers, pot = game.auction.resolve()
        game.auction_pot += pot
        parts = []
        for i, card in enumerate(game.flop):
            seat = takers.get(card)
            game.flop_takers[i] = seat
            if seat is not None:
                game.hands[seat].append(card)
                high = game.auction.high.get(card)
                paid = f" for {figure(high[1])}" if high is not None else ""
                parts.append(f"{game.names[seat]} gets {game.card_name(card)}{paid}")
        events.append(Event(CHANCE, "; ".join(parts) + f". Auction pot: {figure(game.auction_pot)}"))
