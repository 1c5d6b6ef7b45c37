"""Sabacc's command-line tools, as :mod:`cardtable.cli` calls them (``rank``, ``simulate``).

``cardtable rank sabacc "The Idiot" "2 of Coins" "3 of Staves"`` prints
``{"variant": "sabacc", "total": 5, "special": "idiots_array", "bomb_out": false}``;
``cardtable simulate sabacc --games N --seats K --seed S --bots normal`` plays bot games
with every invariant checked after every action.
"""

from __future__ import annotations

import random
from typing import Any, TextIO

__all__ = ["rank", "simulate", "make_bots", "sabacc_settings"]


def rank(cards: list[str]) -> dict[str, Any]:
    """The total of the Sabacc cards named (one name an argument, or several split by
    commas), whether it is a special hand, and whether it bombs out.

    A face card may be named without its copy number ("The Idiot"); a value in
    brackets after a name is allowed ("Moderation (-14)"). Raises ValueError for an
    unknown card, a card named more often than the deck has it, or no cards.
    """
    from cardtable.games.sabacc.hands import evaluate, parse_hand
    from cardtable.variants import load_deck_by_id
    names = [part.strip() for arg in cards for part in str(arg).split(",") if part.strip()]
    if not names:
        raise ValueError("name at least one card, e.g. \"7 of Flasks\" or \"The Idiot\"")
    hand = evaluate(parse_hand(names, load_deck_by_id("sabacc")))
    return {"variant": "sabacc", "total": hand.total, "special": hand.special,
            "bomb_out": hand.bomb_out}


def sabacc_settings() -> Any:
    """The bundled Sabacc variant's settings (the defaults if it is missing)."""
    from cardtable.games.sabacc.rules import SabaccSettings
    from cardtable.simulation import bundled_settings
    return bundled_settings("sabacc", SabaccSettings)


def make_bots(kind: str, seats: int, seed: int, game: int) -> tuple[list[Any], list[str]]:
    """The bots of one simulated game (see :func:`cardtable.simulation.seat_bots`)."""
    from cardtable.games.sabacc.bot import SabaccBot
    from cardtable.simulation import seat_bots
    return seat_bots(kind, seats, seed, game, SabaccBot)


def simulate(*, games: int, seats: int, seed: int, bots: str = "random", max_rounds: int = 0,
             json_every: int = 25, log: TextIO | None = None) -> dict[str, Any]:
    """Play ``games`` Sabacc games of bots with every check on; return the summary
    (shaped like ``simulation.simulate_matches``'s; a round is a hand)."""
    from cardtable.games.sabacc import checks
    from cardtable.games.sabacc.state import Phase, SabaccState
    from cardtable.simulation import Simulation, simulate_matches
    from cardtable.variants import load_deck_by_id

    settings = sabacc_settings()
    deck = load_deck_by_id("sabacc")
    sim = Simulation(
        variant="sabacc",
        new_state=lambda names, game, seed: SabaccState.new(
            settings, deck, names, random.Random(f"deal:{seed}:{game}"), dealer=game % len(names)),
        make_bots=make_bots,
        problems=lambda state, start, done: checks.all_problems(state, log_start=start),
        round_trip=checks.round_trip,
        rounds=lambda state: state.hand_no,
        between_rounds=lambda state: state.phase == Phase.REVEAL,
        over=lambda state: state.phase == Phase.GAME_OVER,
        holding=lambda state, seat: state.chips.stacks[seat],
        round_word="hands", match_word="game", unit="credits")
    return simulate_matches(sim, games=games, seats=seats, seed=seed, bots=bots,
                            max_rounds=max_rounds, json_every=json_every, log=log)


