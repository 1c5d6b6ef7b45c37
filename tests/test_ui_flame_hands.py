"""The Flame Sword hands page of the help overlay: every kind listed with an example,
the source's odds and the measured frequency, in the order the variant's setting asks."""

from __future__ import annotations

import dataclasses

import pygame

from cardtable import paths
from cardtable.games.flame_sword import frequencies as flame_frequencies
from cardtable.games.flame_sword.kinds import KINDS
from cardtable.games.flame_sword.ui.hands_page import FlameHandsPage, measured_text
from cardtable.ui.help import HelpOverlay
from cardtable.variants import load_variant


def flame_variant():
    return load_variant(paths.bundled_variants_dir() / "flame_sword.yaml")


def test_the_help_overlay_of_flame_sword_has_the_hands_page_and_draws_it_scrolled(app):
    overlay = app.push(HelpOverlay(app, flame_variant()))
    assert overlay.pages == ["Rules", "Hands"]
    overlay.switch_page()
    page = overlay._extra_pages()[0]
    assert isinstance(page, FlameHandsPage)
    assert [k.rank for k in page.kinds] == list(range(1, 104))
    assert set(page.labels) == {k.rank for k in KINDS}
    assert all(len(cards) == 10 for cards in page.labels.values())
    app.screen.fill((0, 0, 0))
    overlay.draw(app.screen)
    assert overlay.max_scroll > 0
    before = pygame.image.tobytes(app.screen, "RGB")
    overlay.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
    app.screen.fill((0, 0, 0))
    overlay.draw(app.screen)
    assert overlay.scroll > 0 and pygame.image.tobytes(app.screen, "RGB") != before


def test_the_page_follows_the_measured_order_setting(app):
    variant = flame_variant()
    measured = dataclasses.replace(variant, settings={**variant.settings, "order": "measured"})
    page = FlameHandsPage(app, measured)
    assert page.kinds[0].name == "Called Shot" and page.kinds[-1].name == "High Card"
    assert [k.rank for k in page.kinds] != list(range(1, 104))
    assert page.notes == {}


def test_measured_text_reports_shares_and_never():
    is_text, has_text = measured_text(8)
    assert is_text.endswith("%") and has_text.endswith("%")
    never = next(k.rank for k in KINDS[1:-1] if not flame_frequencies.CONTAINS.get(k.rank))
    assert measured_text(never) == ("never", "never")
