"""Saves are checked against their game before they are listed as playable or resumed.

For every game with rules a real mid-game save is made by playing a seeded game a few
moves; its payload is then damaged one way at a time (with a consistent checksum, so
only the new checks can catch it). Each damaged save must be marked broken with a
reason by the check, listed as broken (the file kept), refused by resume and by the
start-up offer, and nothing may crash.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from cardtable import games, paths, save_checks
from cardtable.engine.game import CHANCE, rng_to_json
from cardtable.saves import SaveError, SaveFile, decode, encode, interrupted_save, list_saves, load_save
from cardtable.variants import load_deck_by_id

GAMES = [g.id for g in games.registry().with_rules()]


def mid_game_payload(game_id: str, seed: int = 3) -> dict[str, Any]:
    """A table's ``save_data()`` after a seeded game has gone a few moves: two people and a computer,
    every seat holding cards."""
    game = games.get(game_id)
    state = game.new_state(game.read_settings({}), load_deck_by_id(game.decks[0]), ["Ann", "Bob", "Cy"],
                           random.Random(seed))
    rng = random.Random(seed + 1)
    moves = 0
    while state.to_act is not None:
        data = state.to_json()["state"]
        if moves >= 6 and all(data["hands"][s] for s in range(2)) and state.round_number >= 1:
            break
        action = state.chance_action() if state.to_act == CHANCE else rng.choice(state.legal_actions(state.to_act))
        state.apply(action)
        moves += 1
    return {"state": state.to_json(), "seats": [{"name": "Ann", "bot": None}, {"name": "Bob", "bot": None},
                                                {"name": "Cy", "bot": "normal"}],
            "bot_rngs": {"2": rng_to_json(random.Random(seed + 2))}}


def _stacks(inner: dict[str, Any]) -> list[int] | None:
    """The seats' stacks wherever the game keeps them."""
    if isinstance(inner.get("stacks"), list):
        return inner["stacks"]
    for holder in (inner.get("chips"), (inner.get("betting") or {}).get("chips")):
        if isinstance(holder, dict) and isinstance(holder.get("stacks"), list):
            return holder["stacks"]
    return None


Mutation = Callable[[dict[str, Any]], bool]
"""Damages a payload in place; False when the game has no such field."""


def _inner(payload: dict[str, Any]) -> dict[str, Any]:
    return payload["state"]["state"]


def private_list(p):
    entry = next((e for e in p["state"]["log"] if e["private"]), p["state"]["log"][0])
    entry["private"] = list(entry["private"].values())
    return True


def negative_rng_word(p):
    p["state"]["rng"][1][5] = -1
    return True


def negative_bot_rng_word(p):
    p["bot_rngs"]["2"][1][0] = -7
    return True


def seat_field(key, value):
    def mutate(p):
        if key not in _inner(p):
            return False
        _inner(p)[key] = value
        return True
    mutate.__name__ = f"{key}_{value}"
    return mutate


def card(value):
    def mutate(p):
        _inner(p)["hands"][0][0] = value
        return True
    mutate.__name__ = f"card_{value}"
    return mutate


def name_is_a_number(p):
    p["seats"][1]["name"] = 42
    return True


def inner_name_is_a_number(p):
    if "names" not in _inner(p):
        return False
    _inner(p)["names"][1] = 42
    return True


def name_with_nul(p):
    p["seats"][0]["name"] = "Ann\x00"
    return True


def negative_stack(p):
    stacks = _stacks(_inner(p))
    if stacks is None:
        return False
    stacks[0] = -5
    return True


def chips_do_not_add_up(p):
    stacks = _stacks(_inner(p))
    if stacks is None:
        return False
    stacks[1] += 7
    return True


def card_in_two_hands(p):
    hands = _inner(p)["hands"]
    hands[1][0] = hands[0][0]
    return True


def hundred_copies(p):
    hands = _inner(p)["hands"]
    hands[0].extend([hands[0][0]] * 99)
    return True


def too_many_seats(p):
    p["state"]["seats"] = 99
    return True


def seats_not_matching(p):
    p["seats"].pop()
    return True


def history_not_actions(p):
    p["state"]["history"] = [{"type": "nonsense", "seat": 0, "x": 1}]
    return True


def deck_of_another_game(p):
    _inner(p)["deck"] = "sabacc" if _inner(p)["deck"] != "sabacc" else "standard52"
    return True


def big_number(p):
    _inner(p)["dealer"] = 10 ** 400
    return True


MUTATIONS: list[Mutation] = [
    private_list, negative_rng_word, negative_bot_rng_word, seat_field("turn", 99), seat_field("dealer", -3),
    seat_field("draw_turn", 99), seat_field("flip_turn", 99), card(999999), card("AS"), card(-1),
    name_is_a_number, inner_name_is_a_number, name_with_nul, negative_stack, chips_do_not_add_up,
    card_in_two_hands, hundred_copies, too_many_seats, seats_not_matching, history_not_actions,
    deck_of_another_game, big_number,
]


