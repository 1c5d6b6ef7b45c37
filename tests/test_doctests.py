"""Every example in a docstring of the package runs as written (``python -m doctest`` on each
module holding one): an example that no longer holds is a wrong doc."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted(".".join(path.relative_to(ROOT).with_suffix("").parts)
                 for path in (ROOT / "cardtable").rglob("*.py")
                 if path.name != "__main__.py" and ">>>" in path.read_text(encoding="utf-8"))


def test_the_package_has_examples_to_run():
    assert len(MODULES) >= 80


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of_each_module_hold(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {name} fail"
