"""`jlir opt FILE… --passes P1,P2,… [-o OUT]`: the IR after passes, printed as Julia prints it; `--list` names them.

A dump whose form no longer shows what its literals are gets a `# optimized: true` (or `false`) line above it
(`jlir.cli.heading.mark_optimized`): out-of-ssa of an IRCode print is slot form holding the optimizer's folded
literals (an `Int32` 0 printed `0`), which `jlir run` would otherwise read as the source's (an Int64)."""
from __future__ import annotations

import jlir
from jlir.cli.inputs import attempt, internal, name, parse
from jlir.cli.jobs import add_jobs, each_file
from jlir.cli.output import EXIT_ERROR, EXIT_OK, err, write, write_output
from jlir.cli.types import TypesError, add_type_options, types_for
from jlir.ir.errors import JlirError


def register(sub) -> None:
    sp = sub.add_parser("opt", help="run passes over each function and print the result as Julia would",
                        description="Run the named passes over every function of each file, in order, with the "
                                    "verifier after each, and print the result in the dump's own style.")
    sp.add_argument("files", nargs="*", metavar="FILE", help="a dump file; - for standard input")
    sp.add_argument("--passes", default="compact", metavar="P1,P2,…",
                    help="comma-separated pass names, run in order (default: compact); see --list")
    sp.add_argument("--list", action="store_true", help="list the passes, one line each, and exit")
    sp.add_argument("--naive", action="store_true",
                    help="run out-of-ssa as the naive textbook translation (out-of-ssa-naive), to show its bugs")
    shown = sp.add_mutually_exclusive_group()
    shown.add_argument("--explain", action="store_true",
                       help="instead of the result, what each pass changed, statement by statement (as jlir diff shows it)")
    shown.add_argument("--diff", action="store_true", help="instead of the result, the whole change as jlir diff shows it")
    sp.add_argument("-o", "--output", metavar="OUT", help="write the result to OUT (atomically) instead of stdout")
    add_type_options(sp)
    add_jobs(sp)
    sp.set_defaults(func=run)


def run(args) -> int:
    from jlir import passes
    if args.list:
        width = max(map(len, passes.REGISTRY))
        write("".join(f"{p.name:<{width}}  {p.summary}\n" for p in sorted(passes.REGISTRY.values(),
                                                                          key=lambda p: p.name)))
        return EXIT_OK
    if not args.files:
        err("jlir opt: error: no input files (give FILE… or --list)")
        return EXIT_ERROR
    names = [n.strip() for n in args.passes.split(",") if n.strip()]
    if args.naive:
        names = ["out-of-ssa-naive" if n == "out-of-ssa" else n for n in names]
    try:
        passes.registry.lookup(names)
    except passes.PassError as e:
        err(f"jlir opt: error: {e}")
        return EXIT_ERROR
    def work(path: str, say) -> str | None:
        doc, problem = attempt(path, "reading", lambda: parse(path)[1])
        if problem:
            say(problem[1])
            return None
        try:
            return _answer(args, doc, names, name(path))
        except (JlirError, TypesError) as e:  # a pass refused, its output did not verify, a bad --argtypes
            say(f"{name(path)}: error: {e}")
        except Exception as e:
            say(internal(path, "optimising", e))
        return None

    status, out = EXIT_OK, []
    for _, text in each_file(args, args.files, work):
        if text is None:
            status = EXIT_ERROR
        else:
            out.append(text)
    write_output(args.output or "-", "".join(out))
    return status


def _answer(args, doc, names: list[str], source: str) -> str:
    """The optimised document's text, or with --diff/--explain the change as `jlir diff` reports it."""
    from jlir import passes
    notes: list[str] = []
    types = types_for(doc, args)
    if not (args.explain or args.diff):
        from jlir.cli.heading import mark_optimized  # a dump out of SSA says it was the optimizer's code
        text = jlir.format(mark_optimized(doc, passes.run_document(doc, names, notes=notes, jobs=_inner_jobs(args),
                                                                   types=types)))
        _say(notes)
        return text
    from jlir.compare import diff_documents, render_text
    stages = [(None, doc)]
    for n in (names if args.explain else [",".join(names)]):
        stages.append((n, passes.run_document(stages[-1][1], n.split(","), notes=notes, jobs=_inner_jobs(args),
                                              types=types if len(stages) == 1 else None)))
    out = []
    for (_, before), (n, after) in zip(stages, stages[1:]):
        report = render_text(diff_documents(before, after, f"{source} before {n}", f"{source} after {n}"))
        out.append(f"=== {n} ===\n{report}" if args.explain else report)
    _say(notes)
    return "".join(out)


def _inner_jobs(args) -> int:
    """With one file, `-j N` runs its functions in N processes (with several, the files are the unit)."""
    return args.jobs if len(args.files) == 1 else 1


def _say(notes: list[str]) -> None:
    for line in notes:
        err(f"jlir opt: note: {line}")
