"""Golden tests against a real Julia: regenerated output equals the committed fixtures, and round-trips.

They need a Julia: `$JLIR_JULIA` (scripts/test.sh sets it after running
scripts/install-julia.sh, so CI runs them).  Without one they are skipped
with a message saying which Julia was looked for.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

import jlir
from conftest import FIXTURES, ROOT

JULIA = os.environ.get("JLIR_JULIA") or shutil.which("julia")
CASES = ["loops", "exceptions", "union_nothing", "closures", "multi_method"]

pytestmark = pytest.mark.skipif(
    not JULIA, reason="no Julia: looked for $JLIR_JULIA and `julia` on PATH (run scripts/install-julia.sh)")


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory):
    out = tmp_path_factory.mktemp("regen")
    run = subprocess.run([sys.executable, str(ROOT / "scripts" / "regen_fixtures.py"), "--julia", JULIA,
                          "--out", str(out), "--cases", ",".join(CASES)],
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr
    (version_dir,) = out.glob("julia-*")
    return version_dir


def test_regenerated_fixtures_equal_the_committed_ones(regenerated):
    committed = FIXTURES / regenerated.name
    if not committed.is_dir():
        pytest.skip(f"no committed fixtures for {regenerated.name}")
    produced = sorted(p for p in regenerated.iterdir() if p.suffix in (".txt", ".json") and p.name != "MANIFEST.json")
    assert produced, "Julia produced no fixture"
    drift = []
    for p in produced:
        want = (committed / p.name).read_text(encoding="utf-8")
        got = p.read_text(encoding="utf-8")
        if got != want:
            drift.append(p.name)
    assert not drift, f"regenerated output differs from the committed fixtures: {drift}"


def test_live_julia_output_round_trips(regenerated):
    for p in sorted(regenerated.glob("*.txt")):
        text = p.read_text(encoding="utf-8")
        assert jlir.format(jlir.parse(text, p.name)) == text, p.name


@pytest.fixture(scope="module")
def base_forms(tmp_path_factory):
    """Every form of 150 Base method instances, printed by the real Julia: input jlir has never seen."""
    out = tmp_path_factory.mktemp("base-forms")
    run = subprocess.run([JULIA, str(ROOT / "scripts" / "gen_base_forms.jl"), str(out), "--limit", "150",
                          "--every", "40"], capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr
    return out


@pytest.mark.parametrize("form", ["lowered", "lowered-source", "typed-unoptimized", "typed-source", "warntype",
                                  "ircode", "cfg"])
def test_unseen_base_methods_print_back_exactly_in_every_form(base_forms, form):
    dumps = [d for d in (base_forms / f"{form}.txt").read_text(encoding="utf-8").split("\0") if d]
    assert len(dumps) > 100
    failures = []
    for text in dumps:
        try:
            if jlir.format(jlir.parse(text, form)) != text:
                failures.append(text.split("\n", 1)[0])
        except jlir.ParseError as e:
            failures.append(e.render())
    assert not failures, f"{len(failures)} of {len(dumps)} {form} dumps fail, e.g.:\n" + "\n".join(failures[:3])
