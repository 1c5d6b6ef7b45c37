"""How the log writes cards, counts and amounts, in every game: a card as a player sees
it (never the deck's copy number, "Infinity #2"), a count agreeing with its noun ("1
chip", never "1 chips"), and amounts with thousands separated ("12,000", as the tables
draw them), read through ``log_for`` after seeded play."""

from __future__ import annotations

import random
import re

import pytest
from test_log_voice import GAMES, NAMES, played

from cardtable import games
from cardtable.variants import load_deck_by_id

ONE_PLURAL = re.compile(r"(?<![\d,.])\b1 (chips|cards|credits|players|piles|points)\b")
BARE_THOUSANDS = re.compile(r"(?<![\d,.#])\d{4,}\b")


@pytest.mark.parametrize("game_id", GAMES)
def test_no_card_is_named_by_its_copy_number(game_id):
    game = games.get(game_id)
    for deck_id in game.decks:
        deck = load_deck_by_id(deck_id)
        state = game.state.new(game.rules({}), deck, list(NAMES), random.Random(1))
        named = [state.card_name(card.index) for card in deck]
        assert not [n for n in named if "#" in n], [n for n in named if "#" in n][:3]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_states_write_thousands_with_separators(game_id):
    stakes = dict(games.get(game_id).profile.high_stakes)  # the game's own high-stakes settings
    lines = {t for seed in range(3) for seat in range(3)
             for t in played(game_id, seed, rounds=4, settings=stakes).log_for(seat)}
    assert [t for t in lines if re.search(r"\d,\d{3}\b", t)], (
        f"{game_id} never played for thousands: declare settings that do as "
        "profile=GameProfile(high_stakes=...) where the game is declared")
    bare = sorted(t for t in lines if BARE_THOUSANDS.search(t))
    assert bare == [], bare[:5]


def test_one_chip_one_card_one_player():
    from cardtable.engine.flow import Discard
    from cardtable.games.alethkar_poker.rules import BagBet

    alethkar = played("alethkar_poker", 1, rounds=0, settings={"starting_chips": 2, "buy_in": 1})
    while alethkar.to_act is not None and alethkar.to_act < 0:
        alethkar.apply(alethkar.chance_action())
    seat = alethkar.to_act
    assert alethkar.why_illegal(BagBet(seat=seat, amount=2)) == "you have only 1 chip in your stack"

    draws = [t for seed in range(6) for t in played("shenja_ivali", seed, rounds=2, settings={"max_discard": 1})
             .log_for(None) if t.startswith("The draw: ")]
    assert draws and all(t.startswith("The draw: discard 0 to 1 card, from ") for t in draws), draws

    draw = played("five_card_draw", 1, rounds=1, settings={"max_draw": 1, "ace_bonus": False})
    for _ in range(200):
        if draw.phase.name == "DRAW" and draw.to_act is not None and draw.to_act >= 0:
            break
        seat = draw.to_act
        if seat is not None and seat < 0:
            draw.apply(draw.chance_action())
        else:  # check or call, so that the hand reaches the draw
            draw.apply(next(a for a in draw.legal_actions(seat) if type(a).__name__ in ("Check", "Call")))
    seat = draw.to_act
    assert draw.why_illegal(Discard(seat=seat, cards=tuple(draw.hands[seat][:2]))) == "you may discard at most 1 card"


def test_a_refused_bet_says_its_amounts_with_separators():
    from cardtable.engine.betting import Raise
    from cardtable.engine.game import CHANCE

    state = played("flame_sword", 1, rounds=0, settings={"starting_chips": 20000, "blind": 1000})
    while state.to_act == CHANCE:
        state.apply(state.chance_action())
    for _ in range(10):  # past the Called Shots, to the first bet
        if state.betting_options(state.to_act) is not None:
            break
        state.apply(next(a for a in state.legal_actions(state.to_act) if not getattr(a, "cards", ())))
        while state.to_act == CHANCE:
            state.apply(state.chance_action())
    seat = state.to_act
    why = state.why_illegal(Raise(seat=seat, to=1001))
    assert re.fullmatch(r"the smallest raise is to 2,000 \(or all-in for \d\d,\d{3}\)", why), why


def _gently(state, kinds: tuple[str, ...], until) -> None:
    """Play on with the first legal action whose kind is in ``kinds`` (chance's own for
    chance) until ``until(state)``."""
    from cardtable.engine.game import CHANCE
    for _ in range(500):
        if until(state):
            return
        seat = state.to_act
        state.apply(state.chance_action() if seat == CHANCE else
                    next(a for a in state.legal_actions(seat) if type(a).__name__ in kinds))
    raise AssertionError("never got there")


def test_one_chip_left_to_bid_or_stake():
    from cardtable.games.ipso.betting import Stake
    from cardtable.games.shenja_ivali.auction import Bid

    ivali = played("shenja_ivali", 1, rounds=0, settings={"starting_chips": 2, "ante": 1})
    _gently(ivali, ("Check", "Discard", "PassBid"), lambda s: s.phase.name == "AUCTION")
    seat = ivali.to_act
    why = ivali.why_illegal(Bid(seat=seat, card=ivali.flop[0], amount=2))
    assert why == f"{NAMES[seat]} has only 1 chip: the most it can bid is 1", why

    ipso = played("ipso", 1, rounds=0, settings={"starting_chips": 3, "ante": 2})
    _gently(ipso, ("DrawForDealer", "Skip"), lambda s: s.betting_options(s.to_act) is not None
            if s.to_act is not None and s.to_act >= 0 else False)
    seat = ipso.to_act
    assert ipso.why_illegal(Stake(seat=seat, amount=2)) == f"{NAMES[seat]} has only 1 chip"
