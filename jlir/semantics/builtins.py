"""Julia's builtin functions the interpreter runs natively, in one table (`BUILTINS`) shaped like the intrinsics.

Each entry is `f(rt, *args)` and pure apart from `setfield!`/`arrayset`, which
mutate their (mutable) argument as Julia does.  Errors are Julia's:
`BoundsError`, `TypeError` (a non-Bool condition), a `throw`n value.
"""
from __future__ import annotations

from jlir.semantics.values import (subtype, INT_TYPES, PRIMITIVE_BYTES, UNDEF, UNINITIALISED, JArray, JInt, JFunction, JStringBuf, JStruct, JSymbol, JType, JuliaException,
                                NotInterpretable, egal, isa, typeof)
from jlir.semantics.base_globals import function_of
from jlir.semantics.names import var_quoted
from jlir.semantics.numbers import fits, make_int

# Exception types of Core whose fields the interpreter knows (name → field names); all immutable.
KNOWN_STRUCTS = {"ErrorException": ("msg",), "ArgumentError": ("msg",), "DivideError": (), "OverflowError": ("msg",),
                 "BoundsError": ("a", "i"), "InexactError": ("func", "T", "val"), "UndefVarError": ("var",),
                 "DomainError": ("val", "msg"), "KeyError": ("key",), "AssertionError": ("msg",),
                 "TypeError": ("func", "context", "expected", "got")}
# Mutable structs of Core: (field names, mutable).  `Core.Box` is how lowering shares a variable a closure reassigns.
MUTABLE_STRUCTS = {"Core.Box": (("contents",), True)}


def exception_of(value) -> JuliaException:
    """The Python exception carrying a thrown Julia value."""
    t = typeof(value)
    msg = ""
    if type(value) is JStruct and value.fields and type(value.fields[0]) is str:
        msg = value.fields[0]
    return JuliaException(t, msg, value)


def _throw(rt, x):
    raise exception_of(x)


def _bounds_error(a, i):
    return JuliaException("BoundsError", f"attempt to access {typeof(a)} at index [{i}]", JStruct("BoundsError", (a, i),
                                                                                                   ("a", "i")))


def _field_index(x, name) -> int:
    """The 0-based index of field `name` (a Symbol or a 1-based Int) of struct or tuple `x`."""
    if type(x) is not JStruct and type(x) is not tuple:
        # most often an argument that is not what the method takes (one value where a keyword body wants its
        # NamedTuple of keywords first): say what was read, and of what
        raise NotInterpretable(f"getfield of field {_shown(name)} of a {typeof(x)}, which has no fields "
                               "(are the arguments the ones the method takes, in its order?)")
    if type(name) is int:
        n = len(x.fields) if type(x) is JStruct else len(x)
        if not 1 <= name <= n:
            raise _bounds_error(x, name)
        return name - 1
    if type(name) is JSymbol and type(x) is JStruct:
        names = x.names if x.names is not None else KNOWN_STRUCTS.get(x.type)
        if names is None:
            raise NotInterpretable(f"the field names of {x.type} are not known (pass JStruct(…, names=…))")
        if name.name not in names:
            raise JuliaException("ErrorException", f"type {x.type} has no field {name.name}")
        return names.index(name.name)
    raise NotInterpretable(f"getfield of {typeof(x)} by {typeof(name)}")


def _shown(name) -> str:
    return f":{name.name}" if type(name) is JSymbol else str(name)


# Types that are no bits type, whatever their parameters (`isbitstype` is false): abstract, mutable, or holding
# references.
_NOT_BITS = frozenset({"Any", "Number", "Real", "Integer", "Signed", "Unsigned", "AbstractFloat", "AbstractChar",
                       "AbstractString", "String", "Symbol", "DataType", "Function", "Type", "Union", "Array", "Core.Box",
                       "Exception", "Module", "UnionAll"})


def _isbitstype(name: str):
    """A type's `isbitstype` field as Julia's runtime sets it: a primitive number, Char, Bool, the singletons
    Nothing and Missing, a tuple of such; false for the types of `_NOT_BITS`; None where the model cannot tell
    (a struct's fields)."""
    from jlir.semantics.values import FLOAT_TYPES, INT_TYPES, split_params
    if name in INT_TYPES or name in FLOAT_TYPES or name in ("Char", "Nothing", "Missing"):
        return True
    if name.split("{")[0] in _NOT_BITS:
        return False
    if name.startswith("Tuple{") and name.endswith("}"):
        members = [_isbitstype(p) for p in split_params(name[6:-1])]
        return None if None in members or any("Vararg" in p for p in split_params(name[6:-1])) else all(members)
    return None


