"""The registry of games: what loads, what is reported broken and where, and variant
files checked against the game they name."""

from __future__ import annotations

import random
import re
import sys
import textwrap
from pathlib import Path

import pytest
from harness import BUNDLED_GAMES, BUNDLED_YAML_GAMES

from cardtable import games, variants
from cardtable.games import GameDefinition, Setting
from cardtable.games.definition import GameProfile


@pytest.fixture
def fresh_registry():
    """The registry found again inside the test, and again after it."""
    games.registry.cache_clear()
    yield games.registry
    games.registry.cache_clear()
    for name in [m for m in sys.modules if m.startswith("cardtable.games.broken_game")]:
        del sys.modules[name]


@pytest.fixture
def broken_package(tmp_path, monkeypatch, fresh_registry):
    """A game package ``broken_game`` whose import raises ImportError."""
    package = tmp_path / "broken_game"
    package.mkdir()
    (package / "__init__.py").write_text('raise ImportError("no module named flux_capacitor")\n')
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(tmp_path)])
    return fresh_registry()


def test_a_package_that_fails_to_import_is_reported_broken_not_dropped(broken_package):
    broken = broken_package.broken["broken_game"]
    assert broken.reason == "ImportError: no module named flux_capacitor"
    assert broken.source == "cardtable.games.broken_game" and "flux_capacitor" in broken.details
    assert "broken_game" not in broken_package.games and "ipso" in broken_package.games
    with pytest.raises(KeyError, match="failed to load: ImportError"):
        broken_package.get("broken_game")


def test_the_smoke_run_fails_naming_the_broken_game(broken_package, capsys):
    from cardtable.smoke import run_smoke
    assert run_smoke() == 1
    err = capsys.readouterr().err
    assert "game broken_game (cardtable.games.broken_game) failed to load: ImportError" in err


def test_the_menu_shows_a_broken_game_as_a_red_entry(broken_package, app, monkeypatch):
    from cardtable.ui.menu import MenuScene
    from cardtable.ui.theme import THEME
    menu = MenuScene(app)
    entry = menu.entries[-1]
    assert entry.spec is None and entry.title == "game broken_game"
    assert "the game 'broken_game' failed to load" in entry.error and "flux_capacitor" in entry.error
    drawn = []
    render = app.fonts.render

    def spy(text, size, colour, *args, **kwargs):
        drawn.append((text, tuple(colour)))
        return render(text, size, colour, *args, **kwargs)

    monkeypatch.setattr(app.fonts, "render", spy)
    menu.select(len(menu.entries) - 1)
    menu.draw(app.screen)
    assert ("game broken_game", tuple(THEME.error)) in drawn
    assert any("flux_capacitor" in text for text, _ in drawn)
    assert menu.widgets.widgets[0].disabled_reason  # Play is refused


def test_a_variant_of_a_broken_game_is_shown_once_as_a_broken_variant(broken_package, tmp_path, app):
    from cardtable.ui.menu import broken_game_entries
    path = tmp_path / "v.yaml"
    path.write_text(variant_text(game="broken_game"))
    entry = variants.discover([(tmp_path, True)])[0]
    assert entry.spec is None and "the game 'broken_game' failed to load" in entry.error
    assert broken_game_entries([entry]) == []


# -- declaring a game wrongly ------------------------------------------------------------
def definition(**changes) -> GameDefinition:
    fields = dict(id="plugin_game", name="Plugin", seats=(2, 4), decks=("standard52",),
                  settings=(Setting("ante", int, 2, "the ante", low=1),),
                  table="cardtable.games.free_table.ui.table")
    return GameDefinition(**{**fields, **changes})


@pytest.mark.parametrize("changes, reason", [
    ({"seats": (0, 4)}, "seats must be 1 <= min <= max <= 8, not (0, 4)"),
    ({"seats": (5, 2)}, "seats must be 1 <= min <= max <= 8, not (5, 2)"),
    ({"seats": (2, 9)}, "seats must be 1 <= min <= max <= 8, not (2, 9)"),
    ({"setting_choices": {"blind": (1, 2)}}, "setting_choices names undeclared settings ['blind']"),
    ({"id": "Bad-Id"}, "id must be a lower-case identifier, not 'Bad-Id'"),
    ({"decks": ()}, "no deck declared"),
    ({"table": ""}, "no table module"),
    ({"settings": (Setting("ante", int, 0, "the ante", low=1),)}, "default of ante must be"),
    ({"profile": GameProfile(short_match={"blind": 1})}, "profile short_match: undeclared setting 'blind'"),
    ({"profile": GameProfile(high_stakes={"ante": 0})}, "profile high_stakes: ante must be a whole number from 1"),
])
def test_a_game_declared_wrongly_raises_with_the_reason(changes, reason):
    with pytest.raises(ValueError, match="declares itself wrongly") as caught:
        definition(**changes)
    assert reason in str(caught.value)


