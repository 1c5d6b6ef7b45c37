"""Saving and resuming at a real (headless) table: Ctrl+S, autosaves after every action and
on quit, resuming exactly behind a pass screen, the start-up offer, the saves and
statistics screens reached from the menu."""

from __future__ import annotations

import pygame
from uihelp import Driver, MostlyCalm, StandIn, play

from cardtable import paths
from cardtable.games.shenja_ivali.ui.table import IvaliTableScene, start_shenja_ivali
from cardtable.saves import SaveFile, interrupted_save, list_saves, load_save
from cardtable.stats import StatsBook
from cardtable.ui.app import App
from cardtable.ui.menu import MenuScene
from cardtable.ui.pass_screen import PassScreen
from cardtable.ui.saves_scene import ResumeOffer, SavesScene, offer_interrupted, resume_save
from cardtable.ui.setup_scene import SeatConfig
from cardtable.ui.stats_scene import StatsScene

SEATS = [SeatConfig("Ada"), SeatConfig("Bo", "normal"), SeatConfig("Cy", "tough")]


def ivali_spec(app):
    return next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "shenja_ivali")


def named_saves():
    """The saves the players asked for (the statistics file lives in the same folder)."""
    return [p for p in paths.saves_dir().glob("*.json") if not p.name.startswith("stats.")]


def newest_autosave():
    return max(paths.autosave_dir().glob("*.json"), key=lambda p: p.name)


def test_ctrl_s_saves_where_the_toast_says_and_the_save_loads(app):
    d = Driver(app)
    scene = start_shenja_ivali(app, ivali_spec(app), SEATS, 100, seed=4)
    play(scene, StandIn(1), 25)
    d.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    named = named_saves()
    shown = app.toast_text.removeprefix("Saved to ")
    assert len(named) == 1 and shown != app.toast_text  # the whole path, or its end where it is long:
    assert str(named[0]) == shown or str(named[0]).endswith(shown.removeprefix("…"))
    envelope = load_save(named[0])
    assert envelope["payload"] == scene.save_data()
    assert envelope["summary"]["names"] == ["Ada", "Bo", "Cy"] and envelope["kind"] == "named"
    assert set(envelope["payload"]["bot_rngs"]) == {"1", "2"}


def test_every_action_is_autosaved_and_the_autosave_is_the_table(app):
    scene = start_shenja_ivali(app, ivali_spec(app), SEATS, 100, seed=5)
    play(scene, StandIn(1), 12)
    keeper = scene.match_keeper()
    assert keeper.flush()
    envelope = load_save(newest_autosave())
    assert envelope["payload"]["state"] == scene.state.to_json()
    assert envelope["match"] == keeper.match and not envelope["summary"]["finished"]
    assert len(list(paths.autosave_dir().glob("*.json"))) <= 5  # only the newest few are kept


def test_a_resumed_game_goes_on_exactly_and_starts_behind_a_pass_screen(app):
    seats = [SeatConfig("Ada"), SeatConfig("Bo", "normal"), SeatConfig("Cy", "normal")]
    scene = start_shenja_ivali(app, ivali_spec(app), seats, 100, seed=6)
    play(scene, StandIn(1), 40)
    scene.match_keeper().save_named()
    [path] = named_saves()
    resumed = resume_save(app, SaveFile(path, "named", 0.0, envelope=load_save(path)))
    assert isinstance(resumed, IvaliTableScene) and resumed is not scene
    top = app.scenes.top
    assert isinstance(top, PassScreen) and top.name == "Ada"  # even with one person at the table
    assert resumed.viewer is None and resumed.passing
    assert resumed.state.to_json() == scene.state.to_json()
    assert resumed.keeper.match == scene.match_keeper().match  # the same match: no stats counted twice
    # Both tables now play on with the same choices for the person: everything stays equal,
    # the deck order, the bots' generators and whose turn it is included.
    play(scene, StandIn(77), 40)
    play(resumed, StandIn(77), 40)
    assert resumed.state.to_json() == scene.state.to_json()
    assert resumed.state.to_act == scene.state.to_act


