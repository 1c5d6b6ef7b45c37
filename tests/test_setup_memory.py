"""The setup screen remembers the last seats, names and levels per game (issue 16), in the
user's config folder, written atomically; a broken file is reported and ignored."""

from __future__ import annotations

import json

import pygame
from uihelp import Driver, variant_spec

from cardtable import paths
from cardtable.ui.menu import open_variant
from cardtable.ui.setup_memory import SetupMemory, memory_file
from cardtable.ui.setup_scene import SeatConfig, SetupScene

VARIANT = "ipso"


def open_setup(app) -> tuple[Driver, SetupScene]:
    d = Driver(app)
    open_variant(app, variant_spec(app, VARIANT))
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    return d, setup


def kind_button(setup: SetupScene, seat: int):
    return [w for w in setup.widgets.widgets if getattr(w, "label", "") in ("person", "remote person")
            or str(getattr(w, "label", "")).startswith("computer")][seat]


def name_field(setup: SetupScene, seat: int):
    return [w for w in setup.widgets.widgets if type(w).__name__ == "TextInput"][seat]


def test_setup_remembers_seats_names_and_levels_per_game(app):
    d, setup = open_setup(app)
    stepper = next(w for w in setup.widgets.widgets if getattr(w, "label", "") == "Seats")
    while setup.count > 3:
        stepper.nudge(-1)
    field = name_field(setup, 0)
    d.click(field.rect.center)
    d.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    for _ in range(30):
        d.key(pygame.K_BACKSPACE)
    d.type("Zoe")
    d.click(kind_button(setup, 1).rect.center)  # computer -> computer (tough)
    d.click(kind_button(setup, 2).rect.center)
    d.click(kind_button(setup, 2).rect.center)  # computer -> tough -> random
    chosen = setup.seats()
    assert chosen[0] == SeatConfig("Zoe") and chosen[1].bot != "normal" and chosen[2].bot != chosen[1].bot
    d.key(pygame.K_RETURN)  # Start: the table opens and the setup is remembered
    assert memory_file().is_file() and memory_file().parent == paths.config_dir()
    while not isinstance(app.scenes.top, type(app.scenes.scenes[0])):
        app.scenes.pop()  # back to the menu
    d2, again = open_setup(app)
    assert again.count == 3 and again.seats() == chosen
    other = next(e.spec for e in app.variant_entries if e.spec and e.spec.game not in (VARIANT, "free_table"))
    app.scenes.pop()
    open_variant(app, other)
    fresh = app.scenes.top
    assert isinstance(fresh, SetupScene) and fresh.seats()[0].name != "Zoe"  # per game


def test_a_remote_seat_is_remembered_too(app):
    d, setup = open_setup(app)
    d.click(kind_button(setup, 0).rect.center)  # person -> remote person
    assert setup.seats()[0].remote and setup.hosting
    setup._remember()
    app.scenes.pop()
    d, again = open_setup(app)
    assert again.seats()[0].remote and again.hosting and again.widgets.widgets[-1].label == "Host"


def test_a_broken_memory_file_is_reported_and_ignored(app):
    path = memory_file()
    paths.ensure_dir(path.parent)
    path.write_text("{not json", encoding="utf-8")
    d, setup = open_setup(app)
    assert setup.memory.problem and "setups.json" in setup.memory.problem
    assert "could not be read" in app.toast_text
    assert setup.seats()[0] == SeatConfig(app.settings.player_names[0])  # the defaults
    setup._remember()  # the next start writes a good file over it
    assert json.loads(path.read_text(encoding="utf-8"))["ipso"]["count"] == setup.count


def test_a_remembered_setup_that_does_not_fit_is_cut_to_the_variant(tmp_path):
    path = tmp_path / "setups.json"
    path.write_text(json.dumps({"ipso": {"count": 99, "seats": []}, "sabacc": {"count": 3, "seats": "no"},
                                "flame_sword": {"count": 2, "seats": [{"name": "A", "kind": "tough"}]}}))
    memory = SetupMemory(path)
    assert memory.get("ipso") is None and memory.get("sabacc") is None and memory.problem
    assert memory.get("flame_sword") == {"count": 2, "seats": [{"name": "A", "kind": "tough"}]}
