"""How fast can someone on the network guess a table's join code?

    python benchmarks/guessing.py [--connections 100] [--seconds 30] [--one-address]

A real host (``cardtable host`` in another process, so the guesser's CPU is not the
host's) waits for a player; this process keeps ``--connections`` connections guessing
wrong codes for ``--seconds``: each runs the whole handshake (SPAKE2 with a wrong
code, the sealed hello) and waits for the host's answer, then starts again. The
connections come from as many loopback addresses (127.0.x.y, on Linux), so the
per-address cap on connections without the code does not do the limiting and what is
measured is the host-wide pace of code checks; ``--one-address`` sends them all from
127.0.0.1 instead. Prints the wrong guesses answered per second (target: at most 1; the
code in the clear with a 0.2 s sleep per connection answered 319-341), the other ends
(connections the host closed to make room, or that timed out), then joins with the
right code and says whether it got in and how long that took. One JSON line last.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

CODE = "K7QX2M"


async def _guess(port: int, code: str, source: str | None, timeout: float) -> str:
    """One wrong guess to its end: ``wrong`` (the host said so), ``closed`` (closed
    without an answer: room made for others) or ``timeout``."""
    from cardtable.net.protocol import encode
    from cardtable.net.secure import Handshake
    writer = None
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(
            "127.0.0.1", port, local_addr=(source, 0) if source else None), timeout)
        shake = Handshake(code, host=False)
        writer.write(encode({"type": "spake", "msg": base64.b64encode(shake.message).decode()}))
        answer = await asyncio.wait_for(reader.readline(), timeout)
        if not answer.startswith(b"{") or b'"spake"' not in answer:
            return "closed"
        session = shake.finish(base64.b64decode(json.loads(answer)["msg"]))
        writer.write(session.seal(encode({"type": "hello", "name": "guess"})))
        verdict = await asyncio.wait_for(reader.readline(), timeout)
        if b"wrong join code" in verdict:
            return "wrong"
        return "closed" if not verdict else "other"
    except TimeoutError:
        return "timeout"
    except (ConnectionError, OSError):
        return "closed"
    finally:
        if writer is not None:
            writer.close()


async def _attack(port: int, connections: int, seconds: float, one_address: bool) -> dict[str, int]:
    import random
    rng = random.Random(1)
    alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
    ends: dict[str, int] = {}
    stop = time.monotonic() + seconds

    async def guesser(n: int) -> None:
        source = None if one_address or not sys.platform.startswith("linux") else f"127.0.{n // 200}.{n % 200 + 2}"
        while time.monotonic() < stop:
            code = "".join(rng.choice(alphabet) for _ in range(6))
            if code == CODE:
                continue
            end = await _guess(port, code, source, timeout=max(0.5, stop - time.monotonic()) + 1)
            if time.monotonic() <= stop:
                ends[end] = ends.get(end, 0) + 1

    await asyncio.gather(*(guesser(n) for n in range(connections)))
    return ends


async def _join(port: int) -> tuple[bool, float, str]:
    from cardtable.net.client import Client, JoinRefused
    started = time.perf_counter()
    client = Client("127.0.0.1", port, CODE, name="Right")
    try:
        welcome = await client.connect(timeout=60)
    except (JoinRefused, OSError, TimeoutError) as exc:
        return False, time.perf_counter() - started, str(exc)
    took = time.perf_counter() - started
    await client.close(bye=True)
    return welcome["type"] == "welcome", took, ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--one-address", action="store_true", help="every connection from 127.0.0.1")
    args = parser.parse_args()
    script = ("import sys\nfrom cardtable import cli\n"
              "sys.exit(cli.main(['host', '--variant', 'ipso', '--seats', 'remote,random', '--port', '0', "
              f"'--bind', '127.0.0.1', '--code', '{CODE}', '--no-advertise']))")
    root = Path(__file__).resolve().parents[1]
    host = subprocess.Popen([sys.executable, "-c", script], cwd=root, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    output: list[str] = []
    assert host.stdout is not None
    reading = threading.Thread(target=lambda: output.extend(host.stdout or []), daemon=True)
    reading.start()
    try:
        port = None
        for _ in range(400):
            found = re.search(r"port: (\d+)", "".join(output))
            if found:
                port = int(found.group(1))
                break
            time.sleep(0.05)
        if port is None:
            print("the host did not start:\n" + "".join(output), file=sys.stderr)
            return 1
        ends = asyncio.run(_attack(port, args.connections, args.seconds, args.one_address))
        joined, took, why = asyncio.run(_join(port))
    finally:
        host.terminate()
        host.wait(10)
    wrong = ends.get("wrong", 0)
    rate = wrong / args.seconds
    print(f"{args.connections} connections guessing for {args.seconds:.0f} s "
          f"({'one address' if args.one_address else 'one address each'}): "
          f"{wrong} wrong guesses answered, {rate:.2f} a second (target at most 1; before: 319-341)")
    others = ", ".join(f"{n} {end}" for end, n in sorted(ends.items()) if end != "wrong") or "none"
    print(f"other ends: {others}")
    warned = [line.strip() for line in output if "someone is guessing" in line]
    print(f"the host said: {warned[-1] if warned else 'nothing about guessing'}")
    print(f"the right code afterwards: {'joined' if joined else 'NOT joined: ' + why} in {took:.2f} s")
    if not joined:
        print("the host's last words:\n" + "".join(output[-30:]), file=sys.stderr)
    print(json.dumps({"benchmark": "guessing", "connections": args.connections, "seconds": args.seconds,
                      "one_address": args.one_address, "answered_wrong": wrong, "per_second": round(rate, 3),
                      "ends": ends, "right_code_joined": joined, "right_code_join_s": round(took, 3),
                      "target_per_second": 1, "met": rate <= 1 and joined}))
    return 0 if joined else 1


if __name__ == "__main__":
    sys.exit(main())
