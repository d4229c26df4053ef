"""`jlir snapshot check|update|diff MANIFEST`: IR snapshot tests for CI outside pytest (jlir.snapshot).

    jlir snapshot check snapshots.toml            exit 1 on drift, with jlir diff's report per target
    jlir snapshot update snapshots.toml           accept the current Julia's output (files replaced atomically)
    jlir snapshot check snapshots.toml --julia A --julia B --style-insensitive
    jlir snapshot diff snapshots.toml 1.10 1.11   what changed between two Julias' stored snapshots
"""
from __future__ import annotations

import os
import sys

from jlir.cli.inputs import timeout_seconds
from jlir.cli.output import (EXIT_ERROR, EXIT_FAILED, EXIT_OK, OutputError, err, json_line, write,
                             write_file_atomically)

EPILOG = ("Exit status: 0 every snapshot ok (update: all written); 1 a snapshot changed; 2 a target failed (Julia "
          "raised, jlir cannot read the print, no snapshot stored yet), or the manifest or a Julia is unusable. "
          "Julia is looked for as: --julia, $JLIR_JULIA, `julia` on PATH, jlir's Julia cache.")


def register(sub) -> None:
    sp = sub.add_parser(
        "snapshot", help="IR snapshot tests for CI: check or update the snapshots a TOML manifest lists",
        description="Snapshots of Julia IR per Julia major.minor, listed in a TOML manifest (targets, forms, defs "
                    "files, options; see jlir/snapshot/manifest.py). A stored print is compared structurally, as "
                    "`jlir diff` does; a failure shows its report. `stability` snapshots keep only the type-"
                    "stability facts.", epilog=EPILOG)
    verbs = sp.add_subparsers(dest="snapshot_command", required=True, metavar="ACTION")
    for name, text in (("check", "compare each snapshot with what Julia prints now"),
                       ("update", "store what Julia prints now (atomically)")):
        p = verbs.add_parser(name, help=text, description=text, epilog=EPILOG)
        p.add_argument("manifest", metavar="MANIFEST", help="the TOML manifest (snapshots.toml)")
        p.add_argument("--julia", action="append", metavar="SPEC", default=None,
                       help="a Julia executable, a command on PATH, or +CHANNEL (juliaup); repeat for several "
                            "Julias, each with its own snapshot folder")
        p.add_argument("--timeout", type=timeout_seconds, default=300.0, metavar="SECONDS",
                       help="stop a Julia request that takes longer (default 300; `none`: no limit)")
        p.add_argument("--json", action="store_true", help="one JSON object (schema jlir-snapshot/1) for bots")
        if name == "check":
            p.add_argument("--style-insensitive", action="store_true",
                           help="accept prints that differ from the snapshot only in printing style")
        p.set_defaults(func=run)
    dp = verbs.add_parser("diff", help="compare two Julia versions' stored snapshots (no Julia needed)",
                          description="For every target and form, the snapshot stored for Julia OLD against the "
                                      "one for NEW: what a Julia upgrade changed. Printing style is accepted "
                                      "unless --strict.", epilog=EPILOG)
    dp.add_argument("manifest", metavar="MANIFEST")
    dp.add_argument("old", metavar="OLD", help="a Julia version (1.10 or 1.10.2: its major.minor folder)")
    dp.add_argument("new", metavar="NEW")
    dp.add_argument("--strict", action="store_true", help="printing-style differences count as changes")
    dp.add_argument("--json", action="store_true", help="one JSON object (schema jlir-snapshot/1)")
    dp.set_defaults(func=run)


class _Progress:
    """`[i/n] what` on one stderr line, rewritten in place, when stderr is a terminal; nothing otherwise."""

    def __init__(self):
        self.on = sys.stderr.isatty()
        self.width = 0

    def __call__(self, i: int, n: int, what: str) -> None:
        if self.on:
            line = f"[{i}/{n}] {what}"
            sys.stderr.write("\r" + line.ljust(self.width))
            sys.stderr.flush()
            self.width = len(line)

    def done(self) -> None:
        if self.on and self.width:
            sys.stderr.write("\r" + " " * self.width + "\r")
            sys.stderr.flush()


def _with_julias(args, manifest, action) -> list:
    """`action(manifest, jl)` with each --julia in turn (one session each); a Julia that cannot start is one
    failed result naming it."""
    from jlir.live import Julia, LiveError
    from jlir.snapshot.runner import FAILED, Result
    results = []
    for spec in args.julia or [None]:
        try:
            with Julia(spec, timeout=args.timeout, on_stderr=lambda line: err(f"julia: {line}")) as jl:
                results += action(manifest, jl)
        except LiveError as e:
            results.append(Result(spec or "(default)", "*", "*", FAILED, "", str(e).splitlines()[0], str(e)))
    return results


def _status_line(r) -> str:
    where = f"Julia {r.julia}" if r.julia[:1].isdigit() else r.julia
    return f"{where}: {r.target} {r.form}: {r.status}" + (f": {r.message}" if r.message else "")


def _report(results, update: bool) -> str:
    from jlir.snapshot.runner import OK, UNCHANGED, summary_text
    lines = []
    for r in results:
        lines.append(_status_line(r))
        if r.report.strip() not in ("", r.message) and r.status not in (OK, UNCHANGED):
            lines.extend("    " + line for line in r.report.rstrip("\n").splitlines())
    return "\n".join(lines + [summary_text(results, update)]) + "\n"


def _write_all(results) -> list:
    """Write every new or updated snapshot atomically; a file that cannot be written fails its result."""
    from dataclasses import replace
    from jlir.snapshot.runner import FAILED, NEW, UPDATED
    out = []
    for r in results:
        if r.status in (NEW, UPDATED):
            try:
                os.makedirs(os.path.dirname(r.path), exist_ok=True)
                write_file_atomically(r.path, r.text)
            except OutputError as e:
                r = replace(r, status=FAILED, message=str(e))
            except OSError as e:
                r = replace(r, status=FAILED, message=f"cannot write {r.path}: {e.strerror or e}")
        out.append(r)
    return out


def _exit_status(results) -> int:
    from jlir.snapshot.runner import CHANGED, FAILED
    if any(r.status == FAILED for r in results):
        return EXIT_ERROR
    return EXIT_FAILED if any(r.status == CHANGED for r in results) else EXIT_OK


def run(args) -> int:
    """Read the manifest, run the action, write the report (text or JSON); the exit status says the worst."""
    from jlir.snapshot import SnapshotError, read_manifest
    from jlir.snapshot import runner
    try:
        manifest = read_manifest(args.manifest)
        if args.snapshot_command == "diff":
            results = runner.compare_folders(manifest, args.old, args.new, strict=args.strict)
        else:
            progress = _Progress()
            if args.snapshot_command == "check":
                results = _with_julias(args, manifest, lambda m, jl: runner.check(
                    m, jl, style_insensitive=args.style_insensitive, progress=progress))
            else:
                # written after each Julia, so a second Julia of the same major.minor finds them unchanged
                results = _with_julias(args, manifest, lambda m, jl: _write_all(runner.update(
                    m, jl, progress=progress)))
            progress.done()
    except SnapshotError as e:
        err(f"jlir: error: {e}")
        return EXIT_ERROR
    updating = args.snapshot_command == "update"
    write(json_line(runner.results_json(results, updating)) if args.json else _report(results, updating))
    return _exit_status(results)
