"""Which integer type a bare decimal literal has: Julia 1.5 prints an Int32 (Int8, UInt128 in decimal…) constant
as `0`, the same text as Int64's `0`, so the type comes from the context, never from a guess.  Likewise a zero
`Float16`: 1.5's Ryu (`writeshortest`) writes a zero without its type (`0.0`, `-0.0`, as Float64's), where any
other `Float16` shows `Float16(0.5)`; so `0.0` in a `Float16` context is a `Float16`.

The context is the statement's own `::T` (a φ, π, upsilon, constant statement), the function's return type
(`return 0` in a `=> Int32` function), an `invoke`'s signature, and for the intrinsics whose operands share one
type (`add_int`, `slt_int`, `===`, …) the other operands' types: known from their statements when they are SSA
values, read at run time from the value when they are arguments or slots (`coerce_like`).
"""
from __future__ import annotations

from jlir.semantics.constants import literal, literal_int, shown_constant, type_text
from jlir.semantics.numbers import fits, int_parts, make_float, make_int
from jlir.semantics.values import INT_TYPES, JFloat, JStruct, NotInterpretable, split_params, typeof
from jlir.ir import types as T
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


def is_float_zero(v) -> bool:
    """A float literal printed `0.0` or `-0.0`: a Float64, or a Float16 (1.5 writes its zero untyped)."""
    return type(v) is V.Literal and v.kind == "float" and v.text in ("0.0", "-0.0")


def context_type(t: str | None) -> str | None:
    """The integer type a value of declared type `t` has if it is an integer: `t` itself, the one integer member
    of a `Union{…}`, `AMBIGUOUS` when the union has several, None when `t` says nothing (Any, not shown); and
    `Float16` for `Float16` (the type of a zero printed `0.0` there); a `Tuple{…}` or `NamedTuple{…}` itself, whose
    elements' types a constant tuple's literals take."""
    if t is None:
        return None
    if t == "Float16" or t.startswith(("Tuple{", "NamedTuple{")):
        return t  # a tuple constant's literals take their elements' types (`typed_constant`)
    if t.startswith("Union{") and t.endswith("}"):
        ints = {m for m in split_params(t[6:-1]) if integer_type(m)}
        return ints.pop() if len(ints) == 1 else AMBIGUOUS if ints else None
    return integer_type(t)


AMBIGUOUS = "?"


# The abstract types above the signed integers (number.jl, boot.jl: Signed <: Integer <: Real <: Number) and Float16
# (AbstractFloat <: Real): a value declared of one may be any of those widths.
_ABOVE_SIGNED = frozenset({"Any", "Number", "Real", "Integer", "Signed"})
_ABOVE_FLOAT16 = frozenset({"Any", "Number", "Real", "AbstractFloat"})


def width_unproven(v, t: str | None) -> bool:
    """Whether a literal `v` printed without its type (a decimal integer: a signed one, unsigned ones print in
    hex; a `0.0`) stands where the declared type `t` does not prove its width: `t` is, or is a union holding, an
    abstract type above several widths (`Any`, `Integer`, `Real`), or holds several of them (`Union{Int8,
    Int64}`).  A declared type is a join of concrete types (tmerge), which names each it holds unless widened."""
    if t is None:
        return False
    members = set(_members(t))
    if is_ambiguous(v):
        return bool(members & _ABOVE_SIGNED) or len({m for m in members if integer_type(m)}) > 1
    if is_float_zero(v):
        return bool(members & _ABOVE_FLOAT16) or {"Float16", "Float64"} <= members
    return False


def float_zero_type(t: str) -> str | None:
    """The float type a zero printed `0.0` has where a value of declared type `t` is what it shows: `Float16`
    where `t` is Float16 or a union naming Float16 and no Float64, `Float64` where it names Float64 and no
    Float16; None where `t` names neither concrete type (`Any`, `Real`, `AbstractFloat`: either may be it) or
    both.  A declared type is a join of concrete types (tmerge), which names each it holds unless widened."""
    found = {m for m in _members(t) if m in ("Float16", "Float64")}
    return found.pop() if len(found) == 1 else None

def _members(t: str) -> list[str]:
    """The members of a `Union{…}` type's text, or the type itself."""
    return split_params(t[6:-1]) if t.startswith("Union{") and t.endswith("}") else [t]


_SIGNED_OF_BYTES = {1: "Int8", 2: "Int16", 4: "Int32", 8: "Int64", 16: "Int128"}
_BYTES = {"Bool": 1, "Int8": 1, "UInt8": 1, "Int16": 2, "UInt16": 2, "Int32": 4, "UInt32": 4, "Char": 4,
          "Float32": 4, "Int64": 8, "UInt64": 8, "Float64": 8, "Float16": 2, "Int128": 16, "UInt128": 16}


