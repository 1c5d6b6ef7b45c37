"""The layout check: nothing drawn off the window, no two widgets on top of each other,
no label wider than its widget, no text cut short with an ellipsis.

A scene tells what it drew last frame through ``layout_boxes()``: named rectangles
(:meth:`cardtable.ui.scene.Scene.layout_boxes` finds the widgets among the scene's
attributes; tables add their plates, hands and bars). :func:`problems` turns them into
sentences that name the screen and the widgets, for ``cardtable --smoke`` and the tests.
A box lying whole in another is an overlap too, unless the outer box is a container of
it (:func:`holds`: a panel and its buttons, a seat's plate and that seat's bag).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import pygame

from cardtable.ui.text import take_cuts
from cardtable.ui.widgets import Button, Label, Toggle, Widget, WidgetGroup

__all__ = ["Box", "widget_boxes", "problems", "text_overflows", "holds", "CONTAINERS", "HOLDS"]

Box = tuple[str, pygame.Rect]
"""A named rectangle drawn on the screen."""

_PADDING = 4  # pixels a label may come to the widget's edge before it counts as spilling


def _widgets(value: Any, name: str, seen: set[int]) -> Iterator[tuple[str, Widget]]:
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, Widget):
        yield name, value
    elif isinstance(value, WidgetGroup):
        for n, widget in enumerate(value.widgets):
            yield from _widgets(widget, f"{name}[{n}]", seen)
    elif isinstance(value, (list, tuple)):
        for n, item in enumerate(value):
            if isinstance(item, (Widget, WidgetGroup)):
                yield from _widgets(item, f"{name}[{n}]", seen)
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, (Widget, WidgetGroup)):
                yield from _widgets(item, f"{name}[{key}]", seen)


def _describe(name: str, widget: Widget) -> str:
    text = getattr(widget, "label", None) or getattr(widget, "text", None)
    kind = type(widget).__name__
    return f'{kind} "{text}"' if isinstance(text, str) and text else f"{kind} {name}"


def scene_widgets(scene: Any) -> list[tuple[str, Widget]]:
    """The visible widgets held in ``scene``'s attributes (directly, in widget groups,
    lists or dicts), each with a name that says what it is."""
    seen: set[int] = set()
    found: list[tuple[str, Widget]] = []
    for attr, value in vars(scene).items():
        if attr in ("app",) or attr.startswith("__"):
            continue
        found.extend((_describe(n, w), w) for n, w in _widgets(value, attr, seen)
                     if w.visible and w.rect.width > 0 and w.rect.height > 0)
    return found


def widget_boxes(scene: Any) -> list[Box]:
    """The rectangles of the visible widgets in ``scene``'s attributes."""
    return [(name, pygame.Rect(w.rect)) for name, w in scene_widgets(scene)]


def text_overflows(widgets: Iterable[tuple[str, Widget]]) -> list[str]:
    """The widgets whose own text is wider than the widget."""
    out = []
    for name, widget in widgets:
        text = getattr(widget, "label", None) if isinstance(widget, Button) else (
            widget.text if isinstance(widget, Label) else None)
        if not isinstance(text, str) or not text:
            continue
        size = getattr(widget, "size", 18)
        width = widget.fonts.render(text, size, (0, 0, 0), bold=bool(getattr(widget, "primary", False))).get_width()
        room = widget.rect.width - (2 * _PADDING if isinstance(widget, Button) else 0)
        if isinstance(widget, Toggle):
            continue  # a toggle draws its label beside its switch, not inside the box
        if width > room:
            out.append(f"{name}: its text is {width} px wide in {widget.rect.width} px")
    return out


CONTAINERS = ("panel", "felt", "bar", "the bar", "the description")
"""The kinds of box that hold others: a box named ``"<kind>"``, ``"<kind>:..."`` or
``"<kind> ..."`` (case aside) may hold any box whole. Any other box may hold only its own
parts: a box named ``"<kind>:<key>"`` holds ``"<other kind>:<key>"`` (a seat's plate its
bag, ``plate:2`` holding ``bag:2``), and a name ending ``" [holds]"`` marks a box as a
container of anything."""

HOLDS = " [holds]"
"""The mark at the end of a box's name that lets it hold other boxes whole."""


def _kind(name: str) -> str:
    """A box name's kind: the part before ``:``, else its first word (lower case)."""
    head = name.split(":", 1)[0] if ":" in name else (name.split() or [""])[0]
    return head.strip().lower()


def holds(outer: str, inner: str) -> bool:
    """Whether a box named ``outer`` may hold the box named ``inner`` wholly inside it."""
    if outer.endswith(HOLDS):
        return True
    lowered = outer.lower()
    if any(lowered == kind or lowered.startswith((f"{kind}:", f"{kind} ")) for kind in CONTAINERS):
        return True
    if ":" in outer and ":" in inner:
        return outer.split(":", 1)[1] == inner.split(":", 1)[1] and _kind(outer) != _kind(inner)
    return False


def _held(name_a: str, a: pygame.Rect, name_b: str, b: pygame.Rect) -> bool:
    """Whether one of two colliding boxes lies whole in the other as its container."""
    return (a.contains(b) and holds(name_a, name_b)) or (b.contains(a) and holds(name_b, name_a))


def problems(screen: str, boxes: list[Box], window: tuple[int, int],
             widgets: Iterable[tuple[str, Widget]] = ()) -> list[str]:
    """What is wrong with a screen's layout, one sentence a problem naming ``screen``
    and the boxes: a box leaving the ``window``, two boxes overlapping (one lying whole in
    the other is fine only where the outer one holds it, see :func:`holds`: a button wholly
    under the log panel is an overlap), a widget's text wider than the widget."""
    out: list[str] = []
    area = pygame.Rect((0, 0), window)
    shown = [(name, rect) for name, rect in boxes if rect.width > 0 and rect.height > 0]
    for name, rect in shown:
        if not area.contains(rect):
            out.append(f"{screen}: {name} leaves the {window[0]}x{window[1]} window (at {tuple(rect)})")
    for i, (name_a, a) in enumerate(shown):
        for name_b, b in shown[i + 1:]:
            if a.colliderect(b) and not _held(name_a, a, name_b, b):
                out.append(f"{screen}: {name_a} overlaps {name_b} ({tuple(a)} and {tuple(b)})")
    out.extend(f"{screen}: {p}" for p in text_overflows(widgets))
    return out


def check_scene(scene: Any, window: tuple[int, int]) -> list[str]:
    """:func:`problems` for ``scene`` as it was drawn last (its ``layout_boxes()``), and
    each text drawn cut with an ellipsis since the last check (:func:`~cardtable.ui.text.take_cuts`:
    a seat's name whole on hover aside)."""
    screen = type(scene).__name__
    boxes = scene.layout_boxes() if hasattr(scene, "layout_boxes") else widget_boxes(scene)
    cut = [f"{screen}: a text is cut to fit: {text!r}" for text in take_cuts()]
    return problems(screen, list(boxes), window, scene_widgets(scene)) + cut
