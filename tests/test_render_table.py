"""The drawing benchmark's verdict (``benchmarks/render.py``, ``benchmarks/render_table.py``)
says whether each run was made on a quiet machine, from the empty frames timed through it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import render_table  # noqa: E402  (benchmarks/render_table.py)


def _run(tmp_path: Path, name: str, ratio: float, checks: list[float] | None, *, move: int | None = None,
         p95_ms: float | None = None, over_16ms: int = 0) -> str:
    """A saved run of render.py with one scenario at ``ratio`` times its floor (its p95 and frames
    over 16 ms, and the 12,000 group move's most frames, as given or ordinary)."""
    floor = {"median_ms": 0.45, "p95_ms": 0.5, "max_ms": 0.7, "frames": 300, "over_16ms": 0}
    scenario = {"median_ms": 0.6, "p95_ms": p95_ms or 0.5 * ratio, "max_ms": 2.0, "p95_vs_floor": ratio,
                "median_vs_floor": 1.3, "frames": 300, "over_16ms": over_16ms}
    most = move if move is not None else 31 if ratio > 3 else 25
    run: dict = {"cpu_time": name.startswith("c"), "scenarios": {"floor": floor, "pan": scenario},
                 "frames_until_input": {"selection_12000_drop": [23, most]}}
    if checks is not None:
        spread = round(max(checks) / min(checks), 2)
        run["machine"] = {"checks_median_ms": checks, "spread": spread, "quiet": spread <= 1.10}
    path = tmp_path / f"{name}.txt"
    path.write_text("renderer at 1920x1080\n" + json.dumps(run) + "\n")
    return str(path)


def _verdict(monkeypatch, capsys, wall: list[str], cpu: list[str]) -> list[str]:
    monkeypatch.setattr(sys, "argv", ["render_table.py", "--wall", *wall, "--cpu", *cpu])
    render_table.main()
    return capsys.readouterr().out.splitlines()


def test_a_run_whose_empty_frames_moved_is_named_not_quiet(tmp_path, monkeypatch, capsys):
    quiet = [0.45, 0.46, 0.455]
    wall = [_run(tmp_path, "w1", 2.0, quiet), _run(tmp_path, "w2", 3.4, [0.45, 0.62, 0.47])]
    cpu = [_run(tmp_path, "c1", 2.1, quiet), _run(tmp_path, "c2", 2.2, None)]
    out = _verdict(monkeypatch, capsys, wall, cpu)
    assert out[-1] == ("0 scenarios within the bar; not: pan; the 12,000 group move took input after 31 frames at "
                       "most (**over** the bar of 30); not on a quiet machine: wall clock 2, CPU 2")
    assert "| wall clock 1 (w1.txt) | quiet: empty frames' medians 0.450 to 0.460 ms (1.02x) |" in out
    assert "| wall clock 2 (w2.txt) | **not quiet**: empty frames' medians 0.450 to 0.620 ms (1.38x) |" in out
    assert any(line.startswith("| CPU 2 (c2.txt) | not watched") for line in out)


def test_runs_all_quiet_and_within_the_bar_say_so(tmp_path, monkeypatch, capsys):
    quiet = [0.45, 0.47]
    out = _verdict(monkeypatch, capsys, [_run(tmp_path, "w1", 3.0, quiet, move=30)],
                   [_run(tmp_path, "c1", 1.5, quiet)])
    assert out[-1] == ("1 scenarios within the bar; not: none; the 12,000 group move took input after 30 frames at "
                       "most (within the bar of 30); every run on a quiet machine")


def test_a_side_with_no_runs_judges_nothing_within_the_bar_but_still_names_what_missed(tmp_path):
    run = render_table.load(_run(tmp_path, "w1", 2.0, [0.45, 0.46]))
    lines = render_table.table([run], [])
    assert "| pan | 1.00 | 2.00 | 2.0 (0) | - | - | - | not judged |" in lines
    assert lines[-1].startswith("0 scenarios within the bar; not: none; not judged, with no quiet run in CPU time: 1;")
    slow = render_table.load(_run(tmp_path, "c1", 3.4, [0.45, 0.46]))
    lines = render_table.table([], [slow])
    assert "| pan | - | - | - | 1.70 | 3.40 | 2.0 (0) | **no** |" in lines
    assert lines[-1].startswith("0 scenarios within the bar; not: pan; the 12,000 group move")


@pytest.mark.parametrize(("p95_ms", "over_16ms", "move", "missed"), [
    (6.9, 0, 30, []),
    (7.0, 0, 30, ["pan (2.00x, p95 7.00 ms, 0 over 16 ms)"]),
    (1.0, 1, 30, ["pan (2.00x, p95 1.00 ms, 1 over 16 ms)"]),
    (1.0, 0, 31, ["the 12,000 group move (input after 31 frames)"]),
])
def test_a_run_is_outside_the_bar_by_its_p95_its_slow_frames_or_its_group_move(
        tmp_path, p95_ms, over_16ms, move, missed):
    run = render_table.load(_run(tmp_path, "w1", 2.0, [0.45], move=move, p95_ms=p95_ms, over_16ms=over_16ms))
    assert render_table.outside_the_bar(run) == missed
    within = render_table.table([run], [run])[-1].startswith("1 scenarios within the bar")
    assert within == (p95_ms < 7 and not over_16ms)


def test_render_calls_a_machine_quiet_while_its_empty_frames_stay_within_a_tenth():
    import render  # (benchmarks/render.py; imported here, after the test's own CARDTABLE_HOME is set)

    assert render.quietness([0.45, 0.49, 0.46]) == {"checks_median_ms": [0.45, 0.49, 0.46], "spread": 1.09,
                                                     "quiet": True}
    assert render.quietness([0.40, 0.44])["quiet"] is True  # (1.10 exactly: the bound is within)
    assert render.quietness([0.40, 0.444])["quiet"] is False
    assert render.quietness([0.45, 0.50, 0.46])["quiet"] is False


def test_a_cpu_run_is_quiet_only_if_its_checks_by_the_wall_clock_are_too(tmp_path):
    import render

    calm = render.quietness([0.45, 0.46], [0.46, 0.47])
    assert calm["quiet"] is True and calm["wall_spread"] == 1.02
    taken = render.quietness([0.45, 0.46], [0.46, 0.60])
    assert taken["quiet"] is False
    path = tmp_path / "c1.txt"
    path.write_text(json.dumps({"cpu_time": True, "scenarios": {}, "machine": taken}) + "\n")
    assert render_table.machine(render_table.load(str(path))) == (
        False, "**not quiet**: empty frames' medians 0.450 to 0.460 ms (1.02x, by the wall clock 1.30x)")


def test_a_set_runs_until_three_quiet_runs_each_way_and_shows_the_runs_set_aside(tmp_path, monkeypatch, capsys):
    import render_set  # (benchmarks/render_set.py)

    quiet, noisy = [0.45, 0.46], [0.45, 0.60]
    # (way, checks, ratio) in the order the runs come: the third wall-clock run is noisy and
    # outside the bar, so a fourth is made; the CPU runs are all quiet.
    planned = iter([(False, quiet, 2.0), (True, quiet, 2.1), (False, quiet, 2.2), (True, quiet, 2.3),
                    (False, noisy, 3.5), (True, quiet, 2.4), (False, quiet, 2.5)])
    made = []

    def run_once(out, cpu, number, extra):
        way, checks, ratio = next(planned)
        assert cpu is way, f"run {number} went the wrong way"
        made.append(number)
        path = _run(tmp_path, f"{'cpu' if cpu else 'wall'}-{number}", ratio, checks)
        return Path(path), render_table.load(path)

    monkeypatch.setattr(render_set, "run_once", run_once)
    monkeypatch.setattr(sys, "argv", ["render_set.py", "--out", str(tmp_path / "set")])
    render_set.main()
    out = capsys.readouterr().out.splitlines()
    assert made == [1, 2, 3, 4, 5, 6, 7]
    assert "| pan | 1.00 / 1.10 / 1.25 | 2.50 | 2.0 (0) | 1.05 / 1.15 / 1.20 | 2.40 | 2.0 (0) | yes |" in out
    assert ("1 scenarios within the bar; not: none; the 12,000 group move took input after 25 frames at most "
            "(within the bar of 30); every run on a quiet machine") in out
    assert ("All 7 runs, quiet or not: 6 with everything within the bar; the highest p95 / floor 3.50x "
            "(pan, wall-5.txt); the 12,000 group move 31 frames at most.") in out
    assert out[-1] == ("- wall-5.txt: **not quiet**: empty frames' medians 0.450 to 0.600 ms (1.33x); "
                       "outside the bar: pan (3.50x, p95 1.75 ms, 0 over 16 ms), the 12,000 group move (input after "
                       "31 frames)")


def test_a_set_that_never_gets_its_quiet_runs_says_so(tmp_path, monkeypatch, capsys):
    import render_set

    def run_once(out, cpu, number, extra):
        path = _run(tmp_path, f"run-{number}", 2.0, [0.45, 0.60])
        return Path(path), render_table.load(path)

    monkeypatch.setattr(render_set, "run_once", run_once)
    monkeypatch.setattr(sys, "argv", ["render_set.py", "--out", str(tmp_path / "set"), "--most", "4"])
    render_set.main()
    out = capsys.readouterr().out
    assert out.startswith("**Only 0 wall-clock and 0 CPU runs of 4 were made on a quiet machine**")
    assert out.count("**not quiet**") == 4
    # (None was quiet, yet each met the bar: the line over every run says so.)
    assert ("All 4 runs, quiet or not: 4 with everything within the bar; the highest p95 / floor 2.00x "
            "(pan, run-1.txt); the 12,000 group move 25 frames at most.") in out.splitlines()


def test_a_run_that_fails_stops_the_set_naming_the_file_that_holds_its_output(tmp_path, monkeypatch):
    import render_set

    monkeypatch.setattr(render_set, "HERE", tmp_path)
    (tmp_path / "render.py").write_text("import sys\nprint('no display here')\nsys.exit(3)\n")
    with pytest.raises(SystemExit, match=r"wall-1\.txt: render.py stopped with exit status 3"):
        render_set.run_once(tmp_path, False, 1, [])
    assert (tmp_path / "wall-1.txt").read_text() == "no display here\n"


def _planned_set(tmp_path, monkeypatch, planned: list[tuple[bool, list[float], float]]) -> None:
    """render_set.py's output over made-up runs: (CPU or not, checks, ratio) in the order asked
    for (a run asked for the other way fails the test)."""
    import render_set

    plan = iter(planned)

    def run_once(out, cpu, number, extra):
        way, checks, ratio = next(plan)
        assert cpu is way, f"run {number} went the wrong way"
        path = _run(tmp_path, f"{'cpu' if cpu else 'wall'}-{number}", ratio, checks)
        return Path(path), render_table.load(path)

    monkeypatch.setattr(render_set, "run_once", run_once)
    monkeypatch.setattr(sys, "argv", ["render_set.py", "--out", str(tmp_path / "set")])
    render_set.main()
    assert next(plan, None) is None, "fewer runs made than planned"


def test_a_set_goes_on_the_other_way_alone_once_one_way_has_its_quiet_runs(tmp_path, monkeypatch, capsys):
    quiet, noisy = [0.45, 0.46], [0.45, 0.60]
    _planned_set(tmp_path, monkeypatch, [
        (False, quiet, 2.0), (True, noisy, 2.0), (False, quiet, 2.0), (True, noisy, 2.0), (False, quiet, 2.0),
        (True, quiet, 2.0), (True, noisy, 2.0), (True, quiet, 2.0), (True, quiet, 2.0)])
    out = capsys.readouterr().out
    assert "| CPU 3 (cpu-9.txt) | quiet" in out
    assert out.count("**not quiet**") == 3


def test_a_set_will_not_mix_its_runs_with_a_folder_of_earlier_ones(tmp_path, monkeypatch):
    import render_set

    (tmp_path / "set").mkdir()
    (tmp_path / "set" / "wall-1.txt").write_text("{}\n")
    monkeypatch.setattr(render_set, "run_once", lambda *args: pytest.fail("a run was made"))
    monkeypatch.setattr(sys, "argv", ["render_set.py", "--out", str(tmp_path / "set")])
    with pytest.raises(SystemExit, match="already holds runs"):
        render_set.main()


def test_a_gesture_s_wait_is_counted_in_frames_and_timed_by_the_wall_clock(monkeypatch):
    import render_gestures

    monkeypatch.setattr(render_gestures, "ACCEPT_FRAMES", {})
    monkeypatch.setattr(render_gestures, "ACCEPT_MS", {})
    now = [10.0]

    class Scene:
        busy_frames = 3

        @property
        def busy(self) -> bool:
            return self.busy_frames > 0

    scene = Scene()

    def timed_step(_app, times: list[float]) -> None:  # a frame of 2.5 ms, the last of them busy
        now[0] += 0.0025
        times.append(2.5)
        scene.busy_frames -= 1

    gestures = render_gestures.Gestures(timed_step, None, None, clock=lambda: now[0])  # type: ignore[arg-type]
    times: list[float] = []
    gestures.until_accepting(None, scene, "drop", times)  # type: ignore[arg-type]
    assert render_gestures.ACCEPT_FRAMES == {"drop": [2]}  # (the gesture's own frame, then two busy ones)
    assert render_gestures.ACCEPT_MS["drop"] == [pytest.approx(7.5)]
    assert len(times) == 3


def test_the_table_shows_each_run_s_longest_wait_where_the_run_measured_it(tmp_path):
    timed = render_table.load(_run(tmp_path, "w1", 2.0, [0.45]))
    timed["wall_ms_until_input"] = {"selection_12000_drop": [11.04, 12.36]}
    untimed = render_table.load(_run(tmp_path, "c1", 2.0, [0.45]))
    assert "| selection_12000_drop | 23 / 25 (12.4 ms), 23 / 25 |" in render_table.table([timed], [untimed])


def test_a_set_with_no_quiet_run_judges_nothing_rather_than_passing_everything():
    assert render_table.table([], []) == ["0 scenarios within the bar: no runs to judge."]


def test_each_run_says_which_way_its_window_sized_scales_went_where_it_counted_them(tmp_path):
    counted = render_table.load(_run(tmp_path, "c1", 2.0, [0.45]))
    counted["big_scales"] = {"all_12000_wheel_zoom": [45, 195]}
    uncounted = render_table.load(_run(tmp_path, "w1", 2.0, [0.45]))
    lines = render_table.table([uncounted], [counted])
    assert ("| CPU 1 (c1.txt) | quiet: empty frames' medians 0.450 to 0.450 ms (1.00x); all_12000_wheel_zoom 45/195"
            " scales in one piece/in halves |") in lines
    assert "| wall clock 1 (w1.txt) | quiet: empty frames' medians 0.450 to 0.450 ms (1.00x) |" in lines


def test_the_line_over_every_run_says_so_when_there_is_nothing_to_rank():
    import render_set

    floors_only = {"file": "wall-1.txt", "scenarios": {"floor": {"p95_ms": 0.5, "max_ms": 0.7, "over_16ms": 0}}}
    assert render_set.every_run([]) == "No runs."
    assert render_set.every_run([floors_only]) == (
        "All 1 runs, quiet or not: 1 with everything within the bar; no scenario timed.")
