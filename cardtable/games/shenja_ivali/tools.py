"""Shenja Ivali's command-line tools: ``cardtable rank ivali CARD ...`` and
``cardtable simulate ivali ...`` (see :mod:`cardtable.cli`)."""

from __future__ import annotations

import random
import re
from typing import Any, TextIO

from cardtable.games.shenja_ivali.hands import IvaliRules, evaluate, parse_card
from cardtable.variants import load_deck_by_id

__all__ = ["rank", "simulate", "rank_ivali", "split_card_names", "make_bots", "simulate_ivali"]


def rank(cards: list[str]) -> dict[str, Any]:
    """The value of five Shenja Ivali cards named on the command line."""
    return rank_ivali(cards, _ivali_settings().hands)


def simulate(*, games: int, seats: int, seed: int, bots: str = "random", max_rounds: int = 0,
             json_every: int = 25, log: TextIO | None = None) -> dict[str, Any]:
    """Play bot matches of Shenja Ivali with every check on (see :func:`simulate_ivali`)."""
    return simulate_ivali(games=games, seats=seats, seed=seed, bots=bots, max_rounds=max_rounds,
                          json_every=json_every, log=log)


_ONE_CARD = re.compile(r"infinity\s*#\s*\d+|\S+\s+\S+\s+of\s+\S+", re.IGNORECASE)


def split_card_names(args: list[str]) -> list[str]:
    """Card names from command-line words: one name an argument, or the words of several.

    ``["Gula 3 of Fire", "Omec 5 of Air"]``, ``["Gula", "3", "of", "Fire", ...]`` and
    ``["Gula 3 of Fire, Omec 5 of Air"]`` all give the same names. Text that is no card
    name raises ValueError naming it.
    """
    text = " ".join(args).replace(",", " ")
    names: list[str] = []
    position = 0
    for match in _ONE_CARD.finditer(text):
        stray = text[position:match.start()].strip()
        if stray:
            raise ValueError(f"cannot read {stray!r} as a card: expected names like "
                             "'Gula 3 of Fire' ('<Planet> <numeral> of <Element>')")
        names.append(" ".join(match.group().split()))
        position = match.end()
    stray = text[position:].strip()
    if stray:
        raise ValueError(f"cannot read {stray!r} as a card: expected names like "
                         "'Gula 3 of Fire' ('<Planet> <numeral> of <Element>')")
    return names


def rank_ivali(args: list[str], rules: IvaliRules | None = None) -> dict[str, Any]:
    """The Shenja Ivali value of the five cards named in ``args``.

    Returns ``{"variant": "ivali", "rank": 11, "kind": "Shooting Stars", "label":
    "Shooting Stars"}`` (rank 1 is the best of 43; ``label`` carries the flush's
    element word where the kind takes one). Raises ValueError with a clear message
    for a card name it cannot read, a card given twice, a wild card, or a count
    other than five.
    """
    names = split_card_names(args)
    if len(names) != 5:
        listed = f": {', '.join(names)}" if names else ""
        raise ValueError(f"a Shenja Ivali hand is five cards, got {len(names)}{listed}")
    deck = load_deck_by_id("ivali")
    cards = [parse_card(name, deck) for name in names]
    value = evaluate(cards, rules or IvaliRules())
    return {"variant": "ivali", "rank": value.rank, "kind": value.kind, "label": value.label}


def _ivali_settings() -> Any:
    """The bundled Shenja Ivali variant's settings (the defaults if it is missing)."""
    from cardtable.games.shenja_ivali.rules import ShenjaIvaliSettings
    from cardtable.simulation import bundled_settings
    return bundled_settings("shenja_ivali", ShenjaIvaliSettings)


def make_bots(kind: str, seats: int, seed: int, game: int) -> tuple[list[Any], list[str]]:
    """The bots of one simulated Shenja Ivali match and the name of each one's kind
    (see :func:`cardtable.simulation.seat_bots`)."""
    from cardtable.games.shenja_ivali.bot import IvaliBot
    from cardtable.simulation import seat_bots
    return seat_bots(kind, seats, seed, game, IvaliBot)


def simulate_ivali(*, games: int, seats: int, seed: int, bots: str = "random",
                   max_rounds: int = 0, json_every: int = 25,
                   log: TextIO | None = None) -> dict[str, Any]:
    """Play ``games`` matches of bots with every check on; return the summary dict."""
    from cardtable.games.shenja_ivali import checks
    from cardtable.games.shenja_ivali.rules import Phase
    from cardtable.games.shenja_ivali.state import ShenjaIvaliState
    from cardtable.simulation import Simulation, simulate_matches
    from cardtable.variants import load_deck_by_id

    settings = _ivali_settings()
    deck = load_deck_by_id("ivali")
    sim = Simulation(
        variant="shenja_ivali",
        new_state=lambda names, game, seed: ShenjaIvaliState.new(
            settings, deck, names, random.Random(f"deal:{seed}:{game}"), dealer=game % len(names)),
        make_bots=make_bots,
        problems=lambda state, start, done: checks.all_problems(state, log_start=start),
        round_trip=checks.round_trip,
        rounds=lambda state: state.round_no,
        between_rounds=lambda state: state.phase == Phase.REVEAL,
        over=lambda state: state.phase == Phase.GAME_OVER,
        holding=lambda state, seat: state.chips.stacks[seat])
    return simulate_matches(sim, games=games, seats=seats, seed=seed, bots=bots,
                            max_rounds=max_rounds, json_every=json_every, log=log)
