"""One typed seat view: what a seat may see of a game, the one thing every table draws.

A :class:`SeatView` is built by a game (its state's ``seat_view(seat)``) from what
``seat`` may know, and is all a table, a bot's reading or the network needs: the seats
round the table (:class:`SeatInfo`), the pots, the shared zones of cards (the board, the
deck, the discards: :class:`Zone`), the phase, whose turn it is, the viewer's legal
actions and betting options, the showdown (:class:`Showdown`, a ``key`` and a ``label``
for every hand shown), the round number and the game's own declared part
(a :class:`GameExtra` subclass: Ivali's auction, Sabacc's die, Flame Sword's grid...).

A card the viewer may not see is ``None`` where the view lists the zone's cards; a pile
shown only as a count lists no cards and says how many lie ``face_down``.

Every part is a frozen, keyword-only dataclass of plain values (ints, strings, bools,
tuples, other parts), so a view compares by value and goes through plain JSON exactly:
``SeatView.from_json(json.loads(json.dumps(view.to_json()))) == view``. A game's extra
part is registered by its ``kind`` as actions are, so it comes back as its own class.

>>> view = SeatView(game="demo", seat=0, round=1, phase=Phase(id="bet", words="Betting"),
...                 to_act=0, seats=(SeatInfo(seat=0, name="Ada", stack=90, hand=(4, None)),))
>>> SeatView.from_json(view.to_json()) == view
True
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar, dataclass_transform

from cardtable.engine.betting import BetOptions
from cardtable.engine.game import CHANCE, Action, action_from_json

__all__ = ["CHANCE", "IN_HAND", "FOLDED", "OUT", "STATUSES", "Card", "Zone", "SeatInfo", "Pot", "Phase",
           "HandKey", "ShownHand", "PotResult", "Showdown", "GameExtra", "SeatView", "ViewError", "phase_words",
           "to_plain", "from_plain", "group_actions", "ungroup_actions"]

Card = int | None
"""A card as a view lists it: the deck index, or ``None`` when hidden from the viewer."""

IN_HAND = "in"
"""A seat still in the round."""
FOLDED = "folded"
"""A seat that folded (or otherwise left) this round."""
OUT = "out"
"""A seat out of the match (no chips left to play with)."""
STATUSES = (IN_HAND, FOLDED, OUT)
"""Every :attr:`SeatInfo.status`."""


class ViewError(ValueError):
    """Data that is not a seat view (malformed JSON, an unknown extra part)."""


@dataclass(frozen=True, kw_only=True)
class Zone:
    """A named place cards lie in: ``cards`` in order (``None`` for a hidden one), and
    ``face_down`` more that the view only counts (a deck, a face-down pile).

    >>> Zone(id="deck", face_down=40).size
    40
    """

    id: str
    cards: tuple[Card, ...] = ()
    face_down: int = 0

    @property
    def size(self) -> int:
        """How many cards lie there in all."""
        return len(self.cards) + self.face_down


@dataclass(frozen=True, kw_only=True)
class SeatInfo:
    """One seat as the viewer sees it.

    ``stack`` is None where the game keeps it secret (Alethkar's stacks beside the bag);
    ``bet`` is what the seat put in this betting round, ``contributed`` this whole round;
    ``status`` one of :data:`STATUSES`; ``hand`` its hole cards (``None`` where hidden
    from the viewer), ``up`` its cards face up for all, ``shown`` True once its hand was
    turned up at a showdown; ``zones`` any other place of its own (Sabacc's drawn card).
    """

    seat: int
    name: str
    stack: int | None = None
    bet: int = 0
    contributed: int = 0
    status: str = IN_HAND
    dealer: bool = False
    hand: tuple[Card, ...] = ()
    up: tuple[int, ...] = ()
    shown: bool = False
    zones: tuple[Zone, ...] = ()

    def zone(self, zone_id: str) -> Zone | None:
        """The seat's zone ``zone_id``, or None."""
        return next((z for z in self.zones if z.id == zone_id), None)

    @property
    def in_hand(self) -> bool:
        """True while the seat is still in the round."""
        return self.status == IN_HAND


@dataclass(frozen=True, kw_only=True)
class Pot:
    """A pot: its ``amount`` and the seats that can win it."""

    amount: int
    eligible: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Phase:
    """Where the round stands: a stable ``id`` (the game's phase value) and ``words``."""

    id: str
    words: str


HandKey = tuple[int | tuple[int, ...], ...]
"""A hand's comparison key: hands compare by it, greater is better, place by place."""


@dataclass(frozen=True, kw_only=True)
class ShownHand:
    """A hand turned up at a showdown: ``key`` is what it is compared by (greater is
    better; empty for a hand that competes for nothing, as a bombed-out Sabacc hand),
    ``label`` says it for people, ``kind`` names its kind stably (for code and tests);
    ``cards`` are the cards it was made of."""

    seat: int
    key: HandKey
    label: str
    kind: str = ""
    cards: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True)
class PotResult:
    """How one pot was settled: its name, amount, who could win it and what each winner got."""

    name: str
    amount: int
    eligible: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    shares: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, kw_only=True)
