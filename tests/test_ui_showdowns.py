"""Every game's showdown says who won how much, with which hand, against whose and why,
and what each person lost; another seat's revealed cards can be read: played to
showdowns by people who never fold, then the bar and the table read."""

from __future__ import annotations

import pygame
import pytest
from uihelp import Driver, StandIn, variant_spec

from cardtable import games
from cardtable.engine.game import CHANCE
from cardtable.engine.words import plural
from cardtable.ui.setup_scene import SeatConfig

CALM = ("Check", "Call", "Stake", "Cover", "Stand", "Keep", "BagBet", "PassBid", "Flip", "CallShot", "Discard", "Skip",
        "DiscardTwo", "Exchange", "Draw", "ChooseDealer")
"""Moves that stay in the hand (the first legal one of these is played)."""

RULES = {"five_card_draw": (" beats ", "ranks above"), "texas_holdem": (" beats ", "ranks above"),
         "omaha_hilo": (" beats ", "ranks above", "lower low"), "shenja_ivali": (" beat", "ranks above"),
         "ipso": ("ranks above", " wins", "was cut"), "sabacc": (" wins", "bombed out"),
         "alethkar_poker": ("paid at most",), "flame_sword": ("tie-break", "a better kind")}
"""What the result says decided a showdown, in each game's words (any of these)."""

class NeverFolds:
    """A person who stays in: the first legal move that is not a fold or a raise."""

    def __init__(self) -> None:
        self.fallback = StandIn(7)

    def choose(self, state, seat):
        actions = state.legal_actions(seat)
        calm = [a for a in actions if type(a).__name__ in CALM]
        return calm[0] if calm else self.fallback.choose(state, seat)


def showdown_table(app, game: str, seats: int = 3):
    """A table of people who never fold, played to a showdown the hands decided (not a
    split, not everyone folding); the pass screens are gone."""
    table = games.get(game).table_module().TABLE
    configs = [SeatConfig(name) for name in ("Ann", "Bo", "Cy", "Di")[:seats]]
    scene = table.start(app, variant_spec(app, game), configs, table.smoke_stack, seed=11)
    player, state = NeverFolds(), scene.state
    for _ in range(20000):
        if state.to_act is None:
            break
        if scene.waits_for_next_round():
            outcome = state.round_outcome()
            if outcome is not None and len(outcome["winners"]) == 1 and len(outcome["hands"]) > 1:
                break
            scene.next_round()
            continue
        scene.perform(state.chance_action() if state.to_act == CHANCE else player.choose(state, state.to_act))
    d = Driver(app)
    while app.scenes.top is not scene:
        d.key(pygame.K_RETURN)  # the pass screen
    return scene


@pytest.mark.parametrize("game", sorted(RULES))
def test_the_result_names_the_winner_the_amount_the_hands_the_rule_and_each_loss(app, game):
    scene = showdown_table(app, game)
    assert scene.waits_for_next_round(), game
    if game == "alethkar_poker":
        Driver(app).key(pygame.K_SPACE)  # the counting first
    said = []
    scene.bar_message = lambda surface, text: said.append(text)
    Driver(app).step()
    told = " ".join(said[-1:] + list(getattr(scene, "result_lines", [])))  # the bar, and a table's own results
    view = scene.view
    results, names = view.showdown, view.names
    winner = results.winners[0]
    extra = view.extra
    amount = (extra.won_pot if game == "ipso" else extra.payout.middle if game == "alethkar_poker"
              else results.pots[0].amount)
    assert names[winner] in told and f"{amount:,}" in told, (game, told)
    assert results.hand(winner).label.rsplit(" (", 1)[0] in told, (game, told)
    assert any(rule in told for rule in RULES[game]), (game, told)
    for seat, net in enumerate(results.net):  # every person at the screen sees what they lost, as their net
        if net < 0:
            assert f"{names[seat]} -{plural(-net, 'credit' if game == 'sabacc' else 'chip')}" in told, told
    assert "Net this" in told or not any(results.net), told
    assert "…" not in told


