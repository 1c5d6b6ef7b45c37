"""benchmarks/sabacc_answers.py: every answer it scores is one the strong level made, each move
played out on the real cards with the same seeds, the raisers read from the log, and the bands
add up."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import sabacc_answers  # noqa: E402
from test_sabacc_cli_bots import state_with  # noqa: E402

from cardtable import games  # noqa: E402
from cardtable.engine.betting import Bet, Call, Raise  # noqa: E402
from cardtable.engine.game import Event  # noqa: E402
from cardtable.games.sabacc import rules  # noqa: E402

GOOD = ("Ace of Coins", "1 of Flasks", "7 of Sabers", "1 of Staves")  # seat 1 holds 22, seat 0 2


def _facing():
    """Seat 0 heads-up owing seat 1's least bet (the die blue, seat 1's drawn card dropped)."""
    state = state_with(GOOD)
    for action in (Bet(seat=1, to=100), rules.RollDie(colour=rules.BLUE), rules.Draw(seat=1), rules.Drop(seat=1)):
        state.apply(action)
    return state


def test_the_answers_are_scored_and_banded(capsys):
    result = sabacc_answers.main(["--matches", "1", "--plays", "2", "--seed", "11"])
    answers = [line for line in capsys.readouterr().out.splitlines() if line.startswith("match ")]
    assert result["answers"] == len(answers) >= 1  # a min_raise player bets at every turn
    banded = sum(band["over_call"][2] for band in result["bands"] if "over_call" in band)
    unbanded = sum(1 for band in result["bands"] if "over_call" not in band)  # none, or one answer
    assert result["answers"] - unbanded <= banded <= result["answers"]


def test_everything_is_the_biggest_raise_and_a_move_is_worth_the_same_on_the_same_seeds():
    state = _facing()
    assert sabacc_answers.everything(state, 0) == Raise(seat=0, to=state.betting_options(0).max_raise_to)
    game = games.get("sabacc")
    worth = sabacc_answers.worth(game, state, 0, Call(seat=0), "min_raise", 3, 7)
    assert worth == sabacc_answers.worth(game, state, 0, Call(seat=0), "min_raise", 3, 7)
    assert -5000 <= worth <= 5000 and state.chips.round_bets[0] == 0  # the real state is left alone


def test_raisers_are_those_seen_only_betting_or_raising_twice():
    state = _facing()
    assert not sabacc_answers.raisers_only(state, 0)  # one bet so far
    state.log.append(Event(1, "P1 raises to 400"))
    assert sabacc_answers.raisers_only(state, 0)
    state.log.append(Event(1, "P1 checks"))
    assert not sabacc_answers.raisers_only(state, 0)
