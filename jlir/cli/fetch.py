"""`jlir fetch TARGET…`: ask a live Julia (one session for all targets) for IR, printed as its REPL shows it."""
from __future__ import annotations

import json
import os

from jlir.cli.inputs import InputError, read_text, timeout_seconds
from jlir.cli.output import EXIT_ERROR, EXIT_OK, err, json_line, write_output
from jlir.syntax.errors import ParseError


def register(sub) -> None:
    from jlir.live.session import BACKENDS, FORMS
    fp = sub.add_parser(
        "fetch", help="ask a live Julia for the IR of a call or signature, printed exactly as its REPL shows it",
        description="Run Julia (juliacall in-process if it starts, else a `julia` executable kept alive for all "
                    "targets), print FORM of each TARGET as the REPL shows it, and check that jlir reads it. "
                    "TARGET is a call with values (`foo(1.0)`), with types (`foo(::Float64)`), with keywords "
                    "(`foo(1; k=2)`), or a signature (`Tuple{typeof(sort), Vector{Int}}`).",
        epilog="Julia is looked for as: --julia, $JLIR_JULIA, `julia` on PATH, jlir's Julia cache "
               "(scripts/install-julia.sh). Exit status: 0 ok; 2 no Julia, Julia failed (its error is shown), "
               "or jlir cannot read what Julia printed.")
    fp.add_argument("targets", nargs="+", metavar="TARGET", help="a call or a Tuple{typeof(f), …} signature")
    fp.add_argument("--defs", metavar="FILE", help="Julia source evaluated in Main first (- for stdin); its "
                                                   "file name shows in location lines")
    fp.add_argument("--form", choices=FORMS, default="typed",
                    help="what to print (default typed): lowered, typed, typed-unoptimized, warntype, ircode, "
                         "cfg, domtree, … (`jlir fetch --help` lists all)")
    fp.add_argument("--julia", metavar="SPEC", help="a Julia executable, a command on PATH, or +CHANNEL (juliaup)")
    fp.add_argument("--backend", choices=BACKENDS, default="auto",
                    help="auto (default): juliacall if it starts and no --julia is given, else a subprocess")
    fp.add_argument("--json", action="store_true",
                    help="the model as JSON (schema jlir/1); for cfg and domtree Julia's own CFG (blocks with "
                         "stmts, preds, succs) and immediate dominators")
    fp.add_argument("--timeout", type=timeout_seconds, default=300.0, metavar="SECONDS",
                    help="stop a Julia request that takes longer (default 300; `none`: no limit)")
    fp.add_argument("-o", "--output", metavar="FILE", help="write to FILE (atomically) instead of stdout")
    fp.set_defaults(func=run)


def _fetch_json(jl, target: str, form: str, text: str, command: str, document) -> dict:
    """What `fetch --json` writes for one target: the model (IR forms), or Julia's own CFG or dominators."""
    from jlir.ir.serialize import to_json
    julia = {"version": jl.version, "target": target, "form": form, "command": command}
    if form == "cfg":
        return {"julia": julia, **jl.cfg(target).to_json()}
    if form == "domtree":
        return {"julia": julia, **json.loads(text)}
    return to_json(document, julia=julia)


def _read_defs(path: str | None) -> tuple[str | None, str]:
    """(source, file name shown in location lines) of --defs; raises InputError or ParseError."""
    if not path:
        return None, "defs.jl"
    return read_text(path), "stdin.jl" if path == "-" else os.path.basename(path)


def _fetch_all(args, defs: str | None, defs_name: str) -> tuple[list[str], int]:
    """The text written for each target, and the exit status; raises LiveError when Julia fails."""
    from jlir.live import Julia
    outputs, status = [], EXIT_OK
    with Julia(args.julia, backend=args.backend, timeout=args.timeout,
               on_stderr=lambda line: err(f"julia: {line}")) as jl:
        for target in args.targets:
            text, command = jl.render(target, args.form, defs=defs, defs_name=defs_name)
            try:
                document = jl.read(text, args.form, command)
            except ParseError as e:
                outputs.append(text)
                err(e.render())
                err(f"jlir: error: jlir cannot read what Julia {jl.version} printed for {target} (written "
                    "as it is): please report it")
                status = EXIT_ERROR
                continue
            if args.json:
                outputs.append(json_line(_fetch_json(jl, target, args.form, text, command, document)))
            else:
                outputs.append(text)
    return outputs, status


def run(args) -> int:
    """Ask a live Julia for one form of each target (one session for all), check jlir reads it, write it."""
    from jlir.live import LiveError
    try:
        defs, defs_name = _read_defs(args.defs)
    except InputError as e:
        err(f"jlir: error: --defs {e}")
        return EXIT_ERROR
    except ParseError as e:
        err(e.render())
        return EXIT_ERROR
    try:
        outputs, status = _fetch_all(args, defs, defs_name)
    except LiveError as e:
        err(f"jlir: error: {e}")
        return EXIT_ERROR
    out = ("" if args.json else "\n").join(outputs)
    write_output(args.output or "-", out)
    return status
