"""The Julia value model of the interpreter.

The commonest Julia values are plain Python objects, so the hot paths of the
interpreter build no wrappers: `Int64` is `int`, `Float64` is `float`, `Bool`
is `bool`, `Nothing` is `None`, `String` is `str`, a `Tuple` is a `tuple` of
values.  Every other value carries its Julia type: `JInt` (the other integer
widths, the value in the type's own range), `JFloat` (`Float32`, `Float16`,
the value exactly representable in that format), `JChar` (Julia's UInt32
encoding: UTF-8 bytes left-aligned), `JSymbol`, `JType` (a type used as a
value), `JStruct` (a record of a struct or mutable struct), `JArray`,
`JFunction`.  `JInt(5, "Int64")` is accepted wherever a value is taken and
becomes `5` (`normalize`).
"""
from __future__ import annotations

import struct
from dataclasses import dataclass, field

from jlir.ir.errors import JlirError


class NotInterpretable(JlirError):
    """The interpreter cannot run this statement (no semantics for it here); never a wrong answer instead."""


class JuliaException(JlirError):
    """A Julia exception raised by the interpreted code (`DivideError`, `UndefVarError`, a thrown value, …).

    `type_name` is the exception's Julia type, `message` a description, `value`
    the Julia exception object itself (what `the_exception` and `catch err` see).
    """

    def __init__(self, type_name: str, message: str = "", value=None):
        super().__init__(f"{type_name}: {message}" if message else type_name)
        self.type_name = type_name
        self.message = message
        self.value = value if value is not None else JStruct(type_name, (message,) if message else (),
                                                             mutable=False)


# name → (bits, signed) of Julia's primitive integer types (Bool is the 1-bit `i1` of the intrinsics).
INT_TYPES = {"Int8": (8, True), "Int16": (16, True), "Int32": (32, True), "Int64": (64, True),
             "Int128": (128, True), "UInt8": (8, False), "UInt16": (16, False), "UInt32": (32, False),
             "UInt64": (64, False), "UInt128": (128, False), "Bool": (1, False)}
