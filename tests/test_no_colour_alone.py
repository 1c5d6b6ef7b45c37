"""Nothing by colour alone (issue 35): every bundled deck's cards, at every level of detail,
and Alethkar Poker's gems, stay told apart when their colours are taken away.

The check: a card painted in another card's colours must still look different from that
card. If two cards of one rank were told apart by colour only (a swatch that is a plain
block of colour, a corner that shows the planet by its background alone), the first card
repainted in the second's colours would be the same picture, and the test fails.
"""

from __future__ import annotations

import dataclasses
import itertools

import pygame
import pytest

from cardtable import variants
from cardtable.engine.cards import Card, Deck
from cardtable.ui.faces import SIGN_FROM, SWATCH_BELOW, FaceArt, dominant_colour
from cardtable.ui.fonts import FontBook

WIDTHS = (SIGN_FROM, SWATCH_BELOW - 2, SWATCH_BELOW, 30, 70, 130)
"""A swatch with its sign, a bigger swatch, the smallest and a middle corner face, full faces."""


@pytest.fixture(scope="module")
def art():
    pygame.init()
    return FaceArt(FontBook())


def _picture(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def _in_colours_of(card: Card, other: Card, deck: Deck) -> Card:
    """``card`` with ``other``'s colours: its ink and (Ivali) its planet's background."""
    extra = dict(card.extra)
    if deck.style == "ivali" and "infinity" not in card.tags and "infinity" not in other.tags:
        extra["background"] = other.get("background")
    return dataclasses.replace(card, ink=other.ink, extra=tuple(extra.items()))


def _samples(deck: Deck) -> list[list[Card]]:
    """Groups of cards of one rank and kind whose suits (or colours, planets, elements) differ:
    every rank of the small decks; for the Infinite Deck two ranks, one suit of each colour and
    every suit of one colour (those share a colour, so their symbols must tell them apart)."""
    groups: dict[tuple[str, frozenset[str]], list[Card]] = {}
    for card in deck.cards:
        groups.setdefault((card.rank, card.tags), []).append(card)
    if deck.style != "infinite":
        return [cards for cards in groups.values() if len(cards) > 1]
    out = []
    for rank in ("7", "Dragon"):
        cards = [c for c in deck.cards if c.rank == rank]
        out.append(list({c.colour: c for c in reversed(cards)}.values()))
        out.append([c for c in cards if c.colour == cards[0].colour])
    return out


@pytest.mark.parametrize("deck_id", sorted(variants.deck_files()))
def test_no_two_cards_of_a_bundled_deck_differ_by_colour_alone(art, deck_id):
    deck = variants.load_deck_by_id(deck_id)
    groups = _samples(deck)
    assert groups, f"{deck_id}: no cards of one rank to compare"
    compared = 0
    for width in WIDTHS:
        for cards in groups:
            for a, b in itertools.permutations(cards, 2):
                if _picture(art.face(a, deck, width)) == _picture(art.face(b, deck, width)):
                    continue  # not told apart at this size at all (suits of one colour on a swatch)
                recoloured = _in_colours_of(a, b, deck)
                assert dominant_colour(recoloured, deck) == dominant_colour(b, deck)
                same = _picture(art.face(recoloured, deck, width)) == _picture(art.face(b, deck, width))
                assert not same, f"{deck_id} at {width} px: {a.name} and {b.name} differ by colour alone"
                compared += 1
    assert compared > 0


def test_every_bundled_card_names_its_suit_in_words_on_a_full_face(art):
    """A full face prints its suit's name, or (the standard deck) its initial under the symbol:
    a card painted with another suit's name but its own symbol and colour looks different."""
    for deck_id in sorted(variants.deck_files()):
        deck = variants.load_deck_by_id(deck_id)
        suited = [c for c in deck.cards if c.suit and not c.tags & {"infinity", "wild", "face"}]
        others = sorted({c.suit for c in suited})
        for card in suited[:: max(1, len(suited) // 40)]:
            other = next(s for s in others if s[:1] != card.suit[:1])
            renamed = dataclasses.replace(card, suit=other, name=card.name.replace(card.suit, other))
            assert _picture(art.face(renamed, deck, 100)) != _picture(art.face(card, deck, 100)), (
                f"{deck_id}: {card.name} does not show its suit's name")


def test_alethkar_gems_carry_their_letters(monkeypatch):
    """Nine gems, every one in the same colour: each still looks different (its letters)."""
    from cardtable.games.alethkar_poker.ui import gems
    from cardtable.ui.fonts import FontBook

    fonts = FontBook()
    assert len(set(gems.GEM_MARKS.values())) == len(gems.GEM_VALUES) == len(gems.GEM_MARKS)
    for colour in ((235, 240, 250), (40, 80, 220)):  # a bright gem and a dark one
        monkeypatch.setattr(gems, "GEM_COLOURS", dict.fromkeys(gems.GEM_COLOURS, colour))
        pictures = set()
        for gem in gems.GEM_VALUES:
            surface = pygame.Surface((40, 40))
            gems.draw_gem(surface, gem, (20, 20), 14, fonts)
            pictures.add(_picture(surface))
        assert len(pictures) == len(gems.GEM_VALUES)
