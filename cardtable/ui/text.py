"""Text layout helpers: wrapping paragraphs to a pixel width."""

from __future__ import annotations

from typing import Callable


def wrap(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels.

    Blank lines between paragraphs are kept; a word longer than a whole line is
    put on a line of its own rather than cut.

    >>> wrap("aa bb cc", 5, len)
    ['aa bb', 'cc']
    >>> wrap("one\\n\\ntwo", 10, len)
    ['one', '', 'two']
    """
    lines: list[str] = []
    for paragraph in text.rstrip().split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        indent = paragraph[: len(paragraph) - len(paragraph.lstrip())]
        line = indent + words[0]
        for word in words[1:]:
            candidate = f"{line} {word}"
            if measure(candidate) <= width:
                line = candidate
            else:
                lines.append(line)
                line = indent + word
        lines.append(line)
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
