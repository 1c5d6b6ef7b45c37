"""Ipso played through posted events: setup, the draw for the deal, pass screens, the
betting bar, exchanges by drag and by keys, the winner naming the dealer, save/restore."""

from __future__ import annotations

import json

import pygame
from uihelp import Driver, start_two_people_and_a_computer, step_to_a_person, to_my_turn

from cardtable.engine.game import CHANCE, rng_to_json
from cardtable.games.ipso.betting import Cover, Stake
from cardtable.games.ipso.rules import ChooseDealer, Exchange, Phase, Pile, Skip
from cardtable.games.ipso.ui.table import IpsoTableScene, restore, smoke
from cardtable.ui.pass_screen import PassScreen


def ipso_spec(app):
    return next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "ipso")


def start_game(app) -> tuple[Driver, IpsoTableScene]:
    """Two people and a computer, through the setup screen."""
    return start_two_people_and_a_computer(app, "ipso", IpsoTableScene)


def wait_for_the_draw(d: Driver, scene: IpsoTableScene) -> None:
    """Step until the draw for the first dealer is over (ties draw again)."""
    for _ in range(600):
        if scene.state.phase != Phase.DEALER_DRAW:
            return
        d.step()


def deal(d: Driver, scene: IpsoTableScene) -> None:
    """Enter deals for a person; a computer dealer deals by itself, with no Deal button."""
    if scene.is_bot(scene.state.dealer):
        assert not any(getattr(w, "label", "") == "Deal" for w in scene.widgets.widgets)
        hand = scene.state.round_no
        for _ in range(400):
            if scene.state.round_no > hand:
                return
            d.step()
    else:
        d.key(pygame.K_RETURN)


def test_a_match_through_events(app):
    d, scene = start_game(app)
    state = scene.state
    wait_for_the_draw(d, scene)
    assert state.phase == Phase.SHUFFLE and state.round_no == 0   # the draw is on the table
    view = state.seat_view(None)
    assert state.dealer_draws and scene._drawn_for_deal(view.round, scene.parts(view).dealer_draws)
    deal(d, scene)
    assert state.round_no == 1
    passes, bets, drags, key_exchanges, skips = [], 0, 0, 0, 0
    for _ in range(4000):
        top = app.scenes.top
        if isinstance(top, PassScreen):
            assert scene.viewer is None   # nobody's cards show behind the pass screen
            passes.append(top.name)
            d.key(pygame.K_RETURN)
            continue
        if scene.taken is not None:   # the card just taken, in view until Done
            d.press("Done")
            continue
        if state.phase == Phase.SHUFFLE and state.round_no >= 1:
            break
        seat = state.to_act
        if seat is None or seat == CHANCE or scene.is_bot(seat):
            app.step(0.2)   # long frames: the computer's pause passes sooner
            continue
        assert scene.viewer == seat
        view = state.view(seat)
        assert all(c is None for s, h in enumerate(view["hands"]) if s != seat and not state.shown[s] for c in h)
        before = len(state.history)
        if state.phase == Phase.BET:
            options = state.betting_options(seat)
            if options.can_stake:
                d.key(pygame.K_UP)      # one more than the minimum
                d.key(pygame.K_s)
                bets += isinstance(state.history[-1], Stake)
            elif options.can_cover:
                cover = scene.bet_bar.buttons["cover"]
                assert cover.label == f"Cover {options.cover_amount}"
                d.click(cover.rect.center)
                bets += isinstance(state.history[-1], Cover)
            else:
                d.key(pygame.K_f)
        elif state.phase == Phase.EXCHANGE:
            card = state.hand_of(seat)[0]
            if drags == 0:
                d.drag(scene.hand_rects[card].center, scene.pile_rects[Pile.FLIP].center)
                drags += isinstance(state.history[-1], Exchange)
                assert state.history[-1] == Exchange(seat=seat, card=card, pile="flip")
                assert card in state.up_discard
            elif key_exchanges == 0:
                d.key(pygame.K_2)
                assert scene.selected == state.hand_of(seat)[1]
                d.key(pygame.K_t)   # from the stock
                key_exchanges += isinstance(state.history[-1], Exchange)
            else:
                d.press("Skip")
                skips += isinstance(state.history[-1], Skip)
        elif state.phase == Phase.CHOOSE_DEALER:
            d.key(pygame.K_RETURN)   # I deal
            assert state.history[-1] == ChooseDealer(seat=seat, dealer=seat)
        assert len(state.history) > before, f"a {state.phase} move was not taken"
    assert state.phase == Phase.SHUFFLE and state.results is not None, state.log_for(None)[-5:]
    assert set(passes) <= {"Player 1", "Player 2"} and passes
    assert bets >= 2 and drags == 1 and key_exchanges == 1 and skips >= 1
    deal(d, scene)   # the next hand
    assert state.round_no == 2


