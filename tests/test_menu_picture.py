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


def _count_whole_paints(monkeypatch) -> list[int]:
    """A list that grows by one each time the menu is painted whole from now on."""
    painted: list[int] = []

    def counted(self, surface):
        painted.append(1)
        _WHOLE(self, surface)
    monkeypatch.setattr(menu_module.MenuScene, "_draw_whole", counted)
    return painted


def test_a_still_menu_blits_its_picture_and_a_change_paints_it_afresh(app, monkeypatch):
    scene = app.push(MenuScene(app))
    d = Driver(app)
    d.step()
    painted = _count_whole_paints(monkeypatch)
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


def test_coming_back_from_a_table_to_an_unchanged_menu_blits_its_picture(app, monkeypatch):
    """Leaving a table rebuilds the menu's buttons (the window may have changed meanwhile);
    equal ones keep its picture, so the frame that leaves a 12,000-card table does not also
    paint the whole menu (issue 17: that frame was 5x the floor)."""
    from uihelp import variant_spec

    from cardtable.games.free_table.ui.table import FreeTableScene
    scene = app.push(MenuScene(app))
    d = Driver(app)
    d.step(2)
    painted = _count_whole_paints(monkeypatch)
    table = app.push(FreeTableScene(app, variant_spec(app, "free_table")))
    d.step(2)
    d.key(pygame.K_ESCAPE)
    assert app.scenes.top is scene and table is not scene
    d.step(2)
    assert painted == []
    assert pygame.image.tobytes(app.screen, "RGB") == _fresh(scene, app.screen.get_size())
    d.move(scene.widgets.widgets[0].rect.center)  # and a change still paints it afresh
    assert painted == [1]
    assert pygame.image.tobytes(app.screen, "RGB") == _fresh(scene, app.screen.get_size())


def test_a_menu_painted_ahead_under_a_table_opened_at_once_is_shown_without_painting(app, monkeypatch):
    """``cardtable --variant ID`` opens a table before the menu is ever shown: the menu is
    painted ahead, off screen, so leaving the table blits it instead of painting it cold."""
    from uihelp import variant_spec

    from cardtable.games.free_table.ui.table import FreeTableScene
    scene = MenuScene(app)
    app.push(scene)
    scene.paint_ahead()
    painted = _count_whole_paints(monkeypatch)
    app.push(FreeTableScene(app, variant_spec(app, "free_table")))
    d = Driver(app)
    d.step(2)
    d.key(pygame.K_ESCAPE)
    assert app.scenes.top is scene and painted == []
    assert pygame.image.tobytes(app.screen, "RGB") == _fresh(scene, app.screen.get_size())
