"""A round of Shenja Ivali played through posted events: setup, pass screens, betting,
discarding, the auction and the reveal, with two people and a computer at one screen."""

from __future__ import annotations

import pygame
from uihelp import Driver, a_person_to_act, people_turns, start_two_people_and_a_computer

from cardtable.games.shenja_ivali.auction import Bid
from cardtable.games.shenja_ivali.rules import Discard, Phase
from cardtable.games.shenja_ivali.ui.hand_words import glossed, short_gloss
from cardtable.games.shenja_ivali.ui.table import IvaliTableScene
from cardtable.ui.menu import MenuScene
from cardtable.ui.pass_screen import PassScreen


def start_match(app) -> tuple[Driver, IvaliTableScene]:
    return start_two_people_and_a_computer(app, "shenja_ivali", IvaliTableScene)


def to_a_persons_draw(app) -> tuple[Driver, IvaliTableScene]:
    """A match stepped to a person's discard and draw, every person checking on the way."""
    d, scene = start_match(app)
    for _ in people_turns(d, scene, lambda state: state.phase == Phase.DRAW and not scene.is_bot(state.to_act),
                          3000):
        d.key(pygame.K_c)
    assert scene.state.phase == Phase.DRAW
    return d, scene


def test_a_round_through_events_with_pass_screens_and_the_auction(app):
    d, scene = start_match(app)
    state = scene.state
    passes, human_moves, bids, discards = [], 0, 0, 0
    for seat in people_turns(d, scene, lambda state: state.phase == Phase.REVEAL, 3000, passes):
        human_moves += 1
        if state.phase == Phase.BET:
            d.key(pygame.K_c)
        elif state.phase == Phase.DRAW:
            hand_card = state.hand_of(seat)[0]
            rect = scene.hand_rects[hand_card]
            d.drag(rect.center, scene.discard_rect.center)  # drag one card to the discard pile
            assert scene.selected == [hand_card]
            d.key(pygame.K_RETURN)
            discards += isinstance(state.history[-1], Discard)
        elif state.phase == Phase.AUCTION:
            if state.auction_view()["status"][seat] == "waiting":
                d.click(scene.flop_rects[state.flop[0]].center)
                d.press(f"Bid {scene.bid_amount}")
                bids += isinstance(state.history[-1], Bid)
            else:
                d.key(pygame.K_o)  # topped: drop out and take the bid back
    assert state.phase == Phase.REVEAL, (state.phase, state.to_act, type(app.scenes.top).__name__,
                                         scene.wait, scene.cards.busy, state.log_for(None)[-5:])
    assert set(passes) <= {"Player 1", "Player 2"} and len(passes) >= 2
    assert human_moves >= 4 and discards >= 1 and bids >= 1
    assert state.results is not None
    d.key(pygame.K_RETURN)  # next round
    assert state.round_no == 2


def test_a_refused_move_is_explained_and_changes_nothing(app):
    d, scene, state = a_person_to_act(app, start_match, lambda state: state.phase == Phase.BET)
    seat = state.to_act
    history = len(state.history)
    assert not scene.act(Discard(seat=seat, cards=()))
    assert len(state.history) == history and "Not allowed" in app.toast_text


def test_escape_shows_the_standings_and_leave_returns_to_the_menu(app):
    from cardtable.ui.standings import StandingsOverlay

    d, scene = start_match(app)
    for _ in range(50):
        if isinstance(app.scenes.top, PassScreen):
            d.key(pygame.K_RETURN)
        d.step()
    while isinstance(app.scenes.top, PassScreen):
        d.key(pygame.K_RETURN)
    d.key(pygame.K_ESCAPE)
    overlay = app.scenes.top
    assert isinstance(overlay, StandingsOverlay)
    assert sorted(row.name for row in overlay.standings) == ["Player 1", "Player 2", "Player 3"]
    d.key(pygame.K_ESCAPE)  # keep playing
    assert app.scenes.top is scene
    d.key(pygame.K_ESCAPE)
    d.press("Leave table")
    assert isinstance(app.scenes.top, MenuScene)


