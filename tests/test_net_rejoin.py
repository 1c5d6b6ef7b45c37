"""Coming back to a seat with its token from a new process, on 127.0.0.1 and bounded in time.

A headless player in its own process is killed (SIGKILL) in the middle of the match,
after more actions than a client retries a refused one; a new process takes the seat
back with the token (``cardtable join --token``) and the match goes on to its end: the
host counts action numbers per connection, so the new process's first action, number 1,
is not "replayed".
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from cardtable import games
from cardtable.net.host import Host

DEADLINE = 60.0
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEFORE_THE_KILL = 25  # more than the 20 refusals a client retries

# Joins, plays BEFORE_THE_KILL actions, says its token and waits (for the kill) on its turn.
FIRST_PROCESS = """
import asyncio, random, sys, time
from cardtable.net.client import Client

async def main():
    client = Client("127.0.0.1", int(sys.argv[1]), sys.argv[2], name="Ada", want_legal=True)
    await client.connect()
    await client.play("normal", random.Random(7), max_actions=int(sys.argv[3]))
    print("token", client.token, "made", client.seq, flush=True)
    time.sleep(600)

asyncio.run(main())
"""


def _env() -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=ROOT, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return env


def _wait_for(condition, what: str) -> None:
    end = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < end, what
        time.sleep(0.02)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_a_player_killed_mid_match_comes_back_from_a_new_process_and_the_match_ends():
    game = games.get("ipso")
    host = Host(game, ["remote", "normal"], settings={"starting_chips": 200}, seed=2, absent_after=600.0).start()
    first = subprocess.Popen([sys.executable, "-c", FIRST_PROCESS, str(host.port), host.code, str(BEFORE_THE_KILL)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(), cwd=ROOT)
    try:
        line = first.stdout.readline()  # type: ignore[union-attr]
        assert line.startswith("token "), line + first.stderr.read()  # type: ignore[union-attr]
        token, made = line.split()[1], int(line.split()[3])
        assert made == BEFORE_THE_KILL and not host.over and host.state.to_act == 0
        first.send_signal(signal.SIGKILL)
        first.wait(DEADLINE)
        _wait_for(lambda: host.seats[0].conn is None, "the host did not see the player go")
        killed_at = len(host.state.history)
        second = subprocess.run(
            [sys.executable, "-c", "import sys; from cardtable import cli; raise SystemExit(cli.main(sys.argv[1:]))",
             "join", f"127.0.0.1:{host.port}", "--code", host.code, f"--token={token}", "--bot", "normal",
             "--seed", "3"],
            capture_output=True, text=True, env=_env(), cwd=ROOT, timeout=DEADLINE)
        assert second.returncode == 0, second.stdout + second.stderr
        assert host.wait(DEADLINE) and host.error is None and host.state.is_over
        assert json.loads(second.stdout.strip().splitlines()[-1])["seat"] == 0
        after = [a for a in host.state.history[killed_at:] if a.seat == 0]
        assert after, "the player who came back made no action"
        assert not any("replayed" in reason for _, reason in host.refusals), host.refusals
        assert 0 not in host.computers()  # the seat was played by its player, never a stand-in
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
        host.stop()
