"""The hint's words (issue 30): a move is named in the imperative the tables' buttons use
("Fold", never "Folds"), by the move itself and the cards its player holds, never by the log
line of a guessed world ("Discards 4D, 5S, 8C and draws 3H, 7D, 5D", "Wins the pot of 51");
two moves never share a name ("Discard: +2" three times); and with no time to weigh the
move the hint says nothing about a chance ("Chance of winning the round: 0%")."""

from __future__ import annotations

import random

import pytest

from cardtable import games
from cardtable.bots.strong import Estimate, Plan
from cardtable.engine.betting import AllIn, Call
from cardtable.engine.game import CHANCE
from cardtable.ui.hint import _game_name, describe, strong_bot, work_out
from cardtable.variants import load_deck_by_id

GAMES = [g for g in games.games() if g.state is not None]

IMPERATIVES = ("Fold", "Check", "Call", "Bet", "Raise to", "All-in", "Discard", "Stand pat", "Stand", "Draw",
               "Keep", "Swap", "Drop it", "Skip", "Stake", "Cover", "Cover & raise", "Exchange", "Choose",
               "Bid", "Pass", "Drop out", "Put", "No Called Shot", "Make a Called Shot", "Flip")


def decisions(game, count: int = 60, seed: int = 4):
    """``(state, seat)`` at the first ``count`` decisions of a three-seat match played at random."""
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]),
                           ["Ada", "Bo", "Cy"], random.Random(seed))
    rng = random.Random(seed)
    for _ in range(600):
        if state.to_act is None or count == 0:
            return
        if state.to_act == CHANCE:
            state.apply(state.chance_action())
            continue
        seat = state.to_act
        yield state, seat
        count -= 1
        state.apply(rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_move_is_named_by_the_player_s_own_action(game):
    for state, seat in decisions(game):
        world = state.seat_copy(seat, random.Random(len(state.history)))
        named = _game_name(strong_bot(game.id, 0), world, seat)  # as the hint names a move: the game's words first
        legal = state.legal_actions(seat)
        names = {}
        for action in legal:
            name = named(action)
            assert name.startswith(IMPERATIVES), f"{game.id}: {action} named {name!r}"
            assert not name.split()[0].endswith("s") or name.startswith(("Pass",)), name
            assert " and draws " not in name and "wins" not in name.lower(), name
            held = set(state.hand_of(seat)) if hasattr(state, "hand_of") else set()
            for card in getattr(action, "cards", ()) or ():
                assert card in held  # only the player's own cards may be named
            names.setdefault(name, []).append(action)
        same = {n: a for n, a in names.items() if len(a) > 1}
        # one name for two moves only where they are one move: a call that is all-in
        assert all({type(a) for a in acts} <= {Call, AllIn} for acts in same.values()), (game.id, same)


def test_a_discard_names_the_cards_it_throws_and_no_card_it_would_draw():
    game = games.get("shenja_ivali")
    from cardtable.games.shenja_ivali.rules import Discard, Phase
    state, seat = next(((s, t) for s, t in decisions(game, 200, seed=7) if s.phase == Phase.DRAW), (None, None))
    assert state is not None, "no discard came"
    world = state.seat_copy(seat, random.Random(1))
    hand = state.hand_of(seat)
    name = describe(world, seat, Discard(seat=seat, cards=tuple(hand[:2])))
    assert name == f"Discard {state.card_name(hand[0])}, {state.card_name(hand[1])}"
    assert describe(world, seat, Discard(seat=seat, cards=())) == "Stand pat"


class _Unweighed:
    """A strong player that ran out of time before it weighed anything."""

    normal = None

    def __init__(self, action, others):
        self.plan_made = Plan(action, [Estimate(action), *(Estimate(a) for a in others)], rollouts=4)

    def plan(self, copy, seat, budget_ms=None, stop=None):
        return self.plan_made


def test_with_no_time_to_weigh_the_hint_says_nothing_about_a_chance():
    state, seat = next(decisions(games.get("five_card_draw")))
    legal = state.legal_actions(seat)
    hint = work_out(state.seat_copy(seat, random.Random(0)), seat, bot=_Unweighed(legal[0], legal[1:]))
    assert hint.win_chance is None
    assert not any("chance" in line.lower() or "%" in line for line in hint.lines), hint.lines
    assert "the computer's own pick: too many choices here to weigh each one in time" in hint.lines


class _Weighed(_Unweighed):
    """A strong player that weighed every candidate once."""

    def __init__(self, action, others):
        super().__init__(action, others)
        for estimate in self.plan_made.estimates:
            estimate.add(-1.0, False)


def test_an_all_in_call_and_all_in_are_one_reason():
    game = games.get("five_card_draw")
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]),
                           ["Ada", "Bo"], random.Random(2))
    while state.to_act == CHANCE:
        state.apply(state.chance_action())
    state.apply(AllIn(seat=state.to_act))  # the first to act goes all-in: the other's call takes every chip
    seat = state.to_act
    legal = state.legal_actions(seat)
    call, all_in = (next(a for a in legal if isinstance(a, kind)) for kind in (Call, AllIn))
    hint = work_out(state.seat_copy(seat, random.Random(0)), seat, bot=_Weighed(call, [all_in]))
    assert hint.name == f"Call {state.betting_options(seat).call_amount} (all-in)"
    assert sum(line.startswith("Call") for line in hint.reasons) == 1, hint.reasons
