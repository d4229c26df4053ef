"""Typed Julia expressions for the random-program generator (scripts/check/gen_programs.py).

A type is a string (`Int8` … `UInt128`, `Float16/32/64`, `Bool`, `Char`, `String`) or a tuple:
`("Vector", T)`, `("Tuple", (A, B, …))`, `("NT", (("a", A), …))`, `("Maybe", T)` (Union{Nothing, T}).  An
expression of type T is made only from productions whose result Julia gives type T (same-typed operands, so
Julia's promotion never changes the type; `sum` only where it does not widen), so that a program's values have
the types the generator believes and its calls find methods.  Every production terminates and is
deterministic: no I/O, no randomness, no `@inbounds` on an index that might be out of range, no `@simd` or
`muladd` on floats (LLVM may reassociate or fuse them, which would make Julia's answer another one than the
program's).  Operations that throw (`div` by zero, `trunc` of a NaN, a negative `sqrt`) are welcome: Julia's
exception is compared too.
"""
from __future__ import annotations

import random

SIGNED = ("Int8", "Int16", "Int32", "Int64", "Int128")
UNSIGNED = ("UInt8", "UInt16", "UInt32", "UInt64", "UInt128")
INTS = SIGNED + UNSIGNED
FLOATS = ("Float16", "Float32", "Float64")
NUMBERS = INTS + FLOATS
BITS = NUMBERS + ("Bool", "Char")
# Element types of vectors: those whose `sum` keeps the type (Julia widens Int8…Int32 and Bool to Int64).
ELEMENTS = ("Int64", "Float64", "UInt64", "Float32")
CHARS = ("a", "z", "0", "λ", "é", "∀", "_")
STRINGS = ("abc", "héllo", "x", "", "Δt=1", "αβγ", "a,b,c")


def jl(t) -> str:
    """The Julia spelling of a type."""
    if isinstance(t, str):
        return t
    kind, arg = t
    if kind == "Vector":
        return f"Vector{{{jl(arg)}}}"
    if kind == "Tuple":
        return "Tuple{" + ",".join(jl(a) for a in arg) + "}"
    if kind == "NT":
        names = "".join(f":{n}," for n, _ in arg)
        return f"NamedTuple{{({names}),Tuple{{{','.join(jl(a) for _, a in arg)}}}}}"
    if kind == "Maybe":
        return f"Union{{Nothing, {jl(arg)}}}"
    raise ValueError(t)


def literal(t, rng: random.Random) -> str:
    """A literal (or a constructor call Julia folds) of bits type or String `t`."""
    if t == "Bool":
        return rng.choice(("true", "false"))
    if t == "Char":
        return repr_char(rng.choice(CHARS))
    if t == "String":
        return '"' + rng.choice(STRINGS) + '"'
    if t in FLOATS:
        v = rng.choice(("0.5", "1.0", "2.25", "-1.5", "3.0", "0.1", "-0.0", "100.0"))
        return {"Float64": v, "Float32": f"{v}f0", "Float16": f"Float16({v})"}[t]
    if t in INTS:
        v = rng.choice((0, 1, 2, 3, 5, 7, 10, 100, -1, -3)) if t in SIGNED else rng.choice((0, 1, 2, 3, 5, 7, 200))
        if t == "Int64":
            return str(v)
        if t == "UInt8" and rng.random() < 0.5:
            return f"0x{v:02x}"
        return f"{t}({v})"
    raise ValueError(t)


def repr_char(c: str) -> str:
    return "'" + c + "'"


def value_literal(t, rng: random.Random) -> str:
    """An argument value of bits type `t` for a run (edge values too: typemax, NaN, zero)."""
    if t in INTS and rng.random() < 0.15:
        return rng.choice((f"typemax({t})", f"typemin({t})"))
    if t in FLOATS and rng.random() < 0.15:
        v = rng.choice(("NaN", "Inf", "-Inf"))
        return {"Float64": v, "Float32": f"{v}32", "Float16": f"{v}16"}[t]
    if t in SIGNED:
        v = rng.randint(-20, 40)
        return str(v) if t == "Int64" else f"{t}({v})"
    if t in UNSIGNED:
        return f"{t}({rng.randint(0, 60)})"
    return literal(t, rng)


