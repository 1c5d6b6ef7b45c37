"""Draw cardtable's app icon and write it in every format the packaging needs.

    python tools/make_icon.py

writes, under assets/icon/:

* ``cardtable-<N>.png`` for N in 16, 32, 48, 64, 128 and ``cardtable.png`` (256 px):
  the window icon (cardtable/ui/app.py) and the Linux desktop icon;
* ``cardtable.ico``: Windows (build.spec), PNG-compressed entries of 16-256 px;
* ``cardtable.icns``: macOS (build.spec), PNG entries of 16-1024 px.

The icon is two fanned cards on green felt, the front one an ace of spades, the
back one showing a red heart, drawn with the bundled DejaVu font.  Every size is
drawn at four times its size and scaled down smoothly; below 64 px the corner
indices are left out so the suit stays legible.  Only pygame-ce is needed (no
Pillow): the ICO and ICNS containers are written here with ``struct``.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402 - the SDL variables above must be set first

ROOT = Path(__file__).resolve().parents[1]
FONT = ROOT / "assets" / "fonts" / "DejaVuSans.ttf"
FONT_BOLD = ROOT / "assets" / "fonts" / "DejaVuSans-Bold.ttf"
OUT = ROOT / "assets" / "icon"

PNG_SIZES = (16, 32, 48, 64, 128, 256)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, by pixel size (the @2x types included).
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
    (b"ic09", 512), (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),
)

FELT = (24, 112, 62)
FELT_LIGHT = (40, 140, 80)
FELT_EDGE = (12, 70, 38)
CARD = (250, 248, 240)
CARD_EDGE = (150, 150, 140)
BLACK = (25, 25, 30)
RED = (200, 30, 40)
SUPERSAMPLE = 4


def _glyph(text: str, px: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    font = pygame.font.Font(str(FONT_BOLD if bold else FONT), max(1, px))
    return font.render(text, True, colour)


def _felt(s: int) -> pygame.Surface:
    """A rounded square of felt, lighter towards the middle, with a darker rim."""
    felt = pygame.Surface((s, s), pygame.SRCALPHA)
    radius = round(s * 0.2)
    pygame.draw.rect(felt, FELT_EDGE, felt.get_rect(), border_radius=radius)
    inner = felt.get_rect().inflate(-round(s * 0.05), -round(s * 0.05))
    pygame.draw.rect(felt, FELT, inner, border_radius=round(radius * 0.85))
    # A soft light in the middle: concentric discs, each a little lighter.
    glow = pygame.Surface((s, s), pygame.SRCALPHA)
    steps = 12
    for i in range(steps):
        r = round(s * 0.46 * (1 - i / steps))
        t = (i + 1) / steps
        colour = tuple(round(a + (b - a) * t) for a, b in zip(FELT, FELT_LIGHT))
        pygame.draw.circle(glow, (*colour, 255), (s // 2, round(s * 0.47)), r)
    mask = pygame.Surface((s, s), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), inner, border_radius=round(radius * 0.85))
    glow.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    felt.blit(glow, (0, 0))
    return felt


def _card(w: int, h: int, suit: str, colour: tuple[int, int, int], rank: str | None,
          big: float, pip_x: float = 0.5, pip_y: float = 0.52) -> pygame.Surface:
    """An upright card: white with a grey edge, one big suit glyph, optional corner indices."""
    card = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = round(w * 0.12)
    pygame.draw.rect(card, CARD_EDGE, card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, CARD, card.get_rect().inflate(-max(2, w // 45) * 2, -max(2, w // 45) * 2),
                     border_radius=radius)
    pip = _glyph(suit, round(h * big), colour)
    card.blit(pip, pip.get_rect(center=(round(w * pip_x), round(h * pip_y))))
    if rank is not None:
        index = _glyph(rank, round(h * 0.2), colour, bold=True)
        small = _glyph(suit, round(h * 0.15), colour)
        x, y = round(w * 0.14), round(h * 0.04)
        card.blit(index, index.get_rect(midtop=(x + index.get_width() // 2 - round(w * 0.04), y)))
        card.blit(small, small.get_rect(midtop=(x + index.get_width() // 2 - round(w * 0.04),
                                                 y + round(index.get_height() * 0.85))))
        turned = pygame.transform.rotate(card.subsurface((0, 0, w // 2, h // 2)).copy(), 180)
        card.blit(turned, (w - w // 2, h - h // 2))
    return card


def _shadow(card: pygame.Surface, alpha: int) -> pygame.Surface:
    shadow = card.copy()
    shadow.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
    shadow.fill((0, 0, 0, alpha), special_flags=pygame.BLEND_RGBA_MIN)
    return shadow


def render(size: int) -> pygame.Surface:
    """The icon at ``size`` x ``size`` pixels (RGBA)."""
    s = size * SUPERSAMPLE
    icon = _felt(s)
    detailed = size >= 64
    w, h = round(s * 0.44), round(s * 0.62)
    back = _card(w, h, "\u2665", RED, "K" if detailed else None, 0.46 if detailed else 0.62,
                 pip_x=0.4, pip_y=0.6 if detailed else 0.52)
    front = _card(w, h, "\u2660", BLACK, "A" if detailed else None, 0.58 if detailed else 0.7)
    cx, cy = s // 2, round(s * 0.53)
    for card, angle, dx in ((back, 16, -0.14), (front, -10, 0.11)):
        turned = pygame.transform.rotozoom(card, angle, 1.0)
        shade = pygame.transform.rotozoom(_shadow(card, 90), angle, 1.0)
        centre = (cx + round(s * dx), cy)
        icon.blit(shade, shade.get_rect(center=(centre[0] + round(s * 0.015), centre[1] + round(s * 0.025))))
        icon.blit(turned, turned.get_rect(center=centre))
    return pygame.transform.smoothscale(icon, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding PNG-compressed images (Vista and later read them)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, data = b"", b""
    for size in sizes:
        png = pngs[size]
        # Width/height 0 means 256; colour count, reserved, planes, bits per pixel, size, offset.
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), offset)
        offset += len(png)
        data += png
    return header + entries + data


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding PNG elements ('ic08', 'ic09', ...)."""
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    pygame.font.init()
    OUT.mkdir(parents=True, exist_ok=True)
    sizes = sorted({*PNG_SIZES, *ICO_SIZES, *(size for _, size in ICNS_TYPES)})
    pngs = {size: png_bytes(render(size)) for size in sizes}
    for size in PNG_SIZES:
        name = "cardtable.png" if size == 256 else f"cardtable-{size}.png"
        (OUT / name).write_bytes(pngs[size])
    (OUT / "cardtable.ico").write_bytes(ico_bytes({size: pngs[size] for size in ICO_SIZES}))
    (OUT / "cardtable.icns").write_bytes(icns_bytes(pngs))
    for path in sorted(OUT.iterdir()):
        print(f"{path.relative_to(ROOT)}  {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
