"""Text layout helpers: wrapping paragraphs to a pixel width."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable


def wrap(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels.

    Blank lines between paragraphs are kept; a word longer than a whole line (a file
    path, say) is cut, after a "/" where it can be.

    >>> wrap("aa bb cc", 5, len)
    ['aa bb', 'cc']
    >>> wrap("one\\n\\ntwo", 10, len)
    ['one', '', 'two']
    >>> wrap("/home/ada/variants/broken.yaml:3:1: bad", 12, len)
    ['/home/ada/', 'variants/', 'broken.yaml:', '3:1: bad']
    """
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
            line = indent + word
            while measure(line) > width and len(line) > len(indent) + 1:
                head = _longest_head(line, width, measure, len(indent) + 1)
                lines.append(head)
                line = indent + line[len(head):]
        lines.append(line)
    return lines


def _longest_head(text: str, width: int, measure: Callable[[str], int], least: int) -> str:
    """The longest start of ``text`` that fits, ending after a "/" or ":" if one fits."""
    cut = least
    while cut < len(text) and measure(text[:cut + 1]) <= width:
        cut += 1
    for mark in ("/", ":"):
        at = text.rfind(mark, least - 1, cut)
        if at >= least - 1 and at + 1 < len(text):
            return text[:at + 1]
    return text[:cut]


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
    a dot, or indentation starts a new line of its own (lists and tables stay).

    >>> reflow("one\ntwo\n\n- a\n- b")
    'one two\n\n- a\n- b'
    """
    out: list[str] = []
    for line in text.rstrip().split("\n"):
        stripped = line.strip()
        starts_item = (not stripped or line[:1].isspace() or stripped[:1] in "-*•"
                       or (stripped.split(".", 1)[0].isdigit() and "." in stripped[:4]))
        if out and out[-1] and not starts_item:
            out[-1] = f"{out[-1]} {stripped}"
        else:
            out.append(line.rstrip() if stripped else "")
    return "\n".join(out)
