"""Issue: "A PHH file of a supported game can be opened back". A Poker Hand History hand
opened as a match of its bundled game (``cardtable.yaml_games.phh_read.open_hand``) and as a
save (``cardtable history import FILE.phh``): what our export writes comes back to the same
text, what pokerkit writes ends with pokerkit's stacks, and a hostile file is refused with
its reason, never another error."""

from __future__ import annotations

import io
import json
import random
import re
import warnings

import pytest
from pokerkit import (
    Automation,
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    FixedLimitTexasHoldem,
    NoLimitTexasHoldem,
    PotLimitOmahaHoldem,
    notation,
)
from test_phh import played

from cardtable import save_checks, saves
from cardtable.cli import main
from cardtable.engine.replay import replay
from cardtable.simulation import bundled_variant, match_save
from cardtable.yaml_games.phh import hand_history, match_history
from cardtable.yaml_games.phh_read import MAX_BYTES, PhhFileError, open_hand

AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
               Automation.CARD_BURNING, Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
               Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)

NT_HAND = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 150, 300]
actions = ["d dh p1 AsKd", "d dh p2 7c7d", "d dh p3 2h3h", "p3 f", "p1 cbr 6", "p2 cc", "d db Jc3d5c",
           "p1 cc", "p2 cbr 10", "p1 cc", "d db 4h", "p1 cc", "p2 cc", "d db Qs", "p1 cc", "p2 cc",
           "p1 sm AsKd", "p2 sm 7c7d"]
