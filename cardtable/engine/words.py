"""How the log and the prompts write counts and amounts, the same in every game and on
every screen: thousands separated ("12,000", as the tables draw them), and a count
agreeing with its noun ("1 chip", "2 chips").

The engine and the games import it; the screens may too (it needs nothing of pygame).
"""

from __future__ import annotations

__all__ = ["figure", "plural"]


def figure(amount: int) -> str:
    """``amount`` with its thousands separated: "950", "12,000", "-1,500".

    >>> figure(950), figure(12000), figure(-1500)
    ('950', '12,000', '-1,500')
    """
    return f"{amount:,}"


def plural(count: int, word: str, words: str | None = None) -> str:
    """``count`` (thousands separated) and the noun agreeing with it; ``words`` is the
    plural when it is not ``word`` + "s".

    >>> plural(1, "chip"), plural(2, "chip"), plural(12000, "chip"), plural(0, "pile")
    ('1 chip', '2 chips', '12,000 chips', '0 piles')
    >>> plural(1, "player who can", "players who can")
    '1 player who can'
    """
    return f"{figure(count)} {word if count == 1 else (words or word + 's')}"