def test_quitting_mid_game_autosaves_and_the_next_start_offers_to_resume():
    app = App(size=(1280, 800))
    app.push(MenuScene(app))
    scene = start_shenja_ivali(app, ivali_spec(app), SEATS, 100, seed=7)
    play(scene, StandIn(1), 30)
    expected = scene.state.to_json()
    app.quit()
    app.step()
    app.shutdown()  # pops the table: its last autosave is written before this returns
    save = interrupted_save()
    assert save is not None and save.envelope["payload"]["state"] == expected

    app = App(size=(1280, 800))
    app.push(MenuScene(app))
    d = Driver(app)
    offer = offer_interrupted(app)
    assert isinstance(offer, ResumeOffer)
    d.step()
    d.key(pygame.K_RETURN)
    assert isinstance(app.scenes.top, PassScreen) and app.scenes.top.name == "Ada"
    table = app.scenes.scenes[-2]
    assert isinstance(table, IvaliTableScene) and table.state.to_json() == expected
    d.key(pygame.K_RETURN)
    assert table.viewer == 0
    app.shutdown()


def test_leaving_the_table_on_purpose_is_not_offered_at_start(app):
    d = Driver(app)
    scene = start_shenja_ivali(app, ivali_spec(app), SEATS, 100, seed=8)
    play(scene, StandIn(1), 10)
    d.key(pygame.K_ESCAPE)
    d.press("Leave table")
    assert isinstance(app.scenes.top, MenuScene)
    assert interrupted_save() is None
    assert any(s.summary.get("left") for s in list_saves())


def test_the_menu_lists_saves_and_a_broken_one_shows_its_error(app):
    d = Driver(app)
    scene = start_shenja_ivali(app, ivali_spec(app), SEATS, 100, seed=9)
    play(scene, StandIn(1), 10)
    scene.match_keeper().save_named()
    app.scenes.remove(scene)
    broken = paths.saves_dir() / "broken.json"
    broken.write_bytes(b'{"format": "cardtable-save", "ver')
    d.step()
    d.press("Resume")
    saves_scene = app.scenes.top
    assert isinstance(saves_scene, SavesScene)
    names = [s.path.name for s in saves_scene.saves]
    assert "broken.json" in names
    saves_scene.select(names.index("broken.json"))
    assert "cut off" in d.button("Resume").disabled_reason
    d.press("Resume")  # refused: nothing happens
    assert app.scenes.top is saves_scene
    good = next(i for i, s in enumerate(saves_scene.saves) if s.ok and s.kind == "named")
    saves_scene.select(good)
    d.key(pygame.K_RETURN)
    assert isinstance(app.scenes.top, PassScreen)
    assert isinstance(app.scenes.scenes[-2], IvaliTableScene)


def test_rounds_played_at_the_table_reach_the_statistics_screen(app):
    d = Driver(app)
    scene = start_shenja_ivali(app, ivali_spec(app), SEATS, 100, seed=10)
    stand_in = StandIn(1)
    outcomes = {}
    while scene.state.round_no < 3 and scene.state.to_act is not None:
        play(scene, stand_in, 1)
        outcome = scene.state.round_outcome()
        if outcome is not None:
            outcomes[outcome["round"]] = outcome
    assert sorted(outcomes) == [1, 2]
    book = StatsBook.load()
    for seat, name in enumerate(("Ada", "Bo", "Cy")):
        stats = book.entry(name, "shenja_ivali")
        nets = [o["net"][seat] for o in outcomes.values()]
        assert stats.games == 1
        assert stats.chips_won == sum(n for n in nets if n > 0)
        assert stats.chips_lost == -sum(n for n in nets if n < 0)
        assert stats.rounds_won == sum(seat in o["winners"] for o in outcomes.values())
    app.scenes.remove(scene)
    d.step()
    d.press("Statistics")
    stats_scene = app.scenes.top
    assert isinstance(stats_scene, StatsScene)
    assert [(n, g) for n, g, _ in stats_scene.rows] == [("Ada", "shenja_ivali"), ("Bo", "shenja_ivali"),
                                                        ("Cy", "shenja_ivali")]
    d.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)


