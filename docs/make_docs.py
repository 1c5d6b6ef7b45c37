"""Write the parts of the manual that could drift from the code: the key tables, settings
tables and hand tables of every game, and the variant file's format.

A generated part sits between ``<!-- generated: KIND ARGS -->`` and ``<!-- /generated -->``
in ``README.md`` or a page under ``docs/``; this rewrites what is between them from the
registry (:func:`cardtable.games.games`), the tables' ``key_rows()`` (what help lists and
the table dispatches through), the games' declared settings and hand data, and the schemas
(``cardtable/variant_schemas.py``, ``cardtable/yaml_games/declaration.py``). The kinds:

- ``keys GAME [GAME ...]``: the first game's table's keys (games sharing a block share keys);
- ``settings GAME``: the game's settings (``GameDefinition.settings``), default and range;
- ``hands GAME``: the game's hands as its help page (? then Tab) lists them;
- ``rules GAME``: the rules text help shows, from the bundled variant file;
- ``games``: every registered game with a link to its page (README's list);
- ``variant-fields``, ``game-block``, ``steps``, ``step-settings``, ``deck-styles``: the
  variant and deck file format, from the schemas.

``python docs/make_docs.py`` rewrites the pages; ``--check`` exits 1 naming each page it
would change (``tests/test_docs_generated.py`` fails the same way).
"""

from __future__ import annotations

import dataclasses
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
BLOCK = re.compile(r"(<!-- generated: (?P<kind>[a-z-]+)(?P<args>(?: [a-z_0-9]+)*) -->\n)(?P<body>.*?)"
                   r"(<!-- /generated -->)", re.S)


def pages() -> list[Path]:
    """Every page that may hold a generated part: README.md and docs/**/*.md."""
    return [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]


def _cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _table(headings: tuple[str, ...], rows: list[tuple[Any, ...]]) -> str:
    lines = ["| " + " | ".join(headings) + " |", "|" + "---|" * len(headings)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


# -- keys -----------------------------------------------------------------------------------
def key_rows(game: str) -> list[tuple[str, str]]:
    """The rows help lists for ``game``'s table."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from cardtable.ui.menu import game_table_module
    module = game_table_module(game)
    table = getattr(module, "TABLE", None)
    return list(table.scene.key_rows() if table is not None else module.key_rows())


def keys_block(game: str, *others: str) -> str:
    """The Markdown table of ``game``'s keys."""
    return _table(("keys", "what"), key_rows(game))


# -- settings -------------------------------------------------------------------------------
def _value(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_value(v)}" for k, v in value.items()) + "}"
    return str(value) if value != "" else '""'



def _allowed(setting: Any) -> str:
    from cardtable.games.definition import _num
    if setting.choices:
        text = ", ".join(_value(c) for c in setting.choices)
    elif setting.kind in (int, float):
        kind = "whole number" if setting.kind is int else "number"
        if setting.low is not None and setting.high is not None:
            text = f"{kind}, {_num(setting.low)} to {_num(setting.high)}"
        elif setting.low is not None:
            text = f"{kind}, {_num(setting.low)} or more"
        elif setting.high is not None:
            text = f"{kind}, up to {_num(setting.high)}"
        else:
            text = kind
    else:
        text = {bool: "true or false", str: "text", list: "a list"}.get(setting.kind, setting.kind.__name__)
    return text + (", or null" if setting.optional else "")


def settings_block(game: str) -> str:
    """The game's settings as a variant file's ``settings:`` writes them."""
    from cardtable import games
    rows = [(f"`{s.key}`", f"`{_value(s.default)}`", _allowed(s), s.doc) for s in games.get(game).settings]
    if not rows:
        return "This game has no settings.\n"
    return _table(("setting", "default", "allowed", "what it is"), rows)


# -- hands ----------------------------------------------------------------------------------
def _percent(p: float, digits: int = 3) -> str:
    return f"{p:.5f}%" if p < 0.01 else f"{p:.{digits}f}%"


