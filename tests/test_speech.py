"""Speech (cardtable.speech, cardtable.ui.table_speech): what the app says, read from its log.

Every game with rules is played for a hand (the registry's list, never one kept here): each
turn is announced and every log line the viewer reads is said, the result with it; F5 says
the hand and what it makes; in hot-seat no line names a card the person at the screen may
not see; the menu, the pass screen and the final standings say their titles.
"""

from __future__ import annotations

import dataclasses
import importlib
import re

import pygame
import pytest
from uihelp import Driver

from cardtable import games
from cardtable.engine.game import CHANCE
from cardtable.settings import Settings
from cardtable.speech import LOG_LINES, Speech
from cardtable.ui.pass_screen import PassScreen
from cardtable.ui.setup_scene import SeatConfig

RULES_GAMES = games.registry().with_rules()


class Voice:
    """A stand-in screen reader: keeps what it was asked to say."""

    def __init__(self, fail: bool = False) -> None:
        self.said: list[tuple[str, bool]] = []
        self.fail = fail

    def speak(self, text: str, interrupt: bool = False) -> None:
        if self.fail:
            raise OSError("the reader went away")
        self.said.append((text, interrupt))


def test_speech_logs_what_it_says_and_keeps_the_last_lines():
    voice = Voice()
    speech = Speech(True, output=voice)
    for n in range(LOG_LINES + 5):
        speech.say(f"line  {n}\n")
    assert len(speech.log) == LOG_LINES and speech.log[-1] == f"line {LOG_LINES + 4}"
    assert voice.said[-1] == (f"line {LOG_LINES + 4}", False)


def test_speech_off_says_nothing_and_a_failing_voice_goes_silent():
    off = Speech(False, output=Voice())
    off.say("hello")
    assert not off.log
    broken = Speech(True, output=Voice(fail=True))
    broken.say("one")
    broken.say("two")
    assert list(broken.log) == ["one", "two"] and broken.output is None


def test_speech_by_default_waits_for_a_screen_reader():
    assert not Speech(None, output=None).on  # no voice at all: no screen reader


def test_the_speech_and_theme_settings_are_remembered_and_checked():
    settings = dataclasses.replace(Settings(), speech=True, theme="high contrast")
    assert Settings.from_json(settings.to_json()) == settings
    notes: list[str] = []
    assert Settings.from_json({"speech": "yes", "theme": "neon"}, notes) == Settings()
    assert len(notes) == 2
    with pytest.raises(ValueError):
        Settings(speech="loud")  # type: ignore[arg-type]


def speaking(app) -> Driver:
    """Speech on at the computers' fastest speed; the log emptied."""
    app.update_settings(speech=True, bot_speed=4.0)
    app.speech.log.clear()
    return Driver(app)


def start(app, game, people: int):
    """A table of ``game`` with ``people`` people (Ann, Bea) and computers up to three seats."""
    table = importlib.import_module(game.table).TABLE
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.game == game.id)
    low, high = game.seats
    count = max(low, min(3, high))
    configs = [SeatConfig(name) for name in ("Ann", "Bea")[:people]]
    configs += [SeatConfig(f"Bot {n}", "normal") for n in range(len(configs), count)]
    return table.start(app, spec, configs, table.smoke_stack, seed=5)


def calm(view):
    """A move that stays in the hand: the first legal one that is no fold."""
    return next((a for a in view.legal if "fold" not in type(a).__name__.lower()), view.legal[0])


def test_the_menu_says_its_title_and_the_game_chosen(app):
    d = speaking(app)
    d.step()
    app.scenes.push(type(app.scenes.top)(app))  # a menu coming on top says where the person is
    d.step()
    assert any(line.startswith("cardtable: the menu.") for line in app.speech.log)
    d.key(pygame.K_DOWN)
    assert app.speech.log[-1] == app.scenes.top.current.title


def test_tab_says_the_control_it_reaches_and_a_switch_says_its_new_value(app):
    from cardtable.ui.settings_scene import SettingsScene
    d = speaking(app)
    d.step()  # (the menu's first frame: nothing is said before it)
    app.push(SettingsScene(app))
    d.step()
    assert app.speech.log[-1].startswith("Settings.")
    for _ in range(8):  # past the eight names
        d.key(pygame.K_TAB)
    d.key(pygame.K_TAB)
    assert app.speech.log[-1] == "Sound: on, switch"
    d.key(pygame.K_SPACE)
    assert app.speech.log[-1] == "Sound: off, switch" and app.settings.sound is False


