"""cardtable.schema: safe YAML loading and validation, and the FILE:LINE:COL errors."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable import schema
from cardtable.schema import (
    NUMBER_LIMIT,
    Any,
    Bool,
    Colour,
    DictOf,
    Field,
    Float,
    Int,
    Map,
    OneOf,
    Seq,
    SpecError,
    Str,
    load_and_validate,
    load_yaml,
    validate,
)

LOADERS = [yaml.SafeLoader] + ([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])


@pytest.fixture(params=LOADERS, ids=lambda loader: loader.__name__)
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run a test with both the pure-Python and the libyaml parser."""
    monkeypatch.setattr(schema, "_LOADER", request.param)


def write(tmp_path: Path, text: str | bytes, name: str = "spec.yaml") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def load_error(path: Path, **limits: int) -> SpecError:
    with pytest.raises(SpecError) as info:
        load_yaml(path, **limits)
    return info.value


def check_error(path: Path, spec: schema.Schema) -> SpecError:
    with pytest.raises(SpecError) as info:
        load_and_validate(path, spec)
    return info.value


def assert_error(error: SpecError, path: Path, where: str, fragment: str) -> None:
    """``where`` is "LINE:COL" or "LINE:COL: key/path"; the message must contain ``fragment``."""
    assert str(error).startswith(f"{path}:{where}: "), str(error)
    assert fragment in error.message, str(error)


SUIT = Map({
    "name": Field(Str(min_len=1)),
    "symbol": Field(Str(max_len=2), required=False, default="?"),
})
COLOUR = Map({
    "name": Field(Str()),
    "rgb": Field(Colour()),
    "suits": Field(Seq(SUIT, unique_by="name"), required=False, default=[]),
})
GAME = Map({
    "schema_version": schema.schema_version_field(1),
    "name": Field(Str(min_len=1), doc="shown in the menu"),
    "players": Field(Int(min=2, max=8)),
    "betting": Field(Str(choices=("no_limit", "pot_limit", "fixed")), required=False,
                     default="no_limit"),
    "ante": Field(Float(min=0), required=False, default=0.0),
    "jokers": Field(Bool(), required=False, default=False),
    "tags": Field(Seq(Str(), unique_by=True), required=False, default=[]),
    "deck": Field(Map({"colours": Field(Seq(COLOUR, min_len=1))}), required=False),
})


# --------------------------------------------------------------------------- load_yaml


def test_syntax_error_unclosed_bracket(tmp_path: Path, loader: None) -> None:
    path = write(tmp_path, "name: x\nplayers: [1, 2\n")
    error = load_error(path)
    assert_error(error, path, "3:1", "YAML syntax error")
    assert error.path == ""


BAD_YAML = {  # test id: (the file, where the error is, what it says)
    "syntax_error_bad_indentation": ("deck:\n  colours: []\n name: x\n", "3:2", "YAML syntax error"),
    "duplicate_key_names_both_lines":
        ("name: a\nplayers: 2\nname: b\n", "3:1", "duplicate key 'name' (first at line 1)"),
    "duplicate_key_nested_reports_mapping_path":
        ("deck:\n  colours:\n    - {name: a, rgb: '#000000', name: b}\n", "3:33: deck/colours/0",
         "duplicate key 'name'"),
    "python_object_tag_is_refused":
        ('name: x\ncmd: !!python/object/apply:os.system ["echo"]\n', "2:6: cmd",
         "tag !!python/object/apply:os.system is not allowed"),
    "alias_is_refused": ("a: &x 1\nb: *x\n", "2:4: b", "aliases are not allowed"),
    "more_than_one_document": ("a: 1\n---\nb: 2\n", "2:1", "only one YAML document"),
    "bom_and_non_ascii_columns":
        ('\ufeffa: ["\u25c9\u25c9", !!binary x]\n', "1:11: a/1", "tag !!binary is not allowed"),
    "complex_keys_are_refused": ("? [1, 2]\n: 3\n", "1:3", "a mapping key must be a plain value"),
}


@pytest.mark.parametrize("text, where, message", BAD_YAML.values(), ids=BAD_YAML.keys())
def test_bad_yaml_is_refused_where_it_is(tmp_path: Path, loader: None, text: str, where: str,
                                         message: str) -> None:
    path = write(tmp_path, text)
    assert_error(load_error(path), path, where, message)