def call_literals(name: str | None, args, static_type, rt: str) -> tuple:
    """(the integer type the decimal literals among a call's `args` take, or None, or one per argument; the
    positions of the ones to convert at run time to the other operands' type, or None): the context
    `static_type(v)` (an operand's type known before running) and the result type `rt` give, by the callee
    `name`."""
    if name in SAME_TYPE and any(is_ambiguous(a) for a in args):
        known = [t for t in map(static_type, args) if t is not None]
        hint = known[0] if known else integer_type(rt) if name in SAME_TYPE_RESULT else None
        return (hint, None) if hint is not None else (None, tuple(k for k, a in enumerate(args) if is_ambiguous(a)))
    if name == "ifelse" and integer_type(rt) and any(is_ambiguous(a) for a in args[1:]):
        return rt, None  # `ifelse(c, 1, x)::Int32`: both values have the statement's concrete type, the literal too
    if name == "ifelse" and rt == "Float16" and any(is_float_zero(a) for a in args[1:]):
        return rt, None  # `ifelse(c, -0.0, 0.0)::Float16`: likewise (ifelse_tfunc merges the two values' types)
    if name == "tuple" and rt.startswith("Tuple{") and any(is_ambiguous(a) for a in args):
        params = split_params(rt[6:-1])   # `Core.tuple(100, n)::Tuple{Int32,Int64}`: each element its type
        if len(params) == len(args):
            return tuple(integer_type(p) if is_ambiguous(a) else None for a, p in zip(args, params)), None
    if name in _CONVERSIONS and len(args) == 2 and is_ambiguous(args[1]):
        return conversion_operand(name, type_text(args[0]), literal_int(args[1])), None
    if name == "bitcast" and len(args) == 2 and is_float_zero(args[1]) and _BYTES.get(type_text(args[0])) == 2:
        return "Float16", None  # `bitcast(UInt16, -0.0)`: bitcast keeps the size; a 2-byte float is a Float16
    if name == "setfield!" and len(args) == 3 and (is_ambiguous(args[2]) or is_float_zero(args[2])):
        # `setfield!` returns the value it stores (tfuncs.jl's `setfield!_tfunc`): its statement type is the value's
        return (None, None, integer_type(rt) if is_ambiguous(args[2]) else "Float16" if rt == "Float16" else None), None
    return None, None


_CONVERSIONS = frozenset({"bitcast", "sext_int", "zext_int", "trunc_int"})


def conversion_operand(name: str, target: str, value: int) -> str | None:
    """The integer type of a decimal literal converted by `name` to `target` (`bitcast(UInt8, 127)`,
    `sext_int(Int64, 127)` in Base's `gcd(::Int8, ::Int8)`), where the intrinsic's operand rule decides it: a
    decimal literal is a signed integer (unsigned ones print in hex); `bitcast` keeps the size, so the literal has
    the target's; `sext_int` and `trunc_int` give the same value from any width that holds the literal, so the
    smallest signed type that does (or Int64, the default, where it fits the rule); `zext_int` of a non-negative
    literal likewise.  None where Int64 fits or the rule leaves the value undecided (`zext_int` of a negative)."""
    size = _BYTES.get(target)
    if size is None:
        return None
    if name == "bitcast":
        return _SIGNED_OF_BYTES.get(size)
    if name == "trunc_int":
        return None if size < 8 else "Int128"
    if name in ("sext_int", "zext_int") and size <= 8:
        if name == "zext_int" and value < 0:
            return None
        for n in (1, 2, 4):
            if n < size and fits(_SIGNED_OF_BYTES[n], value):
                return _SIGNED_OF_BYTES[n]
    return None


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


def typed_literal(v, hint: str | None):
    """The value of literal `v` in a context of type `hint` (`context_type`'s answer), or None where the hint
    does not apply (no hint, Int64 for a decimal integer, another kind of literal)."""
    if hint is None or hint == "Int64":
        return None
    if is_ambiguous(v) and hint != "Float16":
        return coerce(literal_int(v), hint)
    if is_float_zero(v) and hint == "Float16":
        return make_float("Float16", float(literal(v)))
    return None


def untyped_literals(v) -> bool:
    """Whether a shown tuple constant holds literals whose type its print does not tell (a decimal integer, which
    may be any integer type; `0.0`, which may be a Float16): only a context's type can say what they are."""
    inner = v.value if type(v) is V.QuoteNode else v
    if type(inner) is not T.TypeTuple:
        return False
    items = [x.rhs if type(x) is T.TypeInfix and x.op == "=" else x for x in inner.items]
    return any(is_ambiguous(x) or is_float_zero(x) or untyped_literals(x) for x in items)


def width_unshown(v) -> bool:
    """Whether the print does not say the type of constant `v`: a decimal integer (any integer type), `0.0` (a
    Float16 in 1.5's print), or a tuple holding such literals; only a context's type or Julia's own answer can."""
    return is_ambiguous(v) or is_float_zero(v) or untyped_literals(v)