def test_flame_sword_shows_a_seats_revealed_cards_large_under_the_mouse(app):
    scene = showdown_table(app, "flame_sword", seats=4)
    d = Driver(app)
    d.step()
    shown = [(seat, box) for seat, (box, cards) in scene.seat_hands.items() if cards]
    assert shown
    seat, box = shown[0]
    drawn = []
    scene._show_large = lambda surface, faces, rect: drawn.append([f.get_width() for f in faces])
    d.move(box.center)
    assert drawn and len(drawn[-1]) == len(scene.state.hands[seat]) and min(drawn[-1]) >= app.px(90)


HAND_WORDS = {"five_card_draw": "Your hand: ", "shenja_ivali": ("Your hand: ", "Your cards: ", "With "),
              "ipso": "Your hand: ", "sabacc": "your total: ", "alethkar_poker": "Your hand: worth ",
              "flame_sword": "Your best now: "}
"""How each table names the viewer's hand while they play (Shenja Ivali's four cards make
no hand before the auction: it names what a flop card would make)."""


@pytest.mark.parametrize("game", sorted(HAND_WORDS))
def test_every_game_names_the_viewers_hand_as_they_play(app, game):
    table = games.get(game).table_module().TABLE
    configs = [SeatConfig("Ann"), SeatConfig("Bo", bot="normal")]
    scene = table.start(app, variant_spec(app, game), configs, table.smoke_stack, seed=4)
    state, player, d = scene.state, NeverFolds(), Driver(app)
    for _ in range(3000):  # to the person's turn with every card known (Flame Sword: after the flop)
        if state.to_act == 0 and scene.hand_line is not None:
            break
        if state.to_act is None:
            break
        if state.to_act == CHANCE or scene.waits_for_next_round():
            scene.perform(state.chance_action())
        else:
            scene.perform((scene.bots.get(state.to_act) or player).choose(state, state.to_act))
        d.step()
    assert scene.hand_line is not None and scene.hand_line.startswith(HAND_WORDS[game]), (game, scene.hand_line)


def test_alethkar_chip_totals_change_only_once_the_hands_are_counted(app):
    scene = showdown_table(app, "alethkar_poker")
    plates: dict[int, str] = {}
    drawn = scene.seat_plate

    def seat_plate(surface, seat, lines, **kwargs):
        plates[seat] = lines[0] if isinstance(lines[0], str) else lines[0][0]  # (the line's longest form)
        return drawn(surface, seat, lines, **kwargs)
    scene.seat_plate = seat_plate
    d = Driver(app)
    d.step()
    holdings, net = scene.parts().holdings, scene.view.showdown.net
    assert scene.counting_shown() and "counting the hands" in scene.bar_text(scene.view)
    assert all(plates[s].startswith(f"chips {holdings[s] - net[s]} ") for s in plates), plates  # as before the payout
    d.key(pygame.K_SPACE)  # the counting done: the payout shows, and the totals after it
    assert not scene.counting_shown() and "paid at most" in scene.bar_text(scene.view)
    assert all(plates[s].startswith(f"chips {holdings[s]} ") for s in plates), plates


@pytest.mark.parametrize("game", ["flame_sword", "sabacc", "shenja_ivali", "texas_holdem"])
def test_the_last_hand_of_a_match_is_told_with_the_end(app, game):
    scene = showdown_table(app, game)
    told = scene.bar_text(scene.view)
    scene.state.enter("game_over")  # as the settle does when one player is left
    scene.match.forget_views()
    ended = scene.bar_text(scene.view)
    assert scene.view.to_act is None and ended.startswith(told.rsplit(". ", 1)[0]), (told, ended)
    winner = scene.match.standings()[0][0]
    people = {scene.state.names[s] for s in (list(scene.humans) or [scene.viewer])}
    assert ended.endswith("Well played!") == (winner in people), (winner, people, ended)  # said to a winner only
    assert scene.match_won_text().startswith(winner)
