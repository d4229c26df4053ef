"""jlir.interp: run Julia IR as jlir models it (typed CodeInfo, IRCode, lowered/slot form).

    >>> from jlir import interp
    >>> r = interp.run(fn, [12, 18])
    >>> r.value, r.type, r.steps

See `jlir.interp.run` for the semantics, `jlir.interp.values` for the value model
and `jlir.interp.intrinsics` for the one table of intrinsics.
"""
from __future__ import annotations

from jlir.interp.show import julia_repr
from jlir.interp.values import (JArray, JChar, JFloat, JFunction, JInt, JStruct, JSymbol, JType, JuliaException,
                                NotInterpretable, typeof)

__all__ = ["run", "Result", "DumpProvider", "julia_repr", "NotInterpretable", "JuliaException", "JInt", "JFloat",
           "JChar", "JSymbol", "JType", "JStruct", "JArray", "JFunction", "typeof"]


def __getattr__(name):
    # the runner imports the compiler, which imports the parser-free IR only; loaded on first use
    if name in ("run", "Result"):
        from jlir.interp import run as _run_module
        return getattr(_run_module, name)
    if name == "DumpProvider":
        from jlir.interp.provider import DumpProvider
        return DumpProvider
    raise AttributeError(name)