def _ivali_hands() -> str:
    from cardtable.games.shenja_ivali.examples import example_hands
    from cardtable.games.shenja_ivali.hands import HAND_COUNT, KINDS
    from cardtable.games.shenja_ivali.kind_counts import KIND_COUNTS
    from cardtable.variants import load_deck_by_id
    examples = example_hands(load_deck_by_id("ivali"))
    rows = []
    for kind in KINDS:
        name = kind.name + (" (+ element word)" if kind.element_word else "")
        source = f"{kind.source_percent:.6f}".rstrip("0").rstrip(".")
        rows.append((kind.rank, f"**{name}** {kind.pattern}", ", ".join(c.code for c in examples.get(kind.rank, ())),
                     _percent(KIND_COUNTS.get(kind.rank, 0) / HAND_COUNT * 100), f"{source}%"))
    return _table(("#", "kind", "example", "exact odds", "the source's"), rows)


def _ipso_hands() -> str:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from cardtable.games.ipso.hands import hand_value_of
    from cardtable.games.ipso.ui.hands_page import ROWS
    rows = []
    for codes, what, ties in ROWS:
        hand = hand_value_of(codes)
        rows.append((hand.rank, " ".join(codes), f"**{hand.kind}**: {what}", hand.value, ties))
    return (_table(("#", "example", "kind", "value", "ties between two of it"), rows)
            + "\nPips: A=1, 2-10 as marked, J=11, Q=12, K=13. \"Cut\": each tied player gets the stock's top card.\n")


def _sabacc_hands() -> str:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from cardtable.games.sabacc.hands import evaluate, parse_hand
    from cardtable.games.sabacc.ui.hands_page import ROWS
    from cardtable.variants import load_deck_by_id
    deck = load_deck_by_id("sabacc")
    rows = []
    for i, (text, codes) in enumerate(ROWS):
        value = evaluate(parse_hand([deck.find(code).code for code in codes], deck)).label if i >= 2 else ""
        rows.append((text, ", ".join(codes), value))
    return _table(("what", "cards", "makes"), rows)


def _alethkar_hands() -> str:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from cardtable.games.alethkar_poker.ui.values_page import NOTES
    from cardtable.games.alethkar_poker.values import VALUE_TABLE
    return " ".join(NOTES) + "\n\n" + _table(("combination", "value"), list(VALUE_TABLE))


def _flame_hands() -> str:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from cardtable.games.flame_sword import frequencies
    from cardtable.games.flame_sword.examples import example_hands
    from cardtable.games.flame_sword.hands import best_hand, kind_order
    from cardtable.games.flame_sword.ui.hands_page import TIES_TEXT, measured_text
    from cardtable.variants import load_deck_by_id
    deck = load_deck_by_id("infinite")
    examples = example_hands(deck)
    rows = []
    for kind in kind_order("source"):
        cards = list(examples.get(kind.rank, ()))
        used = best_hand(deck, cards, cards if kind.family == "called" else (), "source").cards if cards else ()
        names = ", ".join(deck[c if isinstance(c, int) else c.index].name for c in used)
        note = ("never the kind: it always holds an 8 of a Kind, ranked higher" if kind.rank == 74 else kind.text)
        is_text, has_text = measured_text(kind.rank)
        odds = kind.odds + (" : 1" if kind.odds != "-" else "")
        rows.append((kind.rank, f"**{kind.name}**: {note}", names, odds, f"is {is_text}, has {has_text}"))
    intro = (f"In the source's order (# is the place on its list). Measured: {frequencies.SAMPLES:,} random 14-card "
             "hands; \"is\": that hand's kind, \"has\": some ten of its cards contain the kind. " + TIES_TEXT)
    return intro + "\n\n" + _table(("#", "kind", "example (the ten cards used)", "the source's odds", "measured"),
                                   rows)


def _poker_hands(game: str) -> str:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from cardtable import games
    from cardtable.engine.named_evaluators import lookup
    from cardtable.yaml_games.tools import showdown_of
    from cardtable.yaml_games.ui.hands_page import HandsPage
    showdown = showdown_of(games.get(game))
    page = HandsPage.__new__(HandsPage)  # its rows only: no window, no card faces
    page.low, page.own = showdown.low, ("" if lookup(showdown.high).standard else showdown.high)
    out, rows = [], []
    for row in page._make_rows():
        if not row.cards:  # a heading between the highs and the lows
            if rows:
                out.append(_table(("#", "hand", "example", "in 5 cards"), rows))
                rows = []
            out.append(f"{row.name}:\n")
            continue
        name = f"**{row.name}**" + (f" ({row.note})" if row.note else "")
        rows.append((row.place, name, " ".join(row.cards), row.chance))
    if rows:
        out.append(_table(("#", "hand", "example", "in 5 cards") if any(r[3] for r in rows)
                          else ("#", "hand", "example", ""), rows))
    return "\n".join(out)


