"""The contract every game's state machine follows.

A game is split the OpenSpiel way into a static :class:`GameSpec`-like object (the
variant's settings, built once from YAML) and a :class:`GameState` (one play, built
from that spec and a seeded :class:`random.Random`). Players change the state only
through typed, frozen :class:`Action` records:

* ``why_illegal(action)`` is the one legality check: ``None`` when the action is
  legal, otherwise the reason in words. The UI uses it (through ``can``) to grey out
  buttons and explain them; ``apply`` uses the same function to refuse.
* ``apply(action)`` checks, changes the state, appends the action to ``history`` and
  returns the :class:`Event` it records in the log.
* Chance (shuffling, dealing, dice) is an actor like any seat: when ``to_act`` is
  :data:`CHANCE`, ``chance_action()`` draws the outcome from the state's own random
  generator and returns an ordinary action to ``apply``.
* ``view(seat)`` returns what that seat may know, with hidden cards as ``None``;
  ``seat_view(seat)`` the same, typed (:class:`~cardtable.engine.view.SeatView`), built by
  the game's ``view`` module.
* ``to_json()`` / ``from_json()`` round-trip the whole state, random generator
  included, so a resumed game continues exactly.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import importlib
import inspect
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, dataclass_transform

from cardtable.engine import collector
from cardtable.engine.cards import Deck
from cardtable.engine.fields import JsonField

if TYPE_CHECKING:
    from cardtable.engine.view import SeatView

CHANCE = -1
"""The seat number of chance (the dealer's shuffle, the Sabacc die)."""

HIDDEN = None
"""What a view shows in place of a card its seat may not see."""


class IllegalAction(ValueError):
    """Raised by :meth:`GameState.apply` with the reason an action was refused."""

    def __init__(self, action: Action, reason: str) -> None:
        super().__init__(reason)
        self.action = action
        self.reason = reason


_ACTION_TYPES: dict[str, type[Action]] = {}


@dataclass_transform(frozen_default=True, kw_only_default=True)
@dataclass(frozen=True, kw_only=True)
class Action:
    """A frozen record of one decision. Subclasses add their own fields, and are frozen,
    keyword-only dataclasses by themselves::

        class Bet(BettingAction, kind="poker.bet"):
            \"""Open the betting: ``to`` is the seat's total bet afterwards.\"""

            to: int

    Every subclass is registered by its ``kind`` (the class name unless given; it is
    the save format, so it never changes) so that actions survive a JSON round trip
    through :func:`action_from_json`.
    """

    seat: int
    kind: ClassVar[str] = "Action"

    def __init_subclass__(cls, *, kind: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.kind = kind or cls.__dict__.get("kind", cls.__name__)
        _ACTION_TYPES[cls.kind] = cls
        dataclass(frozen=True, kw_only=True)(cls)

    def to_json(self) -> dict[str, Any]:
        """Plain data: the action's fields plus its ``type``."""
        data = {name: _plain(getattr(self, name)) for name in _field_names(type(self))}
        data["type"] = self.kind
        return data


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Rebuild an action written by :meth:`Action.to_json`."""
    fields = dict(data)
    kind = fields.pop("type")
    try:
        cls = _ACTION_TYPES[kind]
    except KeyError:
        raise ValueError(f"unknown action type {kind!r}") from None
    for name in _tuple_fields(cls).intersection(fields):
        if isinstance(fields[name], list):
            fields[name] = tuple(fields[name])
    return cls(**fields)


_FIELD_NAMES: dict[type[Action], tuple[str, ...]] = {}
_TUPLE_FIELDS: dict[type[Action], frozenset[str]] = {}


def _field_names(cls: type[Action]) -> tuple[str, ...]:
    """The fields of ``cls``, found once a class: a long match's save holds a hundred
    thousand actions to write or rebuild."""
    found = _FIELD_NAMES.get(cls)
    if found is None:
        found = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return found


def _tuple_fields(cls: type[Action]) -> frozenset[str]:
    """The fields of ``cls`` that hold tuples (JSON writes them as lists), found once a class."""
    found = _TUPLE_FIELDS.get(cls)
    if found is None:
        found = _TUPLE_FIELDS[cls] = frozenset(f.name for f in dataclasses.fields(cls) if "tuple" in str(f.type))
    return found


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True)
class Event:
    """What happened, as the log shows it.

    ``public`` is the line every seat may read. ``private`` holds extra lines for
    single seats ("Ann draws Gula 3 of Fire"); a log shown to seat *s* uses
    ``private.get(s, public)``. Nothing hidden may appear in ``public``.
    """

    seat: int
    public: str
    private: Mapping[int, str] = field(default_factory=dict)

    def text_for(self, seat: int | None) -> str:
        """The line this event shows to ``seat`` (``None``: a spectator)."""
        if seat is not None and seat in self.private:
            return self.private[seat]
        return self.public


class SeatedGame(Protocol):
    """What :func:`seat_table` reads of a game's declaration
    (:class:`~cardtable.games.definition.GameDefinition`): its name and seat range."""

    @property
    def name(self) -> str:
        """The game's name for people."""

    @property
    def seats(self) -> tuple[int, int]:
        """The fewest and most players."""


def seat_table(game: SeatedGame | str, names: Sequence[Any], stacks: Sequence[int] | None, default: int,
               dealer: int, *, seats: tuple[int, int] | None = None, least: int = 1,
               least_text: str = "1 chip") -> tuple[list[str], list[int]]:
    """Check a new table's players, stacks and dealer; return the names and stacks.

    ``game`` is the game's declaration (its ``GAME``), whose name and seat range are used,
    so that a game states its range once; a plain name plays ``seats`` (2 to 8 unless
    given). Names are stripped and must be present and distinct; ``stacks`` (every seat
    ``default`` when None) must give each seat a whole number of at least ``least``;
    the dealer must be a seat. ValueError names what is wrong.

    >>> seat_table("Game", [" Ada", "Bo"], None, 100, 1)
    (['Ada', 'Bo'], [100, 100])
    """
    if isinstance(game, str):
        title, (low, high) = game, seats or (2, 8)
    elif seats is not None:
        raise TypeError("the seats of a declared game are its declaration's")
    else:
        title, (low, high) = game.name, game.seats
    names = [str(n).strip() for n in names]
    if not low <= len(names) <= high:
        raise ValueError(f"{title} needs {low} to {high} players, got {len(names)}")
    if any(not n for n in names):
        raise ValueError("every player needs a name")
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise ValueError(f"two players share the name {repeated[0]!r}")
    stacks = list(stacks) if stacks is not None else [default] * len(names)
    if len(stacks) != len(names) or any(
            isinstance(s, bool) or not isinstance(s, int) or s < least for s in stacks):
        raise ValueError(f"stacks must give each of the {len(names)} seats at least {least_text}, "
                         f"got {stacks}")
    if not 0 <= dealer < len(names):
        raise ValueError(f"the dealer must be one of seats 0..{len(names) - 1}, not {dealer}")
    return names, stacks


def redeal(slots: Sequence[tuple[Any, Any]], rng: random.Random) -> None:
    """Deal the cards held in ``slots`` (``(container, index)`` pairs) again at random.

    The cards are sorted first, so the result depends only on which cards are hidden
    and on ``rng``, never on where they were.

    >>> hands = [[5, 1], [9]]
    >>> redeal([(hands[0], 0), (hands[0], 1), (hands[1], 0)], random.Random(3))
    >>> sorted(hands[0] + hands[1])
    [1, 5, 9]
    """
    cards = sorted(container[index] for container, index in slots)
    rng.shuffle(cards)
    for (container, index), card in zip(slots, cards):
        container[index] = card


def rng_to_json(rng: random.Random) -> list[Any]:
    """The generator's full state as JSON-safe data."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: Sequence[Any]) -> random.Random:
    """A generator in exactly the state :func:`rng_to_json` recorded."""
    rng = random.Random()
    version, internal, gauss = data
    rng.setstate((version, tuple(internal), gauss))
    return rng


class JSONText:
    """A value already written as canonical JSON (sorted keys, no spaces, not
    ASCII-escaped, UTF-8): :func:`cardtable.saves.encode` splices ``json_bytes`` in as
    they are.

    Made from ``parts`` (the canonical JSON of a list's first ``count`` items), the text
    is joined only when ``json_bytes`` is first read: a save made on the game thread
    hands the joining, like the hashing, to its writer thread (the parts list is only
    ever appended to, so its first ``count`` items stay as they were).

    >>> JSONText(parts=[b"1", b"2", b"3"], count=2).json_bytes
    b'[1,2]'
    """

    __slots__ = ("_bytes", "_count", "_parts")

    def __init__(self, json_bytes: bytes | None = None, *, parts: Sequence[bytes] = (),
                 count: int = 0) -> None:
        self._bytes = json_bytes
        self._parts = parts
        self._count = count

    @property
    def json_bytes(self) -> bytes:
        """The JSON text (joined from its parts on first use)."""
        if self._bytes is None:
            self._bytes = b"[" + b",".join(self._parts[:self._count]) + b"]"
            self._parts = ()
        return self._bytes


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
"""One encoder for every item (``json.dumps`` with options makes one a call: a third of the
time of writing a resumed match's history again at its first autosave)."""


def canonical_json(data: Any) -> bytes:
    """``data`` as canonical JSON in UTF-8, the form saves are checksummed in."""
    return _CANONICAL.encode(data).encode("utf-8")


class _EncodedItems:
    """The canonical JSON of the leading items of one list (a state's history or
    log), kept so a save re-encodes only what was appended since the last one.

    It stands for ``items`` (that very list object); a copy of the state gets an empty
    one, and :meth:`text` starts again whenever the list is not the one encoded or its
    encoded items are no longer where they were (the lists are only ever appended to).
    """

    __slots__ = ("first", "items", "last", "texts")

    def __init__(self) -> None:
        self.items: list[Any] | None = None
        self.texts: list[bytes] = []
        self.first: Any = None
        self.last: Any = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _EncodedItems:
        return _EncodedItems()

    def text(self, items: list[Any], plain: Any) -> JSONText:
        """The JSON of ``items``, each written as ``canonical_json(plain(item))`` (joined
        when it is read; only the items appended since the last call are written now)."""
        done = len(self.texts)
        if (self.items is not items or done > len(items)
                or (done and (items[done - 1] is not self.last or items[0] is not self.first))):
            self.items, self.texts, done = items, [], 0
        if done < len(items):
            self.texts.extend(canonical_json(plain(item)) for item in items[done:])
            self.first, self.last = items[0], items[-1]
        return JSONText(parts=self.texts, count=len(self.texts))


def _event_json(event: Event) -> dict[str, Any]:
    return {"seat": event.seat, "public": event.public,
            "private": {str(k): v for k, v in event.private.items()}}


def _action_json(action: Action) -> dict[str, Any]:
    return action.to_json()


class SeatLogs:
    """Each seat's reading of one log (events with only the line it may read), extended as
    the log grows; any copy of the state starts with none (a cache: a copy that carried it
    deep-copied thousands of events with every seat copy)."""

    __slots__ = ("read_by",)

    def __init__(self) -> None:
        self.read_by: dict[int, tuple[list[Event], list[Event], Event | None]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> SeatLogs:
        return SeatLogs()

    def __copy__(self) -> SeatLogs:
        return SeatLogs()

    def read(self, log: list[Event], seat: int) -> list[Event]:
        """``log`` as ``seat`` reads it, a new list (the events themselves never change). What
        was read before is used again only when it is the same list, still holding the same
        event where the reading stopped (a log is only ever appended to)."""
        entry = self.read_by.get(seat)
        lines: list[Event] = []
        if entry is not None:
            source, known, last = entry
            done = len(known)
            if source is log and done <= len(log) and (not done or log[done - 1] is last):
                lines = known
        lines.extend(Event(e.seat, e.text_for(seat)) for e in log[len(lines):])
        self.read_by[seat] = (log, lines, log[len(lines) - 1] if lines else None)
        return lines[:]


_NEW_GIVEN = ("cls", "settings", "deck", "names", "rng")
"""The parameters every game's :meth:`GameState.new` takes; the rest (a dealer, stacks) are its choices."""


def _recording_genesis(made: Any) -> Any:
    """A game's ``new`` that also records how the match began, on the state it returns
    (:attr:`GameState.genesis`). An outer ``new`` calling an inner one records last."""
    signature = inspect.signature(made)

    @functools.wraps(made)
    def new(cls: type[GameState], *args: Any, **kwargs: Any) -> GameState:
        bound = signature.bind(cls, *args, **kwargs)
        bound.apply_defaults()
        given = bound.arguments
        rng = given.get("rng")
        start = rng_to_json(rng) if isinstance(rng, random.Random) else None
        state: GameState = made(cls, *args, **kwargs)
        settings: Any = given.get("settings")
        written = settings.to_settings() if hasattr(settings, "to_settings") else None
        choices = {k: (list(v) if isinstance(v, (tuple, list)) else v) for k, v in given.items()
                   if k not in _NEW_GIVEN}
        if written is not None and start is not None and _json_safe(choices):
            state.genesis = {"settings": written, "names": list(given.get("names") or []),
                             "deck": getattr(given.get("deck"), "id", None), "choices": choices, "rng": start}
        return state

    new._records_genesis = True  # type: ignore[attr-defined]
    return new


def _json_safe(value: Any) -> bool:
    """Whether ``value`` is made of JSON's own types only."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return True
    if isinstance(value, list):
        return all(_json_safe(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _json_safe(v) for k, v in value.items())
    return False


class GameState(ABC):
    """One play of a game. Subclasses implement the underscored hooks.

    Subclasses must keep every piece of state in plain attributes that
    :meth:`_state_json` writes and :meth:`_load_state_json` reads, and must never
    use the global random module: only ``self.rng``.
    """

    names: Sequence[str]
    """The players' names, one a seat: every game sets them in :meth:`new`."""

    genesis: dict[str, Any] | None = None
    """How the match began, recorded by :meth:`new` (every game's, automatically): the
    settings as written, the names, the deck's id, the other choices ``new`` was given
    (a dealer, stacks) and the generator's state. A save holds it, so that loading
    replays the history from the start (:mod:`cardtable.engine.replay`); None for a
    state read from a save written before it was recorded."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        made = cls.__dict__.get("new")
        if isinstance(made, classmethod) and not getattr(made.__func__, "_records_genesis", False):
            cls.new = classmethod(_recording_genesis(made.__func__))  # type: ignore[assignment]

    def __init__(self, *, seats: int, rng: random.Random) -> None:
        self.seats = seats
        self.rng = rng
        self.history: list[Action] = []
        self.log: list[Event] = []

    # -- a new match ----------------------------------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls, settings: Any, deck: Deck, names: Sequence[str], rng: random.Random,
            dealer: int = 0, *, stacks: Sequence[int] | None = None) -> GameState:
        """A new match: the game's settings object, its deck, the players' names, the
        generator every chance action draws from, the first dealer and (optionally)
        uneven starting stacks. ValueError when the table cannot be played."""

    # -- what the players and the UI ask -------------------------------------------------
    @property
    @abstractmethod
    def round_number(self) -> int:
        """The round (or hand) being played, from 1; 0 before the first deal."""

    @abstractmethod
    def standings(self) -> list[tuple[str, int]]:
        """Every player's name and what they hold (chips, credits), best first."""

    def holding(self, seat: int) -> int:
        """What ``seat`` holds now, in the game's unit (its line in :meth:`standings`)."""
        names: Sequence[str] = self.names
        return dict(self.standings())[names[seat]]

    def round_outcome(self) -> dict[str, Any] | None:
        """The last settled round, for the statistics: ``round``, ``winners`` (seats),
        ``net`` (each seat's gain), ``best`` (the best hand's name, or None), ...;
        None before the first round is settled."""
        return None

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat that must act now, :data:`CHANCE`, or ``None`` when the game is over."""

    @property
    def is_over(self) -> bool:
        """True when nobody is asked to act any more."""
        return self.to_act is None

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action for ``seat`` now (empty when it is not their turn).

        Games with a continuum of amounts list the representative ones (minimum and
        maximum bet); ``why_illegal`` is the complete test.
        """

    @abstractmethod
    def why_illegal(self, action: Action) -> str | None:
        """``None`` when ``action`` is legal now, otherwise the reason in words."""

    def can(self, action: Action) -> bool:
        """True when ``action`` is legal now."""
        return self.why_illegal(action) is None

    def apply(self, action: Action) -> Event:
        """Check and perform ``action``; return the event it adds to the log.

        Raises:
            IllegalAction: with the reason, when ``why_illegal`` gives one. The
                state is unchanged in that case.
        """
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(action, reason)
        event = self._apply(action)
        self.history.append(action)
        self.log.append(event)
        return event

    def chance_action(self) -> Action:
        """Draw chance's next action with ``self.rng`` (only when ``to_act`` is CHANCE)."""
        if self.to_act != CHANCE:
            raise RuntimeError("chance_action() called when chance is not to act")
        return self._chance_action()

    def with_random_amount(self, action: Action, rng: random.Random) -> Action:
        """``action`` with any amount it carries drawn from ``rng`` within what is legal
        (the random player's way of reaching odd amounts). Games whose actions carry
        amounts other than bets override it; the default returns ``action``."""
        return action

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see, as plain data; cards it may not see are ``None``."""

    def seat_view(self, seat: int | None) -> SeatView:
        """What ``seat`` may see (``None``: a spectator), typed: the
        :class:`~cardtable.engine.view.SeatView` every table, bot and the network read.

        A game builds it in the ``view`` module beside its state's
        (``cardtable.games.<id>.view.seat_view(state, seat)``), from the state's public
        attributes, so the hand's flow can change inside the state without touching it.
        """
        build = _VIEW_BUILDERS.get(type(self))
        if build is None:
            package = type(self).__module__.rpartition(".")[0]
            build = _VIEW_BUILDERS[type(self)] = importlib.import_module(f"{package}.view").seat_view
        view: SeatView = build(self, seat)
        return view

    def seat_copy(self, seat: int, rng: random.Random) -> GameState:
        """What ``seat`` may know, as a state to reason on: a copy in which every card
        the seat cannot see (other hands, the stock's order, face-down piles) is dealt
        again from ``rng`` among the places hidden from it, with a fresh generator, no
        history and the log as the seat reads it. Computer players are given this,
        never the state itself, so they cannot read a hidden card even by mistake.

        The copy depends only on what ``seat`` can see and on ``rng``: two states that
        differ only in cards hidden from ``seat`` give the same copy. Games implement
        :meth:`_hidden_slots`; the rest is shared.
        """
        copy = self._copy()
        redeal(copy._hidden_slots(seat), rng)
        copy.rng = random.Random(rng.getrandbits(64))
        copy.history = []
        copy.log = self._log_as_read_by(seat)
        return copy

    def _log_as_read_by(self, seat: int) -> list[Event]:
        """The log as ``seat`` reads it, a new list: worded once per event and kept (a long
        match's log is thousands of events, and every computer move asks for it)."""
        logs = self.__dict__.get("_seat_logs")
        if logs is None:
            logs = self.__dict__["_seat_logs"] = SeatLogs()
        return logs.read(self.log, seat)

    def _copy(self) -> GameState:
        """A deep copy of the game state without its history and log, sharing what never
        changes (the deck). Games with cheaper ways to copy override it."""
        deck = getattr(self, "deck", None)
        memo: dict[int, Any] = {id(self.history): [], id(self.log): [], id(self.genesis): self.genesis}
        if deck is not None:
            memo[id(deck)] = deck
        return copy.deepcopy(self, memo)

    def _hidden_slots(self, seat: int) -> list[tuple[Any, Any]]:
        """Every place holding a card ``seat`` cannot see, as ``(container, index)``
        (a list and a position, or a dict and a key), in an order that depends only on
        what the seat can see. Every game must implement it."""
        raise NotImplementedError(f"{type(self).__name__} does not say which cards are hidden")

    def log_for(self, seat: int | None) -> list[str]:
        """The log as ``seat`` may read it."""
        return [event.text_for(seat) for event in self.log]

    # -- persistence ------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The whole state (hidden cards and the generator included) as JSON-safe data.

        Inside :meth:`spliced_json` the history and the log come as :class:`JSONText`
        instead (the same data, already written; only what was appended since the last
        call is encoded), for :func:`cardtable.saves.encode` to splice in.
        """
        history: Any
        log: Any
        if self.__dict__.get("_splicing"):
            history = self._encoded("_history_text").text(self.history, _action_json)
            log = self._encoded("_log_text").text(self.log, _event_json)
        else:
            history = [a.to_json() for a in self.history]
            log = [_event_json(e) for e in self.log]
        out = {
            "seats": self.seats,
            "rng": rng_to_json(self.rng),
            "history": history,
            "log": log,
            "state": self._state_json(),
        }
        if self.genesis is not None:
            out["genesis"] = self.genesis
        return out

    @contextmanager
    def spliced_json(self) -> Iterator[None]:
        """Within it, :meth:`to_json` gives the history and the log as :class:`JSONText`
        (what saves use: an autosave's cost stays the same however long the match)."""
        self.__dict__["_splicing"] = True
        try:
            yield
        finally:
            self.__dict__.pop("_splicing", None)

    def _encoded(self, name: str) -> _EncodedItems:
        cache = self.__dict__.get(name)
        if cache is None:
            cache = self.__dict__[name] = _EncodedItems()
        return cache

    @classmethod
    def from_json(cls, data: Mapping[str, Any], **spec: Any) -> GameState:
        """Rebuild a state written by :meth:`to_json` (``spec``: the game's static parts)."""
        state = cls.__new__(cls)
        GameState.__init__(state, seats=data["seats"], rng=rng_from_json(data["rng"]))
        with collector.paused():  # a long match's history and log are a quarter of a million records
            state.history = [action_from_json(a) for a in data["history"]]
            state.log = [Event(e["seat"], e["public"], {int(k): v for k, v in e["private"].items()})
                         for e in data["log"]]
        state._load_state_json(data["state"], **spec)
        genesis = data.get("genesis")
        state.genesis = genesis if isinstance(genesis, dict) else None
        return state

    # -- hooks for subclasses -----------------------------------------------------------
    @abstractmethod
    def _apply(self, action: Action) -> Event:
        """Perform an action already known to be legal."""

    def _chance_action(self) -> Action:
        raise NotImplementedError(f"{type(self).__name__} has no chance actions")

    JSON_FIELDS: ClassVar[tuple[str | JsonField, ...]] = ()
    """What :meth:`_state_json` writes and :meth:`_load_state_json` reads, in order: a
    name is an attribute written as it is, a :class:`JsonField` says how to convert it."""

    def _state_json(self) -> dict[str, Any]:
        """The game-specific part of the state as JSON-safe data (by default the
        :attr:`JSON_FIELDS`)."""
        return {f.name: f.write(self) for f in _json_fields(type(self))}

    def _load_state_json(self, data: Mapping[str, Any], **spec: Any) -> None:
        """Restore what :meth:`_state_json` wrote (by default: the deck, checked by
        :meth:`_deck_to_load`, then the :attr:`JSON_FIELDS` in order)."""
        self.deck = self._deck_to_load(data, spec)
        for f in _json_fields(type(self)):
            f.read(self, data)

    def _deck_to_load(self, data: Mapping[str, Any], spec: Mapping[str, Any]) -> Deck:
        """The ``deck=`` given to ``from_json``, checked against the deck the save names.

        ValueError when no deck was given, or when it is not the saved deck (its id,
        and its size where the save records ``deck_size``).
        """
        deck = spec.get("deck")
        name = type(self).__name__
        if not isinstance(deck, Deck):
            raise ValueError(f"{name}.from_json needs the deck: from_json(data, deck=...)")
        if "deck_size" in data:
            if deck.id != data["deck"] or len(deck) != data["deck_size"]:
                raise ValueError(f"this save was played with the deck {data['deck']!r} of "
                                 f"{data['deck_size']} cards, not {deck.id!r} of {len(deck)}")
        elif deck.id != data["deck"]:
            raise ValueError(f"this save was played with the deck {data['deck']!r}, not {deck.id!r}")
        return deck


_VIEW_BUILDERS: dict[type[GameState], Any] = {}


def _json_fields(cls: type[GameState]) -> tuple[JsonField, ...]:
    return tuple(JsonField(f) if isinstance(f, str) else f for f in cls.JSON_FIELDS)


class TrustedInRollouts(GameState):
    """A game state whose rollout copies apply their moves unchecked.

    The strong level's rollout copies (:class:`cardtable.bots.worlds.Snapshot`, which sets
    ``sampled_deal`` on the copies of a state whose class has the attribute) play only
    moves from ``legal_actions``, from bots that check their own, from chance, or checked
    by the caller, so the check :meth:`GameState.apply` makes is a cost there and nothing
    more; a real match never sets the flag. Put it before the game's other base classes.
    """

    sampled_deal: bool = False
    """True on a rollout copy (see the class)."""

    def apply(self, action: Action) -> Event:
        """Check and perform ``action`` (:meth:`GameState.apply`); on a rollout copy
        (:attr:`sampled_deal`), perform it unchecked."""
        if not self.sampled_deal:
            return super().apply(action)
        event = self._apply(action)
        self.history.append(action)
        self.log.append(event)
        return event
