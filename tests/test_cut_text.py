"""Issue 30: nothing cut. The layout check counts a text drawn cut with an ellipsis (a
seat's name, whole on hover, aside), and the rules that fit a text instead: smaller type,
a shorter form, breaking at its parts, fewer names, the first clauses; and a UI scale the
window has no room for gives way before the table's text is cut."""

from __future__ import annotations

import dataclasses

import pygame
from uihelp import Driver

from cardtable.ui.app import SCALED_ROOM
from cardtable.ui.layout_check import check_scene
from cardtable.ui.saves_scene import fewer_names
from cardtable.ui.text import break_parts, first_clauses, fit_text, take_cuts


class Drawn:
    """A screen with nothing on it but what a test draws."""

    def layout_boxes(self):
        return []


def test_a_text_cut_with_an_ellipsis_is_a_layout_problem(app):
    take_cuts()
    shown = fit_text(app.fonts, "Pair & Kickers (13) + High Card & Tags", 14, 80)
    assert shown.endswith("…")
    found = check_scene(Drawn(), (800, 600))
    assert found == ["Drawn: a text is cut to fit: 'Pair & Kickers (13) + High Card & Tags'"]
    assert check_scene(Drawn(), (800, 600)) == []  # each check reports what was cut since the last


def test_a_name_shown_whole_on_hover_is_not_counted(app):
    take_cuts()
    assert fit_text(app.fonts, "Computer 7 with a long name", 14, 60, whole_on_hover=True).endswith("…")
    assert fit_text(app.fonts, "short", 14, 200) == "short"
    assert check_scene(Drawn(), (800, 600)) == []


def test_a_status_line_breaks_at_its_parts_before_its_words(app):
    fonts = app.fonts
    line = "put in 9 this round   ·   chips 72   ·   in pot 28"
    assert break_parts(fonts, line, 14, 1000) == [line]
    width = fonts.size_of("put in 9 this round", 14)[0] + 2
    lines = break_parts(fonts, line, 14, width)
    assert lines[0] == "put in 9 this round" and "chips 72" in lines[1]
    assert all(fonts.size_of(each, 14)[0] <= width for each in lines)
    assert " ".join(lines).replace(" · ", " ").split() == line.replace("·", "").split()  # nothing lost
    words = break_parts(fonts, "betting in secret", 14, fonts.size_of("betting in", 14)[0] + 2)
    assert words == ["betting in", "secret"]


def test_a_list_row_keeps_the_first_clauses_that_fit(app):
    fonts = app.fonts
    text = "Pot-limit Omaha - four cards each, five on the board; a hand is exactly two of yours"
    assert first_clauses(fonts, text, 13, 2000) == text
    short = first_clauses(fonts, text, 13, fonts.size_of("Pot-limit Omaha - four cards each", 13)[0] + 4)
    assert short == "Pot-limit Omaha - four cards each"
    assert first_clauses(fonts, text, 13, fonts.size_of("Pot-limit Omaha", 13)[0] + 4) == "Pot-limit Omaha"


def test_a_saves_row_names_fewer_players_rather_than_cut(app):
    fonts = app.fonts
    names = ", ".join(["Ada"] + [f"Computer {n}" for n in range(2, 9)])
    line = f"{names}   ·   left mid-game"
    room = fonts.size_of("Ada, Computer 2, Computer 3 and 5 more   ·   left mid-game", 15)[0] + 2
    take_cuts()
    assert fewer_names(fonts, line, 15, room) == "Ada, Computer 2, Computer 3 and 5 more   ·   left mid-game"
    assert take_cuts() == []


def test_the_ui_scale_gives_way_where_the_window_has_no_room_for_it(app):
    app.settings = dataclasses.replace(app.settings, ui_scale=1.5)
    for size, honoured in (((1024, 640), False), ((1366, 768), False), ((1920, 1080), True)):
        app.screen = pygame.display.set_mode(size)
        scale = app.ui_scale
        assert 1.0 <= scale <= 1.5
        assert (scale == 1.5) is honoured
        assert min(size[0] / scale - SCALED_ROOM[0], size[1] / scale - SCALED_ROOM[1]) >= -1
        assert app.px(100) == round(100 * scale)
    app.settings = dataclasses.replace(app.settings, ui_scale=0.8)
    app.screen = pygame.display.set_mode((1024, 640))
    assert app.ui_scale == 0.8  # a smaller setting is never grown


def test_a_crowded_plate_says_its_short_form_rather_than_cut(small_app):
    from uihelp import variant_spec

    from cardtable.games.alethkar_poker.ui.table import TABLE
    from cardtable.ui.setup_scene import SeatConfig

    seats = [SeatConfig("Ada")] + [SeatConfig(f"Computer {n}", bot="normal") for n in range(2, 8)]
    scene = TABLE.start(small_app, variant_spec(small_app, "alethkar_poker"), seats, TABLE.smoke_stack, seed=7)
    take_cuts()
    d = Driver(small_app)
    found: list[str] = []
    for _ in range(40):
        d.step()
        found += check_scene(scene, small_app.screen.get_size()) if small_app.scenes.top is scene else []
    assert found == []
    plates = [rect for name, rect in scene.layout_boxes() if name.startswith("plate:")]
    assert len(plates) == 7
