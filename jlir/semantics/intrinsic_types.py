"""The operand rules of Julia 1.5.3's intrinsics: which calls throw for their operands' types, and what the others
compute on operands of another kind than their name says.

Compiled code calls the runtime intrinsic (`src/runtime_intrinsics.c`) whenever codegen cannot compile the call as
typed (`emit_intrinsic` in `src/intrinsics.cpp` falls back to `emit_runtime_call`), and the runtime checks:

* a math, bit or comparison intrinsic of two or three operands takes one primitive type throughout
  (`jl_iintrinsic_2`: "add_int: types of a and b must match", "a is not a primitive type"); a shift's count may
  be any primitive type;
* `bitcast` goes between primitive types of one size ("bitcast: argument size does not match size of target
  type", "target type not a leaf primitive type", "value not a primitive type");
* `trunc_int`/`fptrunc` go to a smaller type, `sext_int`/`zext_int`/`fpext` to a larger one ("Trunc: output
  bitsize must be < input bitsize");
* an intrinsic computes on its operands' bits: an integer intrinsic on a float reads the float's bits as an integer
  of its size (`neg_int(1.5)` is `-3.0`), a float intrinsic on an integer reads its bits as a float of its size,
  32 or 64 bits only (the runtime has no others), and the result has the operand's type.

Each of these throws `ErrorException`, as `fixtures/interp/intrinsics.tsv` records Julia doing.  Julia's
`intrinsic_nothrow` (`base/compiler/tfuncs.jl`) is the same rule seen from the optimizer: a call it cannot prove
well-typed may throw, so it is never deleted (`jlir.edit.simple_dce`, `jlir.edit.purity`).
"""
from __future__ import annotations

from jlir.semantics.numbers import float_bits, float_from_bits, int_parts, make_int
from jlir.semantics.values import (FLOAT_TYPES, PRIMITIVE_BYTES, JArray, JChar, JFloat, JInt, JPtr, JStruct, JSymbol,
                                   JType, JuliaException, NotInterpretable, typeof)

__all__ = ["SAME_TYPED", "SHIFTS", "byte_size", "checked", "type_bytes"]

SHIFTS = frozenset({"shl_int", "lshr_int", "ashr_int"})
# The intrinsics of two or three operands of one primitive type (`intrinsic_nothrow`'s last rule, shifts apart).
SAME_TYPED = frozenset("""
    add_int sub_int mul_int sdiv_int udiv_int srem_int urem_int and_int or_int xor_int flipsign_int
    eq_int ne_int slt_int sle_int ult_int ule_int
    checked_sadd_int checked_uadd_int checked_ssub_int checked_usub_int checked_smul_int checked_umul_int
    checked_sdiv_int checked_udiv_int checked_srem_int checked_urem_int
    add_float sub_float mul_float div_float rem_float copysign_float fma_float muladd_float
    eq_float ne_float lt_float le_float fpiseq fpislt""".split())
_NARROWING = frozenset({"trunc_int", "fptrunc"})
_WIDENING = frozenset({"sext_int", "zext_int", "fpext"})
_FLOAT_FAMILY = frozenset("""
    add_float sub_float mul_float div_float rem_float copysign_float fma_float muladd_float eq_float ne_float
    lt_float le_float fpiseq fpislt neg_float abs_float sqrt_llvm floor_llvm ceil_llvm trunc_llvm rint_llvm
    fptosi fptoui fptrunc fpext""".split())
_CONVERSIONS = frozenset({"sitofp", "uitofp", "fptosi", "fptoui", "trunc_int", "sext_int", "zext_int", "fptrunc",
                          "fpext"})
_NOT_PRIMITIVE = (tuple, JArray, JStruct, JSymbol, str, type(None))   # values of no primitive type
_FLOAT_OF_BYTES = {4: "Float32", 8: "Float64"}
_INT_OF_BYTES = {1: "Int8", 2: "Int16", 4: "Int32", 8: "Int64", 16: "Int128"}


def byte_size(x) -> int | None:
    """The size in bytes of a primitive value (`sizeof(typeof(x))`), None for any other value."""
    t = type(x)
    if t is int or t is float or t is JPtr:
        return 8
    if t is bool:
        return 1
    if t is JInt or t is JFloat:
        return PRIMITIVE_BYTES.get(x.type)
    if t is JChar:
        return 4
    return None


def type_bytes(name: str) -> int | None:
    """The size in bytes of the primitive type `name`, None for another type (or one jlir does not know).  c.jl's
    `Cstring` and `Cwstring` are primitive types of a pointer's size, as `Ptr{T}` is (64-bit Julia)."""
    return 8 if name.startswith("Ptr{") or name in ("Cstring", "Cwstring") else PRIMITIVE_BYTES.get(name)


