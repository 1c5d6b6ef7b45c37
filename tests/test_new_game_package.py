"""Adding a game touches nothing outside its package and its variant file.

High Card Showdown (:mod:`throwaway_game`: antes, three cards, one no-limit betting round,
the best high card wins, side pots) is written into a folder of its own, its variant file
beside the bundled ones, and the registry is pointed at the folder as it would find a new
package under ``cardtable/games/``. Then the checks every game is held to run on it, from
the same test functions that run them on the bundled games: random and bot play with every
invariant, the same seed playing the same match, the declared actions pinned, the log's
voice and numbers, the declared seat range, its hands run on the engine's declared flow with
no flow code of its own, ``cardtable simulate``, the variant file, the
menu listing it, a table opened from the menu as a person would and drawn, its smoke run,
and a save resumed exactly. Nothing in ``tests/`` or ``cardtable/`` names the game.
"""

from __future__ import annotations

import sys

import pygame
import pytest
import test_action_kinds as action_kinds
import test_all_games_properties as contract
import test_flow as flow_checks
import test_log_numbers as log_numbers
import test_log_voice as log_voice
import test_registry as registry_checks
import test_saves_games as saves
import test_ui_join as joined
import test_ui_table_keys as table_keys
from throwaway_game import FILES, GAME_ID, VARIANT
from uihelp import Driver

from cardtable import games, paths, variants
from cardtable.engine import game as engine_game
from cardtable.ui.menu import MenuScene


@pytest.fixture
def new_game(tmp_path, monkeypatch):
    """The game's package and variant file written, the registry found again with them;
    afterwards the registry, the imported modules and the action kinds as they were."""
    folder = tmp_path / "games"
    for path, text in FILES.items():
        target = folder / GAME_ID / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    bundled = tmp_path / "variants"  # the bundled folder, with one more file in it
    bundled.mkdir()
    for item in paths.bundled_variants_dir().iterdir():
        (bundled / item.name).symlink_to(item)
    (bundled / f"{GAME_ID}.yaml").write_text(VARIANT, encoding="utf-8")
    monkeypatch.setattr(paths, "bundled_variants_dir", lambda: bundled)
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(folder)])
    games.registry.cache_clear()
    yield games.get(GAME_ID)
    games.registry.cache_clear()
    package = f"cardtable.games.{GAME_ID}"
    for name in [m for m in sys.modules if m == package or m.startswith(package + ".")]:
        del sys.modules[name]
    kinds = vars(engine_game)["_ACTION_TYPES"]
    for kind in [k for k, cls in kinds.items() if cls.__module__.startswith(package + ".")]:
        del kinds[kind]


@pytest.fixture
def new_app(new_game):
    """The app started after the game was added (it finds the variants once, at start)."""
    from cardtable.ui.app import App

    app = App(size=(1280, 800))
    app.push(MenuScene(app))
    yield app
    app.shutdown()


def test_the_registry_finds_the_game_with_its_rules_and_nothing_broken(new_game):
    found = games.registry()
    assert found.broken == {} and new_game in found.with_rules()
    assert new_game.has_rules and new_game.seats == (2, 6) and new_game.tools == ""


def test_the_checks_every_game_is_held_to_hold_it(new_game):
    contract.test_every_game_declares_its_checks_and_bots(new_game)
    contract.test_random_tables_and_drawn_legal_play_keep_every_invariant(game=new_game)
    contract.test_bots_of_every_level_keep_every_invariant(game=new_game)  # strong too, with no rollout bot
    contract.test_the_same_seed_plays_the_same_game(new_game)
    action_kinds.test_every_games_actions_keep_the_kind_and_fields_it_declares(new_game)
    registry_checks.test_every_games_state_keeps_to_its_declared_seat_range(new_game)
    flow_checks.test_a_flow_game_plays_its_hands_with_no_flow_code_of_its_own(new_game)
    flow_checks.test_a_save_from_before_the_flow_position_loads_where_it_was(new_game)
    for check in (log_voice.test_every_seat_reads_every_line_in_the_third_person,
                  log_voice.test_a_private_line_names_its_seat_and_is_that_seats_alone,
                  log_numbers.test_no_card_is_named_by_its_copy_number,
                  log_numbers.test_the_states_write_thousands_with_separators):
        check(GAME_ID)


def test_simulate_plays_it_to_the_end_with_every_invariant(new_game):
    from cardtable.simulation import simulate_game

    summary = simulate_game(new_game, games=2, seats=3, seed=1, bots="normal")
    assert summary["invariants"]["failed"] == 0, summary["invariants"]["problems"]
    assert summary["invariants"]["checked"] > 0 and summary["finished"] == 2


def test_its_variant_file_loads_with_the_declared_seats(new_game):
    entries = variants.discover([(paths.bundled_variants_dir(), False)])
    assert [e.error for e in entries if e.error] == []
    (spec,) = [e.spec for e in entries if e.spec.game == GAME_ID]
    assert (spec.min_seats, spec.max_seats) == new_game.seats
    assert new_game.read_settings(spec.settings).starting_chips == 50


def test_the_menu_lists_it_and_a_person_opens_its_table_with_the_keys(new_game, new_app):
    from cardtable.ui.setup_scene import SetupScene

    d = Driver(new_app)
    menu = new_app.scenes.top
    assert isinstance(menu, MenuScene)
    titles = [e.title for e in menu.entries]
    assert "High Card Showdown" in titles
    for _ in range(len(titles)):
        if menu.entries[menu.selected].title == "High Card Showdown":
            break
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)  # Play
    assert isinstance(new_app.scenes.top, SetupScene)
    d.key(pygame.K_RETURN)  # Start
    scene = new_app.scenes.top
    assert type(scene).__name__ == "ShowdownTableScene"
    d.step(60)
    assert scene.state.round_no >= 1 and scene.pot_line.startswith("pot ")
    assert scene.widgets.widgets or scene.bet_bar is not None or not scene.mine()


def test_its_table_passes_the_smoke_run_and_a_save_resumes_exactly(new_game, new_app, monkeypatch):
    monkeypatch.setenv("CARDTABLE_SMOKE_SEATS", "three")
    spec = next(e.spec for e in new_app.variant_entries if e.spec and e.spec.game == GAME_ID)
    assert new_game.table_module().smoke(new_app, spec) == "High Card Showdown table: drawn (hand 1)"
    saves.test_a_game_resumes_exactly_through_the_save_protocol(new_app, GAME_ID)


def test_its_keys_reach_their_handlers_and_a_match_is_played_to_its_end_over_the_network(
        new_game, new_app, monkeypatch):
    table_keys.test_help_lists_the_tables_key_map_and_every_key_reaches_its_handler(new_app, GAME_ID, monkeypatch)
    monkeypatch.undo()
    while not isinstance(new_app.scenes.top, MenuScene):
        new_app.scenes.pop()
    joined.test_every_game_is_played_to_its_end_from_a_joined_window(new_app, new_game, monkeypatch)