# name → (bits, mantissa bits with the implicit one, minimum normal exponent, maximum exponent)
FLOAT_TYPES = {"Float16": (16, 11, -14, 15), "Float32": (32, 24, -126, 127), "Float64": (64, 53, -1022, 1023)}
# Size in bytes of the primitive types, for `sizeof` and `bitcast`.
PRIMITIVE_BYTES = {**{k: max(1, b // 8) for k, (b, _) in INT_TYPES.items()},
                   **{k: b // 8 for k, (b, *_r) in FLOAT_TYPES.items()}, "Char": 4}


# JInt and JFloat are built on every step of non-Int64 arithmetic: plain slotted classes (a frozen dataclass's
# __init__ costs several times more); treat them as immutable.  `normalize` checks the ones a caller passes in.
@dataclass(slots=True, unsafe_hash=True)
class JInt:
    """An integer of a width other than Int64 (or Int64 itself before `normalize`), in its type's own range."""
    value: int
    type: str


def _check_int(v: JInt) -> None:
    bits, signed = INT_TYPES[v.type]
    if not (-(1 << (bits - 1)) if signed else 0) <= v.value < (1 << (bits - 1) if signed else 1 << bits):
        raise NotInterpretable(f"{v.value} is out of range for {v.type}")


@dataclass(slots=True, unsafe_hash=True)
class JFloat:
    """A Float32 or Float16 value (a Python float exactly representable in that format)."""
    value: float
    type: str


@dataclass(frozen=True, slots=True)
class JChar:
    """A Char in Julia's encoding: the UTF-8 bytes of the character, left-aligned in a UInt32."""
    code: int

    @classmethod
    def of(cls, ch: str) -> "JChar":
        data = ch.encode("utf-8", "surrogatepass")
        return cls(int.from_bytes(data.ljust(4, b"\0"), "big"))


@dataclass(frozen=True, slots=True)
class JSymbol:
    name: str


@dataclass(frozen=True, slots=True)
class JType:
    """A type used as a value (`Int64` in `bitcast(Int64, x)`), by its Julia 1.5 name."""
    name: str


@dataclass(frozen=True, slots=True)
class JFunction:
    """A function used as a value (the `#self#` argument, a callee passed along), by name."""
    name: str


@dataclass(eq=False, slots=True)
class JStruct:
    """A struct or mutable struct built by `%new`: its type name, its field values in order, their names where known.

    Immutable structs compare by content under `===`, mutable ones by identity (`egal`).
    """
    type: str
    fields: tuple | list
    names: tuple | None = None
    mutable: bool = False
    # the module the IR names the type in when it is Base's or Core's (`Base.Fix2`): Base defines how most of
    # its types show (`1:3`, `1 + 2im`), which `repr` does not model, so it refuses them
    module: str | None = None


@dataclass(eq=False, slots=True)
class JArray:
    """A Julia `Array{eltype,N}`: a mutable list of values, column-major; `dims` its size when it is not a vector
    (`(2, 3)` a matrix, `()` a 0-d array), None for a vector (whose length is its list's, as it grows)."""
    eltype: str
    items: list = field(default_factory=list)
    dims: tuple | None = None

    @property
    def ndims(self) -> int:
        return 1 if self.dims is None else len(self.dims)


@dataclass(eq=False, slots=True)
class JStringBuf:
    """A String `jl_alloc_string(n)` made, whose bytes Base's IR writes after (`string(a, b)`, `*`, `repeat`,
    `bin`): `data`, a vector of its n UInt8 bytes, is what `jl_string_to_array` hands out (the same memory, as in
    Julia).  It is a String to `typeof`; read as one (`===`, `repr`, `sizeof`) only once every byte is written
    (`jlir.semantics.pointers.string_value`)."""
    data: JArray
    n: int


@dataclass(frozen=True, slots=True, eq=False)
class JPtr:
    """An address inside a Julia object: `jl_value_ptr(obj)` plus `offset` bytes, as a `Ptr{T}` or the `UInt` it is
    bitcast to (Base's IR turns pointers into UInts and back around `add_ptr`).  Only the objects whose layout
    is modelled are read through one (a String: its length word, then its bytes); anything else is refused."""
    obj: object
    offset: int
    type: str = "Ptr{Nothing}"

    def same(self, other: "JPtr") -> bool:
        return self.obj is other.obj and self.offset == other.offset


def empty_named_tuple() -> "JStruct":
    """`NamedTuple()`, the keywords of a call that passes none (`pairs(NamedTuple())` in every keyword wrapper)."""
    return JStruct("NamedTuple{(),Tuple{}}", (), (), False)


# The value standing for "not assigned" in a register: a slot before its first assignment, a φ's `#undef`.
class _Undef:
    __slots__ = ()

    def __repr__(self):
        return "#undef"


UNDEF = _Undef()


class _Uninitialised:
    """An element of a bits array allocated and never written: Julia's memory there holds whatever was there."""
    __slots__ = ()

    def __repr__(self):
        return "#uninitialised"


UNINITIALISED = _Uninitialised()


def normalize(v):
    """`v` in the interpreter's canonical form (Int64 as int, tuples of canonical values), checked to be a value."""
    t = type(v)
    if t is JInt:
        if v.type not in INT_TYPES:
            raise NotInterpretable(f"{v.type} is not an integer type")
        _check_int(v)
        if v.type == "Int64":
            return v.value
        if v.type == "Bool":
            return bool(v.value)
    if t is JFloat:
        fmt = {"Float64": "<d", "Float32": "<f", "Float16": "<e"}.get(v.type)
        if fmt is None or type(v.value) is not float:
            raise NotInterpretable(f"JFloat({v.value!r}, {v.type!r}) is not a Float16/32/64 value")
        try:
            exact = struct.unpack(fmt, struct.pack(fmt, v.value))[0]
        except OverflowError:
            exact = None
        if not (exact == v.value or (exact != exact and v.value != v.value)):
            raise NotInterpretable(f"{v.value!r} is not a {v.type} value (round it first)")
        return v.value if v.type == "Float64" else v
    if t is tuple:
        return tuple(normalize(x) for x in v)
    if t is list:
        raise NotInterpretable("a Python list is not a Julia value: pass interp.JArray(eltype, items)")
    if t in _TYPEOF or t in (JInt, JFloat, tuple, JStruct, JArray):
        return v
    raise NotInterpretable(f"{t.__name__} is not a Julia value of the interpreter's model")


_TYPEOF = {int: "Int64", float: "Float64", bool: "Bool", type(None): "Nothing", str: "String",
           JChar: "Char", JSymbol: "Symbol", JType: "DataType", JFunction: "Function", JStringBuf: "String"}


def typeof(v) -> str:
    """Julia's `typeof(v)`, spelled as Julia 1.5 prints it (`Tuple{Int64,Float64}`, `Array{Float64,1}`)."""
    t = type(v)
    name = _TYPEOF.get(t)
    if name is not None:
        return name
    if t is JInt or t is JFloat or t is JStruct:
        return v.type
    if t is tuple:
        params = [typeof(x) for x in v]
        if len(params) > 3 and len(set(params)) == 1:   # as Julia 1.5 shows a homogeneous tuple type of 4 or more
            return f"NTuple{{{len(params)},{params[0]}}}"
        return "Tuple{" + ",".join(params) + "}"
    if t is JArray:
        return f"Array{{{v.eltype},{v.ndims}}}"
    if t is JPtr:
        return v.type
    if t is JuliaException:
        return v.type_name
    raise NotInterpretable(f"typeof of a {t.__name__}")


# The abstract types of the number tower and the character and string roots, each with its declared supertype
# (boot.jl, number.jl); and each type `isa` and `<:` know, with all its supertypes, itself included.
_ABSTRACT_PARENT = {"Signed": "Integer", "Unsigned": "Integer", "Integer": "Real", "AbstractFloat": "Real",
                    "Real": "Number", "Number": "Any", "AbstractChar": "Any", "AbstractString": "Any"}


def _up(t: str) -> set:
    return {t} | (_up(_ABSTRACT_PARENT[t]) if t in _ABSTRACT_PARENT else {"Any"})


_PARENT = {**{n: "Signed" if s else "Unsigned" for n, (_, s) in INT_TYPES.items()}, "Bool": "Integer",
           **{n: "AbstractFloat" for n in FLOAT_TYPES}, "Char": "AbstractChar", "String": "AbstractString"}
_SUPERTYPES = {n: {n} | _up(p) for n, p in _PARENT.items()} | {"Nothing": {"Nothing", "Any"},
                                                                 "Symbol": {"Symbol", "Any"}}
_SUPERTYPES |= {n: _up(n) for n in (*_ABSTRACT_PARENT, "Any")}
# Core's exception types (all concrete subtypes of Exception), as the builtins know them.
_EXCEPTION_TYPES = frozenset({"ErrorException", "ArgumentError", "DivideError", "OverflowError", "BoundsError",
                              "InexactError", "UndefVarError", "DomainError", "KeyError", "AssertionError",
                              "TypeError"})


# Concrete types the interpreter can name: a value of another type is not one of them.
_CONCRETE = frozenset(INT_TYPES) | frozenset(FLOAT_TYPES) | {"Char", "String", "Nothing", "Symbol", "DataType"}


def isa(v, type_name: str) -> bool:
    """Julia's `isa(v, T)` for T a concrete type, a type of the number tower, a small `Union{…}` or `Any`;
    `NotInterpretable` where the answer needs Julia's subtyping (an abstract type of a struct, parameters)."""
    t = typeof(v)
    if type_name == t or type_name == "Any":
        return True
    if type_name.startswith("Union{") and type_name.endswith("}"):
        return any(isa(v, m) for m in split_params(type_name[6:-1]))
    if t in _SUPERTYPES:
        return subtype(t, type_name)
    if type_name == "Exception" and type(v) is JStruct and v.type in _EXCEPTION_TYPES:
        return True
    if type_name in _CONCRETE or type_name in _EXCEPTION_TYPES:
        return False
    found = _isa_parametric(v, t, type_name)
    if found is not None:
        return found
    raise NotInterpretable(f"isa({t}, {type_name}) needs Julia's subtyping")


def subtype(a: str, b: str) -> bool:
    """Julia's `a <: b` (Core's builtin `<:`, jl_subtype) where `a` is a type of the number tower, `Char`,
    `String`, `Nothing` or `Symbol` (concrete or abstract: every supertype of those is known, boot.jl and
    number.jl declare them), `b` any type name; a `Union{…}` on either side is each member's.  Anything else
    needs Julia's subtyping: `NotInterpretable`."""
    if a == b or b == "Any":
        return True
    if a.startswith("Union{") and a.endswith("}"):
        return all(subtype(m, b) for m in split_params(a[6:-1]))
    if b.startswith("Union{") and b.endswith("}"):
        return any(subtype(a, m) for m in split_params(b[6:-1]))
    if a not in _SUPERTYPES:
        raise NotInterpretable(f"{a} <: {b} needs Julia's subtyping")
    return b in _SUPERTYPES[a]


def _isa_parametric(v, t: str, type_name: str) -> bool | None:
    """Three rules of Julia's subtyping (subtype.c, jltypes.c): tuple types are covariant, `Tuple{A,B} <: Tuple{P,Q}` where
    `A <: P` and `B <: Q` (so a tuple value is of `Tuple{P,Q}` where each element is of its parameter; a
    `Vararg` parameter is not taken), and `T{A,B} <: T` (`T` alone, the UnionAll of every `T{…}`: a
    `Base.Generator{Array{Int64,1},F}` is a `Base.Generator`); a `Type` is an instance of a kind (`DataType`,
    `UnionAll`, `Union`, `TypeofBottom`), no other value; an array is of its supertypes (`_array_supertypes`).
    None where no rule answers."""
    if type(v) is tuple and type_name.startswith("Tuple{") and type_name.endswith("}"):
        params = split_params(type_name[6:-1])
        if any(p.startswith("Vararg") or p.startswith("NTuple") for p in params):
            return None
        return len(params) == len(v) and all(isa(x, p) for x, p in zip(v, params))
    if type(v) is JStruct and "{" in t and t.split("{", 1)[0] == type_name:
        return True
    if type(v) is JArray:  # boot.jl: `Array{T,N} <: DenseArray{T,N} <: AbstractArray{T,N}`, each invariant
        name = type_name.removeprefix("Core.").removeprefix("Main.")  # (Main's view of Core's names)
        if name in _array_supertypes(v):
            return True
        head, _, rest = name.partition("{")
        if head in ("Array", "DenseArray", "AbstractArray") and rest.endswith("}") and " where " not in rest \
                and "<:" not in rest and len(split_params(rest[:-1])) == 2:
            return False  # the same type with other parameters (`AbstractArray{Float64,1}`)
    if type_name == "Type" and t not in ("DataType", "UnionAll", "Union", "Core.TypeofBottom"):
        return False  # only the kinds' instances are types (a closure is not: `_collect`'s `isa(f, Type)`)
    return None


def _array_supertypes(a) -> tuple:
    """The supertypes of an array's type as a type's print names them (`Array{Int64,1}` is a `DenseArray{Int64,1}`,
    an `AbstractArray{Int64,1}`, and of each UnionAll `Array`, `DenseArray`, `AbstractArray`)."""
    params = f"{{{a.eltype},{a.ndims}}}"
    return ("Array", "DenseArray", "AbstractArray", "DenseArray" + params, "AbstractArray" + params)


def split_params(text: str) -> list[str]:
    """The comma-separated parameters of a curly type, nested braces kept together."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append(text[start:i])
            start = i + 1
    out.append(text[start:])
    return [p.strip() for p in out if p.strip()]


def egal(a, b) -> bool:
    """Julia's `===`: same type and same bits; mutable structs and arrays by identity; NaNs by their bits."""
    ta, tb = type(a), type(b)
    if ta is JStringBuf or tb is JStringBuf:  # strings are === by content
        if a is b:
            return True
        return ta in (str, JStringBuf) and tb in (str, JStringBuf) and string_text(a) == string_text(b)
    if ta is not tb:
        return False
    if ta is int or ta is bool:
        return a == b
    if ta is float:
        return a == b and (a != 0.0 or str(a) == str(b)) or (a != a and b != b and _f64_bits(a) == _f64_bits(b))
    if ta is JFloat:
        return a.type == b.type and egal(a.value, b.value)
    if ta is tuple:
        return len(a) == len(b) and all(egal(x, y) for x, y in zip(a, b))
    if ta is JStruct:
        if a is b:
            return True
        if a.mutable is None or b.mutable is None:
            raise NotInterpretable(f"=== on {a.type} values, whose mutability the IR does not show")
        if a.mutable or b.mutable:
            return False
        return a.type == b.type and len(a.fields) == len(b.fields) and all(
            egal(x, y) for x, y in zip(a.fields, b.fields))
    if ta is JArray:
        return a is b
    if ta is JPtr:
        return a.same(b)
    return a == b


def string_text(s) -> str:
    """A String's text: a `str` itself, a `JStringBuf` once each of its bytes is written and they are UTF-8
    (Julia keeps invalid data in a String; the model does not: refused), never a guess at unwritten memory."""
    if type(s) is str:
        return s
    items = s.data.items
    if len(items) != s.n or any(b is UNINITIALISED for b in items):
        raise NotInterpretable("a String read before each of its bytes is written")
    try:
        return bytes(b.value if type(b) is JInt else int(b) for b in items).decode("utf-8")
    except UnicodeDecodeError:
        raise NotInterpretable("a String with invalid UTF-8 in it") from None


def _f64_bits(x: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", x))[0]
