"""`jlir.batch.map_ordered`, the one parallel path: results in input order, streamed with a bounded number of
chunks out, chunks cut by weight, the first failure raised in its turn, the work inherited by forked workers
(a closure needs no pickling), and a dead worker's chunk worked on here."""
from __future__ import annotations

import os
import signal

import pytest

from jlir.batch import map_ordered
from jlir.batch.ordered import _chunks


def _inverse(x):
    return 1 / x


def test_map_ordered_raises_the_first_failure_in_input_order_after_the_values_before_it():
    got = []
    with pytest.raises(ZeroDivisionError):
        for v in map_ordered(_inverse, [1, 2, 0, 4, 0], jobs=2, chunk=1):
            got.append(v)
    assert got == [1.0, 0.5]
    assert list(map_ordered(_inverse, [1, 2, 4], jobs=2, chunk=1)) == [1.0, 0.5, 0.25]


def test_chunks_are_cut_by_weight_in_input_order():
    sizes = [5, 1, 1, 1, 9, 2, 2, 2, 2]
    parts = list(_chunks(range(len(sizes)), sizes.__getitem__, 4, 2))
    assert [i for p in parts for i in p] == list(range(len(sizes)))
    assert parts == [[0], [1, 2, 3], [4], [5, 6], [7, 8]]
    # by default a worker gets about four chunks of the whole weight
    assert len(list(_chunks(list(range(80)), None, None, 2))) == 8


def test_a_closure_is_inherited_by_the_forked_workers_not_pickled():
    table = {i: i * i for i in range(50)}
    pid = os.getpid()
    got = list(map_ordered(lambda i: (table[i], os.getpid() != pid), range(50), jobs=2, chunk=5))
    assert [v for v, _ in got] == [i * i for i in range(50)]
    assert all(elsewhere for _, elsewhere in got)


def test_results_are_streamed_with_a_bounded_number_of_chunks_out(tmp_path):
    log = tmp_path / "started"

    def work(i):
        with open(log, "a") as f:
            f.write(f"{i}\n")
        return i
    results = map_ordered(work, range(1000), jobs=2, chunk=1)
    assert next(results) == 0
    import time
    time.sleep(0.5)  # the workers had time to do all they were given
    started = len(log.read_text().split())
    results.close()
    assert started <= 2 * 2 + 2, started  # the window (2 × workers + 1 chunks) and the one read


def test_a_dead_workers_chunk_is_worked_on_here():
    parent = os.getpid()

    def work(i):
        if i == 7 and os.getpid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)  # as the OOM killer would
        return i
    assert list(map_ordered(work, range(40), jobs=2, chunk=3)) == list(range(40))


def test_one_job_works_here_lazily():
    seen = []
    results = map_ordered(lambda i: seen.append(i) or i, range(10), jobs=1)
    assert seen == [] and next(results) == 0 and seen == [0]
