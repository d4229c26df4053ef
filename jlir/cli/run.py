"""`jlir run FILE --args A B … [--function N] [--argnames a,b] [--self S] [--optimized] [--callees DIR] [--json]`: interpret a function.

Each argument is a value as a user types it at Julia's REPL (`5`, `-3`, `0x05`, `Int8(5)`, `1.5f0`, `NaN`,
`Int128(2)^100`, `'a'`, `"text"`, `:sym`, `nothing`, `missing`, `(1, 2.0)`, `(a=1, b=2.0)`, `[1, 2, 3]`,
`Int8[1 2; 3 4]`, `1:3`, `typemax(Int)`: `jlir.cli.literals`); it means what it means in Julia (`5` is an Int64,
`0x05` a UInt8), except that a bare number takes the type the IR states for that argument
(`jlir.cli.arguments`: `--args 5` is `Int8(5)` for `f(::Int8)`).  The comment lines above the dump may name
the method instance (`# MethodInstance for fact(::Int64)`, `# argnames: n`, a `jlir fetch` label): its name,
argument names, static parameters and types are then taken from there, and a label's call (`# f(1.0) — typed
— Julia 1.5.3`) gives the arguments when `--args` is not given.
Optimized code holds folded literals of any width (an inlined `Int32(0)` prints `0`): where the print does not
show a literal's width, the run refuses rather than guess.  Whether the code is optimized is its form's word (an
IRCode, φ nodes, `invoke`), a `# optimized: true|false` heading line's (`jlir opt --passes out-of-ssa` writes it),
or `--optimized` / `--no-optimized`'s.
The function is verified first (`jlir verify`): IR that breaks Julia's invariants is reported as `jlir verify`
reports it, exit 2.  The result prints as Julia's `repr`; an uncaught Julia exception prints as
`ERROR: TypeName` with exit 1; what the interpreter cannot run is one located line (`NotInterpretable`) with
exit 2, and so is a run past `--max-steps` (default 100,000,000 statements) or `--timeout` (default 60 s, wall
clock, binding within a fraction of a second however costly one statement is): `stopped after N steps` /
`stopped after S s`.  A loop with no exit is valid IR: these limits end it.  `--max-memory` (default a quarter of
the machine's memory) bounds the process's memory: past it, or where an allocation cannot fit, the run ends in
Julia's `OutOfMemoryError`, printed as any uncaught exception (exit 1); so does a recursion deeper than the
interpreter's frame stack allows (`StackOverflowError`).
Without `--julia`, callees come from `--callees` dumps, then from the Base methods built into jlir (Julia 1.5.3's
IR, `jlir.interp.builtin`); `--name f` names the function, so that its recursive calls run its own IR.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from jlir.cli.inputs import attempt, name, parse, seconds_or_zero
from jlir.cli.output import EXIT_ERROR, EXIT_OK, err, json_line, write
from jlir.ir.errors import JlirError

EXIT_THROWN = 1
MAX_STEPS = 100_000_000  # about half a minute at the interpreter's 2-6 M statements/s
TIMEOUT = 60.0


def register(sub) -> None:
    sp = sub.add_parser("run", help="interpret a function on arguments and print the result as Julia's repr",
                        description="Run one function of FILE in jlir's interpreter.")
    sp.add_argument("file", metavar="FILE", help="a dump file; - for standard input")
    sp.add_argument("--args", nargs="*", default=[], metavar="A",
                    help="the arguments, as typed at Julia's REPL (5, -1, Int8(5), 0x05, 1.5f0, 'a', \"s\", :x, (1, 2.0), "
                         "(a=1,), [1, 2], typemax(Int) …; docs/cli.md); a bare number takes the type the IR states")
    sp.add_argument("--function", type=int, default=1, metavar="N", help="the Nth function of the file (default 1)")
    sp.add_argument("--argnames", default=None, metavar="a,b",
                    help="the method's argument names, when the IR names arguments only by name")
    sp.add_argument("--self", dest="self_name", default=None, metavar="NAME",
                    help="the name slot 1 (the function itself) prints as where it is not #self# (a keyword "
                         "sorter's #s827, a callable object's name)")
    sp.add_argument("--name", default=None, metavar="F",
                    help="the function's name (`fact`): its recursive calls then run it again, no provider needed")
    sp.add_argument("--module", default=None, metavar="M",
                    help="the method's module (default Main), whose binding a bare operator call is: "
                         "Core.Compiler's code calls its own `=>`, `+`")
    add_optimized_option(sp)
    sp.add_argument("--callees", default=None, metavar="DIR",
                    help="a directory of callee dumps headed `# MethodInstance for f(::T…)` (before the built-in Base methods)")
    sp.add_argument("--julia", default=None, metavar="SPEC",
                    help="ask this Julia (a path, +CHANNEL, or auto) for callees' IR, cached per Julia version")
    sp.add_argument("--defs", default=None, metavar="FILE", help="Julia source evaluated in that Julia first")
    sp.add_argument("--max-steps", type=int, default=MAX_STEPS, metavar="N",
                    help=f"stop (exit 2) after N statements run, callees included (default {MAX_STEPS:,}; 0: none)")
    sp.add_argument("--timeout", type=seconds_or_zero, default=TIMEOUT, metavar="S",
                    help=f"stop (exit 2) after S seconds of running, wall clock, within a fraction of a second "
                         f"(default {TIMEOUT:g}; 0: none)")
    sp.add_argument("--max-memory", type=memory_size, default=None, metavar="SIZE",
                    help="the memory jlir may reach while running (bytes, or 512M, 2G …; default a quarter of the "
                         "machine's; 0: none): past it the run ends in Julia's OutOfMemoryError (exit 1)")
    sp.add_argument("--json", action="store_true", help='{"result": repr, "type": T, "steps": n} (or "exception")')
    sp.set_defaults(func=run)


def add_optimized_option(sp) -> None:
    import argparse
    sp.add_argument("--optimized", action=argparse.BooleanOptionalAction, default=None,
                    help="the code is the optimizer's output (its literals are folded values of any width: a literal "
                         "whose width the IR does not show is refused) or, with --no-optimized, the source's (a "
                         "decimal literal is an Int64); default: a `# optimized:` heading line, else the print's form")


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

    def self_name(self, callee, arg_types):
        p = self._first(callee, arg_types)
        return None if p is None else getattr(p, "self_name", lambda c, t: None)(callee, arg_types)

    def vararg(self, callee, arg_types):
        p = self._first(callee, arg_types)
        return None if p is None else getattr(p, "vararg", lambda c, t: None)(callee, arg_types)

    def no_method(self, callee, arg_types):
        return any(getattr(p, "no_method", lambda c, t: False)(callee, arg_types) for p in self.providers)

    def struct_fields(self, type_name):
        return next((f for p in self.providers if hasattr(p, "struct_fields")
                     for f in [p.struct_fields(type_name)] if f is not None), None)

    def field_types(self, type_name):
        return next((f for p in self.providers if hasattr(p, "field_types")
                     for f in [p.field_types(type_name)] if f is not None), None)

    def missing_hint(self):
        return next((p.missing_hint() for p in self.providers if hasattr(p, "missing_hint")),
                    "`--julia auto` would ask a Julia for it")

    def global_value(self, name):
        return next((v for p in self.providers if hasattr(p, "global_value")
                     for v in [p.global_value(name)] if v is not None), None)

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


def _live_named(args, jl, fn, call):
    """`fn` with its closures named as the live Julia, having evaluated `--defs`, names them
    (`jlir.live.gensyms`): the dump may come from another session."""
    from jlir.live.gensyms import defined_names, live_named
    from jlir.cli.inputs import read_text
    from jlir.interp.runner import signature_type
    source = read_text(args.defs)
    jl.define(source, Path(args.defs).name)
    names = [call.name] if call.name else defined_names(source)
    return live_named(fn, jl, names, [signature_type(v) for v in call.values])


_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def memory_size(text: str) -> int:
    """`--max-memory`'s value in bytes: `2G`, `512M`, `1.5GB`, `1000000`; 0 (or `none`) for no limit."""
    import argparse
    import re
    m = re.fullmatch(r"\s*(\d+(?:\.\d*)?)\s*([KMGT]?)(?:i?B)?\s*", text, re.I)
    if text.strip().lower() == "none":
        return 0
    if m is None:
        raise argparse.ArgumentTypeError(f"expected a size such as 2G, 512M or a number of bytes, got {text!r}")
    return int(float(m.group(1)) * _UNITS[m.group(2).upper()])


