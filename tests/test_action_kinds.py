"""Every game's actions keep the ``kind`` and the fields they are saved with: a save
names an action by its kind and writes its fields, so neither may change (issue 13
declared them compactly; this pins what the saves rely on).

The engine's shared actions are pinned here; each game's own are pinned where the game is
declared (``profile=GameProfile(saved_actions=...)`` in its package's ``__init__.py``), and
every game of the registry is held to them, so a new game's actions cannot go unpinned."""

from __future__ import annotations

import dataclasses
import importlib

import pytest

from cardtable import games
from cardtable.engine import game as engine_game
from cardtable.engine.game import Action

ENGINE_SAVED_AS = {  # module: ["kind Class field ...", ...]
    "cardtable.engine.betting": [
        "poker.action BettingAction seat",
        "poker.fold Fold seat",
        "poker.check Check seat",
        "poker.call Call seat",
        "poker.bet Bet seat to",
        "poker.raise Raise seat to",
        "poker.all_in AllIn seat",
    ],
    "cardtable.engine.flow.actions": [
        "flow.shuffle Shuffle seat order",
        "flow.discard Discard seat cards",
        "flow.reshuffle Reshuffle seat order",
    ],
    "cardtable.yaml_games.rules": [  # Five-Card Draw's saves from before it was written in YAML
        "five_card_draw.shuffle DrawShuffle seat order",
        "five_card_draw.discard DrawDiscard seat cards",
        "five_card_draw.reshuffle DrawReshuffle seat order",
    ],
}

GAMES = games.registry().with_rules()


def saved_as(cls: type[Action]) -> str:
    """How a save writes the action class: its kind, its name and its fields."""
    return " ".join([cls.kind, cls.__name__, *(f.name for f in dataclasses.fields(cls))])


def actions_of_package(package: str) -> list[type[Action]]:
    """Every action class defined in ``package`` or below, of those imported so far."""
    return [cls for cls in vars(engine_game)["_ACTION_TYPES"].values()
            if cls.__module__ == package or cls.__module__.startswith(package + ".")]


def load_rules(game) -> str:
    """Import the game's state, rules and bot (everything that defines an action); its package."""
    assert game.state is not None and game.bot_class is not None
    game.bot_class()
    return game.state.__module__.rpartition(".")[0]


def test_the_engines_actions_keep_their_kind_and_fields() -> None:
    for module_name, expected in ENGINE_SAVED_AS.items():
        module = importlib.import_module(module_name)
        actions = [value for value in vars(module).values()
                   if isinstance(value, type) and issubclass(value, Action) and value.__module__ == module_name]
        assert [saved_as(cls) for cls in actions] == expected, module_name


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_games_actions_keep_the_kind_and_fields_it_declares(game) -> None:
    package = load_rules(game)
    if package == "cardtable.yaml_games":  # written in YAML: the engine's actions, pinned above
        assert game.profile.saved_actions == ()
        return
    found = sorted(saved_as(cls) for cls in actions_of_package(package))
    declared = sorted(game.profile.saved_actions)
    where = f"profile=GameProfile(saved_actions=...) in {package.replace('.', '/')}/__init__.py"
    assert found, f"{game.id} defines no action of its own: is its state in {package}?"
    assert [a for a in found if a not in declared] == [], f"{game.id}: actions not pinned; declare them as {where}"
    assert [a for a in declared if a not in found] == [], f"{game.id}: pinned actions gone or changed ({where})"


def test_every_action_of_cardtable_is_pinned_once() -> None:
    """An action defined outside a game's package (the engine, a shared module) is pinned
    here, one of a game's by that game: none is left unpinned or pinned twice."""
    for game in GAMES:
        load_rules(game)
    pinned = [line for lines in ENGINE_SAVED_AS.values() for line in lines]
    pinned += [line for game in GAMES for line in game.profile.saved_actions]
    ours = [saved_as(cls) for cls in vars(engine_game)["_ACTION_TYPES"].values()
            if cls.__module__.startswith("cardtable.")]  # not a test's own game
    assert len(ours) > len(ENGINE_SAVED_AS["cardtable.engine.betting"])
    assert sorted(ours) == sorted(pinned)


def test_actions_are_frozen_keyword_only_records() -> None:
    from cardtable.engine.betting import Bet
    from cardtable.games.sabacc.rules import SabaccShuffle

    bet = Bet(seat=1, to=20)
    assert bet == Bet(seat=1, to=20) and hash(bet) == hash(Bet(seat=1, to=20))
    with pytest.raises(dataclasses.FrozenInstanceError):
        bet.to = 30  # type: ignore[misc]
    assert SabaccShuffle(order=(1, 0)).seat == -1  # chance's, by default