def test_a_refused_exchange_is_explained_and_changes_nothing(app):
    d, scene = start_game(app)
    state = scene.state
    wait_for_the_draw(d, scene)
    deal(d, scene)
    for _ in range(1000):
        if isinstance(app.scenes.top, PassScreen):
            d.key(pygame.K_RETURN)
        elif state.to_act is not None and state.to_act >= 0 and not scene.is_bot(state.to_act):
            break
        else:
            d.step()
    assert state.phase == Phase.BET
    history = len(state.history)
    assert not scene.act(Exchange(seat=state.to_act, card=state.hand_of(state.to_act)[0], pile="stock"))
    assert len(state.history) == history and "Not allowed" in app.toast_text
    d.key(pygame.K_t)   # a pile key in a betting round does nothing
    assert len(state.history) == history


def test_restore_rebuilds_the_table_and_the_bots_generators(app):
    d, scene = start_game(app)
    wait_for_the_draw(d, scene)
    deal(d, scene)
    state = scene.state
    data = json.loads(json.dumps(scene.save_data()))
    assert data["bot_rngs"]["2"] == rng_to_json(scene.bots[2].rng)
    copy = restore(app, ipso_spec(app), data)
    assert isinstance(copy, IpsoTableScene)
    assert copy.state.to_json() == state.to_json()
    assert copy.bots[2].rng.getstate() == scene.bots[2].rng.getstate()
    assert copy.state.round_outcome() is None
    d.step(5)


def test_smoke_draws_and_returns(app):
    line = smoke(app, ipso_spec(app))
    assert "Ipso" in line and "hand 1" in line


def test_a_card_drawn_again_off_a_tie_shows_only_at_the_seat_that_drew_it_last():
    """In the draw for the deal a card goes back to the deck after a tie and may be drawn
    again by another seat: it shows there alone, not at both seats (the layout check saw
    two seats' cards on one spot), and does not slide across from its old seat."""
    from types import SimpleNamespace

    from cardtable.games.ipso.ui.table import IpsoTableScene
    from cardtable.ui.game_table import CardSprites

    table = SimpleNamespace(_draw_holders={}, cards=CardSprites())
    first = [[(0, 5), (3, 11), (4, 20)]]
    assert IpsoTableScene._drawn_for_deal(table, 0, first) == {0: 5, 3: 11, 4: 20}
    table.cards.last[20] = (700.0, 200.0)  # where seat 4's card was drawn last frame
    again = [[(0, 5), (3, 11), (4, 20)], [(0, 30), (3, 20)]]
    assert IpsoTableScene._drawn_for_deal(table, 0, again) == {0: 30, 3: 20}
    assert 20 not in table.cards.last  # it appears at seat 3 rather than sliding from seat 4
    assert IpsoTableScene._drawn_for_deal(table, 1, again) == {}


def test_the_first_betting_round_a_player_meets_is_round_one_after_the_deal(app):
    """The ante is the source's betting round 1, but nobody bets in it: the first round
    a player bets in reads as the first of five, after the deal (issue 30)."""
    d, scene = start_game(app)
    state = scene.state
    wait_for_the_draw(d, scene)
    deal(d, scene)
    step_to_a_person(d, scene, lambda s: s.phase == Phase.BET)
    assert state.betting_round == 2
    title = scene.title(scene.view)
    assert "betting round 1 of 5, after the deal" in title and "of 6" not in title
    assert scene.bet_bar.note.startswith("Betting round 1 of 5")


