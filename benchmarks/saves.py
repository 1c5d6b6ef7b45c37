"""What autosaving after every action costs: Shenja Ivali at 8 seats, all computer players.

``python benchmarks/saves.py`` plays a match at a real (headless) table and, after
every action, measures:

1. the game thread's cost of an autosave: ``save_data()`` plus preparing the save
   (``MatchKeeper.prepare``: what the table waits for; splicing, the checksum and the
   disk write happen on a writer thread), in wall time and in that thread's CPU time
   (``time.thread_time``: on a busy, shared machine the wall time also counts waiting
   for a CPU);
2. the writer thread's cost: making the bytes (``PendingSave.bytes``: splicing in the
   history and log, the checksum) and an atomic write with fsync of them
   (``Autosaver.save``), timed synchronously here;
3. loading and checking a save (``load_save``), and the file size.

Then, by the match's length (``--lengths``, default 100, 1,000 and 10,000 actions),
the game thread's CPU time of an autosave (``MatchKeeper.prepare``: ``save_data()``,
the history and log kept as JSON text with only what was appended since the last save
encoded, the rest of the payload written: ``game thread``), the writer thread's part
(``PendingSave.bytes``: splicing and the checksum: ``writer``) at an Alethkar Poker
table (6 random seats, deep stacks), 30 saves at each length, and the whole state
written again on the game thread (``whole``: what every autosave did before issue 17). A match that ends
before a length is made that long by appending copies of the actions and events
already played (the bytes to write are those of so long a match; only encoding is
timed here, the writer thread checks the checksum).

It prints median, 95th percentile and maximum in milliseconds, a line per length,
then one JSON line. Options: ``--actions N`` (default 600), ``--seed S`` (default 1),
``--seats K`` (default 8), ``--lengths`` (comma-separated). The machines are shared
and noisy: read the times as rough figures.

``--resume`` measures resuming the longest matches instead (``benchmarks/resume.py``,
whose options follow it: ``--ipso-hands``, ``--flame-actions``, ``--repeat``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp(prefix="cardtable-bench-"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from cardtable.engine.game import CHANCE  # noqa: E402
from cardtable.games.shenja_ivali.ui.table import start_shenja_ivali  # noqa: E402
from cardtable.saves import Autosaver, encode, load_save  # noqa: E402
from cardtable.ui.app import App  # noqa: E402
from cardtable.ui.menu import MenuScene, game_table_module  # noqa: E402
from cardtable.ui.setup_scene import SeatConfig  # noqa: E402


def figures(values: list[float]) -> dict[str, float]:
    """Median, 95th percentile and maximum, rounded."""
    ordered = sorted(values)
    return {"median": round(statistics.median(ordered), 2),
            "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 2), "max": round(ordered[-1], 2)}


def main() -> None:
    """Play, measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", type=int, default=8)
    parser.add_argument("--lengths", default="100,1000,10000")
    parser.add_argument("--resume", action="store_true", help="time resuming the longest matches (resume.py)")
    args, rest = parser.parse_known_args()
    if args.resume:
        import resume  # beside this script

        resume.main(rest)
        return
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")

    app = App(size=(1280, 800))
    app.push(MenuScene(app))
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "shenja_ivali")
    seats = [SeatConfig(f"Bot {i + 1}", "normal") for i in range(args.seats)]
    scene = start_shenja_ivali(app, spec, seats, 100, seed=args.seed)
    keeper = scene.match_keeper()
    sync_dir = Path(tempfile.mkdtemp(prefix="cardtable-bench-sync-"))
    sync = Autosaver(keeper.match, sync_dir)
    encode_ms, encode_cpu_ms, write_ms, load_ms, sizes = [], [], [], [], []
    actions = 0
    while actions < args.actions and scene.state.to_act is not None:
        state = scene.state
        action = (state.chance_action() if state.to_act == CHANCE
                  else scene.bots[state.to_act].choose(state, state.to_act))
        scene.perform(action)  # autosaves through the table's keeper (writer thread)
        encode_ms.append(keeper.last_autosave_ms)
        start = time.thread_time()
        pending = keeper.prepare("auto")
        encode_cpu_ms.append((time.thread_time() - start) * 1000)
        start = time.perf_counter()
        data = pending.bytes()
        path = sync.save(data)
        write_ms.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        load_save(path)
        load_ms.append((time.perf_counter() - start) * 1000)
        sizes.append(len(data))
        actions += 1
    keeper.flush()
    result = {"seats": args.seats, "actions": actions, "round": getattr(scene.state, "round_no", None),
              "game_thread_ms": figures(encode_ms), "game_thread_cpu_ms": figures(encode_cpu_ms),
              "disk_write_ms": figures(write_ms),
              "load_ms": figures(load_ms), "bytes": {"median": int(statistics.median(sizes)), "max": max(sizes)},
              "autosaves_written_by_thread": keeper.writer.written if keeper.writer else 0}
    print(f"Shenja Ivali, {args.seats} seats, {actions} actions (to round {result['round']}):")
    for label, key in (("game thread (save_data + prepare)", "game_thread_ms"),
                       ("  the same, CPU time of that thread", "game_thread_cpu_ms"),
                       ("writer thread (bytes, write + fsync)", "disk_write_ms"),
                       ("load and check", "load_ms")):
        f = result[key]
        print(f"  {label:38s} median {f['median']:7.2f} ms   p95 {f['p95']:7.2f} ms   max {f['max']:7.2f} ms")
    print(f"  save size: median {result['bytes']['median']:,} bytes, max {result['bytes']['max']:,}")
    print(f"  writes done by the writer thread: {result['autosaves_written_by_thread']} of {actions} "
          "(the rest were replaced by newer ones while the disk was busy)")
    result["by_length"] = by_length(app, [int(n) for n in args.lengths.split(",") if n], args.seed)
    print(json.dumps(result))
    app.shutdown()


