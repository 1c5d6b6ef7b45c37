"""The replay viewer, driven as a person would (keys and clicks on the real app): a match in
play reviewed from the table (the person's own seat only), a saved match stepped through
from the Saves screen (a match still in play: its people's seats only, each behind the
pass screen), a finished match from the final standings (any seat, or every card face up),
for every game's table; a save that cannot be replayed is refused with the reason."""

from __future__ import annotations

import random

import pygame
import pytest
from uihelp import Driver, MostlyCalm, StandIn, play, rendered_texts, variant_spec

from cardtable import games
from cardtable.engine.game import CHANCE
from cardtable.games.shenja_ivali.ui.table import start_shenja_ivali
from cardtable.match_replay import MatchReplay
from cardtable.saves import SaveFile, load_save
from cardtable.ui.pass_screen import PassScreen
from cardtable.ui.replay_table import EVERY_CARD, OWN_SEAT, PEOPLE, WHOLE_MATCH, ReplayTable, open_replay
from cardtable.ui.saves_scene import SavesScene, replay_save
from cardtable.ui.setup_scene import SeatConfig
from cardtable.ui.standings import MatchOverScene
from cardtable.variants import load_deck_by_id


def hidden_from(view, seat):
    """True when ``view`` shows none of the other seats' cards that play has not shown."""
    return all(all(c is None for c in s.hand) or s.shown for s in view.seats if s.seat != seat)


def test_a_match_in_play_is_reviewed_from_the_persons_own_seat_only(app):
    d = Driver(app)
    seats = [SeatConfig("Ada"), SeatConfig("Bo", "normal"), SeatConfig("Cy", "normal")]
    table = start_shenja_ivali(app, variant_spec(app, "shenja_ivali"), seats, 5000, seed=3)
    play(table, StandIn(1), 40)
    assert table.state.to_act is not None
    before = table.state.to_json()
    d.key(pygame.K_r, mod=pygame.KMOD_CTRL)
    viewer = app.scenes.top
    assert isinstance(viewer, ReplayTable) and viewer.who == OWN_SEAT and viewer.perspectives == [0]
    last = viewer.replay.last
    assert viewer.position == last == len(table.state.history)
    d.key(pygame.K_v)  # no other view while the match is in play
    assert viewer.perspective == 0 and "own seat" in app.toast_text
    seen = set()
    for _ in range(last):
        d.key(pygame.K_LEFT)
        seen.add(viewer.position)
        assert viewer.view.seat == 0 and hidden_from(viewer.view, 0)
        assert viewer.view == viewer.replay.view(viewer.position, 0)
    assert seen == set(range(last))
    d.key(pygame.K_END)
    assert viewer.position == last
    d.key(pygame.K_PAGEUP)
    assert viewer.position == viewer.replay.hand_starts[-1] or viewer.position == 0
    d.key(pygame.K_HOME)
    assert viewer.position == 0
    d.key(pygame.K_RIGHT, mod=pygame.KMOD_SHIFT)  # Shift+→: the next hand
    assert viewer.position == viewer.replay.hand_starts[0]
    d.key(pygame.K_ESCAPE)
    assert app.scenes.top is table and table.state.to_json() == before  # the match is as it was


def test_a_saved_match_in_play_shows_its_peoples_seats_each_behind_the_pass_screen(app):
    d = Driver(app)
    seats = [SeatConfig("Ada"), SeatConfig("Bo"), SeatConfig("Cy", "normal")]
    table = start_shenja_ivali(app, variant_spec(app, "shenja_ivali"), seats, 5000, seed=5)
    play(table, StandIn(2), 30)
    assert table.state.to_act is not None
    saved = table.match_keeper().save_named()
    app.scenes.remove(table)
    app.push(SavesScene(app))
    listed = app.scenes.top
    listed.select(next(i for i, s in enumerate(listed.saves) if s.path == saved.path))
    d.press("Replay")
    screen = app.scenes.top
    assert isinstance(screen, PassScreen) and screen.name == "Ada"  # nobody's cards before Ada is here
    viewer = app.scenes.scenes[-2]
    assert isinstance(viewer, ReplayTable) and viewer.who == PEOPLE and viewer.perspectives == [0, 1]
    d.key(pygame.K_RETURN)
    assert app.scenes.top is viewer and viewer.view.seat == 0 and hidden_from(viewer.view, 0)
    d.key(pygame.K_v)
    assert isinstance(app.scenes.top, PassScreen) and app.scenes.top.name == "Bo"
    assert viewer.view.seat is None  # behind the pass screen: nobody's cards
    d.key(pygame.K_RETURN)
    assert viewer.view.seat == 1 and hidden_from(viewer.view, 1)
    d.key(pygame.K_v)
    assert app.scenes.top.name == "Ada"  # the computer's seat and every card are never offered
    d.key(pygame.K_ESCAPE)  # Esc at the pass screen: the replay closes, nobody's cards shown
    assert app.scenes.top is listed and viewer not in app.scenes.scenes


def finished_table(app):
    """Two people played a match of Shenja Ivali to its end; the final standings are open."""
    seats = [SeatConfig("Ada"), SeatConfig("Bo")]
    table = start_shenja_ivali(app, variant_spec(app, "shenja_ivali"), seats, 40, seed=2)
    play(table, MostlyCalm(2), 3000)
    assert table.state.to_act is None and len(table.state.history) > 30
    table.show_final()
    assert isinstance(app.scenes.top, MatchOverScene)
    return table


