#!/usr/bin/env python3
"""Regenerate the golden IR fixtures from real Julias.

Usage:
    python3 scripts/gen/regen_fixtures.py [--julia SPEC]... [--cases NAME[,NAME...]]...
                                      [--out ROOT] [--cases-dir DIR] [--base-sample]

SPEC is a path, a command on PATH, or `+CHANNEL` (juliaup: `--julia +1.10
--julia +1.11`); without --julia: `$JLIR_JULIA`, `julia` on PATH, jlir's Julia
cache, else scripts/install-julia.sh installs Julia 1.5.3.  For each Julia,
one Julia process (jlir.live's subprocess backend) evaluates every case of
`fixtures/cases/*.jl` and prints every form it can, into `ROOT/julia-<version>/`:

    <case>.<form>.txt   what Julia prints for that form (see jlir/live/jlir.jl)
    <case>.domtree.json Julia's immediate dominators of that IRCode's CFG
    runs.tsv            Julia's own result of each call a case declares on a
                        `# run: f(5); f(-3)` line (at the end of the case file),
                        evaluated after the case's forms are printed; and
    callees/<case>/     the callees jlir.interp needs to run that case's forms
                        (see jlir/live/caseruns.py)
    reference-*         Julia's own CFG, dominators, verify_ir verdict and SSA
                        construction data, per case and (`--base-sample`, slow)
                        for a sample of Base (see scripts/gen/reference_data.py;
                        Julia 1.5 only; without the flag the sample is kept)
    MANIFEST.json       Julia version and platform; per case its source, target,
                        rank; per file its case, form, command and sha256; the
                        forms Julia could not produce, with its error message

Cases run in the order of `fixtures/cases/order.txt`, whose line number is each
case's rank: it fixes the closure and gensym numbers a case prints, so a run
over some cases writes the same text as a full run.  Append new cases there.

The output folder is replaced atomically: everything is written into a
temporary folder beside it (`.julia-regen-<pid>-*`), which is swapped in only
when the run worked; a failed run leaves the old fixtures as they were.  The
swap is two renames (the old folder aside to `.julia-<version>.old-<pid>`, the
new one in).  A run killed between them, or whose second rename failed, is
repaired by the next run before it starts: the old folder is put back if no
folder stands at its name, and removed if the new one stands there; the
temporaries of runs that are no longer running are removed.  Both names are
in .gitignore.  The output is deterministic
(no timestamps or machine paths; sorted keys): an unchanged input gives no diff.
`--cases` regenerates only the named cases and keeps the files of the others.

Exit status: 0 on success (forms Julia cannot produce are recorded in the
manifest and listed on stderr); 1 when Julia failed, a fixture text was
unusable, or a case produced no form at all (nothing is swapped in then);
2 on bad usage.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # its helpers beside it, however it is loaded

from jlir.live import Julia, JuliaError, LiveError, JuliaNotFound  # noqa: E402
from jlir.live.locate import find_julia  # noqa: E402

from jlir.live import caseruns as case_runs  # noqa: E402
from fixture_swap import WORK_PREFIX, SwapError, recover, swap_in  # noqa: E402  (scripts/gen/fixture_swap.py)
import reference_data  # noqa: E402  (scripts/gen/reference_data.py)

INSTALL_SH = REPO / "scripts" / "install-julia.sh"
DEFAULT_CASES = REPO / "fixtures" / "cases"
DEFAULT_OUT = REPO / "fixtures"
MANIFEST = "MANIFEST.json"
ORDER = "order.txt"
DISPLAY = ("show(IOContext(io, :color=>false, :limit=>true, :module=>Main, :displaysize=>(24, 80)), "
           "MIME\"text/plain\"(), x) followed by one \"\\n\" (as the REPL's display); warntype and costs forms: "
           "exactly what they print to io")


class RegenError(Exception):
    pass



def log(msg: str) -> None:
    print(f"regen_fixtures: {msg}", file=sys.stderr, flush=True)


class Progress:
    """A progress bar on stderr: redrawn in place on a terminal, one line per case otherwise (CI logs)."""

    def __init__(self, total: int, label: str):
        self.total, self.label, self.done = total, label, 0
        self.tty = sys.stderr.isatty()

    def step(self, name: str, status: str) -> None:
        self.done += 1
        width = 30
        filled = width * self.done // self.total
        line = f"{self.label} [{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} {name}: {status}"
        if self.tty:
            end = "\n" if self.done == self.total else ""
            print(f"\r\x1b[K{line}", end=end, file=sys.stderr, flush=True)
        else:
            print(line, file=sys.stderr, flush=True)


# ---------------------------------------------------------------- inputs
def case_ranks(cases_dir: Path, names: set[str]) -> dict[str, int]:
    """Each case's rank (its line among the names of `order.txt`); every case must be listed."""
    path = cases_dir / ORDER
    if not path.exists():
        raise RegenError(f"{path} is missing: it lists the cases in the order they were added")
    order = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    duplicates = sorted({n for n in order if order.count(n) > 1})
    if duplicates:
        raise RegenError(f"{path}: listed twice: {', '.join(duplicates)}")
    missing = sorted(names - set(order))
    if missing:
        raise RegenError(f"case(s) not in {path}: {', '.join(missing)} (append them at the end: the ranks of "
                         "the others must not change)")
    return {name: rank for rank, name in enumerate(order, 1) if name in names}