players = ["Ana", "Bo", "Cy"]
finishing_stacks = [184, 166, 300]
"""


def _without_hand_number(text: str) -> str:
    """The hand's fields and moves: its number and the log lines written beside its moves
    left out (the match opened from it starts at hand 1, and its log says so)."""
    text = re.sub(r"(?m)^\s*# .*\n", "", text)
    text = re.sub(r"(?m)  # .*$", "", text)
    return re.sub(r"(?m)^hand = \d+\n", "", text)


def _hands(text: str) -> list[str]:
    """The hands of a multi-hand PHH file, each alone."""
    return [part.split("\n", 1)[1].rstrip("\n") + "\n" for part in re.split(r"(?m)^(?=\[\d+\]$)", text) if part.strip()]


@pytest.mark.parametrize("game_id,seats,seed,settings", [
    ("texas_holdem", 2, 1, {}), ("texas_holdem", 6, 3, {}), ("texas_holdem", 4, 7, {"limit": "fixed"}),
    ("texas_holdem", 3, 2, {"limit": "fixed"}), ("omaha", 3, 8, {}), ("omaha_hilo", 5, 4, {}),
    ("omaha_hilo", 2, 5, {})])
def test_every_exported_hand_opens_and_exports_the_same_text(game_id, seats, seed, settings):
    game, deck, data = played(game_id, seats, seed, **settings)
    hands = _hands(match_history(game, data, deck=deck))
    assert len(hands) >= 5
    for n, text in enumerate(hands, 1):
        opened = open_hand(text, source=f"hand {n}")
        assert opened.game is game and opened.notes == ()
        again = hand_history(game, opened.state.to_json(), 1, deck=deck)
        assert _without_hand_number(again) == _without_hand_number(text)  # (the match opened starts at hand 1)
        state = opened.state.to_json()
        assert replay(game.state, state, deck=deck, read_settings=game.read_settings).to_json() == state
    save = match_save(game, bundled_variant(game), opened.state, [None] * seats, "phh-test")
    assert save_checks.checker()({**saves.decode(save), "sha256": None}) is None


def _pokerkit(game, stacks, actions):
    """A hand pokerkit plays and writes: its final stacks and its PHH text."""
    state = game(stacks, len(stacks))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit's own burn may take a card the hand deals later
        for action in actions:
            notation.parse_action(state, action)
    assert not state.status
    return list(state.stacks), notation.HandHistory.from_game_state(game, state).dumps()


POKERKIT_HANDS = {
    "NT": (NoLimitTexasHoldem(AUTOMATIONS, False, 0, (1, 2), 2), (200, 150, 300), NT_HAND.split("actions = ")[0]),
    "NT heads-up all-in": (NoLimitTexasHoldem(AUTOMATIONS, False, 0, (1, 2), 2), (50, 80), [
        "d dh p1 AsAd", "d dh p2 KcKd", "p2 cbr 80", "p1 cc", "d db 2c7h9s", "d db Kh", "d db 3c"]),
    "FT": (FixedLimitTexasHoldem(AUTOMATIONS, False, 0, (1, 2), 2, 4), (60, 60, 60), [
        "d dh p1 Td9d", "d dh p2 QsQh", "d dh p3 5c6c", "p3 cbr 4", "p1 cc", "p2 cbr 6", "p3 cc", "p1 cc",
        "d db 8d7dKs", "p1 cbr 2", "p2 cbr 4", "p3 f", "p1 cc", "d db 2h", "p1 cc", "p2 cbr 4", "p1 cc",
        "d db 6d", "p1 cbr 4", "p2 cc"]),
    "PO": (PotLimitOmahaHoldem(AUTOMATIONS, False, 0, (1, 2), 2), (100, 100, 100, 100), [
        "d dh p1 AhKh2c3c", "d dh p2 QdQs9h8h", "d dh p3 JcTc9c8c", "d dh p4 7s7d6s6d", "p3 cbr 7",
        "p4 cc", "p1 f", "p2 cc", "d db 9s5c4h", "p2 cc", "p3 cbr 20", "p4 cc", "p2 f", "d db Ad",
        "p3 cc", "p4 cc", "d db 2s", "p3 cbr 30", "p4 cc"]),
    "FO/8": (FixedLimitOmahaHoldemHighLowSplitEightOrBetter(AUTOMATIONS, False, 0, (1, 2), 2, 4), (40, 40, 40), [
        "d dh p1 As2s3dKd", "d dh p2 AcQcQh4h", "d dh p3 8c8d9s9h", "p3 cc", "p1 cbr 4", "p2 cc", "p3 cc",
        "d db 5h6h7c", "p1 cbr 2", "p2 cc", "p3 cc", "d db Kc", "p1 cc", "p2 cc", "p3 cc", "d db Ts",
        "p1 cbr 4", "p2 cc", "p3 f"]),
}


@pytest.mark.parametrize("name", POKERKIT_HANDS)
def test_a_hand_pokerkit_wrote_opens_and_ends_with_pokerkits_stacks(name):
    game, stacks, actions = POKERKIT_HANDS[name]
    if isinstance(actions, str):  # (the NT hand above, its actions read from it; pokerkit shows by itself)
        actions = [a for a in json.loads(NT_HAND.split("actions = ")[1].split("\nplayers")[0]) if " sm " not in a]
    final, text = _pokerkit(game, stacks, actions)
    opened = open_hand(text, source=f"pokerkit {name}")
    assert opened.variant == name.split()[0] and opened.notes == ()
    assert opened.state.chips.stacks == final
    assert list(opened.state.names) == [f"p{n + 1}" for n in range(len(stacks))]  # (no players: p1, p2...)


def test_names_and_unknown_cards():
    opened = open_hand(NT_HAND.replace("d dh p3 2h3h", "d dh p3 ????"))
    assert list(opened.state.names) == ["Ana", "Bo", "Cy"] and opened.state.chips.stacks == [184, 166, 300]
    assert len(opened.notes) == 1 and "Cy's hole cards" in opened.notes[0]
    named = {"As", "Kd", "7c", "Jc", "3d", "5c", "4h", "Qs"}
    assert named.isdisjoint(_hole_codes(opened, 2))  # dealt from the cards the file does not name
    shown = open_hand(NT_HAND.replace("d dh p2 7c7d", "d dh p2 ????"))  # ...or the ones p2 shows
    assert _hole_codes(shown, 1) == {"7c", "7d"} and shown.notes == ()  # (nothing made up)
    assert open_hand(NT_HAND).state.to_json() == open_hand(NT_HAND).state.to_json()  # the same file, the same deal
    long = open_hand(NT_HAND.replace('"Ana"', json.dumps("A\x00" + "n" * 100)))
    assert list(long.state.names)[0] == "A " + "n" * 62


def _hole_codes(opened, seat):
    from cardtable.yaml_games.phh import card_code
    first = opened.state.history[0].order  # (the shuffle: hole cards dealt one at a time round the table)
    return {card_code(opened.deck[first[seat + n * 3]]) for n in range(2)}


def _changed(old: str, new: str) -> str:
    assert old in NT_HAND
    return NT_HAND.replace(old, new)


HOSTILE = {
    "not TOML": ("variant = = NT", "is not PHH \\(TOML\\)"),
    "huge": ("#" * (MAX_BYTES + 1), "over 1,000,000 bytes"),
    "nested too deep": ("x = " + "[" * 100_000, "not PHH"),
    "unknown variant": (_changed('"NT"', '"F7S"'), "variant 'F7S' is not one cardtable opens"),
    "no variant": (_changed('variant = "NT"\n', ""), "no 'variant'"),
    "no antes": (_changed("antes = [0, 0, 0]\n", ""), "no 'antes'"),
    "no actions": (NT_HAND.split("actions")[0], "no 'actions'"),
    "no stacks": (_changed("starting_stacks = [200, 150, 300]\n", ""), "no 'starting_stacks'"),
    "no min_bet": (_changed("min_bet = 2\n", ""), "no 'min_bet'"),
    "a card twice": (_changed("d db 4h", "d db As"), "action 11: 'd db As': As is dealt twice: to p1 \\(action 1\\)"),
    "an illegal action": (_changed('"p1 cbr 6"', '"p1 cbr 3"'), "action 5: .*not allowed there: the smallest raise"),
    "out of turn": (_changed('"p3 f"', '"p2 f"'), "action 4: .*it is p3's turn, not p2's"),
    "a negative stack": (_changed("[200, 150, 300]", "[200, -150, 300]"), "whole numbers of chips from 0"),
    "no chips": (_changed("[200, 150, 300]", "[200, 0, 300]"), "p2 starts with no chips"),
    "a float stack": (_changed("[200, 150, 300]", "[200, 150.5, 300]"), "whole numbers of chips"),
    "a straddle": (_changed("[1, 2, 0]", "[1, 2, 4]"), "no straddle"),
    "an ante": (_changed("antes = [0, 0, 0]", "antes = [1, 1, 1]"), "no antes"),
    "no small blind": (_changed("[1, 2, 0]", "[0, 2, 0]"), "a small and a big blind"),
    "too many players": (_changed("[200, 150, 300]", str([100] * 9)), "2 to 8 players, the file has 9"),
    "a player not there": (_changed('"p3 f"', '"p9 f"'), "no player 'p9'"),
    "not a card": (_changed("AsKd", "AsXx"), "'Xx' is not a card"),
    "five hole cards": (_changed("AsKd", "AsKdQh"), "deals 2 cards"),
    "a board too big": (_changed('"d db Qs"', '"d db QsQh"'), "board has 5 cards"),
    "a board too early": (_changed('"p3 f", "p1 cbr 6"', '"d db 9h9d9c", "p3 f", "p1 cbr 6"'),
                          "the board has 0 cards here"),
    "a show of another's card": (_changed('"p2 sm 7c7d"', '"p2 sm 7cAs"'), "As is not among the cards p2"),
    "a draw": (_changed('"p3 f"', '"p3 sd 2h"'), "has no draw"),
    "gibberish": (_changed('"p3 f"', '"p3 wins"'), "is no PHH action"),
    "not a number": (_changed('"p1 cbr 6"', '"p1 cbr 6.5"'), "'6.5' is not a whole number"),
    "actions not text": (_changed('"p3 f"', "3"), "actions must be a list of texts"),
    "wrong finish": (_changed("[184, 166, 300]", "[185, 165, 300]"), "the file says the hand ends with stacks"),
    "two names the same": (_changed('"Cy"', '"Ana"'), "two players share a name"),
    "names not matching": (_changed('"Cy"', ""), "players must be 3 names"),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_file_is_refused_with_its_reason(name):
    text, reason = HOSTILE[name]
    with pytest.raises(PhhFileError, match=reason) as refused:
        open_hand(text, source="hostile.phh")
    assert str(refused.value).startswith("hostile.phh: ")


def test_mangled_files_open_or_are_refused_never_crash():
    rng = random.Random(5)
    pieces = ['"', "[", "]", ",", " ", "p1", "cbr", "d db", "??", "-1", "0", "99999999999999999999", "\n", "#"]
    opened = 0
    for _ in range(300):
        text = list(NT_HAND)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(text))
            text[at:at + rng.randint(0, 4)] = rng.choice(pieces)
        try:
            open_hand("".join(text))
            opened += 1
        except PhhFileError:
            pass
    assert opened < 300
    with pytest.raises(PhhFileError, match="is not text"):
        open_hand(b"variant = 'NT'")  # type: ignore[arg-type]


def test_the_command_line_opens_a_hand_as_a_save_the_app_lists(tmp_path):
    phh = tmp_path / "hand.phh"
    phh.write_text(NT_HAND, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["history", "import", str(phh)], out=out, err=err) == 0, err.getvalue()
    (listed,) = saves.list_saves(check=save_checks.checker())
    assert listed.ok and str(listed.path) in out.getvalue()
    out = io.StringIO()
    assert main(["save", "check", str(listed.path)], out=out, err=err) == 0 and out.getvalue().endswith(": OK\n")
    out = io.StringIO()
    assert main(["history", "export", str(listed.path)], out=out, err=err) == 0
    assert 'players = ["Ana", "Bo", "Cy"]' in out.getvalue() and "finishing_stacks = [184, 166, 300]" in out.getvalue()
    chosen = tmp_path / "chosen.json"
    assert main(["history", "import", str(phh), "--out", str(chosen)], out=io.StringIO(), err=err) == 0
    assert saves.load_save(chosen)["game"] == "texas_holdem"
    bad = tmp_path / "bad.phh"
    bad.write_text(HOSTILE["a straddle"][0], encoding="utf-8")
    err = io.StringIO()
    assert main(["history", "import", str(bad)], out=io.StringIO(), err=err) == 1
    assert f"{bad}: Texas Hold'em has no straddle" in err.getvalue()
    err = io.StringIO()
    assert main(["history", "import", str(tmp_path / "missing.phh")], out=io.StringIO(), err=err) == 1
    assert "not found" in err.getvalue()


def test_pokerkit_plays_the_export_of_an_opened_hand():
    opened = open_hand(NT_HAND)
    text = hand_history(opened.game, opened.state.to_json(), 1, deck=opened.deck)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        final = list(notation.HandHistory.loads(text))[-1]
    assert list(final.stacks) == [184, 166, 300]


def test_an_imported_hand_is_listed_as_one_replayed_with_every_card_and_a_file_of_several_needs_a_hand(
        tmp_path, app):
    from uihelp import Driver

    from cardtable.ui.replay_table import EVERY_CARD, ReplayTable
    from cardtable.ui.saves_scene import SavesScene, describe

    several = tmp_path / "hands.phhs"
    several.write_text(f"[1]\n{NT_HAND}\n[2]\n{NT_HAND}", encoding="utf-8")
    err = io.StringIO()
    assert main(["history", "import", str(several)], out=io.StringIO(), err=err) == 1
    assert "holds 2 hands: choose one with --hand N" in err.getvalue()
    out = io.StringIO()
    assert main(["history", "import", str(several), "--hand", "2"], out=out, err=err) == 0, err.getvalue()
    taken = tmp_path / "taken.json"
    taken.write_text("mine", encoding="utf-8")
    err = io.StringIO()
    assert main(["history", "import", str(several), "--hand", "1", "--out", str(taken)], out=io.StringIO(),
                err=err) == 1
    assert "exists already" in err.getvalue() and taken.read_text(encoding="utf-8") == "mine"  # nothing overwritten
    app.push(SavesScene(app))
    listed = app.scenes.top
    (save,) = [s for s in listed.saves if s.ok]
    head, sub = describe(save, listed.variant_names)
    assert "Imported hand" in head and sub.endswith("from hands.phhs, hand 2") and "in play" not in sub
    d = Driver(app)
    d.press("Replay")
    viewer = app.scenes.top
    assert isinstance(viewer, ReplayTable) and viewer.perspective == EVERY_CARD  # the file showed every card