def test_a_game_declared_rightly_loads():
    game = definition(setting_choices={"ante": (1, 3)})
    assert game.defaults() == {"ante": 2} and not game.has_rules


# -- entry points ------------------------------------------------------------------------
class FakeEntryPoint:
    def __init__(self, name: str, value: str, target) -> None:
        self.name, self.value, self.group, self._target = name, value, games.ENTRY_POINT_GROUP, target

    def load(self):
        if isinstance(self._target, BaseException):
            raise self._target
        return self._target


def test_entry_points_are_loaded_and_bad_ones_reported(monkeypatch, fresh_registry):
    plugin = definition()
    points = [FakeEntryPoint("plugin_game", "plugin_pkg:GAME", plugin),
              FakeEntryPoint("not_a_game", "other_pkg:GAME", object()),
              FakeEntryPoint("missing", "gone_pkg:GAME", ModuleNotFoundError("No module named 'gone_pkg'")),
              FakeEntryPoint("ipso_again", "copy_pkg:GAME", definition(id="ipso"))]
    asked = []

    def entry_points(**kwargs):
        asked.append(kwargs)
        return [p for p in points if p.group == kwargs.get("group")]

    monkeypatch.setattr(games.importlib.metadata, "entry_points", entry_points)
    monkeypatch.setattr(games, "_may_declare_games", lambda: True)
    found = fresh_registry()
    assert asked == [{"group": "cardtable.games"}]
    assert found.games["plugin_game"] is plugin and found.get("plugin_game") is plugin
    assert found.broken["not_a_game"].reason == "TypeError: other_pkg:GAME is a object, not a GameDefinition"
    assert found.broken["not_a_game"].source == "entry point other_pkg:GAME"
    assert found.broken["missing"].reason == "ModuleNotFoundError: No module named 'gone_pkg'"
    assert "taken by a bundled game" in found.broken["ipso_again"].reason
    assert found.games["ipso"] is not found.broken.get("ipso_again")


# -- variant files checked against their game ---------------------------------------------
def variant_text(*, game="ipso", seats="{min: 2, max: 5}", decks="[standard52]", settings="ante: 2",
                 extra="") -> str:
    return textwrap.dedent(f"""\
        schema_version: 1
        variant:
          id: test_variant
          name: Test variant
          game: {game}
          summary: A variant written by a test.
          seats: {seats}
          decks: {decks}
          settings:
            {settings}
          rules: |
            Play.
        """) + extra


def located_error(tmp_path: Path, text: str, needle: str, nth: int = 1):
    """The SpecError of loading ``text``, and the file:line:col of the ``nth`` ``needle``."""
    path = tmp_path / "test_variant.yaml"
    path.write_text(text)
    with pytest.raises(variants.SpecError) as caught:
        variants.load_variant(path, variants.deck_files())
    lines = text.splitlines()
    hits = [(n + 1, line.index(needle) + 1) for n, line in enumerate(lines) if needle in line]
    line, col = hits[nth - 1]
    return str(caught.value), f"{path}:{line}:{col}"


@pytest.mark.parametrize("changes, needle, words", [
    ({"seats": "{min: 2, max: 8}"}, "8}", "Ipso is played by 2 to 5, not 8"),
    ({"decks": "[ivali]"}, "ivali", "cannot be played with the deck 'ivali'"),
    ({"settings": "ante: 0"}, "0", "ante must be"),
    ({"settings": "antes: 2"}, "antes", "unknown setting 'antes'"),
    ({"settings": "bot_level: wizard"}, "wizard", "bot_level must be one of normal, tough, random"),
])
def test_a_variant_is_checked_against_its_game_at_the_offending_value(tmp_path, changes, needle, words):
    text = variant_text(**changes)
    message, where = located_error(tmp_path, text, needle, _settings_hit(text) if needle == "0" else 1)
    assert message.startswith(where + ":"), (message, where)
    assert words in message


def _settings_hit(text: str) -> int:
    """Which "0" of the text is the ante's (the one on the settings line)."""
    lines = text.splitlines()
    target = next(n for n, line in enumerate(lines) if "ante: 0" in line)
    return sum("0" in line for line in lines[:target]) + 1


def test_every_bundled_game_is_found_and_every_found_game_is_a_package_or_a_yaml_file():
    found = games.registry()
    assert set(BUNDLED_GAMES) <= set(found.games), sorted(set(BUNDLED_GAMES) - set(found.games))
    folders = Path(games.__file__).parent
    packages = [g for g in BUNDLED_GAMES if g not in BUNDLED_YAML_GAMES]
    assert all((folders / game_id / "__init__.py").is_file() for game_id in packages)
    # the games written in YAML alone have no package, and are declared by a bundled file
    assert not any((folders / game_id).exists() for game_id in BUNDLED_YAML_GAMES)
    bundled = variants.variant_dirs()[0][0]
    assert {g: games.declared_in.get(g) for g in BUNDLED_YAML_GAMES} == {
        g: bundled / f"{g}.yaml" for g in BUNDLED_YAML_GAMES}


