"""Issue 30: while a drawn card may be swapped, the keys that swap the cards of the hand ("1",
"2") sat under the cards, on the felt's rim; they are now on the cards' corners, inside the
felt. Played to that point through posted events at the tightest window and a large one."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from uihelp import people_turns, start_two_people_and_a_computer

from cardtable.games.sabacc.state import Phase
from cardtable.games.sabacc.ui.table import SabaccTableScene


@pytest.mark.parametrize("size, scale", [((1024, 640), 1.5), ((1920, 1080), 1.0)])
def test_the_swap_keys_lie_inside_the_felt_on_the_cards_they_swap(app, size, scale):
    app.settings = dataclasses.replace(app.settings, ui_scale=scale)
    app._resized(size)
    d, scene = start_two_people_and_a_computer(app, "sabacc", SabaccTableScene, chips=5000)
    state = scene.state
    for _seat in people_turns(d, scene, lambda s: False, 4000, ready=lambda s: not scene.die.busy(scene.clock)):
        if state.phase == Phase.BET:
            d.key(pygame.K_c)
        elif state.phase == Phase.DRAW:
            d.key(pygame.K_d)
            break
    assert state.phase == Phase.DECIDE
    d.step()
    keys = [(name, rect) for name, rect in scene.layout_boxes() if name.startswith("key:")]
    cards = [scene.hand_rects[c] for c in state.hand_of(state.to_act)]
    assert [name for name, _ in keys] == [f"key:{n}" for n in range(1, len(cards) + 1)]
    inner = scene.felt.inflate(-2 * 16, -2 * 16)  # inside the felt's rim line
    for (name, rect), card in zip(keys, cards):
        assert inner.contains(rect), (name, rect, scene.felt)
        assert card.contains(rect), (name, rect, card)  # on the card it swaps
