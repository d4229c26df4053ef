"""Many inputs at once, on every core or on a cluster, results in input order: jlir's one parallel path.

    >>> from jlir import batch
    >>> for r in batch.map_files(count_blocks, paths, jobs=0):      # every core; `executor=` for a cluster
    ...     print(r.path, r.error or r.value)

`map_files(fn, paths)` runs `fn(document)` where each file is read and streams back what it returns
(`jlir.batch.files`); `parse_files(paths)` brings the documents themselves; `map_ordered(work, items)` is the
path under both, under the CLI's `-j N` and under `jlir.passes.run_document(…, jobs=N)` (`jlir.batch.ordered`):
chunks sized by bytes, results streamed in input order, any `concurrent.futures.Executor` (a
`dask.distributed.Client(…).get_executor()` on a cluster), or forked workers that inherit the work and end with
the parent (`jlir.batch.pool`).
"""
from __future__ import annotations

from jlir.batch.files import Parsed, Result, file_size, map_files, parse_files
from jlir.batch.ordered import map_ordered
from jlir.batch.pool import jobs_count, process_pool

__all__ = ["Parsed", "Result", "map_files", "parse_files", "map_ordered", "jobs_count", "process_pool", "file_size"]
