"""What Julia's values are and what its intrinsics and builtins do to them, for every part of jlir that computes.

The interpreter (`jlir.interp`) runs IR with these; constant folding (`jlir.passes`' sccp) folds with the same
functions, so each intrinsic has exactly one implementation, checked against Julia 1.5.3
(`fixtures/interp/intrinsics.tsv`).  It sits low in the layers (it needs only `jlir.ir`), so that passes,
which come before the interpreter, can use it.

* `values`: the value model (`JInt`, `JFloat`, `JChar`, `JType`, `JStruct`, …; Int64/Float64/Bool/Nothing/String
  are plain Python values), `JuliaException`, `NotInterpretable`, `typeof`.
* `numbers`: fixed-width integers and IEEE floats as Julia has them.
* `intrinsics`, `builtins`: `INTRINSICS` and `BUILTINS`, one pure function each, `f(result_type, *args)`.
* `constants`: the value a printed literal or shown constant stands for.
* `show`: `julia_repr`, Julia's `repr` of a value.
* `names` (with `idchars`), `operators`: Julia's identifiers (which names print bare, which need `var"…"`) and
  its operator table, shared by the printer and the reader's lexer.
"""
