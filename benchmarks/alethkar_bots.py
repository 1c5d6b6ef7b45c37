"""Alethkar Poker's computer players: decision times and chips against random players.

Run: ``python benchmarks/alethkar_bots.py``. Prints the CPU time of a bet decision
(7 seats, the slowest case) per level, and the chips each kind holds after 40
rounds of 4-seat matches (normal, random, tough, random).
"""

from __future__ import annotations

import random
import time

from cardtable.bots.random_bot import RandomBot
from cardtable.engine.game import CHANCE
from cardtable.games.alethkar_poker.bot import AlethkarBot, warm_up
from cardtable.games.alethkar_poker.state import AlethkarSettings, AlethkarState
from cardtable.variants import load_deck_by_id


def main() -> None:
    """Print the figures."""
    deck = load_deck_by_id("standard52")
    started = time.process_time()
    warm_up(deck)
    print(f"warm-up (value distribution): {1000 * (time.process_time() - started):.0f} ms CPU")
    state = AlethkarState.new(AlethkarSettings(), deck, [f"P{i}" for i in range(7)], random.Random(1))
    state.apply(state.chance_action())
    for level in ("normal", "tough"):
        bot = AlethkarBot(random.Random(1), level)
        times = []
        for _ in range(40):
            t = time.process_time()
            bot.choose(state, state.to_act)
            times.append(time.process_time() - t)
        print(f"{level}: bet decision, 7 seats: mean {1000 * sum(times) / len(times):.1f} ms, "
              f"max {1000 * max(times):.1f} ms CPU")
    totals = {"normal": 0, "random": 0, "tough": 0}
    games = 8
    for game in range(games):
        kinds = ["normal", "random", "tough", "random"]
        players = [RandomBot(random.Random(f"{game}:{s}")) if k == "random"
                   else AlethkarBot(random.Random(f"{game}:{s}"), k) for s, k in enumerate(kinds)]
        state = AlethkarState.new(AlethkarSettings(), deck, kinds[:1] + ["random A", "tough", "random B"],
                                  random.Random(game), dealer=game % 4)
        while state.to_act is not None and state.round_no <= 40:
            if state.to_act == CHANCE:
                state.apply(state.chance_action())
            else:
                state.apply(players[state.to_act].choose(state, state.to_act))
        for seat, kind in enumerate(kinds):
            totals[kind] += state.holdings(seat)
    print(f"after 40 rounds x {games} matches (40 chips each at the start): "
          f"normal {totals['normal'] / games:.1f}, tough {totals['tough'] / games:.1f}, "
          f"random {totals['random'] / (2 * games):.1f} chips a seat on average")


if __name__ == "__main__":
    main()
