"""A hand of Flame Sword played through posted events: setup, pass screens, a Called Shot
picked in the deck browser, betting keys, flipping grid cards by clicking them, the
row/column hover preview, the showdown, and the next hand with its Underdog."""

from __future__ import annotations

import pygame
from uihelp import Driver

from cardtable.engine.game import CHANCE
from cardtable.games.flame_sword.rules import CallShot, Flip, Phase
from cardtable.games.flame_sword.state import line_cells_of
from cardtable.games.flame_sword.ui.table import FlameTableScene, decision_text
from cardtable.ui.deck_browser import DeckBrowser
from cardtable.ui.menu import open_variant
from cardtable.ui.pass_screen import PassScreen
from cardtable.ui.setup_scene import SetupScene


def start_match(app) -> tuple[Driver, FlameTableScene]:
    d = Driver(app)
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "flame_sword")
    open_variant(app, spec)
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    seats = next(w for w in setup.widgets.widgets if getattr(w, "label", "") == "Seats")
    while setup.count > 3:
        seats.nudge(-1)
    for _ in range(6):  # seat 2: computer -> tough -> random -> strong -> person
        if setup.seats()[1].bot is None:
            break
        kind = [w for w in setup.widgets.widgets if getattr(w, "label", "") in
                ("person", "computer", "computer (tough)", "computer (random)", "computer (strong)")][1]
        d.click(kind.rect.center)
    assert [s.bot for s in setup.seats()] == [None, None, "normal"]
    d.key(pygame.K_RETURN)
    scene = next(s for s in reversed(app.scenes.scenes) if isinstance(s, FlameTableScene))
    return d, scene


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
    for _ in range(6000):
        top = app.scenes.top
        if isinstance(top, PassScreen):
            assert scene.viewer is None  # nobody's cards are face up behind the screen
            passes.append(top.name)
            d.key(pygame.K_RETURN)
            continue
        if state.phase in (Phase.REVEAL, Phase.GAME_OVER):
            break
        seat = state.to_act
        if seat is None or seat == CHANCE or scene.is_bot(seat):
            d.step()
            continue
        before = len(state.history)
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
                assert all(c is None for h in scene.viewer_view()["hands"] for c in h)
            cell = state.face_up.index(False)
            d.click(scene.grid_view.cells[cell].center)
            assert isinstance(state.history[-1], Flip) and state.face_up[cell]
            flips_by_click += 1
        else:
            assert scene.viewer == seat
            others = [c for s, h in enumerate(state.view(seat)["hands"]) if s != seat for c in h]
            assert all(c is None for c in others)
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
        assert len(state.history) > before, f"a {state.phase} move was not taken"
    assert state.phase == Phase.REVEAL, (state.phase, state.to_act, type(app.scenes.top).__name__)
    shot = state.called[shot_seat]
    assert len(shot) == 10 and all(state.deck[c].rank == "Dragon" for c in shot)
    assert set(passes) <= {"Player 1", "Player 2"} and len(passes) >= 2
    assert flips_by_click >= 20 and hovered
    results = state.results
    assert results.showdown and len(results.hands) >= 2
    # the table says what decided the main pot, on the bar and on the winner's plate
    main = results.pots[0]
    decided = decision_text(results.to_json()["pots"][0])
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


def test_a_refused_flip_is_explained_and_changes_nothing(app):
    d, scene = start_match(app)
    state = scene.state
    for _ in range(3000):
        if isinstance(app.scenes.top, PassScreen):
            d.key(pygame.K_RETURN)
            continue
        seat = state.to_act
        if seat is not None and seat != CHANCE and not scene.is_bot(seat):
            if state.phase == Phase.CALL:
                scene.act(CallShot(seat=seat))
                continue
            if state.phase == Phase.BET:
                history = len(state.history)
                assert not scene.act(Flip(seat=seat, cell=0))
                assert len(state.history) == history and "Not allowed" in app.toast_text
                return
        d.step()
    raise AssertionError("never reached a person's bet")


def test_a_saved_table_is_restored_exactly(app):
    from cardtable.games.flame_sword.ui.table import restore

    d, scene = start_match(app)
    state = scene.state
    for _ in range(400):
        if isinstance(app.scenes.top, PassScreen):
            d.key(pygame.K_RETURN)
            continue
        if state.phase == Phase.BET and state.to_act is not None and not scene.is_bot(state.to_act):
            break
        if state.phase == Phase.CALL and not scene.is_bot(state.to_act):
            scene.act(CallShot(seat=state.to_act))
        d.step()
    data = scene.save_data()
    spec = scene.variant
    again = restore(app, spec, data)
    assert isinstance(again, FlameTableScene) and again is not scene
    assert again.state.to_json() == state.to_json()
    assert [s.bot for s in again.seat_configs] == [None, None, "normal"]
    assert again.bots[2].rng.getstate() == scene.bots[2].rng.getstate()
