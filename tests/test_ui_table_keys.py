"""The tables' key maps: help lists exactly the keys the tables dispatch through, and
each key posted as a person would reaches its handler; then the table fixes of issue 16
that live in key handling, pacing and the pot line, each through posted events."""

from __future__ import annotations

import importlib

import pygame
import pytest
from uihelp import Driver, StandIn, variant_spec

from cardtable import games
from cardtable.engine.game import CHANCE
from cardtable.engine.view import Phase as ViewPhase
from cardtable.engine.view import Pot, SeatInfo, SeatView
from cardtable.ui.help import HelpOverlay
from cardtable.ui.setup_scene import SeatConfig
from cardtable.ui.table_parts import pot_words

GAMES = [game.id for game in games.registry().with_rules()]


def open_table(app, game: str, seats=("Ann", "Bo"), bots=(None, "normal"), seed: int = 3):
    """A table of ``game`` started with a seed (no setup screen)."""
    table = importlib.import_module(games.get(game).table).TABLE
    configs = [SeatConfig(name, bot=bot) for name, bot in zip(seats, bots)]
    return table.start(app, variant_spec(app, game), configs, table.smoke_stack, seed=seed)


def flame_at(app, phase_name: str) -> tuple[Driver, object]:
    """A Flame Sword table at the person's (seat 0's) turn in ``phase_name``, at the screen."""
    from cardtable.games.flame_sword.rules import Phase

    scene = open_table(app, "flame_sword")
    play_until(scene, lambda s: s.phase == Phase(phase_name) and s.to_act == 0)
    d = Driver(app)
    while app.scenes.top is not scene:
        d.key(pygame.K_RETURN)
    return d, scene


def play_until(scene, done, limit: int = 4000) -> None:
    """Apply chance, bot and stand-in moves until ``done(state)``."""
    stand, state = StandIn(1), scene.state
    for _ in range(limit):
        if done(state) or state.to_act is None:
            return
        if state.to_act == CHANCE:
            scene.perform(state.chance_action())
        else:
            scene.perform(scene.bots.get(state.to_act, stand).choose(state, state.to_act))


@pytest.mark.parametrize("game", GAMES)
def test_help_lists_the_tables_key_map_and_every_key_reaches_its_handler(app, game, monkeypatch):
    scene = open_table(app, game)
    help_overlay = HelpOverlay(app, scene.variant)
    rows = help_overlay.key_rows()
    assert rows == scene.key_rows()
    bindings = list(scene.KEYS) + list(scene.TABLE_KEYS)
    assert {(b.label, b.does) for b in list(scene.KEYS) + list(scene.BET_KEYS)} <= set(rows)
    globals_ = {keys for keys, _ in rows} | {"Esc", "? / F1"}  # help's own list names these two
    assert {b.label for b in scene.TABLE_KEYS} <= globals_
    d = Driver(app)
    for binding in bindings:
        calls = []
        # the binding's handler stands in, its condition holds; another binding of the same key is off
        monkeypatch.setattr(scene, binding.handler,
                            lambda *event, calls=calls, label=binding.label: calls.append(label))
        if binding.when:
            monkeypatch.setattr(scene, binding.when, lambda: True)
        for other in bindings:
            if other is not binding and binding.keys[0] in other.keys:
                monkeypatch.setattr(scene, other.when or other.handler, lambda *event: False)
        mod = pygame.KMOD_LCTRL if binding.mods & pygame.KMOD_CTRL else 0
        while app.scenes.top is not scene:
            app.scenes.pop()
        scene.widgets.focus(None)
        d.key(binding.keys[0], mod=mod)
        assert calls == [binding.label], f"{game}: {binding.label} did not reach {binding.handler}"
        monkeypatch.undo()


def test_alethkar_tab_hides_the_sums_at_the_reveal(app):
    scene = open_table(app, "alethkar_poker")
    play_until(scene, lambda s: scene.waits_for_next_round())
    d = Driver(app)
    assert scene.show is not None and not scene.hide_sums
    d.key(pygame.K_TAB)  # the "Next round" button used to take Tab for focus
    assert scene.hide_sums
    d.key(pygame.K_TAB)
    assert not scene.hide_sums


def test_alethkar_log_waits_for_the_counting(app):
    scene = open_table(app, "alethkar_poker")
    play_until(scene, lambda s: scene.waits_for_next_round())
    assert scene.show is not None and not scene.show.at().finished
    every = scene.state.log_for(scene.viewer)
    shown = scene.log_lines()
    assert len(shown) < len(every) and not any("Step 6" in line for line in shown)
    Driver(app).key(pygame.K_SPACE)  # skip the counting: now the results may be read
    assert scene.log_lines() == scene.state.log_for(scene.viewer)


def test_flame_s_opens_called_shot_without_typing_into_its_search(app):
    from cardtable.ui.deck_browser import DeckBrowser

    d, scene = flame_at(app, "call")
    # a person's S arrives as a KEYDOWN and a TEXTINPUT in the same frame
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="s"))
    d.step(2)
    browser = app.scenes.top
    assert isinstance(browser, DeckBrowser)
    assert browser.query == ""


def test_flame_auto_flip_flips_for_the_person(app):
    d, scene = flame_at(app, "flip")
    before = scene.state.face_up_count
    d.key(pygame.K_u)
    assert scene.auto_flip
    d.step(60)
    assert scene.state.face_up_count > before
    d.key(pygame.K_RIGHTBRACKET)
    assert app.settings.bot_speed == 2.0


