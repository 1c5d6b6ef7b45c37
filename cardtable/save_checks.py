"""Checking a save's payload against its game before it is listed as playable or resumed.

:func:`save_problem` says in words why a checked envelope (from
:func:`cardtable.saves.decode`) cannot be played, or returns None:

* the envelope's ``game`` is a known game with rules, and its ``variant`` is a
  variant of that game (a variant of another game would resume with the wrong rules);
* the payload's structure: types and ranges (the seats' count within the game's,
  names are non-empty text without NUL, dealer and turns are seats, card indices are
  whole numbers within the deck, chips are not negative, generator words are valid
  for :meth:`random.Random.setstate`), checked generically over the fields every
  game writes;
* the state built from the payload (any exception while building is a reason, never
  a crash), the game's own invariant checks ``checks.all_problems(state)``, and a JSON
  round trip (the loaded state writes back the payload's state).

A vouched save (:mod:`cardtable.save_trust`) is checked as far as building its state:
its history and log, played by this app or replayed whole once, are not read again.

:func:`load_state` builds the state the same way (SaveError when it cannot).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from typing import Any, TypeGuard

from cardtable import games, save_trust
from cardtable.engine.replay import ReplayError, difference, replay
from cardtable.saves import SaveError

__all__ = ["MAX_INT", "checker", "load_state", "save_problem", "structure_problems"]

MAX_INT = 2 ** 63
"""No number in a save is this large (chips, cards and seats are all far smaller)."""

_MAX_DEPTH = 64
_SEAT_KEYS = ("dealer", "turn", "draw_turn", "flip_turn", "call_turn", "chooser", "caller")
_CARD_KEYS = ("hands", "deck_order", "discards", "stock", "flip", "down_discard", "up_discard", "buried",
              "mucked", "flop", "dropped", "grid", "face_up_seen", "drawn")
_CHIP_KEYS = ("stacks", "bags", "middle", "total_chips", "total_credits", "sabacc_pot", "auction_pot",
              "round_start", "round_start_stacks", "hand_start_stacks")
_CHIPS_FIELDS = ("stacks", "contributed", "round_bets", "dead")
_MOVES = ("history", "log")


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _text_problem(what: str, value: Any) -> str | None:
    if not isinstance(value, str) or not value.strip():
        return f"{what} must be a non-empty text, not {_short(value)}"
    if "\x00" in value:
        return f"{what} holds a NUL character"
    return None


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def rng_problem(what: str, data: Any) -> str | None:
    """Why ``data`` is not a generator state :func:`~cardtable.engine.game.rng_to_json` writes."""
    if not isinstance(data, list) or len(data) != 3:
        return f"{what} is not a random generator's state"
    version, words, gauss = data
    if version != 3 or not _is_int(version):
        return f"{what} has an unknown version {_short(version)}"
    if not isinstance(words, list) or len(words) != 625 or not all(_is_int(w) for w in words):
        return f"{what} must hold 625 whole numbers"
    if any(not 0 <= w < 2 ** 32 for w in words[:624]):
        return f"{what} holds a word outside 0..2**32-1"
    if not 0 <= words[624] <= 624:
        return f"{what} has a position outside 0..624"
    if not any(words[:624]):
        return f"{what} is all zeros"
    if gauss is not None and not (isinstance(gauss, float) and math.isfinite(gauss)):
        return f"{what} has a bad gauss value {_short(gauss)}"
    return None


def _walk_problems(data: Any) -> list[str]:
    """Any value JSON allows but no save holds: huge numbers, NUL in text, deep nesting."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > _MAX_DEPTH:
            return ["the save is nested too deeply"]
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int):
            if not -MAX_INT < value < MAX_INT:
                return [f"the save holds a number too large for any game ({len(str(abs(value)))} digits)"]
        elif isinstance(value, float):
            if not math.isfinite(value):
                return ["the save holds a number that is not finite"]
        elif isinstance(value, str):
            if "\x00" in value:
                return ["a text in the save holds a NUL character"]
        elif isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
            stack.extend((k, depth + 1) for k in value)
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
        else:
            return [f"the save holds a {type(value).__name__}"]
    return []