def julia_specs(explicit: list[str]) -> list[str | None]:
    """What to run: each --julia, else the Julia jlir.live finds, else the one install-julia.sh installs."""
    if explicit:
        return list(explicit)
    try:
        find_julia(None)
        return [None]
    except JuliaNotFound:
        pass
    log("no Julia given or found: running scripts/install-julia.sh")
    proc = subprocess.run(["bash", str(INSTALL_SH)], stdout=subprocess.PIPE, text=True)
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        raise RegenError(f"scripts/install-julia.sh failed (exit {proc.returncode})")
    return [lines[-1]]


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def display_path(path: Path) -> str:
    """A machine-independent name for a case file: repo-relative if possible."""
    try:
        return path.resolve().relative_to(REPO).as_posix()
    except ValueError:
        return f"{path.parent.name}/{path.name}"


def fixture_bytes(name: str, text: str, machine_paths: list[str]) -> bytes:
    """The bytes of a fixture file, or RegenError if the text is not fit to be one."""
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        raise RegenError(f"{name}: Julia's output is not valid UTF-8") from None
    if "\x1b" in text:
        raise RegenError(f"{name}: Julia's output contains an ANSI escape code")
    for path in machine_paths:
        if path in text:
            raise RegenError(f"{name}: Julia's output contains this machine's path {path}")
    if text and not text.endswith("\n"):
        raise RegenError(f"{name}: Julia's output does not end with a newline")
    return data


# ---------------------------------------------------------------- one Julia
def render_cases(jl: Julia, cases: dict[str, Path], ranks: dict[str, int], work: Path) -> dict:
    """Evaluate and render every case in rank order into `work`; what happened, for the manifest."""
    result = {"cases": {}, "files": {}, "errors": {}, "runs": {}}
    progress = Progress(len(cases), f"Julia {jl.version}")
    for name in sorted(cases, key=ranks.__getitem__):
        path = cases[name]
        source = path.read_bytes()
        case_entry = {"file": display_path(path), "source_sha256": sha256_bytes(source), "rank": ranks[name]}
        result["cases"][name] = case_entry
        try:
            case = jl.load_case(source.decode("utf-8"), name, ranks[name])
        except JuliaError as e:
            result["errors"][f"{name}.*"] = e.julia_message
            progress.step(name, "could not be evaluated")
            continue
        if case.warning:
            log(f"  {name}: {case.warning}")
        case_entry.update(target=case.target, function=case.function, argtypes=case.argtypes)
        failed = 0
        for form in case.forms:
            file = f"{name}.{form}." + ("json" if form == "domtree" else "txt")
            try:
                text, command = jl.render(case.target, form)
            except JuliaError as e:
                result["errors"][f"{name}.{form}"] = e.julia_message
                failed += 1
                continue
            data = fixture_bytes(file, text, jl.info["path"])
            (work / file).write_bytes(data)
            result["files"][file] = {"case": name, "form": form, "target": case.target, "command": command,
                                     "sha256": sha256_bytes(data)}
        record_runs(jl, name, case.target, source.decode("utf-8"), work, result)
        progress.step(name, "ok" if not failed else f"{failed} form(s) not produced")
    return result


