"""How a game state's fields are written to JSON and read back: the entries of
:attr:`cardtable.engine.game.GameState.JSON_FIELDS`.

A state module uses them by qualified name (``fields.listed("out")``), so a state's
declaration reads as a list of what it saves and how.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["JsonField", "listed", "nested_lists", "as_tuple", "enum_field", "optional_json",
           "seat_keyed", "settings_field", "header", "DECK_ID", "DECK_SIZE", "SHARED_LEDGER"]


def _same(value: Any) -> Any:
    return value


@dataclass(frozen=True)
class JsonField:
    """How one entry of a state's JSON (see
    :attr:`~cardtable.engine.game.GameState.JSON_FIELDS`) is written and read back.

    ``dump`` turns the attribute ``attr`` (default: ``name``) into plain data and ``load``
    turns that back (None: written only, like the deck's id); ``get`` and ``put`` replace
    both when the entry depends on more than one attribute; ``missing(data)`` is the
    value for a save written before the entry existed.
    """

    name: str
    dump: Callable[[Any], Any] = _same
    load: Callable[[Any], Any] | None = _same
    attr: str = ""
    get: Callable[[Any], Any] | None = None
    put: Callable[[Any, Any], None] | None = None
    missing: Callable[[Mapping[str, Any]], Any] | None = None

    def write(self, state: Any) -> Any:
        """The entry's plain data for ``state``."""
        if self.get is not None:
            return self.get(state)
        return self.dump(getattr(state, self.attr or self.name))

    def read(self, state: Any, data: Mapping[str, Any]) -> None:
        """Set the attribute of ``state`` from ``data``."""
        if self.name not in data and self.missing is not None:
            setattr(state, self.attr or self.name, self.missing(data))
        elif self.put is not None:
            self.put(state, data[self.name])
        elif self.load is not None:
            setattr(state, self.attr or self.name, self.load(data[self.name]))


def listed(name: str, *, missing: Callable[[Mapping[str, Any]], Any] | None = None) -> JsonField:
    """A list attribute, copied both ways."""
    return JsonField(name, list, list, missing=missing)


def nested_lists(name: str) -> JsonField:
    """A list of lists (hands, piles), copied both ways."""
    return JsonField(name, _lists, _lists)


def _lists(value: Any) -> list[list[Any]]:
    return [list(item) for item in value]


def as_tuple(name: str) -> JsonField:
    """A tuple attribute (the players' names): a list in JSON."""
    return JsonField(name, list, tuple)


def enum_field(name: str, kind: Callable[[Any], Any]) -> JsonField:
    """An enum attribute (the phase), written as its value."""
    return JsonField(name, lambda value: value.value, kind)


def optional_json(name: str, kind: Any) -> JsonField:
    """An object with ``to_json`` and ``kind.from_json``, or None."""
    return JsonField(name, lambda value: None if value is None else value.to_json(),
                     lambda data: None if data is None else kind.from_json(data))


def seat_keyed(name: str, dump: Callable[[Any], Any] = _same, load: Callable[[Any], Any] = _same) -> JsonField:
    """A mapping by seat: string keys in JSON, each value through ``dump`` and ``load``."""
    return JsonField(name, lambda value: {str(seat): dump(v) for seat, v in value.items()},
                     lambda data: {int(seat): load(v) for seat, v in data.items()})


def settings_field(kind: Any, *, load: Callable[[Any], Any] | None = None) -> JsonField:
    """``settings``: the settings object as ``to_settings()`` writes it, read by
    ``load`` (default ``kind.from_settings``)."""
    return JsonField("settings", lambda value: value.to_settings(), load or kind.from_settings)


DECK_ID = JsonField("deck", lambda deck: deck.id, None)
"""The deck's id (read back by :meth:`~cardtable.engine.game.GameState._deck_to_load`, which checks the deck given)."""
DECK_SIZE = JsonField("deck_size", len, None, attr="deck")
"""The deck's number of cards (checked by :meth:`~cardtable.engine.game.GameState._deck_to_load`)."""


def header(settings: Any, phase: Callable[[Any], Any], *, deck_size: bool = True,
           load: Callable[[Any], Any] | None = None) -> tuple[JsonField, ...]:
    """What every game's state writes first: its settings (see :func:`settings_field`),
    the deck's id and (with ``deck_size``) its size, the players' names and the phase."""
    size = (DECK_SIZE,) if deck_size else ()
    return (settings_field(settings, load=load), DECK_ID, *size, as_tuple("names"), enum_field("phase", phase))


def _put_chips(state: Any, data: Any) -> None:
    from cardtable.engine.chips import HandChips
    if data is not None:
        state.chips = HandChips.from_json(data)


def _put_betting(state: Any, data: Any) -> None:
    from cardtable.engine.betting import BettingRound
    state.betting = None if data is None else BettingRound.from_json(data)
    if state.betting is not None:
        state.chips = state.betting.chips  # one ledger, shared with the round


SHARED_LEDGER = (
    JsonField("chips", get=lambda state: state.chips.to_json() if state.betting is None else None,
              put=_put_chips),
    JsonField("betting", get=lambda state: None if state.betting is None else state.betting.to_json(),
              put=_put_betting))
"""``chips`` and ``betting`` of a game whose :class:`~cardtable.engine.betting.BettingRound`,
while one runs, holds the hand's ledger: the ledger is written on its own only between
rounds, and read back as the round's."""
