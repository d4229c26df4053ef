"""Julia 1.5.3's `intrinsic_nothrow` (`base/compiler/tfuncs.jl`) where the print decides it, for `simple_dce!`
(`jlir.edit.simple_dce`) and the `dce` pass's purity (`jlir.edit.purity`), whose tables derive from these: a call of an intrinsic cannot throw only
when its operands are what the intrinsic takes (the runtime's rules: `jlir.semantics.intrinsic_types`).
"""
from __future__ import annotations

from jlir.ir import types as T
from jlir.ir import values as V
from jlir.lattice.tmerge import Undecided, is_const, typeof_value

__all__ = ["INTRINSICS", "JULIA_PURE_BUILTINS", "NEVER_EFFECT_FREE", "DIVISIONS", "intrinsic_nothrow",
           "primitive_type"]

_SHIFTS = frozenset({"shl_int", "lshr_int", "ashr_int"})
# Julia 1.5.3's `Core.Intrinsics` (`names(Core.Intrinsics, all=true)`), less those `is_pure_intrinsic_infer`
# calls volatile or never effect-free (pointerset, llvmcall, arraylen, sqrt_llvm(_fast), cglobal).
INTRINSICS = frozenset("""
    abs_float add_float add_float_fast add_int add_ptr and_int ashr_int bitcast bswap_int ceil_llvm
    checked_sadd_int checked_sdiv_int checked_smul_int checked_srem_int checked_ssub_int checked_uadd_int
    checked_udiv_int checked_umul_int checked_urem_int checked_usub_int copysign_float ctlz_int ctpop_int
    cttz_int div_float div_float_fast eq_float eq_float_fast eq_int flipsign_int floor_llvm fma_float fpext
    fpiseq fpislt fptosi fptoui fptrunc le_float le_float_fast lshr_int lt_float lt_float_fast mul_float
    mul_float_fast mul_int muladd_float ne_float ne_float_fast ne_int neg_float neg_float_fast neg_int not_int
    or_int pointerref rem_float rem_float_fast rint_llvm sdiv_int sext_int shl_int sitofp sle_int slt_int
    srem_int sub_float sub_float_fast sub_int sub_ptr trunc_int trunc_llvm udiv_int uitofp ule_int ult_int
    urem_int xor_int zext_int""".split())
# The intrinsics whose tfunc is not `math_tfunc` (`tfuncs.jl`): comparisons (`cmp_tfunc`: `Bool`) and the
# overflow-checked ones (`chk_tfunc`: a tuple); every other math, bit and shift intrinsic is typed as its first operand.
_CMP_TFUNC = frozenset("""
    eq_int ne_int slt_int ult_int sle_int ule_int eq_float ne_float lt_float le_float fpiseq fpislt
    eq_float_fast ne_float_fast lt_float_fast le_float_fast checked_sadd_int checked_uadd_int checked_ssub_int
    checked_usub_int checked_smul_int checked_umul_int""".split())
# The intrinsics `intrinsic_effect_free_if_nothrow` leaves out (`is_pure_intrinsic_infer`: volatile, never
# effect-free, or differing at run time): `stmt_effect_free` never holds for a call of one.
NEVER_EFFECT_FREE = frozenset({"pointerset", "llvmcall", "arraylen", "sqrt_llvm", "sqrt_llvm_fast", "cglobal"})
CHECKED_DIVISIONS = frozenset({"checked_sdiv_int", "checked_udiv_int", "checked_srem_int", "checked_urem_int"})
# The divisions: they throw `DivideError` on a zero denominator, so they are nothrow only on a known nonzero one.
DIVISIONS = frozenset({"sdiv_int", "udiv_int", "srem_int", "urem_int"}) | CHECKED_DIVISIONS
# Julia's `_PURE_BUILTINS` (`optimize.jl`): builtins that neither write memory nor throw on any arguments.
JULIA_PURE_BUILTINS = frozenset({"tuple", "svec", "===", "typeof", "nfields"})
_CONVERSIONS = frozenset({"sext_int", "zext_int", "trunc_int", "fptoui", "fptosi", "uitofp", "sitofp", "fptrunc",
                          "fpext"})
