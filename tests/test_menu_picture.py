"""The menu keeps its last picture while nothing it shows changes: a still frame blits it
(issue 17: the whole menu took 3.7 ms a frame); any change paints it afresh."""

from __future__ import annotations

import pygame
from uihelp import Driver

from cardtable.ui import menu as menu_module
from cardtable.ui.menu import MenuScene

_WHOLE = MenuScene._draw_whole


def _fresh(scene: MenuScene, size) -> bytes:
    """The menu painted whole on a new surface, the cache left alone."""
    surface = pygame.Surface(size, 0, scene.app.screen)
    _WHOLE(scene, surface)
    return pygame.image.tobytes(surface, "RGB")


def test_a_still_menu_blits_its_picture_and_a_change_paints_it_afresh(app, monkeypatch):
    scene = app.push(MenuScene(app))
    d = Driver(app)
    d.step()
    painted: list[int] = []
    whole = MenuScene._draw_whole

    def counted(self, surface):
        painted.append(1)
        whole(self, surface)
    monkeypatch.setattr(menu_module.MenuScene, "_draw_whole", counted)
    d.step(3)
    assert painted == []  # nothing changed: the kept picture
    screen = app.screen.copy()
    assert pygame.image.tobytes(screen, "RGB") == _fresh(scene, screen.get_size())
    selected = scene.selected
    d.key(pygame.K_DOWN)
    assert scene.selected != selected and painted == [1]  # the selection moved: painted again
    assert pygame.image.tobytes(app.screen, "RGB") == _fresh(scene, app.screen.get_size())
    d.move(scene.widgets.widgets[0].rect.center)  # hovering a button changes its look
    assert len(painted) == 2
    d.step()
    assert len(painted) == 2