def test_after_an_exchange_the_player_sees_the_card_they_took_before_handing_over(app):
    """In hot-seat the pass screen came straight after an exchange, so a player never saw
    the card they took: the table now holds, that card marked in their hand, until Done;
    only then does the screen go to the next person (issue 30)."""
    d, scene = start_game(app)
    state = scene.state
    wait_for_the_draw(d, scene)
    deal(d, scene)
    for _ in range(3000):   # the people bet calmly (no fold) until one of them is to exchange
        seat = state.to_act
        if isinstance(app.scenes.top, PassScreen):
            d.key(pygame.K_RETURN)
            continue
        if seat is not None and seat >= 0 and not scene.is_bot(seat) and scene.viewer == seat:
            if state.phase == Phase.EXCHANGE:
                break
            actions = state.legal_actions(seat)
            scene.perform(next((a for a in actions if isinstance(a, (Stake, Cover))), actions[0]))
        d.step()
    seat = state.to_act
    assert scene.viewer == seat
    card, taken = state.hand_of(seat)[0], state.stock[0]   # the stock's top (first): only the taker sees it
    d.key(pygame.K_1)
    d.key(pygame.K_t)
    assert Exchange(seat=seat, card=card, pile="stock") in state.history[-3:]
    for _ in range(400):   # computers may act meanwhile; no pass screen comes
        assert not isinstance(app.scenes.top, PassScreen)
        if state.to_act is not None and state.to_act >= 0 and not scene.is_bot(state.to_act) \
                and state.to_act != seat:
            break
        d.step()
    assert scene.viewer == seat and scene.taken == taken and taken in scene.own_hand()
    assert f"You took the {scene.deck[taken].name}" in scene.bar_text(scene.view)
    d.step(5)
    assert not isinstance(app.scenes.top, PassScreen)
    d.press("Done")
    assert isinstance(app.scenes.top, PassScreen) and scene.viewer is None and scene.taken is None


def test_with_five_seats_at_scale_one_and_a_half_the_piles_are_as_big_as_the_seats_cards():
    """At 1,366 x 768, UI scale 1.5, five seats left the piles one drags onto about 20 px
    wide: the seats now leave the piles' row the room for cards at least as big as the
    other seats' (issue 30)."""
    import dataclasses

    from uihelp import variant_spec

    from cardtable.games.ipso.ui.table import TABLE
    from cardtable.ui.app import App
    from cardtable.ui.layout_check import check_scene
    from cardtable.ui.menu import MenuScene
    from cardtable.ui.setup_scene import SeatConfig

    app = App(size=(1366, 768))
    app.settings = dataclasses.replace(app.settings, ui_scale=1.5)
    app.push(MenuScene(app))
    try:
        configs = [SeatConfig(name, bot=None if n == 0 else "normal")
                   for n, name in enumerate(["Ann", "Bo", "Cy", "Di", "Ed"])]
        scene = TABLE.start(app, variant_spec(app, "ipso"), configs, TABLE.smoke_stack, seed=5)
        d = Driver(app)
        state = scene.state
        to_my_turn(scene, lambda state: state.phase == Phase.EXCHANGE,
                   move=lambda state, seat: next((a for a in state.legal_actions(seat)
                                                  if isinstance(a, (Stake, Cover))), state.legal_actions(seat)[0]))
        d.step(3)
        assert state.phase == Phase.EXCHANGE and state.to_act == 0
        seats_cards = max(28, scene.card_width() * 2 // 3)  # another seat's face-down cards
        assert all(rect.width >= seats_cards for rect in scene.pile_rects.values()), scene.pile_rects
        assert check_scene(scene, (1366, 768)) == []
    finally:
        app.shutdown()
