#!/usr/bin/env python3
"""Regenerate the golden IR fixtures from a real Julia.

Usage:
    python3 scripts/regen_fixtures.py [--julia PATH]... [--cases NAME[,NAME...]]...
                                      [--out ROOT] [--cases-dir DIR]

For each Julia (``--julia PATH``, repeatable; else ``$JLIR_JULIA``; else
``julia`` on PATH; else the wrapper installed by ``scripts/install-julia.sh``)
this runs ONE Julia process over all cases in ``fixtures/cases/*.jl`` with
``jlir/live/jlir.jl batch`` and writes ``<ROOT>/julia-<version>/``:

    <case>.<form>.txt   what Julia prints for that form (see jlir/live/jlir.jl)
    MANIFEST.json       Julia version and platform, every file's case, form,
                        target, command and sha256, and the forms Julia could
                        not produce (with its error message)

The output directory is replaced atomically: everything is written into a
temporary directory beside it, which is swapped in only when the run worked.
A failed run leaves the old fixtures intact.  The output is deterministic (no
timestamps, sorted keys), so an unchanged input gives no diff.

``--cases`` regenerates only the named cases and keeps the files of the
others.  (Each case's closure and gensym numbers are made independent of the
other cases, so a partial run writes the same text as a full run would.)

Typical run (about 20-45 s, plus ~15 s to install Julia the first time):
    python3 scripts/regen_fixtures.py

Exit status: 0 on success (forms Julia cannot produce are recorded in the
manifest and listed on stderr); 1 when Julia failed or a case produced no
form at all (nothing is swapped in then); 2 on bad usage.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
JLIR_JL = REPO / "jlir" / "live" / "jlir.jl"
INSTALL_SH = REPO / "scripts" / "install-julia.sh"
DEFAULT_CASES = REPO / "fixtures" / "cases"
DEFAULT_OUT = REPO / "fixtures"
MANIFEST = "MANIFEST.json"


class RegenError(Exception):
    pass


def log(msg: str) -> None:
    print(f"regen_fixtures: {msg}", file=sys.stderr, flush=True)


def find_julias(explicit: list[str]) -> list[str]:
    if explicit:
        return explicit
    env = os.environ.get("JLIR_JULIA")
    if env:
        return [env]
    on_path = shutil.which("julia")
    if on_path:
        return [on_path]
    log("no Julia given and none on PATH: running scripts/install-julia.sh")
    proc = subprocess.run(["bash", str(INSTALL_SH)], stdout=subprocess.PIPE, text=True)
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        raise RegenError(f"scripts/install-julia.sh failed (exit {proc.returncode})")
    return [lines[-1]]


def sha256_file(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def parse_results(path: Path) -> dict:
    info: dict = {"meta": {}, "targets": {}, "resolved": {}, "ok": [], "errors": []}
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        kind = parts[0]
        if kind in ("julia", "machine", "word_size", "forms"):
            info["meta"][kind] = parts[1]
        elif kind == "target":
            info["targets"][parts[1]] = parts[2]
        elif kind == "resolved":
            info["resolved"][parts[1]] = {"function": parts[2], "argtypes": parts[3]}
        elif kind == "ok":
            _, case, form, file, command = parts
            info["ok"].append((case, form, file, command))
        elif kind == "error":
            _, case, form, _, message = parts
            info["errors"].append((case, form, message))
        else:
            raise RegenError(f"unexpected line in Julia's results: {line!r}")
    return info


def check_text_file(path: Path) -> None:
    data = path.read_bytes()
    if b"\x1b" in data:
        raise RegenError(f"{path.name} contains an ANSI escape code")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RegenError(f"{path.name} is not UTF-8: {e}") from None
    if data and not data.endswith(b"\n"):
        raise RegenError(f"{path.name} does not end with a newline")


def run_julia(julia: str, case_files: list[Path], all_names: list[str], workdir: Path) -> dict:
    results = workdir / ".results.tsv"
    cmd = [
        julia, "--startup-file=no", "--history-file=no", "--color=no",
        str(JLIR_JL), "batch",
        "--out", str(workdir), "--results", str(results),
        "--all", ",".join(all_names),
        *[str(p) for p in case_files],
    ]
    env = dict(os.environ)
    env.setdefault("JULIA_PKG_OFFLINE", "true")
    env["COLUMNS"] = "80"
    env["LINES"] = "24"
    t0 = time.monotonic()
    # Julia's stderr (the per-case progress lines) goes straight to ours.
    try:
        proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, env=env, cwd=str(REPO))
    except OSError as e:
        raise RegenError(f"cannot run Julia {julia!r}: {e}") from None
    if proc.returncode != 0:
        raise RegenError(f"Julia exited with status {proc.returncode}: {' '.join(cmd[:6])} ...")
    if not results.exists():
        raise RegenError("Julia wrote no results file")
    info = parse_results(results)
    results.unlink()
    info["seconds"] = time.monotonic() - t0
    return info


def display_path(path: Path) -> str:
    """A machine-independent name for a case file: repo-relative if possible."""
    try:
        return path.resolve().relative_to(REPO).as_posix()
    except ValueError:
        return f"{path.parent.name}/{path.name}"


def case_sha(path: Path) -> str:
    return sha256_file(path)


def build_manifest(info: dict, out_dir: Path, cases_dir: Path, old: dict | None,
                   selected: set[str], all_cases: dict[str, Path]) -> dict:
    meta = info["meta"]
    files: dict = {}
    errors: dict = {}
    cases: dict = {}
    # keep what the old manifest says about cases not regenerated this time
    if old is not None:
        for name, entry in old.get("files", {}).items():
            if entry.get("case") not in selected and entry.get("case") in all_cases:
                files[name] = entry
        for key, msg in old.get("errors", {}).items():
            if key.split(".", 1)[0] not in selected and key.split(".", 1)[0] in all_cases:
                errors[key] = msg
        for name, entry in old.get("cases", {}).items():
            if name not in selected and name in all_cases:
                cases[name] = entry
    for name in selected:
        entry = {
            "file": display_path(all_cases[name]),
            "source_sha256": case_sha(all_cases[name]),
            "target": info["targets"].get(name, ""),
        }
        if name in info["resolved"]:
            entry.update(info["resolved"][name])
        cases[name] = entry
    for case, form, file, command in info["ok"]:
        path = out_dir / file
        check_text_file(path)
        files[file] = {
            "case": case,
            "form": form,
            "target": info["targets"].get(case, ""),
            "command": command,
            "sha256": sha256_file(path),
        }
    for case, form, message in info["errors"]:
        errors[f"{case}.{form}"] = message
    return {
        "generator": "scripts/regen_fixtures.py (jlir/live/jlir.jl batch)",
        "julia_version": meta.get("julia", "?"),
        "platform": {"machine": meta.get("machine", "?"), "word_size": int(meta.get("word_size", "0"))},
        "forms": meta.get("forms", "").split(","),
        "display": "show(IOContext(io, :color=>false, :limit=>true, :module=>Main, "
                   ":displaysize=>(24, 80)), MIME\"text/plain\"(), x) followed by one "
                   "\"\\n\" (as the REPL's display); warntype forms: exactly what "
                   "code_warntype printed",
        "cases": cases,
        "files": files,
        "errors": errors,
    }


def write_manifest(path: Path, manifest: dict) -> None:
    path.write_text(json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n",
                    encoding="utf-8")


def regen_one(julia: str, out_root: Path, cases_dir: Path, selected_names: list[str] | None) -> int:
    all_cases = {p.stem: p for p in sorted(cases_dir.glob("*.jl"))}
    if not all_cases:
        raise RegenError(f"no cases in {cases_dir}")
    if selected_names is None:
        selected = set(all_cases)
    else:
        unknown = sorted(set(selected_names) - set(all_cases))
        if unknown:
            raise RegenError(f"unknown case(s): {', '.join(unknown)}")
        selected = set(selected_names)

    out_root.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".julia-regen-", dir=out_root))
    try:
        log(f"running {julia} on {len(selected)} case(s)")
        info = run_julia(julia, [all_cases[n] for n in sorted(selected)], sorted(all_cases), work)
        version = info["meta"].get("julia")
        if not version:
            raise RegenError("Julia did not report its version")
        final = out_root / f"julia-{version}"
        old_manifest = None
        if final.exists() and (final / MANIFEST).exists():
            old_manifest = json.loads((final / MANIFEST).read_text(encoding="utf-8"))
        # carry over the files of cases not regenerated this time
        if selected != set(all_cases) and final.exists():
            for f in final.iterdir():
                if f.name == MANIFEST or not f.is_file():
                    continue
                if f.name.split(".", 1)[0] in all_cases and f.name.split(".", 1)[0] not in selected:
                    shutil.copy2(f, work / f.name)
        manifest = build_manifest(info, work, cases_dir, old_manifest, selected, all_cases)

        ok_cases = {case for case, *_ in info["ok"]}
        dead = sorted(selected - ok_cases)
        for key, msg in sorted(manifest["errors"].items()):
            if key.split(".", 1)[0] in selected:
                log(f"  could not produce {key}: {msg}")
        if dead:
            raise RegenError(f"case(s) produced no output at all: {', '.join(dead)}")
        # every file on disk must be in the manifest and vice versa
        on_disk = {f.name for f in work.iterdir() if f.is_file()}
        listed = set(manifest["files"])
        if on_disk != listed:
            raise RegenError(f"file list mismatch: extra {sorted(on_disk - listed)}, missing {sorted(listed - on_disk)}")
        write_manifest(work / MANIFEST, manifest)
        os.chmod(work, 0o755)

        # swap in
        old = None
        if final.exists():
            old = out_root / f".julia-{version}.old-{os.getpid()}"
            final.rename(old)
        work.rename(final)
        if old is not None:
            shutil.rmtree(old)
        nfiles = len(manifest["files"])
        nerr = sum(1 for k in manifest["errors"] if k.split(".", 1)[0] in selected)
        shown = final.relative_to(REPO) if REPO in final.parents else final
        log(f"wrote {shown}: "
            f"{nfiles} files, {nerr} form(s) not produced, Julia ran {info['seconds']:.1f}s")
        return 0
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 epilog="\n\n".join(__doc__.split("\n\n")[2:]),
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--julia", action="append", default=[], metavar="PATH",
                    help="Julia executable (repeatable: one fixtures folder per Julia version)")
    ap.add_argument("--cases", action="append", default=None, metavar="NAME[,NAME...]",
                    help="only regenerate these cases (names of fixtures/cases/NAME.jl)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, metavar="ROOT",
                    help="output root (default: fixtures/); writes ROOT/julia-<version>/")
    ap.add_argument("--cases-dir", type=Path, default=DEFAULT_CASES, metavar="DIR",
                    help="case directory (default: fixtures/cases)")
    args = ap.parse_args(argv)

    selected = None
    if args.cases is not None:
        selected = [n.strip().removesuffix(".jl") for chunk in args.cases for n in chunk.split(",") if n.strip()]
    try:
        julias = find_julias(args.julia)
        t0 = time.monotonic()
        for julia in julias:
            regen_one(julia, args.out.resolve(), args.cases_dir.resolve(), selected)
        log(f"done in {time.monotonic() - t0:.1f}s")
        return 0
    except RegenError as e:
        log(f"ERROR: {e}")
        return 1
    except OSError as e:
        log(f"ERROR: {e}")
        return 1
    except KeyboardInterrupt:
        log("interrupted; old fixtures left as they were")
        return 1


if __name__ == "__main__":
    sys.exit(main())
