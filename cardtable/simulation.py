"""``cardtable simulate``: bot matches of any game, checked after every action.

:func:`simulate_game` plays any game of the registry from its
:class:`~cardtable.games.definition.GameDefinition`: the contract (``new``,
``round_number``, ``is_over``, ``holding``), its checks module and its declared
:class:`~cardtable.games.definition.SimulationSpec` (seeds, the between-rounds phase,
words, caps). It describes the game with a :class:`Simulation` and hands it to
:func:`simulate_matches`, which plays the matches, runs the checks after every action
and a JSON round trip every ``json_every`` actions (play goes on from the copy; in a long
match, every twentieth of the actions played so far, since a round trip reads the whole
history back), and returns the summary the command prints.
"""

from __future__ import annotations

import hashlib
import os
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from cardtable.engine.words import plural

if TYPE_CHECKING:
    from cardtable.games.definition import GameDefinition

__all__ = ["Simulation", "simulate_game", "simulate_matches", "seat_bots", "bundled_settings",
           "bundled_variant", "match_save", "seats_between", "play_fingerprint"]



_TRIPS_A_MATCH = 20
"""A long match's round trips come every this many-th part of the actions so far (each reads
the whole history: at a fixed interval a fixed-limit match of 30,000 actions spent most of
its time in them)."""

@dataclass(frozen=True)
class Simulation:
    """What :func:`simulate_matches` needs to know about one game.

    Attributes:
        variant: the game's id, as the summary names it.
        new_state: deals a match: ``(names, game index, seed) -> state``.
        make_bots: ``(kind, seats, seed, game index) -> (bots, kind of each)``.
        problems: the checks after an action: ``(state, log_start, actions so far)``
            -> the problems found (empty when all is well).
        round_trip: ``state -> (the state read back from JSON, problems)``.
        rounds: the rounds (or hands) played so far in a match.
        between_rounds: True when a round is settled and the next not begun, the
            point where ``max_rounds`` stops a match.
        over: True when the match has been played to its end.
        holding: a seat's chips for the standings (the leader is the most).
        round_word, match_word, unit: words for the log ("hands", "game", "credits").
        round_cap: the rounds after which a match stops when no ``max_rounds`` is given
            (0: play to the end).
    """

    variant: str
    new_state: Callable[[list[str], int, int], Any]
    make_bots: Callable[[str, int, int, int], tuple[list[Any], list[str]]]
    problems: Callable[[Any, int, int], list[str]]
    round_trip: Callable[[Any], tuple[Any, list[str]]]
    rounds: Callable[[Any], int]
    between_rounds: Callable[[Any], bool]
    over: Callable[[Any], bool]
    holding: Callable[[Any, int], int]
    round_word: str = "rounds"
    match_word: str = "match"
    unit: str = "chips"
    round_cap: int = 0


def seat_bots(kind: str, seats: int, seed: int, game: int, make_bot: Callable[..., Any],
              prefix: str = "bot") -> tuple[list[Any], list[str]]:
    """The bots of one simulated match and the name of each one's kind.

    ``kind`` is ``normal``, ``tough``, ``strong``, ``random`` or ``mixed`` (normal, random,
    tough round the table), or levels joined by commas, round the table ("strong,normal").
    ``make_bot(rng, level=...)`` builds a game's own bot; random seats get a
    :class:`~cardtable.bots.random_bot.RandomBot`. Each bot's generator is seeded from
    ``prefix``, ``seed``, ``game`` and its seat.
    """
    from cardtable.bots.random_bot import RandomBot
    levels = ("normal", "random", "tough") if kind == "mixed" else tuple(kind.split(","))
    kinds = [levels[s % len(levels)] for s in range(seats)]
    bots: list[Any] = []
    for seat, bot_kind in enumerate(kinds):
        rng = random.Random(f"{prefix}:{seed}:{game}:{seat}")
        bots.append(RandomBot(rng) if bot_kind == "random" else make_bot(rng, level=bot_kind))
    return bots, kinds


def bundled_settings(game: GameDefinition) -> Any:
    """The settings object of the bundled variant playing ``game`` (the defaults if it is
    missing)."""
    from cardtable.variants import discover, variant_dirs
    for entry in discover([(variant_dirs()[0][0], False)]):
        if entry.spec is not None and entry.spec.game == game.id:
            return game.read_settings(entry.spec.settings)
    return game.read_settings({})


