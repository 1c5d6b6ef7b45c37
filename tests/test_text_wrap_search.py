"""wrap() finds each line's break by searching the word count: the same lines as adding
words one at a time and measuring the line after each, with fewer measurements."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.ui.text import _cut, _hang, reflow, wrap


def wrap_word_by_word(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """wrap() as it was: the growing line measured once a word."""
    lines: list[str] = []
    for paragraph in text.rstrip().split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        indent = paragraph[: len(paragraph) - len(paragraph.lstrip())]
        hang = _hang(indent, paragraph, measure)  # later lines' lead (a list item's hanging indent)
        line = indent
        for word in words:
            candidate = f"{line} {word}" if line.strip() else line + word
            if measure(candidate) <= width:
                line = candidate
                continue
            if line.strip():
                lines.append(line)
                line = hang
            start = 0
            while True:
                cut = _cut(word, start, line, width, measure)
                if cut >= len(word):
                    line = line + word[start:]
                    break
                lines.append(line + word[start:cut])
                start, line = cut, hang
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


def test_a_list_item_hard_wrapped_in_a_file_wraps_again_under_its_own_text():
    """A rules text's numbered step, hard-wrapped with a hanging indent in its YAML, is one
    item again (reflow) and its later lines start under its text, not under its number."""
    import pygame

    pygame.font.init()
    font = pygame.font.Font(None, 18)
    text = ("A round has two steps.\n"
            "1. Buy-in: every player puts the buy-in (1 chip by default) into their bag. If your\n"
            "   stack is short, the chips already in your bag stand for the rest.\n"
            "2. The dealer deals.\n"
            "  Pair     2\n")
    assert reflow(text).split("\n") == [
        "A round has two steps.",
        "1. Buy-in: every player puts the buy-in (1 chip by default) into their bag. If your stack "
        "is short, the chips already in your bag stand for the rest.",
        "2. The dealer deals.", "  Pair     2"]
    lines = wrap(reflow(text), 200, lambda s: font.size(s)[0])
    first = lines.index(next(line for line in lines if line.startswith("1. ")))
    later = lines[first + 1:lines.index("2. The dealer deals.")]
    assert len(later) >= 2 and all(font.size(line)[0] <= 200 for line in lines)
    text_x = font.size("1. ")[0]
    for line in later:
        lead = font.size(line[:len(line) - len(line.lstrip())])[0]
        assert abs(lead - text_x) <= font.size(" ")[0] / 2 + 1, line
