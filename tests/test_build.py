"""Packaging: the wheel's package list, and the frozen build (slow): its smoke run, and a
match hosted and joined over the loopback network by the built executable."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import re
import socket
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILD_TIMEOUT_S = 1200
SMOKE_TIMEOUT_S = 120
CONSTRAINTS = ROOT / "packaging" / "constraints-build.txt"


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


def test_every_data_file_beside_the_code_goes_into_the_wheel() -> None:
    """A file under cardtable/ that is not Python (a game's flow.yaml) is data the code
    reads: package-data must name it, or the installed app would not find it."""
    import fnmatch
    patterns = _pyproject()["tool"]["setuptools"]["package-data"].get("*", [])
    data = [path for path in (ROOT / "cardtable").rglob("*")
            if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts]
    assert data, "no data file under cardtable/: is the flow still written as data?"
    missed = sorted(str(p.relative_to(ROOT)) for p in data if not any(fnmatch.fnmatch(p.name, pat) for pat in patterns))
    assert not missed, f"package-data does not take: {missed}"
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert '"games", "*", "flow.yaml"' in spec  # the frozen app takes them too


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pins() -> dict[str, str]:
    """packaging/constraints-build.txt as {normalised name: version}."""
    pins = {}
    for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, sep, version = line.partition("==")
            assert sep and version.strip(), f"{CONSTRAINTS.name}: not a name==version pin: {line!r}"
            pins[_normalise(name.strip())] = version.strip()
    return pins


def _pin_mismatches() -> list[str]:
    """One line for each pinned package whose installed version differs (or is missing)."""
    found = []
    for name, pinned in _pins().items():
        try:
            installed = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            installed = "not installed"
        if installed != pinned:
            found.append(f"{name}: pinned {pinned}, installed {installed}")
    return found


def test_constraints_pin_the_packaged_dependencies() -> None:
    """The build constraints pin every runtime dependency and the build tools, exactly."""
    project = _pyproject()["project"]
    wanted = {_normalise(re.split(r"[<>=!~;\[ ]", dep, maxsplit=1)[0]) for dep in project["dependencies"]}
    wanted |= {"pyinstaller", "pyinstaller-hooks-contrib"}
    assert set(_pins()) == wanted


def _executable(dist: Path) -> Path:
    name = "cardtable.exe" if sys.platform == "win32" else "cardtable"
    return dist / "cardtable" / name


@pytest.fixture(scope="module")
def frozen_app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The app built by PyInstaller once for this module's tests: its executable."""
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.skip("PyInstaller is not installed (pip install -e '.[test]' brings it)")
    mismatches = _pin_mismatches()
    if mismatches:
        pytest.skip(
            "the build is checked with the pinned set only; installed versions differ from "
            "packaging/constraints-build.txt (" + "; ".join(mismatches) + "). Install the pinned set "
            "with: pip install -c packaging/constraints-build.txt -e '.[build]', or move the pins"
        )

    tmp_path = tmp_path_factory.mktemp("frozen")
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
    return exe


def _frozen_env(tmp_path: Path) -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CARDTABLE_HOME=str(tmp_path / "home"))


@pytest.mark.slow
def test_frozen_app_builds_and_passes_smoke_run(frozen_app: Path, tmp_path: Path) -> None:
    run_dir = tmp_path / "elsewhere"
    run_dir.mkdir()
    smoke = subprocess.run(
        [str(frozen_app), "--smoke"], cwd=run_dir, env=_frozen_env(tmp_path),
        capture_output=True, text=True, timeout=SMOKE_TIMEOUT_S,
    )
    assert smoke.returncode == 0, (
        f"{frozen_app} --smoke exited {smoke.returncode}\n--- stdout\n{smoke.stdout[-5000:]}"
        f"\n--- stderr\n{smoke.stderr[-10000:]}"
    )


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.slow
def test_frozen_app_hosts_and_joins_a_match_over_the_network(frozen_app: Path, tmp_path: Path) -> None:
    """The packaged app plays across the room: ``cardtable host`` with two remote seats
    and a computer, two ``cardtable join --bot`` processes, all the built executable,
    to the end of the match; the host announces the table (zeroconf is in the bundle)."""
    env, port, code = _frozen_env(tmp_path), _free_port(), "BUILD7"
    host = subprocess.Popen(
        [str(frozen_app), "host", "--variant", "five_card_draw", "--seats", "remote,remote,normal",
         "--port", str(port), "--code", code, "--seed", "7", "--bind", "127.0.0.1"],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    joins = []
    try:
        deadline = time.monotonic() + SMOKE_TIMEOUT_S
        while host.poll() is None and time.monotonic() < deadline:  # until it listens
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        joins = [subprocess.Popen(
            [str(frozen_app), "join", f"127.0.0.1:{port}", "--code", code, "--name", name, "--bot", "normal",
             "--seed", str(n)],
            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        ) for n, name in enumerate(("Ada", "Bo"))]
        results = [p.communicate(timeout=SMOKE_TIMEOUT_S) for p in joins]
        host_out, host_err = host.communicate(timeout=SMOKE_TIMEOUT_S)
    finally:
        for process in [host, *joins]:
            if process.poll() is None:
                process.kill()
                process.communicate()
    assert host.returncode == 0, f"host exited {host.returncode}\n{host_out[-3000:]}\n{host_err[-5000:]}"
    assert "'zeroconf' package" not in host_out, host_out  # in the bundle (a network without multicast may
    # still keep it from announcing: that is said, and the match is played all the same)
    final = json.loads(host_out.strip().splitlines()[-1])
    assert final["game"] == "five_card_draw" and final["refused"] == 0
    for process, (out, err) in zip(joins, results):
        assert process.returncode == 0, f"join exited {process.returncode}\n{out[-3000:]}\n{err[-5000:]}"
        assert json.loads(out.strip().splitlines()[-1])["standings"] == final["standings"]