@pytest.fixture(scope="module")
def payloads() -> dict[str, dict[str, Any]]:
    return {g: mid_game_payload(g) for g in GAMES}


def envelope(game: str, payload: dict[str, Any], variant: str | None = None) -> dict[str, Any]:
    return decode(encode(game=game, variant=variant or game, match="m1", payload=payload,
                         summary={"names": ["Ann", "Bob", "Cy"], "round": 1}, kind="named"))


@pytest.mark.parametrize("game", GAMES)
def test_a_real_mid_game_save_passes_every_check(game, payloads):
    assert save_checks.save_problem(envelope(game, payloads[game])) is None
    state = save_checks.load_state(game, payloads[game])
    assert state.to_json() == payloads[game]["state"]


@pytest.mark.parametrize("mutation", MUTATIONS, ids=lambda m: m.__name__)
@pytest.mark.parametrize("game", GAMES)
def test_a_damaged_payload_is_refused_with_a_reason(game, mutation, payloads):
    payload = copy.deepcopy(payloads[game])
    if not mutation(payload):
        pytest.skip(f"{game} has no such field")
    problem = save_checks.save_problem(envelope(game, payload))
    assert isinstance(problem, str) and problem
    with pytest.raises(SaveError) as caught:
        save_checks.load_state(game, payload)
    assert caught.value.reason


@pytest.mark.parametrize("game", GAMES)
def test_a_variant_of_another_game_is_refused(game, payloads):
    other = next(g for g in GAMES if g != game)
    problem = save_checks.save_problem(envelope(game, payloads[game], variant=other))
    assert problem is not None and repr(other) in problem and "variant" in problem


@pytest.mark.parametrize("game", GAMES)
def test_a_5000_digit_integer_is_a_broken_file_not_a_crash(game, payloads):
    raw = encode(game=game, variant=game, match="m1", payload=payloads[game], kind="named")
    damaged = re.sub(rb'"dealer":-?\d+', b'"dealer":' + b"9" * 5000, raw, count=1)
    assert damaged != raw
    with pytest.raises(SaveError) as caught:
        decode(damaged)
    assert "4300" in caught.value.reason or "digits" in caught.value.reason


def _write(path, game, payload, variant=None, kind="named"):
    paths.ensure_dir(path.parent)
    path.write_bytes(encode(game=game, variant=variant or game, match=path.stem, payload=payload,
                            summary={"names": ["Ann", "Bob", "Cy"], "round": 1}, kind=kind))


@pytest.mark.parametrize("game", GAMES)
def test_the_list_resume_and_the_start_offer_handle_damaged_saves(app, game, payloads):
    from cardtable.ui.menu import MenuScene
    from cardtable.ui.saves_scene import SavesScene, describe, offer_interrupted, resume_save, save_checker

    folder = paths.saves_dir()
    damaged = {}
    for mutation in MUTATIONS:
        payload = copy.deepcopy(payloads[game])
        if mutation(payload):
            damaged[mutation.__name__] = payload
    for name, payload in damaged.items():
        _write(folder / f"{name}.json", game, payload)
    _write(folder / "other_variant.json", game, payloads[game], variant=next(g for g in GAMES if g != game))
    big = encode(game=game, variant=game, match="big", payload=payloads[game], kind="named")
    (folder / "big_number.json").write_bytes(re.sub(rb'"dealer":\d+', b'"dealer":' + b"7" * 5000, big, count=1))
    _write(folder / "good.json", game, payloads[game])

    check = save_checker(app)
    listed = {s.path.stem: s for s in list_saves(check=check)}
    assert listed["good"].ok
    broken = set(damaged) | {"other_variant", "big_number"}
    for name in broken:
        save = listed[name]
        assert not save.ok and save.error is not None and save.error.reason, name
        assert save.path.exists()  # the file is kept
        assert "cannot be loaded" in describe(save, {})[0]
    # The list scene shows them; resuming one is refused without a crash.
    d_scene = app.push(SavesScene(app))
    surface = pygame.Surface(app.screen.get_size())
    d_scene.draw(surface)
    app.scenes.remove(d_scene)
    depth = len(app.scenes.scenes)
    for name in broken - {"big_number"}:
        raw_envelope = load_save(folder / f"{name}.json")  # a good checksum: only the new checks refuse it
        assert resume_save(app, SaveFile(folder / f"{name}.json", "named", 0.0, envelope=raw_envelope)) is None
        assert len(app.scenes.scenes) == depth and isinstance(app.scenes.top, MenuScene)
        assert "Cannot resume" in app.toast_text
    # The start-up offer: the newest autosave is damaged, so the older good one is offered.
    autos = paths.autosave_dir()
    _write(autos / "auto-m9-000001.json", game, payloads[game], kind="auto")
    worst = next(iter(damaged.values()))
    _write(autos / "auto-m9-000002.json", game, worst, kind="auto")
    offered = interrupted_save(check=check)
    assert offered is not None and offered.path.name == "auto-m9-000001.json"
    (autos / "auto-m9-000001.json").unlink()
    assert interrupted_save(check=check) is None
    assert offer_interrupted(app) is None