@pytest.mark.parametrize("game", ["five_card_draw", "sabacc"])
def test_the_speed_keys_change_the_saved_computer_speed_every_table_waits_by(app, game):
    """] and [ at any table step the settings' computer speed (saved, as the settings
    screen's stepper is), and the table's pause before a computer's move follows it."""
    from cardtable.settings import load_settings
    from cardtable.ui.game_table import BOT_PAUSE

    scene = open_table(app, game, seats=("Ann", "Bo"), bots=(None, "normal"))
    d = Driver(app)
    assert scene.bot_pause() == pytest.approx(BOT_PAUSE)
    for _ in range(3):
        d.key(pygame.K_RIGHTBRACKET)
    assert app.settings.bot_speed == 4.0 and scene.bot_pause() == pytest.approx(BOT_PAUSE / 4)
    assert load_settings(app.settings_path)[0].bot_speed == 4.0
    for _ in range(4):
        d.key(pygame.K_LEFTBRACKET)
    assert app.settings.bot_speed == 0.5 and scene.bot_pause() == pytest.approx(BOT_PAUSE * 2)
    assert ("] / [", "computer players faster / slower (x0.5 to x4)") in scene.key_rows()


def test_ipso_computer_dealer_deals_without_asking_for_enter(app):
    from cardtable.games.ipso.rules import Phase

    scene = open_table(app, "ipso", seats=("Ann", "Bo"), bots=(None, "normal"))
    said = []
    scene.bar_message = lambda surface, text: said.append(text)
    for _ in range(40):
        play_until(scene, lambda s: s.phase == Phase.SHUFFLE and s.round_no > 0 and scene.is_bot(s.dealer))
        if scene.state.phase == Phase.SHUFFLE and scene.is_bot(scene.state.dealer):
            break
        play_until(scene, lambda s: s.phase != Phase.SHUFFLE)
    state = scene.state
    assert state.phase == Phase.SHUFFLE and scene.is_bot(state.dealer)
    hand = state.round_no
    d = Driver(app)
    while app.scenes.top is not scene:
        app.scenes.pop()
    d.step()
    assert said and "Press Enter" not in said[-1]
    assert not any(getattr(w, "label", "") == "Deal" for w in scene.widgets.widgets)
    for _ in range(400):
        app.step(1 / 60)
        if state.round_no > hand:
            break
    assert state.round_no > hand


def a_view(pots, stacks) -> SeatView:
    """A seat view with only the pots and the stacks (the rest as a new round's)."""
    return SeatView(game="test", seat=0, round=1, phase=ViewPhase(id="bet", words="Betting"), to_act=0,
                    seats=tuple(SeatInfo(seat=s, name=f"P{s}", stack=stack) for s, stack in enumerate(stacks)),
                    pots=tuple(Pot(amount=amount, eligible=eligible) for amount, eligible in pots),
                    pot_total=sum(amount for amount, _ in pots))


def test_no_side_pot_shows_unless_a_seat_is_all_in():
    pots = [(30, (0, 1, 2)), (10, (0, 1))]
    assert pot_words(a_view(pots, [50, 50, 50])) == ["pot 40"]
    assert pot_words(a_view(pots, [50, 50, 0])) == ["main 30", "side 1 10"]
    assert pot_words(a_view([(12000, (0, 1))], [1, 1])) == ["pot 12,000"]


def test_five_card_draw_names_the_viewers_hand_and_why_the_winner_won(app):
    from cardtable.yaml_games.rules import Phase

    scene = open_table(app, "five_card_draw")
    play_until(scene, lambda s: s.phase == Phase.DRAW and s.to_act == 0)
    d = Driver(app)
    while app.scenes.top is not scene:
        d.key(pygame.K_RETURN)
    d.step()
    assert scene.hand_line is not None and scene.hand_line.startswith("Your hand: ")
    from cardtable.engine.view import PotResult, Showdown, ShownHand
    from cardtable.ui.table_parts import showdown_reason
    results = Showdown(round=1, showdown=True,
                       hands=(ShownHand(seat=0, key=(5, 14, 9, 7, 4, 2), label="Flush, Ace high"),
                              ShownHand(seat=1, key=(1, 13, 9, 7, 2), label="Pair of Kings")),
                       pots=(PotResult(name="main pot", amount=10, winners=(0,)),))
    assert showdown_reason(results, ("the kind of hand",)) == "Flush, Ace high beats Pair of Kings"


def test_flame_arrows_ring_a_grid_card_and_space_flips_it(app):
    app.update_settings(speech=True)
    d, scene = flame_at(app, "flip")
    scene.widgets.focus(None)
    d.step(2)  # (the turn is announced)
    d.key(pygame.K_RIGHT)  # the first key rings the first face-down card
    first = scene.key_cell
    assert first is not None and scene.grid_cards()[first] is None
    assert app.speech.log[-1] == f"Row {first // 10 + 1}, column {first % 10 + 1}: face down"
    d.key(pygame.K_DOWN)
    assert scene.key_cell == (first + 10) % 100  # a row down, face up or not
    d.key(pygame.K_UP)
    d.key(pygame.K_RIGHT)  # the next face-down card
    ringed = scene.key_cell
    assert ringed > first and scene.grid_cards()[ringed] is None
    assert all(card is not None for card in scene.grid_cards()[first + 1:ringed])
    before = len(scene.state.history)
    d.key(pygame.K_SPACE)
    assert len(scene.state.history) > before and scene.state.grid[ringed] is not None
