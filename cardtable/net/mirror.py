"""A state a remote window can draw: the game's own state with every secret masked.

A player's window draws a game from a :class:`~cardtable.engine.game.GameState`, but a
host may send a seat nothing that seat cannot see. :func:`masked_json` is the JSON of
the seat's :meth:`~cardtable.engine.game.GameState.seat_copy` (so a game's secrets
other than cards, such as the other bags at Alethkar Poker, are already replaced by
what the seat can work out) in which every hidden card slot holds :data:`MASKED`, the
generator is a fresh one (the real one would predict every deal to come), the history
is empty and the log is the seat's. Long runs of :data:`MASKED` are packed, so a deck
of thousands of cards costs a few bytes. :func:`mirror_state` rebuilds the state with
the game's own ``from_json``.

:data:`MASKED` is a whole number, as a card is, so the state's code that sorts, counts
or compares cards takes it; no deck has a card with that index, so a table that tried
to draw it face up would fail loudly rather than show a wrong card.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.engine.cards import Deck
from cardtable.engine.game import CHANCE, Event, GameState, rng_to_json
from cardtable.games.definition import GameDefinition

__all__ = ["MASKED", "hidden_places", "masked_state", "masked_json", "mirror_state", "pack", "unpack", "MirrorError"]

MASKED = -1_000_000
"""What a hidden card slot holds in a masked state (no deck has this card)."""

_RUN = 4             # runs of MASKED at least this long are packed
_PACKED = "#packed"  # {"#packed": [item or {"#masked": n}, ...]} is a list
_RUN_KEY = "#masked"
_MOST_CARDS = 1_000_000  # an unpacked message holds at most this many masked slots in all
_COPY_SEED = 0


class MirrorError(ValueError):
    """A mirror that cannot be rebuilt (malformed, or not this game's)."""


def hidden_places(state: GameState, seat: int) -> list[tuple[Any, Any]]:
    """The state's slots hidden from ``seat`` (``_hidden_slots``): the places of the
    state only, where a game can say so (Flame Sword otherwise adds its stock as a
    scratch list: 12,000 cards for nothing)."""
    kind = type(state)
    if kind not in _STOCK_ASKED:
        _STOCK_ASKED[kind] = "stock" in inspect.signature(state._hidden_slots).parameters
    if _STOCK_ASKED[kind]:
        return state._hidden_slots(seat, stock=False)  # type: ignore[call-arg]
    return state._hidden_slots(seat)


class _SpareRandom(random.Random):
    """Stands for the state's generator while the state is copied: copying the real one
    (625 numbers, one at a time) costs more than the rest of a copy, and the copy's
    generator is replaced anyway."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _SpareRandom:
        return self


_SPARE = _SpareRandom(_COPY_SEED)


class _NoDeal(random.Random):
    """The generator ``seat_copy`` deals the hidden cards from, when they are masked
    right after: dealing them again at random would be work thrown away."""

    def shuffle(self, x: Any) -> None:
        """Leave them where they are."""

    def sample(self, population: Any, k: int, *, counts: Any = None) -> list[Any]:
        """The first ``k``."""
        return list(population[:k])


_STOCK_ASKED: dict[type, bool] = {}


def masked_state(state: GameState, seat: int, *, log: bool = True) -> GameState:
    """The seat's copy of ``state`` with every card hidden from it replaced by
    :data:`MASKED`, a fresh generator, no history and the log as the seat reads it
    (``log=False``: no log)."""
    # What the copy drops is not copied: the generator, and the log when it is left out
    # (the host calls this for every seat after every action, in its own thread).
    kept_rng, kept_log = state.rng, state.log
    state.rng = _SPARE
    if not log:
        state.log = []
    try:
        copy = state.seat_copy(seat, _NoDeal(_COPY_SEED))
    finally:
        state.rng, state.log = kept_rng, kept_log
    for container, index in hidden_places(copy, seat):
        container[index] = MASKED
    copy.rng = random.Random(_COPY_SEED)
    copy.history = []
    return copy


def masked_json(state: GameState, seat: int, *, log: bool = True) -> dict[str, Any]:
    """The JSON of :func:`masked_state`, packed (see :func:`pack`), without the
    generator (``rng`` is null: :func:`mirror_state` makes a fresh one). ``log=False``
    leaves the log out (the ``state`` message carries the seat's new log lines
    beside it). It depends only on what ``seat`` may see."""
    data = masked_state(state, seat, log=log).to_json()
    data["rng"] = None
    packed: dict[str, Any] = pack(data)
    return packed


def pack(data: Any) -> Any:
    """``data`` with every list holding a run of :data:`MASKED` written as
    ``{"#packed": [...]}``, each run of ``n`` as ``{"#masked": n}``."""
    if isinstance(data, dict):
        return {key: pack(value) if isinstance(value, (dict, list)) else value for key, value in data.items()}
    if not isinstance(data, list):
        return data
    items = [pack(value) if isinstance(value, (dict, list)) else value for value in data]
    if MASKED not in items:
        return items
    out: list[Any] = []
    run = 0
    for item in items + [None]:
        if item == MASKED and not isinstance(item, bool):
            run += 1
            continue
        if run:
            out.extend([MASKED] * run if run < _RUN else [{_RUN_KEY: run}])
            run = 0
        out.append(item)
    out.pop()
    return {_PACKED: out} if len(out) < len(items) else items


def unpack(data: Any, budget: list[int] | None = None) -> Any:
    """The inverse of :func:`pack` (MirrorError for a run that is not a count, or
    more masked slots than any game has)."""
    budget = [_MOST_CARDS] if budget is None else budget
    if isinstance(data, dict):
        if set(data) == {_PACKED}:
            items = data[_PACKED]
            if not isinstance(items, list):
                raise MirrorError("a packed list is not a list")
            out: list[Any] = []
            for item in items:
                if isinstance(item, dict) and set(item) == {_RUN_KEY}:
                    count = item[_RUN_KEY]
                    if isinstance(count, bool) or not isinstance(count, int) or not 0 < count <= budget[0]:
                        raise MirrorError("a packed run is not a count of cards")
                    budget[0] -= count
                    out.extend([MASKED] * count)
                else:
                    out.append(unpack(item, budget))
            return out
        return {key: unpack(value, budget) for key, value in data.items()}
    if isinstance(data, list):
        return [unpack(value, budget) for value in data]
    return data


_DECKS: dict[str, Deck] = {}


def _deck(deck_id: str) -> Deck:
    """A deck by id, loaded once (the Infinite Deck takes a while to build)."""
    if deck_id not in _DECKS:
        from cardtable.variants import load_deck_by_id
        _DECKS[deck_id] = load_deck_by_id(deck_id)
    return _DECKS[deck_id]


def mirror_state(game: GameDefinition, data: Mapping[str, Any], log: Sequence[str] | None = None) -> GameState:
    """The state a remote window draws, rebuilt from :func:`masked_json` with the
    game's own ``from_json`` and the deck the data names; ``log``: the seat's log lines
    when the data carries none. MirrorError when it cannot be rebuilt."""
    if game.state is None:
        raise MirrorError(f"{game.name} has no state to mirror")
    try:
        full = unpack(dict(data))
        if not isinstance(full, dict) or not isinstance(full.get("state"), dict):
            raise MirrorError("a mirror is a state's JSON")
        full["rng"] = rng_to_json(random.Random(_COPY_SEED))
        full.setdefault("history", [])
        deck_id = full["state"].get("deck", game.decks[0])
        if deck_id not in game.decks:
            raise MirrorError(f"{game.name} is not played with the deck {str(deck_id)[:40]!r}")
        state = game.state.from_json(full, deck=_deck(deck_id))
    except MirrorError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise MirrorError(f"the mirror of {game.name} could not be read: {type(exc).__name__}: {exc}"[:300]) from None
    if log is not None and not state.log:
        state.log = [Event(CHANCE, line) for line in log]
    return state
