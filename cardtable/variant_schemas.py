"""The schemas of variant and deck files (see :mod:`cardtable.variants`, which reads the
files through them). A module of its own because building them imports YAML and
:mod:`cardtable.schema`: a start whose variants and decks are all remembered as checked
(:mod:`cardtable.variant_checks`, :mod:`cardtable.deck_checks`) imports neither.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.engine.decks import BUILDERS
from cardtable.schema import Any as AnyValue
from cardtable.schema import Bool, Colour, DictOf, Field, Int, Map, OneOf, Retired, Seq, Str

__all__ = ["SCHEMA_VERSION", "DECK_SCHEMAS", "variant_schema"]

SCHEMA_VERSION = 1
"""The newest ``schema_version`` of a variant or deck file."""

HOTKEYS_RETIRED = ("'hotkeys' is ignored: a table's keys now come from the table itself (? or F1 lists "
                   "them); delete this key")
"""The warning for a variant file that still lists ``hotkeys`` (it did something once)."""

_ID = Str(min_len=1, max_len=40, pattern=r"[a-z][a-z0-9_]*")
_NAME = Str(min_len=1, max_len=60)
_SYMBOL = Str(min_len=1, max_len=2)
_BACK = Map({"colour": Field(Colour()), "accent": Field(Colour())})


def _deck_map(fields: dict[str, Field]) -> Map:
    common = {
        "id": Field(_ID, doc="how variants refer to this deck"),
        "name": Field(_NAME),
        "style": Field(Str(choices=tuple(BUILDERS))),
        "back": Field(_BACK, required=False, default={"colour": (30, 60, 140), "accent": (220, 200, 120)}),
    }
    return Map({"schema_version": Field(Int(min=1, max=SCHEMA_VERSION)),
                "deck": Field(Map({**common, **fields}))})


DECK_SCHEMAS: dict[str, Map] = {
    "standard": _deck_map({
        "ranks": Field(Seq(Map({"code": Field(Str(min_len=1, max_len=3)), "name": Field(_NAME),
                                "value": Field(Int(), required=False),
                                "face": Field(Bool(), required=False, default=False)}),
                           min_len=1, max_len=60, unique_by="code")),
        "suits": Field(Seq(Map({"code": Field(Str(min_len=1, max_len=2)), "name": Field(_NAME),
                                "symbol": Field(_SYMBOL), "colour": Field(_NAME), "ink": Field(Colour())}),
                           min_len=1, max_len=60, unique_by="code")),
    }),
    "ivali": _deck_map({
        "numerals": Field(Seq(Int(min=0, max=99), min_len=1, max_len=20, unique_by=True)),
        "planets": Field(Seq(Map({"name": Field(_NAME), "symbol": Field(_SYMBOL), "rgb": Field(Colour())}),
                             min_len=1, max_len=20, unique_by="name")),
        "elements": Field(Seq(Map({"name": Field(_NAME), "symbol": Field(_SYMBOL), "rgb": Field(Colour())}),
                              min_len=1, max_len=20, unique_by="name")),
        "elemental_wild": Field(Map({"symbol": Field(_SYMBOL), "rgb": Field(Colour())}), required=False),
        "infinity_wild": Field(Map({"count": Field(Int(min=0, max=20)), "symbol": Field(_SYMBOL),
                                    "rgb": Field(Colour())}), required=False),
    }),
    "sabacc": _deck_map({
        "suits": Field(Seq(Map({"name": Field(_NAME), "symbol": Field(_SYMBOL), "rgb": Field(Colour())}),
                           min_len=1, max_len=20, unique_by="name")),
        "ranks": Field(Seq(Map({"name": Field(_NAME), "label": Field(Str(min_len=1, max_len=3)),
                                "value": Field(Int(min=-99, max=99))}),
                           min_len=1, max_len=40, unique_by="name")),
        "faces": Field(Seq(Map({"name": Field(_NAME), "value": Field(Int(min=-99, max=99)),
                                "copies": Field(Int(min=1, max=8)), "symbol": Field(_SYMBOL),
                                "rgb": Field(Colour())}),
                           max_len=40, unique_by="name")),
    }),
    "infinite": _deck_map({
        "ranks": Field(Seq(Str(min_len=1, max_len=20), min_len=1, max_len=100, unique_by=True)),
        "colours": Field(Seq(Map({
            "name": Field(_NAME), "mark": Field(Str(min_len=1, max_len=2, pattern=r"[A-Za-z]{1,2}")),
            "rgb": Field(Colour()), "trump": Field(_NAME),
            "suits": Field(Seq(Map({"name": Field(_NAME), "symbol": Field(_SYMBOL)}),
                               min_len=1, max_len=60, unique_by="name")),
        }), min_len=1, max_len=60, unique_by="name")),
    }),
}

def variant_fields() -> dict[str, Field]:
    """The fields of a variant file's ``variant`` mapping every variant has (its ``game``
    and ``settings`` are checked by who reads them)."""
    return {
        "id": Field(_ID),
        "name": Field(_NAME),
        "summary": Field(Str(max_len=200), required=False, default=""),
        "seats": Field(Map({"min": Field(Int(min=1, max=8)), "max": Field(Int(min=1, max=8))}),
                       required=False, default={"min": 1, "max": 8}),
        "decks": Field(Seq(_ID, min_len=1, max_len=20, unique_by=True)),
        "rules": Field(Str(max_len=100_000), required=False, default=""),
        "hotkeys": Field(Retired(HOTKEYS_RETIRED), required=False),
    }


def variant_schema(game_ids: Iterable[str]) -> Map:
    """The schema of a variant file whose ``game`` is one of ``game_ids``, or a block
    declaring a game of its own (:mod:`cardtable.yaml_games.declaration`)."""
    from cardtable.yaml_games.declaration import game_schema
    return Map({
        "schema_version": Field(Int(min=1, max=SCHEMA_VERSION)),
        "variant": Field(Map({
            **variant_fields(),
            "game": Field(OneOf(Str(choices=tuple(sorted(game_ids))), game_schema())),
            "settings": Field(DictOf(Str(min_len=1), AnyValue()), required=False, default={}),
        })),
    })