def test_a_discarded_card_flies_to_the_discard_pile(app):
    d, scene = to_a_persons_draw(app)
    state = scene.state
    card = state.hand_of(state.to_act)[0]
    d.key(pygame.K_1)
    d.key(pygame.K_RETURN)
    assert card in state.discards
    d.step()
    assert card in scene.ghosts
    x0, y0, x1, y1, _ = scene.ghosts[card]
    assert (x1, y1) == scene.discard_rect.topleft
    d.step(30)
    assert card not in scene.ghosts


def test_the_pot_line_shows_a_side_pot_only_where_a_seat_is_all_in(app):
    from cardtable.games.shenja_ivali.ui.table import shown_pots

    d, scene = start_match(app)
    chips = scene.state.chips
    for seat, amount in [(0, 1), (1, 3), (2, 3)]:  # different levels in a round, nobody all-in
        chips.put_in(seat, amount)
    d.step()
    view = scene.viewer_view()
    assert len(view.pots) > 1  # the engine closes a pot at every level ...
    assert shown_pots(view) == [sum(p.amount for p in view.pots)]  # ... the table shows one
    assert "side" not in scene.pot_line and scene.pot_line.startswith("pot ")
    chips.stacks[0], chips.stacks[1] = 20, chips.stacks[1] + chips.stacks[0] - 20  # seat 0 the short stack
    chips.put_in(0, chips.stacks[0])  # seat 0 all-in below the others' raise
    chips.put_in(1, chips.contributed[0] + 10 - chips.contributed[1])
    chips.put_in(2, chips.contributed[1] - chips.contributed[2])
    d.step()
    view = scene.viewer_view()
    main, side = shown_pots(view)
    assert main == 3 * chips.contributed[0] and side == 2 * (chips.contributed[1] - chips.contributed[0])
    assert scene.pot_line.startswith(f"main {main}") and f"side 1 {side}" in scene.pot_line


def test_the_viewer_is_told_their_hand_kind_and_only_theirs(app):
    from cardtable.games.shenja_ivali.hands import evaluate

    d, scene, state = a_person_to_act(app, start_match, lambda state: state.phase == Phase.BET)
    d.step()
    seat = scene.viewer
    assert seat == state.to_act and len(state.hands[seat]) == 4
    assert scene.hand_line is not None and scene.hand_line.startswith("Your cards: ")  # four: the patterns so far
    held = {c for hand in state.hands for c in hand}
    flop = [c for c in state.deck_order if c not in held]  # cards nobody holds (any may come)
    state.hands[seat].append(flop[0])  # the fifth card, as the auction hands it over
    d.step()
    value = evaluate([state.deck[c] for c in state.hands[seat]], state.settings.hands)
    assert scene.hand_line == f"Your hand: {glossed(value.label, value.rank)}"
    before = scene.hand_line
    for card in flop[1:]:
        state.hands[seat][-1] = card
        d.step()
        if scene.hand_line != before:
            break
    assert scene.hand_line != before  # it follows the hand
    value = evaluate([state.deck[c] for c in state.hands[seat]], state.settings.hands)
    assert scene.hand_line == f"Your hand: {glossed(value.label, value.rank)}"
    scene.viewer = None
    scene.draw_game(app.screen)
    assert scene.hand_line is None  # nobody at the screen (a pass screen): nothing told


def test_with_four_cards_after_the_flop_the_viewer_is_told_what_a_flop_card_would_make(app):
    """Before the auction hands out the flop, four cards make no hand: the line names the
    best kind one of the flop cards lying in the middle would give, and which card."""
    from cardtable.games.shenja_ivali.hands import evaluate

    d, scene = to_a_persons_draw(app)
    state = scene.state
    d.step()
    seat = scene.viewer
    assert seat == state.to_act and len(state.hands[seat]) == 4 and state.flop
    mine = [state.deck[c] for c in state.hands[seat]]
    value, card = max(((evaluate([*mine, state.deck[c]], state.settings.hands), c) for c in state.flop),
                      key=lambda vc: vc[0].key)
    assert scene.hand_line == f"With {state.deck[card].name} from the flop: {value.label} ({short_gloss(value.rank)})"
    assert any(name == "your hand" for name, _ in scene.layout_boxes())  # the check sees the line
    scene.viewer = None
    scene.draw_game(app.screen)
    assert scene.hand_line is None  # nobody at the screen: nothing told


