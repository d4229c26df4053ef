#!/usr/bin/env python3
"""The differential oracle: every analysis and transform of jlir against Julia's own, on every display form.

    python3 scripts/check/oracle.py --sample 30                 # 30 Base instances, fresh from Julia: the quick loop
    python3 scripts/check/oracle.py --every 4 --jobs 2          # every 4th cached Base/Core instance (cached records)
    python3 scripts/check/oracle.py --every 1 --jobs 2          # all of Base, Core and Core.Compiler
    python3 scripts/check/oracle.py --from tests/data/oracle/records-1.5.3.jsonl.gz   # committed records, no Julia
    python3 scripts/check/oracle.py --sample 30 --julia /opt/julia-1.10/bin/julia     # another Julia
    python3 scripts/check/oracle.py --module Dates --tests --cache DIR     # a module's instances, after its tests
    python3 scripts/check/oracle.py --include mine.jl --cache DIR          # the instances of a file's methods
    python3 scripts/check/oracle.py --include gen/*.jl --source generated --batch 50    # generated programs

Julia's side is scripts/check/oracle.jl (one JSON record per method instance: its prints in every form and Julia's
answers), cached gzipped under ~/.cache/jlir/oracle-<julia version>/ (`--cache DIR`; `--regenerate` makes it
again).  jlir's side is jlir.oracle.  Prints the table (per check and form: equal, different by a documented
rule, wrong, refused) with the first examples of each class, and last `oracle: C checks, D differ, W wrong`.
Exit status 0 whatever the table says (it is a measurement), 2 when Julia cannot be run.
`--save FILE` keeps the records compared (gzipped JSONL) for a test to compare again without Julia.
`--module NAME` (every standard library: `--module stdlib`) and `--include FILE...` record other code than Base
(scripts/check/oracle_sources.py, oracle_sources.jl); the table then ends with one row per source, which
`--tally-out FILE` keeps and `--merge-tallies FILE...` puts together from several runs.
The interpreter row runs each instance of bits arguments on the arguments Julia ran it on, its callees' IR from
the records' typed prints and then from the live Julia (`--recorded-callees`: the records only; with `--from`,
a live Julia only when `--julia` or $JLIR_JULIA names one); `--callee-records FILE` adds the typed prints of other
records (`oracle.jl --callees`: every other cached instance) and `--builtin-callees` jlir's built-in Base methods.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(Path(__file__).resolve().parent))
from jlir.oracle import Tally, tally_records  # noqa: E402
import oracle_sources  # noqa: E402

GENERATOR = ROOT / "scripts" / "check" / "oracle.jl"


def find_julia(given: str | None) -> list[str]:
    """The command that runs Julia: `--julia`, else $JLIR_JULIA, PATH or jlir's cache (as jlir.live finds it)."""
    from jlir.live.errors import JuliaNotFound
    from jlir.live.locate import find_julia as locate
    try:
        return list(locate(given).argv)
    except JuliaNotFound as e:
        raise SystemExit(f"oracle: {e}") from None


def julia_version(julia: list[str]) -> str:
    out = subprocess.run([*julia, "--startup-file=no", "-e", "print(VERSION)"], capture_output=True, text=True,
                         timeout=120)
    if out.returncode:
        raise SystemExit(f"oracle: {julia} does not run: {out.stderr.strip()[:300]}")
    return out.stdout.strip()


