"""C strings the runtime hands Base: a Symbol's name (`jl_symbol_name`) read as NUL-terminated bytes (`strlen`,
`jl_cstr_to_string`), as `string(:abc)` and `print(io, :abc)` read it (Julia 1.5.3's strings/io.jl and
symbol.jl: `unsafe_convert(Ptr{UInt8}, s::Symbol)`, `unsafe_string(p)`, `write(io, s::Symbol)`)."""
from __future__ import annotations

from jlir.semantics.numbers import make_int
from jlir.semantics.pointers import string_bytes, string_value
from jlir.semantics.values import JArray, JPtr, JStringBuf, JSymbol, NotInterpretable, typeof

__all__ = ["C_STRINGS"]


def _symbol_name(s):
    """`jl_symbol_name(s)` (`unsafe_convert(Ptr{UInt8}, ::Symbol)`, which `string(:a)` and `print(io, :a)` read):
    the address of the name's NUL-terminated bytes, laid out as a String's data so that the reads that follow
    (`strlen`, `jl_cstr_to_string`, `pointerref`) find its bytes; nothing before them is read through it."""
    if type(s) is not JSymbol:
        raise NotInterpretable(f"jl_symbol_name of a {typeof(s)}")
    return JPtr(s.name, 8, "Ptr{UInt8}")


def _c_string(p) -> bytes:
    """The bytes at `p` up to the first NUL, inside a String's data or a symbol's name (which end in one)."""
    if type(p) is not JPtr or type(p.obj) is not str:
        raise NotInterpretable(f"a C string at a {typeof(p)} (only a String's or a Symbol's bytes are modelled)")
    data = string_bytes(p.obj) + b"\0"
    if not 8 <= p.offset < 8 + len(data):
        raise NotInterpretable(f"a C string at offset {p.offset} of {len(data) - 1} bytes")
    rest = data[p.offset - 8:]
    return rest[:rest.index(0)]


def _strlen(p):
    """C's `strlen` (`write(io, ::Symbol)`): the bytes before the first NUL, a `Csize_t`."""
    return make_int("UInt64", len(_c_string(p)))


def _cstr_to_string(p):
    """`jl_cstr_to_string(p)` (`unsafe_string(::Ptr{UInt8})`): a new String of the bytes before the first NUL."""
    data = _c_string(p)
    return string_value(JStringBuf(JArray("UInt8", [make_int("UInt8", b) for b in data]), len(data)))


C_STRINGS = {"jl_symbol_name": _symbol_name, "strlen": _strlen, "jl_cstr_to_string": _cstr_to_string}
