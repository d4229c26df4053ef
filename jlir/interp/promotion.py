"""Base's promotion and its mixed-type methods on primitive numbers, run natively when no provider has their IR.

The slot forms (`optimize=false`, `@code_lowered`) call what the typed form inlined or folded away, and some of
those have no IR anywhere: `promote_typeof(x, y)` and `promote_type(S, T)` are folded by inference (their
method instances keep no source), and mixed-type methods Base never compiled for itself
(`==(::Float32, ::Float64)`, `>>(::UInt16, ::Int64)`) are not in its cache.  Each is computed here as Base's
Julia code computes it (promotion.jl, int.jl, operators.jl), for primitive numbers only; anything else is None
(not modelled: the caller's refusal stands; no method here returns Julia's `nothing`).
"""
from __future__ import annotations

from jlir.semantics.convert import NUMBER_TYPES, convert_number, promote_type as _number_promote_type
from jlir.semantics.numbers import make_int
from jlir.semantics.values import FLOAT_TYPES, INT_TYPES, JFloat, JInt, JType, typeof

def promote_pair(S: str, T: str) -> str | None:
    """promotion.jl's `promote_type(S, T)` of primitive number types, Bool included (bool.jl:
    `promote_rule(::Type{Bool}, ::Type{T<:Number}) = T`); None for anything else."""
    if S == T and S in NUMBER_TYPES:
        return S
    if S == "Bool" and T in NUMBER_TYPES:
        return T
    if T == "Bool" and S in NUMBER_TYPES:
        return S
    return _number_promote_type(S, T)


def _fold(types) -> str | None:
    types = list(types)
    if not types:
        return None
    P = types[-1] if types[-1] in NUMBER_TYPES else None
    for t in reversed(types[:-1]):  # `promote_typeof(x, xs...) = promote_type(typeof(x), promote_typeof(xs...))`
        P = None if P is None else promote_pair(t, P)
    return P


def promote_typeof(ctx, args):
    P = _fold(typeof(a) for a in args)
    return None if P is None else JType(P)


def promote_type_(ctx, args):
    if not args or any(type(a) is not JType for a in args):
        return None
    P = _fold(a.name for a in args)
    return None if P is None else JType(P)


def promote(ctx, args):
    """`promote(x, y…)`: each converted to the promoted type (`convert`: InexactError where it does not fit)."""
    if len(args) < 2:
        return None if not args or typeof(args[0]) not in NUMBER_TYPES else tuple(args)
    P = _fold(typeof(a) for a in args)
    if P is None:
        return None
    return tuple(convert_number(P, a) if typeof(a) != P else a for a in args)


def _number(x):
    """(kind, exact value) of a primitive number: `int` for integers (Bool not), `float` for floats; else None."""
    t = typeof(x)
    if t in FLOAT_TYPES:
        return "float", (x.value if type(x) is JFloat else x)
    if t in INT_TYPES and t != "Bool":
        return "int", (x.value if type(x) is JInt else x)
    return None


# Comparisons of two integers, or of two floats, of different types: Base compares them exactly (`==(x::Signed,
# y::Unsigned)`, promotion of two floats to the wider one, which is exact), so the mathematical comparison is
# Julia's.  An integer against a float is left out (some of those methods promote with rounding).
_COMPARE = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
            "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


def compare(name: str):
    def f(ctx, args):
        if len(args) != 2 or typeof(args[0]) == typeof(args[1]):
            return None
        a, b = _number(args[0]), _number(args[1])
        if a is None or b is None or a[0] != b[0]:
            return None
        return _COMPARE[name](a[1], b[1])
    return f


def _bits(t: str) -> int:
    return INT_TYPES[t][0]


def shift(name: str):
    """int.jl's `x << c`, `x >> c`, `x >>> c` of a primitive integer `x` (not Bool) by an integer `c` of any type:
    a negative `c` shifts the other way; shifting by the width or more gives 0 (`>>` of a negative signed: -1)."""
    def f(ctx, args):
        if len(args) != 2:
            return None
        x, c = _number(args[0]), _number(args[1])
        if x is None or c is None or x[0] != "int" or c[0] != "int":
            return None
        t, v, n = typeof(args[0]), x[1], c[1]
        op = name
        if n < 0:
            op, n = ("<<" if name in (">>", ">>>") else ">>"), -n
        width = _bits(t)
        if op == "<<":
            r = (v << n) if n < width else 0
        elif op == ">>":
            r = v >> min(n, width)  # Python's >> of a signed value is arithmetic, of an unsigned one logical
        else:
            r = (v % (1 << width)) >> n if n < width else 0
        return make_int(t, r)
    return f


METHODS = {"promote_typeof": promote_typeof, "promote_type": promote_type_, "promote": promote,
           **{op: compare(op) for op in _COMPARE}, **{op: shift(op) for op in ("<<", ">>", ">>>")}}
