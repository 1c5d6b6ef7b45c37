"""Before an opponent is read, the strong level of a game that asks for it (Shenja Ivali,
Five-Card Draw, Flame Sword: ``wary_until_read``) weighs no shove of more than three pots it was not told to make, and
raises again in a raise war only with a very good hand: the opponent may turn out to play
only premium hands (issue 34, :func:`cardtable.bots.exploits.without_early_overbets` and
:func:`~cardtable.bots.exploits.without_early_reraises`)."""

from __future__ import annotations

import random

import pytest

from cardtable import games
from cardtable.bots import exploits, fixed
from cardtable.bots.reading import FOLDS_AFTER, Tendency
from cardtable.bots.strong import candidates
from cardtable.engine.game import CHANCE
from cardtable.variants import load_deck_by_id


def _heads_up(game_id, seed):
    """A new heads-up match of ``game_id`` at its defaults, and a normal bot to play it:
    ``(game, state, bot)``."""
    game = games.registry().find(game_id) or games.get(game_id)
    deck = load_deck_by_id(game.decks[0])
    state = game.new_state(game.read_settings(game.defaults()), deck, ["A", "B"], random.Random(seed))
    return game, state, game.bot(random.Random(1), "normal")


def _turns(state):
    """The seat to act at each of the next turns of ``state`` (at most 500), chance dealt between."""
    for _ in range(500):
        if state.to_act == CHANCE:
            state.apply(state.chance_action())
            continue
        yield state.to_act


def _checked_to(game_id, seed=1):
    """A heads-up table of ``game_id`` where the first to bet checked: the other seat's turn."""
    game, state, bot = _heads_up(game_id, seed)
    for _ in _turns(state):
        names = [type(a).__name__ for a in state.legal_actions(state.to_act)]
        if "Check" in names and "AllIn" in names:
            first = state.to_act
            state.apply(next(a for a in state.legal_actions(first) if type(a).__name__ == "Check"))
            if state.to_act not in (first, CHANCE, None):
                return game, state, state.to_act, first
            continue
        state.apply(bot.choose(state, state.to_act))
    raise AssertionError("no check met")


def _shoves(actions):
    return [a for a in actions if type(a).__name__ == "AllIn"]


def test_an_unread_opponent_meets_no_overshove_where_the_game_asks():
    game, state, seat, other = _checked_to("shenja_ivali")
    strong = game.bot(random.Random(7), "strong")
    copy = state.seat_copy(seat, random.Random(1))
    found = candidates(copy, seat)
    assert _shoves(found)
    kept = exploits.without_early_overbets(copy, seat, found, None, strong.reader, strong.normal)
    assert not _shoves(kept) and any(type(a).__name__ == "Bet" for a in kept)
    shove = _shoves(found)[0]
    assert shove in exploits.without_early_overbets(copy, seat, found, shove, strong.reader, strong.normal)


def test_once_the_opponent_has_answered_enough_bets_the_rollouts_weigh_shoves_again():
    game, state, seat, other = _checked_to("shenja_ivali")
    strong = game.bot(random.Random(7), "strong")
    strong.reader.tendencies[other] = Tendency(decisions=FOLDS_AFTER, could_raise=FOLDS_AFTER,
                                               facing=FOLDS_AFTER, folded=1, called=FOLDS_AFTER - 1)
    assert strong.reader.style(other) is None
    copy = state.seat_copy(seat, random.Random(1))
    found = candidates(copy, seat)
    assert exploits.without_early_overbets(copy, seat, found, None, strong.reader, strong.normal) == found


def test_an_opponent_seen_calling_is_no_longer_unread():
    """A player of premium hands raises them and folds the rest (it calls only an
    all-in): one call tells the player apart, and its shoves are weighed again."""
    game, state, seat, other = _checked_to("shenja_ivali")
    strong = game.bot(random.Random(7), "strong")
    strong.reader.tendencies[other] = Tendency(decisions=2, could_raise=2, facing=2, folded=1, called=1)
    copy = state.seat_copy(seat, random.Random(1))
    found = candidates(copy, seat)
    assert exploits.without_early_overbets(copy, seat, found, None, strong.reader, strong.normal) == found
    strong.reader.tendencies[other] = Tendency(decisions=2, could_raise=2, facing=2, folded=2)
    assert not _shoves(exploits.without_early_overbets(copy, seat, found, None, strong.reader, strong.normal))


