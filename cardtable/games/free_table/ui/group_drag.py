"""A selection dragged together, shown as one picture moved each frame.

Drawing each dragged pile every frame (its shadow, the backs under it, its face) took 85 ms
a frame for 12,000 piles and 20-25 ms for 1,000. :class:`GroupPicture` composes the group once,
when the drag begins, and the frames of the drag blit it where the cursor carries it. A group
of up to :data:`LIFTED_MOST` piles is composed as each pile is drawn lifted (shadow and all);
a bigger one from the felt's own picture of its piles, as they lay there (C-level passes of
blits), when that picture is current, else from each pile's face. A group of
:data:`LIFT_IN_SLICES` piles or more is composed, and the felt without it painted, as a big
step is done (:func:`lift_steps`): a slice a frame, the last picture held meanwhile.

A big group that is every pile on the felt (all 12,000 selected) leaves the felt bare: its
picture is composed on the felt's colour (:attr:`GroupPicture.bare`) and painted opaque with the
bare felt around it in place of the felt's picture (:meth:`GroupPicture.draw_under`), keyed
then only over what is drawn on the felt after it (the hand bar, the felt's line).
The felt's picture and the keyed bands of a window-wide group over it (0.3 and 0.75-0.8 ms
alone) are a fill and an opaque blit (0.2 ms alone); in a drag's frames, taken in turns with the
old way on a loaded machine, the frame's median came to 1.21-1.46 ms against 1.57-1.69.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from itertools import compress
from operator import itemgetter, not_
from typing import Any

import pygame

from cardtable.engine.table import CARD_H, CARD_W, Table
from cardtable.games.free_table.ui import group_canvas
from cardtable.ui.camera import Camera
from cardtable.ui.theme import THEME

LIFTED_MOST = 150
"""A group of up to this many piles is composed from each pile drawn lifted."""
LIFT_IN_SLICES = 1000
"""A group of this many piles or more is lifted a slice a frame (:func:`lift_steps`)."""
CHUNK = 250
"""Piles a slice of the composing places or blits (a slice of 500 took 0.55-0.75 ms at 12,000
piles: slices that big against a held frame's budget of about 1.2 ms left frames well short of
it or, after a short slice, past it)."""
BAND_HEIGHT = 128
"""Rows of a big picture's bands (each encoded in a slice: a window-wide one in about a millisecond)."""
_KEY_COLOUR = (255, 0, 255)


