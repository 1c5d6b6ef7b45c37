"""Checks every game's invariants share: liveness and the JSON round trip.

Each game's ``<game>_checks.py`` adds what only that game knows (where its chips
and cards may be, which cards are public) and uses these for the rest.
"""

from __future__ import annotations

import json
from typing import Any

from cardtable.engine.game import CHANCE, GameState

__all__ = ["match_over", "liveness_problems", "round_trip", "round_trip_problems", "contract_problems",
           "problems_after_action", "game_round_trip_problems"]


def match_over(state: GameState) -> bool:
    """True when the state's phase is its game-over phase (every game calls it ``game_over``)."""
    phase = getattr(state, "phase", None)
    return str(getattr(phase, "value", phase)) == "game_over"


def liveness_problems(state: GameState, *, chance: bool = False, most: int | None = None) -> list[str]:
    """The match is over, or somebody is asked to act and can.

    With ``chance``, chance's own next action is drawn (the random generator is put
    back as it was) and must be legal. ``most`` bounds how many listed actions are
    checked (a game with hundreds of them checks a sample).
    """
    to_act = state.to_act
    over = match_over(state)
    phase = getattr(state, "phase", None)
    if to_act is None:
        return [] if over else [f"nobody is to act in phase {phase}"]
    if over:
        return ["the match is over but someone is to act"]
    if to_act == CHANCE:
        if not chance:
            return []
        saved = state.rng.getstate()
        try:
            action = state.chance_action()
        finally:
            state.rng.setstate(saved)
        why = state.why_illegal(action)
        return [] if why is None else [f"chance's own action is illegal in phase {phase}: {why}"]
    actions = state.legal_actions(to_act)
    if not actions:
        return [f"seat {to_act} is to act in phase {phase} with no legal action"]
    checked = actions if most is None else actions[:most]
    return [f"listed action {a} is illegal: {why}" for a in checked
            if (why := state.why_illegal(a)) is not None]


def round_trip(state: Any, **spec: Any) -> tuple[Any, list[str]]:
    """The state written to JSON text and read back (with its deck and ``spec``), and
    what changed on the way. Play can go on from the copy.

    The copy must write the same JSON, and a betting round in it must share the
    state's chips ledger rather than hold its own.
    """
    text = json.dumps(state.to_json(), sort_keys=True)
    again = type(state).from_json(json.loads(text), deck=state.deck, **spec)
    problems = []
    if json.dumps(again.to_json(), sort_keys=True) != text:
        problems.append("the state changed in a JSON round trip")
    betting = getattr(again, "betting", None)
    if betting is not None and getattr(betting, "chips", None) is not getattr(again, "chips", None):
        problems.append("after a JSON round trip the betting round has its own chips ledger")
    return again, problems


def round_trip_problems(state: Any) -> list[str]:
    """What :func:`round_trip` finds wrong (empty: the state survives JSON)."""
    return round_trip(state)[1]


def contract_problems(state: GameState) -> list[str]:
    """What the game contract itself requires after any action: every listed action of
    the seat to act is legal, and every seat's view and log are plain JSON."""
    problems: list[str] = []
    to_act = state.to_act
    if to_act is not None and to_act != CHANCE:
        actions = state.legal_actions(to_act)
        if not actions:
            problems.append(f"seat {to_act} is to act with no legal action")
        problems += [f"listed action {a} is illegal: {why}"
                     for a in actions[:20] if (why := state.why_illegal(a)) is not None]
    for seat in (None, *range(state.seats)):
        try:
            json.dumps(state.view(seat))
            json.dumps(state.log_for(seat))
        except (TypeError, ValueError) as exc:
            problems.append(f"view or log of seat {seat} is not JSON-safe: {exc}")
    return problems


def problems_after_action(game: Any, state: GameState, log_start: int = 0) -> list[str]:
    """What ``game``'s own checks (its :class:`~cardtable.games.GameDefinition`'s
    ``checks`` module) and the contract find wrong after an action."""
    problems = list(game.checks.all_problems(state, log_start=log_start)) if game.checks else []
    return problems + contract_problems(state)


def game_round_trip_problems(game: Any, state: GameState) -> list[str]:
    """The game's own JSON round trip check (its checks module's ``round_trip``)."""
    if game.checks is not None and hasattr(game.checks, "round_trip"):
        return list(game.checks.round_trip(state)[1])
    return round_trip_problems(state)
