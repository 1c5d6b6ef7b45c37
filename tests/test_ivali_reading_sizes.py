"""The strong level reads the size of a Shenja Ivali bet and the card of a bid, not only
their kind (issue 34): the normal level sizes its bets by its hand, and bids on the card
its hand wants."""

from __future__ import annotations

import random

from cardtable.bots.reading import Evidence, Reader
from cardtable.bots.worlds import Snapshot
from cardtable.engine.betting import AllIn, Bet, Check
from cardtable.games.shenja_ivali.auction import Bid
from cardtable.games.shenja_ivali.bot import SIZE_SLACK, IvaliBot
from cardtable.games.shenja_ivali.rules import Phase
from cardtable.games.shenja_ivali.state import ShenjaIvaliSettings, ShenjaIvaliState
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("ivali")


def _betting(seed: int = 3) -> ShenjaIvaliState:
    state = ShenjaIvaliState.new(ShenjaIvaliSettings(), DECK, ["A", "B"], random.Random(seed))
    state.apply(state.chance_action())
    assert state.phase == Phase.BET
    return state


def test_bets_alike_within_the_slack_of_the_pot():
    state = _betting()
    seat = state.to_act
    bot = IvaliBot(random.Random(1))
    options = state.betting_options(seat)
    low = options.min_raise_to
    pot = state.chips.pot_total
    near = low + int(SIZE_SLACK * pot)
    assert bot.alike(state, Bet(seat=seat, to=low), Bet(seat=seat, to=near))
    assert not bot.alike(state, Bet(seat=seat, to=low), AllIn(seat=seat))
    assert bot.alike(state, Check(seat=seat), Check(seat=seat))


def test_bids_alike_only_on_the_same_card():
    state = _betting()
    bot = IvaliBot(random.Random(1))
    assert bot.alike(state, Bid(seat=0, card=5, amount=10), Bid(seat=0, card=5, amount=12))
    assert not bot.alike(state, Bid(seat=0, card=5, amount=10), Bid(seat=0, card=6, amount=10))
    assert not bot.alike(state, Bid(seat=0, card=5, amount=2), Bid(seat=0, card=5, amount=40))


class _Small(IvaliBot):
    """A model that always bets the least (its ``alike`` the normal bot's)."""

    def choose(self, state, seat):
        return Bet(seat=seat, to=state.betting_options(seat).min_raise_to)


def test_the_reader_counts_a_bet_of_another_size_as_a_miss():
    state = _betting()
    seat = state.to_act
    reader = Reader()
    size = len(state.hand_of(seat))
    reader.evidence = [Evidence(Snapshot(state), seat, "raise", size, action=AllIn(seat=seat))]
    assert reader.disagreements(state, _Small, random.Random(1)) == 1
    least = Bet(seat=seat, to=state.betting_options(seat).min_raise_to)
    reader.evidence = [Evidence(Snapshot(state), seat, "raise", size, action=least)]
    assert reader.disagreements(state, _Small, random.Random(1)) == 0
    reader.evidence = [Evidence(Snapshot(state), seat, "raise", size)]  # no move kept: the kind alone
    assert reader.disagreements(state, _Small, random.Random(1)) == 0
