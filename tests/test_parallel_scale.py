"""The window's scale on two cores (:mod:`cardtable.ui.parallel_scale`): the picture a single
scale gives, each row at most one source row off; errors on either side handed back."""

from __future__ import annotations

import os
import threading

import pygame
import pytest

from cardtable.ui import parallel_scale
from cardtable.ui.parallel_scale import scale_into

two_cores = pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: no helper thread")


def _rows(height: int, width: int = 24) -> pygame.Surface:
    """A picture whose row ``y`` is coloured with its number."""
    surface = pygame.Surface((width, height))
    for y in range(height):
        surface.fill((y % 256, y // 256, 9), (0, y, width, 1))
    return surface


def _source_rows(surface: pygame.Surface) -> list[int]:
    """For each row of a scaled :func:`_rows` picture, the source row it shows."""
    rows = []
    for y in range(surface.get_height()):
        colour = surface.get_at((0, y))
        rows.append(colour.r + 256 * colour.g)
    return rows


@pytest.mark.parametrize(("src_h", "dest_h"), [(1071, 1080), (900, 1080), (1200, 1080), (515, 868), (97, 510),
                                               (1092, 744), (2, 600), (3, 601)])
@two_cores
def test_halves_show_the_rows_a_single_scale_shows_within_one(src_h: int, dest_h: int) -> None:
    width = 1000  # wide enough to be split at every height here
    assert width * dest_h >= parallel_scale.SPLIT_PIXELS
    source = _rows(src_h, 30)
    single = pygame.transform.scale(source, (width, dest_h))
    halves = pygame.Surface((width, dest_h))
    scale_into(source, (width, dest_h), halves)
    one, two = _source_rows(single), _source_rows(halves)
    assert max(abs(a - b) for a, b in zip(one, two, strict=True)) <= 1
    assert two[0] == one[0] and two[-1] == one[-1]
    assert two == sorted(two), "rows out of order at the seam"
    # Every column of a row is the same colour, as in the single scale.
    assert (pygame.image.tobytes(halves.subsurface((0, 0, 1, dest_h)), "RGB")
            == pygame.image.tobytes(halves.subsurface((width - 1, 0, 1, dest_h)), "RGB"))


def test_small_pictures_are_scaled_in_one_piece_exactly() -> None:
    source = _rows(333, 40)
    single = pygame.transform.scale(source, (300, 500))
    mine = pygame.Surface((300, 500))
    scale_into(source, (300, 500), mine)
    assert pygame.image.tobytes(mine, "RGB") == pygame.image.tobytes(single, "RGB")


@two_cores
def test_a_failure_in_the_helper_is_raised_here_and_the_next_scale_works(monkeypatch: pytest.MonkeyPatch) -> None:
    real = pygame.transform.scale

    def failing_in_helper(*args: object) -> object:
        if threading.current_thread() is not threading.main_thread():
            raise RuntimeError("helper broke")
        return real(*args)  # type: ignore[arg-type]

    source, dest = _rows(700, 8), pygame.Surface((1000, 800))
    monkeypatch.setattr(pygame.transform, "scale", failing_in_helper)
    with pytest.raises(RuntimeError, match="helper broke"):
        scale_into(source, (1000, 800), dest)
    monkeypatch.setattr(pygame.transform, "scale", real)
    scale_into(source, (1000, 800), dest)
    assert _source_rows(dest)[-1] == 699


@two_cores
def test_a_failure_here_waits_for_the_helper_before_it_is_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    real = pygame.transform.scale
    finished = []

    def failing_here(*args: object) -> object:
        if threading.current_thread() is threading.main_thread():
            raise RuntimeError("caller broke")
        result = real(*args)  # type: ignore[arg-type]
        finished.append(True)
        return result

    source, dest = _rows(700, 8), pygame.Surface((1000, 800))
    monkeypatch.setattr(pygame.transform, "scale", failing_here)
    with pytest.raises(RuntimeError, match="caller broke"):
        scale_into(source, (1000, 800), dest)
    assert finished == [True], "raised while the helper still wrote into the picture"
    monkeypatch.setattr(pygame.transform, "scale", real)
    scale_into(source, (1000, 800), dest)
    assert _source_rows(dest)[0] == 0


def test_the_benchmark_prints_both_ways_and_their_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import parallel_scale as benchmark  # (benchmarks/parallel_scale.py, not the module under test)

    figures = benchmark.main(["--size", "1000x700", "--frames", "3"])
    assert set(figures) == {"one piece", "two halves"}
    assert all(f["median_ms"] > 0 and f["p90_ms"] >= f["median_ms"] for f in figures.values())
    assert "two halves / one piece" in capsys.readouterr().out