def _datatype_field(t, name):
    """`getfield(T::DataType, f)`: of a type's fields, `isbitstype` (Base's `isbitstype(T) = T.isbitstype`)."""
    if type(name) is JSymbol and name.name == "isbitstype":
        v = _isbitstype(t.name)
        if v is not None:
            return v
    raise NotInterpretable(f"getfield of field {_shown(name)} of the type {t.name} (a DataType's fields are not "
                           "modelled but `isbitstype`)")


def _getfield(rt, x, name, boundscheck=True):
    if type(x) is JType:
        return _datatype_field(x, name)
    i = _field_index(x, name)
    if type(x) is not JStruct:
        return _as_inferred(x[i], rt)
    v = x.fields[i]
    if v is UNDEF:  # a field `%new` left unset (a `Core.Box()` before its first assignment)
        raise JuliaException("UndefRefError", "access to undefined reference", JStruct("UndefRefError", (), ()))
    return _as_inferred(v, rt)


def _as_inferred(v, rt):
    """Field value `v` as the integer type `rt` Julia's inference gave the read: the value's type is always a
    subtype of the inferred one, so an Int64 where `rt` is another integer type was a literal printed without its
    type (`Core.tuple(100, 5)::Const((100, 5), false)` of Int32s, read as Int64s): it is that type's.  Any other
    mismatch is refused, never computed with."""
    if rt not in INT_TYPES or rt == "Bool" or type(v) not in (int, JInt):
        return v
    vt = v.type if type(v) is JInt else "Int64"
    if vt == rt:
        return v
    if type(v) is int and fits(rt, v):
        return make_int(rt, v)
    raise NotInterpretable(f"a field read as {vt} where Julia inferred {rt}")


def _isdefined(rt, x, name):
    """Core's `isdefined(x, field)`: whether the field holds a value (a mutable struct's may not yet)."""
    if type(x) is JType:
        raise NotInterpretable("isdefined of a module or type")
    if type(x) is tuple:
        return type(name) is int and 1 <= name <= len(x)
    if type(x) is not JStruct:
        raise NotInterpretable(f"isdefined of a {typeof(x)}")
    if type(name) is int:
        return 1 <= name <= len(x.fields) and x.fields[name - 1] is not UNDEF
    names = x.names if x.names is not None else KNOWN_STRUCTS.get(x.type)
    if type(name) is not JSymbol or names is None:
        raise NotInterpretable(f"isdefined of {x.type} by {typeof(name)}")
    return name.name in names and x.fields[names.index(name.name)] is not UNDEF


def _setfield(rt, x, name, v):
    if type(x) is not JStruct or x.mutable is False:
        raise JuliaException("ErrorException", f"setfield! immutable struct of type {typeof(x)} cannot be changed")
    i = _field_index(x, name)
    if type(x.fields) is tuple:
        x.fields = list(x.fields)
    x.fields[i] = v
    return v


def _isa(rt, x, T):
    if type(T) is not JType:
        raise NotInterpretable(f"isa with a {typeof(T)} as the type")
    if T.name.startswith("typeof(") and T.name.endswith(")"):
        return _is_the_function(x, T.name[7:-1])
    return isa(x, T.name)


def _subtype(rt, a, b):
    """Core's `<:` (`T <: Base.Signed` of a static parameter in lowered code): both types (`jlir.semantics.values.subtype`)."""
    if type(a) is not JType or type(b) is not JType:
        raise JuliaException("TypeError", f"in <:, expected Type, got {typeof(b if type(a) is JType else a)}")
    return subtype(a.name, b.name)


def _is_the_function(x, name: str) -> bool:
    """`isa(x, typeof(f))`: a function's type is a singleton, whose one instance is `f` (Base.Sort's `ord` asks
    `isa(lt, typeof(isless))`); the function Base or Core binds by that name, else refused."""
    f = function_of(name)
    if f is None:
        raise NotInterpretable(f"isa(…, typeof({name})): not a function of Base's or Core's")
    return type(x) is JFunction and function_of(x.name) == f


def _ifelse(rt, c, a, b):
    if type(c) is not bool:
        raise JuliaException("TypeError", f"non-boolean ({typeof(c)}) used in boolean context")
    return a if c else b


