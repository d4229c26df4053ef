"""The parsed model of every committed Julia fixture, pinned as a syrupy snapshot per Julia version.

See tests/support/model_snapshot.py for the layout.  The `base_*` cases, whole Base
methods of up to 2,500 lines, are left out to keep the snapshots small; the
round-trip tests cover them.
"""
from __future__ import annotations

import pytest

from conftest import ir_fixture_files
from support.model_snapshot import model_snapshot, model_text

FILES = [p for p in ir_fixture_files() if not p.name.startswith("base_")]


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_parsed_model_of_a_committed_fixture_matches_its_snapshot(path, snapshot):
    version = path.parent.name.removeprefix("julia-")
    assert model_text(path.read_text(encoding="utf-8"), path.name) == model_snapshot(snapshot, version, path.stem)


def test_every_snapshot_belongs_to_a_committed_fixture():
    """Syrupy cannot tie a snapshot named by fixture to a test, so it would not report a stale one: this does."""
    from support.model_snapshot import SNAPSHOTS
    expected = {(p.parent.name, p.stem) for p in FILES}
    stored = {(p.parent.name, p.stem) for p in SNAPSHOTS.glob("julia-*/*.json")}
    assert stored - expected == set(), "snapshots of no committed fixture (delete them)"
    assert expected - stored == set(), "fixtures without a snapshot (run pytest --snapshot-update and review)"