class Exprs:
    """The expression productions; `ctx` (gen_julia_stmts.Ctx) gives the variables and callables in scope."""

    def __init__(self, rng: random.Random, ctx):
        self.rng, self.ctx = rng, ctx

    def expr(self, t, depth: int = 2) -> str:
        rng = self.rng
        if depth <= 0 or rng.random() < 0.25:
            return self.leaf(t)
        makers = self.productions(t)
        return rng.choice(makers)(t, depth - 1)

    def leaf(self, t) -> str:
        names = self.ctx.defined_of(t)
        if names and self.rng.random() < 0.75:
            return self.rng.choice(names)
        return self.make_literal(t)

    def make_literal(self, t) -> str:
        rng = self.rng
        if isinstance(t, str):
            return literal(t, rng)
        kind, arg = t
        if kind == "Vector":
            return "[" + ", ".join(literal(arg, rng) for _ in range(rng.randint(1, 4))) + "]"
        if kind == "Tuple":
            return "(" + ", ".join(self.leaf(a) for a in arg) + ("," if len(arg) == 1 else "") + ")"
        if kind == "NT":
            return "(" + ", ".join(f"{n}={self.leaf(a)}" for n, a in arg) + ("," if len(arg) == 1 else "") + ")"
        if kind == "Maybe":
            return "nothing" if rng.random() < 0.4 else self.leaf(arg)
        raise ValueError(t)

    # --- productions per type ---------------------------------------------------------------------------
    def productions(self, t):
        ps = [lambda t, d: self.leaf(t)]
        calls = self.ctx.callables_of(t)
        if calls:
            ps += [self.call] * 2
        if t in INTS:
            ps += [self.int_binary, self.int_binary, self.int_unary, self.int_convert, self.ternary, self.from_tuple]
        elif t in FLOATS:
            ps += [self.float_binary, self.float_binary, self.float_unary, self.float_convert, self.ternary]
        elif t == "Bool":
            ps += [self.compare, self.compare, self.bool_op, self.predicate]
        elif t == "Char":
            ps += [self.char_expr, self.ternary]
        elif t == "String":
            ps += [self.string_expr, self.string_expr]
        elif t == "Int64":
            pass
        elif isinstance(t, tuple) and t[0] == "Vector":
            ps += [self.vector_expr, self.vector_expr]
        elif isinstance(t, tuple) and t[0] in ("Tuple", "NT"):
            ps += [lambda t, d: self.make_literal(t)]
        elif isinstance(t, tuple) and t[0] == "Maybe":
            ps += [lambda t, d: self.ternary_maybe(t, d)]
        if t == "Int64":
            ps += [self.length_of, self.sum_of]
        if t in ("Float64", "Float32", "UInt64"):
            ps += [self.sum_of]
        return ps

    def call(self, t, d) -> str:
        template, argtypes = self.rng.choice(self.ctx.callables_of(t))
        self.ctx.used.add(template)
        return template.format(*(self.expr(a, d) for a in argtypes))

    def ternary(self, t, d) -> str:
        return f"({self.expr('Bool', d)} ? {self.expr(t, d)} : {self.expr(t, d)})"

    def ternary_maybe(self, t, d) -> str:
        return f"({self.expr('Bool', d)} ? nothing : {self.expr(t[1], d)})"

    def int_binary(self, t, d) -> str:
        a, b = self.expr(t, d), self.expr(t, d)
        op = self.rng.choice(("+", "-", "*", "&", "|", "⊻", "div", "rem", "mod", "min", "max", ">>", "<<",
                              "÷", "%", "fld", "cld", "gcd"))
        if op in (">>", "<<"):
            return f"({a} {op} {self.rng.randint(0, 9)})"
        if op in ("div", "rem", "mod", "fld", "cld", "÷", "%") and self.rng.random() < 0.8:
            b = f"({b} | one({t}))"   # mostly a divisor that is not zero: DivideError now and then, not always
        if op in ("div", "rem", "mod", "min", "max", "fld", "cld", "gcd"):
            return f"{op}({a}, {b})"
        return f"({a} {op} {b})"

    def int_unary(self, t, d) -> str:
        a = self.expr(t, d)
        f = self.rng.choice(("-", "abs", "~", "zero", "one", "sign", "count_ones", "leading_zeros", "bswap",
                             "isqrt"))
        if f in ("-", "~"):   # `-2` a literal (the parser folds it), `-(-2)` and `-0x02` calls, as people write them
            return f"({f}{a})" if not a.startswith("-") else f"({f}({a}))"
        if f in ("count_ones", "leading_zeros"):   # these return Int64 whatever the operand
            return f"({f}({a}) % {t})"
        if f == "isqrt":
            return f"isqrt(abs({a}) % {t})" if t in SIGNED else f"isqrt({a})"
        return f"{f}({a})"

    def int_convert(self, t, d) -> str:
        rng = self.rng
        src = rng.choice(BITS if rng.random() < 0.3 else INTS + ("Bool", "Char"))   # from a float: InexactError
        a = self.expr(src, d)
        if src in INTS:
            return f"({a} % {t})"
        if src == "Bool":
            return f"{t}({a})"
        if src == "Char":
            return f"(Int64({a}) % {t})"
        return rng.choice((f"trunc({t}, {a})", f"round({t}, {a})", f"floor({t}, {a})", f"{t}({a})"))

    def from_tuple(self, t, d) -> str:
        k = self.rng.randint(1, 3)
        other = self.rng.choice(BITS)
        items = [self.expr(t, d) if j == k - 1 else self.expr(other, d) for j in range(3)]
        return f"({', '.join(items)})[{k}]"

    def float_binary(self, t, d) -> str:
        a, b = self.expr(t, d), self.expr(t, d)
        op = self.rng.choice(("+", "-", "*", "/", "min", "max", "^", "copysign", "fma", "hypot", "rem"))
        if op in ("min", "max", "copysign", "hypot", "rem"):
            return f"{op}({a}, {b})"
        if op == "fma":
            return f"fma({a}, {b}, {self.expr(t, d)})"
        if op == "^":
            return f"({a} ^ {self.rng.randint(0, 3)})"
        return f"({a} {op} {b})"

    def float_unary(self, t, d) -> str:
        a = self.expr(t, d)
        f = self.rng.choice(("-", "abs", "sqrt", "floor", "ceil", "round", "trunc", "exp", "sin", "log", "inv",
                             "float", "sign", "abs2"))
        if f == "-":
            return f"(-{a})" if not a.startswith("-") else f"(-({a}))"
        return f"{f}({a})"

    def float_convert(self, t, d) -> str:
        src = self.rng.choice(NUMBERS + ("Bool",))
        return f"{t}({self.expr(src, d)})"

    def compare(self, t, d) -> str:
        s = self.rng.choice(BITS + ("String",))
        op = self.rng.choice(("<", "<=", "==", "!=", ">", "===", "isequal", "isless"))
        a, b = self.expr(s, d), self.expr(s, d)
        return f"{op}({a}, {b})" if op in ("isequal", "isless") else f"({a} {op} {b})"

    def bool_op(self, t, d) -> str:
        op = self.rng.choice(("&&", "||", "&", "|", "⊻", "!"))
        if op == "!":
            return f"!{self.expr('Bool', d)}"
        return f"({self.expr('Bool', d)} {op} {self.expr('Bool', d)})"

    def predicate(self, t, d) -> str:
        rng = self.rng
        src = rng.choice(BITS)
        if src in INTS:
            return f"{rng.choice(('iseven', 'isodd', 'iszero', 'ispow2', 'isone'))}({self.expr(src, d)})"
        if src in FLOATS:
            return f"{rng.choice(('isnan', 'isinf', 'isfinite', 'iszero', 'signbit', 'isinteger'))}({self.expr(src, d)})"
        if src == "Char":
            return f"{rng.choice(('isletter', 'isdigit', 'isascii', 'isspace', 'islowercase'))}({self.expr(src, d)})"
        other = rng.choice(BITS)
        return f"({self.expr(other, d)} isa {rng.choice(('Integer', 'AbstractFloat', 'Signed', other))})"

    def char_expr(self, t, d) -> str:
        rng = self.rng
        k = rng.choice(INTS)
        return rng.choice((f"({self.expr('Char', d)} + Int({self.expr(k, d)} & 0x07))",
                           f"uppercase({self.expr('Char', d)})",
                           f"Char(0x61 + UInt8({self.expr(k, d)} & 0x0f))",
                           f"first({self.expr('String', d)} * 'q')"))

    def string_expr(self, t, d) -> str:
        rng = self.rng
        src = rng.choice(BITS)
        return rng.choice((f"string({self.expr(src, d)})", f"({self.expr('String', d)} * {self.expr('String', d)})",
                           f"uppercase({self.expr('String', d)})", f"reverse({self.expr('String', d)})",
                           f"repeat({self.expr('String', d)}, Int({self.expr('UInt8', d)} & 0x03))",
                           f"string({self.expr('String', d)}, {self.expr(src, d)})",
                           f"lpad({self.expr('String', d)}, 4, {self.expr('Char', d)})",
                           f"join(({self.expr('String', d)}, {self.expr('String', d)}), \"-\")"))

    def vector_expr(self, t, d) -> str:
        rng, e = self.rng, t[1]
        n = f"Int({self.expr('UInt8', d)} & 0x07)"
        return rng.choice((f"zeros({e}, {n})", f"fill({self.expr(e, d)}, {n})",
                           "[" + ", ".join(self.expr(e, d) for _ in range(rng.randint(1, 3))) + "]",
                           f"reverse({self.expr(t, d)})", f"sort({self.expr(t, d)})",
                           f"map(x -> x + one({e}), {self.expr(t, d)})",
                           f"({self.expr(t, d)} .* {self.expr(e, d)})",
                           f"vcat({self.expr(t, d)}, {self.expr(e, d)})",
                           f"filter(x -> x > zero({e}), {self.expr(t, d)})"))

    def length_of(self, t, d) -> str:
        rng = self.rng
        if rng.random() < 0.5:
            return f"length({self.expr(('Vector', rng.choice(ELEMENTS)), d)})"
        return f"{rng.choice(('length', 'ncodeunits', 'sizeof'))}({self.expr('String', d)})"

    def sum_of(self, t, d) -> str:
        e = {"Int64": "Int64", "Float64": "Float64", "Float32": "Float32", "UInt64": "UInt64"}[t]
        v = self.expr(("Vector", e), d)
        return self.rng.choice((f"sum({v})", f"sum(x -> x * x, {v})", f"foldl(+, {v}; init=zero({e}))",
                                f"reduce(max, {v}; init=zero({e}))", f"prod({v})"))