def generate(julia: list[str], args: list[str], dest: Path) -> None:
    """Run oracle.jl with `args`, its records written gzipped to `dest` (atomically: a killed run leaves none)."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=dest.parent, prefix=".records-", suffix=".gz")
    os.close(fd)
    try:
        with gzip.open(tmp, "wb", compresslevel=5) as out, tempfile.TemporaryFile() as err:
            proc = subprocess.Popen([*julia, "--startup-file=no", str(GENERATOR), *args], stdout=subprocess.PIPE,
                                    stderr=err)
            for line in proc.stdout:
                out.write(line)
            if proc.wait():
                err.seek(0)
                said = [ln.strip() for ln in err.read().decode("utf-8", "replace").splitlines() if ln.strip()][:2]
                raise SystemExit(f"oracle: {GENERATOR.name} {' '.join(args)} failed (exit {proc.returncode}"
                                 + (f": {' / '.join(said)[:200]}" if said else "") + ")")
        os.replace(tmp, dest)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def case_specs() -> list[str]:
    """NAME=RANK=FILE of every fixture case, in rank order (the order the fixture script loads them in)."""
    manifest = json.loads((ROOT / "fixtures" / "julia-1.5.3" / "MANIFEST.json").read_text(encoding="utf-8"))
    cases = sorted(manifest["cases"].items(), key=lambda kv: kv[1]["rank"])
    return [f"{name}={c['rank']}={ROOT / c['file']}" for name, c in cases]


def read_records(path: Path):
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def callees_of(files: list[Path], julia: list[str] | None, builtin: bool = False, runs_file: str | None = None,
               programs: list[str] = ()):
    """The interpreter row's callee IR: every record's typed print, then jlir's built-in Base methods (`builtin`),
    then (with a Julia) the live Julia's.  A record's vararg flag and static parameters are its runs' (an
    `--interp-forms` record takes them from `runs_file`): without them a vararg callee of one trailing argument
    would take it unpacked.  `programs` (the `--include` files): a record of one of them runs with the file
    evaluated in the live Julia, in its names (`jlir.oracle.programs`)."""
    from jlir.oracle.interp import Chain, RecordCallees
    records = list(with_runs((r for f in files for r in read_records(f)), runs_file))
    recorded = RecordCallees(records)
    after = []
    if builtin:
        from jlir.interp.builtin import BaseProvider
        after.append(BaseProvider())
    if julia is None:
        return Chain(recorded, *after) if after else recorded
    from jlir.live import Julia
    from jlir.live.provider import LiveProvider
    jl = Julia(julia[0])
    chain = Chain(recorded, *after, LiveProvider(jl))
    if not programs:
        return chain
    from jlir.oracle.programs import ProgramCallees
    return ProgramCallees(records, chain, tuple(after), jl, {Path(p).name: p for p in programs})


def with_runs(records, runs_file: str | None):
    """The records, each lacking `interp` given the runs of the same instance in `runs_file` (`oracle.jl
    --interp-forms` prints the forms; an earlier `--interp` file holds Julia's runs).  An instance is known by its
    `target` (the signature with the function's type: `mi` reads alike for `Base./` and `Core.Compiler./`)."""
    if runs_file is None:
        yield from records
        return
    runs = {r["target"]: r["interp"] for r in read_records(Path(runs_file)) if "interp" in r and "target" in r}
    for r in records:
        if "interp" not in r and r.get("target") in runs:
            r["interp"] = runs[r["target"]]
        yield r


def _tally_file(args) -> Tally:
    path, keep, files, julia, builtin, part, parts, runs_file, log, programs = args
    callees = callees_of([Path(f) for f in files], julia, builtin, runs_file, programs)
    records = with_runs((r for k, r in enumerate(read_records(Path(path))) if k % parts == part), runs_file)
    try:
        return tally_records(records, keep=keep, callees=callees, log=log)
    finally:
        for p in getattr(callees, "providers", ()):
            if hasattr(p, "jl"):
                p.jl.close()


def chunk_files(julia: list[str], cache: Path, every: int, jobs: int, regenerate: bool, limit: int | None) -> list[Path]:
    """The record files of every `every`-th instance, one per job (made with `jobs` Julia processes at once)."""
    step = every * jobs
    wanted = [(cache / f"records-every{every}-part{j + 1}of{jobs}{'-limit%d' % limit if limit else ''}.jsonl.gz",
               ["--every", str(step), "--offset", str(j * every)] + (["--limit", str(limit)] if limit else []))
              for j in range(jobs)]
    todo = [(dest, a) for dest, a in wanted if regenerate or not dest.exists()]
    if todo:
        print(f"oracle: Julia prints {len(todo)} part(s) into {cache} …", file=sys.stderr)
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            list(pool.map(generate, [julia] * len(todo), [a for _, a in todo], [d for d, _ in todo]))
    return [dest for dest, _ in wanted]


def compare(files: list[Path], jobs: int, keep: int, julia: list[str] | None = None,
            callee_files: list[Path] = (), builtin: bool = False, runs_file: Path | None = None,
            log: bool = False, programs: list[str] = ()) -> Tally:
    """The tally of every record of `files`; with fewer files than jobs (`--from`), each file's records are
    shared among the jobs.  `callee_files`: records whose typed prints serve only as callees; `log`: keep every
    outcome but equal (`Tally.log`)."""
    total = Tally(keep=keep, log=[] if log else None)
    every = [str(f) for f in files] + [str(f) for f in callee_files]
    parts = max(1, jobs // len(files))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for t in pool.map(_tally_file, [(str(f), keep, every, julia, builtin, j, parts,
                                         None if runs_file is None else str(runs_file), log, list(programs))
                                        for f in files for j in range(parts)]):
            total.merge(t)
    return total


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sample", type=int, metavar="N", help="N instances spread over Base, printed afresh (no cache)")
    ap.add_argument("--cases", action="store_true", help="the fixture cases (fixtures/cases/*.jl), printed afresh")
    ap.add_argument("--every", type=int, default=None, metavar="K", help="every K-th cached instance (1: all)")
    ap.add_argument("--limit", type=int, default=None, help="at most this many instances per part")
    ap.add_argument("--from", dest="source", type=Path, help="compare these records (JSONL, .gz allowed); no Julia")
    ap.add_argument("--julia", help="the Julia to ask (default $JLIR_JULIA, else the one jlir.live finds)")
    ap.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1, help="processes (Julia's and ours)")
    ap.add_argument("--cache", type=Path, help="where Julia's records are kept (default ~/.cache/jlir/oracle-VERSION)")
    ap.add_argument("--regenerate", action="store_true", help="ask Julia again even where records are cached")
    ap.add_argument("--examples", type=int, default=3, help="examples shown per class")
    ap.add_argument("--save", type=Path, help="also write the records compared here (gzipped JSONL)")
    ap.add_argument("--recorded-callees", action="store_true",
                    help="the interpreter row takes callee IR from the records only, never from a live Julia")
    ap.add_argument("--callee-records", type=Path, action="append", default=[], metavar="FILE",
                    help="records whose typed prints serve the interpreter row as callees only "
                         "(`oracle.jl --callees`: every instance the row does not run)")
    ap.add_argument("--builtin-callees", action="store_true",
                    help="the interpreter row also takes callees from jlir's built-in Base methods (package data)")
    ap.add_argument("--runs-from", type=Path, metavar="FILE",
                    help="the interpreter row's runs for records without them (`oracle.jl --interp-forms`), from "
                         "an earlier `oracle.jl --interp` file, by instance")
    ap.add_argument("--module", action="append", default=[], metavar="NAME",
                    help="the instances of this module's methods (comma-separated allowed; `stdlib`: every "
                         "standard library, each apart)")
    ap.add_argument("--tests", action="store_true", help="with --module: exercise each module by its own tests "
                                                         "(run once with --trace-compile, cached)")
    ap.add_argument("--test-seconds", type=float, default=900, help="how long a module's tests may run")
    ap.add_argument("--exercise", type=Path, action="append", default=[], metavar="FILE",
                    help="with --module: Julia code evaluated before the instances are taken")
    ap.add_argument("--include", type=Path, nargs="+", default=[], metavar="FILE",
                    help="the instances of these files' methods (each evaluated in Main as its base name)")
    ap.add_argument("--source", dest="label", help="with --include: the source the records count under")
    ap.add_argument("--programs", type=Path, nargs="+", default=[], metavar="FILE",
                    help="with --from: the files the records' `file` names (as --include evaluates them in the "
                         "live Julia for the interpreter row)")
    ap.add_argument("--batch", type=int, default=50, help="with --include: files per Julia process")
    ap.add_argument("--tally-out", type=Path, help="also write the tally (JSON) for --merge-tallies")
    ap.add_argument("--outcomes", type=Path, help="also write every outcome but equal, one JSON line each (source, "
                                                   "instance, check, form, verdict, detail): for triage")
    ap.add_argument("--merge-tallies", type=Path, nargs="+", metavar="FILE",
                    help="print the table of these tallies together (no records read)")
    a = ap.parse_args(argv)
    if a.merge_tallies:
        total = Tally(keep=a.examples)
        for f in a.merge_tallies:
            total.merge(Tally.from_json(json.loads(f.read_text(encoding="utf-8"))))
        print(total.render())
        return 0
    julia = None
    if a.module or a.include:
        julia = find_julia(a.julia)
        cache = a.cache or Path.home() / ".cache" / "jlir" / f"oracle-{julia_version(julia)}"
        jobs = max(1, a.jobs)
        if a.include:
            files = oracle_sources.include_files(generate, julia, [p.resolve() for p in a.include], a.label, cache,
                                                 jobs, a.regenerate, a.batch)
        else:
            names = [n for m in a.module for n in m.split(",") if n]
            if names == ["stdlib"]:
                names = oracle_sources.stdlib_names(julia)
            files = []
            for name in names:
                exercises = [p.resolve() for p in a.exercise]
                if a.tests:
                    exercises.append(oracle_sources.test_trace(julia, name, cache, a.test_seconds))
                files += oracle_sources.module_files(generate, julia, [name], exercises, cache, jobs, a.regenerate,
                                                     a.every or 1)
        files = [f for f in files if f.exists()]
    elif a.source:
        files = [a.source]
        if not a.recorded_callees and (a.julia or os.environ.get("JLIR_JULIA")):
            julia = find_julia(a.julia)
    else:
        julia = find_julia(a.julia)
        version = julia_version(julia)
        if a.cases:
            files = [Path(tempfile.mkdtemp(prefix="jlir-oracle-")) / "cases.jsonl.gz"]
            generate(julia, ["--cases", *case_specs()], files[0])
        elif a.sample:
            count = int(subprocess.run([*julia, "--startup-file=no", str(GENERATOR), "--list"], capture_output=True,
                                       text=True, check=True).stdout.split()[-1])
            step = max(1, count // a.sample)
            tmpdir = Path(tempfile.mkdtemp(prefix="jlir-oracle-"))
            files = [tmpdir / "sample.jsonl.gz"]
            generate(julia, ["--every", str(step), "--limit", str(a.sample)], files[0])
        else:
            cache = a.cache or Path.home() / ".cache" / "jlir" / f"oracle-{version}"
            files = chunk_files(julia, cache, a.every or 1, max(1, a.jobs), a.regenerate, a.limit)
    if a.save:
        with gzip.open(a.save, "wt", encoding="utf-8", compresslevel=9) as out:
            for f in files:
                for r in read_records(f):
                    out.write(json.dumps(r, ensure_ascii=False) + "\n")
    programs = [str(p.resolve()) for p in a.include + a.programs]
    tally = compare(files, max(1, a.jobs), a.examples, None if a.recorded_callees else julia, a.callee_records,
                    a.builtin_callees, a.runs_from, log=a.outcomes is not None, programs=programs)
    if a.outcomes:
        with open(a.outcomes, "w", encoding="utf-8") as out:
            for row in tally.log:
                out.write(json.dumps(dict(zip(("source", "instance", "check", "form", "verdict", "detail"), row)),
                                     ensure_ascii=False) + "\n")
    if a.tally_out:
        a.tally_out.write_text(json.dumps(tally.to_json()), encoding="utf-8")
    print(tally.render())
    return 0


if __name__ == "__main__":
    sys.exit(main())
