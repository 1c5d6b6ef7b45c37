"""``cardtable simulate flame_sword``: bots play with every check on and the summary says so."""

from __future__ import annotations

import io
import json

from cardtable.cli import main


def test_simulate_flame_sword_runs_checked_matches_and_ends_with_json():
    out, err = io.StringIO(), io.StringIO()
    code = main(["simulate", "flame_sword", "--games", "2", "--seats", "3", "--seed", "4", "--bots", "mixed",
                 "--max-rounds", "2", "--json-every", "15"], out=out, err=err)
    assert code == 0, err.getvalue()
    summary = json.loads(out.getvalue().strip().splitlines()[-1])
    assert summary["variant"] == "flame_sword" and summary["games"] == 2 and summary["seats"] == 3
    assert summary["rounds"] >= 2 and summary["actions"] > 20
    assert summary["invariants"]["failed"] == 0 and summary["invariants"]["checked"] > summary["actions"]
    assert sum(summary["winners"].values()) == 2


def test_simulate_is_the_same_for_the_same_seed():
    def run():
        out = io.StringIO()
        main(["simulate", "flame", "--games", "1", "--seats", "2", "--seed", "9", "--max-rounds", "2"],
             out=out, err=io.StringIO())
        summary = json.loads(out.getvalue().strip().splitlines()[-1])
        return summary["rounds"], summary["actions"], summary["winners"]
    assert run() == run()
