"""`jlir html FILE… [-o OUT] [--passes P1,P2] [--run A…] [--julia SPEC] [--layout L]`: a page to look at the IR.

One self-contained HTML file (inline SVG, CSS and script; opens offline) with
every function of every file: the text as Julia prints and colours it beside
the CFG; with `--passes`, each function before and after side by side, the
structural diff's inserted, removed and changed statements marked; with
`--run`, the result (or exception) of running each function on those
arguments in jlir's interpreter, and how often each block ran (a heat scale).
"""
from __future__ import annotations

import jlir
from jlir.cli.inputs import attempt, internal, name, parse
from jlir.cli.output import EXIT_ERROR, EXIT_OK, err, write_output
from jlir.ir.errors import JlirError


def register(sub) -> None:
    sp = sub.add_parser("html", help="one self-contained HTML page: the IR beside its CFG, clickable analyses",
                        description="Write a page showing every function of each file: the IR as Julia prints "
                                    "it beside its CFG (Graphviz dot or grandalf), values and blocks clickable, overlays.")
    sp.add_argument("files", nargs="+", metavar="FILE", help="a dump file; - for standard input")
    sp.add_argument("-o", "--output", metavar="OUT", default="-", help="the page's file (default: stdout)")
    sp.add_argument("--passes", default=None, metavar="P1,P2,…",
                    help="show each function before and after these passes (see `jlir opt --list`), changes marked")
    sp.add_argument("--run", nargs="*", default=None, metavar="A",
                    help="run each function on these arguments (as `jlir run --args` reads them) and show the result")
    sp.add_argument("--julia", default=None, metavar="SPEC", help="with --run: ask this Julia for callees' IR")
    sp.add_argument("--callees", default=None, metavar="DIR", help="with --run: a directory of callee dumps")
    sp.add_argument("--layout", default=None, choices=("auto", "dot", "layered"),
                    help="the graph's layout: Graphviz's dot, grandalf's layered layout, or auto (dot where "
                         "installed and the CFG has at most 1,000 blocks; default, or $JLIR_HTML_LAYOUT)")
    sp.add_argument("--defs", default=None, metavar="FILE", help="with --run --julia: Julia source evaluated first")
    sp.add_argument("--argnames", default=None, metavar="a,b",
                    help="with --run: the method's argument names, when the IR names arguments only by name")
    sp.add_argument("--self", dest="self_name", default=None, metavar="NAME",
                    help="with --run: the name slot 1 (the function itself) prints as where it is not #self#")
    from jlir.cli.run import add_optimized_option
    add_optimized_option(sp)
    sp.set_defaults(func=run)


def run(args) -> int:
    status, fns, names, docs = EXIT_OK, [], [], []
    for path in args.files:
        doc, problem = attempt(path, "reading", lambda: parse(path)[1])
        if problem:
            err(problem[1])
            status = EXIT_ERROR
            continue
        fns.extend(jlir.functions(doc))
        names.extend(_names(doc, path))
        docs.extend([doc] * len(jlir.functions(doc)))
    if not fns:
        if status == EXIT_OK:
            err("jlir html: error: no function in the input")
        return EXIT_ERROR
    try:
        text = _page(args, fns, names, docs)
    except JlirError as e:  # a pass refused, or its output did not verify
        err(f"jlir html: error: {e}")
        return EXIT_ERROR
    except Exception as e:
        err(internal(args.files[0], "drawing", e))
        return EXIT_ERROR
    write_output(args.output, text)
    return status


def _names(doc, path: str) -> list[str]:
    """Each function's heading: its document's name for it (a fetch label, a `MethodInstance for` line, `NAME[k]`),
    else the file's name (with the function's number where the file holds several)."""
    from jlir.compare.names import function_names
    given = function_names(doc)
    file = name(path)
    return [n or (file if len(given) == 1 else f"{file}, function {k}") for k, n in enumerate(given, 1)]


def _page(args, fns, names, docs) -> str:
    from jlir import html
    title = "jlir: " + ", ".join(name(p) for p in args.files)
    runs = _runs(args, fns, docs) if args.run is not None else None
    if not args.passes:
        return html.page(fns, title, names=names, runs=runs, layout=args.layout)
    from jlir import passes
    from jlir.compare import diff_functions
    chosen = [n.strip() for n in args.passes.split(",") if n.strip()]
    passes.registry.lookup(chosen)
    after = [passes.run(fn, chosen) for fn in fns]
    diffs = [diff_functions(a, b, i + 1) for i, (a, b) in enumerate(zip(fns, after))]
    return html.page(fns, title, names=names, passes=args.passes, after=after, diffs=diffs, runs=runs,
                     layout=args.layout)


def _runs(args, fns, docs) -> list:
    """Each function's run, sharing one callee provider (one live Julia, when asked for, for the whole file)."""
    from jlir.cli.run import _provider
    try:
        provider, jl = _provider(args)
    except JlirError as e:  # no Julia, a Julia that failed to start, an unreadable --defs
        return [(f"not run: {str(e).splitlines()[0]}", {}) for _ in fns]
    try:
        return [_run(args, fn, doc, provider) for fn, doc in zip(fns, docs)]
    finally:
        if jl is not None:
            jl.close()


def _run(args, fn, doc, provider):
    """(what the run gave, {block: times entered}) for one function; what the interpreter refuses is said, not
    raised.  A block's statements run as often as it is entered (a throwing block counts whole, as steps do).
    The arguments are read as `jlir run --args` reads them (`jlir.cli.run.prepared_call`)."""
    from jlir import interp
    from jlir.cli.run import prepared_call
    counts: dict = {}
    try:
        call = prepared_call(doc, fn, provider, args.run, args.argnames, None, "--run", args.optimized)
        r = interp.run(fn, call.values, provider, argnames=call.argnames, sparams=call.sparams, vararg=call.vararg,
                       counts=counts, name=call.name, self_name=args.self_name, optimized=call.optimized)
    except (ValueError, interp.NotInterpretable, JlirError) as e:
        return f"f({', '.join(args.run)}): not run: {e}", {}
    if r.exception is not None:
        return f"f({', '.join(args.run)}) threw {r.exception.type_name} after {r.steps} statements", counts
    return f"f({', '.join(args.run)}) = {interp.julia_repr(r.value)}::{r.type} in {r.steps} statements", counts
