"""The oracle's sources besides Base (oracle.py `--module`, `--include`): which record files Julia writes, cached.

A module's records: `oracle.jl --module NAME` after `using NAME` and the exercise files, split over `jobs`
processes as Base's are (`--every jobs --offset j`).  `--tests` exercises a standard library by its own tests, run
once in another Julia with `--trace-compile` (its compiled signatures, written as `precompile(...)` statements,
are what the recording process evaluates: nothing of the tests runs there).  Files: `oracle.jl --include` on
batches of files, one Julia process per batch, each batch's records cached by the files' contents, so a longer
run of the generator asks Julia only for the new programs.
"""
from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

__all__ = ["module_files", "include_files", "stdlib_names", "test_trace"]


def stdlib_dir(julia: list[str]) -> Path:
    out = subprocess.run([*julia, "--startup-file=no", "-e", "print(Sys.STDLIB)"], capture_output=True, text=True,
                         timeout=120, check=True)
    return Path(out.stdout.strip())


def stdlib_names(julia: list[str]) -> list[str]:
    """Every standard library this Julia ships (a folder of `Sys.STDLIB` with a `src/NAME.jl`)."""
    root = stdlib_dir(julia)
    return sorted(p.name for p in root.iterdir() if (p / "src" / f"{p.name}.jl").exists())


def _killed(proc: subprocess.Popen) -> None:
    """Interrupt the process group (Julia flushes its trace on an interrupt), then kill what is left."""
    for sig, wait in ((signal.SIGINT, 30), (signal.SIGKILL, 30)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


def test_trace(julia: list[str], name: str, cache: Path, seconds: float) -> Path:
    """`precompile` statements of what the standard library `name`'s own tests compile (`--trace-compile`), run
    for at most `seconds` in a scratch folder (the tests write files; a test that spawns workers is killed with
    its process group).  Cached as `exercise-NAME.jl`."""
    dest = cache / f"exercise-{name}.jl"
    if dest.exists():
        return dest
    runtests = stdlib_dir(julia) / name / "test" / "runtests.jl"
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f"jlir-exercise-{name}-") as work:
        trace = Path(work) / "trace.jl"
        depot = Path(work) / "depot"   # what the tests install (Pkg's) goes to a depot of their own
        code = (f"empty!(DEPOT_PATH); push!(DEPOT_PATH, {json.dumps(str(depot))}); "
                f"using {name}; include({json.dumps(str(runtests))})")
        proc = subprocess.Popen([*julia, "--startup-file=no", f"--trace-compile={trace}", "-e", code], cwd=work,
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
        try:
            proc.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            print(f"oracle: {name}'s tests stopped after {seconds:.0f} s", file=sys.stderr)
        finally:
            _killed(proc)
        text = trace.read_text(encoding="utf-8", errors="replace") if trace.exists() else ""
    tmp = dest.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, dest)
    return dest


def module_files(generate, julia: list[str], names: list[str], exercises: list[Path], cache: Path, jobs: int,
                 regenerate: bool, every: int = 1) -> list[Path]:
    """The record files of the modules `names` (each module apart: one file per module and job)."""
    todo, files = [], []
    for name in names:
        stem = f"module-{name}" + (f"-{_digest(exercises)}" if exercises else "") + (f"-every{every}" if every > 1
                                                                                      else "")
        for j in range(jobs):
            dest = cache / f"{stem}-part{j + 1}of{jobs}.jsonl.gz"
            files.append(dest)
            if regenerate or not dest.exists():
                args = ["--module", name] + [a for e in exercises for a in ("--exercise", str(e))]
                todo.append((args + ["--every", str(every * jobs), "--offset", str(j * every)], dest))
    _run(generate, julia, todo, jobs)
    return files


def include_files(generate, julia: list[str], paths: list[Path], label: str | None, cache: Path, jobs: int,
                  regenerate: bool, batch: int) -> list[Path]:
    """The record files of `paths`, `batch` files per Julia process, each batch cached by its files' contents.

    A batch Julia cannot record (Julia itself aborts: 1.5.3's LLVM rejects the code of some generated programs,
    `Illegal inttoptr`) is split in halves and each recorded again, so that such a program loses only itself; a
    single file that fails is named and left out."""
    parts, files = [paths[k:k + batch] for k in range(0, len(paths), batch)], []
    while parts:
        todo, placed = [], []
        for part in parts:
            dest = cache / f"include-{_digest(part, label)}.jsonl.gz"
            placed.append((part, dest))
            if regenerate or not dest.exists():
                todo.append((["--include", *map(str, part)] + (["--source", label] if label else []), dest))
        _run(generate, julia, todo, jobs)
        parts = []
        for part, dest in placed:
            if dest.exists():
                files.append(dest)
            elif len(part) > 1:
                parts += [part[:len(part) // 2], part[len(part) // 2:]]
            else:
                print(f"oracle: {part[0]} left out: Julia could not record it", file=sys.stderr)
    return files


def _run(generate, julia, todo, jobs) -> None:
    if not todo:
        return
    print(f"oracle: Julia records {len(todo)} part(s) …", file=sys.stderr)
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [(pool.submit(generate, julia, a, d), d) for a, d in todo]
        for future, dest in futures:
            try:
                future.result()
            except SystemExit as e:   # one part Julia could not record: said, and left out
                print(f"{e} (no {dest.name})", file=sys.stderr)


def _digest(paths, label: str | None = None) -> str:
    """A short hash of the files' names and contents (and the label): a changed file is asked of Julia again."""
    h = hashlib.sha1((label or "").encode())
    for p in paths:
        h.update(Path(p).name.encode() + b"\0" + Path(p).read_bytes() + b"\0")
    return h.hexdigest()[:16]