def test_every_bundled_variant_loads():
    folder = variants.variant_dirs()[0][0]
    entries = variants.discover([(folder, False)])
    assert entries and [e.error for e in entries if e.error] == []
    assert {e.spec.game for e in entries} <= set(games.registry().games)


def test_no_bundled_variant_restates_its_games_seat_range():
    folder = variants.variant_dirs()[0][0]
    for entry in variants.discover([(folder, False)]):
        game = games.get(entry.spec.game)
        if games.declared_in.get(game.id) == entry.path:
            continue  # a game written in its variant file: its seats are its declaration
        if "\n  seats:" in entry.path.read_text(encoding="utf-8"):
            assert (entry.spec.min_seats, entry.spec.max_seats) != game.seats, (
                f"{entry.path.name}: leave seats out, the game declares {game.seats} in its __init__.py")


@pytest.mark.parametrize("game", games.registry().with_rules(), ids=lambda game: game.id)
def test_every_games_state_keeps_to_its_declared_seat_range(game):
    low, high = game.seats
    deck = variants.load_deck_by_id(game.decks[0])
    for count in (low - 1, high + 1):
        with pytest.raises(ValueError, match=f"^{re.escape(game.name)} needs {low} to {high} players, got {count}$"):
            game.state.new(game.rules({}), deck, [f"P{n}" for n in range(count)], random.Random(1))


def test_finding_the_games_imports_none_of_their_rules():
    import subprocess
    bundled_with_rules = [g for g in BUNDLED_GAMES if g != "free_table"]
    # The games written in YAML are read through the engine's flow and their one shared state
    # module (a file is checked by the steps it writes); no game package's rules are imported.
    code = ("import sys; from cardtable import games; r = games.registry(); "
            "SHARED = ('cardtable.engine.', 'cardtable.yaml_games.'); "
            f"assert {{g.id for g in r.with_rules()}} >= {set(bundled_with_rules)!r} and not r.broken; "
            "loaded = sorted(m for m in sys.modules if m.rpartition('.')[2] in ('rules', 'state', 'checks', 'bot') "
            "and not m.startswith(SHARED)); "
            "print(loaded); game = r.get('ipso'); "
            "assert game.state.__name__ == 'IpsoState' and game.checks.__name__.endswith('ipso.checks')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_a_declared_module_that_is_missing_is_named_when_the_game_declares_itself():
    with pytest.raises(ValueError, match="has no module cardtable.games.free_table.state"):
        GameDefinition.package("cardtable.games.free_table", state="NoState", rules="NoSettings", bot="NoBot")


def test_a_game_whose_rules_fail_to_import_makes_its_variant_broken_at_the_game_line(tmp_path, monkeypatch):
    game = games.get("ipso")
    broken = GameDefinition(**{**{f: getattr(game, f) for f in ("id", "name", "seats", "decks", "settings",
                                                                 "table", "bot_class", "checks")},
                               "state": game.state, "rules": _failing_rules})
    monkeypatch.setitem(games.registry().games, "ipso", broken)
    path = tmp_path / "v.yaml"
    path.write_text(variant_text())
    with pytest.raises(variants.SpecError) as caught:
        variants.load_variant(path, variants.deck_files())
    assert "the game 'ipso' failed to load: ImportError: no flux" in str(caught.value)
    assert str(caught.value).startswith(f"{path}:5:")


def _failing_rules(settings):
    raise ImportError("no flux")


def test_a_plug_in_declaring_a_game_is_looked_for_and_none_skips_importlib_metadata(tmp_path, monkeypatch):
    assert games._may_declare_games() is False  # nothing installed here declares a game
    info = tmp_path / "plugin_pkg-1.0.dist-info"
    info.mkdir()
    (info / "entry_points.txt").write_text('[cardtable.games]\nmy_game = "plugin_pkg:GAME"\n')
    monkeypatch.setattr(sys, "path", [*sys.path, str(tmp_path)])
    assert games._may_declare_games() is True
    zipped = tmp_path / "bundle.zip"
    zipped.write_bytes(b"")
    monkeypatch.setattr(sys, "path", [str(zipped)])
    assert games._may_declare_games() is True


def test_a_table_setup_without_a_help_page_shows_none_and_a_wrong_one_is_refused_at_once(app):
    from cardtable.games.ipso.ui.table import TABLE
    from cardtable.ui.table_setup import TableSetup

    plain = TableSetup("ipso", TABLE.scene, "", smoke_text="Ipso", smoke_stack=100)
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.game == "ipso")
    assert plain.help_pages(app, spec) == [] and len(TABLE.help_pages(app, spec)) == 1
    with pytest.raises(ValueError, match="ipso's TableSetup: help_page must be 'module:Class'"):
        TableSetup("ipso", TABLE.scene, "cardtable.games.ipso.ui.hands_page", smoke_text="Ipso", smoke_stack=100)
