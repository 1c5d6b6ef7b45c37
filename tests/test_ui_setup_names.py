"""Issue 30: the setup screen as a newcomer met it. Typing a name into a seat that held
"Player 1" gave "Player 1Ada", and Ctrl+A on the screen just opened selected nothing; at
1,920 x 1,080 the screen sat in the top-left third. Driven with posted events."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from uihelp import Driver, variant_spec

from cardtable.ui.menu import open_variant
from cardtable.ui.setup_scene import SetupScene
from cardtable.ui.widgets import TextInput


def open_setup(app, variant_id: str = "texas_holdem") -> tuple[Driver, SetupScene]:
    d = Driver(app)
    open_variant(app, variant_spec(app, variant_id))
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    d.step()
    return d, setup


def name_fields(setup: SetupScene) -> list[TextInput]:
    return [w for w in setup.widgets.widgets if isinstance(w, TextInput)]


def select_all(d: Driver) -> None:
    """Ctrl+A as a keyboard sends it: Ctrl goes down, then A with Ctrl held."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LCTRL, mod=pygame.KMOD_LCTRL, unicode="",
                                         scancode=0))
    d.key(pygame.K_a, mod=pygame.KMOD_LCTRL, unicode="\x01")


def test_typing_a_name_on_the_screen_just_opened_replaces_the_default(app):
    d, setup = open_setup(app)
    d.type("Ada")
    assert setup.seats()[0].name == "Ada"  # not "Player 1Ada", nor nothing at all
    d.key(pygame.K_RETURN)  # Enter still starts
    assert not isinstance(app.scenes.top, SetupScene)


def test_clicking_into_a_default_name_selects_it_and_typing_replaces_it(app):
    d, setup = open_setup(app)
    second = name_fields(setup)[1]
    d.click(second.rect.center)
    assert second.focused and second.all_selected
    d.type("Bo")
    assert second.text == "Bo" and setup.seats()[1].name == "Bo"
    d.click(second.rect.center)  # a click in the field it is already in: no selection, typing appends
    assert not second.all_selected
    d.type("b")
    assert second.text == "Bob"


def test_tab_into_a_default_name_selects_it(app):
    d, setup = open_setup(app)
    d.key(pygame.K_TAB)
    d.key(pygame.K_TAB)  # seat 1's kind, then seat 2's name
    focused = setup.widgets.focused
    assert focused is name_fields(setup)[1] and focused.all_selected


def test_ctrl_a_selects_all_on_the_screen_just_opened_and_in_a_name_of_ones_own(app):
    d, setup = open_setup(app)
    select_all(d)
    assert name_fields(setup)[0].all_selected
    d.type("Zed")
    assert setup.seats()[0].name == "Zed"
    first = name_fields(setup)[0]
    d.click(first.rect.center)  # an own name is not selected on a click...
    assert not first.all_selected
    select_all(d)  # ...but Ctrl+A selects it
    assert first.all_selected
    d.type("Ann")
    assert first.text == "Ann"


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_setup_screen_is_centred_in_the_window_and_fits_it(app, size, scale):
    app.settings = dataclasses.replace(app.settings, ui_scale=scale)
    app._resized(size)
    _, setup = open_setup(app)
    w, h = size
    boxes = [wd.rect for wd in setup.widgets.widgets]
    content = boxes[0].unionall(boxes[1:])
    assert pygame.Rect(0, 0, w, h).contains(content)
    # as much room to the left of the widgets as to the right of the widest (the chips stepper),
    # give or take the tip's overhang; the same above the title as below Start
    left, right = content.x, w - content.right
    assert abs(left - right) <= 0.12 * w, (left, right)
    title_top = getattr(setup, "origin", (0, 0))[1] + round(40 * setup.k)  # (the title is drawn, not a widget)
    assert abs(title_top - (h - content.bottom)) <= 0.05 * h
    if size == (1920, 1080):
        assert content.w >= 0.4 * w  # not a small block in a big window