def test_a_finished_match_is_replayed_from_the_final_standings_with_every_card(app):
    d = Driver(app)
    table = finished_table(app)
    standings = app.scenes.top
    d.press("Replay")
    viewer = app.scenes.top
    assert isinstance(viewer, ReplayTable) and viewer.who == WHOLE_MATCH
    assert viewer.perspectives == [EVERY_CARD, 0, 1] and viewer.perspective == EVERY_CARD
    d.press("|◀")
    d.press("▶▶")  # the first hand, dealt
    assert viewer.position == viewer.replay.hand_starts[0]
    dealt = [s.hand for s in viewer.view.seats]
    assert all(hand and None not in hand for hand in dealt)  # every card face up
    d.press("View: every card")
    assert viewer.perspective == 0 and viewer.view.seats[0].hand == dealt[0] and hidden_from(viewer.view, 0)
    assert not isinstance(app.scenes.top, PassScreen)  # the match is over: nothing to hide from anyone
    d.key(pygame.K_SPACE)  # plays on by itself
    start = viewer.position
    for _ in range(240):
        d.step()
    assert viewer.playing and viewer.position > start
    d.key(pygame.K_SPACE)
    assert not viewer.playing
    d.key(pygame.K_ESCAPE)
    assert app.scenes.top is standings and table in app.scenes.scenes


def test_the_bars_signs_say_what_they_do_on_hover_and_help_lists_the_replays_keys(app, monkeypatch):
    from cardtable.ui.help import HelpOverlay

    d = Driver(app)
    seats = [SeatConfig("Ada"), SeatConfig("Bo", "normal")]
    table = start_shenja_ivali(app, variant_spec(app, "shenja_ivali"), seats, 5000, seed=9)
    play(table, StandIn(1), 20)
    d.key(pygame.K_r, mod=pygame.KMOD_CTRL)
    drawn = rendered_texts(app, monkeypatch)
    d.move(d.button("◀◀").rect.center)
    d.step()
    assert "The hand before (PgUp)" in drawn
    d.key(pygame.K_F1)
    shown = app.scenes.top
    assert isinstance(shown, HelpOverlay)
    keys = dict(shown.key_rows())
    assert "← / →" in keys and "V" in keys and "C" not in keys  # the replay's keys, not the game's


def test_nothing_is_played_in_a_replay(app):
    d = Driver(app)
    seats = [SeatConfig("Ada"), SeatConfig("Bo", "normal")]
    table = start_shenja_ivali(app, variant_spec(app, "shenja_ivali"), seats, 5000, seed=9)
    play(table, StandIn(1), 20)
    d.key(pygame.K_r, mod=pygame.KMOD_CTRL)
    viewer = app.scenes.top
    d.key(pygame.K_HOME)
    for _ in range(200):  # time passes: no computer moves, no chance is drawn, no standings open
        d.step()
    assert viewer.position == 0 and app.scenes.top is viewer
    for key in (pygame.K_RETURN, pygame.K_d, pygame.K_c, pygame.K_f, pygame.K_1):
        d.key(key)
    assert viewer.position == 0 and len(table.state.history) == viewer.replay.last


def test_a_save_that_keeps_no_moves_is_refused_with_the_reason(app, tmp_path):
    seats = [SeatConfig("Ada"), SeatConfig("Bo", "normal")]
    table = start_shenja_ivali(app, variant_spec(app, "shenja_ivali"), seats, 100, seed=2)
    play(table, StandIn(1), 15)
    saved = table.match_keeper().save_named()
    app.scenes.remove(table)
    envelope = load_save(saved.path)
    del envelope["payload"]["state"]["genesis"]  # as an older version wrote it
    top = app.scenes.top
    assert replay_save(app, SaveFile(saved.path, "named", 0.0, envelope=envelope)) is None
    assert "Cannot replay" in app.toast_text and "how it began" in app.toast_text
    assert app.scenes.top is top


def random_match(game, seats: int, seed: int):
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]),
                           [f"Player {n + 1}" for n in range(seats)], random.Random(seed))
    rng = random.Random(seed)
    while state.to_act is not None and len(state.history) < 150:
        state.apply(state.chance_action() if state.to_act == CHANCE
                    else rng.choice(state.legal_actions(state.to_act)))
    return state


@pytest.mark.parametrize("game", [g for g in games.games() if g.state is not None], ids=lambda g: g.id)
def test_every_games_table_draws_its_replay_from_every_view(app, game):
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.game == game.id)
    state = random_match(game, 3, seed=4)
    steps = MatchReplay(game, state)
    viewer = open_replay(app, spec, steps, [SeatConfig(n) for n in state.seat_view(None).names], who=WHOLE_MATCH)
    for position in sorted({0, steps.last // 2, steps.last}):
        viewer.go_to(position)
        for _ in viewer.perspectives:
            viewer.next_view()
            app.step(1 / 60)
            assert viewer.view == (steps.face_up_view(position) if viewer.perspective == EVERY_CARD
                                   else steps.view(position, viewer.perspective))
