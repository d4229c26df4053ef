"""jlir.interp: run Julia IR as jlir models it (typed CodeInfo, IRCode, `@code_lowered` and unoptimized slot form).

    >>> from jlir import interp
    >>> r = interp.run(fn, [12, 18], argnames=["a", "b"])
    >>> r.value, r.type, r.steps            # 6, "Int64", 29
    >>> interp.julia_repr(r.value)          # "6", as Julia's repr prints it

* `run(fn, args, provider=None, *, argnames=None, max_depth=100_000, max_steps=None, timeout=None,
  vararg=False) -> Result`: an uncaught Julia exception is returned as `Result.exception` (a `JuliaException`;
  value and type None), not raised, and so is Julia's `StackOverflowError` past `max_depth` frames (calls run on
  the interpreter's own frame stack, `jlir.interp.frames`); what the interpreter has no semantics for, a result
  it cannot show as Julia would, or a run past `max_steps`/`timeout` raises `NotInterpretable("statement %7:
  foreigncall :strlen")`.
* Values (`jlir.semantics.values`): Int64/Float64/Bool/Nothing/String are Python int/float/bool/None/str,
  tuples are tuples; `JInt`, `JFloat`, `JChar`, `JSymbol`, `JType`, `JStruct`, `JArray`, `JFunction` the rest.
* `INTRINSICS` (`jlir.semantics.intrinsics`) and `BUILTINS` (`jlir.semantics.builtins`): one pure function each,
  `f(result_type, *args)`, checked against Julia 1.5.3 (`fixtures/interp/intrinsics.tsv`).
* Calls the interpreter cannot run natively go to a provider (`lookup(callee_text, arg_types) -> Function`);
  `DumpProvider(directory)` serves dumps headed `# MethodInstance for f(::T…)` (and `# argnames: …`,
  `# sparams: …`, `# vararg: true`); optional provider methods: `argnames`, `sparams`, `vararg`, `structs()`,
  `struct_fields(type)` and `field_types(type)` (a live Julia's `jlir.live.provider.LiveProvider` has them all).
  `BaseProvider()` serves Base's common methods built into jlir (Julia 1.5.3's IR, `jlir.interp.builtin`).
* Without the provider's IR, a few Base methods run natively (`jlir.interp.basemethods`: number conversions,
  Core exception constructors, `zero`/`one`, mixed-type `+ - * /`, `afoldl`, `fieldtype`); globals of Core and
  Base come from Julia's own table (`jlir.semantics.base_globals`).
"""
from __future__ import annotations

from jlir.interp.builtin import BaseProvider
from jlir.interp.provider import DumpProvider
from jlir.interp.runner import Result, run
from jlir.semantics.show import julia_repr
from jlir.semantics.values import (JArray, JChar, JFloat, JFunction, JInt, JStruct, JSymbol, JType, JuliaException,
                                NotInterpretable, typeof)

__all__ = ["run", "Result", "DumpProvider", "BaseProvider", "julia_repr", "NotInterpretable", "JuliaException", "JInt", "JFloat",
           "JChar", "JSymbol", "JType", "JStruct", "JArray", "JFunction", "typeof"]
