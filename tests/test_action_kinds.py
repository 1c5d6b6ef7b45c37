"""Every game's actions keep the ``kind`` and the fields they are saved with: a save
names an action by its kind and writes its fields, so neither may change (issue 13
declared them compactly; this pins what the saves rely on)."""

from __future__ import annotations

import dataclasses
import importlib

import pytest

from cardtable.engine.game import Action

SAVED_AS = {  # module: ["kind Class field ...", ...]
    "cardtable.engine.betting": [
        "poker.action BettingAction seat",
        "poker.fold Fold seat",
        "poker.check Check seat",
        "poker.call Call seat",
        "poker.bet Bet seat to",
        "poker.raise Raise seat to",
        "poker.all_in AllIn seat",
    ],
    "cardtable.games.alethkar_poker.rules": [
        "alethkar.shuffle Shuffle seat order",
        "alethkar.bag_bet BagBet seat amount",
        "alethkar.discard DiscardTwo seat cards",
    ],
    "cardtable.games.five_card_draw.rules": [
        "five_card_draw.shuffle Shuffle seat order",
        "five_card_draw.discard Discard seat cards",
        "five_card_draw.reshuffle Reshuffle seat order",
    ],
    "cardtable.games.flame_sword.rules": [
        "flame.start_hand StartHand seat",
        "flame.call_shot CallShot seat cards",
        "flame.deal Deal seat cards",
        "flame.flip Flip seat cell",
    ],
    "cardtable.games.ipso.betting": [
        "ipso.bet_action IpsoBetAction seat",
        "ipso.stake Stake seat amount",
        "ipso.cover Cover seat",
        "ipso.cover_raise CoverRaise seat amount",
    ],
    "cardtable.games.ipso.rules": [
        "ipso.draw_for_dealer DrawForDealer seat cards",
        "ipso.shuffle Shuffle seat order",
        "ipso.exchange Exchange seat card pile",
        "ipso.skip Skip seat",
        "ipso.choose_dealer ChooseDealer seat dealer",
    ],
    "cardtable.games.sabacc.rules": [
        "sabacc.shuffle SabaccShuffle seat order",
        "sabacc.roll RollDie seat colour",
        "sabacc.shift Shift seat lost",
        "sabacc.demise DealDemise seat",
        "sabacc.stand Stand seat",
        "sabacc.draw Draw seat",
        "sabacc.keep Keep seat",
        "sabacc.swap Swap seat card",
        "sabacc.drop Drop seat",
    ],
    "cardtable.games.shenja_ivali.auction": [
        "ivali.auction_action AuctionAction seat",
        "ivali.bid Bid seat card amount",
        "ivali.pass_bid PassBid seat",
        "ivali.drop_out DropOut seat",
    ],
    "cardtable.games.shenja_ivali.rules": [
        "ivali.shuffle Shuffle seat order",
        "ivali.discard Discard seat cards",
    ],
}


def test_every_action_keeps_its_kind_and_fields() -> None:
    for module_name, expected in SAVED_AS.items():
        module = importlib.import_module(module_name)
        actions = [value for value in vars(module).values()
                   if isinstance(value, type) and issubclass(value, Action) and value.__module__ == module_name]
        found = [" ".join([cls.kind, cls.__name__, *(f.name for f in dataclasses.fields(cls))]) for cls in actions]
        assert found == expected, module_name


def test_actions_are_frozen_keyword_only_records() -> None:
    from cardtable.engine.betting import Bet
    from cardtable.games.sabacc.rules import SabaccShuffle

    bet = Bet(seat=1, to=20)
    assert bet == Bet(seat=1, to=20) and hash(bet) == hash(Bet(seat=1, to=20))
    with pytest.raises(dataclasses.FrozenInstanceError):
        bet.to = 30  # type: ignore[misc]
    assert SabaccShuffle(order=(1, 0)).seat == -1  # chance's, by default
