"""Which integer type a bare decimal literal has: Julia 1.5 prints an Int32 (Int8, UInt128 in decimal…) constant
as `0`, the same text as Int64's `0`, so the type comes from the context, never from a guess.

The context is the statement's own `::T` (a φ, π, upsilon, constant statement), the function's return type
(`return 0` in a `=> Int32` function), an `invoke`'s signature, and for the intrinsics whose operands share one
type (`add_int`, `slt_int`, `===`, …) the other operands' types: known from their statements when they are SSA
values, read at run time from the value when they are arguments or slots (`coerce_like`).
"""
from __future__ import annotations

from jlir.semantics.numbers import fits, int_parts, make_int
from jlir.semantics.values import INT_TYPES, NotInterpretable, split_params
from jlir.ir import values as V

# Intrinsics and builtins whose operands all have one type (so a literal takes the type of the others).
SAME_TYPE = frozenset({
    "add_int", "sub_int", "mul_int", "sdiv_int", "udiv_int", "srem_int", "urem_int", "and_int", "or_int",
    "xor_int", "eq_int", "ne_int", "slt_int", "ult_int", "sle_int", "ule_int", "checked_sadd_int",
    "checked_uadd_int", "checked_ssub_int", "checked_usub_int", "checked_smul_int", "checked_umul_int",
    "checked_sdiv_int", "checked_udiv_int", "checked_srem_int", "checked_urem_int", "flipsign_int", "===", "!=="})
# Of those, the ones whose result has the operands' type.
SAME_TYPE_RESULT = SAME_TYPE - {"eq_int", "ne_int", "slt_int", "ult_int", "sle_int", "ule_int", "===", "!=="} - {
    n for n in SAME_TYPE if n.startswith("checked_") and n[8:9] in "su" and n[9:12] in ("add", "sub", "mul")}


def is_ambiguous(v) -> bool:
    """A decimal integer literal: its printed form does not tell Int64 from the other integer types."""
    return type(v) is V.Literal and v.kind == "int" and "x" not in v.text and "b" not in v.text and "o" not in v.text


def integer_type(t: str | None) -> str | None:
    """`t` when it is a concrete integer type other than Bool."""
    return t if t in INT_TYPES and t != "Bool" else None


def is_float16_zero(v) -> bool:
    """A float literal `0.0` or `-0.0`: Julia 1.5 prints a Float16 zero so (Ryu's shortest form, no `Float16(…)`:
    `repr(Float16(0.0)) == "0.0"`), the same text as Float64's, so the type comes from the context."""
    return type(v) is V.Literal and v.kind == "float" and v.text in ("0.0", "-0.0")


def context_type(t: str | None) -> str | None:
    """The integer type a value of declared type `t` has if it is an integer: `t` itself, the one integer member
    of a `Union{…}`, `AMBIGUOUS` when the union has several, None when `t` says nothing (Any, not shown); and
    `Float16` for a Float16 context (where a printed `0.0` is a Float16 zero)."""
    if t is None:
        return None
    if t == "Float16" or t.startswith(("Tuple{", "NamedTuple{")):
        return t  # a tuple constant's literals take their elements' types (`jlir.semantics.constants.typed_constant`)
    if t.startswith("Union{") and t.endswith("}"):
        ints = {m for m in split_params(t[6:-1]) if integer_type(m)}
        return ints.pop() if len(ints) == 1 else AMBIGUOUS if ints else None
    return integer_type(t)


AMBIGUOUS = "?"


def coerce(value: int, type_name: str):
    """The decimal literal `value` as a `type_name` (it must fit: the literal was printed from such a value)."""
    if type_name == AMBIGUOUS:
        raise NotInterpretable(f"the integer type of the literal {value} is not in the IR (a Union of several)")
    if type_name not in INT_TYPES or not fits(type_name, value):
        raise NotInterpretable(f"the literal {value} does not fit the {type_name} its context expects")
    return make_int(type_name, value)


def coerce_like(fn, literal_positions: tuple, egal: bool = False):
    """`fn` with its decimal-literal arguments converted, at run time, to the integer type of its other arguments.

    For `===` (`egal`) that is no proof: the other operand may be of any type (`x::Any === 0` stays in the IR
    with an Int64 literal), so a literal compared with an integer of another width is refused, not converted.
    """
    def g(rt, *args):
        t = None
        for k, a in enumerate(args):
            if k not in literal_positions and type(a) is not bool:
                try:
                    t = int_parts(a)[0]
                except NotInterpretable:
                    t = None
                break
        if t is None or t in ("Int64", "Char"):
            return fn(rt, *args)
        if egal:
            raise NotInterpretable(f"=== of a {t} and a literal printed without its type")
        return fn(rt, *[coerce(a if type(a) is int else a.value, t) if k in literal_positions else a
                        for k, a in enumerate(args)])
    return g
