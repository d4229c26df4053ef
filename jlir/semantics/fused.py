"""`fma_float` and `muladd_float`: one rounding, and the choice `muladd` leaves to the compiler.

`muladd` lets the compiler either fuse a*b+c into one rounding or round twice.  Julia's runtime intrinsic
rounds twice, and so does jlir by default; LLVM may fuse it in compiled code on a CPU with FMA (as it did in
Base.Math.log_proc2 here, while sin and cos here were left unfused), so a caller comparing with compiled code
can ask for the fused rounding for a run (`fused_muladd()`): both are answers Julia may give.
"""
from __future__ import annotations

import math
from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction

from jlir.semantics.numbers import float_parts, make_float, round_exact, round_float

__all__ = ["fma", "muladd", "fused_muladd"]

def fma(rt, a, b, c):
    """`fma_float`: a*b+c rounded once (exact rational arithmetic; IEEE's rules for Inf, NaN and signed zero)."""
    name, x = float_parts(a)
    y, z = float_parts(b)[1], float_parts(c)[1]
    if not (math.isfinite(x) and math.isfinite(y)):
        return make_float(name, x * y + z)
    if not math.isfinite(z):
        return make_float(name, z)
    exact = Fraction(x) * Fraction(y) + Fraction(z)
    if exact == 0:
        prod_neg = (math.copysign(1.0, x) < 0) != (math.copysign(1.0, y) < 0)
        both_neg = prod_neg and math.copysign(1.0, z) < 0 and x * y == 0 and z == 0
        return make_float(name, -0.0 if both_neg else 0.0)
    return make_float(name, round_exact(name, exact))


_FUSED_MULADD: ContextVar[bool] = ContextVar("fused_muladd", default=False)


@contextmanager
def fused_muladd():
    """Within this block `muladd_float` rounds once, as `fma_float` (LLVM's contraction of compiled code)."""
    token = _FUSED_MULADD.set(True)
    try:
        yield
    finally:
        _FUSED_MULADD.reset(token)


def muladd(rt, a, b, c):
    """`muladd_float`: Julia's runtime rounds the product and the sum separately (in the format's own precision);
    within `fused_muladd()`, once."""
    if _FUSED_MULADD.get():
        return fma(rt, a, b, c)
    name, x = float_parts(a)
    y, z = float_parts(b)[1], float_parts(c)[1]
    p = x * y if name == "Float64" else round_float(name, x * y)
    return make_float(name, p + z)