def test_flame_sword_asks_through_its_normal_bot():
    """Flame Sword's normal bot asks (``wary_until_read``): before the premium player was
    read, strong's raises and shoves in the first hands ended eight of 80 plays on one pot."""
    game, state, bot = _heads_up("flame_sword", 1)
    for seat in _turns(state):
        if _shoves(state.legal_actions(seat)) and fixed.is_bet(state.legal_actions(seat)):
            break
        state.apply(bot.choose(state, seat))
    strong = game.bot(random.Random(7), "strong")
    assert strong.normal.wary_until_read
    copy = state.seat_copy(seat, random.Random(1))
    found = candidates(copy, seat)
    assert _shoves(found)
    assert not _shoves(exploits.without_early_overbets(copy, seat, found, None, strong.reader, strong.normal))


def test_five_card_draw_asks_from_its_variant_file():
    """``wary_until_read`` in a variant file's game block (Five-Card Draw: before the
    premium player was read, shoves of 99 chips into 2 lost whole matches)."""
    game, state, seat, other = _checked_to("five_card_draw")
    assert game.wary_until_read and games.registry().find("texas_holdem").wary_until_read
    assert not games.registry().find("omaha").wary_until_read
    strong = game.bot(random.Random(7), "strong")
    copy = state.seat_copy(seat, random.Random(1))
    found = candidates(copy, seat)
    assert _shoves(found)
    assert not _shoves(exploits.without_early_overbets(copy, seat, found, None, strong.reader, strong.normal))


def test_a_game_that_does_not_ask_weighs_every_shove():
    game, state, seat, other = _checked_to("texas_holdem")
    strong = game.bot(random.Random(7), "strong")
    strong.normal.wary_until_read = False  # (as a variant file without it declares)
    copy = state.seat_copy(seat, random.Random(1))
    found = candidates(copy, seat)
    assert _shoves(found)
    assert exploits.without_early_overbets(copy, seat, found, None, strong.reader, strong.normal) == found


def _raised_over(game_id, seed=1):
    """Heads-up ``game_id``: one seat bet the least, the other raised the least over it."""
    game, state, bot = _heads_up(game_id, seed)
    for seat in _turns(state):
        bets = [a for a in state.legal_actions(seat) if type(a).__name__ == "Bet"]
        if bets:
            state.apply(fixed.aggressive(state, seat, bets, most=False))
            other = state.to_act
            if other in (seat, CHANCE, None):
                continue
            state.apply(fixed.aggressive(state, other, state.legal_actions(other), most=False))
            if state.to_act == seat and any(type(a).__name__ == "Raise" for a in state.legal_actions(seat)):
                return game, state, seat, other
            continue
        state.apply(bot.choose(state, seat))
    raise AssertionError("no raise war met")


@pytest.mark.parametrize(("equity", "raises"), [(0.5, False), (0.95, False), (0.99, True)])
def test_a_raise_war_with_an_unread_opponent_needs_a_very_good_hand(monkeypatch, equity, raises):
    game, state, seat, other = _raised_over("shenja_ivali")
    strong = game.bot(random.Random(7), "strong")
    copy = state.seat_copy(seat, random.Random(1))
    legal = copy.legal_actions(seat)
    monkeypatch.setattr(strong.normal, "random_equity", lambda *args: equity)
    kept = exploits.without_early_reraises(copy, seat, legal, strong.normal, random.Random(2), strong.reader)
    names = {type(a).__name__ for a in kept}
    assert {"Fold", "Call"} <= names
    assert bool(names & {"Raise"}) == raises
    strong.reader.tendencies[other] = Tendency(decisions=FOLDS_AFTER, could_raise=FOLDS_AFTER,
                                               facing=FOLDS_AFTER, folded=1, called=FOLDS_AFTER - 1)
    assert exploits.without_early_reraises(copy, seat, legal, strong.normal, random.Random(2), strong.reader) == legal


def test_shenja_ivali_s_hands_are_valued_by_its_own_estimate_against_random_hands(monkeypatch):
    """The exploits weigh a Shenja Ivali hand by its normal bot's estimate against random
    hands, not by check-downs of the whole round (its auctions and discards)."""
    game, state, seat, other = _raised_over("shenja_ivali")
    strong = game.bot(random.Random(7), "strong")
    copy = state.seat_copy(seat, random.Random(1))

    def no_check_downs(*args, **kwargs):
        raise AssertionError("check-downs played")

    monkeypatch.setattr(fixed, "equity", no_check_downs)
    value = exploits.equity_of(copy, seat, random.Random(2), strong.normal, None, 40)
    assert 0.0 <= value <= 1.0
    assert strong.normal._opponent_weights(copy, [other]) != [0.0]  # the raise is read again after
