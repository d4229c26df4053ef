"""Bits and rounding of Julia's primitive numbers: the helpers under the intrinsics table.

Integers are kept in their type's own range (signed types signed, unsigned
types non-negative); `int_parts` reads any integer-like value as (type, bits,
signed, value).  Floats other than Float64 are rounded by `round_float`,
correctly (round to nearest, ties to even, overflow to ±Inf), so Float32 and
Float16 arithmetic done in double precision and rounded once gives IEEE's
answer for `+ - * / sqrt` (double precision has more than 2p+2 bits).
"""
from __future__ import annotations

import math
import struct
from fractions import Fraction

from jlir.semantics.values import FLOAT_TYPES, INT_TYPES, JChar, JFloat, JInt, NotInterpretable, typeof

_MASK64 = (1 << 64) - 1


def int_parts(x):
    """(type name, bits, signed, value) of an integer, Bool or Char value."""
    t = type(x)
    if t is int:
        return "Int64", 64, True, x
    if t is JInt:
        bits, signed = INT_TYPES[x.type]
        return x.type, bits, signed, x.value
    if t is bool:
        return "Bool", 1, False, int(x)
    if t is JChar:
        return "Char", 32, False, x.code
    raise NotInterpretable(f"an integer intrinsic on a {typeof(x)}")


def unsigned(x) -> tuple[str, int, int]:
    """(type, bits, value as unsigned) of an integer-like value."""
    name, bits, signed, v = int_parts(x)
    return name, bits, v & ((1 << bits) - 1)


def signed_value(x) -> tuple[str, int, int]:
    """(type, bits, value as signed two's complement) of an integer-like value."""
    name, bits, _, v = int_parts(x)
    v &= (1 << bits) - 1
    return name, bits, v - (1 << bits) if v >> (bits - 1) else v


def make_int(type_name: str, v: int):
    """The value of integer type `type_name` with the low bits of `v` (wrap-around)."""
    if type_name == "Int64":
        v &= _MASK64
        return v - (1 << 64) if v >> 63 else v
    if type_name == "Bool":
        return bool(v & 1)
    if type_name == "Char":
        return JChar(v & 0xFFFFFFFF)
    bits, signed = INT_TYPES[type_name]
    v &= (1 << bits) - 1
    if signed and v >> (bits - 1):
        v -= 1 << bits
    return JInt(v, type_name)


def fits(type_name: str, v: int) -> bool:
    bits, signed = INT_TYPES[type_name]
    return (-(1 << (bits - 1)) <= v < (1 << (bits - 1))) if signed else 0 <= v < (1 << bits)


def float_parts(x) -> tuple[str, float]:
    """(type name, value) of a float value."""
    t = type(x)
    if t is float:
        return "Float64", x
    if t is JFloat:
        return x.type, x.value
    raise NotInterpretable(f"a float intrinsic on a {typeof(x)}")


def make_float(type_name: str, v: float):
    """The value of float type `type_name` nearest to `v` (Float64: `v` itself)."""
    if type_name == "Float64":
        return v
    return JFloat(round_float(type_name, v), type_name)


def round_float(type_name: str, v: float) -> float:
    """`v` rounded to the nearest Float32/Float16 (ties to even, ±Inf on overflow), as a Python float."""
    fmt = _PACK[type_name]
    try:
        return struct.unpack(fmt, struct.pack(fmt, v))[0]
    except OverflowError:
        return math.copysign(math.inf, v)


_PACK = {"Float32": "<f", "Float16": "<e", "Float64": "<d"}
_UPACK = {"Float32": "<I", "Float16": "<H", "Float64": "<Q"}


def float_bits(type_name: str, v: float) -> int:
    return struct.unpack(_UPACK[type_name], struct.pack(_PACK[type_name], v))[0]


def float_from_bits(type_name: str, bits: int):
    v = struct.unpack(_PACK[type_name], struct.pack(_UPACK[type_name], bits))[0]
    return v if type_name == "Float64" else JFloat(v, type_name)


def round_exact(type_name: str, q: Fraction | int) -> float:
    """The exact rational `q` rounded once to float type `type_name` (ties to even, ±Inf on overflow)."""
    _, p, emin, emax = FLOAT_TYPES[type_name]
    if q == 0:
        return 0.0
    neg = q < 0
    q = Fraction(abs(q))
    e = q.numerator.bit_length() - q.denominator.bit_length()
    if Fraction(2) ** e > q:
        e -= 1
    e = max(e, emin)
    m = round(q * Fraction(2) ** (p - 1 - e))  # Fraction rounds half to even
    try:
        r = math.ldexp(m, e - (p - 1))
    except OverflowError:
        r = math.inf
    if r > math.ldexp(2 - 2.0 ** (1 - p), emax):
        r = math.inf
    return -r if neg else r


def to_int_exact(type_name: str, v: float) -> int:
    """`fptosi`/`fptoui`: `v` truncated, when in range of `type_name` (LLVM gives poison otherwise)."""
    if not math.isfinite(v):
        raise NotInterpretable(f"fpto{'s' if INT_TYPES[type_name][1] else 'u'}i of {v} to {type_name} is undefined")
    n = int(v)
    if not fits(type_name, n):
        raise NotInterpretable(f"fpto{'s' if INT_TYPES[type_name][1] else 'u'}i of {v!r} is out of range for {type_name}")
    return n
