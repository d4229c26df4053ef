"""`jlir diff A B`: structural diff of two prints of the same function(s); exit 1 when they differ."""
from __future__ import annotations

import argparse

from jlir.cli.inputs import add_reading_options, attempt, internal, name, parse
from jlir.cli.output import EXIT_ERROR, EXIT_FAILED, EXIT_OK, err, json_line, write


def register(sub) -> None:
    dp = sub.add_parser(
        "diff", help="structural diff of two prints of the same function(s), e.g. by two Julia versions",
        description="Pair the statements of A and B by content (modulo SSA and block renumbering) and report "
                    "added, removed and changed statements, changed types, block structure, return types and "
                    "@code_warntype variables.  Differences of printing style between Julia versions "
                    "(Core.Compiler.Const vs Core.Const, Array{T,1} vs Vector{T}, _2 vs slot names, 1.12 call "
                    "labels on one side, …) are reported as style, not change.  Line info (line tables, "
                    "location lines, line-number columns) is not compared: it differs between any two Julia "
                    "builds.  Functions are paired by name when both files name every function (the labels "
                    "`jlir fetch` writes, `MethodInstance for` lines), else in order; generated closure names "
                    "(var\"#1#2\" vs var\"#3#4\") are paired by position and reported as renames.",
        epilog="Exit status: 0 identical or equivalent (style or line info only), 1 different, "
               "2 unreadable input, a parse error, or no function to compare.")
    dp.add_argument("a", metavar="A", help="a dump file; - for standard input")
    dp.add_argument("b", metavar="B", help="a dump file; - for standard input")
    dp.add_argument("--json", action="store_true",
                    help="print one JSON object (schema jlir-diff/1, keys documented in jlir/compare/model.py)")
    dp.add_argument("-U", "--context", type=_context_lines, default=3, metavar="N",
                    help="unchanged statements shown around each change (default 3)")
    dp.add_argument("--show-style", action="store_true",
                    help="also list each statement and variable that differs only in printing style")
    add_reading_options(dp)
    dp.set_defaults(func=run)


def _context_lines(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a number of lines (0 or more), got {text!r}")
    return int(text)


def _read_both(args) -> list | None:
    """The two documents, or None after reporting every input that cannot be read."""
    docs, failed = [], False
    for path in (args.a, args.b):
        doc, problem = attempt(path, "parsing", lambda: parse(path, lenient=args.lenient)[1])
        if problem:
            err(problem[1])
            failed = True
        docs.append(doc)
    return None if failed else docs


def run(args) -> int:
    """Exit 0 when the prints are identical or equivalent (printing style, line info), 1 when they differ,
    2 when an input cannot be read or parsed or holds no function."""
    from jlir.compare import DiffError, diff_documents, render_text
    if args.a == "-" and args.b == "-":
        err("jlir: error: only one of the two inputs can be standard input")
        return EXIT_ERROR
    docs = _read_both(args)
    if docs is None:
        return EXIT_ERROR
    try:
        import jlir
        from jlir.cli.progress import Progress
        total = min(len(jlir.functions(docs[0])), len(jlir.functions(docs[1])))
        with Progress(total, "diff", unit="functions", enabled=None if total >= 200 else False) as bar:
            d = diff_documents(docs[0], docs[1], name(args.a), name(args.b), progress=bar.advance)
        if args.json:
            text = json_line(d.to_json())
        else:
            text = render_text(d, context=args.context, show_style=args.show_style)
    except DiffError as e:
        err(f"jlir: error: {e}")
        return EXIT_ERROR
    except Exception as e:  # a diff bug must not show as a traceback
        err(internal(args.a, "diffing", e))
        return EXIT_ERROR
    write(text)
    return EXIT_FAILED if d.outcome == "different" else EXIT_OK