class Showdown:
    """The last settled round: whether hands were shown, every hand shown, the pots as
    settled, who won, and each seat's gain (``net``, one a seat)."""

    round: int
    showdown: bool
    hands: tuple[ShownHand, ...] = ()
    pots: tuple[PotResult, ...] = ()
    winners: tuple[int, ...] = ()
    net: tuple[int, ...] = ()

    def hand(self, seat: int) -> ShownHand | None:
        """The hand ``seat`` showed, or None."""
        return next((h for h in self.hands if h.seat == seat), None)

    def won(self, seat: int) -> int:
        """What ``seat`` took from the pots."""
        return sum(amount for pot in self.pots for s, amount in pot.shares if s == seat)


_EXTRA_TYPES: dict[str, type[GameExtra]] = {}

_E = TypeVar("_E", bound="GameExtra")


@dataclass_transform(frozen_default=True, kw_only_default=True)
@dataclass(frozen=True, kw_only=True)
class GameExtra:
    """A game's own declared part of the view. Subclasses are frozen, keyword-only
    dataclasses by themselves and are registered by their ``kind`` (the save and wire
    name: it never changes)::

        class SabaccParts(GameExtra, kind="sabacc"):
            die: str | None = None
    """

    kind: ClassVar[str] = "extra"

    def __init_subclass__(cls, *, kind: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.kind = kind or cls.__name__
        if cls.kind in _EXTRA_TYPES and _EXTRA_TYPES[cls.kind].__qualname__ != cls.__qualname__:
            raise TypeError(f"two view parts are called {cls.kind!r}")
        _EXTRA_TYPES[cls.kind] = cls
        dataclass(frozen=True, kw_only=True)(cls)


@dataclass(frozen=True, kw_only=True)
class SeatView:
    """Everything ``seat`` (None: a spectator) may see of one game, typed.

    ``to_act`` is the seat to act, :data:`CHANCE`, or None when the match is over;
    ``legal`` the viewer's legal actions (empty unless it is to act) and ``options`` its
    betting options when it is to bet; ``zones`` the shared places (board, deck,
    discards); ``showdown`` the last settled round while it is shown; ``extra`` the
    game's own part.
    """

    game: str
    seat: int | None
    round: int
    phase: Phase
    to_act: int | None
    seats: tuple[SeatInfo, ...]
    dealer: int | None = None
    pots: tuple[Pot, ...] = ()
    pot_total: int = 0
    betting_round: int | None = None
    zones: tuple[Zone, ...] = ()
    legal: tuple[Action, ...] = ()
    options: BetOptions | None = None
    showdown: Showdown | None = None
    extra: GameExtra | None = None

    def zone(self, zone_id: str) -> Zone | None:
        """The shared zone ``zone_id``, or None."""
        return next((z for z in self.zones if z.id == zone_id), None)

    @property
    def names(self) -> list[str]:
        """The seats' names, in seat order."""
        return [s.name for s in self.seats]

    @property
    def is_over(self) -> bool:
        """True when nobody is to act any more."""
        return self.to_act is None

    def mine(self) -> bool:
        """True when the viewer is the seat to act."""
        return self.seat is not None and self.seat == self.to_act

    def extra_as(self, kind: type[_E]) -> _E:
        """The game's part as ``kind`` (TypeError when it is another game's)."""
        if not isinstance(self.extra, kind):
            raise TypeError(f"this view's part is {type(self.extra).__name__}, not {kind.__name__}")
        return self.extra

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (dicts, lists, strings, numbers, booleans, null); the legal
        actions grouped (:func:`group_actions`), since a view travels after every move."""
        data: dict[str, Any] = to_plain(self)
        data["legal"] = group_actions(data["legal"])
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeatView:
        """The view :meth:`to_json` wrote (ViewError when ``data`` is not one)."""
        data = dict(data)
        data["legal"] = ungroup_actions(data.get("legal", []))
        view = from_plain(cls, data)
        assert isinstance(view, SeatView)
        return view


_EACH = "#each"


def group_actions(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Action JSON with every run of actions alike but for one field written once, that
    field's values in a list and its name under ``"#each"`` (a hundred grid flips are one
    entry, not a hundred); :func:`ungroup_actions` gives the list back, in order.

    >>> group_actions([{"type": "flip", "seat": 0, "cell": c} for c in (3, 7, 9)])
    [{'type': 'flip', 'seat': 0, 'cell': [3, 7, 9], '#each': 'cell'}]
    """
    out: list[dict[str, Any]] = []
    i = 0
    while i < len(actions):
        first, j, varying = actions[i], i + 1, None
        while j < len(actions) and actions[j].keys() == first.keys():
            differ = [k for k in first if actions[j][k] != first[k]]
            if len(differ) != 1 or varying not in (None, differ[0]) or differ[0] == "type":
                break
            varying, j = differ[0], j + 1
        if varying is None or j - i < 3:
            out.extend(actions[i:j] if varying is not None else [first])
            i = j if varying is not None else i + 1
            continue
        out.append({**first, varying: [a[varying] for a in actions[i:j]], _EACH: varying})
        i = j
    return out


def ungroup_actions(entries: Any) -> list[Any]:
    """The action JSON :func:`group_actions` grouped, one entry an action again
    (ViewError for a group that is not one)."""
    if not isinstance(entries, list):
        raise ViewError("the legal actions are a list")
    out: list[Any] = []
    for entry in entries:
        if isinstance(entry, dict) and _EACH in entry:
            name = entry[_EACH]
            values = entry.get(name) if isinstance(name, str) else None
            if not isinstance(values, list) or len(values) > 100_000:
                raise ViewError("a group of legal actions names no list of values")
            rest = {k: v for k, v in entry.items() if k not in (_EACH, name)}
            out.extend({**rest, name: value} for value in values)
        else:
            out.append(entry)
    return out


def phase_words(phase_id: str) -> str:
    """A phase id in words, for games that say no better: "choose_dealer" -> "Choose dealer".

    >>> phase_words("game_over")
    'Game over'
    """
    return phase_id.replace("_", " ").capitalize()


# -- plain data ------------------------------------------------------------------------------
_HINTS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """A dataclass's fields and their resolved types, worked out once per class."""
    found = _HINTS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = _HINTS[cls] = tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))
    return found


