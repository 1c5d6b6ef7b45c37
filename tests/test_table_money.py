"""Issue 30: the table shows the money. Each seat's bet this round lies as chips in front of
its plate with its amount, the pot as chips beside its line, clear of everything else; a
fixed-limit bet has one amount, so the bar offers no slider for it; a lesson's hand ends
with the person winning or losing something."""

from __future__ import annotations

import pygame
from uihelp import Driver, to_my_turn, variant_spec

from cardtable.ui.chip_stack import chip_colours
from cardtable.ui.layout_check import check_scene
from cardtable.ui.setup_scene import SeatConfig
from cardtable.yaml_games.ui.table import TABLE


def start(app, game: str, count: int, seed: int = 3):
    seats = [SeatConfig("Ada")] + [SeatConfig(f"Computer {n}", bot="normal") for n in range(2, count + 1)]
    return TABLE.start(app, variant_spec(app, game), seats, 200, seed=seed)


def boxes(scene) -> dict[str, pygame.Rect]:
    return dict(scene.layout_boxes())


def test_each_bet_lies_as_chips_in_front_of_its_plate(app):
    scene = start(app, "texas_holdem", 6)
    to_my_turn(scene, lambda state: True)
    Driver(app).step(2)
    view = scene.view
    betting = [info.seat for info in view.seats if info.bet > 0]
    assert len(betting) >= 2  # the blinds at least
    drawn = boxes(scene)
    for seat in betting:
        chips, plate = drawn[f"chips:{seat}"], drawn[f"plate:{seat}"]
        middle = pygame.Vector2(scene.felt.center)
        assert middle.distance_to(chips.center) < middle.distance_to(plate.center), seat  # toward the middle
        assert scene.felt.contains(chips)
    assert not any(f"chips:{info.seat}" in drawn for info in view.seats if info.bet == 0)
    assert "pots" in drawn
    assert check_scene(scene, app.screen.get_size()) == []


def test_a_stack_stands_for_the_amount_in_the_bet_bars_chips():
    assert chip_colours(0) == []
    assert len(chip_colours(131)) == 4  # 100 + 25 + 5 + 1
    assert len(chip_colours(99_999)) == 6  # a few discs stand for many


def test_a_fixed_limit_bet_has_no_slider_and_its_button_says_the_amount(app):
    scene = start(app, "seven_card_stud", 4)
    to_my_turn(scene, lambda state: any("Raise" in type(a).__name__ or "Bet" in type(a).__name__
                                        for a in state.legal_actions(0)))
    Driver(app).step(2)
    bar = scene.bet_bar
    assert bar is not None and bar.slider is None and bar.field is None and not bar.may_choose()
    button = bar.bet_button
    assert button.label.split()[-1] == f"{bar.options.min_raise_to:,}"
    before = scene.match.actions
    Driver(app).key(pygame.K_b)  # B still bets or raises the one amount
    assert scene.match.actions == before + 1


def test_alethkar_s_lesson_ends_with_the_person_winning_or_losing(app):
    from cardtable.ui.menu import game_table_module
    spec = variant_spec(app, "alethkar_poker")
    table = game_table_module(spec.game).TABLE.play_lesson(app, spec)
    showdown = table.view.showdown
    assert showdown is not None and showdown.showdown and showdown.net[0] != 0
