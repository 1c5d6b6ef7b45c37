"""Card faces and the font book: sizes, levels of detail, distinct faces, glyph coverage.

Headless: SDL's dummy video driver, one small display mode for the whole module.
"""

from __future__ import annotations

import hashlib
import os
import random
import re
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pygame.freetype  # noqa: E402
import pytest  # noqa: E402
import yaml  # noqa: E402

from cardtable.engine.cards import Card, Deck  # noqa: E402
from cardtable.engine.decks import build_deck  # noqa: E402
from cardtable.paths import asset_path  # noqa: E402
from cardtable.ui.faces import (  # noqa: E402
    CARD_H,
    CARD_W,
    CORNER_BELOW,
    SWATCH_BELOW,
    FaceArt,
    card_height,
    dominant_colour,
    short_ranks,
)
from cardtable.ui.fonts import FontBook, LruCache  # noqa: E402

DECKS_DIR = Path(__file__).resolve().parents[1] / "variants" / "decks"
DECK_FILES = sorted(DECKS_DIR.glob("*.yaml"))
HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
WIDTHS = (12, 40, 100, 240)


def _hex_to_rgb(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _hex_to_rgb(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_hex_to_rgb(v) for v in value]
    if isinstance(value, str) and HEX.match(value):
        return tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))
    return value


def _deck_data(path: Path) -> dict[str, Any]:
    with open(path, encoding="utf-8") as handle:
        return yaml.safe_load(handle)["deck"]


@pytest.fixture(scope="session")
def load_deck_for_test() -> Callable[[str], Deck]:
    """``load("ivali")`` (or a path): a Deck built from a bundled deck YAML.

    Stands in for ``cardtable.variants.load_deck(path)``; skips the test if the file
    is not there (yet).
    """
    cache: dict[Path, Deck] = {}

    def load(name_or_path: str | Path) -> Deck:
        path = Path(name_or_path)
        if path.suffix != ".yaml":
            path = DECKS_DIR / f"{name_or_path}.yaml"
        if not path.is_file():
            pytest.skip(f"deck file {path.name} not present")
        if path not in cache:
            cache[path] = build_deck(_hex_to_rgb(_deck_data(path)))
        return cache[path]

    return load


@pytest.fixture(scope="module")
def display():
    """A small dummy display, so faces are converted as in the app."""
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((64, 64))
    yield surface


@pytest.fixture(scope="module")
def art(display) -> FaceArt:
    return FaceArt(FontBook())


def _digest(surface: pygame.Surface) -> str:
    return hashlib.sha1(pygame.image.tobytes(surface, "RGBA")).hexdigest()


# -- sizes and levels of detail -------------------------------------------------------

def test_card_geometry_constants():
    assert (CARD_W, CARD_H) == (100, 140)
    assert card_height(100) == 140 and card_height(57) == 80 and card_height(12) == 17


def test_detail_thresholds():
    assert (SWATCH_BELOW, CORNER_BELOW) == (18, 56)
    assert FaceArt.detail_for(1) == "swatch"
    assert FaceArt.detail_for(SWATCH_BELOW - 1) == "swatch"
    assert FaceArt.detail_for(SWATCH_BELOW) == "corner"
    assert FaceArt.detail_for(CORNER_BELOW - 1) == "corner"
    assert FaceArt.detail_for(CORNER_BELOW) == "full"
    assert FaceArt.detail_for(600) == "full"