def to_plain(value: Any) -> Any:
    """A view or any of its parts as plain JSON data: a part as a dict of its fields
    (a game's extra part with its ``kind``, an action as its own JSON), a tuple as a list."""
    if value is None or isinstance(value, (bool, int, str, float)):
        return value
    if isinstance(value, tuple):
        return [to_plain(v) for v in value]
    if isinstance(value, Action):
        return value.to_json()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data = {name: to_plain(getattr(value, name)) for name, _ in _fields(type(value))}
        if isinstance(value, GameExtra):
            data["kind"] = value.kind
        return data
    raise TypeError(f"a seat view holds plain values and parts, not {type(value).__name__}")


def from_plain(kind: Any, data: Any) -> Any:
    """The value of type ``kind`` that :func:`to_plain` wrote as ``data`` (ViewError when
    it is not one)."""
    try:
        return _read(kind, data)
    except ViewError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise ViewError(f"not a seat view: {type(exc).__name__}: {exc}"[:300]) from None


def _read(kind: Any, data: Any) -> Any:
    origin = typing.get_origin(kind)
    if origin is types.UnionType or origin is typing.Union:
        if data is None and type(None) in typing.get_args(kind):
            return None
        options = [k for k in typing.get_args(kind) if k is not type(None)]
        if len(options) > 1:  # one a JSON type: a list is the tuple, a number the int
            options = [k for k in options if (typing.get_origin(k) is tuple) == isinstance(data, list)]
        if len(options) != 1:
            raise ViewError(f"{str(data)[:40]!r} is not one of {kind}")
        return _read(options[0], data)
    if origin is tuple:
        args = typing.get_args(kind)
        if not isinstance(data, list):
            raise ViewError(f"expected a list, got {type(data).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_read(args[0], item) for item in data)
        if len(args) != len(data):
            raise ViewError(f"expected {len(args)} items, got {len(data)}")
        return tuple(_read(a, item) for a, item in zip(args, data))
    if kind is Any:
        return data
    if kind is bool:
        if not isinstance(data, bool):
            raise ViewError(f"expected true or false, got {data!r}"[:80])
        return data
    if kind in (int, str, float):
        if isinstance(data, bool) or not isinstance(data, kind):
            raise ViewError(f"expected {kind.__name__}, got {data!r}"[:80])
        return data
    if kind is type(None):
        if data is not None:
            raise ViewError(f"expected null, got {data!r}"[:80])
        return None
    if isinstance(kind, type) and issubclass(kind, Action):
        if not isinstance(data, dict):
            raise ViewError("an action is an object")
        return action_from_json(data)
    if isinstance(kind, type) and issubclass(kind, GameExtra):
        if not isinstance(data, dict):
            raise ViewError("a game's view part is an object")
        part = _EXTRA_TYPES.get(data.get("kind", ""))
        if part is None or not issubclass(part, kind):
            raise ViewError(f"unknown view part {str(data.get('kind'))[:40]!r}")
        return _read_dataclass(part, {k: v for k, v in data.items() if k != "kind"})
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        if not isinstance(data, dict):
            raise ViewError(f"{kind.__name__} is an object")
        return _read_dataclass(kind, data)
    raise ViewError(f"a seat view cannot hold {kind}")


def _read_dataclass(kind: type, data: Mapping[str, Any]) -> Any:
    known = _fields(kind)
    unknown = set(data) - {name for name, _ in known}
    if unknown:
        raise ViewError(f"{kind.__name__} has no field {sorted(unknown)[0]!r}"[:80])
    return kind(**{name: _read(hint, data[name]) for name, hint in known if name in data})