def record_runs(jl: Julia, name: str, target: str, source: str, work: Path, result: dict) -> None:
    """Julia's outcome of each `# run:` call of the case (into result["runs"]) and its callee dumps (into `work`)."""
    calls = case_runs.declared_calls(source)
    if not calls:
        return
    try:
        rows, files = case_runs.record(jl, name, target, calls)
    except case_runs.RunsError as e:
        raise RegenError(str(e)) from None
    result["runs"][name] = rows
    for file, data in files.items():
        fixture_bytes(file, data.decode("utf-8"), jl.info["path"])
        (work / file).parent.mkdir(parents=True, exist_ok=True)
        (work / file).write_bytes(data)
        result["files"][file] = {"case": name, "form": "callees", "target": target,
                                 "command": "JlirLive.record_runs (jlir/live/jlir.jl)", "sha256": sha256_bytes(data)}


def write_runs(jl: Julia, result: dict, work: Path, final: Path, keep: set[str], ranks: dict[str, int]) -> dict:
    """runs.tsv (this run's rows merged with the kept cases' old rows); its manifest entry (none if no case runs)."""
    text = case_runs.merged_rows(result["runs"], final / case_runs.RUNS_FILE, keep, ranks)
    if not text:
        return {}
    data = fixture_bytes(case_runs.RUNS_FILE, text, jl.info["path"])
    (work / case_runs.RUNS_FILE).write_bytes(data)
    return {case_runs.RUNS_FILE: {"case": None, "form": "runs", "sha256": sha256_bytes(data),
                                  "command": "JlirLive.record_runs per case with `# run:` lines (jlir/live/jlir.jl)"}}


def build_manifest(jl: Julia, result: dict, old: dict | None, keep: set[str]) -> dict:
    """The manifest: this run's cases, files and errors, plus the old manifest's entries for the cases in `keep`."""
    files, errors, cases = {}, {}, {}
    if old is not None:
        files = {k: v for k, v in old.get("files", {}).items() if v.get("case") in keep}
        errors = {k: v for k, v in old.get("errors", {}).items() if k.split(".", 1)[0] in keep}
        cases = {k: v for k, v in old.get("cases", {}).items() if k in keep}
    files.update(result["files"])
    errors.update(result["errors"])
    cases.update(result["cases"])
    info = jl.info
    return {
        "generator": "scripts/gen/regen_fixtures.py (jlir.live, jlir/live/jlir.jl)",
        "julia_version": jl.version,
        "platform": {"machine": info.get("machine", "?"), "word_size": int(info.get("word_size", "0"))},
        "forms": list(jl.forms),
        "display": DISPLAY,
        "cases": cases,
        "files": files,
        "errors": errors,
    }


