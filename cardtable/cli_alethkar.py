"""Alethkar Poker's command-line tools, as :data:`cardtable.cli.GAME_TOOLS` expects them.

``cardtable rank alethkar AS KS QS JS 10S`` prints the value of five cards and how
they are counted; given seven cards it keeps the best five and names the two to
discard. ``cardtable simulate alethkar ...`` plays bot matches with every check on.
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter
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
    from .variants import load_deck_by_id
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
    from .engine.alethkar_setup import AlethkarSettings
    from .engine.alethkar_values import best_five
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
    from .engine.alethkar_setup import AlethkarSettings
    from .variants import discover, variant_dirs
    for entry in discover([(variant_dirs()[0][0], False)]):
        if entry.spec is not None and entry.spec.game == "alethkar_poker":
            return AlethkarSettings.from_spec(entry.spec)
    return AlethkarSettings()


def make_bots(kind: str, seats: int, seed: int, game: int) -> tuple[list[Any], list[str]]:
    """The bots of one simulated match and each one's kind (``mixed``: normal,
    random, tough round the table), seeded from ``seed``, ``game`` and the seat."""
    from .bots.alethkar_bot import AlethkarBot
    from .bots.random_bot import RandomBot
    kinds = [("normal", "random", "tough")[s % 3] if kind == "mixed" else kind for s in range(seats)]
    bots: list[Any] = []
    for seat, bot_kind in enumerate(kinds):
        rng = random.Random(f"bot:{seed}:{game}:{seat}")
        bots.append(RandomBot(rng) if bot_kind == "random" else AlethkarBot(rng, level=bot_kind))
    return bots, kinds


def simulate(*, games: int, seats: int, seed: int, bots: str = "random", max_rounds: int = 0,
             json_every: int = 25, log: TextIO | None = None) -> dict[str, Any]:
    """Play ``games`` bot matches with every check after every action; the summary
    has the shape of :func:`cardtable.cli.simulate_ivali`'s. Without ``max_rounds``
    a match stops after :data:`ROUND_CAP` rounds."""
    from .bots.alethkar_bot import warm_up
    from .bots.base import play_step
    from .engine import alethkar_checks as checks
    from .engine.alethkar import AlethkarState
    from .engine.alethkar_setup import MAX_SEATS, MIN_SEATS, Phase
    from .variants import load_deck_by_id

    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"Alethkar Poker is for {MIN_SEATS} to {MAX_SEATS} players, not {seats}")
    settings = _settings()
    deck = load_deck_by_id("standard52")
    warm_up(deck)
    cap = max_rounds or ROUND_CAP
    checked = failed = rounds = actions = finished = 0
    problems_seen: list[str] = []
    winners: Counter[str] = Counter()
    started = time.perf_counter()
    for game in range(games):
        players, kinds = make_bots(bots, seats, seed, game)
        names = [f"{kinds[s].capitalize()} {s + 1}" for s in range(seats)]
        state = AlethkarState.new(settings, deck, names, random.Random(f"deal:{seed}:{game}"),
                                  dealer=game % seats)
        done = 0
        while state.to_act is not None:
            if state.phase == Phase.REVEAL and state.round_no >= cap:
                break
            before = len(state.log)
            play_step(state, players)
            done += 1
            found = checks.all_problems(state, log_start=before)
            checked += 1
            if json_every and done % json_every == 0:
                state, trip = checks.round_trip(state)
                found += trip
                checked += 1
            if found:
                failed += 1
                problems_seen += [f"game {game}, action {done}: {p}" for p in found]
        actions += done
        rounds += state.round_no
        leader = max(range(seats), key=lambda s: (state.holdings(s), -s))
        winners[kinds[leader]] += 1
        finished += state.phase == Phase.GAME_OVER
        if log is not None:
            end = "won the match" if state.phase == Phase.GAME_OVER else "leads (rounds capped)"
            print(f"game {game + 1}: {state.round_no} rounds, {done} actions; "
                  f"{state.names[leader]} {end} with {state.holdings(leader)} chips", file=log)
    return {"variant": "alethkar_poker", "games": games, "seats": seats, "seed": seed, "bots": bots,
            "rounds": rounds, "actions": actions, "finished": finished,
            "seconds": round(time.perf_counter() - started, 3),
            "invariants": {"checked": checked, "failed": failed, "problems": problems_seen[:20]},
            "winners": dict(sorted(winners.items()))}