_HANDS: dict[str, Callable[[], str]] = {"shenja_ivali": _ivali_hands, "ipso": _ipso_hands, "sabacc": _sabacc_hands,
                                        "alethkar_poker": _alethkar_hands, "flame_sword": _flame_hands}


def has_hands(game: str) -> bool:
    """Whether the game has a hands table (every game with rules)."""
    from cardtable import games
    return games.get(game).has_rules


def hands_block(game: str) -> str:
    """The game's hands, as its help page lists them."""
    return _HANDS[game]() if game in _HANDS else _poker_hands(game)


# -- the variant format ---------------------------------------------------------------------
def describe(schema: Any) -> str:
    """What a schema node accepts, in words."""
    from cardtable import schema as s
    if isinstance(schema, s.Str):
        words = "text"
        if schema.choices:
            return "one of " + ", ".join(f"`{c}`" for c in schema.choices)
        if schema.pattern:
            words += f" matching `{schema.pattern}`"
        if schema.max_len is not None:
            words += f", {schema.min_len or 0} to {schema.max_len:,} characters"
        return words
    if isinstance(schema, s.Int):
        low, high = schema.min, schema.max
        return "a whole number" + (f" from {low:,} to {high:,}" if low is not None and high is not None else "")
    if isinstance(schema, s.Bool):
        return "true or false"
    if isinstance(schema, s.Colour):
        return "a colour (`'#rrggbb'` or `[r, g, b]`)"
    if isinstance(schema, s.Seq):
        size = f" ({schema.min_len or 0} to {schema.max_len})" if schema.max_len else ""
        return f"a list{size} of {describe(schema.item)}"
    if isinstance(schema, s.Map):
        return "a mapping of " + ", ".join(f"`{k}`" for k in schema.fields)
    if isinstance(schema, s.DictOf):
        return "a mapping"
    if isinstance(schema, s.OneOf):
        return " or ".join(describe(one) for one in schema.schemas)
    if isinstance(schema, s.Retired):
        return "retired: loads with a warning"
    return "any value"


def _field_rows(fields: dict[str, Any]) -> list[tuple[str, ...]]:
    rows = []
    for key, field in fields.items():
        need = "required" if field.required else f"optional (default `{_value(field.default)}`)"
        rows.append((f"`{key}`", need, describe(field.schema), field.doc))
    return rows


def variant_fields_block() -> str:
    """The keys of a variant file's ``variant:`` mapping."""
    from cardtable.variant_schemas import SCHEMA_VERSION, variant_fields
    rows = _field_rows(variant_fields())
    rows.append(("`game`", "required", "a game's id (any registered game) or a block declaring a game (below)", ""))
    rows.append(("`settings`", "optional (default `{}`)", "a mapping",
                 "the game's own settings, each checked by the game (see its page)"))
    return (f"The file's top level: `schema_version` (a whole number, 1 to {SCHEMA_VERSION}) and `variant:`, "
            "a mapping of these keys:\n\n" + _table(("key", "required?", "value", "what it is"), rows))


def game_block() -> str:
    """The keys of a ``game:`` block that declares a game."""
    from cardtable.yaml_games.declaration import game_schema
    return _table(("key", "required?", "value", "what it is"), _field_rows(dict(game_schema().fields)))


def _first_sentence(doc: str | None) -> str:
    text = " ".join((doc or "").split()).replace("``", "`")
    end = text.find(". ")
    return text if end < 0 else text[:end + 1]


def steps_block() -> str:
    """The steps a flow may write, their parameters and defaults (a word names a setting)."""
    from cardtable.yaml_games.declaration import STEPS
    rows = []
    for kind, cls in STEPS.items():
        params = []
        for f in dataclasses.fields(cls):
            if f.default is dataclasses.MISSING:
                params.append(f"`{f.name}` (required)")
            else:
                params.append(f"`{f.name}` (`{_value(f.default) if f.default != '' else 'none'}`)")
        rows.append((f"`{kind}`", ", ".join(params), _first_sentence(cls.__doc__)))
    return _table(("step", "parameters (default)", "what it does"), rows)


