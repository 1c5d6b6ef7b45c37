"""Keys remapped in Settings' Keys page by keys alone, remembered in the settings file, honoured
at every table and named by help; a clash or a kept key refused with a reason; a hostile
settings file refused with a reason, never a crash."""

from __future__ import annotations

import json

import pygame
import pytest
from uihelp import Driver, variant_spec

from cardtable.games.free_table.ui.table import FreeTableScene
from cardtable.settings import Settings, load_settings
from cardtable.ui import key_map
from cardtable.ui.app import App
from cardtable.ui.keys_scene import KeysScene
from cardtable.ui.menu import MenuScene
from cardtable.ui.table_parts import REMAPPED, KeyBinding, dispatch_key


def open_keys_page(app) -> tuple[Driver, KeysScene]:
    """From the menu, Tab to Settings, Enter, Tab to "Keys…", Enter."""
    d = Driver(app)
    d.step()
    for label in ("Settings", "Keys…"):
        widgets = app.scenes.top.widgets
        for _ in range(len(widgets.focusables()) + 1):
            if getattr(widgets.focused, "label", None) == label:
                break
            d.key(pygame.K_TAB)
        d.key(pygame.K_RETURN)
    page = app.scenes.top
    assert isinstance(page, KeysScene)
    return d, page


def choose_row(d: Driver, page: KeysScene, binding_id: str) -> None:
    for _ in range(len(page.list.rows)):
        if page.list.binding.id == binding_id:
            return
        d.key(pygame.K_DOWN)
    raise AssertionError(f"no row {binding_id}")


def flipped(app) -> tuple[FreeTableScene, Driver]:
    scene = app.push(FreeTableScene(app, variant_spec(app, "free_table"), seed=2))
    d = Driver(app)
    d.step()
    d.key(pygame.K_TAB)
    return scene, d


def test_a_key_remapped_by_keys_is_remembered_and_honoured_after_a_restart(app):
    d, page = open_keys_page(app)
    choose_row(d, page, "flip.f")
    d.key(pygame.K_RETURN)
    d.key(pygame.K_s)  # the shuffle's key: refused, with the reason
    assert page.note.startswith("Refused: S already does \"shuffle")
    d.key(pygame.K_RETURN)
    d.key(pygame.K_TAB)  # a key every screen keeps: refused
    assert "kept for every screen" in page.note
    d.key(pygame.K_RETURN)
    d.key(pygame.K_q)
    assert dict(app.settings.key_map) == {"flip.f": pygame.K_q}
    assert page.note.startswith("Q / double-click")
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)
    assert dict(load_settings(app.settings_path)[0].key_map) == {"flip.f": pygame.K_q}
    app.shutdown()
    assert not REMAPPED

    again = App(size=(1280, 800))  # the same settings folder
    try:
        again.push(MenuScene(again))
        scene, d = flipped(again)
        deck = scene.focused_pile()
        d.key(pygame.K_f)  # the old key does nothing now
        assert not scene.table.piles[deck].top_face_up
        d.key(pygame.K_q)
        assert scene.table.piles[scene.focused_pile()].top_face_up
        from cardtable.ui.help import HelpOverlay
        rows = dict(HelpOverlay(again, variant_spec(again, "free_table")).key_rows())
        assert "Q / double-click" in rows and "F / double-click" not in rows
        assert d.button("Flip").tooltip == "Flip (Q)" and d.button("Shuffle").tooltip == "Shuffle (S)"
    finally:
        again.shutdown()


def test_delete_and_reset_all_put_the_defaults_back(app):
    d, page = open_keys_page(app)
    choose_row(d, page, "shuffle.s")
    d.key(pygame.K_RETURN)
    d.key(pygame.K_j)
    choose_row(d, page, "gather.c")
    d.key(pygame.K_RETURN)
    d.key(pygame.K_k)
    assert dict(app.settings.key_map) == {"shuffle.s": pygame.K_j, "gather.c": pygame.K_k}
    d.key(pygame.K_DELETE)
    assert dict(app.settings.key_map) == {"shuffle.s": pygame.K_j}
    d.key(pygame.K_TAB)  # "Reset all keys"
    d.key(pygame.K_RETURN)
    assert app.settings.key_map == () and not REMAPPED
    d.key(pygame.K_TAB)  # "Back"
    d.key(pygame.K_TAB)  # the list again
    assert page.widgets.focused is page.list
    choose_row(d, page, "gather.c")
    d.key(pygame.K_RETURN)
    d.key(pygame.K_ESCAPE)  # no change
    assert app.settings.key_map == () and page.note == "No change"


