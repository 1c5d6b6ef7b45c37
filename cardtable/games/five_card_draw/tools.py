"""Five-Card Draw's command-line tools: ``cardtable rank five_card_draw AS KS QS JS TS``
and ``cardtable simulate five_card_draw``."""

from __future__ import annotations

import random
from typing import Any, TextIO

from cardtable.games.five_card_draw.hands import evaluate_codes

__all__ = ["rank", "simulate"]


def rank(cards: list[str]) -> dict[str, Any]:
    """The poker value of five cards named by code (words or comma-separated:
    "AS KS QS JS TS", "10h,jh,..."): ``{"variant", "rank", "kind", "label", "key"}``
    with rank 1 (a royal flush) the best of 7,462. ValueError for a bad card,
    a repeated card, or a count other than five."""
    codes = " ".join(cards).replace(",", " ").split()
    if len(codes) != 5:
        raise ValueError(f"a poker hand is five cards, got {len(codes)}: {' '.join(codes)}")
    value = evaluate_codes(codes)
    return {"variant": "five_card_draw", "rank": value.rank, "kind": value.kind, "label": value.label,
            "key": list(value.key)}


def simulate(*, games: int, seats: int, seed: int, bots: str = "random", max_rounds: int = 0,
             json_every: int = 25, log: TextIO | None = None) -> dict[str, Any]:
    """Play ``games`` bot matches with every check after every action; the summary dict.

    ``bots``: normal, tough, random or mixed (normal, random, tough round the table).
    """
    from cardtable.games import five_card_draw
    from cardtable.games.five_card_draw import checks
    from cardtable.games.five_card_draw.rules import DrawSettings, Phase
    from cardtable.games.five_card_draw.state import DrawState
    from cardtable.simulation import Simulation, bundled_settings, seat_bots, seats_between, simulate_matches
    from cardtable.variants import load_deck_by_id

    seats_between("Five-Card Draw", seats, 2, 6)
    settings = bundled_settings("five_card_draw", DrawSettings)
    deck = load_deck_by_id("standard52")
    sim = Simulation(
        variant="five_card_draw",
        new_state=lambda names, game, seed: DrawState.new(
            settings, deck, names, random.Random(f"deal:{seed}:{game}"), dealer=game % len(names)),
        make_bots=lambda kind, n, seed, game: seat_bots(
            kind, n, seed, game, lambda rng, level: five_card_draw.GAME.bot(rng, level)),
        problems=lambda state, start, done: checks.all_problems(state, log_start=start),
        round_trip=checks.round_trip,
        rounds=lambda state: state.round_no,
        between_rounds=lambda state: state.phase == Phase.REVEAL,
        over=lambda state: state.phase == Phase.GAME_OVER,
        holding=lambda state, seat: state.chips.stacks[seat],
        round_word="hands")
    return simulate_matches(sim, games=games, seats=seats, seed=seed, bots=bots, max_rounds=max_rounds,
                            json_every=json_every, log=log)
