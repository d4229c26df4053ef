"""Base methods the interpreter runs itself when its provider has no IR for them.

A provider's IR (Julia's own) always comes first; these are the fallback for
calls whose meaning Base defines in a line or two and that dump directories
rarely hold: a primitive number type called as a constructor (`Float32(x)`,
`T(0)` with `T` a static parameter; `jlir.semantics.convert`), the default
constructors of Core's exception types, `zero`/`one` of a number type, Base's
mixed-type `+ - * /` (promotion, then the same-type method through the
provider), and `afoldl` (the left fold behind `a + b + c + …`, operators.jl).
Anything else stays the caller's `NotInterpretable`.
"""
from __future__ import annotations

import re

from jlir.interp.promotion import METHODS as PROMOTION
from jlir.interp.tuples import METHODS as TUPLES
from jlir.interp.unions import apply_type, convert_union
from jlir.interp.provider import ALIASES
from jlir.semantics.base_globals import seen_name
from jlir.semantics.constants import global_constant
from jlir.semantics.convert import NUMBER_TYPES, convert_number, promote_arith
from jlir.semantics.intrinsics import INTRINSICS
from jlir.semantics.values import (FLOAT_TYPES, INT_TYPES, UNDEF, JChar, JInt, JStringBuf, empty_named_tuple, JStruct, JSymbol,
                                   JType, JuliaException, NotInterpretable, typeof)
from jlir.semantics.pointers import string_value

NO = object()  # "not one of these methods": the caller refuses


def _exception(name: str, names: tuple, check):
    """The default constructor `name(fields…) = new(fields…)` of a Core exception, for arguments `check` accepts
    (its fields' declared types: a String for `msg::AbstractString`, anything for `key`)."""
    def make(args):
        if len(args) != len(names) or not all(check(a) for a in args):
            return NO
        return JStruct(name, tuple(args), names, False)
    return make


_STRING, _ANY = (lambda a: type(a) is str), (lambda a: True)
_EXCEPTIONS = {n: _exception(n, ("msg",), _STRING)
               for n in ("ErrorException", "ArgumentError", "OverflowError", "AssertionError")}
_EXCEPTIONS["KeyError"] = _exception("KeyError", ("key",), _ANY)
_EXCEPTIONS["UndefVarError"] = _exception("UndefVarError", ("var",), lambda a: type(a) is JSymbol)
# boot.jl: `InexactError(f::Symbol, T, val) = new(f, T, val)`
_EXCEPTIONS["InexactError"] = _exception("InexactError", ("func", "T", "val"), lambda a: True)
_INEXACT_ARGS = _EXCEPTIONS["InexactError"]
_EXCEPTIONS["InexactError"] = lambda args: _INEXACT_ARGS(args) if args and type(args[0]) is JSymbol else NO


def _domain_error(args):
    """boot.jl: `DomainError(val) = new(val, "")`, `DomainError(val, msg) = new(val, msg)` (`msg::AbstractString`:
    another msg would be converted, or fail, in Julia: refused here)."""
    if len(args) == 1:
        return JStruct("DomainError", (args[0], ""), ("val", "msg"), False)
    if len(args) == 2 and type(args[1]) is str:
        return JStruct("DomainError", tuple(args), ("val", "msg"), False)
    return NO


_EXCEPTIONS["DomainError"] = _domain_error


def _named_tuple(type_name: str, values: tuple):
    """boot.jl's `NamedTuple{names}(args::Tuple)` (a keyword call's keywords: `NamedTuple{(:pad,)}((4,))`): the
    named tuple of those values, its type `NamedTuple{names,typeof(args)}`; a count that differs is refused."""
    names_text = type_name[len("NamedTuple{"):-1]
    names = tuple(n.strip()[1:] for n in names_text.strip("()").split(",") if n.strip())
    if names_text.count("{") or len(names) != len(values) or not all(n.isidentifier() for n in names):
        return NO
    return JStruct(f"NamedTuple{{{names_text},{typeof(values)}}}", values, names, False)


