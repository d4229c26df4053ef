"""`jlir ssa FILE… [--argnames a,b] [--self NAME] [--pending] [-o OUT]`: slot form (`@code_lowered`, `optimize=false`) in SSA form.

Each function is put into SSA form as Julia 1.5's `slot2reg` does it (`jlir.ssa.into_ssa`), checked by the
verifier, and printed as Julia prints an IRCode.  Arguments print as `_n` where their slot number is
known: printed with the name (`x@_2`), given by `--argnames`, or listed by a `@code_warntype` input's
`Variables` section; the function itself reads `_1` when slot 1 prints as `#self#` or as the name `--self` gives.  A 1.5 `@code_warntype` input's upper-cased (flagged) types are printed in Julia's
spelling (`jlir.ssa.case`).

Where the input states the function's return type (`CodeInfo(…) => T`, warntype's `Body::T`), the result is
printed as Julia 1.5 prints typed SSA IR, a `CodeInfo(…) => T` (`--form codeinfo`, chosen by `--form auto`):
an IRCode print has no return type, and without it `jlir run` cannot tell the integer type of a returned
literal (`return -1` may be an `Int32`), so `jlir ssa f.txt | jlir run -` works whenever `f.txt` had what it
needs.  `--form ircode` prints Julia's IRCode display whatever the input held.
"""
from __future__ import annotations

import jlir
from jlir.cli.output import EXIT_ERROR, EXIT_OK, err
from jlir.cli.heading import heading_of
from jlir.cli.types import TypesError, add_type_options, instance_types
from jlir.cli.units import add_inputs, run_each
from jlir.ir.errors import JlirError


def register(sub) -> None:
    sp = sub.add_parser("ssa", help="slot form (lowered, optimize=false) into SSA form with φ, as Julia's slot2reg",
                        description="Put each function of slot-form IR (@code_lowered, code_typed(optimize=false), "
                                    "@code_warntype) into SSA form as Julia 1.5's slot2reg does, verify it and print "
                                    "it as Julia prints an IRCode.")
    add_inputs(sp)
    sp.add_argument("--argnames", metavar="A,B,…", default=None,
                    help="the method's argument names in order (without #self#), for arguments printed by name; "
                         "an unnamed argument's place left empty (,,c)")
    sp.add_argument("--self", dest="self_name", metavar="NAME", default=None,
                    help="the name slot 1 (the function itself) prints as where it is not #self# (a keyword "
                         "sorter's #s827, a callable object's name), so that it reads _1")
    add_type_options(sp)
    sp.add_argument("--pending", action="store_true",
                    help="leave the inserted nodes (φ, ϒ, checks) pending, as slot2reg returns them, uncompacted")
    sp.add_argument("--form", choices=("auto", "ircode", "codeinfo"), default="auto",
                    help="print as an IRCode, or as a CodeInfo => T (typed SSA IR, carrying the return type); auto: "
                         "a CodeInfo where the input states the return type")
    sp.add_argument("-o", "--output", metavar="OUT", default=None,
                    help="write the result to OUT (atomically, as jlir opt -o) instead of stdout")
    sp.set_defaults(func=run)


def as_printed(out, source, form: str):
    """The SSA result `out` in the display `form` asks for (`auto`: a CodeInfo when `source` states its return type,
    which an IRCode print cannot carry)."""
    from dataclasses import replace
    from jlir.ir.function import Form, Function
    if form == "ircode" or (form == "auto" and source.return_type is None) or any(s.new_id for s in out.stmts):
        return out
    return Function.of(out.ir, replace(out.display, form=Form.TYPED, return_type=source.return_type))


def _variables(fn):
    sections = dict((s[0], s[1]) for s in fn.header.sections) if fn.header is not None else {}
    return sections.get("Variables")


def slot_names(fn):
    """Every slot's name in slot order where the input lists them (1.5's `@code_warntype` `Variables`), else None."""
    entries = _variables(fn)
    return None if entries is None else [entry[0].split("@")[0] for entry in entries]


def slot_types(fn):
    """Every slot's type in slot order where the input lists them (the same `Variables`), else None."""
    entries = _variables(fn)
    return None if entries is None else [entry[2] for entry in entries]


def run(args) -> int:
    from jlir.analysis.verifier import verify_ir
    from jlir.ssa import into_ssa
    from jlir.ssa.case import original_case, original_type
    # positions count: an unnamed argument (printed `@_3`) keeps its place, empty
    argnames = tuple(a.strip() for a in args.argnames.split(",")) if args.argnames else None

    def answer(unit):
        try:
            fn, types = original_case(unit.function), slot_types(unit.function)
            argtypes, sptypes = instance_types(heading_of(unit.document, unit.function), args.argtypes, args.sparams)
            names = argnames if argnames is not None else heading_of(unit.document, unit.function).argnames
            named = (args.self_name, *(names or ())) if args.self_name else None
            out = into_ssa(fn, argnames=names, slotnames=slot_names(fn) or named,
                           slottypes=[original_type(t) for t in types] if types is not None else argtypes or None,
                           compact=not args.pending, argtypes=argtypes, sptypes=sptypes)
        except (JlirError, TypesError) as e:
            err(f"{unit.source}: function {unit.index}: error: {e}")
            return "", EXIT_ERROR
        problems = [d for d in verify_ir(out) if d.severity == "error"]
        if problems:
            err(f"{unit.source}: function {unit.index}: error: the SSA form does not verify: {problems[0]}")
            return "", EXIT_ERROR
        text = jlir.format(as_printed(out, fn, args.form))
        return text if text.endswith("\n") else text + "\n", EXIT_OK
    return run_each(args, "putting into SSA form", answer, output=args.output)
