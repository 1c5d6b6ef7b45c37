"""A hand of Flame Sword played through posted events: setup, pass screens, a Called Shot
picked in the deck browser, betting keys, flipping grid cards by clicking them, the
row/column hover preview, the showdown, and the next hand with its Underdog."""

from __future__ import annotations

import pygame
import pytest
from uihelp import Driver, calm_move, people_turns, start_two_people_and_a_computer, to_my_turn

from cardtable.games.flame_sword.rules import CallShot, Flip, Phase
from cardtable.games.flame_sword.state import line_cells_of
from cardtable.games.flame_sword.ui.table import FlameTableScene, decision_text
from cardtable.ui.deck_browser import DeckBrowser


def start_match(app) -> tuple[Driver, FlameTableScene]:
    return start_two_people_and_a_computer(app, "flame_sword", FlameTableScene)


def pick_called_shot(d: Driver, app, scene: FlameTableScene) -> None:
    d.key(pygame.K_s)
    browser = app.scenes.top
    assert isinstance(browser, DeckBrowser) and browser.picking
    d.type("dragon")
    assert all(card.rank == "Dragon" for card in browser.results[:20])
    box, rh = browser.list_rect(), browser.row_height()
    for i in range(10):
        d.click((box.centerx, box.y + i * rh + rh // 2))
    assert len(browser.chosen) == 10
    d.press("Done")


def test_a_hand_through_events_with_a_called_shot_flips_and_the_hover(app):
    d, scene = start_match(app)
    state = scene.state
    passes, flips_by_click, hovered, shot_seat = [], 0, False, None
    over = (Phase.REVEAL, Phase.GAME_OVER)
    for seat in people_turns(d, scene, lambda state: state.phase in over, 6000, passes,
                             private=lambda state: state.phase == Phase.BET):
        if state.phase == Phase.CALL:
            assert scene.viewer == seat
            if shot_seat is None:
                shot_seat = seat
                pick_called_shot(d, app, scene)
            else:
                d.key(pygame.K_p)
        elif state.phase == Phase.FLIP:
            # Flipping at a shared screen: no pass screen, and nobody's hole cards show.
            assert scene.viewer in (None, seat)
            if scene.viewer is None:
                assert all(c is None for s in scene.viewer_view().seats for c in s.hand)
            cell = state.face_up.index(False)
            d.click(scene.grid_view.cells[cell].center)
            assert isinstance(state.history[-1], Flip) and state.face_up[cell]
            flips_by_click += 1
        else:
            if state.betting_round == 1 and not hovered:
                hovered = True
                line = "row 1"
                d.move(scene.grid_view.row_labels[0].center)
                assert scene.hovered_line() == line
                preview = scene.preview(line)
                seen = {state.grid[c] for c in line_cells_of(line) if state.face_up[c]}
                if preview is not None:
                    assert set(preview[1]) <= set(state.hands[seat]) | seen
            d.key(pygame.K_c)
    assert state.phase == Phase.REVEAL, (state.phase, state.to_act, type(app.scenes.top).__name__)
    shot = state.called[shot_seat]
    assert len(shot) == 10 and all(state.deck[c].rank == "Dragon" for c in shot)
    assert set(passes) <= {"Player 1", "Player 2"} and len(passes) >= 2
    assert flips_by_click >= 20 and hovered
    results = state.results
    assert results.showdown and len(results.hands) >= 2
    # the table says what decided the main pot, on the bar and on the winner's plate
    main = results.pots[0]
    decided = decision_text((main.decided, main.layer))
    assert main.decided and decided
    view = scene.viewer_view()
    for winner in main.winners:
        assert any(main.decided in line or "split" in line for line in scene._plate_lines(view, winner))
    said = []
    scene.bar_message = lambda surface, text: said.append(text)
    scene.draw_bar(app.screen, view)
    del scene.bar_message
    assert main.decided in said[0] and (f"layer {main.layer}" in said[0] or main.layer in (0, 6))
    d.key(pygame.K_RETURN)  # the next hand
    assert state.hand_no == 2
    assert state.underdog == results.underdog
    assert state.blind_seats["extra"] == results.pots[0].winners[0]


def to_a_persons_bet(d: Driver, scene: FlameTableScene) -> None:
    """Play on (the people make no Called Shot) until a person is to bet."""
    state = scene.state
    for seat in people_turns(d, scene, lambda state: state.phase == Phase.BET and not scene.is_bot(state.to_act),
                             3000, private=lambda state: False):
        scene.act(CallShot(seat=seat))
    assert state.phase == Phase.BET and not scene.is_bot(state.to_act), "never reached a person's bet"


def test_a_refused_flip_is_explained_and_changes_nothing(app):
    d, scene = start_match(app)
    state = scene.state
    to_a_persons_bet(d, scene)
    history = len(state.history)
    assert not scene.act(Flip(seat=state.to_act, cell=0))
    assert len(state.history) == history and "Not allowed" in app.toast_text


def test_a_saved_table_is_restored_exactly(app):
    from cardtable.games.flame_sword.ui.table import restore

    d, scene = start_match(app)
    state = scene.state
    to_a_persons_bet(d, scene)
    data = scene.save_data()
    spec = scene.variant
    again = restore(app, spec, data)
    assert isinstance(again, FlameTableScene) and again is not scene
    assert again.state.to_json() == state.to_json()
    assert [s.bot for s in again.seat_configs] == [None, None, "normal"]
    assert again.bots[2].rng.getstate() == scene.bots[2].rng.getstate()


def test_the_called_shot_prompt_says_what_a_called_shot_is(app):
    """The hand opens with a Called Shot to make or pass: the bar says what one is and
    what choosing it does, in the source's terms (issue 30)."""
    from uihelp import step_to_a_person

    d, scene = start_match(app)
    step_to_a_person(d, scene, lambda state: state.phase == Phase.CALL)
    assert scene.calling()
    words = scene.bar_text(scene.view)
    assert "ten cards before the hole cards are dealt" in words and "beats every other hand" in words
    assert "Called Shot… lets you choose" in words and "No Called Shot passes" in words


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_the_hole_cards_take_the_room_there_is(size):
    """The viewer's hole cards were capped at 60 px (about 55 px, 6 px corner words, at
    1,366 and 1,920 wide) beside empty felt: they now take a ninth of the felt's height,
    and an Underdog's eight still fit the row (issue 30)."""
    import dataclasses

    from uihelp import variant_spec

    from cardtable.games.flame_sword.ui.table import TABLE
    from cardtable.ui.app import App
    from cardtable.ui.layout_check import check_scene
    from cardtable.ui.menu import MenuScene
    from cardtable.ui.setup_scene import SeatConfig

    for scale in (1.0, 1.5):
        app = App(size=size)
        app.settings = dataclasses.replace(app.settings, ui_scale=scale)
        app.push(MenuScene(app))
        try:
            configs = [SeatConfig(name, bot=None if n == 0 else "normal") for n, name in enumerate(["Ann", "Bo", "Cy"])]
            scene = TABLE.start(app, variant_spec(app, "flame_sword"), configs, TABLE.smoke_stack, seed=5)
            d, state = Driver(app), scene.state
            to_my_turn(scene, lambda state: state.phase == Phase.BET,
                       move=lambda state, seat: CallShot(seat=seat) if state.phase == Phase.CALL
                       else calm_move(state, seat))
            d.step(30)
            hand = dict(scene.layout_boxes())["hand:own"]
            assert hand.height >= scene.felt.height // 9 * 1.4 - 2, (scale, hand)
            assert check_scene(scene, size) == []
            used = {*state.grid, *(c for hand in state.hands for c in hand)}
            state.hands[0].extend([c for c in range(200) if c not in used][:4])  # an Underdog's eight
            d.step(30)
            assert check_scene(scene, size) == [], scale
        finally:
            app.shutdown()