@pytest.mark.parametrize("deck_name", ["standard52", "ivali", "sabacc"])
@pytest.mark.parametrize("width", WIDTHS)
def test_every_card_renders_at_every_detail(art, load_deck_for_test, deck_name, width):
    deck = load_deck_for_test(deck_name)
    for card in deck:
        surface = art.face(card, deck, width)
        assert surface.get_size() == (width, round(width * 1.4)), card.code
        assert surface.get_flags() & pygame.SRCALPHA, card.code
        if width >= SWATCH_BELOW:
            assert surface.get_at((0, 0)).a < 128, f"{card.code}: corner not rounded"
            assert surface.get_at((width // 2, surface.get_height() // 2)).a == 255


def test_infinite_sample_renders(art, load_deck_for_test):
    deck = load_deck_for_test("infinite")
    sample = random.Random(7).sample(list(deck), min(500, len(deck)))
    for card in sample:
        assert art.face(card, deck, 100).get_size() == (100, 140), card.code


def test_big_faces_render(art, load_deck_for_test):
    for name in ("standard52", "ivali", "sabacc"):
        deck = load_deck_for_test(name)
        for card in (deck[0], deck[len(deck) - 1]):
            surface = art.face(card, deck, 600)
            assert surface.get_size() == (600, 840)
            assert surface.get_at((300, 420)).a == 255 and surface.get_at((0, 0)).a < 128


@pytest.mark.parametrize("deck_name", ["standard52", "ivali", "sabacc"])
def test_swatch_is_the_dominant_colour(art, load_deck_for_test, deck_name):
    """A swatch is a block of its card's colour (its sign in the middle: see test_no_colour_alone)."""
    deck = load_deck_for_test(deck_name)
    for card in deck:
        surface = art.face(card, deck, 12)
        assert surface.get_at((6, 1))[:3] == dominant_colour(card, deck), card.code


def test_ivali_swatch_shows_the_planet(load_deck_for_test):
    deck = load_deck_for_test("ivali")
    card = deck.find("Gula 3 of Fire")
    assert dominant_colour(card, deck) == tuple(int(card.get("background")[i:i + 2], 16) for i in (1, 3, 5))


@pytest.mark.parametrize("deck_name", ["standard52", "ivali", "sabacc"])
@pytest.mark.parametrize("width", WIDTHS)
def test_backs(art, load_deck_for_test, deck_name, width):
    deck = load_deck_for_test(deck_name)
    back = art.back(deck, width)
    assert back.get_size() == (width, card_height(width))
    assert art.back(deck, width) is back  # shared


def test_bad_width_is_refused(art, load_deck_for_test):
    deck = load_deck_for_test("standard52")
    with pytest.raises(ValueError):
        art.face(deck[0], deck, 0)


# -- different cards look different ----------------------------------------------------

def test_all_standard_faces_distinct(art, load_deck_for_test):
    deck = load_deck_for_test("standard52")
    assert len({_digest(art.face(card, deck, 100)) for card in deck}) == 52


def test_ivali_faces_distinct_except_infinity_wilds(art, load_deck_for_test):
    deck = load_deck_for_test("ivali")
    assert len(deck) == 129
    by_digest: dict[str, list[Card]] = defaultdict(list)
    for card in deck:
        by_digest[_digest(art.face(card, deck, 100))].append(card)
    shared = [cards for cards in by_digest.values() if len(cards) > 1]
    assert len(shared) == 1, [[c.code for c in cards] for cards in shared]
    assert all("infinity" in c.tags for c in shared[0]) and len(shared[0]) == 4


def test_sabacc_faces_distinct_except_copies(art, load_deck_for_test):
    deck = load_deck_for_test("sabacc")
    by_digest: dict[str, set[str]] = defaultdict(set)
    for card in deck:
        by_digest[_digest(art.face(card, deck, 100))].add(card.code.split(" #")[0])
    assert all(len(names) == 1 for names in by_digest.values())
    assert len(by_digest) == len({card.code.split(" #")[0] for card in deck})


def test_infinite_suits_of_one_colour_distinct(art, load_deck_for_test):
    deck = load_deck_for_test("infinite")
    rng = random.Random(11)
    for group in rng.sample(list(deck.colours), min(6, len(deck.colours))):
        rank = rng.choice(deck.ranks)
        cards = [c for c in deck if c.colour == group.name and c.rank == rank]
        assert len(cards) == len(group.suits)
        assert len({_digest(art.face(card, deck, 100)) for card in cards}) == len(cards), group.name


def test_infinite_trump_is_marked(art, load_deck_for_test):
    deck = load_deck_for_test("infinite")
    group = deck.colours[0]
    rank = deck.ranks[0]
    trump = next(c for c in deck if c.colour == group.name and c.rank == rank and "trump" in c.tags)
    plain = next(c for c in deck if c.colour == group.name and c.rank == rank and "trump" not in c.tags)
    assert _digest(art.face(trump, deck, 100)) != _digest(art.face(plain, deck, 100))


def test_corner_ranks_stay_distinct(art, load_deck_for_test):
    deck = load_deck_for_test("infinite")
    short = short_ranks(deck.ranks)
    assert len(set(short.values())) == len(deck.ranks)
    assert all(short[r] == r for r in deck.ranks if len(r) <= 3)
    group = deck.colours[0]
    suit = group.suits[1][0]
    cards = [c for c in deck if c.suit == suit]
    assert len({_digest(art.face(card, deck, 40)) for card in cards}) == len(deck.ranks)


# -- glyph coverage -------------------------------------------------------------------

def _printed_strings(data: Any, key: str = "") -> list[str]:
    """Every string a deck file could print: all string values but ids, styles, colours."""
    if isinstance(data, dict):
        return [s for k, v in data.items() if k not in ("id", "style") for s in _printed_strings(v, k)]
    if isinstance(data, list):
        return [s for v in data for s in _printed_strings(v, key)]
    if isinstance(data, str) and not HEX.match(data):
        return [data]
    if isinstance(data, (int, float)) and not isinstance(data, bool):
        return [str(data)]
    return []


@pytest.fixture(scope="module")
def probes():
    pygame.freetype.init()
    return [pygame.freetype.Font(asset_path("fonts", name), 16)
            for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")]


def test_deck_files_found():
    assert {p.stem for p in DECK_FILES} >= {"standard52", "ivali", "sabacc"}


@pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: p.name)
def test_every_printed_character_is_in_the_bundled_fonts(path, probes, load_deck_for_test):
    text = set("".join(_printed_strings(_deck_data(path))))
    for card in load_deck_for_test(path):
        text.update(card.name + card.rank + card.suit + card.symbol + card.colour + card.mark)
        text.update("".join(v for _, v in card.extra if not v.startswith("#")))
    text.update("\u2212\u2605\u265a\u265b\u265e\u221eTRUMPWild Infinity")  # printed by the painters
    missing = sorted(ch for ch in text if not ch.isspace()
                     for font in probes if font.get_metrics(ch) == [None])
    assert not missing, f"{path.name} uses glyphs the bundled fonts lack: " + \
        ", ".join(f"{ch!r} U+{ord(ch):04X}" for ch in sorted(set(missing)))


def test_fontbook_has_glyph(display):
    fonts = FontBook()
    assert fonts.has_glyph("♠") and fonts.has_glyph("⚚") and fonts.has_glyph(" ")
    assert not fonts.has_glyph("\U0001d11e")  # musical G clef: not in DejaVu Sans
    assert fonts.missing_glyphs("A\U0001d11e♠\U0001d11e") == ["\U0001d11e"]


# -- the font book -------------------------------------------------------------------

def test_fontbook_caches_renders(display):
    fonts = FontBook(text_cache_size=3)
    first = fonts.render("10", 20, (0, 0, 0), bold=True)
    assert fonts.render("10", 20, (0, 0, 0), bold=True) is first
    assert fonts.render("10", 20, (0, 0, 0)) is not first
    tight = fonts.render_tight("♠", 40, (0, 0, 0))
    loose = fonts.render("♠", 40, (0, 0, 0))
    assert tight.get_height() < loose.get_height()
    for text in "abcde":
        fonts.render(text, 12, (1, 2, 3))
    assert len(fonts._text) == 3  # bounded
    assert fonts.font(20) is fonts.font(20) and fonts.font(20, bold=True) is not fonts.font(20)


def test_fontbook_fit_size(display):
    fonts = FontBook()
    size = fonts.fit_size("Queen of Air and Darkness", 60, 30)
    assert fonts.size_of("Queen of Air and Darkness", size)[0] <= 60 or size == 6
    assert fonts.fit_size("7", 60, 30) == 30


def test_lru_cache_forgets_the_oldest():
    cache: LruCache[str, int] = LruCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1
    cache.put("c", 3)
    assert cache.get("b") is None and cache.keys() == ["a", "c"]


def test_the_text_cache_is_bounded_by_bytes_not_only_by_count():
    """Text at many sizes (a window resized again and again) must not pile up without bound."""
    import doctest

    from cardtable.ui import fonts as fonts_module
    from cardtable.ui.fonts import FontBook

    assert doctest.testmod(fonts_module).failed == 0
    book = FontBook(text_cache_bytes=2 << 20)
    for size in range(10, 200):
        book.render("Pass to Ada", size, (0, 0, 0))
    assert 0 < book._text.weight <= 2 << 20
    assert len(book._text) < 190