def test_a_bidders_plate_says_the_bid_once(app, monkeypatch):
    """Issue 30: a standing bid's plate said "bids 11 (bid)"; it says "bids 11"."""
    d, scene = start_match(app)
    state = scene.state
    for seat in people_turns(d, scene, lambda state: state.phase == Phase.AUCTION
                             and state.to_act is not None and state.to_act >= 0 and not scene.is_bot(state.to_act)
                             and state.auction_view()["status"][state.to_act] == "waiting", 3000):
        if state.phase == Phase.BET:
            d.key(pygame.K_c)
        elif state.phase == Phase.DRAW:
            d.drag(scene.hand_rects[state.hand_of(seat)[0]].center, scene.discard_rect.center)
            d.key(pygame.K_RETURN)
        else:
            d.key(pygame.K_o if state.auction_view()["status"][seat] == "topped" else pygame.K_p)
    bidder = state.to_act
    d.click(scene.flop_rects[state.flop[0]].center)
    amount = scene.bid_amount
    d.press(f"Bid {amount}")
    assert isinstance(state.history[-1], Bid) and state.phase == Phase.AUCTION
    plates: dict[int, list[str]] = {}
    real = scene.seat_plate
    monkeypatch.setattr(scene, "seat_plate", lambda surface, seat, lines, **kw: (plates.__setitem__(seat, lines),
                                                                                  real(surface, seat, lines, **kw))[1])
    d.step()
    assert f"bids {amount}" in plates[bidder], plates[bidder]
    assert not any("(bid)" in line for lines in plates.values() for line in lines), plates


def test_a_hand_name_is_said_plainly_where_it_is_shown():
    """Gachika, Tree House... mean nothing to a newcomer: every kind's name comes with
    what it is made of, in the words of the source's key to its hand table, in the hand
    line, the result and a shown hand's hover (issue 30)."""
    from cardtable.engine.view import PotResult, Showdown, ShownHand
    from cardtable.games.shenja_ivali.hands import DEFAULT_RULES, KINDS
    from cardtable.games.shenja_ivali.ui.hand_words import gloss
    from cardtable.games.shenja_ivali.ui.result import result_text

    assert glossed("Gachika", 43) == "Gachika (one pair in the numerals and one pair in the planets)"
    assert gloss(33) == "full house in the numerals or the planets, three of a kind in the other"  # FH + 3
    assert gloss(1) == ("five of a kind in the numerals or the planets, straight in the other; "
                        "a flush: all five of one element")  # Royal Eclipse: 5 + S + FL
    assert len({gloss(kind.rank) + kind.name for kind in KINDS}) == len(KINDS)
    tree, gachika = (ShownHand(seat=s, key=(44 - rank, 0, 0, 0), label=name)
                     for s, (rank, name) in enumerate(((33, "Tree House"), (43, "Gachika"))))
    pot = PotResult(name="main pot", amount=12, eligible=(0, 1), winners=(0,), shares=((0, 12),))
    text = result_text(["Ann", "Bo"], Showdown(round=1, showdown=True, hands=(tree, gachika), pots=(pot,)),
                       DEFAULT_RULES)
    assert ("Tree House (full house in the numerals or the planets, three of a kind in the other) ranks above "
            "Gachika (one pair in the numerals and one pair in the planets)") in text


def test_a_shown_hand_s_plate_explains_its_name_on_hover(app):
    d, scene = start_match(app)
    for _ in range(6000):
        if isinstance(app.scenes.top, PassScreen):
            d.key(pygame.K_RETURN)
        if scene.state.phase == Phase.REVEAL or scene.view.showdown is not None:
            break
        seat = scene.state.to_act
        if seat is not None and seat >= 0 and not scene.is_bot(seat) and scene.viewer == seat:
            actions = scene.state.legal_actions(seat)  # calm moves: to a showdown, not a fold
            calm = [a for a in actions if "Fold" not in type(a).__name__ and "Raise" not in type(a).__name__]
            scene.perform((calm or actions)[0])
        d.step()
    d.step()
    hands = [h for h in scene.view.showdown.hands if h.key]
    assert hands
    tips = [line for _, lines in scene.tips for line in lines]
    assert all(glossed(h.label, 44 - h.key[0]) in tips for h in hands), tips