def write_reference(jl: Julia, result: dict, work: Path, final: Path, keep: set[str], ranks: dict[str, int],
                    base_sample: str | None | bool) -> dict:
    """Julia's reference analyses (Julia 1.5 only): the cases file, and the Base sample when asked (else the old
    one is carried over).  `base_sample`: False, or the Julia spec to run the sample with.  Their manifest entries."""
    if jl.info.get("reference") != "true":
        if base_sample is not False:
            raise RegenError(f"Julia {jl.version} cannot produce the reference analyses (--base-sample needs 1.5)")
        return {}
    targets = {name: c["target"] for name, c in result["cases"].items() if "target" in c}
    records, errors = reference_data.case_records(jl, targets)
    result["errors"].update({f"{name}.reference": msg for name, msg in errors.items()})
    text = reference_data.merged_case_lines(records, final / reference_data.CASES_FILE, keep, ranks)
    files = {reference_data.CASES_FILE: fixture_bytes(reference_data.CASES_FILE, text, jl.info["path"])}
    command = {reference_data.CASES_FILE: "JlirLive.reference_json(f, T) per case (jlir/live/jlir.jl)"}
    if base_sample is not False:
        log("Base sample: running scripts/gen/gen_base_reference.jl")
        try:
            base, info = reference_data.base_sample(find_julia(base_sample).argv, jl.version)
        except RuntimeError as e:
            raise RegenError(str(e)) from None
        log(f"Base sample: {info['functions']} functions, {len(info['skipped_julia_failed'])} skipped (Julia "
            f"failed), {len(info['skipped_jlir_unreadable'])} skipped (jlir cannot read)")
        for name, data in base.items():
            if not name.endswith(".gz"):
                fixture_bytes(name, data.decode("utf-8"), jl.info["path"])
        files.update(base)
    else:
        files.update({name: (final / name).read_bytes() for name in reference_data.BASE_FILES
                      if (final / name).exists()})
    entries = {}
    for name, data in files.items():
        (work / name).write_bytes(data)
        entries[name] = {"case": None, "form": "reference", "sha256": sha256_bytes(data),
                         "command": command.get(name, "scripts/gen/regen_fixtures.py --base-sample (see "
                                                      f"{reference_data.BASE_INFO})")}
    return entries


def regen_one(spec: str | None, out_root: Path, cases_dir: Path, selected: set[str] | None,
              base_sample: bool = False) -> None:
    all_cases = {p.stem: p for p in sorted(cases_dir.glob("*.jl"))}
    if not all_cases:
        raise RegenError(f"no cases in {cases_dir}")
    ranks = case_ranks(cases_dir, set(all_cases))
    if selected is None:
        selected = set(all_cases)
    unknown = sorted(selected - set(all_cases))
    if unknown:
        raise RegenError(f"unknown case(s): {', '.join(unknown)}")

    out_root.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    with Julia(spec, backend="subprocess", on_stderr=lambda line: print(f"  julia: {line}", file=sys.stderr)) as jl:
        log(f"Julia {jl.version}: {jl.command}")
        work = Path(tempfile.mkdtemp(prefix=f"{WORK_PREFIX}{os.getpid()}-", dir=out_root))
        try:
            result = render_cases(jl, {n: all_cases[n] for n in selected}, ranks, work)
            final = out_root / f"julia-{jl.version}"
            old_manifest = None
            if (final / MANIFEST).exists():
                old_manifest = json.loads((final / MANIFEST).read_text(encoding="utf-8"))
            keep = set(all_cases) - selected
            if keep and final.exists():
                carry_over(final, work, keep)
            reference = write_reference(jl, result, work, final, keep, ranks, spec if base_sample else False)
            reference.update(write_runs(jl, result, work, final, keep, ranks))
            manifest = build_manifest(jl, result, old_manifest, keep)
            manifest["files"].update(reference)
            for key, msg in sorted(result["errors"].items()):
                log(f"  could not produce {key}: {msg}")
            produced = {entry["case"] for entry in result["files"].values()}
            dead = sorted(selected - produced)
            if dead:
                raise RegenError(f"case(s) produced no output at all: {', '.join(dead)}")
            foreign = keep_foreign(final, work, old_manifest)
            on_disk = {f.relative_to(work).as_posix() for f in work.rglob("*") if f.is_file()} - foreign
            if on_disk != set(manifest["files"]):
                listed = set(manifest["files"])
                raise RegenError(f"file list mismatch: extra {sorted(on_disk - listed)}, "
                                 f"missing {sorted(listed - on_disk)}")
            (work / MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n",
                                         encoding="utf-8")
            os.chmod(work, 0o755)
            swap_in(work, final)
        finally:
            if work.exists():
                shutil.rmtree(work, ignore_errors=True)
    shown = final.relative_to(REPO) if REPO in final.parents else final
    log(f"wrote {shown}: {len(manifest['files'])} files, {len(result['errors'])} form(s) not produced, "
        f"{time.monotonic() - t0:.1f}s")


