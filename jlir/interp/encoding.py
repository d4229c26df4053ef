"""The `Type:raw` text form of values that Julia writes for the interpreter's checks (`scripts/gen/gen_interp_data.jl`,
and `JlirLive.encode_value` in jlir/live/jlir.jl for the arguments of the calls recorded in `runs.tsv`).

Integers are written in decimal, floats by their bits in hex (`Float64:0x3ff0000000000000`),
Char by its UInt32 code, types by name, a String by its bytes in hex, vectors as `Array{T,1}:raw,raw,…`,
`nothing` as `Nothing:`.
"""
from __future__ import annotations

from jlir.semantics.numbers import float_from_bits, make_int
from jlir.semantics.values import FLOAT_TYPES, INT_TYPES, JArray, JChar, JSymbol, JType, NotInterpretable


def decode_raw(type_name: str, raw: str):
    """The value of type `type_name` written as `raw`."""
    if type_name == "Bool":
        return raw == "true"
    if type_name in INT_TYPES:
        return make_int(type_name, int(raw))
    if type_name in FLOAT_TYPES:
        return float_from_bits(type_name, int(raw, 16))
    if type_name == "Char":
        return JChar(int(raw))
    if type_name == "Type":
        return JType(raw)
    if type_name == "Symbol":
        return JSymbol(raw)
    if type_name == "Nothing":
        return None
    if type_name == "String":  # its bytes in hex (valid UTF-8: other bytes are refused)
        try:
            return bytes.fromhex(raw).decode("utf-8")
        except UnicodeDecodeError:
            raise NotInterpretable("a String argument that is not valid UTF-8") from None
    if type_name.startswith("Array{") and type_name.endswith(",1}"):
        eltype = type_name[6:-3]
        return JArray(eltype, [decode_raw(eltype, r) for r in raw.split(",")] if raw else [])
    raise NotInterpretable(f"no text form for values of type {type_name}")


def decode(text: str):
    """The value written as `Type:raw`."""
    type_name, _, raw = text.partition(":")
    return decode_raw(type_name, raw)
