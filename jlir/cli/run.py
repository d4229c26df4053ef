"""`jlir run FILE --args A B … [--function N] [--argnames a,b] [--callees DIR] [--json]`: interpret a function.

Each argument is a Julia literal as Julia prints one (`5`, `-3`, `0x05`, `1.5`, `1.0f0`, `NaN`, `true`,
`'a'`, `"text"`, `:sym`, `nothing`, tuples `(1, 2.0)`, vectors `[1, 2, 3]`, `Float64[]`: `jlir.cli.literals`);
it means what it means in Julia (`5` is an Int64, `0x05` a UInt8).
The function is verified first (`jlir verify`): IR that breaks Julia's invariants is reported as `jlir verify`
reports it, exit 2.  The result prints as Julia's `repr`; an uncaught Julia exception prints as
`ERROR: TypeName` with exit 1; what the interpreter cannot run is one located line (`NotInterpretable`) with
exit 2, and so is a run past `--max-steps` (default 100,000,000 statements) or `--timeout` (default 60 s):
`stopped after N steps` / `stopped after S s`.  A loop with no exit is valid IR: these limits end it.
Without `--julia`, callees come from `--callees` dumps, then from the Base methods built into jlir (Julia 1.5.3's
IR, `jlir.interp.builtin`); `--name f` names the function, so that its recursive calls run its own IR.
"""
from __future__ import annotations

from pathlib import Path

from jlir.cli.inputs import attempt, name, parse, seconds_or_zero
from jlir.cli.output import EXIT_ERROR, EXIT_OK, err, json_line, write
from jlir.cli.literals import argument
from jlir.ir.errors import JlirError

EXIT_THROWN = 1
MAX_STEPS = 100_000_000  # about half a minute at the interpreter's 2-6 M statements/s
TIMEOUT = 60.0


def register(sub) -> None:
    sp = sub.add_parser("run", help="interpret a function on arguments and print the result as Julia's repr",
                        description="Run one function of FILE in jlir's interpreter.")
    sp.add_argument("file", metavar="FILE", help="a dump file; - for standard input")
    sp.add_argument("--args", nargs="*", default=[], metavar="A", help="the arguments, as Julia literals")
    sp.add_argument("--function", type=int, default=1, metavar="N", help="the Nth function of the file (default 1)")
    sp.add_argument("--argnames", default=None, metavar="a,b",
                    help="the method's argument names, when the IR names arguments only by name")
    sp.add_argument("--name", default=None, metavar="F",
                    help="the function's name (`fact`): its recursive calls then run it again, no provider needed")
    sp.add_argument("--callees", default=None, metavar="DIR",
                    help="a directory of callee dumps headed `# MethodInstance for f(::T…)` (before the built-in Base methods)")
    sp.add_argument("--julia", default=None, metavar="SPEC",
                    help="ask this Julia (a path, +CHANNEL, or auto) for callees' IR, cached per Julia version")
    sp.add_argument("--defs", default=None, metavar="FILE", help="Julia source evaluated in that Julia first")
    sp.add_argument("--max-steps", type=int, default=MAX_STEPS, metavar="N",
                    help=f"stop (exit 2) after N statements run, callees included (default {MAX_STEPS:,}; 0: none)")
    sp.add_argument("--timeout", type=seconds_or_zero, default=TIMEOUT, metavar="S",
                    help=f"stop (exit 2) after S seconds of running (default {TIMEOUT:g}; 0: none)")
    sp.add_argument("--json", action="store_true", help='{"result": repr, "type": T, "steps": n} (or "exception")')
    sp.set_defaults(func=run)


def _provider(args):
    """The callee provider the options ask for: a dump directory, a live Julia (with a cache), or both in turn."""
    from jlir import interp
    dumps = interp.DumpProvider(args.callees) if args.callees else None
    if not args.julia:  # Base's common methods are built in (Julia 1.5.3's IR): no Julia needed for them
        from jlir.interp.builtin import BaseProvider
        return (_Chain(dumps, BaseProvider()) if dumps else BaseProvider()), None
    from jlir.live import Julia
    from jlir.live.provider import LiveProvider
    defs = None
    if args.defs:
        from jlir.cli.inputs import read_text
        defs = read_text(args.defs)
    jl = Julia(None if args.julia == "auto" else args.julia)
    live = LiveProvider(jl, defs=defs, defs_name=Path(args.defs).name if args.defs else "defs.jl")
    return (_Chain(dumps, live) if dumps else live), jl


