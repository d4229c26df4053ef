"""`map_ordered`: jlir's one parallel path.  `work(x)` for every item, on every core or on a cluster, the results
streamed back in input order.

The CLI's `-j N` (`jlir.cli.jobs`), a document's passes (`jlir.passes.run_document(…, jobs=N)`) and the Python
API (`jlir.batch.map_files`, `parse_files`) all run through here:

* **chunks sized by weight** (bytes, for files): items go out in runs of consecutive items of about
  `total / (4 × workers)` each (at most `MAX_CHUNK`), so a worker gets a few tasks, not one per file, and
  the last ones still balance the load;
* **streamed in order**: an iterator; at most `2 × workers + 1` chunks are out at a time, so the results held
  at once are bounded whatever the number of items (100,000 files), and a consumer that stops reading stops the
  work;
* **any executor**: with none, a pool of forked workers that inherit `work` and everything the parent holds
  (`jlir.batch.pool`: only items and results cross, and workers end with the parent); or any
  `concurrent.futures.Executor`, e.g. `dask.distributed.Client(…).get_executor()`, to which `work` and the items
  are pickled (module-level functions; jlir's model pickles);
* **the first failure in input order**: the values of the items before it, then its exception, raised here; the
  chunks still out are cancelled and the pool's workers killed.  A worker that died (killed, out of memory) loses
  no item: its chunk, and any the broken pool could not take, are worked on here.
"""
from __future__ import annotations

import itertools
from collections import deque

from jlir.batch.pool import end_pool, jobs_count, process_pool, run_inherited, submit_first

__all__ = ["map_ordered", "MAX_CHUNK", "STREAM_CHUNK"]

MAX_CHUNK = 4 << 20     # a chunk's weight at most (4 MB of files): results come back as the work goes on
STREAM_CHUNK = 1 << 20  # a chunk's weight when the items come one by one (their total is unknown)


def map_ordered(work, items, *, executor=None, jobs: int | None = 1, weight=None, chunk: int | None = None):
    """An iterator of `work(x)` for `x` in `items`, in their order (see the module docstring).

    `jobs`: the number of forked workers when no `executor` is given (1: here, in this process, lazily; 0: one
    per core); with an executor, how many workers it has (chunks are cut for that many; default 8).
    `weight(x)`: an item's size (bytes of a file; default 1 per item); `chunk`: the weight of a chunk (default:
    a quarter of a worker's share when `items` has a length, else `STREAM_CHUNK` (64 items without `weight`)).
    """
    if executor is None and jobs_count(jobs) == 1:
        return map(work, items)
    workers = jobs_count(jobs) if executor is None or jobs and jobs > 1 else getattr(executor, "_max_workers", 8)
    return _ordered(work, _chunks(items, weight, chunk, workers), executor, workers)


def _chunks(items, weight, chunk: int | None, workers: int):
    """Lists of consecutive items, each of at most `chunk` weight, or one item heavier than that."""
    if hasattr(items, "__len__") and hasattr(items, "__getitem__"):
        weights = [1 for _ in items] if weight is None else [weight(x) for x in items]
        if chunk is None:
            chunk = min(MAX_CHUNK, max(1, sum(weights) // (4 * workers)))
        pairs = zip(items, weights)
    else:
        if chunk is None:
            chunk = 64 if weight is None else STREAM_CHUNK
        pairs = ((x, 1 if weight is None else weight(x)) for x in items)
    part, size = [], 0
    for x, w in pairs:
        if part and size + w > chunk:  # a heavy item starts a chunk of its own rather than overfill this one
            yield part
            part, size = [], 0
        part.append(x)
        size += w
        if size >= chunk:
            yield part
            part, size = [], 0
    if part:
        yield part


def _run_chunk(work, chunk: list) -> tuple[list, Exception | None]:
    """`work` on a chunk's items: their values, and the exception of the first that raised (None if none did);
    the items after it are not worked on, as a loop in one process would not reach them."""
    values = []
    for x in chunk:
        try:
            values.append(work(x))
        except Exception as e:  # returned, not raised: raised by the consumer in its turn, after the values before it
            return values, e
    return values, None


def _ordered(work, chunks, executor, workers: int):
    first = next(chunks, None)
    if first is None:
        return
    second = next(chunks, None)
    if second is None and executor is None:  # one chunk: no pool for it
        yield from _here(work, first)
        return
    chunks = itertools.chain([first, second], chunks)
    pool = None if executor is not None else process_pool(workers, work)
    submit = _submitter(pool, executor, work)
    pending: deque = deque()
    finished = False
    try:
        _top_up(submit, chunks, pending, 2 * workers + 1)
        while pending:
            chunk, future = pending.popleft()
            try:
                values, error = _run_chunk(work, chunk) if future is None else future.result()
            except Exception:  # not the work's exception (that is returned): the worker died, or the executor failed
                values, error = _run_chunk(work, chunk)
            _top_up(submit, chunks, pending, 2 * workers + 1)
            yield from values
            if error is not None:
                raise error
        finished = True
    finally:
        for _, future in pending:
            if future is not None:
                future.cancel()
        if pool is not None:
            end_pool(pool, abort=not finished)


def _here(work, chunk: list):
    values, error = _run_chunk(work, chunk)
    yield from values
    if error is not None:
        raise error


def _submitter(pool, executor, work):
    """`submit(chunk) -> future`: to our own pool (the work inherited, the first submission forking the workers),
    or to the caller's executor (the work sent with each chunk); None once submitting failed (a broken pool)."""
    state = {"first": True, "broken": False}

    def submit(chunk):
        if state["broken"]:
            return None
        try:
            if pool is None:
                return executor.submit(_run_chunk, work, chunk)
            if state["first"]:
                state["first"] = False
                return submit_first(pool, run_inherited, _run_chunk, chunk)
            return pool.submit(run_inherited, _run_chunk, chunk)
        except Exception:  # BrokenProcessPool, or an executor shut down under us: the rest is worked on here
            state["broken"] = True
            return None
    return submit


def _top_up(submit, chunks, pending: deque, window: int) -> None:
    """Submit chunks until `window` are out (a chunk without a future is worked on here, in its turn)."""
    while len(pending) < window:
        chunk = next(chunks, None)
        if chunk is None:
            return
        pending.append((chunk, submit(chunk)))
