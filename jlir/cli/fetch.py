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
    fp.add_argument("--bare", action="store_true",
                    help="with several targets, no `# TARGET — FORM — Julia VERSION` comment line above each dump")
    fp.add_argument("-o", "--output", metavar="FILE", help="write to FILE (atomically) instead of stdout")
    fp.set_defaults(func=run)


CFG_SCHEMA, DOMTREE_SCHEMA = "jlir-cfg/1", "jlir-domtree/1"


def _fetch_json(jl, target: str, form: str, text: str, command: str, document, separator: str) -> dict:
    """What `fetch --json` writes for one target: the model (IR forms), or Julia's own CFG or dominators.  The
    model's first separator is what stands before the dump in the text output (a blank line after the dump
    before it, the label), so that `print --from-json` of the output gives the text output back."""
    import dataclasses
    from jlir.json import to_json
    julia = {"version": jl.version, "target": target, "form": form, "command": command}
    if form == "cfg":
        return {"schema": CFG_SCHEMA, "julia": julia, **jl.cfg(target).to_json()}
    if form == "domtree":
        return {"schema": DOMTREE_SCHEMA, "julia": julia, **json.loads(text)}
    document = dataclasses.replace(document, separators=(separator + document.separators[0],)
                                   + document.separators[1:])
    return to_json(document, julia=julia)


def _read_defs(path: str | None) -> tuple[str | None, str]:
    """(source, file name shown in location lines) of --defs; raises InputError or ParseError."""
    if not path:
        return None, "defs.jl"
    return read_text(path), "stdin.jl" if path == "-" else os.path.basename(path)


def label(target: str, form: str, version: str) -> str:
    """The comment line above each dump of several: `# foo(1.0) — typed — Julia 1.5.3` (jlir reads it back as
    the dump's name, `Document.labels`)."""
    return f"# {' '.join(target.split())} — {form} — Julia {version}\n"


def _fetch_one(jl, args, target: str, defs, defs_name: str, first: bool, labelled: bool,
               say=err) -> tuple[str, bool]:
    """(what is written for `target`, whether jlir read it); raises LiveError when Julia fails on it."""
    text, command = jl.render(target, args.form, defs=defs, defs_name=defs_name)
    head = label(target, args.form, jl.version) if labelled else ""
    try:
        document = jl.read(text, args.form, command)
    except ParseError as e:
        say(e.render())
        if args.json:  # no model to write, and raw text would break the JSON Lines
            say(f"jlir: error: jlir cannot read what Julia {jl.version} printed for {target} (left out of the "
                "JSON; `jlir fetch` without --json writes it as it is): please report it")
            return "", False
        say(f"jlir: error: jlir cannot read what Julia {jl.version} printed for {target} (written "
            "as it is): please report it")
        return head + text, False
    if args.json:
        separator = ("" if first else "\n") + head
        return json_line(_fetch_json(jl, target, args.form, text, command, document, separator)), True
    return head + text, True


def _fetch_all(args, defs: str | None, defs_name: str) -> tuple[list[str], int]:
    """The text written for each target, and the exit status.  With several targets, a target Julia fails on is
    reported with its name and the others are still fetched (exit 2 at the end); with one, LiveError is raised.
    Messages (Julia's stderr, errors) go around the progress line drawn on a terminal."""
    from jlir.cli.progress import Progress
    from jlir.live import Julia, LiveError
    outputs, status = [], EXIT_OK
    many = len(args.targets) > 1
    with Progress(len(args.targets), "fetch", unit="targets", enabled=None if many else False) as bar:
        say = bar.message if bar.enabled else err
        with Julia(args.julia, backend=args.backend, timeout=args.timeout,
                   on_stderr=lambda line: say(f"julia: {line}")) as jl:
            for target in args.targets:
                bar.advance(target)
                try:
                    out, read = _fetch_one(jl, args, target, defs, defs_name, not outputs,
                                           many and not args.bare, say)
                except LiveError as e:
                    if not many:
                        raise
                    say(f"jlir: error: {target}: {e}")
                    status = EXIT_ERROR
                    continue
                if out:
                    outputs.append(out)
                status = status if read else EXIT_ERROR
    return outputs, status


def _refusal(args) -> str | None:
    """Why the Julia that would run cannot print the form asked for, known before it starts (None: go on)."""
    from jlir.live.errors import JuliaNotFound
    from jlir.live.locate import FORM_SINCE, find_julia, unsupported_form
    if args.form not in FORM_SINCE or args.backend == "juliacall":
        return None
    try:
        return unsupported_form(find_julia(args.julia), args.form)
    except JuliaNotFound:
        return None  # the session says so, with everything it tried


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
    refusal = _refusal(args)
    if refusal:
        err(f"jlir: error: {refusal} (no Julia session was started)")
        return EXIT_ERROR
    try:
        outputs, status = _fetch_all(args, defs, defs_name)
    except LiveError as e:
        err(f"jlir: error: {e}")
        return EXIT_ERROR
    out = ("" if args.json else "\n").join(outputs)
    write_output(args.output or "-", out)
    return status
