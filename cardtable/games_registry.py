"""Where each game's pieces live, found by name so a game plugs in by adding modules.

The fuzzer (:mod:`cardtable.fuzz`), the all-games property test and the variant
loader look games up here instead of importing them, so a game whose modules are
not there yet is simply skipped, and picked up as soon as they land.

Conventions, for a game with id ``GAME`` (the ``game:`` of its variant file):

* **Checks**: a module ``cardtable.engine.<NAME>_checks`` where ``NAME`` is the
  game id or any other name ``cli.GAME_TOOLS`` gives the game (``ivali_checks``
  for ``shenja_ivali``, ``flame_checks`` or ``flame_sword_checks`` for
  ``flame_sword``), or the module named in :data:`GAMES`. It has
  ``all_problems(state, *, log_start=0) -> list[str]`` (chips, cards, views, log,
  liveness) and may have ``round_trip(state) -> (copy, problems)``.
* **Settings check**: ``GameEntry.settings_check`` names a callable taking a
  variant's ``settings`` mapping and raising ValueError for bad ones; the variant
  loader turns that into a ``file:line:col`` error.
* **New state**: the property test deals random tables through
  :func:`new_state_factory`: ``GameEntry.new_state`` if it names a callable
  ``(settings: dict, seats: int, seed: int) -> GameState``, else
  ``state_class.new(settings, deck, names, rng, dealer, stacks=...)`` with the
  settings read by the settings class's ``from_settings`` (the pattern every game
  here follows).
* **Table** and **tools**: ``ui.menu.game_table_module`` and ``cli.game_tools``.

A dotted name is ``"package.module:attribute.path"``; it resolves to None when the
module does not exist yet or fails to import.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import inspect
import random
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable, Mapping

__all__ = ["GameEntry", "GAMES", "resolve", "checks_module", "settings_checker", "new_state_factory",
           "game_aliases", "problems_after_action", "round_trip_problems"]


@dataclass(frozen=True)
class GameEntry:
    """One game: the dotted names of its optional pieces and settings worth varying.

    ``state_class`` has ``new(settings, deck, names, rng, dealer, *, stacks)`` and
    ``settings_check`` is its settings class's ``from_settings``; together with
    ``deck`` they make the default ``new_state`` factory.
    """

    game: str
    settings_check: str | None = None
    state_class: str | None = None
    deck: str | None = None
    new_state: str | None = None
    checks: str | None = None
    setting_choices: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)


GAMES: dict[str, GameEntry] = {
    "shenja_ivali": GameEntry(
        "shenja_ivali", settings_check="cardtable.games.shenja_ivali.rules:ShenjaIvaliSettings.from_settings",
        state_class="cardtable.games.shenja_ivali.state:ShenjaIvaliState", deck="ivali",
        checks="cardtable.games.shenja_ivali.checks",
        setting_choices={"ante": (1, 2, 3), "limit": ("no_limit", "pot_limit", "fixed"),
                         "min_bet": (1, 2, 4), "max_discard": (0, 1, 2),
                         "starting_chips": (5, 20, 100, 300)}),
    "alethkar_poker": GameEntry(
        "alethkar_poker", settings_check="cardtable.games.alethkar_poker.rules:AlethkarSettings.from_settings",
        state_class="cardtable.games.alethkar_poker.state:AlethkarState", deck="standard52",
        setting_choices={"buy_in": (1, 2, 5), "ace_low_straight": (True, False),
                         "starting_chips": (10, 50, 200)}),
    "ipso": GameEntry(
        "ipso", settings_check="cardtable.games.ipso.rules:IpsoSettings.from_settings",
        state_class="cardtable.games.ipso.state:IpsoState", deck="standard52",
        setting_choices={"ante": (1, 2, 5), "min_bet": (1, 2), "max_bet": (4, 10, None),
                         "starting_chips": (10, 40, 100)}),
    "sabacc": GameEntry(
        "sabacc", settings_check="cardtable.games.sabacc.rules:SabaccSettings.from_settings",
        state_class="cardtable.games.sabacc.state:SabaccState", deck="sabacc",
        setting_choices={"pot_limit": (True, False), "hand_limit": (0, 500), "min_bet": (50, 100),
                         "starting_credits": (1500, 5000)}),
    "flame_sword": GameEntry(
        "flame_sword", settings_check="cardtable.games.flame_sword.rules:FlameSwordSettings.from_settings",
        state_class="cardtable.games.flame_sword.state:FlameSwordState", deck="infinite",
        setting_choices={"blind": (2, 10, 50), "order": ("source", "measured"),
                         "starting_chips": (100, 1000)}),
}
"""The games with an engine, by variant game id (the free table has none)."""


def resolve(dotted: str | None) -> Any | None:
    """The object ``"module:attr.path"`` names (a module for ``"module"``), or None if absent."""
    if not dotted:
        return None
    module_name, _, attrs = dotted.partition(":")
    try:
        if importlib.util.find_spec(module_name) is None:
            return None
        target: Any = importlib.import_module(module_name)
        for attr in filter(None, attrs.split(".")):
            target = getattr(target, attr)
    except Exception:  # noqa: BLE001 - a game still being written must not break the others
        return None
    return target


def game_aliases(game: str) -> list[str]:
    """The game id and every other name the command-line tools know it by."""
    from cardtable.cli import GAME_TOOLS
    names = [game]
    tools = GAME_TOOLS.get(game)
    if tools is not None:
        names += [name for name, module in GAME_TOOLS.items() if module == tools and name != game]
        names.append(tools.rsplit(".", 1)[-1].removeprefix("cli_"))
    return list(dict.fromkeys(names))


def checks_module(game: str) -> ModuleType | None:
    """The game's checks module (see the module docstring), or None if it has none yet."""
    entry = GAMES.get(game)
    candidates = ([entry.checks] if entry and entry.checks else [])
    candidates += [f"cardtable.games.{game}.checks"]
    for name in candidates:
        module = resolve(name)
        if module is not None and hasattr(module, "all_problems"):
            return module
    return None


