"""Networked play on loopback: how long an action takes to reach every client, and the
host's CPU per action.

    python benchmarks/lan.py [--variant flame_sword] [--seats 8] [--actions 600] [--seed 1]

A host (this process) with ``seats - 1`` remote seats and one computer seat; the remote
seats are headless clients in a second process (so the host's CPU time is its own),
each choosing uniformly among the legal actions the host sends. Each is sent what a
window draws, its seat's typed view, built by the host after every action (since
protocol version 3 there is nothing else to ask for: ``--mirror``, which used to add
the masked copy of the state windows drew then, is still accepted and changes
nothing, so old figures and new compare). The latency of an
action is from the moment the host applied it to the moment the *last* client read
the resulting view (``time.perf_counter`` is the system-wide monotonic clock on Linux,
so the two processes' readings compare). Host CPU is ``time.process_time`` over the
match divided by the actions. The size of each ``state`` message the host writes is
counted too (median and largest, in bytes before sealing: on the wire a frame is a third
larger, base64). Since protocol version 4 every message is sealed (ChaCha20-Poly1305)
after a SPAKE2 handshake per client: the host's CPU includes both (the handshakes,
~11 ms each in pure Python, once per client). Prints the figures, then one JSON line.
Only 127.0.0.1.
Target: p95 under 30 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


async def _clients(port: int, code: str, seats: list[int], limit: int, seed: int) -> dict[str, dict[int, float]]:
    from cardtable.net.client import Client, choose_from_legal

    async def one(seat: int) -> dict[int, float]:
        rng = random.Random(f"{seed}:{seat}")
        client = Client("127.0.0.1", port, code, name=f"Client {seat + 1}", seat=seat, want_legal=True)
        await client.connect()
        seen: dict[int, float] = {}
        acted = -1
        for _ in range(limit * 20 + 1000):  # bounded
            if client.over or client.count >= limit:
                break
            if client.legal and client.to_act == client.seat and client.count != acted:
                acted = client.count
                await client.send_action(choose_from_legal(client.legal, "random", rng), client.count)
                continue
            message = await asyncio.wait_for(client.receive(), 30)
            if message is None:
                break
            if message["type"] == "state":
                seen.setdefault(message["count"], time.perf_counter())
        await client.close()
        return seen

    results = await asyncio.gather(*(one(s) for s in seats))
    return {str(s): r for s, r in zip(seats, results)}


def clients_main(argv: list[str]) -> None:
    port, code, limit, seed = int(argv[0]), argv[1], int(argv[2]), int(argv[3])
    seats = [int(s) for s in argv[4].split(",")]
    out = asyncio.run(asyncio.wait_for(_clients(port, code, seats, limit, seed), 300))
    print(json.dumps(out))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="flame_sword")
    parser.add_argument("--seats", type=int, default=8)
    parser.add_argument("--actions", type=int, default=600, help="stop after this many actions")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mirror", action="store_true",
                        help="accepted for old command lines: every client is sent what a window draws")
    args = parser.parse_args()

    from cardtable import games
    from cardtable.net.host import Host

    game = games.get(args.variant)
    kinds = ["remote"] * (args.seats - 1) + ["random"]
    sizes: list[int] = []

    def on_send(seat: int, state: object, message: dict[str, object], data: bytes) -> None:
        if message.get("type") == "state":
            sizes.append(len(data))

    host = Host(game, kinds, seed=args.seed, absent_after=600, on_send=on_send).start()
    remote = [n for n, k in enumerate(kinds) if k == "remote"]
    cpu0 = time.process_time()
    wall0 = time.perf_counter()
    proc = subprocess.run([sys.executable, __file__, "--clients", str(host.port), host.code, str(args.actions),
                           str(args.seed), ",".join(map(str, remote))],
                          capture_output=True, text=True, timeout=600)
    cpu = time.process_time() - cpu0
    wall = time.perf_counter() - wall0
    state = host.state
    actions = len(state.history) if state is not None else 0
    host.stop()
    if proc.returncode != 0:
        print(proc.stderr, file=sys.stderr)
        return 1
    received = {int(k): {int(c): t for c, t in v.items()} for k, v in json.loads(proc.stdout).items()}
    latencies = []
    for count, applied in host.applied_at.items():
        times = [received[s].get(count) for s in remote]
        if all(t is not None for t in times):
            latencies.append((max(times) - applied) * 1000)  # type: ignore[type-var]
    latencies.sort()
    median = statistics.median(latencies)
    p95 = latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))]
    per_action = cpu / max(1, actions) * 1000
    print(f"{game.name}, {args.seats} seats ({len(remote)} remote clients in another process + 1 computer"
          ", each sent its seat's view), "
          f"{actions} actions in {wall:.2f} s on 127.0.0.1")
    print(f"action to all clients: median {median:.2f} ms, p95 {p95:.2f} ms, max {latencies[-1]:.2f} ms "
          f"({len(latencies)} actions measured)")
    print(f"host CPU per action: {per_action:.2f} ms (process_time; includes serving {len(remote)} views)")
    size_median, size_max = statistics.median(sizes), max(sizes)
    print(f"state messages: {len(sizes)}, median {size_median / 1024:.2f} KB, largest {size_max / 1024:.2f} KB")
    print(f"p95 target < 30 ms: {'met' if p95 < 30 else 'NOT met'}")
    print(json.dumps({"benchmark": "lan", "variant": game.id, "seats": args.seats, "remote": len(remote),
                      "views": True,
                      "actions": actions, "measured": len(latencies), "median_ms": round(median, 3),
                      "p95_ms": round(p95, 3), "max_ms": round(latencies[-1], 3),
                      "host_cpu_ms_per_action": round(per_action, 3), "wall_s": round(wall, 3),
                      "messages": len(sizes), "message_median_bytes": size_median, "message_max_bytes": size_max,
                      "target_p95_ms": 30, "met": p95 < 30}))
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--clients":
        clients_main(sys.argv[2:])
        sys.exit(0)
    sys.exit(main())