def test_a_failing_autosave_is_reported_and_the_game_goes_on(app):
    paths.ensure_dir(paths.saves_dir())
    paths.autosave_dir().write_text("a file where the autosave folder should be")
    scene = start_shenja_ivali(app, ivali_spec(app), SEATS, 100, seed=11)
    play(scene, StandIn(1), 3)
    scene.match_keeper().flush()
    play(scene, StandIn(1), 3)
    assert "Autosave failed" in app.toast_text
    assert len(scene.state.history) == 6


def test_the_app_offers_the_interrupted_game_when_it_starts(monkeypatch):
    from cardtable import app as app_module

    first = App(size=(1280, 800))
    first.push(MenuScene(first))
    scene = start_shenja_ivali(first, ivali_spec(first), SEATS, 100, seed=12)
    play(scene, StandIn(1), 8)
    first.quit()
    first.shutdown()
    seen = []

    def run_once(self, fps=60):
        self.step()
        seen.append(type(self.scenes.top))
        self.shutdown()

    monkeypatch.setattr(App, "run", run_once)
    assert app_module.main(["--size", "1280x800"]) == 0
    assert seen == [ResumeOffer]


def test_the_hands_button_writes_the_saves_finished_hands_beside_the_saves(app):
    import tomllib

    from cardtable.ui.hand_files import hands_folder

    d = Driver(app)
    scene = start_shenja_ivali(app, ivali_spec(app), [SeatConfig("Ada"), SeatConfig("Bo")], 40, seed=2)
    play(scene, MostlyCalm(2), 3000)
    assert scene.state.to_act is None and scene.state.round_number >= 2  # over: its hands may show every card
    saved = scene.match_keeper().save_named()
    app.scenes.remove(scene)
    app.push(SavesScene(app))
    listed = app.scenes.top
    listed.select(next(i for i, s in enumerate(listed.saves) if s.path == saved.path))
    assert d.button("Hands").enabled
    d.press("Hands")
    written = hands_folder() / (saved.path.stem + ".phhs")
    assert written.name in app.toast_text
    hands = tomllib.loads(written.read_text(encoding="utf-8"))
    assert hands and all(h["variant"] == "cardtable.shenja_ivali" for h in hands.values())
    assert app.scenes.top is listed


def test_the_hands_button_says_why_not(app, tmp_path):
    from cardtable.ui.hand_files import why_no_hands, write_hands

    d = Driver(app)
    scene = start_shenja_ivali(app, ivali_spec(app), SEATS, 100, seed=2)
    play(scene, StandIn(1), 3)  # the first hand still being played
    saved = scene.match_keeper().save_named()
    app.scenes.remove(scene)
    app.push(SavesScene(app))
    listed = app.scenes.top
    listed.select(next(i for i, s in enumerate(listed.saves) if s.path == saved.path))
    d.key(pygame.K_h)  # a match still in play: its hands would show the other players' cards
    assert "Cannot write the hands" in app.toast_text and "still being played" in app.toast_text
    broken = SaveFile(tmp_path / "x.json", "named", 0.0, envelope={"game": "free_table", "summary": {"round": 1}})
    assert "no rules" in why_no_hands(broken)
    assert why_no_hands(None)
    gone = SaveFile(tmp_path / "gone.json", "named", 0.0, envelope={"game": "shenja_ivali", "summary": {"round": 3}})
    assert write_hands(app, gone) is None and "Cannot write the hands" in app.toast_text  # never an error
