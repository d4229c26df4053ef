"""`jlir.batch`: many files on any `concurrent.futures.Executor`, results in input order; a process pool here,
a real `dask.distributed` LocalCluster where dask is installed (`pip install jlir[cluster]`)."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import jlir
from jlir import batch

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "fixtures" / "julia-1.5.3").glob("*.typed.txt"))[:8]


@pytest.fixture(scope="module")
def paths(tmp_path_factory):
    bad = tmp_path_factory.mktemp("batch") / "bad.txt"
    bad.write_text("CodeInfo(\n1 ─ %1 = foo(\n)\n", encoding="utf-8")
    return FILES[:3] + [bad, bad.parent / "missing.txt"] + FILES[3:]


def _check(got, paths):
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


def test_map_ordered_raises_the_first_failure_in_input_order():
    with pytest.raises(ZeroDivisionError):
        batch.map_ordered(_inverse, [1, 2, 0, 4], jobs=2)
    assert batch.map_ordered(_inverse, [1, 2, 4], jobs=2) == [1.0, 0.5, 0.25]


def _inverse(x):
    return 1 / x


def test_a_dask_local_cluster_runs_the_batch(paths):
    distributed = pytest.importorskip("distributed", reason="dask.distributed not installed (pip install jlir[cluster])")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cl, \
            distributed.Client(cl) as client:
        _check(batch.parse_files(paths, executor=client.get_executor()), paths)