_SIZES = {"Bool": 1, "Int8": 1, "UInt8": 1, "Int16": 2, "UInt16": 2, "Int32": 4, "UInt32": 4, "Char": 4,
          "Int64": 8, "UInt64": 8, "Int128": 16, "UInt128": 16, "Float16": 2, "Float32": 4, "Float64": 8,
          "Int": 8, "UInt": 8}
_PRIMITIVES = frozenset({"Bool", "Int8", "Int16", "Int32", "Int64", "Int128", "UInt8", "UInt16", "UInt32",
                         "UInt64", "UInt128", "Float16", "Float32", "Float64", "Char"})


def intrinsic_nothrow(name: str, args, type_of, result=None) -> bool:
    """Julia's `intrinsic_nothrow` where the print decides it: a checked division's denominator is a constant
    (not decided here), conversions and `bitcast` name a primitive type, `pointerref` reads a `Ptr` at `Int`
    offsets, and every other intrinsic takes one primitive type throughout (shifts: any primitive types).

    `type_of(v)`: what is known of an operand's type (Julia's `argextype`), None where nothing is.  `result`, the
    call's inferred type: for an intrinsic whose tfunc is `math_tfunc` (`widenconst` of its first
    operand: `add_int`, `neg_float`, the shifts, …) it is the first operand's type where the print shows none
    (an argument `_2`, whose type only the signature gives)."""
    if name in CHECKED_DIVISIONS or not args:
        return False
    if name == "pointerref":
        types = [type_of(a) for a in args]
        return (len(args) == 3 and _pointer(types[0]) and primitive_type(types[1]) in ("Int64", "Int")
                and primitive_type(types[2]) in ("Int64", "Int"))
    if name == "bitcast" or name in _CONVERSIONS:
        if len(args) != 2:
            return False
        to, x = _type_operand(args[0]), _primitive(args[1], type_of)
        return to is not None and x is not None and (name != "bitcast" or _size(to) == _size(x))
    types = [_primitive(a, type_of) for a in args]
    if types[0] is None and name not in _CMP_TFUNC and result is not None:
        types[0] = primitive_type(result)
        types = [types[0] if a == args[0] else t for a, t in zip(args, types)]   # `flipsign_int(_3, _3)`
    if None in types:
        return False
    return name in _SHIFTS or len(set(types)) == 1


def _size(name: str) -> int | None:
    return 8 if name.startswith("Ptr") else _SIZES.get(name)


def _pointer(t) -> bool:
    return type(t) is T.TypeApply and type(t.head) is T.TypeName and t.head.path[-1] == "Ptr"


def _type_operand(a) -> str | None:
    """The primitive type an intrinsic's type operand names (`UInt64`, `Core.UInt`, `Ptr{Nothing}`), or None."""
    if _pointer(a):
        return "Ptr"
    if type(a) is V.GlobalRef and a.module in (None, "Core", "Base") or type(a) is V.SlotNumber and a.id is None:
        return a.name if a.name in _SIZES else None   # `UInt64`, `Core.UInt`, a bare name in lowered text
    if type(a) is T.TypeName and a.path[:-1] in ((), ("Core",), ("Base",)) and a.path[-1] in _SIZES:
        return a.path[-1]
    return None

def _primitive(v, type_of) -> str | None:
    """The primitive type a value is known to have (a decimal literal counts as `Int64`, as `typeof_value`
    reads it: where Julia's is narrower the types differ and the statement is kept), or None."""
    t = type_of(v)
    return None if t is None else primitive_type(t)


def primitive_type(t) -> str | None:
    """The primitive type a lattice element is (`Int64`, `Ptr{Nothing}`, a `Const` of a printed literal), or None."""
    if _pointer(t):
        return str(t)   # each `Ptr{T}` is its own primitive type (8 bytes)
    if type(t) is T.TypeName and t.path[-1] in _PRIMITIVES and t.path[:-1] in ((), ("Core",), ("Base",)):
        return t.path[-1]
    if is_const(t) and t.args and type(t.args[0]) is V.Literal:
        try:
            return primitive_type(typeof_value(t.args[0]))
        except Undecided:
            return None
    return None
