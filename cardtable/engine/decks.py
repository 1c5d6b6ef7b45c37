"""Build :class:`~cardtable.engine.cards.Deck` objects from validated deck data.

Deck files (``variants/decks/*.yaml``) are validated by :mod:`cardtable.variants`;
the functions here turn the resulting plain data into immutable decks, one builder
per deck ``style``. Each builder reads only its own keys, so a style is one function.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.engine.cards import RGB, Card, ColourGroup, Deck

DeckData = dict[str, Any]


def _rgb(value: Any) -> RGB:
    r, g, b = value
    return (int(r), int(g), int(b))


def _back(data: DeckData) -> tuple[RGB, RGB]:
    back = data.get("back") or {}
    return (_rgb(back.get("colour", (30, 60, 140))), _rgb(back.get("accent", (220, 200, 120))))


def build_standard(data: DeckData) -> Deck:
    """Ranks x suits, e.g. the 52-card deck. Codes are rank code + suit code ("10H")."""
    cards: list[Card] = []
    ranks = data["ranks"]
    for suit in data["suits"]:
        for order, rank in enumerate(ranks):
            cards.append(
                Card(
                    index=len(cards),
                    code=f"{rank['code']}{suit['code']}",
                    name=f"{rank['name']} of {suit['name']}",
                    rank=rank["code"],
                    rank_order=order,
                    suit=suit["name"],
                    symbol=suit["symbol"],
                    ink=_rgb(suit["ink"]),
                    colour=suit["colour"],
                    value=rank.get("value"),
                    tags=frozenset(["face"]) if rank.get("face") else frozenset(),
                )
            )
    return Deck(data["id"], data["name"], "standard", tuple(cards), _back(data),
                ranks=tuple(r["code"] for r in ranks))


def build_ivali(data: DeckData) -> Deck:
    """The Ivali deck: numerals x planets x elements, plus elemental and infinity wilds.

    Codes are spelled as the Shenja Ivali source spells cards: "Gula 3 of Fire";
    an elemental wild is "Gula 3 of Wild", an infinity wild "Infinity #1".
    """
    cards: list[Card] = []
    numerals = data["numerals"]
    planets = data["planets"]
    elements = data["elements"]

    def add(code: str, name: str, rank: str, order: int, suit: str, symbol: str,
            ink: RGB, planet: dict[str, Any] | None, tags: frozenset[str], value: int | None) -> None:
        extra: list[tuple[str, str]] = []
        if planet is not None:
            extra += [("planet", planet["name"]), ("planet_symbol", planet["symbol"]),
                      ("background", "#{:02x}{:02x}{:02x}".format(*_rgb(planet["rgb"])))]
        cards.append(Card(len(cards), code, name, rank, order, suit, symbol, ink,
                          planet["name"] if planet else "", "", value, tags, tuple(extra)))

    for planet in planets:
        for element in elements:
            for order, numeral in enumerate(numerals):
                code = f"{planet['name']} {numeral} of {element['name']}"
                add(code, code, str(numeral), order + 1, element["name"], element["symbol"],
                    _rgb(element["rgb"]), planet, frozenset(), numeral)
    wild = data.get("elemental_wild")
    if wild:
        for planet in planets:
            for order, numeral in enumerate(numerals):
                code = f"{planet['name']} {numeral} of Wild"
                add(code, f"{planet['name']} {numeral}, elemental wild", str(numeral), order + 1,
                    "Wild", wild["symbol"], _rgb(wild["rgb"]), planet,
                    frozenset({"wild", "elemental_wild"}), numeral)
    infinity = data.get("infinity_wild")
    if infinity:
        for copy in range(1, infinity["count"] + 1):
            add(f"Infinity #{copy}", "Infinity wild", infinity["symbol"], 0, "", "",
                _rgb(infinity["rgb"]), None, frozenset({"wild", "infinity"}), None)
    return Deck(data["id"], data["name"], "ivali", tuple(cards), _back(data),
                ranks=tuple(str(n) for n in numerals))


def build_sabacc(data: DeckData) -> Deck:
    """The Sabacc deck: suits of valued ranks plus copies of the named face cards.

    Suit cards are "Master of Coins"; face cards "The Idiot #1", "The Idiot #2".
    """
    cards: list[Card] = []
    ranks = data["ranks"]
    for suit in data["suits"]:
        for order, rank in enumerate(ranks):
            cards.append(Card(
                index=len(cards), code=f"{rank['name']} of {suit['name']}",
                name=f"{rank['name']} of {suit['name']}", rank=rank["label"], rank_order=order,
                suit=suit["name"], symbol=suit["symbol"], ink=_rgb(suit["rgb"]),
                colour=suit["name"], value=rank["value"]))
    for face in data["faces"]:
        for copy in range(1, face["copies"] + 1):
            cards.append(Card(
                index=len(cards), code=f"{face['name']} #{copy}", name=face["name"],
                rank=str(face["value"]), rank_order=-1, suit="", symbol=face["symbol"],
                ink=_rgb(face["rgb"]), colour="face", value=face["value"],
                tags=frozenset({"face"})))
    return Deck(data["id"], data["name"], "sabacc", tuple(cards), _back(data),
                ranks=tuple(r["label"] for r in ranks))


def build_infinite(data: DeckData) -> Deck:
    """The Infinite Deck: every rank in every suit of every colour ("Dragon of Embers")."""
    ranks: list[str] = [str(r) for r in data["ranks"]]
    cards: list[Card] = []
    colours: list[ColourGroup] = []
    for colour in data["colours"]:
        rgb = _rgb(colour["rgb"])
        suit_names = {s["name"] for s in colour["suits"]}
        if colour["trump"] not in suit_names:
            raise ValueError(f"colour {colour['name']}: trump {colour['trump']!r} is not one of its suits")
        colours.append(ColourGroup(colour["name"], colour["mark"], rgb, colour["trump"],
                                   tuple((s["name"], s["symbol"]) for s in colour["suits"])))
        for suit in colour["suits"]:
            tags = frozenset({"trump"}) if suit["name"] == colour["trump"] else frozenset()
            for order, rank in enumerate(ranks):
                cards.append(Card(
                    index=len(cards), code=f"{rank} of {suit['name']}",
                    name=f"{rank} of {suit['name']}", rank=rank, rank_order=order,
                    suit=suit["name"], symbol=suit["symbol"], ink=rgb, colour=colour["name"],
                    mark=colour["mark"], tags=tags))
    return Deck(data["id"], data["name"], "infinite", tuple(cards), _back(data),
                colours=tuple(colours), ranks=tuple(ranks))


BUILDERS: dict[str, Callable[[DeckData], Deck]] = {
    "standard": build_standard,
    "ivali": build_ivali,
    "sabacc": build_sabacc,
    "infinite": build_infinite,
}


def build_deck(data: DeckData) -> Deck:
    """Build a deck from validated data, choosing the builder by ``data["style"]``."""
    try:
        builder = BUILDERS[data["style"]]
    except KeyError:
        raise ValueError(f"unknown deck style {data['style']!r}; known: {', '.join(BUILDERS)}") from None
    return builder(data)
