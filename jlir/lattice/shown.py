"""The type of a constant as `show` printed it, and whether two printed constants are provably `===`.

`tmerge` (`jlir.lattice.tmerge`) widens a `Const` to its value's type and compares two `Const`s by `===`; the print
is all jlir has of the value, so both are read from it here, Undecided where the text does not tell.
"""
from __future__ import annotations

import re
from contextvars import ContextVar

from jlir.ir import types as T
from jlir.ir import values as V
from jlir.lattice import typeset as S
from jlir.lattice.typeset import Undecided

__all__ = ["typeof_value", "egal", "INT_HINT"]

_HEX_WIDTH = {2: "UInt8", 4: "UInt16", 8: "UInt32", 16: "UInt64", 32: "UInt128"}
_FLOAT32 = re.compile(r"(\df[+-]?\d+|Inf32|NaN32)$")
_SHOWN_AS_MACRO = {"v": "VersionNumber", "r": "Regex"}
_LITERAL_TYPES = {"bool": "Bool", "char": "Char", "string": "String", "symbol": "Symbol", "nothing": "Nothing"}
# `show` prints every signed integer in decimal (`Const(0, false)` may hold an Int32): the type a decimal
# constant is read with in one `tmerge` call (its `int_hint`), Int64 without one.  1.5 prints a Float16 zero
# as a Float64's (`-0.0`): with the hint `Float16`, a float zero is read as one.
INT_HINT: ContextVar = ContextVar("int_hint", default=None)
_FLOAT16 = T.TypeName(("Float16",))
_ZEROS = frozenset({"0.0", "-0.0"})


def typeof_value(v):
    """The type of a constant as `show` printed it; Undecided when the text does not tell."""
    if type(v) is V.Literal:
        if v.kind == "int":
            return _int_type(v.text)
        if v.kind == "float":
            if v.text in _ZEROS and INT_HINT.get() == _FLOAT16:
                return _FLOAT16
            if v.text.endswith(("NaN16", "Inf16")):   # `show(::Float16)` writes these two bare, any other value
                return _FLOAT16                        # as `Float16(…)` (base/float.jl, `show`)
            return T.TypeName(("Float32",)) if _FLOAT32.search(v.text) else T.TypeName(("Float64",))
        if v.kind == "string" and not v.text.startswith('"'):
            # a value Base shows as a string macro: `show(::VersionNumber)` writes `v"1.0.0"`, `show(::Regex)`
            # `r"a"`; any other prefix is not Base's
            prefix = v.text.split('"', 1)[0]
            if prefix in _SHOWN_AS_MACRO:
                return T.TypeName((_SHOWN_AS_MACRO[prefix],))
            raise Undecided(f"the type of {v.text}")
        if v.kind in _LITERAL_TYPES:
            return T.TypeName((_LITERAL_TYPES[v.kind],))
    if type(v) is T.TypeTuple:
        return T.TypeApply(T.TypeName(("Tuple",)), tuple(typeof_value(x) for x in v.items))
    if type(v) is T.TypeVect:
        return T.TypeApply(T.TypeName(("Array",)), (_vector_eltype(v), V.Literal("1", "int")))
    if type(v) is T.TypeCall and type(v.head) in (T.TypeName, T.TypeApply) and S.facts(S.head_name(v.head)) \
            and S.is_datatype(v.head):
        return v.head  # `Val{2}()`, `Int8(3)`: a constructor call shows an instance of its type
    if type(v) in (T.TypeName, T.TypeApply) and S.facts(S.head_name(v)) is not None:
        return T.TypeApply(S.TYPE, (v,))  # a type as a value: `Const(Int64)` widens to `Type{Int64}`
    raise Undecided(f"the type of {v}")


# `typeinfo_implicit` (base/arrayshow.jl): the element types `show` leaves a vector's prefix off for, being the ones
# its literal syntax makes
_IMPLICIT = {"char": "Char", "symbol": "Symbol", "float": "Float64", "int": "Int64"}


def _vector_eltype(v):
    """The element type of a vector as `show` printed it: its prefix (`UInt8[…]`), or, with none, the one implicit
    type all its elements show (`typeinfo_prefix`: `['0', …, 'z']` is a `Vector{Char}`); Undecided otherwise."""
    if v.eltype is not None:
        return v.eltype
    kinds = {(i.kind, _literal_type(i)) for i in v.items if i != _ELISION and type(i) is V.Literal}
    if len(kinds) == 1 and all(type(i) is V.Literal or i == _ELISION for i in v.items):
        (kind, name), = kinds
        if _IMPLICIT.get(kind) == name:
            return T.TypeName((name,))
    raise Undecided(f"the element type of {v}")


def _literal_type(v) -> str | None:
    try:
        t = typeof_value(v)
    except Undecided:
        return None
    return t.path[-1] if type(t) is T.TypeName else None


def negated_unsigned(text: str) -> bool:
    """`-0x05`: `show` writes no unsigned integer with a sign (an unsigned value prints as hex, `0xfb`), so such a
    text is never a value's, always the call `-(0x05)` printed bare."""
    return text.startswith(("-0x", "-0b", "-0o"))


def _int_type(text: str):
    if negated_unsigned(text):
        raise Undecided(text)   # a call, not a value (above)
    if text.startswith(("0x", "0b", "0o")):
        digits = len(text) - 2
        if text.startswith("0x") and digits in _HEX_WIDTH:
            return T.TypeName((_HEX_WIDTH[digits],))
        raise Undecided(text)
    n = int(text)
    hint = INT_HINT.get()
    if hint is not None:
        return hint
    return T.TypeName(("Int64",)) if -2 ** 63 <= n < 2 ** 63 else T.TypeName(("Int128",))


_ELISION = T.TypeName(("…",))


def egal(x, y) -> bool:
    """`x === y` of two constants as printed: `Const ⊑ Const` is `===` (typelimits.jl / typelattice.jl).  Equal
    prints are the same value only where the print is whole: an array `show` elides past 20 elements
    (`['0', …, 'z']`) prints alike for `base36digits` and `base62digits`, so `===` cannot be proved of it, and
    slot2reg's tmerge widens such a pair (Base._base's φ is `Array{Char,1}`)."""
    return x == y and not _elided(x)


def _elided(v) -> bool:
    if type(v) is T.TypeVect:
        return any(i == _ELISION or _elided(i) for i in v.items)
    return False