def settings_checker(game: str) -> Callable[[Mapping[str, Any]], Any] | None:
    """The callable that raises ValueError for bad ``settings`` of ``game``, or None."""
    entry = GAMES.get(game)
    return resolve(entry.settings_check) if entry else None


def new_state_factory(game: str) -> Callable[[dict, int, int], Any] | None:
    """The ``(settings, seats, seed) -> GameState`` factory of ``game``, or None if the
    game's engine is not there yet."""
    entry = GAMES.get(game)
    if entry is None:
        return None
    if entry.new_state:
        return resolve(entry.new_state)
    state_class = resolve(entry.state_class)
    settings_class = resolve((entry.settings_check or "").rpartition(".")[0])
    if state_class is None or settings_class is None or entry.deck is None:
        return None
    return functools.partial(_new_state, state_class, settings_class, entry.deck)


def problems_after_action(checks: ModuleType | None, state: Any, log_start: int) -> list[str]:
    """What the game's checks find wrong after an action, plus the engine contract's
    own checks: a listed action is legal, the views are JSON-safe, somebody can act."""
    import json

    from cardtable.engine.game import CHANCE
    problems: list[str] = []
    if checks is not None:
        check = checks.all_problems
        if "log_start" in inspect.signature(check).parameters:
            problems += check(state, log_start=log_start)
        else:
            problems += check(state)
    to_act = state.to_act
    if to_act is not None and to_act != CHANCE:
        actions = state.legal_actions(to_act)
        if not actions:
            problems.append(f"seat {to_act} is to act with no legal action")
        problems += [f"listed action {a} is illegal: {state.why_illegal(a)}"
                     for a in actions[:20] if state.why_illegal(a) is not None]
    for seat in (None, *range(state.seats)):
        try:
            json.dumps(state.view(seat))
            json.dumps(state.log_for(seat))
        except (TypeError, ValueError) as exc:
            problems.append(f"view or log of seat {seat} is not JSON-safe: {exc}")
    return problems


def round_trip_problems(checks: ModuleType | None, state: Any) -> list[str]:
    """The game's own JSON round trip check if it has one, else the contract's: the
    state written to JSON and read back writes the same JSON."""
    import json
    if checks is not None and hasattr(checks, "round_trip"):
        return list(checks.round_trip(state)[1])
    text = json.dumps(state.to_json(), sort_keys=True)
    spec = {"deck": state.deck} if hasattr(state, "deck") else {}
    again = type(state).from_json(json.loads(text), **spec)
    return [] if json.dumps(again.to_json(), sort_keys=True) == text else \
        ["the state changed in a JSON round trip"]


# --------------------------------------------------------------------------- factories

def _new_state(state_class: Any, settings_class: Any, deck_id: str, settings: dict, seats: int,
               seed: int) -> Any:
    """A new match: ``seats`` players, the dealer and (half the time) uneven stacks drawn
    from ``seed``. ValueError if the game refuses the settings or the stacks."""
    from cardtable.variants import load_deck_by_id
    rules = settings_class.from_settings(settings)
    rng = random.Random(f"table:{seed}")
    base = int(settings.get("starting_chips") or settings.get("starting_credits") or 100)
    stacks = None
    if rng.random() < 0.5:
        stacks = [rng.choice((max(1, base // 20), base // 2, base, base * 2)) for _ in range(seats)]
    return state_class.new(rules, load_deck_by_id(deck_id), [f"P{s + 1}" for s in range(seats)],
                           random.Random(seed), rng.randrange(seats), stacks=stacks)
