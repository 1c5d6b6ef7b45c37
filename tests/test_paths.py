from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from cardtable import paths

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def no_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.HOME_ENV_VAR, raising=False)


def test_bundled_folders_are_found() -> None:
    assert (paths.asset_path("fonts", "DejaVuSans.ttf")).is_file()
    assert paths.resource_dir("assets").is_dir()
    variants = paths.bundled_variants_dir()
    assert variants.is_dir()
    assert (variants / "decks").is_dir()


def test_unknown_resource_name_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown resource folder"):
        paths.resource_dir("secrets")


def test_installed_package_folder_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    package = tmp_path / "cardtable"
    (package / "assets").mkdir(parents=True)
    monkeypatch.setattr(paths.importlib.resources, "files", lambda name: package)
    assert paths.resource_dir("assets") == package / "assets"


def test_frozen_app_folder_is_used(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "cardtable" / "variants").mkdir(parents=True)
    monkeypatch.setattr(paths, "_installed_resource_dir", lambda name: None)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.resource_dir("variants") == tmp_path / "cardtable" / "variants"


def test_checkout_folder_is_the_last_resort(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paths, "_installed_resource_dir", lambda name: None)
    monkeypatch.setattr(paths, "_frozen_resource_dir", lambda name: None)
    assert paths.resource_dir("assets") == ROOT / "assets"


def test_missing_everywhere_says_where_it_looked(monkeypatch: pytest.MonkeyPatch) -> None:
    for finder in ("_installed_resource_dir", "_frozen_resource_dir", "_checkout_resource_dir"):
        monkeypatch.setattr(paths, finder, lambda name: None)
    with pytest.raises(FileNotFoundError, match="frozen app"):
        paths.resource_dir("variants")


def test_cardtable_home_holds_every_user_location(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(paths.HOME_ENV_VAR, str(tmp_path))
    assert paths.config_dir() == tmp_path / "config"
    assert paths.settings_file() == tmp_path / "config" / "settings.json"
    assert paths.data_dir() == tmp_path / "data"
    assert paths.user_variants_dir() == tmp_path / "data" / "variants"
    assert paths.saves_dir() == tmp_path / "saves"
    assert paths.autosave_dir() == tmp_path / "saves" / "autosave"
    assert paths.logs_dir() == tmp_path / "logs"


def test_cardtable_home_is_made_absolute(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(paths.HOME_ENV_VAR, "relative")
    assert paths.config_dir() == tmp_path.resolve() / "relative" / "config"


@pytest.mark.usefixtures("no_home")
def test_without_cardtable_home_platformdirs_decide() -> None:
    assert paths.config_dir() == Path(platformdirs.user_config_dir("cardtable", appauthor=False))
    assert paths.data_dir() == Path(platformdirs.user_data_dir("cardtable", appauthor=False))
    assert paths.logs_dir() == Path(platformdirs.user_log_dir("cardtable", appauthor=False))
    assert paths.user_variants_dir() == paths.data_dir() / "variants"
    assert paths.saves_dir() == paths.data_dir() / "saves"
    assert paths.settings_file() == paths.config_dir() / "settings.json"


def test_empty_cardtable_home_counts_as_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.HOME_ENV_VAR, "")
    assert paths.home_override() is None


def test_user_locations_are_not_created(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(paths.HOME_ENV_VAR, str(tmp_path / "home"))
    paths.settings_file()
    paths.autosave_dir()
    assert not (tmp_path / "home").exists()


def test_ensure_dir(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b"
    assert paths.ensure_dir(target) == target
    assert target.is_dir()
    assert paths.ensure_dir(str(target)) == target  # again, and from a str
    (tmp_path / "file").write_text("x")
    with pytest.raises(NotADirectoryError):
        paths.ensure_dir(tmp_path / "file")
