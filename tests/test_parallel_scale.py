"""The window's scale on two cores (:mod:`cardtable.ui.parallel_scale`): the picture a single
scale gives, each row at most one source row off; errors on either side handed back; the
halves used only where timing them shows they pay."""

from __future__ import annotations

import os
import threading

import pygame
import pytest

from cardtable.ui import parallel_scale
from cardtable.ui.parallel_scale import PROBES, SplitChoice, halves, scale_into

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
    mine = pygame.Surface((width, dest_h))
    halves(source, (width, dest_h), mine)
    one, two = _source_rows(single), _source_rows(mine)
    assert max(abs(a - b) for a, b in zip(one, two, strict=True)) <= 1
    assert two[0] == one[0] and two[-1] == one[-1]
    assert two == sorted(two), "rows out of order at the seam"
    # Every column of a row is the same colour, as in the single scale.
    assert (pygame.image.tobytes(mine.subsurface((0, 0, 1, dest_h)), "RGB")
            == pygame.image.tobytes(mine.subsurface((width - 1, 0, 1, dest_h)), "RGB"))


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
        halves(source, (1000, 800), dest)
    monkeypatch.setattr(pygame.transform, "scale", real)
    halves(source, (1000, 800), dest)
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
        halves(source, (1000, 800), dest)
    assert finished == [True], "raised while the helper still wrote into the picture"
    monkeypatch.setattr(pygame.transform, "scale", real)
    halves(source, (1000, 800), dest)
    assert _source_rows(dest)[0] == 0


def test_the_benchmark_prints_both_ways_and_their_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import parallel_scale as benchmark  # (benchmarks/parallel_scale.py, not the module under test)

    figures = benchmark.main(["--size", "1000x700", "--frames", "3"])
    assert set(figures) == {"one piece", "two halves"}
    assert all(f["median_ms"] > 0 and f["p90_ms"] >= f["median_ms"] for f in figures.values())
    out = capsys.readouterr().out
    assert "two halves / one piece" in out
    assert "chosen here now:" in out


