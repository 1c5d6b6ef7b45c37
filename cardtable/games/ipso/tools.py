"""Ipso's command-line tools, as :mod:`cardtable.cli` calls them (``rank``, ``simulate``).

``cardtable rank ipso AS 2S 3S 4S`` prints ``{"variant": "ipso", "rank": 3, "kind":
"Bouncer", "value": 4}``: rank 1 (Quad) to 8 (High Card & Tags) and the value
compared between hands of one kind (the quad's or prial's pip, the top of a
sequence, otherwise the sum of the pips).
"""

from __future__ import annotations

import random
from typing import Any, TextIO

__all__ = ["rank", "simulate", "ipso_settings", "make_ipso_bots"]


def rank(cards: list[str]) -> dict[str, Any]:
    """The worth of four Ipso cards named by their codes (ValueError when they are not)."""
    from cardtable.games.ipso.hands import hand_value_of
    hand = hand_value_of(cards)
    return {"variant": "ipso", "rank": hand.rank, "kind": hand.kind, "value": hand.value}


def ipso_settings() -> Any:
    """The bundled Ipso variant's settings (the defaults if it is missing)."""
    from cardtable.games.ipso.rules import IpsoSettings
    from cardtable.simulation import bundled_settings
    return bundled_settings("ipso", IpsoSettings)


def make_ipso_bots(kind: str, seats: int, seed: int, game: int) -> tuple[list[Any], list[str]]:
    """The bots of one simulated game (see :func:`cardtable.simulation.seat_bots`)."""
    from cardtable.games.ipso.bot import IpsoBot
    from cardtable.simulation import seat_bots
    return seat_bots(kind, seats, seed, game, IpsoBot, prefix="ipso-bot")


def simulate(*, games: int, seats: int, seed: int, bots: str = "random", max_rounds: int = 0,
             json_every: int = 25, log: TextIO | None = None) -> dict[str, Any]:
    """Play ``games`` Ipso games of bots with every check on; return the summary.

    Ipso seats 2 to 5 players: ValueError for other counts.
    """
    from cardtable.games.ipso import checks
    from cardtable.games.ipso.rules import Phase
    from cardtable.games.ipso.state import IpsoState
    from cardtable.simulation import Simulation, seats_between, simulate_matches
    from cardtable.variants import load_deck_by_id

    seats_between("Ipso", seats, 2, 5)
    settings = ipso_settings()
    deck = load_deck_by_id("standard52")
    sim = Simulation(
        variant="ipso",
        new_state=lambda names, game, seed: IpsoState.new(
            settings, deck, names, random.Random(f"ipso-deal:{seed}:{game}")),
        make_bots=make_ipso_bots,
        problems=lambda state, start, done: checks.all_problems(state, log_start=start),
        round_trip=checks.round_trip,
        rounds=lambda state: state.round_no,
        between_rounds=lambda state: state.phase == Phase.CHOOSE_DEALER,
        over=lambda state: state.phase == Phase.GAME_OVER,
        holding=lambda state, seat: state.chips.stacks[seat],
        round_word="hands", match_word="game")
    return simulate_matches(sim, games=games, seats=seats, seed=seed, bots=bots,
                            max_rounds=max_rounds, json_every=json_every, log=log)


