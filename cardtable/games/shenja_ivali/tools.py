"""Shenja Ivali's command-line tools, as :data:`cardtable.cli.GAME_TOOLS` expects them."""

from __future__ import annotations

from typing import Any, TextIO

__all__ = ["rank", "simulate"]


def rank(cards: list[str]) -> dict[str, Any]:
    """The value of five Shenja Ivali cards named on the command line."""
    from cardtable.cli import _ivali_settings
    from cardtable.cli_rank import rank_ivali
    return rank_ivali(cards, _ivali_settings().hands)


def simulate(*, games: int, seats: int, seed: int, bots: str = "random", max_rounds: int = 0,
             json_every: int = 25, log: TextIO | None = None) -> dict[str, Any]:
    """Play bot matches of Shenja Ivali with every check on (see ``cli.simulate_ivali``)."""
    from cardtable.cli import simulate_ivali
    return simulate_ivali(games=games, seats=seats, seed=seed, bots=bots, max_rounds=max_rounds,
                          json_every=json_every, log=log)
