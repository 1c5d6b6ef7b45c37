"""Linux desktop integration: the .desktop entry and the AppStream metainfo validate.

The validators come from Debian's desktop-file-utils and appstream packages
(.ci/run installs them when it can); without them the validation tests skip.
"""

from __future__ import annotations

import configparser
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APP_ID = "io.github.cardtable.CardTable"
DESKTOP = ROOT / "packaging" / "linux" / f"{APP_ID}.desktop"
METAINFO = ROOT / "packaging" / "linux" / f"{APP_ID}.metainfo.xml"
ICON = ROOT / "assets" / "icon" / "cardtable.png"


def _run_validator(tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} is not on PATH (Debian: apt-get install desktop-file-utils appstream)")
    return subprocess.run([tool, *args], capture_output=True, text=True, timeout=120)


def test_desktop_file_validates() -> None:
    result = _run_validator("desktop-file-validate", str(DESKTOP))
    # desktop-file-validate exits 0 with hints only; any output is a warning or an error.
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


def test_metainfo_validates() -> None:
    result = _run_validator("appstreamcli", "validate", "--no-net", str(METAINFO))
    assert result.returncode == 0, result.stdout + result.stderr


def test_desktop_file_and_metainfo_agree() -> None:
    """The ids, the launched command and the icon name fit together and exist."""
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment, method-assign]  # keys are case-sensitive
    entry.read(DESKTOP, encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Icon"] == APP_ID
    assert desktop["Exec"].split()[0] == "cardtable"

    component = ET.parse(METAINFO).getroot()
    assert component.findtext("id") == APP_ID
    assert component.findtext("launchable") == DESKTOP.name
    assert {b.text for b in component.iter("binary")} == {"cardtable", "cardtable-cli"}
    assert ICON.is_file()
