"""`jlir.batch.map_files` / `parse_files`: many files on any `concurrent.futures.Executor`, results in input order,
each file's error its own result; a process pool here, a real `dask.distributed` LocalCluster where dask is
installed (`pip install jlir[cluster]`)."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import jlir
from jlir import analysis as A
from jlir import batch

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "fixtures" / "julia-1.5.3").glob("*.typed.txt"))[:8]


@pytest.fixture(scope="module")
def paths(tmp_path_factory):
    bad = tmp_path_factory.mktemp("batch") / "bad.txt"
    bad.write_text("CodeInfo(\n1 ─ %1 = foo(\n)\n", encoding="utf-8")
    return FILES[:3] + [bad, bad.parent / "missing.txt"] + FILES[3:]


def _check(got, paths):
    got = list(got)
    assert [p.path for p in got] == [str(p) for p in paths]
    for p, path in zip(got, paths):
        if path.name == "bad.txt":
            assert p.document is None and p.error.startswith(f"{path}:2:14: error:")
        elif path.name == "missing.txt":
            assert p.document is None and "No such file" in p.error
        else:
            assert p.error is None and jlir.format(p.document) == path.read_text(encoding="utf-8")


def test_files_parsed_in_processes_come_back_in_input_order_with_their_errors(paths):
    _check(batch.parse_files(paths, jobs=2), paths)


def test_any_executor_can_run_the_batch(paths):
    with ThreadPoolExecutor(3) as pool:
        _check(batch.parse_files(paths, executor=pool), paths)


def summary(doc) -> tuple:
    """What a user's function returns instead of the document: per function, its blocks, its loops and whether
    it verifies (module level: a cluster's workers unpickle it by name)."""
    out = []
    for f in jlir.functions(doc):
        out.append((len(A.cfg(f).blocks), len(A.loops(f).loops), not A.verify(f)))
    A.clear()
    return tuple(out)


def test_workers_return_what_the_function_returns_as_one_process_does(paths):
    one = list(batch.map_files(summary, paths))
    two = batch.map_files(summary, paths, jobs=2)
    assert iter(two) is two  # streamed: an iterator, not a list
    assert list(two) == one
    assert [r.error is None for r in one] == [p.name not in ("bad.txt", "missing.txt") for p in paths]
    assert all(type(r.value) is tuple and r.value for r in one if r.error is None)


def _refuse_loops(doc):
    if any(A.loops(f).loops for f in jlir.functions(doc)):
        raise jlir.JlirError("has a loop")
    return len(jlir.functions(doc))


def test_a_jlir_error_of_the_function_is_that_files_result(paths):
    one = list(batch.map_files(_refuse_loops, paths))
    assert one == list(batch.map_files(_refuse_loops, paths, jobs=2))
    assert any(r.error and r.error.endswith(": error: has a loop") for r in one)
    assert any(r.error is None for r in one)


def test_a_dask_local_cluster_runs_the_batch(paths):
    distributed = pytest.importorskip("distributed", reason="dask.distributed not installed (pip install jlir[cluster])")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cl, \
            distributed.Client(cl) as client:
        _check(batch.parse_files(paths, executor=client.get_executor()), paths)
        assert list(batch.map_files(summary, paths, executor=client.get_executor())) == \
            list(batch.map_files(summary, paths))