def whole_encode(keeper, kind: str = "auto") -> bytes:
    """An autosave's bytes as written before issue 17: the whole state encoded again."""
    scene = keeper.scene
    return encode(game=scene.variant.game, variant=scene.variant.id, match=keeper.match,
                  payload=scene.save_data(), summary=keeper.summary(), kind=kind)


def by_length(app, lengths: list[int], seed: int, saves: int = 30) -> dict[str, dict[str, object]]:
    """The game thread's CPU time of an autosave at each match length, spliced and whole."""
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "alethkar_poker")
    module = game_table_module("alethkar_poker")
    seats = [SeatConfig(f"Bot {i + 1}", "random") for i in range(6)]
    scene = module.TABLE.start(app, spec, seats, 10_000_000, seed=seed)
    keeper = scene.match_keeper()
    state = scene.state
    padded = 0

    def one_more() -> None:
        nonlocal padded
        if state.to_act is not None:
            action = (state.chance_action() if state.to_act == CHANCE
                      else scene.bots[state.to_act].choose(state, state.to_act))
            state.apply(action)
        else:  # the match is over: make it longer with copies of what was played
            state.history.append(state.history[padded % len(state.history)])
            state.log.append(state.log[padded % len(state.log)])
            padded += 1

    results: dict[str, dict[str, object]] = {}
    print("Autosave CPU time on the game thread by match length (Alethkar Poker, 6 seats):")
    for length in lengths:
        while len(state.history) < length:
            one_more()
        keeper.encode("auto")  # the kept text catches up once (a resumed save does so on its first)
        spliced, writer, whole = [], [], []
        for _ in range(saves):
            one_more()
            start = time.thread_time()
            pending = keeper.prepare("auto")
            spliced.append((time.thread_time() - start) * 1000)
            start = time.thread_time()
            data = pending.bytes()
            writer.append((time.thread_time() - start) * 1000)
            start = time.thread_time()
            again = whole_encode(keeper)
            whole.append((time.thread_time() - start) * 1000)
            assert len(data) == len(again)  # the same save (only saved_at may differ)
        row = {"actions": len(state.history), "padded": padded, "bytes": len(data),
               "game_thread_cpu_ms": figures(spliced), "writer_cpu_ms": figures(writer),
               "whole_cpu_ms": figures(whole)}
        results[str(length)] = row
        s, t, w = row["game_thread_cpu_ms"], row["writer_cpu_ms"], row["whole_cpu_ms"]
        print(f"  {length:>6,} actions ({len(data):>10,} bytes): game thread median {s['median']:5.2f} ms "
              f"p95 {s['p95']:5.2f}   writer median {t['median']:5.2f} ms   "
              f"whole median {w['median']:7.2f} ms p95 {w['p95']:7.2f}"
              + (f"   ({padded:,} padded)" if padded else ""))
    keeper.flush()
    return results


if __name__ == "__main__":
    main()
