"""Julia's intrinsics, one pure function each, in one table (`INTRINSICS`).

Every entry is `f(rt, *args)`: `rt` is the result type's name as the IR
prints it (`"Int64"`; a conversion's target) and `args` the argument values
as the IR passes them (a conversion's first argument is the target type as a
`JType`).  The functions have no other input and no effect, so the
interpreter and a constant folder can share them.  The semantics are those of
Julia 1.5.3's own intrinsics, checked row by row against Julia
(`fixtures/interp/intrinsics.tsv`, `scripts/gen/gen_interp_data.jl`): wrap-around
integer arithmetic, `DivideError` from division by zero, shifts by at least
the width giving 0 (or the sign, for `ashr_int`), IEEE floats.
"""
from __future__ import annotations

import math

from jlir.semantics import pointers
from jlir.semantics.intrinsic_types import checked
from jlir.semantics.fused import fma as _fma, muladd as _muladd
from jlir.semantics.numbers import (float_bits, float_from_bits, float_parts, int_parts, make_float, make_int,
                                 round_exact, signed_value, to_int_exact, unsigned)
from jlir.semantics.values import INT_TYPES, JArray, JInt, JPtr, JType, JuliaException, NotInterpretable, typeof


def _divide_error():
    return JuliaException("DivideError", "integer division error")


_LO64, _HI64 = -(1 << 63), 1 << 63


def _int_binary(op):
    """An intrinsic on two integers of one type, wrapping the result to that type (Int64 first, unwrapped)."""
    def f(rt, a, b):
        if type(a) is int and type(b) is int:
            v = op(a, b, 64)
            return v if _LO64 <= v < _HI64 else make_int("Int64", v)
        name, bits, signed, x = int_parts(a)
        return make_int(name, op(x, int_parts(b)[3], bits))
    return f


def _trunc_div(x: int, y: int) -> int:
    q = abs(x) // abs(y)
    return -q if (x < 0) != (y < 0) else q


def _sdiv(a, b):
    name, bits, x = signed_value(a)
    y = signed_value(b)[2]
    if y == 0 or (y == -1 and x == -(1 << (bits - 1)) and bits >= 32):
        raise _divide_error()  # Julia's runtime traps on typemin ÷ -1 for 32 and 64 bits, like the hardware
    return make_int(name, _trunc_div(x, y))


def _srem(a, b, checked=False):
    name, bits, x = signed_value(a)
    y = signed_value(b)[2]
    # Julia's runtime traps on typemin % -1 for 32 and 64 bits only (Int128's software remainder gives 0)
    if y == 0 or (not checked and y == -1 and x == -(1 << (bits - 1)) and bits in (32, 64)):
        raise _divide_error()
    return make_int(name, x - y * _trunc_div(x, y))


def _udivrem(op):
    def f(rt, a, b):
        name, bits, x = unsigned(a)
        y = unsigned(b)[2]
        if y == 0:
            raise _divide_error()
        return make_int(name, op(x, y))
    return f


def _checked(signedness, op):
    """`checked_*_int`: (wrapped result, overflow flag), the flag as Julia computes it on the exact result."""
    def f(rt, a, b):
        view = signed_value if signedness else unsigned
        name, bits, x = view(a)
        exact = op(x, view(b)[2])
        lo, hi = (-(1 << (bits - 1)), 1 << (bits - 1)) if signedness else (0, 1 << bits)
        return make_int(name, exact), not lo <= exact < hi
    return f


def _checked_sdiv(rt, a, b):
    name, bits, x = signed_value(a)
    y = signed_value(b)[2]
    if y == 0 or (y == -1 and x == -(1 << (bits - 1))):
        raise _divide_error()
    return make_int(name, _trunc_div(x, y))


def _compare(view, op):
    """A comparison, on the values as `view` reads them (an Int64 is its own signed view)."""
    int64_direct = view is signed_value or op in _SIGN_BLIND

    def f(rt, a, b):
        if int64_direct and type(a) is int and type(b) is int:
            return op(a, b)
        return op(view(a)[2], view(b)[2])
    return f


def _shift(kind):
    def f(rt, a, n):
        if type(a) is bool:   # a Bool is a byte: `ashr_int(true, 2)` shifts 0x01, the result's low bit kept
            return bool(f(rt, JInt(int(a), "UInt8"), n).value & 1)
        name, bits, x = (signed_value if kind == "ashr" else unsigned)(a)
        k = unsigned(n)[2]
        if kind == "shl":
            return make_int(name, 0 if k >= bits else x << k)
        if kind == "lshr":
            return make_int(name, 0 if k >= bits else x >> k)
        return make_int(name, x >> min(k, bits))
    return f


def _unary_int(op):
    def f(rt, a):
        name, bits, x = unsigned(a)
        return make_int(name, op(x, bits))
    return f


