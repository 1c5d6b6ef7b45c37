"""The engine never imports pygame: checked in the source and at run time."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "cardtable" / "engine"


def test_no_engine_module_imports_pygame_in_source():
    offenders = []
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] == "pygame"]
    assert list(ENGINE.rglob("*.py")), "the engine package is missing"
    assert offenders == []


def test_importing_every_engine_module_leaves_pygame_unloaded():
    modules = sorted(f"cardtable.engine.{p.stem}" for p in ENGINE.glob("*.py") if p.stem != "__init__")
    code = ("import importlib, sys\n"
            f"for m in {modules!r}: importlib.import_module(m)\n"
            "import cardtable.variants\n"
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