class _Chain:
    """The first provider that has a callee's IR."""

    def __init__(self, *providers):
        self.providers = providers

    def _first(self, callee, arg_types):
        return next((p for p in self.providers if p.lookup(callee, arg_types) is not None), None)

    def lookup(self, callee, arg_types):
        p = self._first(callee, arg_types)
        return None if p is None else p.lookup(callee, arg_types)

    def lookup_form(self, callee, arg_types, form):
        return next((f for p in self.providers if hasattr(p, "lookup_form")
                     for f in [p.lookup_form(callee, arg_types, form)] if f is not None), None)

    def argnames(self, callee, arg_types):
        p = self._first(callee, arg_types)
        return None if p is None else p.argnames(callee, arg_types)

    def sparams(self, callee, arg_types):
        p = self._first(callee, arg_types)
        return () if p is None else p.sparams(callee, arg_types)

    def vararg(self, callee, arg_types):
        p = self._first(callee, arg_types)
        return None if p is None else getattr(p, "vararg", lambda c, t: None)(callee, arg_types)

    def struct_fields(self, type_name):
        return next((f for p in self.providers if hasattr(p, "struct_fields")
                     for f in [p.struct_fields(type_name)] if f is not None), None)

    def field_types(self, type_name):
        return next((f for p in self.providers if hasattr(p, "field_types")
                     for f in [p.field_types(type_name)] if f is not None), None)

    def structs(self):
        out = {}
        for p in reversed(self.providers):
            out.update(p.structs())
        return out


def _invalid(args, fn, doc, text: str) -> str:
    """`jlir verify`'s located messages for the function's errors (IR that breaks Julia's invariants is not run:
    a branch to a block that does not exist has no meaning), or ''."""
    from jlir import analysis as A
    from jlir.cli.units import Unit
    from jlir.cli.verify import positions, render
    problems = [d for d in A.verify(fn) if d.severity == "error"]
    if not problems:
        return ""
    unit = Unit(name(args.file), args.function, fn, doc, text)
    where, lines = positions(unit), text.split("\n")
    return "\n".join(render(unit, d, where, lines) for d in problems)


def run(args) -> int:
    from jlir import interp
    parsed, problem = attempt(args.file, "reading", lambda: parse(args.file))
    if problem:
        err(problem[1])
        return EXIT_ERROR
    text, doc = parsed
    import jlir
    fns = jlir.functions(doc)
    if not 1 <= args.function <= len(fns):
        err(f"{name(args.file)}: error: --function {args.function}: the input has {len(fns)} function(s)")
        return EXIT_ERROR
    invalid = _invalid(args, fns[args.function - 1], doc, text)
    if invalid:
        err(invalid)
        return EXIT_ERROR
    jl = None
    try:
        values = [argument(a) for a in args.args]
        provider, jl = _provider(args)
        names = args.argnames.split(",") if args.argnames else None
        r = interp.run(fns[args.function - 1], values, provider, argnames=names, max_steps=args.max_steps or None,
                       timeout=args.timeout or None, name=args.name)
    except ValueError as e:
        err(f"jlir run: error: {e}")
        return EXIT_ERROR
    except interp.NotInterpretable as e:
        err(f"{name(args.file)}: error: cannot interpret function {args.function}: {e}")
        return EXIT_ERROR
    except JlirError as e:  # no Julia, a Julia that failed to start, an unreadable --defs
        err(f"jlir run: error: {str(e).splitlines()[0]}")
        return EXIT_ERROR
    finally:
        if jl is not None:
            jl.close()
    if args.json:
        data = ({"exception": r.exception.type_name, "steps": r.steps} if r.exception is not None else
                {"result": interp.julia_repr(r.value), "type": r.type, "steps": r.steps})
        write(json_line(data))
    elif r.exception is not None:
        write(f"ERROR: {r.exception.type_name}\n")
    else:
        write(interp.julia_repr(r.value) + "\n")
    return EXIT_THROWN if r.exception is not None else EXIT_OK
