"""The end of a match for the people at the screen (issue 30): when the last person here
has no chips left, or the match is over, a standings screen opens by itself with the final
standings, "Play again" (Enter: the same seats and settings, a new match) and "Menu" (Esc);
and the standings Esc shows in the middle of a hand count the chips bet this hand."""

from __future__ import annotations

import pygame
from uihelp import Driver, variant_spec

from cardtable import games
from cardtable.engine.betting import AllIn, Fold
from cardtable.engine.game import CHANCE
from cardtable.engine.view import OUT
from cardtable.ui.menu import MenuScene
from cardtable.ui.pass_screen import PassScreen
from cardtable.ui.setup_scene import SeatConfig
from cardtable.ui.standings import MatchOverScene, StandingsOverlay


def open_draw_table(app, seats: list[SeatConfig], stack: int):
    spec = variant_spec(app, "five_card_draw")
    table = games.get(spec.game).table_module().TABLE
    return table.start(app, spec, seats, stack, seed=5)


def play_people(d: Driver, scene, move, frames: int = 4000, observe=lambda: None) -> None:
    """Run the table (computers, chance, pass screens) with the people playing ``move(options)``
    until the final standings open."""
    app = d.app
    for _ in range(frames):
        top = app.scenes.top
        if isinstance(top, MatchOverScene):
            return
        if isinstance(top, PassScreen):
            d.key(pygame.K_RETURN)
            continue
        observe()
        view = scene.view
        if top is scene and view.to_act is not None and view.to_act >= 0 and not scene.is_bot(view.to_act) \
                and scene.viewer == view.to_act:
            scene.act(move(view))
        elif top is scene and view.to_act == CHANCE and scene.waits_for_next_round():
            scene.next_round()
        d.step()
    raise AssertionError(f"the final standings never opened ({type(app.scenes.top).__name__} on top)")


def fold_or_stand(view):
    folds = [a for a in view.legal if isinstance(a, Fold)]
    return folds[0] if folds else view.legal[0]


def test_the_last_person_busting_opens_the_final_standings_and_enter_plays_again(app):
    d = Driver(app)
    seats = [SeatConfig("Ada"), SeatConfig("Computer 2", bot="normal"), SeatConfig("Computer 3", bot="normal")]
    scene = open_draw_table(app, seats, 100)
    assert scene.state.to_act == CHANCE and scene.state.round_number == 0
    scene.state.chips.stacks[0] = 2  # Ada sits down short: the antes take her chips while she folds
    play_people(d, scene, fold_or_stand)
    final = app.scenes.top
    assert scene.view.to_act is not None  # the computers would play on: the match is not over
    assert scene.view.seats[0].status == OUT
    assert final.title == "Ada is out of chips" and "over for you" in final.line
    assert [row.name for row in final.standings][-1] == "Ada"
    assert sum(row.chips + row.in_pot for row in final.standings) == 202
    assert [w.label for w in final.widgets.widgets] == ["Menu", "Play again", "Replay"]
    d.key(pygame.K_r)  # her stack was set by hand above, so the moves do not replay: refused, said why
    assert app.scenes.top is final and app.toast_text.startswith("No replay: ")
    d.key(pygame.K_RETURN)  # Play again
    again = app.scenes.scenes[-1]
    assert again is not scene and scene not in app.scenes.scenes
    assert type(again) is type(scene) and again.names == scene.names
    assert [s.bot for s in again.seat_configs] == [None, "normal", "normal"]
    assert again.state.round_number <= 1 and sum(again.state.stacks) + again.state.chips.pot_total == 300


def test_the_end_of_the_match_opens_the_final_standings_and_esc_goes_to_the_menu(app):
    d = Driver(app)
    scene = open_draw_table(app, [SeatConfig("Ada"), SeatConfig("Computer 2", bot="normal")], 4)
    play_people(d, scene, lambda view: next((a for a in view.legal if isinstance(a, AllIn)), view.legal[0]))
    final = app.scenes.top
    assert scene.view.to_act is None and final.title == "The match is over"
    assert final.standings[0].chips == 8 and final.line == f"{final.standings[0].name} finishes on top."
    d.key(pygame.K_ESCAPE)  # Menu
    assert isinstance(app.scenes.top, MenuScene) and scene not in app.scenes.scenes


def test_the_final_standings_wait_for_the_last_hand_to_be_seen(app):
    d = Driver(app)
    scene = open_draw_table(app, [SeatConfig("Ada"), SeatConfig("Computer 2", bot="normal")], 4)
    scene.END_PAUSE = 1000.0  # the table stays: its bar's button opens them
    for _ in range(4000):
        view = scene.view
        if view.to_act is None:
            break
        if isinstance(app.scenes.top, PassScreen):
            d.key(pygame.K_RETURN)
        elif view.to_act == 0 and scene.viewer == 0:
            scene.act(next((a for a in view.legal if isinstance(a, AllIn)), view.legal[0]))
        d.step()
    d.step(10)
    assert app.scenes.top is scene  # the last hand is still in view
    d.press("Final standings")
    assert isinstance(app.scenes.top, MatchOverScene)


def test_esc_standings_count_the_chips_in_the_pot(app):
    d = Driver(app)
    seats = [SeatConfig("Ada"), SeatConfig("Computer 2", bot="normal"), SeatConfig("Computer 3", bot="normal")]
    scene = open_draw_table(app, seats, 50)
    for _ in range(2000):
        view = scene.view
        if view.to_act == 0 and scene.viewer == 0 and view.pot_total > 0:
            break
        d.step()
    d.key(pygame.K_ESCAPE)
    overlay = app.scenes.top
    assert isinstance(overlay, StandingsOverlay) and not overlay.over
    assert sum(row.chips + row.in_pot for row in overlay.standings) == 150  # every chip is someone's
    ada = next(row for row in overlay.standings if row.name == "Ada")
    assert ada.in_pot >= 1 and ada.chips + ada.in_pot == 50  # her ante is still hers
    d.key(pygame.K_ESCAPE)  # keep playing
    assert app.scenes.top is scene


def test_in_hot_seat_the_standings_wait_for_the_last_person_here(app):
    d = Driver(app)
    seats = [SeatConfig("Ada"), SeatConfig("Bo"), SeatConfig("Computer 3", bot="normal"),
             SeatConfig("Computer 4", bot="normal")]
    scene = open_draw_table(app, seats, 100)
    scene.state.chips.stacks[0], scene.state.chips.stacks[1] = 1, 3  # Ada goes out first, then Bo
    seen = []
    play_people(d, scene, fold_or_stand,
                observe=lambda: seen.append((scene.view.seats[0].status, scene.view.seats[1].status)))
    assert (OUT, "in") in seen or (OUT, "folded") in seen  # Ada was out while Bo played on, no standings
    assert app.scenes.top.title == "Ada and Bo are out of chips"