def test_a_game_tables_remapped_key_shows_in_its_help_and_dispatches(app):
    app.update_settings(key_map=(("key_hint.h", pygame.K_j),))
    from cardtable.ui.game_table import GameTableScene
    rows = dict(GameTableScene.key_rows())
    assert rows.get("J") == "a hint: what the strong computer would do"
    calls = []

    class Owner:
        def key_hint(self, event):
            calls.append(event.key)

    hint = next(b for b in GameTableScene.TABLE_KEYS if b.id == "key_hint.h")
    for key in (pygame.K_h, pygame.K_j):
        dispatch_key(Owner(), [hint], pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
    assert calls == [pygame.K_h]  # J called it, as H did (the handler reads the key it knows)


def test_a_clash_in_the_file_is_refused_with_a_reason(app):
    warnings = key_map.apply((("shuffle.s", pygame.K_f), ("no_such.k", pygame.K_q), ("flip.f", pygame.K_ESCAPE),
                              ("gather.c", pygame.K_j)))
    assert REMAPPED == {"gather.c": pygame.K_j}
    assert [w.split(" refused: ")[1] for w in warnings] == [
        'F already does "flip the focused pile (or the one under the cursor)"',
        "no table has a key 'no_such.k' that can be changed",
        "Esc is kept for every screen (back, focus, press, help, full screen)"]


@pytest.mark.parametrize("value", [
    "Q", 7, None, [["flip.f", 113]], {"flip.f": "q"}, {"flip.f": True}, {"flip.f": -1}, {"flip.f": 2 ** 40},
    {"FLIP.F": 113}, {"../../etc": 113}, {"flip.f\x00": 113}, {f"k{n}.f": 113 for n in range(201)},
    {"flip.f": 1e308}, {"a" * 5000 + ".f": 113},
])
def test_a_hostile_key_map_is_refused_with_a_reason(_cardtable_home, value):
    path = _cardtable_home / "hostile.json"
    path.write_text(json.dumps({"key_map": value, "sound": False}))
    settings, warnings = load_settings(path)
    assert settings.key_map == () and settings.sound is False
    assert any("key_map" in w for w in warnings)


def test_a_key_map_no_table_knows_does_not_stop_the_app(_cardtable_home):
    from cardtable.settings import save_settings
    path = _cardtable_home / "settings.json"
    save_settings(Settings(key_map=(("flip.f", pygame.K_s), ("stand.s", 2 ** 31 - 1))), path)
    app = App(settings_path=path, size=(1280, 800))
    try:
        assert REMAPPED == {"stand.s": 2 ** 31 - 1}
        assert any("'flip.f'" in w and "already does" in w for w in app.warnings)
        app.push(MenuScene(app))
        scene, d = flipped(app)
        d.key(pygame.K_f)
        assert scene.table.piles[scene.focused_pile()].top_face_up
    finally:
        app.shutdown()


def test_every_binding_id_is_a_valid_settings_key():
    for _title, _shown, together in key_map.key_groups():
        for binding in together:
            assert isinstance(binding, KeyBinding)
            Settings(key_map=((binding.id, pygame.K_q),))  # (raises for an id the file could not hold)


def test_the_betting_bar_takes_and_names_a_remapped_key(app):
    from cardtable.engine.betting import BetOptions, Call
    from cardtable.ui.bet_bar import BetBar
    app.update_settings(key_map=(("call.c", pygame.K_j),))
    sent = []
    options = BetOptions(seat=2, can_fold=True, can_check=False, can_call=True, call_amount=4, can_bet=False,
                         can_raise=True, min_raise_to=8, max_raise_to=60, can_all_in=True, all_in_to=60)
    bar = BetBar(app, pygame.Rect(10, 600, 1000, 130), options, sent.append)
    assert next(w for w in bar.widgets.widgets if getattr(w, "label", "") == "Call 4").tooltip == "Call 4 (J)"
    bar.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c"))
    assert sent == []
    bar.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_j, mod=0, unicode="j"))
    assert sent == [Call(seat=2)]


def test_a_bet_buttons_second_key_keeps_its_name_when_the_first_is_remapped(app):
    from cardtable.ui.bet_bar import BET_KEYS
    from cardtable.ui.key_map import button_hotkey
    app.update_settings(key_map=(("bet.b", pygame.K_j),))

    def bet():
        """(a stand-in for the bar's bet action: the handler's name is what counts)"""
    assert (button_hotkey(BET_KEYS, bet, "B"), button_hotkey(BET_KEYS, bet, "R")) == ("J", "R")


def test_the_page_says_the_list_goes_on_below_and_where_it_is(app):
    """At the smallest window the list is longer than its box: the page says which rows show,
    and End scrolls to the last, the words following."""
    app.screen = pygame.display.set_mode((1024, 640))
    d, page = open_keys_page(app)
    d.step()
    assert page.list.fits() < len(page.list.rows)
    assert page.list.more().startswith(f"1-{page.list.fits()} of {len(page.list.rows)}")
    d.key(pygame.K_END)
    total = len(page.list.rows)
    assert page.list.more().startswith(f"{total - page.list.fits() + 1}-{total} of {total}")
