"""Ipso's command-line tools, as :data:`cardtable.cli.GAME_TOOLS` expects them.

``cardtable rank ipso AS 2S 3S 4S`` prints ``{"variant": "ipso", "rank": 3, "kind":
"Bouncer", "value": 4}``: rank 1 (Quad) to 8 (High Card & Tags) and the value
compared between hands of one kind (the quad's or prial's pip, the top of a
sequence, otherwise the sum of the pips).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any, TextIO

__all__ = ["rank", "simulate", "ipso_settings", "make_ipso_bots"]


def rank(cards: list[str]) -> dict[str, Any]:
    """The worth of four Ipso cards named by their codes (ValueError when they are not)."""
    from .engine.ipso_hands import hand_value_of
    hand = hand_value_of(cards)
    return {"variant": "ipso", "rank": hand.rank, "kind": hand.kind, "value": hand.value}


def ipso_settings() -> Any:
    """The bundled Ipso variant's settings (the defaults if it is missing)."""
    from .engine.ipso_setup import IpsoSettings
    from .variants import discover, variant_dirs
    for entry in discover([(variant_dirs()[0][0], False)]):
        if entry.spec is not None and entry.spec.game == "ipso":
            return IpsoSettings.from_spec(entry.spec)
    return IpsoSettings()


def make_ipso_bots(kind: str, seats: int, seed: int, game: int) -> tuple[list[Any], list[str]]:
    """The bots of one simulated game and each one's kind (``mixed``: normal, random,
    tough round the table); each bot's generator is seeded from seed, game and seat."""
    from .bots.ipso_bot import IpsoBot
    from .bots.random_bot import RandomBot
    kinds = [("normal", "random", "tough")[s % 3] if kind == "mixed" else kind for s in range(seats)]
    bots: list[Any] = []
    for seat, bot_kind in enumerate(kinds):
        rng = random.Random(f"ipso-bot:{seed}:{game}:{seat}")
        bots.append(RandomBot(rng) if bot_kind == "random" else IpsoBot(rng, level=bot_kind))
    return bots, kinds


def simulate(*, games: int, seats: int, seed: int, bots: str = "random", max_rounds: int = 0,
             json_every: int = 25, log: TextIO | None = None) -> dict[str, Any]:
    """Play ``games`` Ipso games of bots with every check on; return the summary.

    Ipso seats 2 to 5 players: ValueError for other counts.
    """
    from .bots.base import play_step
    from .engine import ipso_checks as checks
    from .engine.ipso import IpsoState
    from .engine.ipso_setup import Phase
    from .variants import load_deck_by_id

    if not 2 <= seats <= 5:
        raise ValueError(f"Ipso seats 2 to 5 players, not {seats}")
    settings = ipso_settings()
    deck = load_deck_by_id("standard52")
    checked = failed = rounds = actions = finished = 0
    problems_seen: list[str] = []
    winners: Counter[str] = Counter()
    started = time.perf_counter()
    for game in range(games):
        players, kinds = make_ipso_bots(bots, seats, seed, game)
        names = [f"{kinds[s].capitalize()} {s + 1}" for s in range(seats)]
        state = IpsoState.new(settings, deck, names, random.Random(f"ipso-deal:{seed}:{game}"))
        done = 0
        while state.to_act is not None:
            if max_rounds and state.phase == Phase.CHOOSE_DEALER and state.round_no >= max_rounds:
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
        leader = max(range(seats), key=lambda s: (state.chips.stacks[s], -s))
        winners[kinds[leader]] += 1
        finished += state.phase == Phase.GAME_OVER
        if log is not None:
            end = "won the game" if state.phase == Phase.GAME_OVER else "leads (hands capped)"
            print(f"game {game + 1}: {state.round_no} hands, {done} actions; "
                  f"{state.names[leader]} {end} with {state.chips.stacks[leader]} chips", file=log)
    return {"variant": "ipso", "games": games, "seats": seats, "seed": seed, "bots": bots,
            "rounds": rounds, "actions": actions, "finished": finished,
            "seconds": round(time.perf_counter() - started, 3),
            "invariants": {"checked": checked, "failed": failed, "problems": problems_seen[:20]},
            "winners": dict(sorted(winners.items()))}