def keep_foreign(final: Path, work: Path, old_manifest: dict | None) -> set[str]:
    """Copy into `work` the top-level files of `final` this script did not make (not in its manifest: data other
    scripts keep beside the fixtures, e.g. ssa-hand-results.tsv), so that a swap does not delete them; their names."""
    if old_manifest is None or not final.is_dir():
        return set()
    made = set(old_manifest.get("files", {})) | {MANIFEST}
    foreign = {f.name for f in final.iterdir() if f.is_file() and f.name not in made}
    for name in sorted(foreign):
        shutil.copy2(final / name, work / name)
    if foreign:
        log(f"kept {len(foreign)} file(s) this script does not make: {', '.join(sorted(foreign))}")
    return foreign


def carry_over(final: Path, work: Path, keep: set[str]) -> None:
    """Copy the files of the cases not regenerated this time (`<case>.*`, `callees/<case>/`) from `final` to `work`."""
    for f in final.iterdir():
        if f.is_file() and f.name != MANIFEST and f.name.split(".", 1)[0] in keep:
            shutil.copy2(f, work / f.name)
    callees = final / case_runs.CALLEES_DIR
    if callees.is_dir():
        for folder in callees.iterdir():
            if folder.is_dir() and folder.name in keep:
                shutil.copytree(folder, work / case_runs.CALLEES_DIR / folder.name)


def _terminate(signum, frame):
    """SIGTERM/SIGHUP end the run as Ctrl-C does: `finally` blocks remove the temporary folder."""
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 epilog="\n\n".join(__doc__.split("\n\n")[2:]),
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--julia", action="append", default=[], metavar="SPEC",
                    help="a Julia: path, command, or +CHANNEL (repeatable: one fixtures folder per version)")
    ap.add_argument("--cases", action="append", default=None, metavar="NAME[,NAME...]",
                    help="only regenerate these cases (names of fixtures/cases/NAME.jl)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, metavar="ROOT",
                    help="output root (default: fixtures/); writes ROOT/julia-<version>/")
    ap.add_argument("--cases-dir", type=Path, default=DEFAULT_CASES, metavar="DIR",
                    help="case folder (default: fixtures/cases), with its order.txt")
    ap.add_argument("--base-sample", action="store_true",
                    help="also regenerate the Base sample of Julia's reference analyses (Julia 1.5; see "
                         "scripts/gen/reference_data.py); without it the committed sample is kept")
    args = ap.parse_args(argv)

    selected = None
    if args.cases is not None:
        selected = {n.strip().removesuffix(".jl") for chunk in args.cases for n in chunk.split(",") if n.strip()}
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _terminate)
    try:
        for line in recover(args.out.resolve()):
            log(f"recovered: {line}")
        t0 = time.monotonic()
        for spec in julia_specs(args.julia):
            regen_one(spec, args.out.resolve(), args.cases_dir.resolve(), selected, args.base_sample)
        log(f"done in {time.monotonic() - t0:.1f}s")
        return 0
    except SwapError as e:
        log(f"ERROR: {e}")
        return 1
    except (RegenError, LiveError, OSError) as e:
        log(f"ERROR: {e}")
        log("the fixtures were left as they were")
        return 1
    except KeyboardInterrupt:
        log("interrupted; the fixtures were left as they were")
        return 1


if __name__ == "__main__":
    sys.exit(main())