def _cards_problem(key: str, value: Any, deck_size: int) -> str | None:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
        elif item is None:
            continue
        elif not _is_int(item):
            return f"{key!r} holds {_short(item)}, not a card"
        elif not 0 <= item < deck_size:
            return f"{key!r} holds the card {item}, outside the deck of {deck_size}"
    return None


def _chips_problem(key: str, value: Any) -> str | None:
    items = value if isinstance(value, list) else [value]
    for item in items:
        if item is None and key != "stacks":
            continue
        if not _is_int(item) or item < 0:
            return f"{key!r} must hold whole numbers of chips, not {_short(item)}"
    return None


def structure_problems(game: games.GameDefinition, payload: Any, deck_size: int | None = None, *,
                       moves: bool = True) -> list[str]:
    """What is wrong with the types and ranges of a table's payload (``save_data()``), generically.

    ``deck_size`` bounds the card indices (unchecked when None). Without ``moves`` the
    history and the log (what grows with a match) are only checked to be lists: for a
    vouched save (:mod:`cardtable.save_trust`), whose moves were played or checked already.
    """
    if not isinstance(payload, dict):
        return ["the save holds no table"]
    problems = _walk_problems(payload if moves else _without_moves(payload))
    if problems:
        return problems
    data = payload.get("state")
    if not isinstance(data, dict):
        return ["the save holds no game state"]
    n = data.get("seats")
    low, high = game.seats
    if not isinstance(n, int) or isinstance(n, bool) or not low <= n <= high:
        return [f"{game.name} is played by {low} to {high}, not {_short(n)}"]
    seats = payload.get("seats")
    if not isinstance(seats, list) or len(seats) != n:
        problems.append(f"the save's seats do not list {n} players")
    else:
        for i, seat in enumerate(seats):
            if not isinstance(seat, dict):
                problems.append(f"seat {i} is not a player")
                continue
            bad = _text_problem(f"the name of seat {i}", seat.get("name"))
            if bad:
                problems.append(bad)
            bot = seat.get("bot")
            if bot is not None and bot not in game.bot_levels:
                problems.append(f"seat {i} has an unknown computer level {_short(bot)}")
    rngs = payload.get("bot_rngs", {})
    if not isinstance(rngs, dict):
        problems.append("the computer players' generators are not a mapping")
    else:
        for key, rng in rngs.items():
            if not key.isdigit() or not 0 <= int(key) < n:
                problems.append(f"a generator belongs to no seat ({key!r})")
            bad = rng_problem(f"the generator of seat {key}", rng)
            if bad:
                problems.append(bad)
    bad = rng_problem("the game's generator", data.get("rng"))
    if bad:
        problems.append(bad)
    if moves:
        problems += _history_problems(data.get("history"), n, deck_size)
        problems += _log_problems(data.get("log"), n)
    else:
        problems += [f"the game's {key} is not a list" for key in _MOVES if not isinstance(data.get(key), list)]
    inner = data.get("state")
    if not isinstance(inner, dict):
        return problems + ["the save holds no game state"]
    names = inner.get("names")
    if names is not None:
        if not isinstance(names, list) or len(names) != n:
            problems.append(f"the game's names do not list {n} players")
        else:
            problems += [p for i, name in enumerate(names) if (p := _text_problem(f"the name of seat {i}", name))]
    for key in _SEAT_KEYS:
        value = inner.get(key)
        if value is not None and (not _is_int(value) or not 0 <= value < n):
            problems.append(f"{key!r} must be one of seats 0..{n - 1}, not {_short(value)}")
    hands = inner.get("hands")
    if hands is not None and (not isinstance(hands, list) or len(hands) != n
                              or not all(isinstance(h, list) for h in hands)):
        problems.append(f"'hands' must be {n} lists of cards")
    if deck_size is not None:
        for key in _CARD_KEYS:
            if key in inner:
                bad = _cards_problem(key, inner[key], deck_size)
                if bad:
                    problems.append(bad)
    for key in _CHIP_KEYS:
        if key in inner:
            bad = _chips_problem(key, inner[key])
            if bad:
                problems.append(bad)
    chips = inner.get("chips")
    if isinstance(chips, dict):
        for key in _CHIPS_FIELDS:
            if key in chips:
                bad = _chips_problem(key, chips[key])
                if bad:
                    problems.append(bad)
    return problems


