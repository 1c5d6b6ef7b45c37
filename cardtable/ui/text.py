"""Text layout helpers: wrapping paragraphs to a pixel width, fitting a line with an
ellipsis; and the words of counts and amounts (:func:`plural`, :func:`figure`), the
same helpers the game logs use, so a screen and the log write "1 chip", "12,000" alike."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Callable
from functools import partial

from cardtable.engine.words import figure, plural

__all__ = ["wrap", "wrap_font", "reflow", "fit_text", "first_clauses", "break_parts", "note_cut", "take_cuts",
           "figure", "plural"]


_ITEM = re.compile(r"(?:[-*\u2022]|\d{1,3}[.)])\s+(?=\S)")
"""The marker that starts a list item ("- ", "* ", "\u2022 ", "1. ", "12) ") and the spaces after it."""


def _hang(indent: str, paragraph: str, measure: Callable[[str], int]) -> str:
    """The lead of a paragraph's later lines: its indent, and for a list item as many
    spaces more as are about as wide as the item's marker (a hanging indent)."""
    item = _ITEM.match(paragraph, len(indent))
    if item is None:
        return indent
    space = measure(" ")
    spaces = round(measure(item.group()) / space) if space > 0 else len(item.group())
    return indent + " " * max(1, spaces)


def wrap(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels.

    Blank lines between paragraphs are kept; a paragraph's later lines keep its indent,
    and a list item's ("- ", "1. ") line up under its text. A word longer than a whole line (a file
    path, say) is cut, after a "/" where it can be.  Each line takes as many words as
    fit (``measure`` must not shrink as a string grows, as a font's widths do not); how
    many is found from a guess at the last measurement's pixels per character, checked
    and corrected by galloping then halving, so a line costs a few measurements rather
    than one a word.  A long unbreakable word is cut by a galloping then binary search
    over its prefixes, each measured once.

    >>> wrap("aa bb cc", 5, len)
    ['aa bb', 'cc']
    >>> wrap("one\\n\\ntwo", 10, len)
    ['one', '', 'two']
    >>> wrap("/home/ada/variants/broken.yaml:3:1: bad", 12, len)
    ['/home/ada/', 'variants/', 'broken.yaml:', '3:1: bad']
    >>> wrap("12. aa bb cc", 9, len)
    ['12. aa bb', '    cc']
    """
    lines: list[str] = []
    rate = [0.0]  # pixels per character at the last measurement: where the next guess starts

    def fits(candidate: str) -> bool:
        pixels = measure(candidate)
        if candidate:
            rate[0] = pixels / len(candidate)
        return pixels <= width

    for paragraph in text.rstrip().split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        indent = paragraph[: len(paragraph) - len(paragraph.lstrip())]
        hang = _hang(indent, paragraph, measure)
        joined = " ".join(words)
        starts, ends, at = [], [], 0
        for word in words:
            starts.append(at)
            at += len(word)
            ends.append(at)
            at += 1
        line, i = indent, 0
        while i < len(words):
            # The line so far, then words[i:i + k] after a space (after the indent if empty).
            head = f"{line} " if line.strip() else line
            room = (width / rate[0] - len(head)) if rate[0] > 0 else 0
            guess = bisect_right(ends, starts[i] + room) - i
            k = _most(partial(_words_fit, fits, head, joined, starts[i], ends, i), len(words) - i, guess)
            if k:
                line = head + joined[starts[i]:ends[i + k - 1]]
                i += k
                continue
            if line.strip():  # the word goes on a fresh line, or is cut if too wide even there
                lines.append(line)
                line = hang
                continue
            word, start, lead = words[i], 0, line
            while True:
                cut = _cut(word, start, lead, width, measure)
                if cut >= len(word):
                    line = lead + word[start:]
                    break
                lines.append(lead + word[start:cut])
                start, lead = cut, hang
            i += 1
        lines.append(line)
    return lines


def _words_fit(fits: Callable[[str], bool], head: str, joined: str, start: int, ends: list[int],
               first: int, count: int) -> bool:
    """Whether ``head`` then the ``count`` words from word ``first`` of ``joined`` fit."""
    return fits(head + joined[start:ends[first + count - 1]])


def _most(fits: Callable[[int], bool], n: int, guess: int) -> int:
    """The largest ``k`` in 0..n with ``fits(k)`` (``fits(0)`` taken as true, and once
    false, false for every larger ``k``): ``guess`` checked, then galloping away from it
    while the answer is not next to it, then halving."""
    if n <= 0:
        return 0
    low, high = 0, n + 1  # fits(low); not fits(high)
    probe = min(max(guess, 1), n)
    if fits(probe):
        low, step = probe, 1
        while low + step < high:
            if fits(low + step):
                low, step = low + step, step * 2
            else:
                high = low + step
                break
    else:
        high, step = probe, 1
        while high - step > low:
            if fits(high - step):
                low = high - step
                break
            high, step = high - step, step * 2
    while high - low > 1:
        middle = (low + high) // 2
        if fits(middle):
            low = middle
        else:
            high = middle
    return low


def _fits(word: str, start: int, count: int, indent: str, width: int,
          measure: Callable[[str], int]) -> bool:
    return measure(indent + word[start:start + count]) <= width


def _cut(word: str, start: int, indent: str, width: int, measure: Callable[[str], int]) -> int:
    """Where the line that starts at ``word[start]`` ends: ``len(word)`` if the rest fits.

    At least one character goes on a line; the longest piece that fits is found by
    doubling then halving (each measured piece at most twice a line long), and cut
    after its last "/" or else its last ":" when it has one.
    """
    rest = len(word) - start
    if rest <= 1 or not _fits(word, start, 1, indent, width, measure):
        return start + 1
    good, step = 1, 2
    while step < rest and _fits(word, start, step, indent, width, measure):
        good, step = step, step * 2
    bad = min(step, rest)
    if bad == rest and _fits(word, start, rest, indent, width, measure):
        return len(word)
    while bad - good > 1:  # good fits, bad does not
        middle = (good + bad) // 2
        if _fits(word, start, middle, indent, width, measure):
            good = middle
        else:
            bad = middle
    end = start + good
    for mark in ("/", ":"):
        at = word.rfind(mark, start, end)
        if at >= start and at + 1 < len(word):
            return at + 1
    return end


_WRAPPED: OrderedDict[tuple[str, int, object], list[str]] = OrderedDict()


def wrap_font(text: str, width: int, font) -> list[str]:
    """:func:`wrap` measured with a pygame font, remembered for the last 256 texts.

    Screens redraw every frame; wrapping a page of rules each time costs far more
    than drawing it.
    """
    key = (text, int(width), font)
    lines = _WRAPPED.get(key)
    if lines is None:
        lines = wrap(text, width, lambda s: font.size(s)[0])
        _WRAPPED[key] = lines
        if len(_WRAPPED) > 256:
            _WRAPPED.popitem(last=False)
    else:
        _WRAPPED.move_to_end(key)
    return lines


def reflow(text: str) -> str:
    r"""Join hard-wrapped lines into paragraphs so they can be wrapped to any width.

    Blank lines separate paragraphs; a line starting with "-", "*", a digit and
    a dot, or indentation starts a new line of its own (lists and tables stay), but for
    a list item's own later lines, indented to its text (a hanging indent), which join it.

    >>> reflow("one\ntwo\n\n- a\n- b")
    'one two\n\n- a\n- b'
    >>> reflow("1. first\n   more\n2. second\n  table row")
    '1. first more\n2. second\n  table row'
    """
    out: list[str] = []
    hang = ""  # the indent of the text of the list item being joined ("" when none)
    for line in text.rstrip().split("\n"):
        stripped = line.strip()
        indent = line[: len(line) - len(line.lstrip())]
        item = _ITEM.match(line, len(indent)) if stripped else None
        if out and out[-1] and stripped and item is None and (
                not indent or (hang and indent == hang)):
            out[-1] = f"{out[-1]} {stripped}"
            continue
        out.append(line.rstrip() if stripped else "")
        hang = indent + " " * len(item.group()) if item is not None else ""
    return "\n".join(out)


_CUTS: dict[str, None] = {}
"""The texts drawn cut with an ellipsis since :func:`take_cuts` last emptied it (at most
:data:`_CUTS_KEPT`, so a window nobody checks keeps a few hundred strings, not every frame's)."""

_CUTS_KEPT = 256


def note_cut(text: str) -> None:
    """Note that ``text`` was drawn cut short, for the layout check (:func:`take_cuts`)."""
    if len(_CUTS) < _CUTS_KEPT:
        _CUTS[text] = None


def take_cuts() -> list[str]:
    """The texts drawn cut short since the last call, each once, oldest first; empties the note."""
    cuts = list(_CUTS)
    _CUTS.clear()
    return cuts


def fit_text(fonts, text: str, size: int, width: int, bold: bool = False, whole_on_hover: bool = False) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels in ``fonts`` at ``size``
    (the cut is found by halving, so a long text costs a few measurements, not one a
    character). A cut is noted for the layout check (:func:`take_cuts`) unless
    ``whole_on_hover``: the screen shows the whole text when the pointer rests on it."""
    if fonts.size_of(text, size, bold)[0] <= width:
        return text
    if not whole_on_hover:
        note_cut(text)
    low, high = 0, len(text)  # text[:low] + "…" fits; text[:high] + "…" does not
    while low < high:
        mid = (low + high + 1) // 2
        if fonts.size_of(text[:mid] + "…", size, bold)[0] <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + "…"


def fit_keeping_number(fonts, text: str, size: int, width: int, bold: bool = False,
                       whole_on_hover: bool = False) -> str:
    """``text`` cut to fit like :func:`fit_text`, but a short last word (a seat's number:
    "Computer 7") kept after the ellipsis, "Comp… 7": names alike but for their number stay
    told apart when cut."""
    if fonts.size_of(text, size, bold)[0] <= width:
        return text
    head, _, tail = text.rpartition(" ")
    if head and len(tail) <= 3:
        kept = f" {tail}"
        room = width - fonts.size_of(kept, size, bold)[0]
        if fonts.size_of("…", size, bold)[0] <= room:
            if not whole_on_hover:
                note_cut(text)
            return fit_text(fonts, head, size, room, bold, whole_on_hover=True) + kept
    return fit_text(fonts, text, size, width, bold, whole_on_hover)


_DOT = re.compile(r"\s+·\s+")
"""A separator between the parts of a status line ("chips 90   ·   in pot 10")."""


def break_parts(fonts, text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``text`` as lines no wider than ``width`` pixels, broken by rule rather than cut:
    whole if it fits; else its " · " parts packed with closer separators, as many a line
    as fit; a part wider than a line is wrapped at its words (a word wider than a line
    is cut, and noted: :func:`note_cut`)."""
    if fonts.size_of(text, size, bold)[0] <= width:
        return [text]
    font = fonts.font(size, bold)
    lines: list[str] = []
    for part in _DOT.split(text.strip()):
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and font.size(joined)[0] <= width:
            lines[-1] = joined
        else:
            lines.extend(fit_text(fonts, line, size, width, bold) for line in wrap_font(part, width, font))
    return lines


_CLAUSE_END = re.compile(r"\s+-\s+|[;:,.]\s+|\s+\(")
"""Where a sentence may stop short: before " - ", after ";", ":", ",", "." or before " (" ."""


def first_clauses(fonts, text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` whole if it fits ``width`` pixels, else its longest beginning that ends
    at a clause ("Pot-limit Omaha - four cards each, ..." becomes "Pot-limit Omaha"):
    for a line that leads to the whole text elsewhere (a list row beside its details).
    With no clause short enough it is cut (:func:`fit_text`, noted)."""
    if fonts.size_of(text, size, bold)[0] <= width:
        return text
    ends = [m.start() for m in _CLAUSE_END.finditer(text)]
    for end in reversed(ends):
        head = text[:end].rstrip(" ,;:-")
        if head and fonts.size_of(head, size, bold)[0] <= width:
            return head
    return fit_text(fonts, text, size, width, bold)