class GroupPicture:
    """One picture of a dragged group, as the camera that began the drag shows it: made by
    :meth:`compose` (at once) or :meth:`steps` (a slice per ``next``)."""

    def __init__(self, key: tuple, hidden: dict[int, int], picture: pygame.Surface | None,
                 at: tuple[int, int], flat: bool = False,
                 bands: list[tuple[pygame.Surface, tuple[int, int]]] | None = None,
                 bare: bool = False) -> None:
        self.key = key
        """(table, revision, zoom, the view's place, the window's size, the group) it shows."""
        self.hidden = hidden
        """Every card of the group, by pile: what the felt leaves out while it is dragged."""
        self.picture = picture
        self.at = at
        """Where the picture's corner lay on screen before any move."""
        self.flat = flat
        """True when the picture is the felt's own pixels of the group (no lifted look): the
        felt's picture after the drop is the felt without them with it pasted on
        (:meth:`~cardtable.ui.table_view.TableView.paste`)."""
        self.bands = bands
        """A big picture's bands, each run-length encoded for the screen as it was composed, and
        where each lies in it: what :meth:`draw` blits (the picture itself, colour-keyed only, is
        what :meth:`paste` puts on the felt's picture: an encoded surface is encoded again for
        each new surface it is blitted to, 7 ms for a window's, in one frame)."""
        self.bare = bare
        """True for a group of every pile on the felt, which leaves the felt bare: :attr:`picture` lies
        on the felt's colour, keyed by it (see the module; no :attr:`bands` are made)."""

    @classmethod
    def compose(cls, view: Any, table: Table, camera: Camera, group: Sequence[int],
                screen: pygame.Surface) -> GroupPicture:
        """The picture of ``group`` (pile ids, bottom to top), made now."""
        steps = cls.steps(view, table, camera, group, screen)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value

    @classmethod
    def steps(cls, view: Any, table: Table, camera: Camera, group: Sequence[int],
              screen: pygame.Surface) -> Generator[None, None, GroupPicture]:
        """:meth:`compose` a slice per ``next``: the value is the picture."""
        key = (id(table), table.revision, camera.zoom, view.origin(camera), screen.get_size(), tuple(group))
        width = view.card_width(camera)
        height = int(round(width * CARD_H / CARD_W))
        piles = table.piles
        z = camera.zoom
        ox, oy = view.origin(camera)
        present: list[int] = []
        records: list[Any] = []
        xs: list[int] = []
        ys: list[int] = []
        hidden: dict[int, int] = {}
        # The group's bounds and the cards it hides, gathered chunk by chunk (at once, 12,000 piles'
        # took slices of 1 and 0.7 ms: a held frame's budget is about 1.2).
        left = top = right = bottom = 0
        for start in range(0, len(group), CHUNK):
            if start:
                yield
            ids = group[start:start + CHUNK]
            ids = list(compress(ids, map(piles.__contains__, ids)))
            found = list(map(piles.__getitem__, ids))
            if not found:
                continue
            cx = [int(round(p.x * z)) - ox for p in found]  # (as view.to_screen places each card)
            cy = [int(round(p.y * z)) - oy for p in found]
            if not records:
                left, top, right, bottom = cx[0], cy[0], cx[0], cy[0]
            left, top, right, bottom = min(left, min(cx)), min(top, min(cy)), max(right, max(cx)), max(bottom, max(cy))
            hidden.update(zip(ids, map(len, map(itemgetter(3), found))))
            present += ids
            records += found
            xs += cx
            ys += cy
        if not records:
            return cls(key, hidden, None, (0, 0))
        yield
        w, h = screen.get_size()
        margin = max(3, width // 16) + 3 * max(1, width // 40)  # the lifted look's shadow and backs
        # The part of the group that can come into view: a screen's width and height beyond it.
        area = pygame.Rect(left, top, right + width + margin - left, bottom + height + margin - top)
        area = area.clip(pygame.Rect(-w, -h, 3 * w, 3 * h))
        if not area.w or not area.h:
            return cls(key, hidden, None, (0, 0))
        sx, sy = -area.x, -area.y
        if len(records) <= LIFTED_MOST:
            picture = pygame.Surface(area.size, pygame.SRCALPHA)
            for pile, x, y in zip(records, xs, ys):
                view.draw_lifted(picture, table, camera, pile, len(pile.cards), (x + sx, y + sy))
            return cls(key, hidden, picture, area.topleft)
        hands = table.hands
        bare = len(present) == len(piles) - len(hands) and not any(map(hands.__contains__, present))
        yield
        picture = group_canvas.lend((area.w + 1, area.h), screen)  # (a new one: a slice of its own)
        yield
        picture.fill(THEME.felt if bare else _KEY_COLOUR)
        # A pile wholly on the felt's picture is copied from it, as it lay (a stack with its
        # edge cards); one off it (or partly) gets its face: the felt's picture has no pixels of it.
        layer = view.layer if view.shows(table, camera, screen.get_size()) else None
        edge = max(1, width // 40) if width >= 24 else 0
        get = view.cache.get
        copied = 0
        for start in range(0, len(records), CHUNK):
            yield
            part = slice(start, start + CHUNK)
            onto = [(p, x, y, width + 3 * edge if len(p.cards) > 1 else width,
                     height + 3 * edge if len(p.cards) > 1 else height) for p, x, y in zip(records[part], xs[part],
                                                                                          ys[part])]
            inside = [layer is not None and x >= 0 and y >= 0 and x + pw <= w and y + ph <= h
                      for _, x, y, pw, ph in onto]
            copied += sum(inside)
            if layer is not None:
                picture.blits([(layer, (x + sx, y + sy), (x, y, pw, ph))
                               for _, x, y, pw, ph in compress(onto, inside)], doreturn=False)
            picture.fblits([(get(table.deck, p.top, p.top_face_up, width, force=True), (x + sx, y + sy))
                            for p, x, y, _, _ in compress(onto, map(not_, inside))])
        yield
        if bare:  # (keyed by the felt's colour, as faces are on the felt: see face_cache.keyed_on_felt)
            picture.set_colorkey(THEME.felt)
            return cls(key, hidden, picture, area.topleft, flat=copied == len(records), bare=True)
        # A column of the key colour on the right (the picture is one wider than its area): a
        # pixel of it blitted to the screen draws nothing and encodes a band for the screen.
        picture.fill(_KEY_COLOUR, (area.w, 0, 1, area.h))
        bands: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for top in range(0, area.h, BAND_HEIGHT):
            yield
            band = picture.subsurface((0, top, area.w + 1, min(BAND_HEIGHT, area.h - top))).copy()
            band.set_colorkey(_KEY_COLOUR, pygame.RLEACCEL)
            screen.blit(band, (0, 0), (area.w, 0, 1, 1))
            bands.append((band, (0, top)))
        picture.set_colorkey(_KEY_COLOUR)
        return cls(key, hidden, picture, area.topleft, flat=copied == len(records), bands=bands)

    def paste(self, view: Any, table: Table, camera: Camera, moved: tuple[int, int]) -> bool:
        """Make the felt's picture the table's after the group was dropped ``moved`` pixels
        from where it lay, by pasting this picture on the felt without it (see :attr:`flat`);
        whether it could."""
        if not self.flat or self.picture is None:
            return False
        return bool(view.paste(table, camera, self.picture, (self.at[0] + moved[0], self.at[1] + moved[1]),
                               self.hidden))

    def paste_steps(self, view: Any, table: Table, camera: Camera,
                    moved: tuple[int, int]) -> Generator[None, None, bool]:
        """:meth:`paste` a slice per ``next`` (see :meth:`~cardtable.ui.table_view.TableView.paste_steps`)."""
        if not self.flat or self.picture is None:
            return False
        return bool((yield from view.paste_steps(table, camera, self.picture,
                                                 (self.at[0] + moved[0], self.at[1] + moved[1]), self.hidden)))

    def put_back(self, view: Any, table: Table, camera: Camera) -> bool:
        """A drag given up, nothing changed since the picture was taken: the felt's picture the
        table's again with this one pasted back where it was taken (see :attr:`flat`); whether it
        could (else the felt is repainted)."""
        if not self.flat or self.picture is None or self.key[1] != table.revision:
            return False
        return bool(view.paste(table, camera, self.picture, self.at, self.hidden, steps=0))

    def draw_under(self, surface: pygame.Surface, moved: tuple[int, int]) -> None:
        """When :attr:`bare`, the whole felt: the group's picture moved ``moved`` pixels, opaque,
        and the bare felt around it (in place of the felt's picture, which it leaves bare);
        :meth:`draw` with ``over`` adds it above what is drawn on the felt after."""
        picture = self.picture
        if not self.bare or picture is None:
            return
        spot = picture.get_rect(topleft=(self.at[0] + moved[0], self.at[1] + moved[1]))
        for part in around(surface.get_size(), spot):
            surface.fill(THEME.felt, part)
        key = picture.get_colorkey()
        picture.set_colorkey(None)  # (a keyed blit of a window's picture took three times as long)
        surface.blit(picture, spot)
        picture.set_colorkey(key)

    def draw(self, surface: pygame.Surface, moved: tuple[int, int],
             over: Sequence[pygame.Rect] | None = None) -> None:
        """Show the group moved ``moved`` pixels from where it lay; with ``over`` (after
        :meth:`draw_under`), only on those places, drawn over the felt since (the hand bar, the
        felt's line): the group lies above them."""
        x, y = self.at[0] + moved[0], self.at[1] + moved[1]
        if self.bare and over is not None and self.picture is not None:
            spot = self.picture.get_rect(topleft=(x, y))
            for rect in over:
                part = spot.clip(rect)
                if part.w and part.h:
                    surface.blit(self.picture, part.topleft, part.move(-x, -y))
        elif self.bands is not None:
            surface.fblits([(band, (x + dx, y + dy)) for band, (dx, dy) in self.bands])
        elif self.picture is not None:
            surface.blit(self.picture, (x, y))


def around(size: tuple[int, int], spot: pygame.Rect) -> list[pygame.Rect]:
    """The parts of a ``size`` surface outside ``spot``: the bands above and below it and the
    pieces left and right of it (none empty).

    >>> [tuple(r) for r in around((100, 50), pygame.Rect(10, 20, 30, 10))]
    [(0, 0, 100, 20), (0, 30, 100, 20), (0, 20, 10, 10), (40, 20, 60, 10)]
    >>> around((100, 50), pygame.Rect(-5, -5, 200, 100))
    []
    >>> [tuple(r) for r in around((100, 50), pygame.Rect(300, 0, 10, 10))]
    [(0, 0, 100, 50)]
    """
    whole = pygame.Rect((0, 0), size)
    inside = spot.clip(whole)
    if not inside.w or not inside.h:
        return [whole]
    w, h = size
    parts = [pygame.Rect(0, 0, w, inside.top), pygame.Rect(0, inside.bottom, w, h - inside.bottom),
             pygame.Rect(0, inside.top, inside.left, inside.h),
             pygame.Rect(inside.right, inside.top, w - inside.right, inside.h)]
    return [r for r in parts if r.w > 0 and r.h > 0]


def lift_steps(view: Any, table: Table, camera: Camera, screen: pygame.Surface,
               press: Any) -> Generator[None, None, None]:
    """A big group's drag begun a slice per ``next``: its picture composed (into
    ``press.picture``), then the felt without it painted off screen for the frame that
    first shows the drag."""
    picture = yield from GroupPicture.steps(view, table, camera, press.group, screen)
    press.picture = picture
    yield
    yield from view.prepare(table, camera, picture.hidden)