def _without_moves(payload: dict[str, Any]) -> dict[str, Any]:
    """``payload`` with its state's history and log left out (a shallow copy)."""
    data = payload.get("state")
    if not isinstance(data, dict):
        return payload
    return {**payload, "state": {k: v for k, v in data.items() if k not in _MOVES}}


def _history_problems(history: Any, n: int, deck_size: int | None) -> list[str]:
    if not isinstance(history, list):
        return ["the game's history is not a list"]
    for i, action in enumerate(history):
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            return [f"move {i + 1} of the history is not an action"]
        seat = action.get("seat")
        if not _is_int(seat) or not -1 <= seat < n:
            return [f"move {i + 1} of the history is by {_short(seat)}, not a seat"]
        if deck_size is not None:
            for key in ("card", "cards", "order"):
                if key in action:
                    bad = _cards_problem(key, action[key], deck_size)
                    if bad:
                        return [f"move {i + 1} of the history: {bad}"]
    return []


def _log_problems(log: Any, n: int) -> list[str]:
    if not isinstance(log, list):
        return ["the game's log is not a list"]
    for i, entry in enumerate(log):
        where = f"line {i + 1} of the log"
        if not isinstance(entry, dict) or not isinstance(entry.get("public"), str):
            return [f"{where} is not a log line"]
        seat = entry.get("seat")
        if not _is_int(seat) or not -1 <= seat < n:
            return [f"{where} is by {_short(seat)}, not a seat"]
        private = entry.get("private")
        if not isinstance(private, dict):
            return [f"{where} has private lines that are not a mapping of seats"]
        for key, text in private.items():
            if not (key.isdigit() and int(key) < n) or not isinstance(text, str):
                return [f"{where} has a private line for {_short(key)}, not a seat"]
    return []


def _normal(data: Any) -> Any:
    return json.loads(json.dumps(data))


def _reads_back(saved: Any, loaded: Any) -> bool:
    """True when ``loaded`` holds everything ``saved`` holds, unchanged (a save written by an
    older version lacks fields added since: the loaded state fills them in)."""
    if isinstance(saved, dict):
        return isinstance(loaded, dict) and all(k in loaded and _reads_back(v, loaded[k]) for k, v in saved.items())
    if isinstance(saved, list):
        return (isinstance(loaded, list) and len(saved) == len(loaded)
                and all(_reads_back(a, b) for a, b in zip(saved, loaded, strict=True)))
    return bool(saved == loaded and type(saved) is type(loaded))


def load_state(game_id: str, payload: Mapping[str, Any], *, trusted: bool = False) -> Any:
    """The game state a payload holds, checked; SaveError (``"invalid"``) saying why it cannot be.

    A payload that says how its match began is replayed from there and must be what its
    moves give, unless ``trusted`` (a save this app wrote or already replayed whole:
    :mod:`cardtable.save_trust`): such a save is only built, its moves not looked over
    again (a long match's are a quarter of a million records)."""
    try:
        game = games.get(game_id)
    except KeyError as exc:
        raise SaveError(None, f"this version has no game {game_id!r}", "invalid") from exc
    if game.state is None:
        raise SaveError(None, f"{game.name} has no rules to resume", "invalid")
    from cardtable.variants import load_deck_by_id

    data = payload.get("state") if isinstance(payload, Mapping) else None
    inner = data.get("state") if isinstance(data, dict) else None
    deck_id = inner.get("deck") if isinstance(inner, dict) else None
    deck = None
    if isinstance(deck_id, str):
        if deck_id not in game.decks:
            raise SaveError(None, f"{game.name} is not played with the deck {_short(deck_id)}", "invalid")
        try:
            deck = load_deck_by_id(deck_id)
        except Exception as exc:  # noqa: BLE001 - a missing or broken deck file is a reason
            raise SaveError(None, f"the save's deck {deck_id!r} cannot be loaded: {exc}", "invalid") from exc
    vouched = trusted and isinstance(data, dict) and "genesis" in data  # this app wrote it, or replayed it whole
    problems = structure_problems(game, payload, len(deck) if deck is not None else None, moves=not vouched)
    if deck is None and not problems:
        problems = ["the save does not name its deck"]
    if problems:
        raise SaveError(None, f"the save does not fit {game.name}: {problems[0]}", "invalid")
    assert isinstance(data, dict)
    try:
        state = game.state.from_json(data, deck=deck)
    except Exception as exc:  # noqa: BLE001 - anything a bad payload raises
        raise SaveError(None, f"the save does not fit {game.name} ({type(exc).__name__}: {exc})",
                        "invalid") from exc
    if vouched:
        return state
    try:
        # The log checks follow the game move by move; old lines name cards of earlier hands.
        problems = (list(game.checks.all_problems(state, log_start=len(state.log)))
                    if game.checks is not None else [])
        if not problems and not _reads_back(_normal(data), _normal(state.to_json())):
            problems = ["the game does not read back as it was saved"]
    except Exception as exc:  # noqa: BLE001 - a check that cannot run on the state is a reason too
        problems = [f"the game's checks fail on it ({type(exc).__name__}: {exc})"]
    if problems:
        raise SaveError(None, f"the save breaks {game.name}'s rules: {problems[0]}", "invalid")
    if "genesis" in data and not trusted:  # the state is what the moves give; the saved one must say the same
        return _replayed(game, data, deck, state)
    return state