def construct(type_name: str, args: list):
    """`T(args…)` for a primitive number type (one number: Base's conversion) or a Core exception type."""
    if type_name in NUMBER_TYPES and len(args) == 1 and typeof(args[0]) in NUMBER_TYPES:
        return convert_number(type_name, args[0])
    if type_name == "NamedTuple" and not args:  # boot.jl: `NamedTuple() = NamedTuple{(),Tuple{}}(())`
        return empty_named_tuple()
    if type_name.startswith("NamedTuple{(") and len(args) == 1 and type(args[0]) is tuple:
        return _named_tuple(type_name, args[0])
    if type_name == "Core.Box" and len(args) <= 1:  # boot.jl: `Box(x) = new(x)`, `Box() = new()`
        return JStruct("Core.Box", [args[0] if args else UNDEF], ("contents",), True)
    if type_name.startswith("Val{") and type_name.endswith("}") and not args:  # essentials.jl: `struct Val{x} end`
        return JStruct(type_name, (), (), False)
    if type_name == "AssertionError" and not args:  # boot.jl: AssertionError() = AssertionError("")
        return JStruct("AssertionError", ("",), ("msg",), False)
    if _ARRAY.match(type_name) and args and _is_undef(args[0]):
        return _uninitialised_array(type_name, args[1:])
    make = _EXCEPTIONS.get(type_name)
    return make(args) if make is not None else NO


_ARRAY = re.compile(r"Array\{.+,\d+\}\Z")


def _is_undef(v) -> bool:
    return type(v) is JStruct and v.type == "UndefInitializer" and not v.fields


def _uninitialised_array(type_name: str, dims: list):
    """boot.jl's `Array{T,N}(::UndefInitializer, d::Int…)` and `(…, d::NTuple{N,Int})`: the runtime's allocation,
    as the typed IR calls it (`jl_alloc_array_2d`, `jl_new_array`)."""
    from jlir.interp.foreign import CCALLS
    if len(dims) == 1 and type(dims[0]) is tuple:
        dims = list(dims[0])
    if not all(type(d) is int for d in dims):
        return NO
    return CCALLS["jl_new_array"](JType(type_name), tuple(dims))


def _zero_one(k: int):
    """`zero(T)`/`one(T)` of a number type and `zero(x)`/`one(x)` of a number (number.jl: `convert(T, 0)`)."""
    def f(ctx, args):
        if len(args) != 1:
            return NO
        a = args[0]
        T = a.name if type(a) is JType else typeof(a)
        return convert_number(T, k) if T in NUMBER_TYPES else NO
    return f


# int.jl / float.jl: `+ - * < <= ==` of two values of one primitive number type are one intrinsic each (`/` of two
# floats too); `>`/`>=` are `<`/`<=` with the arguments swapped (operators.jl).  Bool is left out (`true + true`
# is an Int64) and so is Float16 (Julia 1.5 computes it in Float32).
_SAME_TYPE = {"+": ("add_int", "add_int", "add_float"), "-": ("sub_int", "sub_int", "sub_float"),
              "*": ("mul_int", "mul_int", "mul_float"), "/": (None, None, "div_float"),
              "<": ("slt_int", "ult_int", "lt_float"), "<=": ("sle_int", "ule_int", "le_float"),
              "==": ("eq_int", "eq_int", "eq_float")}
_SWAPPED = {">": "<", ">=": "<="}


def same_type(name: str, args: list):
    """`a op b` for two values of one primitive number type, as Base's method computes it; else NO."""
    name = ALIASES.get(name, name)
    swap = name in _SWAPPED
    ops = _SAME_TYPE.get(_SWAPPED.get(name, name))
    if ops is None or len(args) != 2:
        return NO
    t = typeof(args[0])
    if t != typeof(args[1]) or t in ("Bool", "Float16") or t not in NUMBER_TYPES:
        return NO
    intrinsic = ops[2] if t in FLOAT_TYPES else ops[0] if INT_TYPES[t][1] else ops[1]
    if intrinsic is None:
        return NO
    a, b = (args[1], args[0]) if swap else args
    return INTRINSICS[intrinsic]("Bool" if name not in ("+", "-", "*", "/") else t, a, b)


def _int_value(x):
    """(type, value) of an integer other than Bool, or None."""
    t = typeof(x)
    return (t, x if type(x) is int else x.value) if t in INT_TYPES and t != "Bool" else None


def _colon(ctx, args):
    """range.jl: `start:stop` of one integer type is `UnitRange{T}(start, unitrange_last(start, stop))`, the last
    being `stop`, or `start - 1` (wrapping, as T's arithmetic does) when the range is empty."""
    if len(args) != 2:
        return NO
    a, b = _int_value(args[0]), _int_value(args[1])
    if a is None or b is None or a[0] != b[0]:
        return NO
    t = a[0]
    last = args[1] if b[1] >= a[1] else convert_wrapped(t, a[1] - 1)
    return JStruct(f"UnitRange{{{t}}}", (args[0], last), ("start", "stop"), False)


