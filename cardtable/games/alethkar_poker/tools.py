"""Alethkar Poker's command-line tools, as :mod:`cardtable.cli` calls them (``rank``, ``simulate``).

``cardtable rank alethkar AS KS QS JS 10S`` prints the value of five cards and how
they are counted; given seven cards it keeps the best five and names the two to
discard. ``cardtable simulate alethkar ...`` plays bot matches with every check on.
"""

from __future__ import annotations

import random
import re
from typing import Any, TextIO

__all__ = ["rank", "simulate", "parse_cards", "ROUND_CAP"]

ROUND_CAP = 500
"""Rounds after which a simulated match stops when no ``max_rounds`` is given: two
careful players can go on for ever, since the loser of a round pays no more than
the winner put in."""

_CODE = re.compile(r"^(10|[2-9]|[TJQKA])([CDHS])$", re.IGNORECASE)


def parse_cards(args: list[str]) -> list[Any]:
    """Cards of the standard deck from codes like ``AS 10H th``, one or several an
    argument (commas allowed). Raises ValueError naming what it cannot read."""
    from cardtable.variants import load_deck_by_id
    deck = load_deck_by_id("standard52")
    words = " ".join(args).replace(",", " ").split()
    cards = []
    for word in words:
        match = _CODE.match(word)
        if match is None:
            raise ValueError(f"cannot read {word!r} as a card: expected codes like AS, 10H, QD "
                             "(rank 2-10, J, Q, K, A; suit C, D, H, S)")
        rank = match.group(1).upper().replace("T", "10")
        cards.append(deck.find(rank + match.group(2).upper()))
    seen = [c.code for c in cards]
    twice = sorted({c for c in seen if seen.count(c) > 1})
    if twice:
        raise ValueError(f"{twice[0]} is named twice")
    return cards


def rank(cards: list[str]) -> dict[str, Any]:
    """The value of five Alethkar Poker cards (or the best five of six or seven).

    Returns ``{"variant": "alethkar", "value": N, "combinations": [{"name", "cards",
    "value"}, ...], "cards": [...]}``, and for more than five cards also
    ``"discard": [two codes]``.
    """
    from cardtable.games.alethkar_poker.rules import AlethkarSettings
    from cardtable.games.alethkar_poker.values import best_five
    parsed = parse_cards(cards)
    if not 5 <= len(parsed) <= 7:
        raise ValueError(f"an Alethkar Poker hand is five cards (or seven to choose from), "
                         f"got {len(parsed)}")
    settings = _settings() if parsed else AlethkarSettings()
    choice = best_five(parsed, ace_low_straight=settings.ace_low_straight)
    result: dict[str, Any] = {
        "variant": "alethkar", "value": choice.value,
        "combinations": [{"name": c.name, "cards": c.codes, "value": c.value}
                         for c in choice.split.combinations],
        "cards": [c.code for c in choice.split.cards]}
    if choice.discard:
        result["discard"] = [c.code for c in choice.discard]
    return result


def _settings() -> Any:
    """The bundled Alethkar Poker variant's settings (the defaults if it is missing)."""
    from cardtable.games.alethkar_poker.rules import AlethkarSettings
    from cardtable.simulation import bundled_settings
    return bundled_settings("alethkar_poker", AlethkarSettings)


def make_bots(kind: str, seats: int, seed: int, game: int) -> tuple[list[Any], list[str]]:
    """The bots of one simulated match (see :func:`cardtable.simulation.seat_bots`)."""
    from cardtable.games.alethkar_poker.bot import AlethkarBot
    from cardtable.simulation import seat_bots
    return seat_bots(kind, seats, seed, game, AlethkarBot)


def simulate(*, games: int, seats: int, seed: int, bots: str = "random", max_rounds: int = 0,
             json_every: int = 25, log: TextIO | None = None) -> dict[str, Any]:
    """Play ``games`` bot matches with every check after every action; the summary
    has the shape of :func:`cardtable.simulation.simulate_matches`'s. Without ``max_rounds``
    a match stops after :data:`ROUND_CAP` rounds."""
    from cardtable.games.alethkar_poker import checks
    from cardtable.games.alethkar_poker.bot import warm_up
    from cardtable.games.alethkar_poker.rules import MAX_SEATS, MIN_SEATS, Phase
    from cardtable.games.alethkar_poker.state import AlethkarState
    from cardtable.simulation import Simulation, seats_between, simulate_matches
    from cardtable.variants import load_deck_by_id

    seats_between("Alethkar Poker", seats, MIN_SEATS, MAX_SEATS)
    settings = _settings()
    deck = load_deck_by_id("standard52")
    warm_up(deck)
    sim = Simulation(
        variant="alethkar_poker",
        new_state=lambda names, game, seed: AlethkarState.new(
            settings, deck, names, random.Random(f"deal:{seed}:{game}"), dealer=game % len(names)),
        make_bots=make_bots,
        problems=lambda state, start, done: checks.all_problems(state, log_start=start),
        round_trip=checks.round_trip,
        rounds=lambda state: state.round_no,
        between_rounds=lambda state: state.phase == Phase.REVEAL,
        over=lambda state: state.phase == Phase.GAME_OVER,
        holding=lambda state, seat: state.holdings(seat),
        round_cap=ROUND_CAP)
    return simulate_matches(sim, games=games, seats=seats, seed=seed, bots=bots,
                            max_rounds=max_rounds, json_every=json_every, log=log)