def _array(a) -> JArray:
    if type(a) is not JArray:
        raise NotInterpretable(f"an array builtin on a {typeof(a)}")
    return a


def _element(a, idx: tuple, what: str) -> tuple[list, int]:
    """The items of array `a` and the 0-based position of Julia index `idx` in them (BoundsError as Julia's):
    one linear index, or one index per dimension (column-major), each within its dimension."""
    items = _array(a).items
    if len(idx) == 1:
        i = idx[0]
        if not 1 <= i <= len(items):
            raise _bounds_error(a, i)
        return items, i - 1
    dims = a.dims
    if dims is None or len(idx) != len(dims) or any(type(i) is not int for i in idx):
        raise NotInterpretable(f"{what} of a {typeof(a)} with {len(idx)} indices")
    if not all(1 <= i <= d for i, d in zip(idx, dims)):
        raise _bounds_error(a, idx)
    k, stride = 0, 1
    for i, d in zip(idx, dims):
        k += (i - 1) * stride
        stride *= d
    return items, k


def _arrayref(rt, boundscheck, a, *idx):
    items, k = _element(a, idx, "arrayref")
    v = items[k]
    if v is UNDEF or v is UNINITIALISED:
        if v is UNDEF:
            raise JuliaException("UndefRefError", "access to undefined reference", JStruct("UndefRefError", (), ()))
        raise NotInterpretable("reading an array element never written (Julia's memory there is uninitialised)")
    return v


def _arrayset(rt, boundscheck, a, v, *idx):
    items, k = _element(a, idx, "arrayset")
    items[k] = v
    return a


def _arraysize(rt, a, d):
    a = _array(a)
    if type(d) is not int or d < 1:
        raise NotInterpretable(f"arraysize of dimension {d!r}")
    if a.dims is None:
        return len(a.items) if d == 1 else 1
    return a.dims[d - 1] if d <= len(a.dims) else 1


def _sizeof(rt, x):
    if type(x) is JType and x.name in PRIMITIVE_BYTES:
        return PRIMITIVE_BYTES[x.name]
    if type(x) is str:
        return len(x.encode("utf-8"))
    if type(x) is JStringBuf:  # a String being built: its length is fixed when allocated
        return x.n
    t = typeof(x)
    if t in PRIMITIVE_BYTES:
        return PRIMITIVE_BYTES[t]
    if type(x) is JArray and x.eltype in PRIMITIVE_BYTES:  # `jl_array_len(a) * a->elsize` (builtins.c's sizeof)
        return len(x.items) * PRIMITIVE_BYTES[x.eltype]
    raise NotInterpretable(f"sizeof a {t}")


def _typeassert(rt, x, T):
    if type(T) is not JType:
        raise NotInterpretable("typeassert with a non-type")
    if not isa(x, T.name):
        raise JuliaException("TypeError", f"in typeassert, expected {T.name}, got a value of type {typeof(x)}")
    return x


def _nfields(rt, x):
    return len(x.fields) if type(x) is JStruct else len(x) if type(x) is tuple else 0


def _kwfunc(rt, f):
    """`Core.kwfunc(f)`: the function's keyword sorter, the singleton `var"#f##kw"` (of f's module: `Base.string`'s
    is `Base.var"#string##kw"`, a program module's `Main.Gen44.var"#kw1_44##kw"`, each its own type, as `typeof`
    shows it from Main) that a keyword call calls with the keywords' NamedTuple, f, and the arguments."""
    if type(f) is not JFunction:
        raise NotInterpretable(f"Core.kwfunc of a {typeof(f)}")
    module, _, name = f.name.rpartition(".")
    module = module if module not in ("", "Main") else None
    return JStruct(var_quoted(f"#{name}##kw"), (), (), False, module)


BUILTINS = {
    "kwfunc": _kwfunc,
    "===": lambda rt, a, b: egal(a, b),
    "!==": lambda rt, a, b: not egal(a, b),
    "isa": _isa,
    "<:": _subtype,
    "typeof": lambda rt, x: JType(typeof(x)),
    "tuple": lambda rt, *xs: xs,
    "getfield": _getfield,
    "setfield!": _setfield,
    "isdefined": _isdefined,
    "ifelse": _ifelse,
    "throw": _throw,
    "arrayref": _arrayref,
    "arrayset": _arrayset,
    "arraysize": _arraysize,
    "sizeof": _sizeof,
    "typeassert": _typeassert,
    "nfields": _nfields,
}