def _iterate(ctx, args):
    """range.jl: `iterate(r::UnitRange)`: `(first, first)` unless empty; `iterate(r, i)`: nothing at the last,
    else `(i + 1, i + 1)`.  Other iterables: NO."""
    if not args or type(args[0]) is not JStruct or not args[0].type.startswith("UnitRange{") or len(args) > 2:
        return NO
    start, stop = args[0].fields
    t = args[0].type[10:-1]
    if len(args) == 1:
        return None if _int_value(start)[1] > _int_value(stop)[1] else (start, start)
    i = args[1]
    if typeof(i) != t or _int_value(i) is None:
        return NO
    if _int_value(i)[1] == _int_value(stop)[1]:
        return None
    nxt = convert_wrapped(t, _int_value(i)[1] + 1)
    return (nxt, nxt)


def convert_wrapped(t: str, v: int):
    """The integer of type `t` with the low bits of `v`: T's wrapping arithmetic."""
    from jlir.semantics.numbers import make_int
    return make_int(t, v)


def _arith(name: str):
    def f(ctx, args):
        if len(args) != 2:
            return NO
        pair = promote_arith(*args)
        return NO if pair is None else ctx.call(f"Base.{name}", None, list(pair))
    return f


def _afoldl(ctx, args):
    """operators.jl: `afoldl(op, a) = a`, `afoldl(op, a, b, c...) = afoldl(op, op(a, b), c...)` (the unrolled
    16-argument method folds in the same order)."""
    if not args:
        return NO
    op, *xs = args
    if not xs:
        return NO
    y = xs[0]
    for x in xs[1:]:
        y = ctx.call_value(op, [y, x])
    return y


def _fieldtype(ctx, args):
    """Core's `fieldtype(T, name or index)`: the declared type of a field, from a provider that knows the
    struct's field types (a live Julia's `fieldtypes`)."""
    ask = getattr(ctx.provider, "field_types", None)
    if len(args) != 2 or type(args[0]) is not JType or ask is None:
        return NO
    T, f = args
    types = ask(T.name)
    names = (ctx.provider.struct_fields(T.name) or ((), None))[0]
    if types is None:
        return NO
    k = names.index(f.name) if type(f) is JSymbol and f.name in names else f - 1 if type(f) is int else -1
    if not 0 <= k < len(types):
        raise JuliaException("ErrorException", f"type {T.name} has no field {f}")
    return JType(types[k])


def _print_form(v):
    """What `print(v)` writes for the values whose form is plain (strings, symbols, integers, Bool, types named
    as 1.5 prints them), else None: `string` of anything else is refused."""
    t = type(v)
    if t is str:
        return v
    if t is JStringBuf:
        return string_value(v)
    if t is bool:
        return "true" if v else "false"
    if t is int:
        return str(v)
    if t is JInt:
        return str(v.value)  # print(0x03) is "3": decimal, unlike repr
    if t is JSymbol:
        return v.name
    if t is JType and _PLAIN_TYPE.fullmatch(v.name):
        return v.name
    return None


_PLAIN_TYPE = re.compile(r"[A-Za-z_]\w*(\{[\w,{}]*\})?")


def _string(ctx, args):
    """strings/io.jl: `string(xs...) = print_to_string(xs...)`: the print forms, concatenated."""
    parts = [_print_form(a) for a in args]
    return NO if None in parts else "".join(parts)


def _apply_latest(ctx, args):
    """Core's `_apply_latest(f, args)`: `f(args...)` (in the latest world, which is the session's one here)."""
    if len(args) != 2 or type(args[1]) is not tuple:
        return NO
    return ctx.call_value(args[0], list(args[1]))


# Concrete types without parameters (applying parameters to one is Julia's TypeError).
def _apply_type(ctx, args):
    v = apply_type(ctx, args)
    return NO if v is None else v


def _convert_union(ctx, args):
    found, v = convert_union(ctx, args)
    return v if found else NO


def _not_sametype(ctx, args):
    """promotion.jl: `not_sametype(x::T, y::T) = sametype_error(x)`, `not_sametype(x, y) = nothing`: promote's
    check that promotion changed its arguments' types (the error is refused, not built)."""
    if len(args) != 2 or typeof(args[0]) == typeof(args[1]):
        return NO
    return None


