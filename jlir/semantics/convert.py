"""Julia 1.5's conversions and promotions between its primitive numbers: `T(x)`, `convert(T, x)`, `promote`.

These are Base methods (float.jl, int.jl, promotion.jl), not intrinsics, but
the interpreter needs them where no provider has their IR (`Float32(x)`,
`T(0)` with `T` a static parameter, `2 * x` mixing Int64 and Float64).  Each
follows Base's own definition, including its double roundings
(`Float16(x::Float64) = Float16(Float32(x))`, `Float16(x::Integer)` through
Float32); `tests/interp/test_convert.py` checks them against Julia 1.5.3.
"""
from __future__ import annotations

import math

from jlir.semantics.numbers import fits, float_parts, int_parts, make_float, make_int, round_exact, round_float
from jlir.semantics.values import (FLOAT_TYPES, INT_TYPES, JFloat, JuliaException, JStruct, JSymbol, JType,
                                   NotInterpretable, typeof)

NUMBER_TYPES = frozenset(INT_TYPES) | frozenset(FLOAT_TYPES)


def _inexact(T: str, x) -> JuliaException:
    return JuliaException("InexactError", f"{T}({x!r})", JStruct("InexactError", (JSymbol(T), JType(T), x),
                                                                  ("func", "T", "val"), False))


def _int_value(x) -> int | None:
    """The mathematical value of an integer (Bool 0/1), None for a float."""
    return int_parts(x)[3] if typeof(x) in INT_TYPES else None


def _to_float(T: str, x):
    S = typeof(x)
    if S in FLOAT_TYPES:
        v = float_parts(x)[1]
        if T == "Float16" and S == "Float64":  # Float16(x::Float64) = Float16(Float32(x))
            v = round_float("Float32", v)
        return make_float(T, v)
    n = _int_value(x)
    if T == "Float64":
        return float(n)  # Python rounds an int to the nearest double, ties to even: sitofp/uitofp
    if T == "Float16":  # Float16(x::Integer) = convert(Float16, convert(Float32, x))
        return JFloat(round_float("Float16", round_exact("Float32", n)), "Float16")
    return JFloat(round_exact(T, n), T)


def _to_int(T: str, x):
    S = typeof(x)
    if S in FLOAT_TYPES:
        v = float_parts(x)[1]
        via = "Float64" if S == "Float64" else "Float32"
        if v == math.inf and T != "Bool" and not INT_TYPES[T][1] and math.isinf(
                round_exact(via, (1 << INT_TYPES[T][0]) - 1)):
            # float.jl tests `x <= Tf(typemax(Ti))`, which is Inf for UInt128 and Float32: Julia then runs
            # `unsafe_trunc(UInt128, Inf)`, LLVM's poison (0 on x86)
            raise NotInterpretable(f"{T}(Inf) is unsafe_trunc of Inf in Julia 1.5 (undefined)")
        if not math.isfinite(v) or v != math.floor(v):
            raise _inexact(T, x)
        n = int(v)
    else:
        n = _int_value(x)
    if T == "Bool":
        if n not in (0, 1):
            raise _inexact(T, x)
        return bool(n)
    if not fits(T, n):
        raise _inexact(T, x)
    return make_int(T, n)


def convert_number(T: str, x):
    """`T(x)` for primitive number types `T` and `typeof(x)`: exact or correctly rounded as Base does it,
    `InexactError` where Base throws it (an integer out of range, a non-integral float to an integer)."""
    if typeof(x) == T:
        return x
    if T in FLOAT_TYPES:
        return _to_float(T, x)
    return _to_int(T, x)


def promote_type(S: str, T: str) -> str | None:
    """Julia's `promote_type` of two primitive number types other than Bool (None: Bool, or not numbers)."""
    if S == T:
        return S
    if "Bool" in (S, T) or S not in NUMBER_TYPES or T not in NUMBER_TYPES:
        return None
    fs, ft = S in FLOAT_TYPES, T in FLOAT_TYPES
    if fs and ft:
        return S if FLOAT_TYPES[S][0] > FLOAT_TYPES[T][0] else T
    if fs or ft:
        return S if fs else T
    (bs, ss), (bt, st) = INT_TYPES[S], INT_TYPES[T]
    if ss == st:
        return S if bs > bt else T
    signed, unsigned = (S, T) if ss else (T, S)
    # int.jl: a signed type wider than the unsigned one wins, otherwise the unsigned one
    return signed if INT_TYPES[signed][0] > INT_TYPES[unsigned][0] else unsigned


def promote_arith(a, b) -> tuple | None:
    """The operands of Base's mixed-type `+ - * /` made one type, or None when the pair is not handled here.

    `+(x::Number, y::Number) = +(promote(x, y)...)` converts (float.jl, promotion.jl), but two integers meet
    through `op(a % T, b % T)` (int.jl: wrap-around, no InexactError).  Bool has methods of its own: refused."""
    S, T = typeof(a), typeof(b)
    P = promote_type(S, T)
    if P is None or S == T:
        return None
    if P in INT_TYPES:
        return make_int(P, int_parts(a)[3]), make_int(P, int_parts(b)[3])
    return convert_number(P, a), convert_number(P, b)
