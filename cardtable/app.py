"""The ``cardtable`` command: the desktop app, and its command-line tools.

``cardtable`` opens the window; ``cardtable --smoke`` checks the installation and
exits; ``python -m cardtable`` is the same command.
"""

from __future__ import annotations

import argparse
import sys

from cardtable import __version__
from cardtable.settings import LOG_LEVELS


def build_parser() -> argparse.ArgumentParser:
    """The command line's options."""
    parser = argparse.ArgumentParser(prog="cardtable", description="A desktop card table.")
    parser.add_argument("--version", action="version", version=f"cardtable {__version__}")
    parser.add_argument("--smoke", action="store_true",
                        help="load every bundled variant, draw every screen once with no display, and exit")
    parser.add_argument("--variant", metavar="ID", help="open this variant straight away (e.g. free_table)")
    parser.add_argument("--size", metavar="WxH", help="window size, e.g. 1600x900")
    parser.add_argument("--log-level", choices=LOG_LEVELS, type=str.lower,
                        help="how much goes to the log (default: the log_level setting, info)")
    return parser


def _autosave_folder_has_files() -> bool:
    """Whether the autosave folder holds anything (a cheap look before the saves code
    decides whether there is an interrupted game to offer)."""
    import os

    from cardtable import paths

    try:
        with os.scandir(paths.autosave_dir()) as entries:
            return any(True for _ in entries)
    except OSError:
        return False


def main(argv: list[str] | None = None) -> int:
    """Run the app (or a tool) and return the process exit code."""
    argv = sys.argv[1:] if argv is None else argv
    from cardtable.cli import COMMANDS
    if argv and argv[0] in COMMANDS:
        from cardtable.cli import main as cli_main
        return cli_main(argv)
    args = build_parser().parse_args(argv)
    if args.smoke:
        from cardtable.smoke import run_smoke
        return run_smoke()
    size = None
    if args.size:
        try:
            w, h = (int(v) for v in args.size.lower().split("x"))
            size = (w, h)
        except ValueError:
            print(f"cardtable: --size wants WIDTHxHEIGHT, got {args.size!r}", file=sys.stderr)
            return 2
    from cardtable import logs
    from cardtable.ui.app import App
    from cardtable.ui.menu import MenuScene, open_variant

    logs.setup_logging(args.log_level or "info", to_stderr=sys.stderr is not None and sys.stderr.isatty())
    logs.install_excepthook()
    app = App(size=size)
    if args.log_level is None:
        logs.set_level(app.settings.log_level)
    menu = MenuScene(app)
    app.push(menu)
    if args.variant:
        spec = next((e.spec for e in app.variant_entries if e.spec and e.spec.id == args.variant), None)
        if spec is None:
            app.toast(f"No variant called {args.variant!r}")
        else:
            menu.paint_ahead()
            open_variant(app, spec)
    elif _autosave_folder_has_files():  # the saves code costs ~15 ms to import: only when it can offer
        from cardtable.ui.saves_scene import offer_interrupted
        offer_interrupted(app)  # "Resume the interrupted game?" when the app was killed or quit mid-game
    app.run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
