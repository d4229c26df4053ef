"""Golden tests against real Julias: regenerated output equals the committed fixtures, reads back, matches its snapshot.

For each Julia of conftest.live_julias() (`$JLIR_TEST_JULIAS`, else the one
jlir.live finds; scripts/test.sh installs 1.5.3, so CI runs them) every case
of fixtures/cases is regenerated into a temporary folder with
scripts/gen/regen_fixtures.py and compared with `fixtures/julia-<version>/`.
Without any Julia these tests are skipped with a message saying which Julia was
looked for.
"""
from __future__ import annotations

import difflib
import json
import subprocess
import sys

import pytest

import jlir
from conftest import FIXTURES, NO_JULIA, ROOT, live_julias
from jlir.live.locate import resolve
from support.model_snapshot import model_snapshot, model_text

JULIAS = live_julias()
pytestmark = pytest.mark.skipif(not JULIAS, reason=NO_JULIA)


@pytest.fixture(scope="module", params=JULIAS or [None])
def regenerated(request, tmp_path_factory):
    """`julia-<version>/` as regenerated now by one Julia (every case, every form it prints)."""
    out = tmp_path_factory.mktemp("regen")
    run = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen" / "regen_fixtures.py"), "--julia", request.param,
                          "--out", str(out)], capture_output=True, text=True, timeout=1200)
    assert run.returncode == 0, run.stderr[-3000:]
    (version_dir,) = out.glob("julia-*")
    return version_dir


def fixture_texts(folder):
    """The fixtures a plain regeneration writes (the files its MANIFEST lists, but the Base reference sample,
    which needs `--base-sample`), with Julia's recorded runs (`runs.tsv`) and the callee dumps (`callees/<case>/`)."""
    listed = set(json.loads((folder / "MANIFEST.json").read_text(encoding="utf-8"))["files"])
    return {p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*"))
            if p.is_file() and p.relative_to(folder).as_posix() in listed and p.suffix != ".gz"
            and not p.name.startswith("reference-base")}


def test_regenerated_fixtures_equal_the_committed_ones(regenerated):
    committed = FIXTURES / regenerated.name
    if not committed.is_dir():
        pytest.skip(f"no committed fixtures for {regenerated.name}: run scripts/gen/regen_fixtures.py with that Julia "
                    "and commit fixtures/" + regenerated.name)
    produced, expected = fixture_texts(regenerated), fixture_texts(committed)
    assert produced, "Julia produced no fixture"
    drift = [name for name in sorted(set(produced) | set(expected)) if produced.get(name) != expected.get(name)]
    report = []
    for name in drift[:3]:
        report += difflib.unified_diff(expected.get(name, "").splitlines(), produced.get(name, "").splitlines(),
                                       f"committed/{name}", f"regenerated/{name}", lineterm="", n=2)
    assert not drift, (f"{len(drift)} fixture(s) of {regenerated.name} drifted: {drift[:20]}\n"
                       + "\n".join(report[:120]))


def test_live_julia_output_round_trips(regenerated):
    failures = []
    for p in sorted(regenerated.glob("*.txt")):
        text = p.read_text(encoding="utf-8")
        try:
            if jlir.format(jlir.parse(text, p.name)) != text:
                failures.append(p.name)
        except jlir.ParseError as e:
            failures.append(e.render())
    assert not failures, f"{len(failures)} live dumps do not print back exactly: {failures[:5]}"


def test_live_julia_output_reads_as_its_model_snapshot(regenerated, snapshot):
    version = regenerated.name.removeprefix("julia-")
    files = [p for p in sorted(regenerated.glob("*.txt")) if not p.name.startswith("base_")]
    assert files
    for p in files:
        assert model_text(p.read_text(encoding="utf-8"), p.name) == model_snapshot(snapshot, version, p.stem), p.name


@pytest.fixture(scope="module")
def base_forms(tmp_path_factory):
    """Every form of 150 Base method instances, printed by the real Julia: input jlir has never seen."""
    out = tmp_path_factory.mktemp("base-forms")
    julia = resolve(JULIAS[0], "--julia").argv
    run = subprocess.run([*julia, str(ROOT / "scripts" / "gen" / "gen_base_forms.jl"), str(out), "--limit", "150",
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
