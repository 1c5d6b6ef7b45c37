"""Variant files are checked in full once per version of the file and of its game's code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from cardtable import variant_checks, variants

REPO = Path(__file__).resolve().parents[1]


def _refuse(path, known_decks):
    raise AssertionError(f"{path} was checked again")


def test_a_second_discovery_takes_the_remembered_specs(monkeypatch):
    bundled = [(variants.variant_dirs()[0][0], False)]
    first = variants.discover(bundled)
    assert variant_checks.Verdicts().old  # remembered
    monkeypatch.setattr(variants, "load_variant", _refuse)
    again = variants.discover(bundled)
    assert [(e.path, e.spec, e.error) for e in again] == [(e.path, e.spec, e.error) for e in first]
    assert [e.spec.settings for e in again] == [e.spec.settings for e in first]
    assert all(type(e.spec.decks) is tuple and type(e.spec.warnings) is tuple for e in again)


def test_a_changed_file_or_game_code_is_checked_again(tmp_path, monkeypatch):
    path = tmp_path / "mine.yaml"
    dirs = [(variants.variant_dirs()[0][0], False), (tmp_path, True)]

    def mine():
        return next(e for e in variants.discover(dirs) if e.path == path)

    path.write_text((REPO / "variants" / "ipso.yaml").read_text().replace("id: ipso", "id: mine"))
    assert mine().spec is not None
    path.write_text(path.read_text().replace("ante: 2", "ante: 0"))  # same size, maybe the same mtime
    entry = mine()
    assert entry.spec is None and "ante must be" in entry.error
    path.write_text(path.read_text().replace("ante: 0", "ante: 2"))
    assert mine().spec is not None
    checked = []
    real = variants.load_variant
    monkeypatch.setattr(variants, "load_variant", lambda p, k: checked.append(p) or real(p, k))
    mine()
    assert checked == []
    monkeypatch.setattr(variant_checks, "_tree_stamps", lambda folder: [f"{folder}=changed"])
    mine()
    assert path in checked


def test_a_spec_read_back_is_the_spec_read_from_the_file(tmp_path):
    text = (REPO / "variants" / "shenja_ivali.yaml").read_text().replace("id: shenja_ivali", "id: mine")
    path = tmp_path / "mine.yaml"
    path.write_text(text)
    dirs = [(variants.variant_dirs()[0][0], False), (tmp_path, True)]
    fresh = variants.load_variant(path, variants.deck_files())
    variants.discover(dirs)
    remembered = next(e.spec for e in variants.discover(dirs) if e.path == path)
    assert remembered == fresh and remembered.settings == fresh.settings and remembered.path == fresh.path
    assert variant_checks.Verdicts().old[str(path)]["spec"]["settings"] == fresh.settings


def test_a_warm_start_imports_no_rules_and_no_yaml(tmp_path):
    code = ("import sys; from cardtable import variants; variants.discover(); e = variants.discover(); "
            "assert all(x.error is None for x in e), e; "
            "import importlib; [sys.modules.pop(m) for m in list(sys.modules) if m.startswith('cardtable.games.')]; "
            "print('ok')")
    env = {"CARDTABLE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)
    assert first.returncode == 0, first.stderr
    probe = ("import sys; from cardtable import variants; e = variants.discover(); "
             "assert all(x.error is None for x in e); "
             "print(sorted(m for m in sys.modules if m.rpartition('.')[2] in ('rules', 'state', 'checks')"
             " or m in ('yaml', 'cardtable.schema', 'importlib.metadata')))")
    warm = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=False)
    assert warm.returncode == 0, warm.stderr
    assert warm.stdout.strip() == "[]"


def test_the_code_that_checks_variants_is_stamped():
    root = Path(variant_checks.__file__).parent
    assert all((root / name).is_file() for name in variant_checks._SHARED)
    assert {"variants.py", "variant_schemas.py", "schema.py", "games/definition.py"} <= set(variant_checks._SHARED)
