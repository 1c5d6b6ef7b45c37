"""benchmarks/peeking.py: the cheat sees the real state, plays a legal move, and its matches are
bots.py's (every play's share between 0 and 1, their mean the reported share)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import bots  # noqa: E402
import peeking  # noqa: E402
from test_sabacc_cli_bots import state_with  # noqa: E402

from cardtable import games  # noqa: E402
from cardtable.bots.strong import candidates  # noqa: E402


def test_the_cheat_plays_legal_moves_on_the_real_state_and_leaves_the_benchmark_as_it_was(capsys):
    result = peeking.main(["--game", "sabacc", "--seats", "2", "--matches", "1", "--plays", "2", "--hands", "2"])
    assert len(result["shares"]) == 1 and 0.0 <= result["share"] <= 1.0
    assert "peek share of chips" in capsys.readouterr().out
    assert bots.make_bot is not None and bots.choose_for.__module__ == "cardtable.bots.base"  # restored


def test_the_cheat_takes_the_best_move_on_the_hands_it_sees():
    game = games.get("sabacc")
    state = state_with(("Ace of Coins", "1 of Flasks", "8 of Sabers", "1 of Staves"))  # seat 1: 23
    before = [list(h) for h in state.hands]
    cheat = peeking.PeekingBot(game, random.Random(0), plays=6)
    action = cheat.choose(state, 1)
    assert state.why_illegal(action) is None
    seed = random.Random(0).getrandbits(30)  # the seed its choice drew
    worths = {a: cheat.worth(state, 1, a, seed) for a in candidates(state, 1)}
    prior = cheat.normal.choose(state.seat_copy(1, random.Random(len(state.history))), 1)
    assert action == prior or worths[action] == max(worths.values())  # the best, if clearly so
    assert worths[action] >= worths[prior]
    assert [list(h) for h in state.hands] == before  # the real state is left alone