@pytest.mark.parametrize("text, tag", [
    ("data: !!binary aGVsbG8=\n", "!!binary"),
    ("data: !!timestamp 2001-12-14\n", "!!timestamp"),
    ("data: !!set {a, b}\n", "!!set"),
    ("data: !!omap [a: 1]\n", "!!omap"),
    ("data: !local 1\n", "!local"),
    ("data: !!str [1]\n", "!!str"),
])
def test_other_tags_are_refused(tmp_path: Path, loader: None, text: str, tag: str) -> None:
    path = write(tmp_path, text)
    assert_error(load_error(path), path, "1:7: data", f"tag {tag} is not allowed")


def test_core_tags_are_allowed_and_checked(tmp_path: Path, loader: None) -> None:
    path = write(tmp_path, "a: !!str 5\nb: !!int '7'\nc: !!float 1\nd: !!map {}\ne: !!seq []\n")
    assert validate(load_yaml(path), Any(), file="f") == {"a": "5", "b": 7, "c": 1.0, "d": {},
                                                          "e": []}
    path = write(tmp_path, "a: !!int abc\n")
    assert_error(load_error(path), path, "1:4: a", "invalid !!int value 'abc'")


def test_billion_laughs_is_refused_at_the_first_alias(tmp_path: Path, loader: None) -> None:
    lines = ['l0: &l0 "lol"']
    lines += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]" for i in range(1, 10)]
    path = write(tmp_path, "\n".join(lines) + "\n")
    assert_error(load_error(path), path, "2:10: l1/0", "aliases are not allowed")


@pytest.mark.parametrize("text", ["", "# only\n  # comments\n", "\n\n"])
def test_empty_file(tmp_path: Path, loader: None, text: str) -> None:
    path = write(tmp_path, text)
    assert_error(load_error(path), path, "1:1", "empty document")


def test_file_over_max_bytes(tmp_path: Path) -> None:
    path = write(tmp_path, "a: " + "x" * 4_000_000 + "\n")
    assert_error(load_error(path), path, "1:1",
                 "file is 4000004 bytes, more than the limit of 4000000")
    small = write(tmp_path, "a: 12345\n", "small.yaml")
    assert_error(load_error(small, max_bytes=5), small, "1:1", "file is 9 bytes, more than "
                 "the limit of 5")


def test_too_many_nodes(tmp_path: Path, loader: None) -> None:
    path = write(tmp_path, "a: [1, 2, 3]\n")
    assert_error(load_error(path, max_nodes=4), path, "1:8: a/1", "more than 4 nodes")
    assert isinstance(load_yaml(path, max_nodes=6), yaml.MappingNode)


def test_deep_nesting_is_refused(tmp_path: Path, loader: None) -> None:
    path = write(tmp_path, "[" * 200 + "]" * 200 + "\n")
    error = load_error(path)
    assert_error(error, path, "1:101: " + "/".join(["0"] * 100), "nested more than 100 levels")
    assert isinstance(load_yaml(write(tmp_path, "[" * 100 + "]" * 100)), yaml.SequenceNode)


def test_non_utf8_bytes(tmp_path: Path) -> None:
    path = write(tmp_path, b"name: ok\nplayers: \xff\xfe 2\n")
    assert_error(load_error(path), path, "2:10", "not valid UTF-8 (byte 0xff)")


def test_control_character(tmp_path: Path) -> None:
    path = write(tmp_path, "name: \u00e9t\u00e9\x07\n")
    assert_error(load_error(path), path, "1:10", "character U+0007 is not allowed")


def test_unreadable_file(tmp_path: Path) -> None:
    missing = tmp_path / "missing.yaml"
    assert_error(load_error(missing), missing, "1:1", "cannot read file")


def test_timestamps_and_merge_keys_stay_strings(tmp_path: Path, loader: None) -> None:
    path = write(tmp_path, "date: 2024-01-31\n<<: {a: 1}\n")
    assert validate(load_yaml(path), Any(), file="f") == {"date": "2024-01-31", "<<": {"a": 1}}


# --------------------------------------------------------------------------- validate


