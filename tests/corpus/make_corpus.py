"""Write the generated part of the hostile-file corpus (run from the repository root).

``python tests/corpus/make_corpus.py`` (re)writes:

* ``decks_bad/gen_*.yaml``: broken deck files, each headed ``# breaks: ... | expect: ...``;
* ``saves_bad/*.json``: save files, many with a *consistent* checksum around broken
  contents (made with :func:`cardtable.saves.encode`, then edited and re-sealed), so
  only the per-game checks can refuse them;
* ``settings_bad/*.json``: broken ``settings.json`` files.

Special files (FIFOs, links to devices) are never committed: the tests make them.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from cardtable import saves  # noqa: E402

DECK_HEAD = ("schema_version: 1\ndeck:\n  id: corpus_deck\n  name: Corpus deck\n  style: standard\n")
RANKS = "  ranks:\n    - {code: '2', name: Two}\n    - {code: A, name: Ace}\n"
SUITS = "  suits:\n    - {code: C, name: Clubs, symbol: 'C', colour: black, ink: '#1b1b1b'}\n"

# name: (what it breaks, expected fragment, body)
DECKS: dict[str, tuple[str, str, str]] = {
    "nul_in_deck_name": ("a NUL escape in the deck name", "must not contain a NUL character",
                         DECK_HEAD.replace("name: Corpus deck", 'name: "Corpus\\0deck"') + RANKS + SUITS),
    "lone_surrogate_card_name": ("a lone surrogate escape in a rank name", "invalid Unicode character escape",
                                 DECK_HEAD + "  ranks:\n    - {code: '2', name: \"Tw\\ud800o\"}\n" + SUITS),
    "nul_in_suit_name": ("a NUL escape in a suit name", "must not contain a NUL character",
                         DECK_HEAD + RANKS + "  suits:\n    - {code: C, name: \"Cl\\x00ubs\", symbol: 'C', "
                         "colour: black, ink: '#1b1b1b'}\n"),
    "rank_value_huge": ("a rank value beyond any screen", "must be from -1000000000000000",
                        DECK_HEAD + "  ranks:\n    - {code: '2', name: Two, value: 10000000000000000}\n" + SUITS),
    "rank_value_4301_digits": ("a 4,301-digit rank value", "invalid !!int value",
                               DECK_HEAD + "  ranks:\n    - {code: '2', name: Two, value: " + "9" * 4301 + "}\n"
                               + SUITS),
    "rank_value_float": ("a float rank value", "expected an integer, got a float",
                         DECK_HEAD + "  ranks:\n    - {code: '2', name: Two, value: 2.5}\n" + SUITS),
    "rank_code_too_long": ("a rank code of four characters", "must be at most 3 characters long",
                           DECK_HEAD + "  ranks:\n    - {code: '2222', name: Two}\n" + SUITS),
    "suits_empty": ("an empty suit list", "must have at least 1 items",
                    DECK_HEAD + RANKS + "  suits: []\n"),
    "ranks_mapping": ("ranks given as a mapping", "expected a list, got a mapping",
                      DECK_HEAD + "  ranks: {a: 1}\n" + SUITS),
    "deck_id_bad_pattern": ("a deck id with capitals", "must match the pattern",
                            DECK_HEAD.replace("id: corpus_deck", "id: Corpus") + RANKS + SUITS),
    "deck_top_list": ("a deck file that is a list", "deck/style: must be one of", "- 1\n- 2\n"),
    "deck_unknown_key": ("an unknown key in the deck", "unknown key 'jokers'",
                         DECK_HEAD + RANKS + SUITS + "  jokers: 2\n"),
    "deck_yaml_syntax": ("an unclosed flow mapping in a deck", "YAML syntax error",
                         DECK_HEAD + "  ranks:\n    - {code: '2', name: Two\n" + SUITS),
    "deck_alias": ("an alias in a deck", "aliases are not allowed",
                   DECK_HEAD + "  ranks:\n    - &r {code: '2', name: Two}\n    - *r\n" + SUITS),
    "deck_python_tag": ("a python tag in a deck", "tag !!python/object/apply:os.system is not allowed",
                        DECK_HEAD + "  ranks: !!python/object/apply:os.system ['true']\n" + SUITS),
    "ivali_numeral_over_99": ("an Ivali numeral of 100", "must be at most 99",
                              "schema_version: 1\ndeck:\n  id: corpus_deck\n  name: Corpus deck\n  style: ivali\n"
                              "  numerals: [1, 100]\n  planets: [{name: P, symbol: p, rgb: '#112233'}]\n"
                              "  elements: [{name: E, symbol: e, rgb: '#112233'}]\n"),
    "sabacc_value_inf": ("an infinite Sabacc face value", "expected an integer, got a float",
                         "schema_version: 1\ndeck:\n  id: corpus_deck\n  name: Corpus deck\n  style: sabacc\n"
                         "  suits: [{name: S, symbol: s, rgb: '#112233'}]\n"
                         "  ranks: [{name: R, label: r, value: 1}]\n"
                         "  faces: [{name: F, value: .inf, copies: 1, symbol: f, rgb: '#112233'}]\n"),
    "infinite_mark_digits": ("an Infinite colour mark of digits", "must match the pattern",
                             "schema_version: 1\ndeck:\n  id: corpus_deck\n  name: Corpus deck\n  style: infinite\n"
                             "  ranks: ['1']\n  colours:\n    - {name: Red, mark: '12', rgb: '#112233', trump: T,"
                             " suits: [{name: T, symbol: t}]}\n"),
    "back_colour_named": ("a back colour given as a word", "must be a colour like '#rrggbb'",
                          DECK_HEAD + "  back: {colour: blue, accent: '#000000'}\n" + RANKS + SUITS),
    "deck_style_number": ("a deck style that is a number", "must be one of",
                          DECK_HEAD.replace("style: standard", "style: 7") + RANKS + SUITS),
    "deck_schema_version_string": ("a deck schema_version as text", "expected an integer, got a string",
                                   DECK_HEAD.replace("schema_version: 1", "schema_version: 'one'") + RANKS + SUITS),
    "deck_bom_then_tab": ("a tab indent after a byte order mark", "YAML syntax error",
                          "\ufeff" + DECK_HEAD + "\tranks: []\n"),
    "symbol_empty": ("an empty suit symbol", "must not be empty",
                     DECK_HEAD + RANKS + "  suits:\n    - {code: C, name: Clubs, symbol: '', colour: black,"
                     " ink: '#1b1b1b'}\n"),
    "suit_ink_missing": ("a suit without its ink", "missing required key 'ink'",
                         DECK_HEAD + RANKS + "  suits:\n    - {code: C, name: Clubs, symbol: 'C', colour: black}\n"),
}


def write_decks() -> int:
    folder = HERE / "decks_bad"
    for name, (what, expect, body) in DECKS.items():
        text = f"# breaks: {what} | expect: {expect}\n" + body
        if text.startswith("# breaks") and body.startswith("\ufeff"):
            text = f"# breaks: {what} | expect: {expect}\n" + body[1:]
        (folder / f"gen_{name}.yaml").write_bytes(text.encode("utf-8", "surrogatepass"))
    return len(DECKS)


def _seal(envelope: dict) -> bytes:
    """Bytes of ``envelope`` (without sha256) with a checksum that matches it."""
    body = {k: v for k, v in envelope.items() if k not in ("sha256", "payload")}
    payload = envelope.get("payload")
    canon = saves._canonical
    digest = hashlib.sha256(canon(body) + b"\n" + canon(payload)).hexdigest()
    return json.dumps({**body, "payload": payload, "sha256": digest}, ensure_ascii=False).encode("utf-8")


def _base(game: str = "five_card_draw", variant: str = "five_card_draw") -> dict:
    payload = {"state": {"game": game, "state": {"deck": "standard52", "dealer": 0, "turn": 1,
                                                  "hands": [[0, 1], [2, 3]], "names": ["Ada", "Bo"],
                                                  "rng": [1, 2, 3, 4], "private": {"0": [0, 1]}}},
               "seats": [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "bot"}]}
    raw = saves.encode(game=game, variant=variant, match="20260101-000000-abcdef", payload=payload,
                       summary={"names": ["Ada", "Bo"], "round": 1, "finished": False, "left": False})
    return json.loads(raw)


def _edit(path: list, value) -> bytes:
    envelope = _base()
    node = envelope
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return _seal(envelope)


def write_saves() -> int:
    folder = HERE / "saves_bad"
    good = saves.encode(game="five_card_draw", variant="five_card_draw", match="m", payload={"a": 1})
    state = ["payload", "state", "state"]
    files: dict[str, bytes] = {
        "empty": b"",
        "whitespace": b"  \n\t\n",
        "truncated_half": good[: len(good) // 2],
        "not_json": b"this is not a save\n",
        "not_utf8": b"\xff\xfe\x00{}",
        "json_list": b"[1, 2, 3]",
        "json_number": b"42",
        "wrong_format": json.dumps({"format": "other"}).encode(),
        "no_checksum": json.dumps({**{k: v for k, v in _base().items() if k != "sha256"}}).encode(),
        "checksum_wrong": good.replace(b'"sha256":"', b'"sha256":"0', 1),
        "checksum_number": _seal(_base())[:-1] + b', "sha256": 5}',
        "edited_payload": good.replace(b'"a":1', b'"a":2'),
        "nan_value": _seal(_base()).replace(b'"turn": 1', b'"turn": NaN'),
        "deep_nesting": b'{"format": "cardtable-save", "payload": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        "int_4301_digits_raw": b'{"format": "cardtable-save", "version": ' + b"9" * 4301 + b"}",
        "version_future": _edit(["version"], 99),
        "version_zero": _edit(["version"], 0),
        "version_string": _edit(["version"], "1"),
        "version_bool": _edit(["version"], True),
        "game_missing": _edit(["game"], None),
        "game_number": _edit(["game"], 7),
        "payload_list": _edit(["payload"], [1, 2]),
        "summary_string": _edit(["summary"], "round 3"),
        "variant_of_other_game": _edit(["variant"], "shenja_ivali"),
        "game_unknown": _edit(["game"], "no_such_game"),
        "rng_negative": _edit(state + ["rng"], [-1, 2, 3, 4]),
        "turn_99": _edit(state + ["turn"], 99),
        "dealer_negative": _edit(state + ["dealer"], -3),
        "card_index_huge": _edit(state + ["hands"], [[999999, 1], [2, 3]]),
        "card_as_text": _edit(state + ["hands"], [["AS", 1], [2, 3]]),
        "seat_name_number": _edit(["payload", "seats", 0, "name"], 5),
        "names_numbers": _edit(state + ["names"], [1, 2]),
        "int_4301_digits_sealed": _seal(_base())[:-1] + b', "x": ' + b"7" * 4301 + b"}",
        "private_list": _edit(state + ["private"], [[0, 1]]),
        "state_null": _edit(["payload", "state"], None),
        "seats_empty": _edit(["payload", "seats"], []),
        "name_nul": _edit(["payload", "seats", 0, "name"], "A\x00da"),
        "name_long": _edit(["payload", "seats", 0, "name"], "A" * 100_000),
        "summary_names_huge": _edit(["summary", "names"], ["x"] * 10_000),
        "round_negative": _edit(["summary", "round"], -1),
        "deck_unknown": _edit(state + ["deck"], "no_such_deck"),
        "hands_nested_deep": _edit(state + ["hands"], [[[[[[[[1]]]]]]]]),
    }
    for name, data in files.items():
        (folder / f"{name}.json").write_bytes(data)
    return len(files)


def write_settings() -> int:
    folder = HERE / "settings_bad"
    files: dict[str, bytes] = {
        "empty": b"",
        "not_json": b"sound = true\n",
        "truncated": b'{"sound": tr',
        "list": b"[1, 2]",
        "string": b'"settings"',
        "null": b"null",
        "not_utf8": b'{"player_names": ["\xff"]}',
        "int_5000_digits": b'{"ui_scale": ' + b"1" * 5000 + b"}",
        "int_5000_digits_window": b'{"window_size": [' + b"9" * 5000 + b", 600]}",
        "deep_nesting": b'{"x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        "nan": b'{"ui_scale": NaN}',
        "infinity": b'{"ui_scale": Infinity}',
        "float_overflow": b'{"ui_scale": 1e309}',
        "ui_scale_string": b'{"ui_scale": "big"}',
        "ui_scale_huge": b'{"ui_scale": 1e300}',
        "window_negative": b'{"window_size": [-1, -1]}',
        "window_huge": b'{"window_size": [1000000000, 1000000000]}',
        "window_floats": b'{"window_size": [800.5, 600]}',
        "window_three": b'{"window_size": [800, 600, 1]}',
        "sound_string": b'{"sound": "yes"}',
        "names_not_list": b'{"player_names": "Ada"}',
        "names_numbers": b'{"player_names": [1, 2, 3]}',
        "names_nul": b'{"player_names": ["A\\u0000da"]}',
        "names_lone_surrogate": b'{"player_names": ["\\ud800"]}',
        "names_long": b'{"player_names": ["' + b"A" * 100_000 + b'"]}',
        "names_many": b'{"player_names": [' + b",".join([b'"x"'] * 10_000) + b"]}",
        "last_variant_nul": b'{"last_variant": "a\\u0000b"}',
        "last_variant_long": b'{"last_variant": "' + b"v" * 100_000 + b'"}',
        "unknown_keys_many": b"{" + b",".join(b'"k%d": 1' % i for i in range(10_000)) + b"}",
        "duplicate_keys": b'{"sound": true, "sound": 5}',
        "bom_then_garbage": b"\xef\xbb\xbf{,}",
        "log_level_number": b'{"log_level": 3}',
    }
    for name, data in files.items():
        (folder / f"{name}.json").write_bytes(data)
    return len(files)


if __name__ == "__main__":
    print("decks", write_decks(), "saves", write_saves(), "settings", write_settings())