def _error(message: str) -> JuliaException:
    return JuliaException("ErrorException", message)


def _check(name: str, args) -> None:
    """Raise Julia's `ErrorException` where the runtime intrinsic refuses its operands' types."""
    if name in SAME_TYPED or name in SHIFTS:
        if byte_size(args[0]) is None:
            if type(args[0]) not in _NOT_PRIMITIVE:
                raise NotInterpretable(f"{name} of a {typeof(args[0])}, a value jlir knows no primitive size of")
            raise _error(f"{name}: a is not a primitive type")
        if name in SHIFTS:
            if byte_size(args[1]) is None:
                if type(args[1]) not in _NOT_PRIMITIVE:
                    raise NotInterpretable(f"{name} by a {typeof(args[1])}, a value jlir knows no primitive size of")
                raise _error(f"{name}: b is not a primitive type")
            return
        t = typeof(args[0])
        if any(typeof(b) != t for b in args[1:]):
            raise _error(f"{name}: types of a and b must match")
        return
    if type(args[0]) is not JType:
        return   # a conversion given its type as the result type only (`rt`): nothing to check
    to, size = type_bytes(args[0].name), byte_size(args[1])
    if to is None:   # (a primitive type of the program's own, `primitive type P 64 end`, is not in jlir's tables)
        raise NotInterpretable(f"{name} to {args[0].name}, a type jlir knows no primitive size of")
    if size is None:
        if type(args[1]) in _NOT_PRIMITIVE:
            raise _error(f"{name}: value not a primitive type")
        raise NotInterpretable(f"{name} of a {typeof(args[1])}, a value jlir knows no primitive size of")
    if name == "bitcast" and to != size:
        raise _error("bitcast: argument size does not match size of target type")
    if name in _NARROWING and not to < size:
        raise _error(f"{name}: output bitsize must be < input bitsize")
    if name in _WIDENING and not to > size:
        raise _error(f"{name}: output bitsize must be > input bitsize")


def _as_kind(x, want_float: bool):
    """`x` reinterpreted as a float (`want_float`) or an integer of its size, with the type it had; or None when
    it already is of that kind (or is no value an intrinsic computes on)."""
    if type(x) is JType or type(x) is JPtr:
        return None
    size = byte_size(x)
    is_float = type(x) is float or type(x) is JFloat
    if size is None or is_float == want_float:
        return None
    if is_float:
        name = typeof(x)
        return make_int(_INT_OF_BYTES[size], float_bits(name, x if type(x) is float else x.value)), name
    if size not in _FLOAT_OF_BYTES:
        raise _error("runtime floating point intrinsics are not implemented for bit sizes other than 32 and 64")
    return float_from_bits(_FLOAT_OF_BYTES[size], int_parts(x)[3] & ((1 << (8 * size)) - 1)), typeof(x)


def _back(v, name: str):
    """A result computed on reinterpreted bits, in the operand's own type `name`."""
    size = byte_size(v)
    if size is None or size != type_bytes(name) or typeof(v) == name:
        return v
    if type(v) is float or type(v) is JFloat:
        bits = float_bits(typeof(v), v if type(v) is float else v.value)
    else:
        bits = int_parts(v)[3] & ((1 << (8 * size)) - 1)
    if name in FLOAT_TYPES:
        return float_from_bits(name, bits)
    return make_int(name, bits)


def _on_bits(name: str, f, rt: str, args):
    """`f` on operands of the other kind than its name says, as the runtime computes it: on their bits."""
    recast = [_as_kind(a, name in _FLOAT_FAMILY) for a in args]
    if not any(recast):
        return None
    new = [a if r is None else r[0] for a, r in zip(args, recast)]
    v = f(rt, *new)
    if name in _CONVERSIONS or recast[0] is None:
        return v   # a conversion's result is its target type's; a shift's, its first operand's
    own = recast[0][1]   # the result has the first operand's type
    return tuple(_back(x, own) for x in v) if type(v) is tuple else _back(v, own)


def checked(name: str, f):
    """`f`, the intrinsic `name` computed on well-typed operands, given Julia's operand rules: the calls the
    runtime refuses throw its `ErrorException`, operands of the other kind are computed on as bits.  The common
    calls (two `Int64`s, two `Float64`s) pass straight through."""
    def g(rt, *args):
        if not (len(args) == 2 and type(args[0]) is type(args[1]) and type(args[0]) in (int, float)):
            _check(name, args)
        try:
            return f(rt, *args)
        except NotInterpretable:
            v = _on_bits(name, f, rt, args)
            if v is None:
                raise
            return v
    return g