BAD_VARIANTS = {  # test id: (the file, where the error is, what it says)
    "wrong_type_string_where_int":
        ("name: Holdem\nplayers: abc\n", "2:10: players",
         "expected an integer, got a string 'abc'"),
    "bool_and_float_are_not_int-1":
        ("name: Holdem\nplayers: true\n", "2:10: players",
         "expected an integer, got a boolean"),
    "bool_and_float_are_not_int-2":
        ("name: Holdem\nplayers: 2.5\n", "2:10: players",
         "expected an integer, got a float 2.5"),
    "int_out_of_range-1": ("name: Holdem\nplayers: 1\n", "2:10: players", "must be at least 2, got 1"),
    "int_out_of_range-2": ("name: Holdem\nplayers: 0x10\n", "2:10: players", "must be at most 8, got 16"),
    "missing_required_key_at_mapping-1":
        ("# header\nname: Holdem\nbetting: fixed\n", "2:1",
         "missing required key 'players'"),
    "missing_required_key_at_mapping-2":
        ("name: x\nplayers: 2\ndeck:\n  colours:\n    - name: red\n", "5:7: deck/colours/0",
         "missing required key 'rgb'"),
    "bad_choice":
        ("name: Holdem\nplayers: 2\nbetting: nolimit\n", "3:10: betting",
         "must be one of: no_limit, pot_limit, fixed; got 'nolimit'"),
    "yes_where_a_string_is_required":
        ("name: yes\nplayers: 2\n", "1:7: name",
         "expected a string, got a boolean (quote it)"),
    "first_error_in_document_order": ("players: x\nname: 5\nbogus: 1\n", "1:10: players", "expected an integer"),
}


@pytest.mark.parametrize("text, where, message", BAD_VARIANTS.values(), ids=BAD_VARIANTS.keys())
def test_a_bad_variant_is_refused_where_it_is(tmp_path: Path, text: str, where: str, message: str) -> None:
    path = write(tmp_path, text)
    assert_error(check_error(path, GAME), path, where, message)


def test_unknown_key_lists_the_known_ones(tmp_path: Path) -> None:
    path = write(tmp_path, "name: Holdem\nplayers: 2\nplayer: 3\n")
    error = check_error(path, GAME)
    assert_error(error, path, "3:1", "unknown key 'player' (expected one of: schema_version, "
                 "name, players, betting, ante, jokers, tags, deck)")
    assert error.message.endswith("did you mean 'players'?")


def test_bad_colour(tmp_path: Path) -> None:
    head = "name: x\nplayers: 2\ndeck:\n  colours:\n"
    path = write(tmp_path, head + "    - {name: r, rgb: '#ff00zz'}\n")
    assert_error(check_error(path, GAME), path, "5:22: deck/colours/0/rgb",
                 "must be a colour like '#rrggbb', got '#ff00zz'")
    path = write(tmp_path, head + "    - name: r\n      rgb: #f00\n")
    assert_error(check_error(path, GAME), path, "6:11: deck/colours/0/rgb",
                 "got null (quote it: '#' starts a comment)")


def test_duplicate_in_unique_seq(tmp_path: Path) -> None:
    text = "name: x\nplayers: 2\ndeck:\n  colours:\n    - name: red\n      rgb: '#ff0000'\n" \
           "      suits: [{name: Hearts}, {name: Diamonds}, {name: Hearts}]\n"
    path = write(tmp_path, text)
    assert_error(check_error(path, GAME), path, "7:56: deck/colours/0/suits/2/name",
                 "duplicate name 'Hearts' (first at index 0)")
    path = write(tmp_path, "name: x\nplayers: 2\ntags: [a, b, c, b]\n")
    assert_error(check_error(path, GAME), path, "3:17: tags/3",
                 "duplicate item 'b' (first at index 1)")


def test_nested_error_deep_in_a_list(tmp_path: Path) -> None:
    colours = "".join(f"    - name: c{i}\n      rgb: '#000000'\n" for i in range(3))
    suits = "".join(f"        - name: s{i}\n" for i in range(7)) + "        - name: ''\n"
    path = write(tmp_path, f"name: x\nplayers: 2\ndeck:\n  colours:\n{colours}"
                 f"    - name: c3\n      rgb: '#000000'\n      suits:\n{suits}")
    assert_error(check_error(path, GAME), path, "21:17: deck/colours/3/suits/7/name",
                 "must not be empty")