def _cconvert(ctx, args):
    """essentials.jl: `cconvert(T, x) = convert(T, x)` for a number type and a number, or a Char to its code
    point (`UInt32(c)`, the argument Base passes to the runtime's character functions)."""
    if len(args) != 2 or type(args[0]) is not JType:
        return NO
    T, x = args[0].name, args[1]
    if T in NUMBER_TYPES and typeof(x) in NUMBER_TYPES:
        return convert_number(T, x)
    if T == "UInt32" and type(x) is JChar:
        try:
            text = x.code.to_bytes(4, "big").rstrip(b"\0").decode("utf-8") or "\0"
        except UnicodeDecodeError:
            return NO  # a malformed Char: Julia's `UInt32(c)` throws, which is not built here
        return convert_number("UInt32", ord(text))
    return NO


def _unsafe_convert(ctx, args):
    """essentials.jl: `unsafe_convert(::Type{T}, x::T) where {T} = x` (a number passed to C as itself)."""
    if len(args) != 2 or type(args[0]) is not JType or typeof(args[1]) != args[0].name:
        return NO
    return args[1] if args[0].name in NUMBER_TYPES else NO


def _ismissing(ctx, args):
    """essentials.jl: `ismissing(x) = x === missing`."""
    return NO if len(args) != 1 else type(args[0]) is JStruct and args[0].type == "Missing" and not args[0].fields


_METHODS = {"convert": _convert_union, "cconvert": _cconvert, "unsafe_convert": _unsafe_convert, "ismissing": _ismissing, "not_sametype": _not_sametype, "oneunit": _zero_one(1), ":": _colon, "iterate": _iterate, "string": _string, "apply_type": _apply_type, "_apply_latest": _apply_latest, "zero": _zero_one(0), "one": _zero_one(1), "afoldl": _afoldl, "fieldtype": _fieldtype,
            **{op: _arith(op) for op in ("+", "-", "*", "/")}}


def fallback(ctx, callee: str, args: list):
    """The value of `callee(args…)` by one of Base's methods above, or `NO`."""
    module, _, name = seen_name(callee).rpartition(".")
    if module.split(".")[0] not in ("", "Main", "Core", "Base"):
        return NO
    if _ARRAY.match(callee) or callee.startswith("Val{"):  # `Array{Int64,2}(undef, m, n)`, `Val{2}()`: a type,
        return construct(callee, args)                      # called
    try:
        T = global_constant(callee)
    except NotInterpretable:  # not a global the interpreter knows, so not a type it can construct
        T = None
    if type(T) is JType:
        return construct(T.name, args)
    v = same_type(name, args)
    if v is not NO:
        return v
    method = _METHODS.get(ALIASES.get(name, name))
    if method is not None:
        return method(ctx, args)
    method = TUPLES.get(ALIASES.get(name, name))
    if name == "=>" and module.startswith("Core.Compiler"):
        method = None  # Core.Compiler's own Pair type, not Base's (a bare `=>` of its code is named so: `run(module=)`)
    v = method(ctx, args) if method is not None else None
    if v is not None:
        return v
    method = PROMOTION.get(ALIASES.get(name, name))
    if method is None or module.startswith("Core.Compiler") and not all(map(_integer_or_type, args)):
        return NO  # Core.Compiler has Base's int.jl and promotion.jl, not float.jl: integers only
    v = method(ctx, args)
    return NO if v is None else v


def preferred(ctx, callee: str, args: list):
    """The value of `callee(args…)` where jlir knows Base's answer exactly but cannot run Base's IR for it, taken
    before the provider's IR; else `NO`.  One such method: `string` of types (`string(Int64)`, a closure's
    `"$T"`) and the `print_to_string` it calls (strings/io.jl), whose IR reaches `show(io, ::DataType)`, which
    walks the `DataType`'s own fields; the name is what it prints (`_print_form`: a plain name as Main prints
    it, nothing qualified or with spaces)."""
    if args and all(type(a) is JType for a in args) and \
            seen_name(callee).rpartition(".")[2] in ("string", "print_to_string"):
        return _string(ctx, args)
    return NO


def _integer_or_type(x) -> bool:
    t = x.name if type(x) is JType else typeof(x)
    return t in INT_TYPES

