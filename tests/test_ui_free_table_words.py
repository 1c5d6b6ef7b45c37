"""The free table's words for counts ("1 card", "12,000 piles") and for an undo history
that let its oldest steps go, driven by posted events."""

from __future__ import annotations

import pygame
from test_ui_free_table import centre_of, only_pile, open_table
from uihelp import Driver

from cardtable.games.free_table.ui.actions import to_each


def menu_labels(scene) -> list[str]:
    return [label for label, _, _ in scene.menu.items]


def choose(d: Driver, scene, label: str) -> None:
    d.click(scene.menu.item_rect(menu_labels(scene).index(label)).center)


def test_a_deal_count_of_one_says_one_card_in_the_toast_and_the_pile_menu(app):
    from cardtable.ui.widgets import Stepper
    d, scene = open_table(app)
    stepper = next(w for w in scene.widgets.widgets if isinstance(w, Stepper) and w.label == "Deal")
    for _ in (5, 4, 3):
        d.click(stepper._buttons()[0].center)  # its minus
    assert scene.deal_count == 2
    scene.nudge_deal_count(-1)  # as the "More" menu does where the stepper is folded away (a narrow bar)
    assert scene.deal_count == 1 and app.toast_text == "Deal 1 card"
    d.click(centre_of(scene, only_pile(scene)), button=3)
    labels = menu_labels(scene)
    assert {"Deal 1 card face down", "Deal 1 card face up", "Take the top 1 card into a new pile",
            "Deal 1 card to each of 2 players"} <= set(labels)
    choose(d, scene, "Count")
    assert app.toast_text == "52 cards, 0 face up"


def test_one_pile_selected_and_one_card_counted(app):
    d, scene = open_table(app)
    d.move(centre_of(scene, only_pile(scene)))
    d.key(pygame.K_g)
    d.step(30)
    first = min(scene.table.piles, key=lambda p: (scene.table.piles[p].y, scene.table.piles[p].x))
    pile = scene.table.piles[first]
    corner = scene.camera.to_screen(pile.x - 5, pile.y - 5)
    d.drag((int(corner[0]), int(corner[1])), centre_of(scene, first))
    assert scene.selected == {first} and app.toast_text == "1 pile selected"
    d.move(centre_of(scene, first))
    d.key(pygame.K_f)
    d.click(centre_of(scene, first), button=3)
    choose(d, scene, "Count")
    assert app.toast_text == "1 card, 1 face up"


def test_deal_to_players_and_find_a_card_under_another(app):
    d, scene = open_table(app)
    pid = only_pile(scene)
    d.move(centre_of(scene, pid))
    d.key(pygame.K_f)  # the whole pile face up
    pile = scene.table.piles[pid]
    second = scene.table.deck.cards[pile.cards[-2]]
    assert scene._card_status(second) == "face up, 1 under"
    scene.find_card(second)
    assert app.toast_text == f"{second.name}: 1 card down in a pile"
    d.key(pygame.K_h)
    assert app.toast_text.startswith("Dealt 5 cards to each of 2 players: Player 1's hand")
    assert (to_each(1), to_each(8)) == ("to 1 player", "to each of 8 players")


def test_undo_says_when_the_history_let_its_oldest_steps_go(app):
    d, scene = open_table(app)
    scene.table.history_cap = 1  # every new step lets the one before it go
    d.move(centre_of(scene, only_pile(scene)))
    d.key(pygame.K_g)
    d.step(30)
    d.key(pygame.K_c)
    d.step(30)
    assert scene.table.dropped == 1 and len(scene.table.undo_stack) == 1
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert app.toast_text == "Undid gather: the steps before it were let go to save memory"
    undo = d.button("Undo")
    assert undo.disabled_reason == "Nothing more to undo: older steps were let go to save memory"
    d.move(undo.rect.center)
    assert scene.widgets.tooltip() == (undo.disabled_reason, undo.rect)
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert app.toast_text == "Nothing more to undo: older steps were let go to save memory"
    d.key(pygame.K_y, pygame.KMOD_CTRL)
    assert app.toast_text == "Redid gather" and len(scene.table.piles) == 1


def test_what_the_table_just_did_is_not_said_on_the_menu_after_leaving_it(app):
    """A toast of the table ("Spread 52 cards as a grid") goes when the table does; one of
    the app's own (a failed settings save, say) stays for its seconds."""
    d, scene = open_table(app)
    d.move(centre_of(scene, only_pile(scene)))
    d.key(pygame.K_g)
    d.step(3)
    assert app.toast_text == "Spread 52 cards as a grid"
    d.key(pygame.K_ESCAPE)
    d.step(2)
    assert app.scenes.top is not scene and app.toast_text == ""
    d, scene = open_table(app)
    app.toast("Could not save settings: disk full")
    d.key(pygame.K_ESCAPE)
    d.step(2)
    assert app.scenes.top is not scene and app.toast_text == "Could not save settings: disk full"
