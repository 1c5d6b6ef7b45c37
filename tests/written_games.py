"""Games a person writes in a variant file alone, as the tests (and a benchmark) use them:
the examples in ``docs/examples/`` (Crazy Pineapple, with its discard after the flop; a draw
game where an ace draws four), put into the user's variants folder; and the command line
run in-process."""

from __future__ import annotations

import io
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"
"""The example games docs/yaml-games.md points a reader to."""
PINEAPPLE = "crazy_pineapple"
DRAW = "ace_draws_four"


def example_text(game_id: str) -> str:
    """The example file of ``game_id``, as written."""
    return (EXAMPLES / f"{game_id}.yaml").read_text(encoding="utf-8")


def write_examples(folder: Path, *game_ids: str) -> None:
    """Copy the examples ``game_ids`` (all of them when none is named) into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for path in sorted(EXAMPLES.glob("*.yaml")):
        if not game_ids or path.stem in game_ids:
            (folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")


def run_cli(*args: str) -> tuple[int, str, str]:
    """``cardtable-cli ARGS`` in-process: the exit code, what it printed and its errors."""
    from cardtable import cli
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(args), out=out, err=err)
    return code, out.getvalue(), err.getvalue()