def bundled_variant(game: GameDefinition) -> str:
    """The id of the bundled variant that plays ``game`` (the game's id when none does)."""
    from cardtable import variants

    return next((e.spec.id for e in variants.discover([(variants.variant_dirs()[0][0], False)])
                 if e.spec is not None and e.spec.game == game.id), game.id)


def match_save(game: GameDefinition, variant: str, state: Any, levels: list[str | None], match: str, *,
               imported: str | None = None) -> bytes:
    """The bytes of the save the app would write for ``state``, a match of ``game`` played
    as ``variant``, each seat a computer of its level in ``levels`` (None: a person);
    ``imported``: where a hand opened from a file came from, for the saves list."""
    from cardtable import saves

    payload = {"state": state.to_json(), "bot_rngs": {},
               "seats": [{"name": name, "bot": level} for name, level in zip(state.names, levels)]}
    summary = {"names": list(state.names), "bots": levels, "variant_name": game.name,
               "round": state.round_number, "round_word": game.round_word, "finished": state.is_over,
               "left": False, "to_act": None}
    if imported is not None:
        summary["imported"] = imported
    return saves.encode(game=game.id, variant=variant, match=match, payload=payload, summary=summary,
                        kind="named")


def save_writer(game: GameDefinition, folder: str | os.PathLike[str],
                seed: int) -> Callable[[int, Any, list[str]], Path]:
    """What writes each simulated match of ``game`` as a save in ``folder`` (made if need
    be): the file the app would write for that table (its bundled variant, the seats and
    their computer levels), named ``<variant>-seed<S>-match<N>.json``; returns its path."""
    from cardtable import saves

    variant = bundled_variant(game)
    where = Path(folder)
    where.mkdir(parents=True, exist_ok=True)

    def write(index: int, state: Any, kinds: list[str]) -> Path:
        levels: list[str | None] = [kind if kind in game.bot_levels else "normal" for kind in kinds]
        data = match_save(game, variant, state, levels, f"sim-{seed}-{index + 1}")
        return saves.write_save(where / f"{variant}-seed{seed}-match{index + 1}.json", data, keep_previous=False)

    return write