def _replayed(game: games.GameDefinition, data: Mapping[str, Any], deck: Any, loaded: Any) -> Any:
    """The state a save's moves reach from its genesis (:mod:`cardtable.engine.replay`),
    when the saved state says nothing else; SaveError naming the first move that does not
    replay or the first place the saved state differs."""
    assert game.state is not None
    try:
        state = replay(game.state, data, deck=deck, read_settings=game.read_settings)
    except ReplayError as exc:
        raise SaveError(None, f"the save's moves do not replay: {exc}", "invalid") from exc
    found = difference(_normal(data), _normal(state.to_json()))
    if found:
        raise SaveError(None, f"the save is not what its moves give: {found}", "invalid")
    del loaded  # (the saved state, checked: the replayed one is played)
    return state


def _summary_problem(summary: Any) -> str | None:
    if not isinstance(summary, Mapping):
        return "the save's summary is not a mapping"
    names = summary.get("names", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return "the save's summary does not list the players' names"
    for key in ("round_word", "variant_name", "to_act", "imported"):
        if summary.get(key) is not None and not isinstance(summary.get(key), str):
            return f"the save's summary has a bad {key!r}"
    if summary.get("round") is not None and not _is_int(summary.get("round")):
        return "the save's summary has a bad round"
    return None


def save_problem(envelope: Mapping[str, Any], variant_games: Mapping[str, str] | None = None) -> str | None:
    """Why the checked envelope cannot be played, in words; None when it can.

    ``variant_games`` maps each variant id this version knows to its game (read from
    the variant files when None).
    """
    if variant_games is None:
        from cardtable import variants

        variant_games = {e.spec.id: e.spec.game for e in variants.discover() if e.spec}
    game_id, variant = envelope.get("game"), envelope.get("variant")
    if not isinstance(game_id, str) or not isinstance(variant, str):
        return "the save does not say which game it is"
    owner = variant_games.get(variant)
    if owner is None:
        return f"this version has no variant {variant!r} to play it"
    if owner != game_id:
        return f"the save is a {game_id!r} game but names {variant!r}, a variant of {owner!r}"
    bad = _summary_problem(envelope.get("summary"))
    if bad:
        return bad
    digest = envelope.get("sha256")
    try:
        load_state(game_id, envelope.get("payload") or {}, trusted=save_trust.vouched(digest))
    except SaveError as exc:
        return exc.reason
    except Exception as exc:  # noqa: BLE001 - never a crash while checking
        return f"the save cannot be checked ({type(exc).__name__}: {exc})"
    if isinstance(digest, str) and not save_trust.vouched(digest):  # replayed whole and found good: once only
        save_trust.vouch(digest)
        save_trust.persist()
    return None


def checker(variant_games: Mapping[str, str] | None = None) -> Callable[[Mapping[str, Any]], str | None]:
    """:func:`save_problem` with the variants read once, for :func:`cardtable.saves.list_saves`."""
    if variant_games is None:
        from cardtable import variants

        variant_games = {e.spec.id: e.spec.game for e in variants.discover() if e.spec}
    known = dict(variant_games)
    return lambda envelope: save_problem(envelope, known)