@pytest.mark.parametrize("game", RULES_GAMES, ids=[g.id for g in RULES_GAMES])
def test_a_hand_announces_every_turn_and_says_every_line_and_the_result(app, game):
    d = speaking(app)
    scene = start(app, game, people=1)
    names = scene.names
    decisions: list[int] = []
    perform = scene.perform

    def counted(action):
        if scene.view.to_act not in (None, CHANCE):
            decisions.append(scene.view.to_act)
        perform(action)

    scene.perform = counted
    heard = False
    for _ in range(6000):
        if scene.view.showdown is not None or scene.view.to_act is None:
            break
        if scene.mine() and heard:
            scene.act(calm(scene.view))
        heard = scene.mine()  # a person acts a frame after their turn came, as a person does
        d.step()
    else:
        pytest.fail("the hand did not end")
    d.step(3)
    said = list(app.speech.log)
    turns = [line for line in said if line.startswith(f"Your turn, {names[0]}:")
             or re.fullmatch(r"(.+)'s turn \(computer\)\.", line)]
    assert [0 if t.startswith("Your turn") else names.index(t.removesuffix("'s turn (computer).")) for t in turns] \
        == decisions + ([scene.view.to_act] if scene.view.to_act not in (None, CHANCE) else [])  # (the next one's)
    lines = scene.log_lines()
    assert [line for line in said if line in lines] == lines  # every line, in order, the result with it
    assert scene.view.showdown is not None or scene.view.to_act is None
    winners = scene.view.showdown.winners if scene.view.showdown is not None else ()
    assert all(any(names[w] in line for line in said[-8:]) for w in winners)  # who won is said last


def test_the_hand_key_says_the_cards_and_what_they_make(app):
    d = speaking(app)
    game = games.get("five_card_draw")
    scene = start(app, game, people=1)
    for _ in range(2000):
        if scene.mine():
            break
        d.step()
    d.step(2)  # (the turn is announced)
    d.key(pygame.K_F5)
    line = app.speech.log[-1]
    hand = [scene.deck[c].name for c in scene.view.seats[0].hand]
    assert line.startswith("Your hand: ") and all(name in line for name in hand) and len(hand) == 5
    assert scene.hand_line and scene.hand_line.removeprefix("Your hand: ") in line  # the kind, as the table says it
    for key, start_words in ((pygame.K_F6, "Five-Card Draw"), (pygame.K_F7, "Last actions: "),
                             (pygame.K_F8, "You may fold (F)")):
        d.key(key)
        assert app.speech.log[-1].startswith(start_words), app.speech.log[-1]


def seen_cards(view) -> set[int]:
    """Every card ``view`` shows face up, anywhere."""
    cards = {c for z in view.zones for c in z.cards}
    for info in view.seats:
        cards |= set(info.hand) | set(info.up) | {c for z in info.zones for c in z.cards}
    return {c for c in cards if c is not None}


@pytest.mark.parametrize("game", RULES_GAMES, ids=[g.id for g in RULES_GAMES])
def test_in_hot_seat_no_line_names_a_card_the_person_at_the_screen_may_not_see(app, game):
    d = speaking(app)
    scene = start(app, game, people=2)
    deck = scene.deck
    match = scene.match
    checked = {"lines": 0, "private": 0}
    say = app.speech.say

    def checked_say(text, **kw):
        listener = None if scene.passing or isinstance(app.scenes.top, PassScreen) else scene.viewer
        if app.scenes.top is scene or isinstance(app.scenes.top, PassScreen):
            visible = seen_cards(match.view(listener))
            secret = set()
            for person in (0, 1):
                if person != listener:
                    secret |= seen_cards(match.view(person)) - visible
            names = {deck[c].name for c in visible} | {deck[c].code for c in visible}
            for card in secret:
                for word in (deck[card].name, deck[card].code):
                    if word not in names:
                        assert not re.search(rf"(?<![\w+-]){re.escape(word)}(?![\w+-])", " ".join(text.split())), \
                            (game.id, listener, word, text)
            checked["lines"] += 1
            checked["private"] += bool(secret)
        say(text, **kw)

    app.speech.say = checked_say
    for _ in range(6000):
        if scene.view.showdown is not None or scene.view.to_act is None:
            break
        if isinstance(app.scenes.top, PassScreen):
            d.key(pygame.K_F5)  # nothing of the game is said over the pass screen
            d.key(pygame.K_RETURN)
            continue
        if scene.mine():
            d.key(pygame.K_F5)
            d.key(pygame.K_F6)
            d.key(pygame.K_F7)
            scene.act(calm(scene.view))
        d.step()
    assert checked["lines"] > 10 and checked["private"] > 5, checked


