"""Drawing a :class:`~cardtable.engine.table.Table` through a camera, only what shows.

What keeps 12,000 cards within a frame's budget:

* **Culling by a spatial index.** The table keeps its piles in a grid index; a
  frame asks it for the piles that meet the view and draws only those.
* **A cached layer.** The felt and every card not being dragged are drawn into a
  screen-sized layer that is reused while nothing changes (same table revision,
  same zoom, same camera, same lifted cards): a still frame, or a frame in which
  one card is dragged, costs one blit of the layer plus the moving card. When the
  camera only pans, the old layer is scrolled and only the strips that came into
  view are drawn; a step repaints only the places it touched.
* **Faces within a time budget.** Faces are drawn on demand at widths that snap to a
  ladder about 6% apart (zooming reuses them) and kept in a bounded cache
  (:mod:`cardtable.ui.face_cache`); a frame draws new ones for about 0.8 empty frames,
  the rest show a stand-in in the card's colour and fill in over the next frames,
  and a pan draws the faces of the tiles ahead of it before they come into view.
* **A new zoom painted a slice a frame.** While the wheel turns the layer is shown
  scaled; once the zoom rests the picture at the new zoom is painted off screen a
  slice a frame (:mod:`cardtable.ui.layer_build`; faces a band of the view at a time) and
  swapped in when done, the old picture scaled once and shown as it is meanwhile.
* **A jump painted a band a frame.** When the view jumps (a pan whose new strips would be
  most of it) the picture there is painted off screen a band of the view a frame
  (:data:`JUMP_BANDS`), the old one showing meanwhile, then swapped in.
* **A landing painted during the flight.** While more piles wait hidden for a step's
  flight than a repair would take on, the picture without them is painted off screen a
  slice a frame, and swapped in when they land (instead of repainting it all at once).
* **A big step's picture painted while the last one is held.** :meth:`TableView.prepare`
  paints the picture a step leaves off screen, a slice per call, while the scene holds the
  last one on screen (:mod:`cardtable.games.free_table.ui.big_steps`); the frame that first
  shows the step only swaps it in.
* **No Python call per card** where it counts: piles of one card are blitted from
  arrays built with C-level ``map`` calls (:mod:`cardtable.ui.pile_paint`).

Screen positions are ``round(world * zoom) - round(camera * zoom)``: a pan moves every
card by the same whole number of pixels, so a scrolled layer lines up exactly with
what is drawn fresh.
"""

from __future__ import annotations

import gc
import time
import weakref
from collections.abc import Generator, Iterator
from contextlib import contextmanager

import pygame

from cardtable.engine.table import CARD_H, CARD_W, Pile, Table
from cardtable.ui import face_cache, layer_build
from cardtable.ui.camera import Camera
from cardtable.ui.face_cache import FACE_BUDGET_MIN_S, FACE_BUDGET_S, FACE_CACHE_BYTES, FaceCache, keyed_on_felt
from cardtable.ui.faces import SWATCH_BELOW, FaceArt
from cardtable.ui.floor_budget import follow_floor
from cardtable.ui.landing import Landings
from cardtable.ui.layer_build import MAX_DAMAGE, LayerBuild, Shown
from cardtable.ui.pasted_picture import PastedPicture
from cardtable.ui.pile_order import PileOrder
from cardtable.ui.pile_paint import paint_piles, paint_swatches, pile_places, snap_width
from cardtable.ui.resized_layer import ResizedLayer
from cardtable.ui.scaled_picture import ScaledPicture, screen_surface
from cardtable.ui.selection_outlines import SelectionOutlines
from cardtable.ui.sparse_picture import SparsePicture, list_shown
from cardtable.ui.stand_ins import PENDING_PRUNE, PENDING_TILE, StandIns
from cardtable.ui.table_overlays import TableOverlays
from cardtable.ui.theme import THEME

__all__ = ["FACE_BUDGET_S", "FACE_CACHE_BYTES", "FaceCache", "TableView", "keyed_on_felt", "snap_width"]

PAN_FACE_SHARE = 0.4
"""The share of new faces' budget (:func:`~cardtable.ui.face_cache.face_budget`) a frame that scrolls gives new
faces, counted from the start of its drawing (its scroll and strips come out of it): about
a dozen 29 px faces, what a pan of 12 px a frame brings into view; 0.6 put the 95th
percentile of such frames at 3.2 times an empty frame's."""
PREFETCH_S = 0.0003
"""Seconds at most a frame spends on faces ahead of a pan (a 12 px a frame pan needs about
0.2 ms of them a frame at 70 px, less at 29 px), for an empty frame measured at
:data:`~cardtable.ui.floor_budget.SIZED_FOR_S` (scaled to the one measured now, as are the
budgets below: :func:`~cardtable.ui.floor_budget.follow_floor`)."""
JUMP_AREA = 0.25
"""A pan whose new strips come to more than this share of the view is a jump: the picture is
painted afresh off screen, a slice a frame, the old one showing meanwhile."""
JUMP_SLICE_S = 0.0004
"""Seconds a frame gives the picture after a jump (one band at least: a band a frame at 29 px;
followed to the empty frame measured, see :data:`PREFETCH_S`)."""
JUMP_BANDS = 24
"""Bands of the view the picture after a jump is painted in (at least one a frame: a band of
a 29 px view at 1920x1080 is about 0.25-0.3 ms, a third of it blits, the rest finding and
placing its piles). 12 bands were 0.5-1 ms each, past the slice, and put those frames at 3-4
times an empty one; the picture now shows 24 frames after the jump, not 12 (its faces are all
in about as soon: 104-245 frames after it, against 113-256)."""
JUMP_FACES_S = 0.0002
"""Seconds a frame painting the picture after a jump or at a new zoom gives new faces (the rest
show stand-ins, filled in once the picture is swapped in; followed to the empty frame measured)."""
PREPARE_SLICE_S = 0.0003
"""Seconds of painting a slice of :meth:`TableView.prepare` runs (one chunk at least: a band
of a 29 px view is about 0.5 ms; followed to the empty frame measured)."""


