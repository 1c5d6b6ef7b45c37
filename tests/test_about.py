"""The About screen, reached from the menu: version, asset licences, file locations."""

from __future__ import annotations

from uihelp import Driver

from cardtable import __version__, paths
from cardtable.ui.about_scene import AboutScene
from cardtable.ui.menu import MenuScene


def test_about_shows_the_version_licences_and_paths_and_back_returns(app):
    d = Driver(app)
    d.step()
    d.press("About")
    about = app.scenes.top
    assert isinstance(about, AboutScene)
    d.step()
    text = " ".join(f"{label} {value}" for _, rows in about.sections() for label, value in rows)
    assert "LICENSE-DejaVu.txt" in text and "MIT" in text
    for folder in (paths.settings_file(), paths.saves_dir(), paths.user_variants_dir(), paths.logs_dir()):
        assert str(folder) in text
    assert __version__
    d.press("◀ Back")
    assert isinstance(app.scenes.top, MenuScene)