def test_seq_length_and_type(tmp_path: Path) -> None:
    spec = Map({"xs": Field(Seq(Int(), min_len=2, max_len=3))})
    path = write(tmp_path, "xs: [1]\n")
    assert_error(check_error(path, spec), path, "1:5: xs", "must have at least 2 items, got 1")
    path = write(tmp_path, "xs: [1, 2, 3, 4]\n")
    assert_error(check_error(path, spec), path, "1:15: xs", "must have at most 3 items, got 4")
    path = write(tmp_path, "xs: {a: 1}\n")
    assert_error(check_error(path, spec), path, "1:5: xs", "expected a list, got a mapping")
    path = write(tmp_path, "- 1\n")
    assert_error(check_error(path, spec), path, "1:1", "expected a mapping, got a list")


def test_str_constraints(tmp_path: Path) -> None:
    spec = DictOf(Str(), Str(min_len=2, max_len=3, pattern=r"[a-z]+"))
    for text, where, message in [
        ("k: a\n", "1:4: k", "must be at least 2 characters long, got 1"),
        ("k: abcd\n", "1:4: k", "must be at most 3 characters long, got 4"),
        ("k: AB\n", "1:4: k", "must match the pattern '[a-z]+', got 'AB'"),
        ("k: 12\n", "1:4: k", "expected a string, got an integer 12 (quote it)"),
        ("k:\n", "1:3: k", "expected a string, got null"),
    ]:
        path = write(tmp_path, text)
        assert_error(check_error(path, spec), path, where, message)


def test_spec_error_format() -> None:
    error = SpecError("a.yaml", 3, 7, "deck/colours/3/rgb", "bad")
    assert (error.file, error.line, error.col, error.path, error.message) == (
        "a.yaml", 3, 7, "deck/colours/3/rgb", "bad")
    assert str(error) == "a.yaml:3:7: deck/colours/3/rgb: bad"
    assert str(SpecError("a.yaml", 1, 2, "", "oops")) == "a.yaml:1:2: oops"


# --------------------------------------------------------------------------- happy paths


def test_defaults_filled_and_colours_converted(tmp_path: Path) -> None:
    path = write(tmp_path, "name: Holdem\nplayers: 6\nante: 1\ndeck:\n  colours:\n"
                 "    - {name: red, rgb: '#FF8000', suits: [{name: Hearts}]}\n")
    assert load_and_validate(path, GAME) == {
        "schema_version": 1, "name": "Holdem", "players": 6, "betting": "no_limit",
        "ante": 1.0, "jokers": False, "tags": [],
        "deck": {"colours": [{"name": "red", "rgb": (255, 128, 0),
                              "suits": [{"name": "Hearts", "symbol": "?"}]}]},
    }


def test_defaults_are_copies(tmp_path: Path) -> None:
    path = write(tmp_path, "name: x\nplayers: 2\n")
    first = load_and_validate(path, GAME)
    first["tags"].append("changed")
    assert load_and_validate(path, GAME)["tags"] == []


def test_dict_of(tmp_path: Path) -> None:
    spec = Map({"payouts": Field(DictOf(Str(pattern=r"[a-z_]+"), Int(min=0)))})
    path = write(tmp_path, "payouts:\n  pair: 1\n  full_house: 9\n")
    assert load_and_validate(path, spec) == {"payouts": {"pair": 1, "full_house": 9}}
    path = write(tmp_path, "payouts:\n  pair: 1\n  Flush: 5\n")
    assert_error(check_error(path, spec), path, "3:3: payouts", "must match the pattern")
    path = write(tmp_path, "payouts:\n  pair: -1\n")
    assert_error(check_error(path, spec), path, "2:9: payouts/pair", "must be at least 0, got -1")


def test_one_of(tmp_path: Path) -> None:
    spec = DictOf(Str(), OneOf(Int(min=1), Map({"min": Field(Int()), "max": Field(Int())})))
    path = write(tmp_path, "a: 3\nb: {min: 1, max: 2}\n")
    assert load_and_validate(path, spec) == {"a": 3, "b": {"min": 1, "max": 2}}
    path = write(tmp_path, "a: many\n")
    assert_error(check_error(path, spec), path, "1:4: a",
                 "expected an integer or a mapping, got a string 'many'")
    path = write(tmp_path, "a: 0\n")  # the most specific failure: a value error, not a type one
    assert_error(check_error(path, spec), path, "1:4: a", "must be at least 1, got 0")
    path = write(tmp_path, "a: {min: 1, max: x}\n")
    assert_error(check_error(path, spec), path, "1:18: a/max", "expected an integer")


