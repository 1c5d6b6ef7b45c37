"""Statistics: rounds recorded once per match, chips won and lost, best hand, the file."""

from __future__ import annotations

import random

from cardtable.bots.base import play_step
from cardtable.games.shenja_ivali.bot import IvaliBot
from cardtable.games.shenja_ivali.rules import Phase, ShenjaIvaliSettings
from cardtable.games.shenja_ivali.state import ShenjaIvaliState
from cardtable.saves import load_save
from cardtable.stats import PlayerStats, StatsBook, stats_path
from cardtable.variants import load_deck_by_id

NAMES = ["Ada", "Bo", "Cy"]


def outcome(round_no, winners, net, hands=None, ranks=None):
    data = {"round": round_no, "winners": winners, "net": net, "hands": hands or {}}
    if ranks is not None:
        data["hand_rank"] = ranks
    return data


def test_a_round_counts_once_and_a_game_once_per_match():
    book = StatsBook()
    first = outcome(1, [0], [10, -5, -5], {"0": "Clean House", "1": "Pear Tree"}, {"0": 12, "1": 39})
    assert book.record_round("m1", "shenja_ivali", NAMES, first)
    assert not book.record_round("m1", "shenja_ivali", NAMES, first)  # seen again after the next action
    assert book.record_round("m1", "shenja_ivali", NAMES, outcome(2, [1], [-3, 6, -3]))
    ada, bo = book.entry("Ada", "shenja_ivali"), book.entry("Bo", "shenja_ivali")
    assert (ada.games, ada.rounds, ada.rounds_won, ada.chips_won, ada.chips_lost) == (1, 2, 1, 10, 3)
    assert (bo.games, bo.rounds, bo.rounds_won, bo.chips_won, bo.chips_lost) == (1, 2, 1, 6, 5)
    assert ada.best_hand == "Clean House" and bo.best_hand == "Pear Tree"
    book.record_round("m2", "shenja_ivali", NAMES, outcome(1, [2], [-1, -1, 2]))
    assert book.entry("Ada", "shenja_ivali").games == 2


def test_the_best_hand_is_the_lowest_rank_when_the_game_ranks_hands():
    stats = PlayerStats()
    stats.offer_hand("Pear Tree", 39, won=True)
    stats.offer_hand("Royal Eclipse", 1, won=False)
    stats.offer_hand("Clean House", 12, won=True)
    assert (stats.best_hand, stats.best_rank) == ("Royal Eclipse", 1)


def test_without_ranks_the_best_hand_is_the_latest_winning_one():
    book = StatsBook()
    book.record_round("m", "ipso", NAMES, outcome(1, [1], [-2, 4, -2], {"0": "Pair", "1": "Run"}))
    book.record_round("m", "ipso", NAMES, outcome(2, [0], [4, -2, -2], {"0": "Flush", "1": "Pair"}))
    assert book.entry("Ada", "ipso").best_hand == "Flush"
    assert book.entry("Bo", "ipso").best_hand == "Run"  # a losing hand does not replace a winning one


def test_a_seat_that_is_out_plays_no_rounds():
    book = StatsBook()
    book.record_round("m", "g", NAMES, outcome(4, [0], [3, 0, -3]))
    assert book.entry("Bo", "g").rounds == 0 and book.entry("Bo", "g").games == 1


def test_the_match_winner_counts_once():
    book = StatsBook()
    assert book.record_match_end("m", "g", "Cy")
    assert not book.record_match_end("m", "g", "Cy")
    assert book.entry("Cy", "g").matches_won == 1


def test_games_are_kept_apart_and_rows_are_sorted():
    book = StatsBook()
    book.record_round("a", "sabacc", ["bo", "Ada"], outcome(1, [0], [5, -5]))
    book.record_round("b", "ipso", ["Ada", "bo"], outcome(1, [0], [5, -5]))
    assert [(n, g) for n, g, _ in book.rows()] == [("Ada", "ipso"), ("Ada", "sabacc"), ("bo", "ipso"),
                                                   ("bo", "sabacc")]


def test_the_book_is_saved_checked_beside_the_saves_and_read_back():
    book = StatsBook.load()
    assert book.rows() == [] and book.error is None
    book.record_round("m", "g", NAMES, outcome(1, [0], [2, -1, -1], {"0": "Pair"}, {"0": 30}))
    book.save()
    assert load_save(stats_path())["game"] == "stats"
    again = StatsBook.load()
    assert again.entry("Ada", "g") == book.entry("Ada", "g")
    assert not again.record_round("m", "g", NAMES, outcome(1, [0], [2, -1, -1]))  # remembered across loads


def test_a_damaged_stats_file_is_reported_and_set_aside():
    book = StatsBook.load()
    book.record_round("m", "g", NAMES, outcome(1, [0], [2, -1, -1]))
    book.save()
    path = stats_path()
    path.write_bytes(path.read_bytes()[:-40])
    damaged = StatsBook.load()
    assert damaged.error and "set aside" in damaged.error and damaged.rows() == []
    assert (path.parent / "stats.broken.json").exists()


def test_shenja_ivali_round_outcome_comes_from_its_results_and_survives_json():
    deck = load_deck_by_id("ivali")
    state = ShenjaIvaliState.new(ShenjaIvaliSettings.from_settings({}), deck, NAMES, random.Random(3))
    bots = [IvaliBot(random.Random(i)) for i in range(3)]
    assert state.round_outcome() is None
    seen = []
    for _ in range(3000):
        if state.to_act is None or len(seen) >= 4:
            break
        play_step(state, bots)
        result = state.round_outcome()
        if result is not None and (not seen or seen[-1]["round"] != result["round"]):
            assert state.phase in (Phase.REVEAL, Phase.GAME_OVER)
            seen.append(result)
            assert sum(result["net"]) == 0  # chips are only passed round
            assert set(result["winners"]) == set(state.results.won)
            assert set(result["hands"]) == set(result["hand_rank"])
            again = ShenjaIvaliState.from_json(state.to_json(), deck=deck)
            assert again.round_outcome() == result
    assert [r["round"] for r in seen] == [1, 2, 3, 4]