def _not_int(rt, a):
    if type(a) is bool:
        return not a
    name, bits, x = unsigned(a)
    return make_int(name, ~x)


def _flipsign(rt, a, b):
    name, bits, x = signed_value(a)
    return make_int(name, -x if signed_value(b)[2] < 0 else x)


def _bswap(rt, a):
    name, bits, x = unsigned(a)
    return make_int(name, int.from_bytes(x.to_bytes(bits // 8, "little"), "big"))


def _target(rt: str, T) -> str:
    """A conversion's result type: its type argument (the IR's `::T` may be a lattice element or absent)."""
    return T.name if type(T) is JType else rt


def _int_convert(view):
    """`trunc_int`, `sext_int`, `zext_int`: the bits of `x` (read signed or unsigned) in type `rt`."""
    def f(rt, T, x):
        return make_int(_target(rt, T), view(x)[2])
    return f


def _bits_of(x) -> tuple[str, int, int]:
    """(type, size in bits, bit pattern) of a primitive value."""
    t = typeof(x)
    if t in ("Float64", "Float32", "Float16"):
        name, v = float_parts(x)
        return name, {"Float64": 64, "Float32": 32, "Float16": 16}[name], float_bits(name, v)
    return unsigned(x)


def _bitcast(rt, T, x):
    rt = _target(rt, T)
    if type(x) is int and rt == "UInt64":  # the commonest bitcast, in every 1.5 array loop
        return JInt(x & 0xFFFFFFFFFFFFFFFF, "UInt64")
    if type(x) is JPtr:  # a pointer to a UInt and back (or to another Ptr type, a Cstring): the same address
        if rt not in ("UInt64", "Cstring") and not rt.startswith("Ptr{"):
            raise NotInterpretable(f"bitcast of a pointer to {rt}")
        return JPtr(x.obj, x.offset, rt)
    name, bits, pattern = _bits_of(x)
    if rt in ("Float64", "Float32", "Float16"):
        return float_from_bits(rt, pattern)
    if rt not in INT_TYPES and rt != "Char":
        raise NotInterpretable(f"bitcast to {rt}")
    return make_int(rt, pattern)


def _int_to_float(view):
    def f(rt, T, x):
        rt = _target(rt, T)
        v = view(x)[2]
        return make_float(rt, float(v)) if rt == "Float64" else make_float(rt, round_exact(rt, v))
    return f


def _float_to_int(rt, T, x):
    rt = _target(rt, T)
    return make_int(rt, to_int_exact(rt, float_parts(x)[1]))


def _fpconvert(rt, T, x):
    rt = _target(rt, T)
    return make_float(rt, float_parts(x)[1])


def _float_binary(op):
    def f(rt, a, b):
        if type(a) is float and type(b) is float:
            return op(a, b)
        name, x = float_parts(a)
        return make_float(name, op(x, float_parts(b)[1]))
    return f


# The NaN x86 makes from non-NaN operands (0/0, Inf-Inf, sqrt(-1), rem(x, 0)): sign bit set, as Julia gets it
# (`signbit(0.0/0.0)` is true on x86); Python's own arithmetic gives it too, except where Python raises instead.
DEFAULT_NAN = -math.nan


def _fdiv(x: float, y: float) -> float:
    if y == 0.0:
        if x != x:
            return x
        if x == 0.0:
            return DEFAULT_NAN
        return math.copysign(math.inf, x) * math.copysign(1.0, y)
    return x / y


def _frem(x: float, y: float) -> float:
    if x != x or y != y:
        return x if x != x else y
    if math.isinf(x) or y == 0.0:
        return DEFAULT_NAN
    return math.fmod(x, y)


def _float_compare(op):
    def f(rt, a, b):
        if type(a) is float and type(b) is float:
            return op(a, b)
        return op(float_parts(a)[1], float_parts(b)[1])
    return f


def _fpiseq(rt, a, b):
    name, x = float_parts(a)
    y = float_parts(b)[1]
    return (x != x and y != y) or float_bits(name, x) == float_bits(name, y)


def _fpislt(rt, a, b):
    x, y = float_parts(a)[1], float_parts(b)[1]
    if x != x:
        return False
    if y != y:
        return True
    return x < y or (x == y and math.copysign(1.0, x) < math.copysign(1.0, y))


def _float_unary(op):
    def f(rt, a):
        name, x = float_parts(a)
        return make_float(name, op(x))
    return f


def _rounding(op):
    """`floor_llvm` and friends: integral results keep the sign of zero; NaN, ±Inf and large values pass through."""
    def g(x: float) -> float:
        if not math.isfinite(x) or abs(x) >= 2.0 ** 52:
            return x
        return math.copysign(float(op(x)), x)
    return g


def _sqrt(x: float) -> float:
    if x != x:
        return x
    if x < 0:
        return DEFAULT_NAN
    return math.sqrt(x)


def _arraylen(rt, a):
    if type(a) is not JArray:
        raise NotInterpretable(f"arraylen of a {typeof(a)}")
    return len(a.items)


def _eq(x, y):
    return x == y


def _ne(x, y):
    return x != y


_SIGN_BLIND = (_eq, _ne)  # equality reads the same under either view

INTRINSICS = {
    "add_int": _int_binary(lambda x, y, n: x + y),
    "sub_int": _int_binary(lambda x, y, n: x - y),
    "mul_int": _int_binary(lambda x, y, n: x * y),
    "and_int": _int_binary(lambda x, y, n: x & y),
    "or_int": _int_binary(lambda x, y, n: x | y),
    "xor_int": _int_binary(lambda x, y, n: x ^ y),
    "sdiv_int": lambda rt, a, b: _sdiv(a, b),
    "srem_int": lambda rt, a, b: _srem(a, b),
    "udiv_int": _udivrem(lambda x, y: x // y),
    "urem_int": _udivrem(lambda x, y: x % y),
    "checked_sdiv_int": _checked_sdiv,
    "checked_srem_int": lambda rt, a, b: _srem(a, b, checked=True),
    "checked_udiv_int": _udivrem(lambda x, y: x // y),
    "checked_urem_int": _udivrem(lambda x, y: x % y),
    "checked_sadd_int": _checked(True, lambda x, y: x + y),
    "checked_uadd_int": _checked(False, lambda x, y: x + y),
    "checked_ssub_int": _checked(True, lambda x, y: x - y),
    "checked_usub_int": _checked(False, lambda x, y: x - y),
    "checked_smul_int": _checked(True, lambda x, y: x * y),
    "checked_umul_int": _checked(False, lambda x, y: x * y),
    "eq_int": _compare(unsigned, _eq),
    "ne_int": _compare(unsigned, _ne),
    "slt_int": _compare(signed_value, lambda x, y: x < y),
    "sle_int": _compare(signed_value, lambda x, y: x <= y),
    "ult_int": _compare(unsigned, lambda x, y: x < y),
    "ule_int": _compare(unsigned, lambda x, y: x <= y),
    "shl_int": _shift("shl"),
    "lshr_int": _shift("lshr"),
    "ashr_int": _shift("ashr"),
    "neg_int": _unary_int(lambda x, n: -x),
    "not_int": _not_int,
    "ctpop_int": _unary_int(lambda x, n: bin(x).count("1")),
    "ctlz_int": _unary_int(lambda x, n: n - x.bit_length()),
    "cttz_int": _unary_int(lambda x, n: n if x == 0 else (x & -x).bit_length() - 1),
    "bswap_int": _bswap,
    "flipsign_int": _flipsign,
    "trunc_int": _int_convert(unsigned),
    "sext_int": _int_convert(signed_value),
    "zext_int": _int_convert(unsigned),
    "bitcast": _bitcast,
    "add_ptr": pointers.ptr_arith(1),
    "sub_ptr": pointers.ptr_arith(-1),
    "pointerref": pointers.pointerref,
    "pointerset": pointers.pointerset,
    "sitofp": _int_to_float(signed_value),
    "uitofp": _int_to_float(unsigned),
    "fptosi": _float_to_int,
    "fptoui": _float_to_int,
    "fptrunc": _fpconvert,
    "fpext": _fpconvert,
    "add_float": _float_binary(lambda x, y: x + y),
    "sub_float": _float_binary(lambda x, y: x - y),
    "mul_float": _float_binary(lambda x, y: x * y),
    "div_float": _float_binary(_fdiv),
    "rem_float": _float_binary(_frem),
    "copysign_float": _float_binary(math.copysign),
    "eq_float": _float_compare(lambda x, y: x == y),
    "ne_float": _float_compare(lambda x, y: x != y),
    "lt_float": _float_compare(lambda x, y: x < y),
    "le_float": _float_compare(lambda x, y: x <= y),
    "fpiseq": _fpiseq,
    "fpislt": _fpislt,
    "neg_float": _float_unary(lambda x: -x),
    "abs_float": _float_unary(abs),
    "sqrt_llvm": _float_unary(_sqrt),
    "floor_llvm": _float_unary(_rounding(math.floor)),
    "ceil_llvm": _float_unary(_rounding(math.ceil)),
    "trunc_llvm": _float_unary(_rounding(math.trunc)),
    "rint_llvm": _float_unary(_rounding(round)),
    "fma_float": _fma,
    "muladd_float": _muladd,
    "arraylen": _arraylen,
}
# Julia's operand rules for each (`jlir.semantics.intrinsic_types`): ill-typed calls throw as the runtime does.
INTRINSICS = {name: checked(name, f) for name, f in INTRINSICS.items()}