def test_any_float_bool_and_extra(tmp_path: Path) -> None:
    spec = Map({"x": Field(Float(max=1.5)), "on": Field(Bool())}, extra=True)
    path = write(tmp_path, "x: 1\n'on': off\nmore: {a: [1, 2.5, null, yes, ~]}\n")
    assert load_and_validate(path, spec) == {"x": 1.0, "on": False,
                                             "more": {"a": [1, 2.5, None, True, None]}}
    path = write(tmp_path, "x: .nan\n'on': true\n")
    assert_error(check_error(path, spec), path, "1:4: x", "must be a number, got NaN")
    path = write(tmp_path, "x: 2\non: true\n")
    assert_error(check_error(path, spec), path, "1:4: x", "must be at most 1.5, got 2.0")


def test_non_string_key_in_map(tmp_path: Path) -> None:
    spec = Map({"on": Field(Bool())})
    path = write(tmp_path, "on: true\n")
    assert_error(check_error(path, spec), path, "1:1", "expected a string key, got a boolean")


def test_schemas_are_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Int().min = 3  # type: ignore[misc]
    fields = {"a": Field(Int())}
    spec = Map(fields)
    fields["b"] = Field(Int())
    assert list(spec.fields) == ["a"]
    with pytest.raises(TypeError):
        spec.fields["c"] = Field(Int())  # type: ignore[index]


def test_shipped_deck_files_load(tmp_path: Path) -> None:
    decks = Path(__file__).resolve().parents[1] / "variants" / "decks"
    for path in sorted(decks.glob("*.yaml")):
        data = validate(load_yaml(path), Map({"schema_version": Field(Int()),
                                              "deck": Field(Any())}), file=str(path))
        assert data["deck"]["id"] == path.stem


def test_a_deck_of_300_entries_and_12000_copies_validates(tmp_path: Path) -> None:
    # Its speed is measured in benchmarks/load_variants.py, not asserted here.
    card = Map({
        "name": Field(Str(min_len=1)), "suit": Field(Str()), "rank": Field(Int(min=1, max=13)),
        "copies": Field(Int(min=1), required=False, default=1), "rgb": Field(Colour()),
        "face": Field(Bool(), required=False, default=False),
    })
    deck = Map({"id": Field(Str()), "cards": Field(Seq(card, unique_by="name"))})
    spec = Map({"schema_version": schema.schema_version_field(1), "deck": Field(deck)})
    lines = ["schema_version: 1", "deck:", "  id: big", "  cards:"] + [
        f"    - {{name: 'Card {i}', suit: s{i % 4}, rank: {i % 13 + 1}, copies: 40,"
        f" rgb: '#a0b0c0', face: false}}" for i in range(300)]
    path = write(tmp_path, "\n".join(lines) + "\n")
    data = load_and_validate(path, spec)
    assert sum(card["copies"] for card in data["deck"]["cards"]) == 12_000
    assert data["deck"]["cards"][299] == {"name": "Card 299", "suit": "s3", "rank": 1, "copies": 40,
                                         "rgb": (160, 176, 192), "face": False}


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("generated") / "gen.yaml"


# PyYAML dumps NEL, LS and PS unescaped, then reads them back as line breaks: leave them out.
# NUL is refused in every string (no font or file name takes it).
KEYS = st.text(st.characters(codec="utf-8", exclude_characters="\x00\x85\u2028\u2029"), min_size=1)


@settings(max_examples=60, deadline=None)
@given(data=st.dictionaries(KEYS, st.integers(min_value=-NUMBER_LIMIT, max_value=NUMBER_LIMIT)))
def test_dict_of_round_trip(scratch: Path, data: dict[str, int]) -> None:
    """Any str -> int dict dumped by yaml.safe_dump validates back to itself."""
    scratch.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    assert load_and_validate(scratch, DictOf(Str(), Int())) == data
