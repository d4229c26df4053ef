#!/usr/bin/env python3
"""Random Julia programs for differential testing of jlir against Julia (as Csmith and YARPGen test C compilers).

    python3 scripts/check/gen_programs.py --seed 1 --count 500 --out DIR     # DIR/gen-1-00000.jl … gen-1-00499.jl
    python3 scripts/check/oracle.py --include DIR/*.jl --source generated --batch 50 --cache CACHE

Each program is one file: helper functions of the kinds people write (plain, keyword and vararg methods,
`@generated` functions, functors `(f::T)(x)` and singleton ones, functions returning `Union{Nothing, T}` or
`Union{Int64, Float64}`, a bounded recursion, a method added to Base's `+` for the program's own type, a
parametric struct), a macro of its own, and an entry function `main_K` of bits arguments that calls them; a
quarter of the programs live in a module of their own.  The file ends with `JLIR_RUNS`: the entry called on
three generated argument tuples (edge values included), which `oracle.jl --include` makes and records as the
interpreter row's runs.  Program K of seed S is made from its own random stream (`Random(f"{S}-{K}")`), so it is
the same whatever `--count` or `--start` chose, on any machine.

Why Python writes the Julia: the generator needs no Julia to run (5,000 programs in seconds), Python's `random`
is the same stream on every platform and version (Julia's default RNG changed between versions), and the
shrinker (scripts/check/shrink_program.py) and the oracle's driver are Python too.  Grammar and typing:
gen_julia_exprs.py (expressions), gen_julia_stmts.py (statements).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gen_julia_exprs import BITS, FLOATS, INTS, NUMBERS, SIGNED, jl, literal, value_literal  # noqa: E402
from gen_julia_stmts import IND, Ctx, Stmts  # noqa: E402


class Program:
    """One program: its definitions (Julia lines) and the callables they add, in order."""

    def __init__(self, seed: int, k: int):
        self.rng = random.Random(f"{seed}-{k}")
        self.seed, self.k = seed, k
        self.lines: list[str] = []
        self.callables: list[tuple[str, tuple, object]] = []   # (template, argtypes, rettype)
        self.macro = f"twice{k}" if self.rng.random() < 0.5 else None
        self.n = 0

    def name(self, stem: str) -> str:
        self.n += 1
        return f"{stem}{self.n}_{self.k}"

    def body(self, params, rettype, n: int, depth: int, call_all: bool = False) -> list[str]:
        """A function body: statements over `params`, then `return` of a value of `rettype`; with `call_all`,
        every callable not called yet is called once before it (so that each helper has an instance)."""
        ctx = Ctx(self.rng, list(self.callables), rettype)
        for p, t in params:
            ctx.define(p, t)
        st = Stmts(self.rng, ctx, self.macro)
        lines = st.block(n, depth)
        if call_all:
            for template, argtypes, r in self.callables:
                if template not in ctx.used and not any(t.split("(")[0] == template.split("(")[0] for t in ctx.used):
                    ctx.used.add(template)
                    w = ctx.fresh()
                    lines.append(f"{w} = " + template.format(*(st.x.expr(a, 1) for a in argtypes)))
                    ctx.define(w, r)
        return [IND + line for line in lines + [f"return {st.x.expr(rettype, 2)}"]]

    def params(self, types) -> list[tuple[str, object]]:
        names = ("a", "b", "p", "q", "ζ", "w")
        return [(f"{names[j]}{self.n}", t) for j, t in enumerate(types)]

    # --- helpers -------------------------------------------------------------------------------------------
    def plain(self) -> None:
        rng = self.rng
        f = self.name(rng.choice(("h", "g", "calc", "φ", "mix")))
        ps = self.params([rng.choice(BITS) for _ in range(rng.randint(1, 3))])
        r = rng.choice(BITS + ("String",))
        typed = rng.random() < 0.7
        sig = ", ".join(f"{p}::{jl(t)}" if typed else p for p, t in ps)
        ann = f"::{jl(r)}" if rng.random() < 0.3 else ""
        inline = rng.choice(("", "", "@inline ", "@noinline "))
        self.lines += [f"{inline}function {f}({sig}){ann}"] + self.body(ps, r, rng.randint(2, 5), 2) + ["end"]
        self.callables.append((f"{f}(" + ", ".join("{%d}" % j for j in range(len(ps))) + ")",
                               tuple(t for _, t in ps), r))

    def keyword(self) -> None:
        rng = self.rng
        f = self.name("kw")
        t = rng.choice(NUMBERS)
        (p, _), = ps = self.params([t])
        k1, k2 = f"scale{self.n}", f"shift{self.n}"
        rest = rng.random() < 0.3
        sig = f"{p}::{t}; {k1}::{t}={literal(t, rng)}, {k2}={literal(t, rng)}" + (", kws..." if rest else "")
        body = self.body(ps + [(k1, t), (k2, t)], t, rng.randint(1, 4), 2)
        if rest:
            body.insert(0, IND + f"{p} += length(kws) % {t}" if t in INTS else IND + "length(kws)")
        self.lines += [f"function {f}({sig})"] + body + ["end"]
        self.callables += [(f"{f}({{0}})", (t,), t), (f"{f}({{0}}; {k1}={{1}})", (t, t), t),
                           (f"{f}({{0}}; {k2}={{1}}, {k1}={{2}})", (t, t, t), t)]
        if rest:
            self.callables.append((f"{f}({{0}}; extra=1, {k1}={{1}})", (t, t), t))

    def vararg(self) -> None:
        rng = self.rng
        f = self.name("va")
        t = rng.choice(NUMBERS)
        p, r = f"first{self.n}", f"rest{self.n}"
        acc = f"acc{self.n}"
        x = f"x{self.n}"
        self.lines += [f"function {f}({p}::{t}, {r}::{t}...)", IND + f"{acc} = {p}",
                       IND + f"for {x} in {r}", IND * 2 + f"{acc} = {acc} + {x} * {literal(t, rng)}", IND + "end",
                       IND + f"return {acc} + foldl(+, {r}; init=zero({t})) + convert({t}, length({r}))", "end"]
        self.callables += [(f"{f}({{0}})", (t,), t), (f"{f}({{0}}, {{1}}, {{2}})", (t, t, t), t),
                           (f"{f}({{0}}, ({{1}}, {{2}})...)", (t, t, t), t)]

    def generated(self) -> None:
        f = self.name("gen")
        self.lines += [f"@generated function {f}(x, y)",
                       IND + "if x <: AbstractFloat",
                       IND * 2 + "return :(x * y - one(x))",
                       IND + "elseif x <: Signed",
                       IND * 2 + "return :(xor(x, y) + (y >> 1))",
                       IND + "else",
                       IND * 2 + "return :(x + y)",
                       IND + "end",
                       "end"]
        for t in self.rng.sample(NUMBERS, 2):
            self.callables.append((f"{f}({{0}}, {{1}})", (t, t), t))

    def functor(self) -> None:
        rng = self.rng
        T = self.name("Fn")
        t = rng.choice(NUMBERS)
        if rng.random() < 0.5:   # a struct with a field, called
            c, p = f"c{self.n}", f"arg{self.n}"
            self.lines += [f"struct {T}", IND + f"{c}::{t}", "end"]
            body = self.body([(p, t), (c, t)], t, rng.randint(1, 3), 1)
            self.lines += [f"function (self{self.n}::{T})({p}::{t})", IND + f"{c} = self{self.n}.{c}"] + body + \
                ["end"]
            self.callables.append((f"{T}({{0}})({{1}})", (t, t), t))
        else:                    # a singleton
            p = f"arg{self.n}"
            self.lines += [f"struct {T} end", f"(::{T})({p}::{t}) = {p} + {p} * {literal(t, rng)}"]
            self.callables.append((f"{T}()({{0}})", (t,), t))

    def maybe(self) -> None:
        rng = self.rng
        f = self.name("mb")
        t = rng.choice(NUMBERS)
        ps = self.params([t, "Bool"])
        (p, _), (b, _) = ps
        if rng.random() < 0.6:
            self.lines += [f"function {f}({p}::{t}, {b}::Bool)::Union{{Nothing, {t}}}",
                           IND + f"{b} && return nothing", IND + f"return {p} * {literal(t, rng)}", "end"]
            self.callables += [(f"something({f}({{0}}, {{1}}), {{2}})", (t, "Bool", t), t),
                               (f"let r = {f}({{0}}, {{1}}); r === nothing ? {{2}} : r end", (t, "Bool", t), t),
                               (f"({f}({{0}}, {{1}}) === nothing)", (t, "Bool"), "Bool")]
        else:
            self.lines += [f"{f}({p}::Int64, {b}::Bool) = {b} ? {p} : Float64({p}) / 2"]
            self.callables.append((f"Float64({f}({{0}}, {{1}}))", ("Int64", "Bool"), "Float64"))

    def recursive(self) -> None:
        f = self.name("rec")
        t = self.rng.choice(NUMBERS)
        self.lines += [f"{f}(d::Int64, x::{t}) = d <= 0 ? x : {f}(d - 1, x + x) - x"]
        self.callables.append((f"{f}({{0}} & 3, {{1}})", ("Int64", t), t))

    def own_type(self) -> None:
        rng = self.rng
        T = self.name("Acc")
        t = rng.choice(NUMBERS)
        mutable = rng.random() < 0.5
        self.lines += [f"{'mutable struct' if mutable else 'struct'} {T}", IND + f"total::{t}", "end",
                       f"Base.:+(a::{T}, b::{T}) = {T}(a.total + b.total)"]
        self.callables.append((f"({T}({{0}}) + {T}({{1}})).total", (t, t), t))
        P = self.name("Pair")
        self.lines += [f"struct {P}{{T}}", IND + "a::T", IND + "b::T", "end",
                       f"sumab{self.n}(p::{P}) = p.a - p.b", f"swap{self.n}(p::{P}{{T}}) where {{T}} = {P}{{T}}(p.b, p.a)"]
        self.callables += [(f"sumab{self.n}({P}({{0}}, {{1}}))", (t, t), t),
                           (f"sumab{self.n}(swap{self.n}({P}({{0}}, {{1}})))", (t, t), t),
                           (f"(a={{0}}, b={{1}}).b", (t, t), t)]

    def make(self) -> str:
        rng = self.rng
        kinds = [self.plain, self.plain, self.keyword, self.vararg, self.generated, self.functor, self.maybe,
                 self.recursive, self.own_type]
        if self.macro:
            self.lines += [f"macro {self.macro}(ex)", IND + ":($(esc(ex)) + $(esc(ex)))", "end"]
        for make in rng.sample(kinds, rng.randint(2, 4)):
            make()
        args = [rng.choice(BITS) for _ in range(rng.randint(1, 3))]
        ps = [(f"{n}_{self.k}", t) for n, t in zip(("x", "y", "z"), args)]
        rettype = ("Tuple", tuple(rng.choice(BITS + ("String",)) for _ in range(rng.randint(1, 3))))
        main = f"main_{self.k}"
        self.lines += [f"function {main}({', '.join(f'{p}::{t}' for p, t in ps)})"]
        self.lines += self.body(ps, rettype, rng.randint(3, 8), 3, call_all=True) + ["end"]
        own_module = rng.random() < 0.25
        head = [f"# generated by scripts/check/gen_programs.py: seed {self.seed}, program {self.k}"]
        if own_module:
            mod = f"Gen{self.k}"
            code = head + [f"module {mod}", ""] + self.lines + ["", f"end # module {mod}"]
            main = f"{mod}.{main}"
        else:
            code = head + self.lines
        runs = [f"({main}, ({', '.join(value_literal(t, rng) for t in args)},))" for _ in range(3)]
        return "\n".join(code + ["", f"JLIR_RUNS = [{', '.join(runs)}]", ""])


def program(seed: int, k: int) -> str:
    return Program(seed, k).make()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--start", type=int, default=0, help="the first program's number")
    ap.add_argument("--out", type=Path, required=True, help="the folder the programs are written to")
    a = ap.parse_args(argv)
    a.out.mkdir(parents=True, exist_ok=True)
    for k in range(a.start, a.start + a.count):
        path = a.out / f"gen-{a.seed}-{k:05d}.jl"
        tmp = path.with_suffix(".tmp")
        tmp.write_text(program(a.seed, k), encoding="utf-8")
        os.replace(tmp, path)
    print(f"gen_programs: {a.count} programs (seed {a.seed}, {a.start}…{a.start + a.count - 1}) in {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
