"""The generated data modules (tools/make_tables.py) equal a fresh computation (issue 17),
and the games read them for the bundled decks."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from cardtable.games.alethkar_poker import bot as alethkar_bot
from cardtable.games.sabacc import bot as sabacc_bot
from cardtable.games.shenja_ivali.ui import hands_page
from cardtable.variants import load_deck_by_id

TOOL = Path(__file__).resolve().parents[1] / "tools" / "make_tables.py"


def _tool():
    spec = importlib.util.spec_from_file_location("make_tables", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_modules_equal_a_fresh_computation() -> None:
    tool = _tool()
    for name, make in tool.MODULES.items():
        committed = (TOOL.parents[1] / name).read_text(encoding="utf-8")
        assert committed == make(), f"{name} is stale: run python tools/make_tables.py"


def test_the_games_read_the_tables_and_get_the_same_values() -> None:
    deck = load_deck_by_id("standard52")
    for ace_low in (True, False):
        assert alethkar_bot.value_distribution(deck, ace_low) == \
            alethkar_bot.draw_value_distribution(deck, ace_low)
    sabacc = load_deck_by_id("sabacc")
    assert sabacc_bot.opponent_table(sabacc) == sabacc_bot.simulate_opponent_table(sabacc)
    from cardtable.games.shenja_ivali.hands import kind_probabilities
    assert hands_page._odds() == kind_probabilities()
