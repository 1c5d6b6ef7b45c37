from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from cardtable import paths
from cardtable.settings import Settings, load_settings, save_settings


def test_defaults() -> None:
    s = Settings()
    assert s.player_names == tuple(f"Player {n}" for n in range(1, 9))
    assert (s.sound, s.hover_magnify, s.fullscreen, s.show_frame_time) == (True, True, False, False)
    assert s.ui_scale == 1.0 and s.window_size == (1280, 800) and s.last_variant is None


def test_frozen_and_replace_validates() -> None:
    s = Settings()
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.sound = False  # type: ignore[misc]
    assert dataclasses.replace(s, ui_scale=2.0).ui_scale == 2.0
    with pytest.raises(ValueError, match="ui_scale"):
        dataclasses.replace(s, ui_scale=2.5)
    with pytest.raises(ValueError, match="window_size"):
        dataclasses.replace(s, window_size=(10, 10))
    with pytest.raises(ValueError, match="player_names"):
        dataclasses.replace(s, player_names=("only one",))


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    s = dataclasses.replace(
        Settings(),
        player_names=("Ana", "Bo", "Çelik", "D", "E", "F", "G", "H"),
        sound=False, hover_magnify=False, ui_scale=1.25, window_size=(1920, 1080),
        fullscreen=True, show_frame_time=True, last_variant="sabacc",
    )
    save_settings(s, path)
    loaded, warnings = load_settings(path)
    assert loaded == s
    assert warnings == []
    assert not path.with_name("settings.json.bad").exists()
    assert json.loads(path.read_text(encoding="utf-8"))["player_names"][2] == "Çelik"


def test_missing_file_is_silent_defaults(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "nope.json") == (Settings(), [])


def test_missing_keys_take_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"sound": false}')
    s, warnings = load_settings(path)
    assert s == dataclasses.replace(Settings(), sound=False)
    assert warnings == []


def _assert_bad_kept(path: Path, original: bytes) -> None:
    bad = path.with_name(path.name + ".bad")
    assert bad.read_bytes() == original


@pytest.mark.parametrize(
    "content",
    [b"\x00\xff\xfe garbage \x81", b"", b"{not json", b'{"sound": tru'],
    ids=["binary", "empty", "broken", "truncated"],
)
def test_corrupt_file_gives_defaults_and_is_moved_aside(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    s, warnings = load_settings(path)
    assert s == Settings()
    assert len(warnings) == 1
    assert "settings.json was corrupt" in warnings[0]
    assert "settings.json.bad" in warnings[0]
    assert not path.exists()
    _assert_bad_kept(path, content)


def test_corrupt_message_names_the_json_error(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("")
    _, warnings = load_settings(path)
    assert "Expecting value: line 1 column 1" in warnings[0]


@pytest.mark.parametrize("content", ["[1, 2, 3]", '"hello"', "null", "42"])
def test_wrong_shape_gives_defaults_and_is_moved_aside(tmp_path: Path, content: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(content)
    s, warnings = load_settings(path)
    assert s == Settings()
    assert len(warnings) == 1 and "not a JSON object" in warnings[0]
    assert not path.exists()
    _assert_bad_kept(path, content.encode())


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("sound", "yes"),
        ("sound", 1),
        ("ui_scale", "big"),
        ("ui_scale", True),
        ("ui_scale", 0.5),
        ("ui_scale", 2.01),
        ("window_size", [1280]),
        ("window_size", [1280.5, 800]),
        ("window_size", [0, 800]),
        ("window_size", "1280x800"),
        ("player_names", "Ann"),
        ("player_names", ["Ann", 3]),
        ("last_variant", 7),
        ("last_variant", ""),
    ],
)
def test_bad_field_is_ignored_rest_kept(tmp_path: Path, field: str, value: object) -> None:
    path = tmp_path / "settings.json"
    original = json.dumps({"fullscreen": True, field: value}).encode()
    path.write_bytes(original)
    s, warnings = load_settings(path)
    assert s == dataclasses.replace(Settings(), fullscreen=True)
    assert any(field in w for w in warnings), warnings
    assert path.exists()  # still there, the good fields are worth keeping
    _assert_bad_kept(path, original)


def test_out_of_range_ui_scale_message(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"ui_scale": 5}')
    s, warnings = load_settings(path)
    assert s.ui_scale == 1.0
    assert "ui_scale: 5 is out of range 0.75..2.0" in warnings[0]


def test_ui_scale_bounds_and_ints_accepted(tmp_path: Path) -> None:
    for value in (0.75, 2, 1):
        assert Settings.from_json({"ui_scale": value}).ui_scale == float(value)


def test_player_names_are_padded_trimmed_and_capped() -> None:
    warnings: list[str] = []
    names = [" Ann ", "", "x" * 40] + [f"P{i}" for i in range(10)]
    s = Settings.from_json({"player_names": names}, warnings)
    assert s.player_names[0] == "Ann"
    assert s.player_names[1] == "Player 2"  # blank -> default
    assert s.player_names[2] == "x" * 32
    assert len(s.player_names) == 8
    assert any("shortened" in w for w in warnings)
    assert any("first 8" in w for w in warnings)
    short = Settings.from_json({"player_names": ["Solo"]})
    assert short.player_names == ("Solo",) + Settings().player_names[1:]


def test_unknown_keys_warn_but_load(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"sound": false, "future_option": 1}')
    s, warnings = load_settings(path)
    assert s.sound is False
    assert any("future_option" in w for w in warnings)


def test_unreadable_path_never_raises(tmp_path: Path) -> None:
    folder = tmp_path / "settings.json"
    folder.mkdir()  # a folder where the file should be
    s, warnings = load_settings(folder)
    assert s == Settings()
    assert warnings


def test_default_location_honours_cardtable_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.HOME_ENV_VAR, str(tmp_path))
    s = dataclasses.replace(Settings(), last_variant="ipso")
    save_settings(s)  # creates the config folder
    assert (tmp_path / "config" / "settings.json").is_file()
    assert load_settings() == (s, [])


def test_the_computer_speed_is_one_of_the_speeds_and_round_trips():
    from cardtable.settings import BOT_SPEEDS
    for speed in BOT_SPEEDS:
        s = dataclasses.replace(Settings(), bot_speed=speed)
        assert Settings.from_json(s.to_json()) == s
    warnings: list[str] = []
    assert Settings.from_json({"bot_speed": 3}, warnings).bot_speed == 1.0
    assert warnings == ["bot_speed: expected one of 0.5, 1.0, 2.0, 4.0, got 3; default 1.0 used"]
    assert Settings.from_json({}).bot_speed == 1.0  # a settings file from before the setting
