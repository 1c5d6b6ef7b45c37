"""How much a bag bet can take from Alethkar Poker's normal level, heads-up.

    python benchmarks/alethkar_best_bets.py [--deals 300] [--replies 8] [--rollouts 1000 240]

For each of ``--deals`` first-round deals (stacks 40, the first seat to bet), every amount
0 to 40 is settled on the real cards against ``--replies`` bets of the normal bot with its
real hand (:func:`~cardtable.games.alethkar_poker.planning.settle_candidates`), giving each
amount's mean chip change. The deals are grouped by the seat's hand value (in twenties):
printed, a line a group, the best amount of the group (the amount best on average over
its deals: a policy of the hand value alone), its mean gain, and the mean gain and amount
of the normal bot's own choice and of the strong level's with each count of
``--rollouts``; then the chips a round each loses to the group's best amount. Fixed
generators: the same figures every run.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable import games  # noqa: E402
from cardtable.bots.strong import StrongBot  # noqa: E402
from cardtable.engine.game import CHANCE  # noqa: E402
from cardtable.games.alethkar_poker.bot import AlethkarBot  # noqa: E402
from cardtable.games.alethkar_poker.planning import hand_value, settle_candidates  # noqa: E402
from cardtable.games.alethkar_poker.rules import BagBet, Phase  # noqa: E402
from cardtable.variants import load_deck_by_id  # noqa: E402


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--replies", type=int, default=8)
    parser.add_argument("--rollouts", type=int, nargs="*", default=[1000, 240])
    args = parser.parse_args()
    game = games.get("alethkar_poker")
    deck = load_deck_by_id(game.decks[0])
    gains: dict[int, list[list[float]]] = defaultdict(list)
    chosen: dict[str, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    for deal in range(args.deals):
        state = game.new_state(game.read_settings(game.defaults()), deck, ["A", "B"], random.Random(deal))
        while state.to_act == CHANCE:
            state.apply(state.chance_action())
        seat = state.to_act
        assert state.phase == Phase.BET and seat is not None
        amounts = [BagBet(seat=seat, amount=a) for a in range(state.stacks[seat] + 1)]
        mean = [0.0] * len(amounts)
        for reply in range(args.replies):
            opponent = AlethkarBot(random.Random(deal * 100 + reply))
            settled = settle_candidates(state, seat, amounts, lambda _seat, bot=opponent: bot)
            assert settled is not None
            for i, (change, _) in enumerate(settled):
                mean[i] += change / args.replies
        group = min(hand_value(state, state.hands[seat]) // 20, 9)
        gains[group].append(mean)
        chosen["normal"][group].append(AlethkarBot(random.Random(deal)).bet(state, seat))
        for count in args.rollouts:
            strong = StrongBot(random.Random(deal), normal=AlethkarBot(random.Random(deal + 1)), counts={2: count})
            action = strong.choose(state.seat_copy(seat, random.Random(deal)), seat)
            assert isinstance(action, BagBet)
            chosen[f"strong {count}"][group].append(action.amount)
    lost: dict[str, float] = defaultdict(float)
    for group in sorted(gains):
        rows = gains[group]
        average = [sum(r[i] for r in rows) / len(rows) for i in range(len(rows[0]))]
        best = max(range(len(average)), key=lambda i: average[i])
        line = f"hand value {group * 20:3d}+: {len(rows):3d} deals, best amount {best:2d} {average[best]:+.2f}"
        for who, by_group in chosen.items():
            picks = by_group[group]
            got = sum(r[a] for r, a in zip(rows, picks)) / len(rows)
            lost[who] += (average[best] - got) * len(rows)
            line += f"; {who} {sum(picks) / len(picks):4.1f} {got:+.2f}"
        print(line)
    for who, total in lost.items():
        print(f"{who}: {total / args.deals:.3f} chips a round below the best amount for the hand value")


if __name__ == "__main__":
    main()