def _started(args) -> float | None:
    """Where `--timeout` counts from: the process's start when `jlir` is the process (start-up and reading
    included: `jlir run --timeout S` ends about S seconds after it began), else the call of `main`."""
    from jlir.interp.limits import process_start
    if getattr(args, "process_entry", False):
        return process_start() or getattr(args, "started", None)
    return getattr(args, "started", None)


def memory_limit(size: int | None) -> int | None:
    """The run's memory limit in bytes: the option's (0: none), else a quarter of the machine's memory."""
    from jlir.interp.limits import DEFAULT_FRACTION, physical_memory
    if size is None:
        return physical_memory() // DEFAULT_FRACTION or None
    return size or None


@dataclass(frozen=True, slots=True)
class Call:
    """What a run of one function is given: argument values, names, static parameters, its name."""
    values: list
    argnames: list | None
    sparams: tuple
    vararg: bool
    name: str | None
    optimized: bool | None = None


def prepared_call(doc, fn, provider, texts, argnames: str | None, name: str | None, option: str = "--args",
                  optimized: bool | None = None) -> Call:
    """The call the argument texts (`--args`), `--argnames a,b`, `--name`, `--optimized` and the dump's heading
    describe (`ArgumentsError`, a ValueError, where an argument is not a value of the type the IR states)."""
    from jlir.cli.arguments import run_values, stated_types
    from jlir.cli.heading import heading_of
    from jlir.cli.ssa import slot_types
    from jlir.interp.provider import parse_sparam
    heading = heading_of(doc, fn)
    names = argnames.split(",") if argnames else list(heading.argnames) if heading.argnames else None
    texts = list(texts) if texts or not all(heading.values) else list(heading.values)
    stated = stated_types(fn, len(texts), names, heading, slot_types(fn))
    for k, v in enumerate(heading.values[:len(stated)]):
        if v is not None and stated[k] is None:
            stated[k] = _type_of_text(v, provider)
    own = heading.name if heading.name and not heading.name.startswith("(") else None
    sparams = tuple(parse_sparam(p) for p in heading.sparams) if heading.sparams else ()
    return Call(run_values(texts, stated, provider, option), names, sparams,
                bool(heading.vararg) and names is not None, name or own,
                heading.optimized if optimized is None else optimized)


def _type_of_text(text: str, provider) -> str | None:
    """The type of a value a heading's call shows (`# f(Int8(1)) — …`), or None where it is not a value."""
    from jlir.cli.literals import LiteralError, argument
    from jlir.interp.runner import shown_type
    try:
        return shown_type(argument(text, provider))
    except LiteralError:
        return None


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
    fn = fns[args.function - 1]
    try:
        provider, jl = _provider(args)
        call = prepared_call(doc, fn, provider, args.args, args.argnames, args.name, optimized=args.optimized)
        if jl is not None and args.defs:
            fn = _live_named(args, jl, fn, call)
        r = interp.run(fn, call.values, provider, argnames=call.argnames, sparams=call.sparams, vararg=call.vararg,
                       max_steps=args.max_steps or None, timeout=args.timeout or None, name=call.name,
                       self_name=args.self_name, max_memory=memory_limit(args.max_memory),
                       started=_started(args), module=args.module, optimized=call.optimized)
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
