"""``cardtable rank alethkar`` and ``cardtable simulate alethkar``, and the computer player."""

from __future__ import annotations

import json
import random

from cardtable.bots.random_bot import RandomBot
from cardtable.cli import main
from cardtable.engine.game import CHANCE
from cardtable.games.alethkar_poker.bot import AlethkarBot, guess_bag
from cardtable.games.alethkar_poker.state import AlethkarSettings, AlethkarState, BagBet, DiscardTwo, Phase, Shuffle
from cardtable.games.alethkar_poker.values import best_five
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("standard52")


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_rank_prints_the_value_and_its_combinations(capsys):
    code, out, _ = run(capsys, "rank", "alethkar", "AS", "KS", "QS", "JS", "10S")
    assert code == 0
    assert json.loads(out) == {"variant": "alethkar", "value": 250, "combinations": [
        {"name": "Ace, King, Queen, Jack, 10 of same suit", "cards": ["AS", "KS", "QS", "JS", "10S"],
         "value": 250}], "cards": ["AS", "KS", "QS", "JS", "10S"]}


def test_rank_of_seven_cards_keeps_the_best_five_and_names_the_discard(capsys):
    code, out, _ = run(capsys, "rank", "alethkar", "as ah ad ks qs 5s 3s")
    result = json.loads(out)
    assert code == 0 and result["value"] == 103 and result["discard"] == ["5S", "3S"]
    assert [c["name"] for c in result["combinations"]] == ["Triple Aces", "King", "Queen"]


def test_rank_refuses_bad_hands_with_exit_2(capsys):
    for args, message in ((["AS", "KS"], "five cards"), (["AS", "AS", "KS", "QS", "JS"], "named twice"),
                          (["AS", "KS", "QS", "JS", "1S"], "cannot read '1S'")):
        code, _, err = run(capsys, "rank", "alethkar", *args)
        assert code == 2 and message in err


def test_simulate_checks_every_action_and_ends_with_json(capsys):
    code, out, _ = run(capsys, "simulate", "alethkar", "--games", "2", "--seats", "3", "--seed", "4",
                       "--bots", "mixed", "--max-rounds", "6", "--json-every", "5")
    assert code == 0
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["variant"] == "alethkar_poker" and summary["games"] == 2
    assert summary["invariants"]["failed"] == 0 and summary["invariants"]["checked"] > summary["actions"]
    assert 2 <= summary["rounds"] <= 12
    code, _, err = run(capsys, "simulate", "alethkar", "--seats", "8")
    assert code == 2 and "2 to 7" in err


def test_the_bot_discards_to_the_best_value_and_is_deterministic():
    state = AlethkarState.new(AlethkarSettings(), DECK, ["A", "B", "C"], random.Random(8))
    state.apply(state.chance_action())
    for _ in range(3):
        state.apply(AlethkarBot(random.Random(1)).choose(state, state.to_act))
    assert state.phase == Phase.DISCARD
    seat = state.to_act
    action = AlethkarBot(random.Random(2), "tough").choose(state, seat)
    assert isinstance(action, DiscardTwo)
    kept = [DECK[c] for c in state.hand_of(seat) if c not in action.cards]
    assert best_five([DECK[c] for c in state.hand_of(seat)]).value == best_five(kept).value
    fresh = AlethkarState.new(AlethkarSettings(), DECK, ["A", "B", "C"], random.Random(8))
    fresh.apply(fresh.chance_action())
    first = [AlethkarBot(random.Random(5), "tough").choose(fresh, fresh.to_act) for _ in range(2)]
    assert first[0] == first[1] and isinstance(first[0], BagBet)


def test_the_bot_bets_more_on_a_better_hand():
    def bet_with(hand: list[str]) -> int:
        state = AlethkarState.new(AlethkarSettings(), DECK, ["A", "B", "C", "D"], random.Random(1), dealer=3)
        first = [DECK.find(c).index for c in hand]
        rest = [c for c in range(52) if c not in first]
        order = [first[k // 4] if k % 4 == 0 else rest.pop(0) for k in range(28)] + rest
        state.apply(Shuffle(order=tuple(order)))
        assert sorted(state.hand_of(0)) == sorted(first)
        bot = AlethkarBot(random.Random(3), "tough")
        return sum(bot.bet(state, 0) for _ in range(3))
    strong = bet_with(["AS", "KS", "QS", "JS", "10S", "2D", "3C"])
    weak = bet_with(["2S", "3D", "4H", "6C", "7S", "9D", "8C"])
    assert strong > weak


def test_bots_beat_random_players():
    chips = {"bot": 0, "random": 0}
    for game in range(3):
        state = AlethkarState.new(AlethkarSettings(), DECK, ["B1", "R1", "B2", "R2"], random.Random(game))
        players = [AlethkarBot(random.Random(f"{game}:0")), RandomBot(random.Random(f"{game}:1")),
                   AlethkarBot(random.Random(f"{game}:2"), "tough"), RandomBot(random.Random(f"{game}:3"))]
        while state.to_act is not None and state.round_no <= 25:
            if state.to_act == CHANCE:
                state.apply(state.chance_action())
            else:
                state.apply(players[state.to_act].choose(state, state.to_act))
        chips["bot"] += state.holdings(0) + state.holdings(2)
        chips["random"] += state.holdings(1) + state.holdings(3)
    assert chips["bot"] > chips["random"]


def test_guess_bag_stays_between_the_buy_in_and_half_the_holdings():
    assert guess_bag(250, 40, 1) == 20 and guess_bag(-5, 40, 1) == 1 and guess_bag(60, 40, 1) == 6
