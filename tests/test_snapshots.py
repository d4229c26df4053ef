"""The parsed model of every Julia 1.5.3 fixture, pinned as a syrupy snapshot of its JSON.

The snapshot is `jlir.to_json` indented as usual, except that each statement
and block sits compact on one line, so a change in how a statement is
modelled shows up as a one-line diff.  (The six `base_*` cases, whole Base
methods of up to 2,500 lines, are left out to keep the snapshots small; the
round-trip tests cover them.)  After an intended model change:
`pytest tests/test_snapshots.py --snapshot-update`, then review the diff.
"""
from __future__ import annotations

import json

import pytest
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

import jlir
from conftest import ir_fixture_files

FILES = [p for p in ir_fixture_files() if p.parent.name == "julia-1.5.3" and not p.name.startswith("base_")]


class JSONTextSnapshot(SingleFileSnapshotExtension):
    """One `.json` file per test, holding the text `model_json` made."""
    _write_mode = WriteMode.TEXT
    file_extension = "json"


@pytest.fixture
def snapshot_json(snapshot):
    return snapshot.use_extension(JSONTextSnapshot)


def model_json(data, indent: str = "") -> str:
    """Indented JSON, except that each statement and block stays compact on one line."""
    inner = indent + "  "
    if isinstance(data, dict):
        if not data:
            return "{}"
        items = []
        for key, value in data.items():
            if key in ("stmts", "blocks") and isinstance(value, list) and value:
                lines = ",\n".join(inner + "  " + json.dumps(v, ensure_ascii=False, separators=(",", ":"))
                                   for v in value)
                items.append(f'{inner}"{key}": [\n{lines}\n{inner}]')
            else:
                items.append(f"{inner}{json.dumps(key)}: {model_json(value, inner)}")
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(data, list):
        if not data:
            return "[]"
        return "[\n" + ",\n".join(inner + model_json(v, inner) for v in data) + "\n" + indent + "]"
    return json.dumps(data, ensure_ascii=False)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_parsed_model_of_a_julia_1_5_3_fixture_matches_its_snapshot(path, snapshot_json):
    data = jlir.to_json(jlir.parse(path.read_text(encoding="utf-8"), path.name))
    text = model_json(data) + "\n"
    assert json.loads(text) == data
    assert text == snapshot_json
