"""Syrupy snapshots of the parsed model of a fixture, one folder per Julia version.

`tests/__snapshots__/julia-<version>/<case>.<form>.json` holds `jlir.to_json`
of that fixture, indented as usual except that each statement and block sits
compact on one line, so a change in how a statement is modelled shows up as a
one-line diff.  Snapshots are named by fixture, not by test, so the
committed-fixture test and the live-Julia test check the same file; and syrupy
only looks for unused snapshots in the folders a run asserted against, so a run
that has some Julia versions and not others does not fail on the others'
snapshots.  After an intended model change: `pytest --snapshot-update`, then
review the diff.
"""
from __future__ import annotations

import functools
import json
from pathlib import Path

from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

import jlir

SNAPSHOTS = Path(__file__).resolve().parents[1] / "__snapshots__"


class ModelSnapshot(SingleFileSnapshotExtension):
    """One `.json` file per fixture in the folder of one Julia version (`version`, set by a subclass)."""
    _write_mode = WriteMode.TEXT
    file_extension = "json"
    version = ""

    @classmethod
    def dirname(cls, *, test_location) -> str:
        return str(SNAPSHOTS / f"julia-{cls.version}")

    @classmethod
    def get_snapshot_name(cls, *, test_location, index=0) -> str:
        return str(index)  # the fixture's name, given as snapshot(name=…)


@functools.cache
def _extension(version: str) -> type[ModelSnapshot]:
    return type(f"ModelSnapshot_{version.replace('.', '_').replace('-', '_')}", (ModelSnapshot,),
                {"version": version})


def model_snapshot(snapshot, version: str, fixture: str):
    """The snapshot of fixture `<fixture>.txt` printed by Julia `version`."""
    return snapshot.use_extension(_extension(version))(name=fixture)


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


def model_text(text: str, name: str) -> str:
    """What a model snapshot holds for the dump `text`."""
    data = jlir.to_json(jlir.parse(text, name))
    out = model_json(data) + "\n"
    assert json.loads(out) == data
    return out
