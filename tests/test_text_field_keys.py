"""Text fields answer the keys people expect: Ctrl+A selects all, typing replaces it,
Backspace or Delete clears it, Ctrl+Backspace clears the field."""

from __future__ import annotations

import pygame
from uihelp import Driver

from cardtable.ui.settings_scene import SettingsScene
from cardtable.ui.widgets import TextInput


def focused_name_field(app):
    """The settings screen's first name field, clicked into; and the driver."""
    settings = app.push(SettingsScene(app))
    app.step()
    field = next(w for w in settings.widgets.widgets if isinstance(w, TextInput))
    d = Driver(app)
    d.click(field.rect.center)
    return d, field


def select_all(d):
    """Ctrl+A."""
    d.key(pygame.K_a, mod=pygame.KMOD_LCTRL, unicode="\x01")


def test_ctrl_a_then_typing_replaces_the_whole_name(app):
    d, field = focused_name_field(app)
    assert field.focused and field.text == "Player 1"
    select_all(d)
    assert field.all_selected
    d.type("Zed")
    assert field.text == "Zed" and not field.all_selected
    assert app.settings.player_names[0] == "Zed"


def test_ctrl_a_then_backspace_empties_the_field(app):
    d, field = focused_name_field(app)
    select_all(d)
    d.key(pygame.K_BACKSPACE, unicode="\b")
    assert field.text == ""
    d.type("Ann")
    assert field.text == "Ann"


def test_an_arrow_key_ends_the_selection_and_typing_appends(app):
    d, field = focused_name_field(app)
    select_all(d)
    d.key(pygame.K_RIGHT)
    assert not field.all_selected
    d.type("!")
    assert field.text == "Player 1!"


def test_ctrl_backspace_clears_and_plain_a_is_typed(app):
    d, field = focused_name_field(app)
    d.key(pygame.K_BACKSPACE, mod=pygame.KMOD_LCTRL, unicode="\b")
    assert field.text == ""
    d.key(pygame.K_a, unicode="a")  # a plain "a" is text, not select-all
    d.type("a")
    assert field.text == "a" and not field.all_selected
