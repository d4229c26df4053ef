"""jlir.interp: run Julia IR as jlir models it (typed CodeInfo, IRCode, lowered/slot form).

    >>> from jlir import interp
    >>> r = interp.run(fn, [12, 18])
    >>> r.value, r.type, r.steps

See `jlir.interp.run` for the semantics, `jlir.interp.values` for the value model
and `jlir.interp.intrinsics` for the one table of intrinsics.
"""
from __future__ import annotations

from jlir.interp.provider import DumpProvider
from jlir.interp.runner import Result, run
from jlir.interp.show import julia_repr
from jlir.interp.values import (JArray, JChar, JFloat, JFunction, JInt, JStruct, JSymbol, JType, JuliaException,
                                NotInterpretable, typeof)

__all__ = ["run", "Result", "DumpProvider", "julia_repr", "NotInterpretable", "JuliaException", "JInt", "JFloat",
           "JChar", "JSymbol", "JType", "JStruct", "JArray", "JFunction", "typeof"]