def simulate_game(game: GameDefinition, *, games: int, seats: int, seed: int, bots: str = "random",
                  max_rounds: int = 0, json_every: int = 25, log: TextIO | None = None,
                  save_dir: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """Play ``games`` bot matches of ``game`` (its bundled variant) with every check after
    every action; the summary of :func:`simulate_matches`. ``save_dir``: each match is
    written there as a save too (:func:`save_writer`). ValueError when the game has no
    rules or ``seats`` is not a table it plays."""
    from cardtable.variants import load_deck_by_id

    if game.state is None or game.checks is None:
        raise ValueError(f"{game.name} has no rules to simulate")
    seats_between(game.name, seats, *game.seats)
    spec, checks, state_type = game.simulation, game.checks, game.state
    settings = bundled_settings(game)
    deck = load_deck_by_id(game.decks[0])

    def new_state(names: list[str], index: int, seed: int) -> Any:
        rng = random.Random(spec.deal_seed.format(seed=seed, game=index))
        if spec.rotate_dealer:
            return state_type.new(settings, deck, names, rng, dealer=index % len(names))
        return state_type.new(settings, deck, names, rng)

    def between_rounds(state: Any) -> bool:
        return bool(state.phase == spec.between_phase)

    def problems(state: Any, start: int, done: int) -> list[str]:
        if spec.view_every == 1:
            return list(checks.all_problems(state, log_start=start))
        views = between_rounds(state) or state.is_over or done % spec.view_every == 0
        return list(checks.all_problems(state, log_start=start, views=views))

    sim = Simulation(
        variant=game.id,
        new_state=new_state,
        make_bots=lambda kind, n, seed, index: seat_bots(kind, n, seed, index, game.bot, prefix=spec.bot_seed),
        problems=problems,
        round_trip=checks.round_trip,
        rounds=lambda state: state.round_number,
        between_rounds=between_rounds,
        over=lambda state: state.is_over,
        holding=lambda state, seat: state.holding(seat),
        round_word=f"{game.round_word}s", match_word=spec.match_word,
        unit=game.stack_setting.removeprefix("starting_"), round_cap=spec.round_cap)
    keep = save_writer(game, save_dir, seed) if save_dir is not None else None
    return simulate_matches(sim, games=games, seats=seats, seed=seed, bots=bots,
                            max_rounds=max_rounds, json_every=json_every, log=log, keep=keep)


def simulate_matches(sim: Simulation, *, games: int, seats: int, seed: int, bots: str = "random",
                     max_rounds: int = 0, json_every: int = 25, log: TextIO | None = None,
                     keep: Callable[[int, Any, list[str]], Any] | None = None) -> dict[str, Any]:
    """Play ``games`` matches of bots with every check on; return the summary dict.
    ``keep(index, state, kinds)`` is told each match as it ends (a save writer).

    The summary: variant, games, seats, seed, bots, rounds, actions, finished (matches
    played to the end), seconds, invariants (checked, failed, the first 20 problems)
    and winners (how often each kind of bot led at the end).
    """
    from cardtable.bots.base import play_step

    cap = max_rounds or sim.round_cap
    checked = failed = rounds = actions = finished = 0
    problems_seen: list[str] = []
    winners: Counter[str] = Counter()
    play, moves = hashlib.sha256(), hashlib.sha256()
    started = time.perf_counter()
    for game in range(games):
        players, kinds = sim.make_bots(bots, seats, seed, game)
        names = [f"{kinds[s].capitalize()} {s + 1}" for s in range(seats)]
        state = sim.new_state(names, game, seed)
        done = 0
        while state.to_act is not None:
            if cap and sim.between_rounds(state) and sim.rounds(state) >= cap:
                break
            before = len(state.log)
            play_step(state, players)
            done += 1
            found = list(sim.problems(state, before, done))
            checked += 1
            if json_every and done % max(json_every, done // _TRIPS_A_MATCH) == 0:
                state, trip = sim.round_trip(state)  # play on from the copy
                found += trip
                checked += 1
            if found:
                failed += 1
                problems_seen += [f"game {game}, action {done}: {p}" for p in found]
        actions += done
        if keep is not None:
            keep(game, state, kinds)
        holdings = [sim.holding(state, s) for s in range(seats)]
        play.update(play_fingerprint(state, holdings))
        moves.update(play_fingerprint(state, holdings, log=False))
        rounds += sim.rounds(state)
        leader = max(range(seats), key=lambda s: (sim.holding(state, s), -s))
        winners[kinds[leader]] += 1
        over = sim.over(state)
        finished += over
        if log is not None:
            end = f"won the {sim.match_word}" if over else f"leads ({sim.round_word} capped)"
            played = plural(sim.rounds(state), sim.round_word.removesuffix("s"))
            holding = plural(sim.holding(state, leader), sim.unit.removesuffix("s"))
            print(f"game {game + 1}: {played}, {plural(done, 'action')}; {state.names[leader]} {end} with {holding}",
                  file=log)
    return {"variant": sim.variant, "games": games, "seats": seats, "seed": seed, "bots": bots,
            "rounds": rounds, "actions": actions, "finished": finished,
            "seconds": round(time.perf_counter() - started, 3),
            "invariants": {"checked": checked, "failed": failed, "problems": problems_seen[:20]},
            "winners": dict(sorted(winners.items())), "play": play.hexdigest()[:16],
            "moves": moves.hexdigest()[:16]}


def play_fingerprint(state: Any, holdings: list[int], *, log: bool = True) -> bytes:
    """What one match was, as bytes to hash: every action, every log line as each seat
    reads it (unless ``log`` is False), and each seat's holding at the end. Two runs that
    play the same differ in none of these, so ``cardtable simulate``'s ``play`` digest
    tells a change to the rules' code that plays differently from one that does not, and
    its ``moves`` digest (no log) one that only words the log differently."""
    from cardtable.engine.game import canonical_json
    lines = [[event.seat, event.public, sorted(event.private.items())] for event in state.log] if log else []
    return canonical_json({"history": [action.to_json() for action in state.history], "log": lines,
                           "holdings": holdings})


def seats_between(game_name: str, seats: int, low: int, high: int) -> None:
    """Raise ValueError unless ``low <= seats <= high`` (a game's table size)."""
    if not low <= seats <= high:
        raise ValueError(f"{game_name} is for {low} to {high} players, not {seats}")