def test_the_pass_screen_and_the_final_standings_say_their_titles(app):
    d = speaking(app)
    scene = start(app, games.get("five_card_draw"), people=2)
    for _ in range(300):
        if isinstance(app.scenes.top, PassScreen):
            break
        d.step()
    name = app.scenes.top.name
    d.step()
    assert f"Pass to {name}. {name}: press Enter when you are at the screen." in app.speech.log
    d.key(pygame.K_RETURN)
    scene.show_final()
    d.step()
    title = next(line for line in app.speech.log if line.startswith("Standings. "))
    assert "1. " in title and "2. " in title and app.speech.log[-1] == "Play again, key Enter, button"


def test_settings_switch_speech_and_high_contrast_by_keys_and_remember_them(app):
    from cardtable.settings import load_settings
    from cardtable.ui.settings_scene import SettingsScene
    from cardtable.ui.theme import THEME
    d = Driver(app)
    d.step()
    app.push(SettingsScene(app))
    d.step()
    labels = [getattr(w, "label", "") for w in app.scenes.top.widgets.focusables()]
    for label in ("Speech (screen reader)", "High contrast"):
        for _ in range(labels.index(label) + 1):
            d.key(pygame.K_TAB)
        assert app.scenes.top.widgets.focused.label == label
        d.key(pygame.K_SPACE)
        assert app.scenes.top.widgets.focused.label == label  # (a new theme lays the screen out: the focus stays)
        d.key(pygame.K_ESCAPE)
        app.push(SettingsScene(app))
        d.step()
    try:
        saved = load_settings(app.settings_path)[0]
        assert saved.speech is True and saved.theme == "high contrast" and THEME.backdrop == (0, 0, 0)
        assert app.speech.on
    finally:
        app.update_settings(theme="standard")
    assert THEME.backdrop != (0, 0, 0)


def test_the_saves_screen_says_the_save_the_arrows_reach(app):
    from cardtable.ui.saves_scene import SavesScene
    d = speaking(app)
    start(app, games.get("five_card_draw"), people=1)
    d.step()
    while len(app.scenes.scenes) > 1:  # back to the menu: the table autosaves as it closes
        app.scenes.pop()
    d.step()
    app.push(SavesScene(app))
    d.step()
    assert any(line.startswith("Saved games: ") for line in app.speech.log)
    d.key(pygame.K_DOWN)
    d.key(pygame.K_UP)
    assert "Five-Card Draw" in app.speech.log[-1]


def test_a_hint_is_said_when_it_is_ready(app):
    d = speaking(app)
    scene = start(app, games.get("five_card_draw"), people=1)
    for _ in range(2000):
        if scene.mine():
            break
        d.step()
    d.step(2)
    d.key(pygame.K_h)
    assert scene.hint.wait(60)
    d.step()
    assert app.speech.log[-1].startswith("Hint: ")


def test_a_lesson_says_each_step_of_its_box(app):
    from uihelp import variant_spec

    from cardtable.ui.menu import game_table_module
    speaking(app)
    spec = variant_spec(app, "texas_holdem")
    game_table_module(spec.game).TABLE.play_lesson(app, spec)
    steps = [line for line in app.speech.log if line.startswith("Lesson: ")]
    assert len(steps) >= 4 and steps[0].startswith("Lesson: Betting before the flop. Your first hand")


def test_up_and_down_say_the_amount_to_bet(app):
    d = speaking(app)
    scene = start(app, games.get("texas_holdem"), people=1)
    for _ in range(2000):
        if scene.mine() and scene.bet_bar is not None and scene.bet_bar.may_choose():
            break
        d.step()
    d.step(2)
    d.key(pygame.K_UP)
    assert re.fullmatch(r"(Bet|Raise to) [\d,]+ \(B\)", app.speech.log[-1])
    assert app.speech.log[-1].split(" (")[0].endswith(f"{scene.bet_bar.amount:,}")