def step_settings_block() -> str:
    """The settings a flow's steps name by default, and the betting settings every such game has."""
    from cardtable.yaml_games.declaration import _GENERIC_DOCS, _NAMED, STEPS
    kinds = {cls: kind for kind, cls in STEPS.items()}
    rows = [(f"`{kinds[cls]}` `{param}`", named.kind.__name__, _value(named.default), named.doc)
            for (cls, param), named in _NAMED.items()]
    rows += [(f"`{key}`", "", "", doc) for key, doc in _GENERIC_DOCS.items()]
    return _table(("step parameter or setting", "kind", "default", "what it is"), rows)


def deck_styles_block() -> str:
    """Each deck style's fields."""
    from cardtable.variant_schemas import DECK_SCHEMAS
    out = []
    for style, schema in DECK_SCHEMAS.items():
        deck = schema.fields["deck"].schema
        out.append(f"`style: {style}`:\n\n" + _table(("key", "required?", "value", "what it is"),
                                                     _field_rows(dict(deck.fields))))
    return "\n".join(out)


# -- the games and their rules text -------------------------------------------------------
def _bundled_variant(game: str) -> dict[str, Any]:
    """The bundled variant file of ``game`` (``variants/<id>.yaml``), as plain data."""
    import yaml
    return yaml.safe_load((REPO / "variants" / f"{game}.yaml").read_text(encoding="utf-8"))["variant"]


def rules_block(game: str) -> str:
    """The rules text the help overlay (? or F1) shows, from the bundled variant file: its
    lines joined into paragraphs, a blank line starting a new one."""
    text = _bundled_variant(game).get("rules", "")
    paragraphs = [" ".join(part.split()) for part in re.split(r"\n\s*\n", text) if part.strip()]
    return "\n\n".join(paragraphs) + "\n"


def games_block() -> str:
    """Every registered game: its page, seats and the menu's one line."""
    from cardtable import games
    rows = []
    for game in sorted(games.games(), key=lambda g: (not g.has_rules, g.name)):
        bundled = (REPO / "variants" / f"{game.id}.yaml").exists()
        summary = _bundled_variant(game.id).get("summary", "") if bundled else ""
        low, high = game.seats
        rows.append((f"[{game.name}](docs/games/{game.id}.md)", f"{low}-{high}", summary))
    return _table(("game", "seats", "in one line"), rows)


# -- rewriting ------------------------------------------------------------------------------
KINDS: dict[str, Callable[..., str]] = {
    "keys": keys_block, "settings": settings_block, "hands": hands_block,
    "variant-fields": variant_fields_block, "game-block": game_block, "steps": steps_block,
    "step-settings": step_settings_block, "deck-styles": deck_styles_block,
    "rules": rules_block, "games": games_block,
}


def blocks_in(text: str) -> list[tuple[str, list[str]]]:
    """Each generated part of ``text``: its kind and arguments, in order."""
    return [(m.group("kind"), m.group("args").split()) for m in BLOCK.finditer(text)]


def rewrite(text: str) -> str:
    """``text`` with every generated part written anew."""
    def one(m: re.Match[str]) -> str:
        kind = m.group("kind")
        if kind not in KINDS:
            raise ValueError(f"no generated part called {kind!r}")
        return m.group(1) + KINDS[kind](*m.group("args").split()) + m.group(5)
    return BLOCK.sub(one, text)


def stale() -> list[Path]:
    """The pages whose generated parts differ from what this script writes."""
    return [page for page in pages() if rewrite(text := page.read_text(encoding="utf-8")) != text]


def main(argv: list[str]) -> int:
    """Rewrite the pages (with ``--check`` only say which are out of date)."""
    sys.path.insert(0, str(REPO))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if "--check" in argv:
        out = stale()
        for page in out:
            print(f"{page.relative_to(REPO)} differs from the code: run python docs/make_docs.py")
        return 1 if out else 0
    for page in pages():
        text = page.read_text(encoding="utf-8")
        new = rewrite(text)
        if new != text:
            page.write_text(new, encoding="utf-8")
            print(f"rewrote {page.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
