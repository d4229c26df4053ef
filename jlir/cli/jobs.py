"""`-j N` / `--jobs N`: a verb's files worked on by N processes, its output exactly what `-j 1` writes.

A verb gives `each_file` its per-file work, `work(path, say) -> value`: it writes its answer with
`output.write`, its messages through `say` (or `output.err`), and returns a small value (an exit status, a
count).  With one job the work runs here, file after file, as it always did.  With more, the files go through
jlir's one parallel path (`jlir.batch.map_ordered`: forked workers that inherit the work, chunks of files sized
by bytes, results streamed in input order, workers that end with jlir): in a worker, each file's work runs with
standard output and standard error captured, and the parent replays each file's output, messages and value in
input order, so stdout is byte for byte that of `-j 1` and each message is the same located line.  Standard
input (`-`) is read here, in its turn: a worker must not race for it.
"""
from __future__ import annotations

import argparse
import functools
import io
import sys

from jlir.batch import file_size, jobs_count, map_ordered
from jlir.cli.output import OutputError, err


def add_jobs(sp) -> None:
    sp.add_argument("-j", "--jobs", type=_count, default=1, metavar="N",
                    help="work on N files at once in N processes (0: one per core); the output is in input "
                         "order, byte for byte what -j 1 writes")


def _count(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of processes, got {text!r}") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"expected 0 (one per core) or more processes, got {n}")
    return n


def each_file(args, paths, work, say=err):
    """`(path, work(path, say))` for every path, in order (see the module docstring)."""
    paths = list(paths)
    files = [p for p in paths if p != "-"]
    jobs = min(jobs_count(getattr(args, "jobs", 1)), len(files))
    if jobs < 2:
        for path in paths:
            yield path, work(path, say)
        return
    warm_reader()
    if sys.stdout is not None:
        sys.stdout.flush()  # a forked worker must not inherit (and write again) what is still buffered here
    results = map_ordered(functools.partial(_captured, work), files, jobs=jobs, weight=file_size)
    try:
        for path in paths:
            if path == "-":
                yield path, work(path, say)
                continue
            out, said, value = next(results)
            for message, raw in said:  # in the order they were written
                if not raw:
                    say(message)
                elif sys.stderr is not None:
                    sys.stderr.write(message)
            _write_bytes(out)
            yield path, value
    finally:
        results.close()


def warm_reader() -> None:
    """The reader imported and its tables loaded here, once, before the workers fork: not once per worker (a
    tenth of a second each)."""
    import jlir
    jlir.parse("CodeInfo(\n1 ─     return 1\n)\n")


class _Said:
    """A worker's standard error and `say` in one list, `(text, raw)`, so that they are replayed in order."""

    def __init__(self):
        self.said: list = []

    def say(self, message: str) -> None:
        self.said.append((message, False))

    def write(self, text: str) -> int:
        self.said.append((text, True))
        return len(text)

    def flush(self) -> None:
        pass


def _captured(work, path: str):
    """The work on one file, with what it writes kept: (stdout bytes, said, value).  In a worker; here too when a
    worker died and its files are worked on by the parent, so the streams are put back."""
    out = io.BytesIO()
    saved = sys.stdout, sys.stderr
    sys.stdout = text = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    sys.stderr = said = _Said()
    try:
        value = work(path, said.say)
    finally:
        sys.stdout, sys.stderr = saved
        text.flush()
    data = out.getvalue()
    text.detach()  # the bytes are kept; the wrapper, let go, must not close them
    return data, said.said, value


def _write_bytes(data: bytes) -> None:
    if not data:
        return
    if sys.stdout is None:
        raise OutputError("cannot write to standard output: it is closed")
    try:
        sys.stdout.buffer.write(data)
    except BrokenPipeError:
        raise
    except OSError as e:
        raise OutputError(f"cannot write to standard output: {e.strerror or e}") from None
