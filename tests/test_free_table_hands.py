"""Hot-seat hands on the free table, played through posted mouse and keyboard events:
deal N to each player, only the player at the screen sees their hand, a pass screen
between players, cards dragged out of the hand and back into it."""

from __future__ import annotations

import pygame
from test_ui_free_table import centre_of, open_table
from uihelp import Driver

from cardtable.games.free_table.ui.table import FreeTableScene
from cardtable.ui.pass_screen import PassScreen


def deal_two_players(app) -> tuple[Driver, FreeTableScene, int]:
    d, scene = open_table(app)
    (pid,) = scene.table.piles
    d.move(centre_of(scene, pid))
    d.key(pygame.K_h)
    return d, scene, pid


def bar_pixels(app, scene) -> bytes:
    bar = scene.hand_bar()
    return pygame.image.tobytes(app.screen.subsurface(bar.rect), "RGB")


def test_h_deals_five_to_each_of_two_players_and_the_bar_shows_only_the_first_hand(app):
    d, scene, pid = deal_two_players(app)
    table = scene.table
    assert len(table.piles[pid].cards) == 42
    hands = {table.piles[h].owner: table.piles[h].cards for h in table.hands}
    assert sorted(hands) == [0, 1] and all(len(c) == 5 for c in hands.values())
    bar = scene.hand_bar()
    assert bar is not None and len(bar.card_rects(5)) == 5
    # The bar draws player 1's faces, never player 2's.
    drawn = []
    real_get = scene.view.cache.get

    def spy(deck, card, face_up, width, **kw):
        if face_up:
            drawn.append(card)
        return real_get(deck, card, face_up, width, **kw)
    scene.view.cache.get = spy
    try:
        d.step()
    finally:
        scene.view.cache.get = real_get
    assert set(hands[0]) <= set(drawn) and not set(hands[1]) & set(drawn)


def test_pass_hides_everything_until_the_next_player_is_ready(app):
    d, scene, _ = deal_two_players(app)
    first = bar_pixels(app, scene)
    d.click(scene.hand_bar().pass_rect.center)
    assert isinstance(app.scenes.top, PassScreen) and scene.seat == 0
    # The pass screen is all that shows: no card of anyone's hand, no felt.
    screen = pygame.image.tobytes(app.screen, "RGB")
    felt = bytes(scene.view.layer.get_at((5, 300))[:3])
    assert felt * 8 not in screen
    d.key(pygame.K_RETURN)
    assert app.scenes.top is scene and scene.seat == 1
    d.step()
    assert bar_pixels(app, scene) != first  # now player 2's hand
    d.key(pygame.K_p)
    d.key(pygame.K_RETURN)
    assert scene.seat == 0


def test_drag_a_card_out_of_the_hand_onto_the_felt_and_back_in(app):
    d, scene, pid = deal_two_players(app)
    table = scene.table
    hand = table.hand_of(0)
    card = table.piles[hand].cards[2]
    rect = scene.hand_bar().card_rects(5)[2]
    d.drag((rect.x + 5, rect.centery), (900, 300))
    assert len(table.piles[hand].cards) == 4 and card not in table.piles[hand].cards
    played = table.where(card)[0]
    assert table.piles[played].owner is None and table.piles[played].top_face_up
    d.drag(centre_of(scene, played), (600, scene.hand_bar().rect.centery))
    assert table.piles[hand].cards[-1] == card and played not in table.piles
    d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    assert table.piles[played].cards == (card,)


def test_players_count_from_the_pile_menu_and_gather_leaves_the_hands(app):
    d, scene = open_table(app)
    (pid,) = scene.table.piles
    d.click(centre_of(scene, pid), button=3)
    labels = [item[0] for item in scene.menu.items]
    d.click(scene.menu.item_rect(labels.index("Set players… (2)")).center)  # an action: it opens the counts
    labels = [item[0] for item in scene.menu.items]
    assert labels == ["1 player", "• 2 players", *(f"{n} players" for n in range(3, 9))]
    d.click(scene.menu.item_rect(labels.index("3 players")).center)
    assert scene.players == 3 and scene.menu is None
    d.move(centre_of(scene, pid))
    d.key(pygame.K_h)
    assert sorted(len(scene.table.piles[h].cards) for h in scene.table.hands) == [5, 5, 5]
    d.move(centre_of(scene, pid))
    d.key(pygame.K_g)
    d.key(pygame.K_c)
    assert len(scene.table.piles) == 1 + 3
