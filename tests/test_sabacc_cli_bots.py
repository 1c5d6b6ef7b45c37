"""Sabacc's command-line tools (``cardtable rank sabacc``, ``cardtable simulate sabacc``) and
its computer players: the draw odds they know and how they bet by them."""

from __future__ import annotations

import json
import random

from cardtable.cli import main
from cardtable.engine.betting import Bet, Call, Check, Fold, Raise
from cardtable.games.sabacc import rules
from cardtable.games.sabacc.bot import SabaccBot, beat_share, hand_score, opponent_table
from cardtable.games.sabacc.hands import parse_hand
from cardtable.games.sabacc.state import Phase, SabaccSettings, SabaccState
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("sabacc")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_rank_prints_total_special_and_bomb_out(capsys):
    code, out, err = run(capsys, "rank", "sabacc", "The Idiot", "2 of Coins", "3 of Staves")
    assert code == 0 and err == ""
    assert json.loads(out) == {"variant": "sabacc", "total": 5, "special": "idiots_array",
                               "bomb_out": False}
    code, out, _ = run(capsys, "rank", "sabacc", "Ace of Coins, 8 of Flasks")
    assert json.loads(out) == {"variant": "sabacc", "total": 23, "special": "pure_sabacc",
                               "bomb_out": False}
    code, out, _ = run(capsys, "rank", "sabacc", "The Star", "Moderation (-14)")
    assert json.loads(out) == {"variant": "sabacc", "total": -31, "special": None, "bomb_out": True}


def test_rank_refuses_unknown_or_repeated_cards(capsys):
    code, out, err = run(capsys, "rank", "sabacc", "Ace of Cups")
    assert code == 2 and out == "" and "no card 'Ace of Cups'" in err
    code, _, err = run(capsys, "rank", "sabacc", "The Idiot", "The Idiot", "The Idiot")
    assert code == 2 and "only 2 cards called The Idiot" in err


def test_simulate_checks_every_action_and_ends_with_a_json_summary(capsys):
    code, out, err = run(capsys, "simulate", "sabacc", "--games", "2", "--seats", "3", "--seed", "4",
                         "--bots", "mixed", "--max-rounds", "4")
    assert code == 0, err
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["variant"] == "sabacc" and summary["games"] == 2
    assert summary["invariants"]["failed"] == 0 and summary["invariants"]["checked"] >= summary["actions"] > 0
    assert 2 <= summary["rounds"] <= 8


def state_with(top: tuple[str, ...], seats: int = 2) -> SabaccState:
    state = SabaccState.new(SabaccSettings(), DECK, [f"P{s}" for s in range(seats)], random.Random(3))
    cards = [c.index for c in parse_hand(list(top), DECK)]
    state.apply(rules.SabaccShuffle(order=tuple(cards + [i for i in range(76) if i not in cards])))
    return state


def test_hand_scores_follow_the_rules_order():
    table = opponent_table(DECK)
    scores = [hand_score(DECK, [c.index for c in parse_hand(names, DECK)]) for names in
              (["Ace of Coins", "9 of Coins"], ["5 of Coins", "6 of Coins"], ["10 of Coins", "10 of Staves"],
               ["Ace of Coins", "8 of Coins"], ["The Idiot", "2 of Coins", "3 of Coins"])]
    assert scores == sorted(scores) and scores[0] == -1
    shares = [beat_share(s, table) for s in scores]
    assert shares == sorted(shares) and shares[0] == 0.0 and shares[-1] > 0.99


def test_the_bot_knows_the_odds_of_a_draw():
    bot = SabaccBot(random.Random(1))
    low = state_with(("2 of Coins", "1 of Flasks", "3 of Sabers", "1 of Staves"))  # seat 1 holds 5
    high = state_with(("Ace of Coins", "1 of Flasks", "7 of Sabers", "1 of Staves"))  # seat 1 holds 22
    low_odds, high_odds = bot.draw_odds(low, 1), bot.draw_odds(high, 1)
    assert low_odds.improve > 0.8 and low_odds.bomb_if_kept < 0.1 and low_odds.still_bombs == 0
    assert high_odds.improve < 0.15 and high_odds.bomb_if_kept > 0.5
    bombed = state_with(("Ace of Coins", "1 of Flasks", "Ace of Sabers", "1 of Staves"))  # 30
    assert bot.draw_odds(bombed, 1).still_bombs < 0.5 < bot.draw_odds(bombed, 1).bomb_if_kept


def test_the_bot_bets_a_strong_hand_and_folds_a_hopeless_one_to_a_big_bet():
    bot = SabaccBot(random.Random(1))
    strong = state_with(("Ace of Coins", "1 of Flasks", "8 of Sabers", "1 of Staves"))  # 23
    assert isinstance(bot.choose(strong, 1), Bet)
    weak = state_with(("5 of Coins", "Ace of Flasks", "Ace of Coins", "8 of Staves"))  # seat 0: 20 -> 23
    weak.apply(Bet(seat=1, to=3000))
    weak.apply(rules.RollDie(colour="blue"))
    weak.apply(rules.Stand(seat=1))
    assert weak.phase == Phase.BET and weak.to_act == 0
    choice = SabaccBot(random.Random(2)).choose(weak, 0)
    assert isinstance(choice, (Call, Raise))  # Pure Sabacc calls or raises
    hopeless = state_with(("Ace of Coins", "Ace of Flasks", "Ace of Sabers", "Master of Staves"))
    hopeless.apply(Bet(seat=1, to=3000))
    hopeless.apply(rules.RollDie(colour="blue"))
    hopeless.apply(rules.Stand(seat=1))
    assert isinstance(SabaccBot(random.Random(2)).choose(hopeless, 0), Fold)  # 29, a big bet


def test_the_bot_draws_and_keeps_what_helps():
    state = state_with(("10 of Coins", "1 of Flasks", "5 of Sabers", "1 of Staves", "8 of Coins"))
    bot = SabaccBot(random.Random(5))
    state.apply(Check(seat=1))
    assert isinstance(bot.choose(state, 1), rules.Draw)
    state.apply(rules.Draw(seat=1))
    assert isinstance(bot.choose(state, 1), rules.Keep)  # 15 + 8 = Pure Sabacc
    state2 = state_with(("10 of Coins", "1 of Flasks", "Ace of Sabers", "1 of Staves", "8 of Coins"))
    state2.apply(Check(seat=1))
    state2.apply(rules.Draw(seat=1))
    assert bot.choose(state2, 1) == rules.Swap(seat=1, card=DECK.find("10 of Coins").index)  # 15 + 8
