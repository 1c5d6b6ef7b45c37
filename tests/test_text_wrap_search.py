"""wrap() finds each line's break by searching the word count: the same lines as adding
words one at a time and measuring the line after each, with fewer measurements."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.ui.text import _cut, wrap


def wrap_word_by_word(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """wrap() as it was: the growing line measured once a word."""
    lines: list[str] = []
    for paragraph in text.rstrip().split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        indent = paragraph[: len(paragraph) - len(paragraph.lstrip())]
        line = indent
        for word in words:
            candidate = f"{line} {word}" if line.strip() else indent + word
            if measure(candidate) <= width:
                line = candidate
                continue
            if line.strip():
                lines.append(line)
            start = 0
            while True:
                cut = _cut(word, start, indent, width, measure)
                if cut >= len(word):
                    line = indent + word[start:]
                    break
                lines.append(indent + word[start:cut])
                start = cut
        lines.append(line)
    return lines


ALPHABET = "abcdefghijkmnoWM/:.- "


def measure_with(widths: dict[str, int], extra: int) -> Callable[[str], int]:
    """A font-like measure: each character its own width (never shrinking as text grows)."""
    return lambda s: sum(widths.get(c, 5) for c in s) + (extra if s else 0)


texts = st.lists(
    st.one_of(st.text(alphabet=ALPHABET, max_size=40),
              st.sampled_from(["\n", "\n\n", "  ", "\n  - ", "/home/ada/variants/broken.yaml:3:1:"])),
    max_size=40).map("".join)


@settings(max_examples=400, deadline=None)
@given(text=texts, width=st.integers(0, 400),
       widths=st.dictionaries(st.sampled_from(ALPHABET), st.integers(0, 20)), extra=st.integers(0, 9))
def test_the_searched_wrap_gives_the_lines_of_the_word_by_word_wrap(text, width, widths, extra):
    measure = measure_with(widths, extra)
    assert wrap(text, width, measure) == wrap_word_by_word(text, width, measure)


def test_the_searched_wrap_matches_with_a_real_font_and_measures_less():
    import pygame

    pygame.font.init()
    font = pygame.font.Font(None, 18)
    text = ("Each player is dealt five cards; the dealer then turns the top card of the deck face up "
            "beside it, and betting goes round the table from the dealer's left. ") * 12
    counts = {"old": 0, "new": 0}

    def counted(name):
        def measure(s):
            counts[name] += 1
            return font.size(s)[0]
        return measure

    for width in (120, 300, 517, 900):
        assert wrap(text, width, counted("new")) == wrap_word_by_word(text, width, counted("old"))
    assert counts["new"] * 2 < counts["old"]
