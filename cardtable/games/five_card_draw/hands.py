"""Five-Card Draw's hands are the standard poker hands of the engine
(:mod:`cardtable.engine.poker_hands`); this module names them where the game's code and
saves have always found them."""

from cardtable.engine.poker_hands import (
    KINDS,
    RANK_NAMES,
    HandValue,
    all_keys,
    evaluate,
    evaluate_codes,
    evaluate_pairs,
    key_of,
    kind_counts,
    parse_code,
    rank_value,
    score,
)

__all__ = ["KINDS", "HandValue", "evaluate", "evaluate_pairs", "evaluate_codes", "score", "key_of",
           "parse_code", "rank_value", "RANK_NAMES", "all_keys", "kind_counts"]