def typed_constant(v, t: str):
    """A shown tuple or named tuple constant whose type `t` the context gives (the return type, the statement's
    `::T`): Julia prints its elements by their `repr` (an Int32 `1` as `1`, a Float16 zero as `0.0`), so each
    literal takes its element type from `t` (`return (1, 2)` in a `=> Tuple{Int32,Int32}` function); None where
    `t` does not describe `v` (the caller shows it as it prints).  In a `Union{…}` context the constant has the
    type of the one member that can hold it (`return (1, 1)` in a `=> Union{Nothing, Tuple{Int64,Int64}}`
    function: a tuple's type is never `Nothing`); None where several members could."""
    inner = v.value if type(v) is V.QuoteNode else v
    if type(inner) is not T.TypeTuple:
        return None
    if t.startswith("Union{") and t.endswith("}"):
        fits = [m for m in split_params(t[6:-1]) if typed_constant(v, m) is not None]
        return typed_constant(v, fits[0]) if len(fits) == 1 else None
    named = t.startswith("NamedTuple{") and t.endswith("}")
    if named:
        parts = split_params(t[len("NamedTuple{"):-1])
        rest = parts[-1] if len(parts) >= 2 else ""  # the names `(:a, :b)` hold commas: the types come last
        params = split_params(rest[6:-1]) if rest.startswith("Tuple{") and rest.endswith("}") else None
        items = [x.rhs if type(x) is T.TypeInfix and x.op == "=" else None for x in inner.items]
        names = tuple(x.lhs.path[-1] for x in inner.items if type(x) is T.TypeInfix and type(x.lhs) is T.TypeName)
    elif t.startswith("Tuple{") and t.endswith("}") and "Vararg" not in t:
        params, items, names = split_params(t[6:-1]), list(inner.items), None
    else:
        return None
    if params is None or len(params) != len(items) or None in items or (named and len(names) != len(items)):
        return None
    values = []
    for x, p in zip(items, params):
        v = typed_scalar(x, p)
        if v is not None:
            values.append(v)
        elif is_ambiguous(x) or is_float_zero(x):
            return None  # `(5,)` in `=> Tuple{Any}`: an Int8 `5` prints so, and the element type does not say
        elif type(x) in (V.Literal, T.TypeTuple, V.QuoteNode):
            sub = typed_constant(x, p) if type(x) in (T.TypeTuple, V.QuoteNode) else None
            if sub is None and untyped_literals(x):
                return None
            values.append(sub if sub is not None else literal(x) if type(x) is V.Literal else shown_constant(x))
        else:
            values.append(shown_constant(x))
    values = tuple(values)
    if not named:
        return values
    return JStruct(f"NamedTuple{{({', '.join(':' + n for n in names)}{',' if len(names) == 1 else ''}),"
                   f"{typeof(values)}}}", values, names, False)




def typed_scalar(v, t: str):
    """The value of a literal printed without its type (a decimal integer, `0.0`) where a value of declared type
    `t` is what it shows (a returned `Const(0, false)` in a `=> Int128` function is an Int128 zero, inference's
    return type being the type of what it returns): None where `t` does not say (`Any`, a union of several integer
    types, `Real`) or `v` is no such literal."""
    if is_ambiguous(v):
        ctx = context_type(t)
        if ctx is None or ctx == AMBIGUOUS or integer_type(ctx) is None:
            return None
        return literal_int(v) if ctx == "Int64" else coerce(literal_int(v), ctx)
    if is_float_zero(v):
        if t == "Float16":
            return JFloat(float(v.text), "Float16")
        return literal(v) if t == "Float64" else None
    return None


def inferred_bool(typ):
    """`true`/`false` where a statement's type is Julia's `Const(true, …)`/`Const(false, …)`, else None: what
    inference proved (`egal_tfunc` folds `x::Int32 === 5` of an Int64 literal to `Const(false)`)."""
    if type(typ) is T.TypeCall and T.is_lattice_element(typ) and typ.head.name == "Const" and typ.args and \
            type(typ.args[0]) is V.Literal and typ.args[0].kind == "bool":
        return typ.args[0].text == "true"
    return None


def invoke_hints(sig: tuple, n: int) -> tuple:
    """Per argument of an `invoke` of `n` arguments, the context its signature `sig` gives (`context_type`): a
    trailing `Vararg{T,N} where N` gives `T` to it and every argument after it (`va(x, -0.0::Vararg{Float16,N}
    where N)`: the zero is a Float16)."""
    out = []
    for k in range(n):
        t = sig[k] if k < len(sig) else (sig[-1] if sig else None)
        if t is not None and t.startswith("Vararg{") and k >= len(sig) - 1:
            t = split_params(t.split(" where ")[0][len("Vararg{"):-1])[0]
        elif k >= len(sig):
            t = None
        out.append(context_type(t))
    return tuple(out)


def tuple_hints(typ, n: int) -> tuple:
    """Per element, the type `tuple(…)`'s statement type gives it (`Tuple{A, B}`, or the type of a
    `PartialStruct(Tuple{A, B}, …)`); None where it does not say (a `Const`, a `Vararg`, another arity)."""
    t = T.widen(typ) if T.is_lattice_element(typ) and typ.head.name == "PartialStruct" else typ
    text = type_text(t) if t is not None else ""
    params = split_params(text[6:-1]) if text.startswith("Tuple{") and text.endswith("}") else ()
    if len(params) != n or any(p.startswith("Vararg") for p in params):
        return (None,) * n
    return tuple(context_type(p) for p in params)
