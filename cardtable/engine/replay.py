"""A saved match as its history: the state rebuilt by replaying every move from the start.

A save holds the state it was written from, but the state is not trusted: anything in it
could have been edited (chips made up, a hidden card marked shown, two hands swapped) and
still pass each field's own check. What a save can be trusted for is how the match began
(:attr:`~cardtable.engine.game.GameState.genesis`) and the moves made since: :func:`replay`
starts the match again from its genesis and applies each move through ``why_illegal`` and
``apply``, exactly as play does, so the state it gives is one the rules can reach.
:func:`difference` then compares it with the saved state: a save that says anything the
moves do not is refused, naming the first place it differs.

>>> difference({"a": [1, 2], "b": 3}, {"a": [1, 5], "b": 3})
'a[1] is 2 in the save, 5 by its moves'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardtable.engine.cards import Deck
from cardtable.engine.game import GameState, IllegalAction, action_from_json, rng_from_json

__all__ = ["ReplayError", "replay", "difference", "MAX_NAME"]

MAX_NAME = 64
"""The longest a player's name in a save may be (the setup screen allows far fewer)."""


class ReplayError(ValueError):
    """A save whose moves do not replay: ``move`` is the first that does not (1-based; 0
    for the start itself), ``reason`` says why."""

    def __init__(self, move: int, reason: str) -> None:
        super().__init__(f"move {move} does not replay: {reason}" if move else reason)
        self.move = move
        self.reason = reason


def _names(given: Any) -> list[str]:
    if not isinstance(given, list) or not all(isinstance(n, str) and 0 < len(n) <= MAX_NAME for n in given):
        raise ReplayError(0, f"the save's players are not {MAX_NAME}-character names at most")
    return given


def replay(state_class: type[GameState], data: Mapping[str, Any], *, deck: Deck,
           read_settings: Callable[[Any], Any], moves: int | None = None) -> GameState:
    """The state ``data`` (a state's ``to_json()``, from a save) reaches by its moves: the
    match begun again from its genesis with ``deck`` and ``read_settings(genesis
    settings)``, then each of its history's moves (the first ``moves`` of them, if
    given) checked and applied. The generator ends as the save recorded it, so play
    goes on as it would have. ReplayError names the first move that does not replay."""
    genesis = data.get("genesis")
    if not isinstance(genesis, Mapping):
        raise ReplayError(0, "the save does not say how its match began")
    names = _names(genesis.get("names"))
    if genesis.get("deck") != deck.id:
        raise ReplayError(0, f"the save began with the deck {genesis.get('deck')!r}, not {deck.id!r}")
    choices = genesis.get("choices")
    if not isinstance(choices, Mapping) or not all(isinstance(k, str) for k in choices):
        raise ReplayError(0, "the save's start has no choices")
    try:
        settings = read_settings(genesis.get("settings"))
        start = rng_from_json(genesis["rng"])
        state = state_class.new(settings, deck, names, start, **dict(choices))
    except ReplayError:
        raise
    except Exception as exc:  # noqa: BLE001 - a start that cannot be made is a reason
        raise ReplayError(0, f"the match cannot begin as the save says ({type(exc).__name__}: {exc})") from exc
    history = data.get("history")
    if not isinstance(history, Sequence) or isinstance(history, (str, bytes)):
        raise ReplayError(0, "the save has no list of moves")
    for n, item in enumerate(history[:moves] if moves is not None else history, 1):
        _apply(state, n, item)
    try:
        state.rng = rng_from_json(data["rng"])
    except Exception as exc:  # noqa: BLE001
        raise ReplayError(0, f"the save's generator cannot be read ({type(exc).__name__})") from exc
    return state


def _apply(state: GameState, n: int, item: Any) -> None:
    """Move ``n`` of a save, checked and applied to ``state`` (ReplayError if it cannot be)."""
    try:
        action = action_from_json(item)
    except Exception as exc:  # noqa: BLE001 - not an action at all
        raise ReplayError(n, f"it is not a move of this game ({type(exc).__name__}: {exc})") from exc
    if state.to_act is None:
        raise ReplayError(n, "the match was already over")
    try:
        state.apply(action)
    except IllegalAction as exc:
        raise ReplayError(n, f"{type(action).__name__} by seat {action.seat} is not allowed there: {exc.reason}") \
            from exc
    except Exception as exc:  # noqa: BLE001 - a move the rules cannot even weigh
        raise ReplayError(n, f"{type(action).__name__} cannot be played there ({type(exc).__name__})") from exc


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def difference(saved: Any, replayed: Any, path: str = "") -> str | None:
    """Where the ``saved`` JSON first says something the ``replayed`` JSON does not, in
    words ("state.hands[1][2] is 14 in the save, 9 by its moves"); None when they agree."""
    if isinstance(saved, Mapping) and isinstance(replayed, Mapping):
        for key in sorted(set(saved) | set(replayed), key=str):
            where = f"{path}.{key}" if path else str(key)
            if key not in replayed:
                return f"{where} is in the save but not made by its moves"
            if key not in saved:
                return f"{where} is missing from the save"
            found = difference(saved[key], replayed[key], where)
            if found:
                return found
        return None
    if isinstance(saved, list) and isinstance(replayed, list):
        if len(saved) != len(replayed):
            return f"{path} holds {len(saved)} items in the save, {len(replayed)} by its moves"
        for i, (a, b) in enumerate(zip(saved, replayed)):
            found = difference(a, b, f"{path}[{i}]")
            if found:
                return found
        return None
    if saved == replayed and type(saved) is type(replayed):
        return None
    return f"{path} is {_shown(saved)} in the save, {_shown(replayed)} by its moves"
