"""Speech on a remote player's window: it says only what its own seat may see.

Every game with rules (the registry's list) is played for a match's first hands by a host
state here, each ``state`` message seat 0 would get fed to its remote table (as
tests/test_ui_remote.py does), the person at that window pressing F5, F6 and F7 on each of
their turns. No line the window says may name a card that another seat has held or seen
and seat 0 has not been shown by then: not its hand key, not its table key, not a log line.
"""

from __future__ import annotations

import random
import re

import pygame
import pytest
from test_speech import calm, seen_cards, speaking
from test_ui_remote import FakeLink, message, open_table

from cardtable import games
from cardtable.engine.game import CHANCE
from cardtable.net.host import new_match
from cardtable.ui import remote_table

GAMES = games.registry().with_rules()


def named(text: str, word: str) -> bool:
    """True when ``word`` (a card's name or code) stands alone in ``text``."""
    return re.search(rf"(?<![\w+-]){re.escape(word)}(?![\w+-])", " ".join(text.split())) is not None


@pytest.fixture
def no_pause(monkeypatch):
    """The remote table shows each message at once (no pacing, no hold on a result)."""
    monkeypatch.setattr(remote_table, "PACE", 0.0)
    monkeypatch.setattr(remote_table, "REVEAL_HOLD", 0.0)


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_a_remote_window_says_no_card_its_seat_never_saw(app, game, no_pause):
    d = speaking(app)
    seats = max(3, game.seats[0])
    state = new_match(game, dict(game.profile.short_match), ["Ada", "Bo", "Cy"][:seats], 6)
    link = FakeLink()
    table = open_table(app, game, state, link)
    bots = {s: game.bot(random.Random(s), "normal") for s in range(1, state.seats)}
    said: list[str] = []
    ours: set[int] = set()  # every card seat 0 has been shown so far (by the host's state: the
    theirs: set[int] = set()  # window may be a message behind, which only widens ``ours``)
    private = [0]
    say = app.speech.say
    deck = table.deck

    def heard(text, **kw):
        """Each line as it is said: no card only the others have seen so far."""
        shown = {deck[c].name for c in ours} | {deck[c].code for c in ours}
        secret = theirs - ours
        private[0] += bool(secret)
        for card in secret:
            for word in (deck[card].name, deck[card].code):
                assert word in shown or not named(text, word), (game.id, word, text)
        said.append(text)
        say(text, **kw)

    def look() -> None:
        ours.update(seen_cards(state.seat_view(0)))
        for seat in range(1, state.seats):
            theirs.update(seen_cards(state.seat_view(seat)))

    app.speech.say = heard
    sent, turns = len(state.log), 0
    for _ in range(3000):
        if state.to_act is None or turns >= 12:
            break
        look()
        if state.to_act == 0:
            d.step(2)  # (the turn is announced, as the table shows it)
            for key in (pygame.K_F5, pygame.K_F6, pygame.K_F7):
                d.key(key)
            assert table.act(calm(table.view)), "our move went nowhere"
            action, _ = link.sent.pop()
            turns += 1
        else:
            action = state.chance_action() if state.to_act == CHANCE else bots[state.to_act].choose(state, state.to_act)
        state.apply(action)
        look()
        link.inbox.append(message(state, 0, sent))
        sent = len(state.log)
        d.step()
    d.step(3)
    assert turns >= 2 and said, (turns, said[-3:])
    assert private[0] > 5, "no line was said while another seat held a card seat 0 had not seen"
    assert any(text.startswith("Your hand") for text in said)  # F5 was heard, with our own cards