class _Clock:
    """A wall clock the test moves."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _timed(choice: SplitChoice, halves_wall: float, halves_cpu: float, pixels: int = 1_000_000) -> list[bool]:
    """Feed ``choice`` one piece at 1 ms (1 ms CPU) and the halves at the figures given (ms, at
    ``pixels``; one piece always at a million) until it chooses; the ways it asked for."""
    asked = []
    while choice.split is None:
        split = choice.next_split()
        asked.append(split)
        if split:
            choice.record(True, pixels, halves_wall / 1000, halves_cpu / 1000)
        else:
            choice.record(False, 1_000_000, 0.001, 0.001)
        assert len(asked) <= 2 * PROBES
    return asked


def test_the_choice_times_each_way_in_turn_and_keeps_the_halves_where_they_gain() -> None:
    choice = SplitChoice(_Clock())
    asked = _timed(choice, halves_wall=0.6, halves_cpu=1.1)
    assert asked == [True, False] * PROBES
    assert choice.split is True and choice.next_split() is True
    assert choice.figures == pytest.approx((0.6, 1.1))


@pytest.mark.parametrize(("wall", "cpu", "why"), [(0.8, 1.4, "cores shared: much more CPU"),
                                                  (1.13, 2.07, "slower by the wall clock"),
                                                  (0.95, 1.05, "too little gain")])
def test_the_choice_keeps_one_piece_where_the_halves_do_not_pay(wall: float, cpu: float, why: str) -> None:
    choice = SplitChoice(_Clock())
    _timed(choice, halves_wall=wall, halves_cpu=cpu)
    assert choice.split is False, why
    assert choice.next_split() is False


def test_a_coarse_thread_clock_leaves_the_choice_to_the_wall_clock() -> None:
    choice = SplitChoice(_Clock())
    _timed(choice, halves_wall=0.6, halves_cpu=0.0)
    assert choice.split is True and choice.figures == pytest.approx((0.6, 0.0))


def test_the_choice_is_per_pixel() -> None:
    """Halves timed on a picture half the size, at half the time, are no gain."""
    choice = SplitChoice(_Clock())
    _timed(choice, halves_wall=0.5, halves_cpu=0.5, pixels=500_000)
    assert choice.split is False and choice.figures == pytest.approx((1.0, 1.0))


def test_the_choice_holds_for_a_while_then_the_scales_are_timed_again() -> None:
    clock = _Clock()
    choice = SplitChoice(clock)
    _timed(choice, halves_wall=0.6, halves_cpu=1.1)
    clock.now += parallel_scale.EVERY_S - 0.01
    assert choice.next_split() is True and choice.split is True
    clock.now += 0.02
    choice.next_split()
    assert choice.split is None, "not timed again after EVERY_S"
    _timed(choice, halves_wall=1.2, halves_cpu=2.0)  # the machine got busy meanwhile
    assert choice.split is False


@pytest.mark.parametrize(("wall", "cpu", "timed_again"), [(0.6, 1.1, False), (0.6, 1.3, True), (0.95, 1.0, True),
                                                          ((0.6,) * 8, (1.0,) * 7 + (1.4,), False),
                                                          ((0.6,) * 8, (0.9,) * 7 + (1.6,), True)])
def test_halves_in_force_that_come_to_cost_more_are_timed_again_at_once(
        wall: float | tuple[float, ...], cpu: float | tuple[float, ...], timed_again: bool) -> None:
    """The halves, chosen at 0.6 ms (1.1 ms CPU) against one piece's 1 ms, are watched: their last
    WATCHED scales at ``wall`` and ``cpu`` ms (each, or one figure for all) end the choice before
    EVERY_S only past the bounds: the mean's, or one scale's CPU past CPU_SPIKE."""
    choice = SplitChoice(_Clock())
    _timed(choice, halves_wall=0.6, halves_cpu=1.1)
    assert choice.timing(), "the halves in force are not timed"
    walls = wall if isinstance(wall, tuple) else (wall,) * parallel_scale.WATCHED
    cpus = cpu if isinstance(cpu, tuple) else (cpu,) * parallel_scale.WATCHED
    for n, (w, c) in enumerate(zip(walls, cpus, strict=True)):
        assert choice.split is True, f"the choice ended after {n} scales, before WATCHED"
        choice.record(True, 1_000_000, w / 1000, c / 1000)
    assert (choice.split is None) is timed_again
    if timed_again:
        assert _timed(choice, halves_wall=1.2, halves_cpu=2.0) == [True, False] * PROBES
        assert choice.split is False


def test_one_piece_in_force_is_never_timed() -> None:
    choice = SplitChoice(_Clock())
    _timed(choice, halves_wall=1.2, halves_cpu=2.0)
    assert choice.split is False and not choice.timing()


def test_a_fixed_choice_is_never_timed() -> None:
    for way in (True, False):
        choice = SplitChoice(_Clock(), fixed=way)
        for _ in range(2 * PROBES):
            assert choice.next_split() is way
            choice.record(not way, 1_000_000, 0.0001, 0.0001)
        assert choice.split is way and choice.figures is None and not choice.timing()


@two_cores
@pytest.mark.parametrize("split", [True, False])
def test_scale_into_goes_the_way_chosen_and_times_it(monkeypatch: pytest.MonkeyPatch, split: bool) -> None:
    choice = SplitChoice(_Clock())
    monkeypatch.setattr(parallel_scale, "CHOICE", choice)
    recorded: list[tuple[bool, int, float, float]] = []
    monkeypatch.setattr(choice, "next_split", lambda: split)
    monkeypatch.setattr(choice, "record", lambda *args: recorded.append(args))
    real_halves, used = parallel_scale.halves, []
    monkeypatch.setattr(parallel_scale, "halves", lambda *args: used.append(True) or real_halves(*args))
    source, dest = _rows(700, 8), pygame.Surface((1000, 800))
    scale_into(source, (1000, 800), dest)
    assert used == ([True] if split else [])
    assert _source_rows(dest)[0] == 0 and _source_rows(dest)[-1] == 699
    ((way, pixels, wall, cpu),) = recorded
    assert way is split and pixels == 800_000 and wall > 0 and cpu >= 0
    assert choice.made == ([0, 1] if split else [1, 0])  # (counted, for the render benchmark)
    small = pygame.Surface((300, 200))
    scale_into(source, (300, 200), small)
    assert len(recorded) == 1, "a small picture (always in one piece) was timed"
    assert choice.made == ([0, 1] if split else [1, 0]), "a small picture was counted as a big scale"


@two_cores
def test_the_apps_scales_make_the_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    choice = SplitChoice()
    monkeypatch.setattr(parallel_scale, "CHOICE", choice)
    source, dest = _rows(700, 8), pygame.Surface((1000, 800))
    for _ in range(2 * PROBES):
        scale_into(source, (1000, 800), dest)
    assert choice.split is not None and choice.figures is not None and choice.figures[0] > 0
