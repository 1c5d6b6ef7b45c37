"""Write README's key tables from the tables' key maps, so README says what the keys do.

Each table sits between ``<!-- keys: GAME -->`` and ``<!-- /keys -->`` in README.md
(``<!-- keys: GAME OTHER -->`` for games played at one table with the same keys, as the
games written in YAML are); this rewrites what is between them from the first game's
table's ``key_rows()`` (what help lists and the table dispatches through). ``python docs/make_key_tables.py`` rewrites
README.md; ``--check`` exits 1 if it would change anything.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
BLOCK = re.compile(r"(<!-- keys: (?P<games>[a-z_]+(?: [a-z_]+)*) -->\n)(?P<body>.*?)(<!-- /keys -->)", re.S)


def key_rows(game: str) -> list[tuple[str, str]]:
    """The rows help lists for ``game``'s table."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from cardtable.ui.menu import game_table_module
    module = game_table_module(game)
    table = getattr(module, "TABLE", None)
    return list(table.scene.key_rows() if table is not None else module.key_rows())


def table(game: str) -> str:
    """The Markdown table of ``game``'s keys."""
    cell = lambda text: text.replace("|", "\\|")  # noqa: E731
    rows = [f"| {cell(keys)} | {cell(does)} |" for keys, does in key_rows(game)]
    return "\n".join(["| keys | what |", "|---|---|", *rows]) + "\n"


def rewrite(text: str) -> str:
    """``text`` (README's) with every key block rewritten from its game's key map."""
    return BLOCK.sub(lambda m: m.group(1) + table(m.group("games").split()[0]) + m.group(4), text)


def games_in(text: str) -> list[str]:
    """The games README has a key block for, in order."""
    return [game for m in BLOCK.finditer(text) for game in m.group("games").split()]


def blocks_in(text: str) -> list[list[str]]:
    """Each key block's games (the first's keys are written), in order."""
    return [m.group("games").split() for m in BLOCK.finditer(text)]


def main(argv: list[str]) -> int:
    """Rewrite README.md (or with ``--check`` only say whether it is up to date)."""
    sys.path.insert(0, str(REPO))
    text = README.read_text(encoding="utf-8")
    new = rewrite(text)
    if "--check" in argv:
        if new != text:
            print("README.md's key tables differ from the key maps: run python docs/make_key_tables.py")
            return 1
        return 0
    if new != text:
        README.write_text(new, encoding="utf-8")
    print(f"key tables for {', '.join(games_in(new))}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
