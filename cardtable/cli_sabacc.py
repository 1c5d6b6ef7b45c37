"""Sabacc's command-line tools, as :data:`cardtable.cli.GAME_TOOLS` expects them.

``cardtable rank sabacc "The Idiot" "2 of Coins" "3 of Staves"`` prints
``{"variant": "sabacc", "total": 5, "special": "idiots_array", "bomb_out": false}``;
``cardtable simulate sabacc --games N --seats K --seed S --bots normal`` plays bot games
with every invariant checked after every action.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any, TextIO

__all__ = ["rank", "simulate", "make_bots", "sabacc_settings"]


def rank(cards: list[str]) -> dict[str, Any]:
    """The total of the Sabacc cards named (one name an argument, or several split by
    commas), whether it is a special hand, and whether it bombs out.

    A face card may be named without its copy number ("The Idiot"); a value in
    brackets after a name is allowed ("Moderation (-14)"). Raises ValueError for an
    unknown card, a card named more often than the deck has it, or no cards.
    """
    from .engine.sabacc_hands import evaluate, parse_hand
    from .variants import load_deck_by_id
    names = [part.strip() for arg in cards for part in str(arg).split(",") if part.strip()]
    if not names:
        raise ValueError("name at least one card, e.g. \"7 of Flasks\" or \"The Idiot\"")
    hand = evaluate(parse_hand(names, load_deck_by_id("sabacc")))
    return {"variant": "sabacc", "total": hand.total, "special": hand.special,
            "bomb_out": hand.bomb_out}


def sabacc_settings() -> Any:
    """The bundled Sabacc variant's settings (the defaults if it is missing)."""
    from .engine.sabacc_setup import SabaccSettings
    from .variants import discover, variant_dirs
    for entry in discover([(variant_dirs()[0][0], False)]):
        if entry.spec is not None and entry.spec.game == "sabacc":
            return SabaccSettings.from_spec(entry.spec)
    return SabaccSettings()


def make_bots(kind: str, seats: int, seed: int, game: int) -> tuple[list[Any], list[str]]:
    """The bots of one simulated game and each one's kind (``mixed``: normal, random,
    tough round the table); each generator is seeded from ``seed``, ``game`` and the seat."""
    from .bots.random_bot import RandomBot
    from .bots.sabacc_bot import SabaccBot
    kinds = [("normal", "random", "tough")[s % 3] if kind == "mixed" else kind for s in range(seats)]
    bots: list[Any] = []
    for seat, bot_kind in enumerate(kinds):
        rng = random.Random(f"bot:{seed}:{game}:{seat}")
        bots.append(RandomBot(rng) if bot_kind == "random" else SabaccBot(rng, level=bot_kind))
    return bots, kinds


def simulate(*, games: int, seats: int, seed: int, bots: str = "random", max_rounds: int = 0,
             json_every: int = 25, log: TextIO | None = None) -> dict[str, Any]:
    """Play ``games`` Sabacc games of bots with every check on; return the summary
    (shaped like ``cli.simulate_ivali``'s; a round is a hand)."""
    from .bots.base import play_step
    from .engine import sabacc_checks as checks
    from .engine.sabacc import Phase, SabaccState
    from .variants import load_deck_by_id

    settings = sabacc_settings()
    deck = load_deck_by_id("sabacc")
    checked = failed = rounds = actions = finished = 0
    problems_seen: list[str] = []
    winners: Counter[str] = Counter()
    started = time.perf_counter()
    for game in range(games):
        players, kinds = make_bots(bots, seats, seed, game)
        names = [f"{kinds[s].capitalize()} {s + 1}" for s in range(seats)]
        state = SabaccState.new(settings, deck, names, random.Random(f"deal:{seed}:{game}"),
                                dealer=game % seats)
        done = 0
        while state.to_act is not None:
            if max_rounds and state.phase == Phase.REVEAL and state.hand_no >= max_rounds:
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
        rounds += state.hand_no
        leader = max(range(seats), key=lambda s: (state.chips.stacks[s], -s))
        winners[kinds[leader]] += 1
        finished += state.phase == Phase.GAME_OVER
        if log is not None:
            end = "won the game" if state.phase == Phase.GAME_OVER else "leads (hands capped)"
            print(f"game {game + 1}: {state.hand_no} hands, {done} actions; "
                  f"{state.names[leader]} {end} with {state.chips.stacks[leader]} credits", file=log)
    seconds = time.perf_counter() - started
    return {"variant": "sabacc", "games": games, "seats": seats, "seed": seed, "bots": bots,
            "rounds": rounds, "actions": actions, "finished": finished, "seconds": round(seconds, 3),
            "invariants": {"checked": checked, "failed": failed, "problems": problems_seen[:20]},
            "winners": dict(sorted(winners.items()))}
