"""A hand flow written as data: a list of steps, each a one-key mapping from the step's
kind to its parameters, as a game package's ``flow.yaml`` (and later a variant file)
writes it::

    - antes: {amount: ante}
    - deal: {hole: 5}
    - bet: {name: before the draw}
    - draw: {up_to: max_draw, ace_bonus: ace_bonus}
    - bet: {name: after the draw, big: true}
    - showdown: {evaluator: "cardtable.engine.poker_hands:evaluate"}
    - settle: {}

A step only one game has is ``- hook: <name>``, the name one of the game's own steps
(``hooks``). Each parameter is checked against the step record's declared type; an
unknown kind, an unknown or missing parameter, or a value of the wrong type is refused
with where it stands ("step 3 (bet): ..."), and the flow as a whole must hold one settle.

>>> read_flow([{"antes": {}}, {"deal": {"hole": 2}}, {"bet": {"name": "pre"}}, {"settle": {}}]).describe()
'antes, deal 2 hole cards, betting pre, settle'
>>> read_flow([{"deal": {"hole": "two"}}, {"settle": {}}])
Traceback (most recent call last):
...
ValueError: step 1 (deal): hole must be a whole number, not 'two'
"""

from __future__ import annotations

import dataclasses
import importlib.resources
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any

import yaml

from cardtable.engine.flow.steps import Antes, Bet, Blinds, Deal, Draw, HandFlow, Hook, Settle, Showdown, Step
from cardtable.engine.flow.streets import Board, BoardShowdown, BringIn, DealUp, DiscardDown

__all__ = ["STEP_KINDS", "read_flow", "load_flow"]

STEP_KINDS: dict[str, type[Step]] = {"antes": Antes, "blinds": Blinds, "bring_in": BringIn, "deal": Deal,
                                     "deal_up": DealUp, "board": Board, "bet": Bet, "draw": Draw,
                                     "discard": DiscardDown, "showdown": Showdown, "board_showdown": BoardShowdown,
                                     "settle": Settle}
"""The engine's steps by the kind a flow writes (``hook`` names a game's own)."""

_WORDS = {int: "a whole number", str: "text", bool: "true or false"}


def _accepts(kinds: tuple[type, ...], value: Any) -> bool:
    return any(isinstance(value, kind) and not (kind is int and isinstance(value, bool)) for kind in kinds)


def _kinds(hint: Any) -> tuple[type, ...]:
    """The plain types a field's annotation allows (``int | str``: int and str)."""
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return tuple(arg for arg in typing.get_args(hint) if isinstance(arg, type))
    return (hint,) if isinstance(hint, type) else ()


def _step(kind: str, params: Any, at: str) -> Step:
    record = STEP_KINDS.get(kind)
    if record is None:
        known = ", ".join([*STEP_KINDS, "hook"])
        raise ValueError(f"{at}: no step {kind!r} (known: {known})")
    if params is None:
        params = {}
    if not isinstance(params, Mapping):
        raise ValueError(f"{at}: a step's parameters are a mapping, not {params!r}")
    hints = typing.get_type_hints(record)
    fields = {f.name: f for f in dataclasses.fields(record)}
    for name, value in params.items():
        if name not in fields:
            raise ValueError(f"{at}: unknown parameter {name!r} (known: {', '.join(fields) or 'none'})")
        kinds = _kinds(hints[name])
        if kinds and not _accepts(kinds, value):
            words = " or ".join(_WORDS.get(k, k.__name__) for k in kinds)
            raise ValueError(f"{at}: {name} must be {words}, not {value!r}")
    missing = [f.name for f in fields.values() if f.name not in params
               and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    if missing:
        raise ValueError(f"{at}: missing {', '.join(missing)}")
    try:
        return record(**params)
    except ValueError as exc:
        raise ValueError(f"{at}: {exc}") from None


def read_flow(items: Sequence[Any], hooks: Mapping[str, Step] | None = None) -> HandFlow:
    """The :class:`HandFlow` ``items`` write (plain data, as ``yaml.safe_load`` gives it),
    its hooks the game's own ``hooks``. ValueError saying which step is wrong and why."""
    if not isinstance(items, Sequence) or isinstance(items, str) or not items:
        raise ValueError("a flow is a list of steps")
    steps: list[Step] = []
    for index, item in enumerate(items):
        if not isinstance(item, Mapping) or len(item) != 1:
            raise ValueError(f"step {index + 1}: a step is one kind and its parameters, like {{deal: {{hole: 2}}}}")
        ((kind, params),) = item.items()
        at = f"step {index + 1} ({kind})"
        if kind == "hook":
            if not isinstance(params, str) or params not in (hooks or {}):
                raise ValueError(f"{at}: no step of the game's own called {params!r} "
                                 f"(its own: {', '.join(hooks or {}) or 'none'})")
            steps.append(Hook(params))
        else:
            steps.append(_step(str(kind), params, at))
    return HandFlow(tuple(steps), hooks=dict(hooks or {}))


def load_flow(package: str, hooks: Mapping[str, Step] | None = None) -> HandFlow:
    """The flow in ``flow.yaml`` of the game package ``package`` (``__package__``)."""
    text = importlib.resources.files(package).joinpath("flow.yaml").read_text(encoding="utf-8")
    try:
        return read_flow(yaml.safe_load(text), hooks)
    except ValueError as exc:
        raise ValueError(f"{package.replace('.', '/')}/flow.yaml: {exc}") from None
