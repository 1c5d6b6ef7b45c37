"""The engine never imports pygame, nor does any module outside a ``ui/`` folder
(the game packages included): checked in the source with ast and at run time."""

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


PACKAGE = ENGINE.parent


def pygame_imports(path: Path) -> list[str]:
    """The pygame modules ``path`` imports anywhere (top level, in a function, relative
    imports resolved to nothing pygame can be)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] == "pygame"]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] == "pygame":
                found.append(node.module)
        elif (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", ""))
              in ("import_module", "__import__") and node.args
              and isinstance(node.args[0], ast.Constant) and str(node.args[0].value).startswith("pygame")):
            found.append(node.args[0].value)
    return found


def test_no_module_outside_a_ui_folder_imports_pygame():
    offenders = []
    modules = list(PACKAGE.rglob("*.py"))
    for path in modules:
        relative = path.relative_to(PACKAGE)
        if "ui" in relative.parts[:-1]:
            continue
        offenders += [f"{relative}: {name}" for name in pygame_imports(path)]
    assert any(p.parts[-3:-1] == ("games", "ipso") for p in modules), "the game packages were not walked"
    assert offenders == []


def test_the_walk_catches_every_way_of_importing_pygame(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import os\nimport pygame.font\ndef f():\n    from pygame import Rect\n"
                      "import importlib\nimportlib.import_module('pygame')\nfrom . import pygame_helpers\n")
    assert sorted(pygame_imports(sample)) == ["pygame", "pygame", "pygame.font"]