FREEZE_CARDS = 4000
"""A table of a deck this big moves what the program holds out of the collector's reach."""
_frozen = False
_frozen_by: weakref.ref[TableView] | None = None  # the view that froze (while _frozen)


def _freeze_big_deck(table: Table, view: TableView) -> None:
    """The first time a table of :data:`FREEZE_CARDS` cards or more is shown (since the
    last :meth:`TableView.thaw`), move every object alive (the loaded modules, fonts, the
    deck's cards) to the collector's permanent generation: a full collection would otherwise
    walk them all, and the steps of a 12,000-card table make enough objects to set one off
    in the middle of a key frame (its slowest frames were two to three times its median).
    Frozen objects are still freed when nothing refers to them, but a cycle among them never
    is: the scene showing the table breaks its own when it leaves, and ``view``, the view
    that froze, ends the freeze then (:meth:`TableView.thaw`), so the next big table freezes
    what has come alive since."""
    global _frozen, _frozen_by
    if not _frozen and len(table.deck) >= FREEZE_CARDS:
        _frozen, _frozen_by = True, weakref.ref(view)
        gc.freeze()


class TableView(Landings, PastedPicture, PileOrder, ResizedLayer, ScaledPicture, SparsePicture, StandIns,
                TableOverlays):
    """Draws a table through a camera, with a cached layer, for one scene.

    Attributes:
        drawn_last_frame: piles showing in the view at the last frame drawn (not wholly lifted).
        layer_rebuilds: how often the layer was rebuilt in full, or such a rebuild begun (for
            tests and benchmarks).
        layer_resized: pictures at a new window size painted off screen, the old one showing.
        layer_scrolls: how often it was scrolled instead.
        layer_repairs: how often only the places a change touched were repainted.
        layer_scaled: frames that showed the layer scaled while the zoom was moving.
        layer_building: frames that showed it scaled while the picture at a new zoom was painted.
        layer_jumps: pictures after a jump begun off screen (see :meth:`draw`).
        layer_jumping: frames that showed the old picture while one was painted.
        layer_landings: pictures without the hidden piles begun off screen (see :meth:`draw`).
        landings_swapped: such pictures swapped in when the hidden piles showed again.
        layer_prepared: pictures begun off screen by :meth:`prepare`.
        prepared_swapped: such pictures swapped in by the frame that showed them.
        cards_painted: piles blitted into the layer since the view was made.
        layer_filled: frames that showed the layer as a fill of the felt and its few piles' places.
    """

    def __init__(self, art: FaceArt, cache: FaceCache | None = None) -> None:
        self.art = art
        self.cache = cache or FaceCache(art)
        self._layer: pygame.Surface | None = None
        self.outlines = SelectionOutlines()
        """The selection's outlines, drawn from a cached picture."""
        self.floor_s: float | None = None
        """An empty frame's seconds, as the scene measured them (:class:`~cardtable.ui.frame_floor.FrameFloor`):
        new faces' budget follows it (:func:`~cardtable.ui.face_cache.face_budget`; None: a fixed one)."""
        self._layer_key: tuple | None = None  # (table, zoom, size) the layer was painted for
        self._layer_origin = (0, 0)
        self._drawn_revision = -1
        self._drawn_hidden: dict[int, int] = {}
        self._drawn_hidden_obj: object = None
        self._seen_zoom: float | None = None
        self._zoom_moved_before = False
        # Piles showing stand-ins, and where, in zoomed-world pixels (a pan leaves them be).
        self._pending: dict[int, tuple[int, int, int, int]] = {}
        self._pending_prune = PENDING_PRUNE
        self._build: LayerBuild | None = None  # the picture at a new zoom under way
        self._build_waits = False  # a new zoom's picture, not begun in its own frame, begins next
        self._hold_due = False  # (and the picture shown meanwhile is to be held first)
        self._spare: pygame.Surface | None = None  # the surface the next build paints on
        self._landing: LayerBuild | None = None  # the picture once the hidden piles land, under way
        # The picture prepare() paints for the next frame, and the hidden piles it leaves out.
        self._prepared: tuple[LayerBuild, dict[int, int]] | None = None
        # The layer scaled to a zoom at rest while its picture is painted, and what it shows.
        self._held: tuple[tuple, pygame.Surface] | None = None
        # The layer's state and its piles' places when a picture of few piles was swapped in.
        self._sparse: tuple[tuple, list[pygame.Rect], tuple] | None = None
        # (deck, width), the next card to look at, the colours whose stand-ins are made.
        self._warm: tuple[tuple, int, set[tuple[int, int, int]]] | None = None
        # Tiles (of PENDING_TILE zoomed-world pixels) whose faces are all drawn, for (table, revision, width).
        self._prefetch_key: tuple | None = None
        self._prefetched: set[tuple[int, int]] = set()
        self._order: list[tuple[int, Pile]] = []
        self._order_key: tuple | None = None
        # The piles of the last whole view painted, for (table, revision, view).
        self._shown: tuple[tuple, list[tuple[int, Pile]]] | None = None
        self._last_frame: tuple[Table, tuple[float, float, float, float], dict[int, int]] | None = None
        self.layer_rebuilds = 0
        self.layer_resized = 0
        self._resized_seen: tuple[int, int] | None = None
        self._sized: tuple[int, int] | None = None
        self._resized_onto: pygame.Surface | None = None
        self.layer_scrolls = 0
        self.layer_repairs = 0
        self.layer_scaled = 0
        self.layer_building = 0
        self.layer_jumps = 0
        self.layer_jumping = 0
        self.layer_landings = 0
        self.landings_swapped = 0
        self.layer_prepared = 0
        self.prepared_swapped = 0
        self.cards_painted = 0
        self.layer_filled = 0

    # -- geometry ---------------------------------------------------------------------
    @staticmethod
    def origin(camera: Camera) -> tuple[int, int]:
        """The pixel offset of the camera on the zoomed world grid."""
        return (int(round(camera.x * camera.zoom)), int(round(camera.y * camera.zoom)))

    def to_screen(self, camera: Camera, wx: float, wy: float) -> tuple[int, int]:
        """The pixel of a world point, exactly as the layer places cards."""
        ox, oy = self.origin(camera)
        return (int(round(wx * camera.zoom)) - ox, int(round(wy * camera.zoom)) - oy)

    @staticmethod
    def card_width(camera: Camera) -> int:
        """The pixel width cards are drawn at for this zoom."""
        return snap_width(CARD_W * camera.zoom)

    # -- which piles show (see PileOrder) ----------------------------------------------
    def _in_view(self, table: Table, camera: Camera) -> list[tuple[int, Pile]]:
        """:meth:`visible` for the whole view, kept for the next look: a landing's picture,
        begun the frame after a rebuild, takes the piles the rebuild found."""
        key = (id(table), table.revision, camera.view_rect())
        if self._shown is None or self._shown[0] != key:
            self._shown = (key, self.visible(table, key[2]))
        return self._shown[1]

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, table: Table, camera: Camera, *,
             hidden: dict[int, int] | None = None, highlight: int | None = None,
             landing_frames: int | None = None, lands: bool = True, painted_over: bool = False) -> None:
        """Draw the felt and the table. ``hidden`` maps pile id -> cards lifted off its top.

        The layer is kept while the table, zoom and size stay: a pan scrolls it, a step
        repaints only the places it touched (``Table.damage_since``), cards lifted or put
        back repaint only their places. While the zoom keeps moving (it moved in the last
        frame too, as when the wheel turns) a frame shows the old layer scaled; the layer
        is rebuilt from the first frame the zoom rests (a small table's also on a single zoom step;
        a big table's from the second, the first scaling the old one into the picture held meanwhile).
        After a jump (a pan whose strips would be most of the view, nothing lifted) the
        picture is painted off screen a slice a frame, the old one showing meanwhile.
        While more piles are hidden than a repair takes on (a big step's flight), the
        picture without them is painted off screen a slice a frame, to be swapped in when
        they show again: spread evenly over the flight when ``landing_frames`` says how many
        frames are left before they land (:mod:`cardtable.ui.landing`). ``lands`` False: the
        hidden piles are not to show again where they lie (a group dragged, which its drop moves
        elsewhere or puts back as it was, see :meth:`paste`), so no such picture is painted: it
        cost the frames of a drag of 1,000 or 12,000 piles 0.35-0.45 ms each (0.8 empty frames).
        ``painted_over``: the caller paints every pixel of the felt after (a group of every pile
        dragged over the bare felt, :mod:`~cardtable.games.free_table.ui.group_drag`), so the
        layer is brought up to date but not blitted (in a frame that blits a screen's worth
        already, that blit took two to three times what it does alone: the memory it reads is
        no longer in the cache).
        """
        hidden = hidden or {}
        size = surface.get_size()
        key = (id(table), camera.zoom, size)
        origin = self.origin(camera)
        floor = self.floor_s
        faces_s = face_cache.face_budget(floor)
        self.cache.new_frame(faces_s)
        # The zoom keeps moving when it moved in the last frame too: a wheel turning.
        zoom_moved = camera.zoom != self._seen_zoom and self._zoom_moved_before
        self._zoom_moved_before = camera.zoom != self._seen_zoom
        self._seen_zoom = camera.zoom
        if self._draw_resized(surface, table, camera, key, origin, hidden):
            if highlight is not None and highlight in table.piles:
                self._draw_highlight(surface, table, camera, highlight)
            return
        if self._layer is None or self._layer.get_size() != size:
            self._layer = screen_surface(size)
            self._layer_key = None
            if len(table.deck) > MAX_DAMAGE:
                # The surface landings and zoom builds paint on, made in this frame (which paints
                # the whole picture anyway): a first 8 MB can take tens of ms on a loaded machine.
                self._spare = screen_surface(size)
                self._held = ((), screen_surface(size))  # (what a zoom at rest shows while painted)
        swapped = self._prepared is not None and self._take_prepared(table, key, origin, hidden)
        if swapped:  # (the frame that first shows a big step: its stand-ins fill in over the next)
            self.cache.deadline = min(self.cache.deadline, time.perf_counter() + follow_floor(JUMP_FACES_S, floor))
        old = self._layer_key
        motion = (0, 0)  # pixels the view moved since the last frame (at the same zoom)
        old_zoom = old[1] if old is not None else camera.zoom
        rezoomed = old is not None and old != key and old[0] == id(table) and old[2] == size
        if old == key:
            self._land(table, key, hidden)  # (a landing far from the view is a jump's old picture)
        jumped = old == key and not hidden and self._jumped(key, origin)
        if rezoomed and zoom_moved:
            self._build = None  # (the zoom moves on: a picture at this one would be wasted)
            self._draw_scaled(surface, old_zoom, camera)
            self._last_frame = (table, camera.view_rect(), hidden)
        elif (rezoomed and not hidden and self._zoom_moved_before and len(table.piles) > MAX_DAMAGE
              and (self._build is None or self._build.key != key)):
            # The zoom's own frame (a first notch from rest, a single step): the old picture
            # scaled straight to the screen, as while the wheel turns. The picture held while the
            # new one is painted is made in the next frame if the zoom rests (below), the new one
            # begun in the frame after, which only blits that. Scaling into the held picture here
            # and blitting it made a wheel's first notch 1.74 ms (median, 1920x1080, CPU time)
            # against 1.13 so, one frame in each turn of the wheel: its p95 (wheel_ten_notches);
            # beginning the new picture here too made it the slowest frame of all.
            self._build = None
            self._build_waits = self._hold_due = True
            self._draw_scaled(surface, old_zoom, camera, counted=False)
            self._last_frame = (table, camera.view_rect(), hidden)
            self.layer_building += 1
        elif rezoomed and not hidden and self._build_waits and self._hold_due:
            # The first frame at rest after the zoom's own (and after the wheel turning on from
            # it): the held picture made, the new one not yet begun (once: a pan meanwhile
            # scales it again, but does not hold the new picture back).
            self._hold_due = False
            self._draw_held(surface, old_zoom, camera)
            self._last_frame = (table, camera.view_rect(), hidden)
            self.layer_building += 1
        elif rezoomed and not hidden and not self._advance_build(table, camera, key, origin):
            self._draw_held(surface, old_zoom, camera)
            self._last_frame = (table, camera.view_rect(), hidden)
            self.layer_building += 1
        elif jumped and not self._advance_jump(table, camera, key, origin):
            surface.blit(self._surface(), (0, 0))  # the old picture while the new one is painted
            self._last_frame = (table, camera.view_rect(), hidden)
            self.layer_jumping += 1
        else:
            if self._held is not None:  # (the layer changes from here on: its scaled picture goes stale)
                self._held = ((), self._held[1])
            if self._build is not None and self._build.key == key:
                self._build = None  # a jump's picture, moot once cards are lifted: this frame paints
            self._build_waits = False  # (the picture is at this zoom from here: the zoom came back to it)
            old = self._layer_key
            rebuilds = self.layer_rebuilds
            if old != key:
                if old is None or old[0] != id(table):
                    _freeze_big_deck(table, self)
                self._rebuild(table, camera, hidden, origin)
            else:
                motion = (origin[0] - self._layer_origin[0], origin[1] - self._layer_origin[1])
                if origin != self._layer_origin:
                    # A moving view's scroll and strips count against a shorter budget for faces.
                    self.cache.deadline -= faces_s * (1 - PAN_FACE_SHARE)
                    # (and no face past the whole budget: a pan on a busy machine shows stand-ins)
                    self.cache.free_until = self.cache.deadline + faces_s * (1 - PAN_FACE_SHARE)
                    self._scroll(table, camera, hidden, origin)
                self._repair(table, camera, hidden, origin)
            # (A pan's strips may have used the budget up without a face; not past the whole budget.)
            if not self.cache.drawn and time.perf_counter() <= self.cache.free_until:
                self.cache.extend(FACE_BUDGET_MIN_S)
            if self._pending and not self.cache.spent():
                self._repaint_pending(table, camera, hidden, origin)
            if motion != (0, 0) and not self.cache.spent():
                self.cache.deadline = min(self.cache.deadline, time.perf_counter() + follow_floor(PREFETCH_S, floor))
                self._prefetch(table, camera, origin, motion)
            self._layer_key = key
            self._last_frame = (table, camera.view_rect(), hidden)
            self._drawn_revision = table.revision
            if hidden is not self._drawn_hidden_obj:
                self._drawn_hidden, self._drawn_hidden_obj = dict(hidden), hidden
            if not painted_over:
                self._show_layer(surface)
            # (Not in a frame that painted the whole picture already, or swapped one in.)
            if lands:
                self._advance_landing(table, camera, key, origin, hidden,
                                      rebuilds == self.layer_rebuilds and not swapped, landing_frames)
            else:
                self._landing = None
        if highlight is not None and highlight in table.piles:
            self._draw_highlight(surface, table, camera, highlight)

    @property
    def drawn_last_frame(self) -> int:
        """How many piles showed at the last frame drawn: those meeting the view (also while
        it shows its picture scaled), less those wholly lifted or in flight (counted when
        asked: tests and benchmarks ask)."""
        if self._last_frame is None:
            return 0
        table, region, hidden = self._last_frame
        piles = table.piles
        return sum(1 for pid in table.index.query(region) if hidden.get(pid, 0) < len(piles[pid].cards))

    def shows(self, table: Table, camera: Camera, size: tuple[int, int]) -> bool:
        """True when the layer holds, pixel for pixel, what this camera sees of the whole table
        (nothing hidden, nothing changed since, no other picture under way)."""
        return (self._layer is not None and self._layer_key == (id(table), camera.zoom, size)
                and self._layer_origin == self.origin(camera) and self._drawn_revision == table.revision
                and not self._drawn_hidden and self._build is None and not self._pending)

    @property
    def settled(self) -> bool:
        """True once the picture is whole: no stand-in waits for its face and no picture at
        a new zoom or window size is under way or waiting to begin (how many frames that takes
        depends on the face budget, so tests wait for this rather than count frames)."""
        return not self._pending and self._build is None and not self._build_waits and self._resized_seen is None

    @property
    def layer(self) -> pygame.Surface:
        """The cached picture of the felt and piles (made by the first :meth:`draw`; a
        picture at a new zoom still under way is finished first)."""
        if self._build is not None:
            self._build.finish()
            self._swap_in(self._build)
        return self._surface()

    def _surface(self) -> pygame.Surface:
        """The layer's surface as it is."""
        if self._layer is None:
            raise RuntimeError("the table view has not drawn yet")
        return self._layer

    # -- a new zoom's picture, a slice a frame ------------------------------------------------
    def _advance_build(self, table: Table, camera: Camera, key: tuple, origin: tuple[int, int]) -> bool:
        """Start or carry on painting the picture for ``key`` off screen; once it is done,
        swap it in (then it is the layer, to scroll and repair as usual). Whether done."""
        build = self._build
        self._build_waits = False
        if build is None or build.key != key:
            self._landing = None  # (it paints on the same spare surface)
            # Faces a band of the view at a time, as after a jump (no query of the whole view at once).
            start = self._start_build if self.card_width(camera) < SWATCH_BELOW else self._start_jump
            build = self._build = start(table, camera, key, origin)
            self.layer_rebuilds += 1
            if len(table.piles) > MAX_DAMAGE:
                return False  # (this frame blits the old picture held meanwhile)
        return self._step_build(build, table)

    def _step_build(self, build: LayerBuild, table: Table, seconds: float | None = None,
                    chunk: int | None = None) -> bool:
        """A slice of ``build`` (all of it for a small table's picture): ``seconds`` of it
        (:data:`~cardtable.ui.layer_build.BUILD_SLICE_S` unless given), faces getting a small
        share (the chunk's blits come on top of them), both scaled to the floor
        (:func:`~cardtable.ui.floor_budget.follow_floor`); swapped in once done. Whether done."""
        if len(table.piles) <= MAX_DAMAGE:
            build.finish()
        floor = self.floor_s  # (the slices and faces follow the empty frame measured: see floor_budget)
        self.cache.deadline = min(self.cache.deadline, time.perf_counter() + follow_floor(JUMP_FACES_S, floor))
        if not build.step(follow_floor(layer_build.BUILD_SLICE_S if seconds is None else seconds, floor), chunk):
            return False
        self._swap_in(build)
        return True

    def _start_build(self, table: Table, camera: Camera, key: tuple, origin: tuple[int, int],
                     hidden: dict[int, int] | None = None, onto: pygame.Surface | None = None) -> LayerBuild:
        """A build of the whole picture (``hidden`` cards left out), pile by pile bottom to top
        (on ``onto``, else on the spare surface)."""
        lifted = hidden or {}
        swatches = self.card_width(camera) < SWATCH_BELOW
        piles = self.ordered(table) if swatches else self._in_view(table, camera)

        def paint(surface: pygame.Surface, chunk: list[tuple[int, Pile]],
                  pending: dict[int, tuple[int, int, int, int]]) -> int:
            with self._listing(pending):
                if swatches:
                    drawn = self._paint_swatches(surface, table, camera, lifted, origin, chunk)
                else:
                    drawn = self._paint_piles(surface, table, camera, lifted, origin, chunk)
                    self.cards_painted += drawn
            list_shown(shown, chunk, lifted, drawn)
            return drawn
        shown = Shown()
        return LayerBuild(key, origin, table.revision, onto or self._spare_surface(), THEME.felt, piles, paint,
                          faces=not swatches, shown=shown)

    def _spare_surface(self) -> pygame.Surface:
        """The surface a build paints on: the spare one, or a new one if it is missing or of
        another size than the layer."""
        size, spare = self._surface().get_size(), self._spare
        return spare if spare is not None and spare.get_size() == size else screen_surface(size)

    @contextmanager
    def _listing(self, pending: dict[int, tuple[int, int, int, int]]) -> Iterator[None]:
        """Stand-ins painted meanwhile are listed in ``pending`` (a build's), not the layer's."""
        listed, self._pending = self._pending, pending
        try:
            yield
        finally:
            self._pending = listed

    # -- the picture after a jump, a slice a frame ---------------------------------------------
    def _jumped(self, key: tuple, origin: tuple[int, int]) -> bool:
        """Whether the picture after a jump is under way, or the view moved so far since the
        layer was painted that the strips come to more than :data:`JUMP_AREA` of it."""
        if self._build is not None and self._build.key == key:
            return True
        w, h = self._surface().get_size()
        dx, dy = abs(origin[0] - self._layer_origin[0]), abs(origin[1] - self._layer_origin[1])
        if dx >= w or dy >= h:
            return True
        return dx * h + dy * w - dx * dy > JUMP_AREA * w * h

    def _advance_jump(self, table: Table, camera: Camera, key: tuple, origin: tuple[int, int]) -> bool:
        """Start or carry on painting the picture after a jump off screen, a band of the view
        at a time; once it is done, swap it in: the scroll and repair that follow catch up with
        any pan or step since. Whether done."""
        build = self._build
        if build is None or build.key != key:
            self._landing = None  # (it paints on the same spare surface)
            build = self._build = self._start_jump(table, camera, key, origin)
            self.layer_rebuilds += 1
            self.layer_jumps += 1
        return self._step_build(build, table, JUMP_SLICE_S, 1)

    def _start_jump(self, table: Table, camera: Camera, key: tuple, origin: tuple[int, int],
                    hidden: dict[int, int] | None = None) -> LayerBuild:
        """A build of the whole picture (``hidden`` cards left out), a band of the view at a time."""
        lifted = hidden or {}
        spare = self._spare_surface()
        w, h = spare.get_size()
        step = max(1, -(-h // JUMP_BANDS))
        bands = [pygame.Rect(0, y, w, min(step, h - y)) for y in range(0, h, step)]

        def paint(surface: pygame.Surface, chunk: list[pygame.Rect],
                  pending: dict[int, tuple[int, int, int, int]]) -> None:
            with self._listing(pending):
                for band in chunk:
                    self._repaint(band, table, camera, lifted, origin, surface)
        return LayerBuild(key, origin, table.revision, spare, None, bands, paint, chunk=1)

    # -- a big step's picture, painted while the last one is held ------------------------------
    def prepare(self, table: Table, camera: Camera,
                hidden: dict[int, int] | None = None) -> Generator[None, None, None]:
        """Paint off screen, a slice per ``next`` (the piles in view found in the first, then
        about :data:`PREPARE_SLICE_S` of painting each), the picture
        the next :meth:`draw` of ``table`` through ``camera`` with ``hidden`` would otherwise
        paint whole in one frame (after a big step, while the scene holds the last picture
        on screen); that draw swaps it in and paints nothing more. Nothing is painted when
        that draw would repaint only a few places, or before the view's first draw; a draw
        showing anything else (another zoom, place, revision or hidden piles) drops it."""
        hidden = {} if hidden is None else hidden
        if self._layer is None:
            return
        key = (id(table), camera.zoom, self._layer.get_size())
        origin = self.origin(camera)
        if not self._repaints_all(table, key, origin, hidden):
            return
        self._build = self._landing = None  # (they paint on the same spare surface)
        # The piles in view bottom to top, found in a slice of their own (about 1 ms), or zoomed
        # out the whole table sorted by z in several; the flight's landing takes them too.
        if self.card_width(camera) < SWATCH_BELOW:
            yield from self._ordered_steps(table)
        else:
            self._in_view(table, camera)
        yield
        # Pile by pile, as a rebuild paints: bands of the view cost about half as much again.
        build = self._start_build(table, camera, key, origin, hidden)
        self._prepared = (build, hidden)
        self.layer_rebuilds += 1
        self.layer_prepared += 1
        while self._prepared is not None and self._prepared[0] is build:
            yield
            # A few new faces a slice (the frame that shows it draws the rest, as after a jump).
            self.cache.new_frame(follow_floor(JUMP_FACES_S, self.floor_s))
            if build.step(follow_floor(PREPARE_SLICE_S, self.floor_s)):
                return

    def _repaints_all(self, table: Table, key: tuple, origin: tuple[int, int], hidden: dict[int, int]) -> bool:
        """Whether a draw for ``key`` at ``origin`` with ``hidden`` would paint the whole picture:
        the layer shows another zoom or place, or more places changed than a repair takes on."""
        if self._layer_key != key or self._layer_origin != origin:
            return True
        damage = table.damage_since(self._drawn_revision)
        if damage is None:
            return True
        old = self._drawn_hidden
        if len(damage) + abs(len(old) - len(hidden)) > MAX_DAMAGE:  # (a big group lifted: no pass over it)
            return True
        changed = sum(1 for pid in old.keys() | hidden.keys() if old.get(pid) != hidden.get(pid))
        return len(damage) + changed > MAX_DAMAGE

    def _take_prepared(self, table: Table, key: tuple, origin: tuple[int, int], hidden: dict[int, int]) -> bool:
        """Swap in the picture :meth:`prepare` painted if it is the one this frame shows
        (finished now if it is not done yet), else drop it; whether swapped in."""
        assert self._prepared is not None
        build, left_out = self._prepared
        self._prepared = None
        if (build.key != key or build.origin != origin or build.revision != table.revision
                or (hidden is not left_out and hidden != left_out)):
            return False
        if self._layer_key is None or self._layer_key[0] != id(table):
            _freeze_big_deck(table, self)
        build.finish()
        self._swap_in(build, left_out)
        self.prepared_swapped += 1
        return True

    def refreeze(self) -> None:
        """If this view froze what was loaded (:func:`_freeze_big_deck`), freeze what has come
        alive since too: a big step's piles and columns, kept by the table and its history,
        which a full collection set off by the next steps would otherwise walk (3-5 ms with a
        few steps kept, 20 ms with a dozen). They hold no cycles: they are freed as before when
        nothing refers to them (cyclic garbage alive at that moment is never collected: the
        scene breaks its own cycles when it leaves)."""
        if _frozen and _frozen_by is not None and _frozen_by() is self:
            gc.freeze()

    def let_go(self) -> Iterator[None]:
        """Its scene is leaving: drop the pictures under way and what the view keeps of its
        last frames, and end its freeze (:meth:`thaw`); the steps that empty its face cache
        a slice at a time, returned (for :meth:`~cardtable.ui.app.App.release_later`). A
        picture's painting closes over the view (and the table and camera), so one under
        way makes a cycle, which the collector never frees among the objects the view
        froze: a whole table, the view and its face cache were kept."""
        self._build = self._landing = self._prepared = None
        self._held = self._shown = self._last_frame = self._sparse = None
        self._resized_seen = self._resized_onto = None
        self._order, self._order_key = [], None
        self.thaw()
        return self.cache.emptied()

    def thaw(self) -> bool:
        """End this view's freeze (see :func:`_freeze_big_deck`), if it froze: its scene is
        leaving. What was frozen stays out of the collector's sight (the loaded modules,
        fonts and decks, still alive, are never walked again); the scene, its table and the
        table's history are freed when nothing refers to them, which the scene sees to by
        breaking its own cycles first. Unfreezing instead put all of it back in the oldest
        generation, to be freed only by a full collection: 12 to 39 ms in the frame after
        leaving, or tables left one after another kept, about 40 MB each. The next big table
        shown freezes again. True when it ended one."""
        global _frozen, _frozen_by
        if _frozen and _frozen_by is not None and _frozen_by() is self:
            _frozen, _frozen_by = False, None
            return True
        return False

    def _swap_in(self, build: LayerBuild, hidden: dict[int, int] | None = None) -> None:
        """Make a finished build (painted without the ``hidden`` cards) the layer (the old
        surface is kept for the next build)."""
        self._build = None
        self._spare, self._layer = self._layer, build.surface
        self._layer_key, self._layer_origin = build.key, build.origin
        self._drawn_revision = build.revision
        self._drawn_hidden, self._drawn_hidden_obj = (dict(hidden), hidden) if hidden else ({}, None)
        self._pending, self._pending_prune = dict(reversed(build.pending.items())), PENDING_PRUNE
        self._note_sparse(build)

    def _rebuild(self, table: Table, camera: Camera, hidden: dict[int, int], origin: tuple[int, int]) -> None:
        self._build = None
        layer = self._surface()
        layer.fill(THEME.felt)
        self._pending = {}
        if self.card_width(camera) < SWATCH_BELOW:
            self._paint_swatches(layer, table, camera, hidden, origin)
        else:
            self.cards_painted += self._paint_piles(layer, table, camera, hidden, origin,
                                                    self._in_view(table, camera))
        # Listed bottom to top, swapped last first: a whole picture's fill in from the top
        # left, as it reads (and a pan's, listed later, from the edge it enters at).
        self._pending = dict(reversed(self._pending.items()))
        self._layer_origin = origin
        self.layer_rebuilds += 1

    def _repair(self, table: Table, camera: Camera, hidden: dict[int, int], origin: tuple[int, int]) -> None:
        """Repaint the places the table's steps and the lifted cards changed since the last frame."""
        same_hidden = hidden is self._drawn_hidden_obj or hidden == self._drawn_hidden
        if table.revision == self._drawn_revision and same_hidden:
            return
        damage = table.damage_since(self._drawn_revision)
        if damage is not None and not same_hidden:
            old, piles = self._drawn_hidden, table.piles
            for pid in old.keys() | hidden.keys():
                pile = piles.get(pid)
                if pile is not None and old.get(pid) != hidden.get(pid):
                    damage.append((pile.x, pile.y, CARD_W, CARD_H))
        if damage is None or len(damage) > MAX_DAMAGE:
            self._rebuild(table, camera, hidden, origin)
            return
        for area in pile_places(((x, y) for x, y, _w, _h in damage), camera.zoom, origin,
                                self._surface().get_rect()):
            self._repaint(area, table, camera, hidden, origin)
        self.layer_repairs += 1

    def _scroll(self, table: Table, camera: Camera, hidden: dict[int, int], origin: tuple[int, int]) -> None:
        layer = self._surface()
        w, h = layer.get_size()
        dx, dy = self._layer_origin[0] - origin[0], self._layer_origin[1] - origin[1]
        if abs(dx) >= w or abs(dy) >= h:
            self._rebuild(table, camera, hidden, origin)
            return
        layer.scroll(dx, dy)
        strips = []
        if dx > 0:
            strips.append(pygame.Rect(0, 0, dx, h))
        elif dx < 0:
            strips.append(pygame.Rect(w + dx, 0, -dx, h))
        if dy > 0:
            strips.append(pygame.Rect(0, 0, w, dy))
        elif dy < 0:
            strips.append(pygame.Rect(0, h + dy, w, -dy))
        for strip in strips:
            self._repaint(strip, table, camera, hidden, origin)
        self._layer_origin = origin
        self.layer_scrolls += 1

    def _repaint(self, area: pygame.Rect, table: Table, camera: Camera, hidden: dict[int, int],
                 origin: tuple[int, int], layer: pygame.Surface | None = None) -> None:
        """Paint one area of the layer (or of ``layer``) afresh (felt, then the piles that meet it)."""
        layer, zoom = self._surface() if layer is None else layer, camera.zoom
        # Piles above and left of the area reach into it with their stacks' edge cards.
        reach = 3 * max(1, snap_width(CARD_W * zoom) // 40) + 1
        layer.set_clip(area)
        layer.fill(THEME.felt, area)
        region = ((area.x - reach + origin[0]) / zoom, (area.y - reach + origin[1]) / zoom,
                  (area.w + reach) / zoom, (area.h + reach) / zoom)
        self._paint(layer, table, camera, hidden, origin, region)
        layer.set_clip(None)

    def _prefetch(self, table: Table, camera: Camera, origin: tuple[int, int], motion: tuple[int, int]) -> None:
        """Draw, while the frame's budget lasts, the faces of piles in the two rows of tiles
        beyond the edges the view is moving towards, so a pan finds them drawn."""
        width = snap_width(CARD_W * camera.zoom)
        if width < SWATCH_BELOW:
            return
        key = (id(table), table.revision, width)
        if self._prefetch_key != key:
            self._prefetch_key, self._prefetched = key, set()
        t, zoom = PENDING_TILE, camera.zoom
        (ox, oy), (w, h) = origin, self._surface().get_size()
        tiles: list[tuple[int, int]] = []
        if motion[0]:
            edge = (ox - 1) // t if motion[0] < 0 else (ox + w) // t
            step = -1 if motion[0] < 0 else 1
            tiles += [(edge + k * step, ty) for k in (0, 1) for ty in range(oy // t, (oy + h - 1) // t + 1)]
        if motion[1]:
            edge = (oy - 1) // t if motion[1] < 0 else (oy + h) // t
            step = -1 if motion[1] < 0 else 1
            tiles += [(tx, edge + k * step) for k in (0, 1) for tx in range(ox // t, (ox + w - 1) // t + 1)]
        deck, cache, piles = table.deck, self.cache, table.piles
        row = cache.face_row(deck, width)
        for tile in tiles:
            if tile in self._prefetched:
                continue
            for pid in table.index.query((tile[0] * t / zoom, tile[1] * t / zoom, t / zoom, t / zoom)):
                pile = piles[pid]
                top = pile.cards[-1]
                if pile.faces[-1] and row[top] is None and cache.get(deck, top, True, width, keyed=True) is None:
                    return  # the budget is spent: this tile carries on next frame
            self._prefetched.add(tile)
            if cache.spent():
                return

    def _paint_swatches(self, layer: pygame.Surface, table: Table, camera: Camera, hidden: dict[int, int],
                        origin: tuple[int, int], order: list[tuple[int, Pile]] | None = None) -> int:
        """Every pile (or those of ``order``, bottom to top) as a swatch (see :func:`paint_swatches`)."""
        order = self.ordered(table) if order is None else order
        drawn = paint_swatches(layer, table, camera.zoom, origin, hidden, order, self.cache, self._pending)
        self.cards_painted += drawn
        return drawn

    def _paint(self, layer: pygame.Surface, table: Table, camera: Camera, hidden: dict[int, int],
               origin: tuple[int, int], region: tuple[float, float, float, float]) -> int:
        """Blit the piles meeting ``region`` onto the layer; returns how many."""
        drawn = self._paint_piles(layer, table, camera, hidden, origin, self.visible(table, region))
        self.cards_painted += drawn
        return drawn

    def _paint_piles(self, layer: pygame.Surface, table: Table, camera: Camera, hidden: dict[int, int],
                     origin: tuple[int, int], piles: list[tuple[int, Pile]]) -> int:
        """Blit ``piles`` (bottom to top) onto the layer (see :func:`paint_piles`)."""
        return paint_piles(layer, table, camera.zoom, origin, hidden, piles, self.cache, self._pending)
