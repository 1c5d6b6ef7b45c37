"""Packaging: the wheel's package list, and the frozen build (slow)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILD_TIMEOUT_S = 1200
SMOKE_TIMEOUT_S = 120


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_code_folder_is_a_package() -> None:
    """setup.py finds the code packages; a folder of .py files without __init__.py
    would be left out of the wheel (and the installed app would not find that game)."""
    code_folders = [
        folder for folder in [ROOT / "cardtable", *(ROOT / "cardtable").rglob("*")]
        if folder.is_dir() and folder.name != "__pycache__" and any(folder.glob("*.py"))
    ]
    missing = sorted(str(f.relative_to(ROOT)) for f in code_folders if not (f / "__init__.py").exists())
    assert not missing, f"add an __init__.py to: {missing}"


def test_data_packages_map_to_top_level_folders() -> None:
    setuptools_cfg = _pyproject()["tool"]["setuptools"]
    assert setuptools_cfg["package-dir"] == {
        "cardtable.assets": "assets",
        "cardtable.variants": "variants",
    }
    for folder in setuptools_cfg["package-dir"].values():
        assert (ROOT / folder).is_dir()
        assert not (ROOT / folder / "__init__.py").exists(), (
            f"{folder}/__init__.py would shadow a module of the same name in cardtable/"
        )


def _executable(dist: Path) -> Path:
    name = "cardtable.exe" if sys.platform == "win32" else "cardtable"
    return dist / "cardtable" / name


@pytest.mark.slow
def test_frozen_app_builds_and_passes_smoke_run(tmp_path: Path) -> None:
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.skip("PyInstaller is not installed (pip install -e '.[test]' brings it)")

    dist, work = tmp_path / "dist", tmp_path / "build"
    build = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm",
         "--distpath", str(dist), "--workpath", str(work), "build.spec"],
        cwd=ROOT, capture_output=True, text=True, timeout=BUILD_TIMEOUT_S,
    )
    assert build.returncode == 0, (
        f"PyInstaller failed ({build.returncode})\n--- stdout\n{build.stdout[-5000:]}"
        f"\n--- stderr\n{build.stderr[-10000:]}"
    )
    exe = _executable(dist)
    assert exe.is_file(), f"no executable at {exe}"

    home = tmp_path / "home"
    run_dir = tmp_path / "elsewhere"
    run_dir.mkdir()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CARDTABLE_HOME=str(home))
    smoke = subprocess.run(
        [str(exe), "--smoke"], cwd=run_dir, env=env,
        capture_output=True, text=True, timeout=SMOKE_TIMEOUT_S,
    )
    assert smoke.returncode == 0, (
        f"{exe} --smoke exited {smoke.returncode}\n--- stdout\n{smoke.stdout[-5000:]}"
        f"\n--- stderr\n{smoke.stderr[-10000:]}"
    )
