"""Pointers into the objects whose memory layout the interpreter models: a String's (its length word, its bytes,
the NUL after them), as Base's IR reaches them: `jl_value_ptr`, `bitcast` to a UInt and back, `add_ptr`,
`pointerref` (the foreigncalls are `jlir.interp.foreign`'s).  A read anywhere else is refused, never guessed.
"""
from __future__ import annotations

import functools

from jlir.semantics.numbers import int_parts, make_int
from jlir.semantics.values import (INT_TYPES, UNINITIALISED, JArray, JPtr, JStringBuf, NotInterpretable, string_text,
                                   typeof)


def ptr_arith(sign: int):
    """`add_ptr`/`sub_ptr`: an address moved by a byte count (an integer operand: Base's own pointer arithmetic)."""
    def f(rt, p, n):
        if type(p) is not JPtr:
            raise NotInterpretable(f"pointer arithmetic on a {typeof(p)}")
        return JPtr(p.obj, p.offset + sign * int_parts(n)[3], p.type)
    return f


_POINTER_READS = {"UInt8": 1, "Int64": 8, "UInt64": 8}


@functools.lru_cache(maxsize=256)
def string_bytes(s: str) -> bytes:
    """A String's bytes (each character's UTF-8; a lone surrogate as Julia keeps invalid data is refused)."""
    try:
        return s.encode("utf-8")
    except UnicodeEncodeError:
        raise NotInterpretable("a String with invalid UTF-8 in it") from None


def string_value(s) -> str:
    """A String's text (`jlir.semantics.values.string_text`): a String being built once each byte is written."""
    return string_text(s)


def read_bytes(p, n: int, what: str) -> list:
    """The `n` bytes (ints) at `p`: inside a String's data (a `str`, or a `JStringBuf`'s written bytes) or a vector
    of UInt8.  Anywhere else is refused."""
    obj = getattr(p, "obj", None)
    if type(p) is JPtr and type(obj) is str:
        data = string_bytes(obj)
        if 8 <= p.offset <= p.offset + n <= 8 + len(data):
            return list(data[p.offset - 8:p.offset - 8 + n])
    elif type(p) is JPtr and type(obj) in (JStringBuf, JArray):
        items, start = _bytes_of(p, n, what)
        span = items[start:start + n]
        if any(b is UNINITIALISED for b in span):
            raise NotInterpretable(f"{what} of bytes never written")
        return [int_parts(b)[3] for b in span]
    raise NotInterpretable(f"{what} of {n} bytes at a {typeof(p)} into a {typeof(obj)}")


def _bytes_of(p, n: int, what: str) -> tuple[list, int]:
    """(the byte list, index of `p`'s byte) of a `JStringBuf` (data after its 8-byte length word) or a UInt8 vector."""
    obj = p.obj
    items, start = (obj.data.items, p.offset - 8) if type(obj) is JStringBuf else (obj.items, p.offset)
    if type(obj) is JArray and obj.eltype != "UInt8" or type(obj) is JStringBuf and len(items) != obj.n:
        raise NotInterpretable(f"{what} in a {typeof(obj)}")
    if not 0 <= start <= start + n <= len(items):
        raise NotInterpretable(f"{what} of {n} bytes at offset {p.offset} of a {typeof(obj)} of {len(items)} bytes")
    return items, start


_UINT8 = tuple(make_int("UInt8", v) for v in range(256))  # one object per byte value (JInt is immutable)
CHUNK = 1 << 20  # bytes written per slice: a long write makes no list of its size, and may be interrupted


def write_bytes(p, values: list, what: str) -> None:
    """Bytes written at `p`, inside a String being built (`JStringBuf`) or a vector of UInt8."""
    if type(p) is not JPtr or type(p.obj) not in (JStringBuf, JArray):
        raise NotInterpretable(f"{what} at a {typeof(p)} into a {typeof(getattr(p, 'obj', None))}")
    items, start = _bytes_of(p, len(values), what)
    for k in range(0, len(values), CHUNK):
        part = values[k:k + CHUNK]
        items[start + k:start + k + len(part)] = [_UINT8[v & 0xFF] for v in part]


def fill_bytes(p, byte: int, n: int, what: str) -> None:
    """`n` copies of `byte` written at `p` (`memset`), as `write_bytes` writes them, a slice at a time."""
    if type(p) is not JPtr or type(p.obj) not in (JStringBuf, JArray):
        raise NotInterpretable(f"{what} at a {typeof(p)} into a {typeof(getattr(p, 'obj', None))}")
    items, start = _bytes_of(p, n, what)
    for k in range(0, n, CHUNK):
        c = min(CHUNK, n - k)
        items[start + k:start + k + c] = [_UINT8[byte & 0xFF]] * c


def pointerset(rt, p, x, i, align):
    """`pointerset(p, x, i, align)` (`unsafe_store!`): element i (1-based) of the `Ptr{T}` p, T the integer type of
    x, written as its bytes, least significant first (every platform Julia 1.5 runs on is little-endian), at byte
    `(i - 1) * sizeof(T)` from `p`, into a String being built or a UInt8 vector.  strings/substring.jl's
    `repeat(c::AbstractChar, r)` stores a 2- or 4-byte character so (`unsafe_store!(p16, u % UInt16, i)`, `u` byte
    swapped first so that the bytes land in UTF-8 order); `string(c::Char)` stores bytes.  Any other store (a
    float, a pointer, a T that is not x's type) is refused."""
    t = typeof(x)
    if type(p) is not JPtr or t not in INT_TYPES or t == "Bool" or p.type != f"Ptr{{{t}}}" and t != "UInt8":
        raise NotInterpretable(f"pointerset of a {t} through a {typeof(p)}")
    _, bits, _, value = int_parts(x)
    size = bits // 8
    unsigned = value & ((1 << bits) - 1)
    data = [(unsigned >> (8 * k)) & 0xFF for k in range(size)]
    write_bytes(JPtr(p.obj, p.offset + (int_parts(i)[3] - 1) * size, p.type), data, "pointerset")
    return p


def _built_string_ref(rt: str, p, i: int, size: int):
    """`pointerref` into a String being built (`JStringBuf`): its length word, or one byte once written (the byte
    read, not the whole String: Base reads a String it built byte by byte, `length(repeat("a", n))`)."""
    buf = p.obj
    at = p.offset + (i - 1) * size
    if at == 0 and size == 8:
        return make_int(rt, buf.n)
    if size == 1 and at == 8 + buf.n:
        return make_int(rt, 0)  # the NUL Julia keeps after a String's bytes
    if size == 1 and 8 <= at < 8 + buf.n and len(buf.data.items) == buf.n:
        b = buf.data.items[at - 8]
        if b is UNINITIALISED:
            raise NotInterpretable("pointerref of a String's byte never written")
        return make_int(rt, int_parts(b)[3])
    raise NotInterpretable(f"pointerref of {rt} at offset {at} of a String of {buf.n} bytes")


def pointerref(rt, p, i, align):
    """`pointerref(p, i, align)`: element i (1-based) of type `rt` at `p`, inside a String: its length (an Int at
    offset 0), its bytes from offset 8, the NUL after them; a byte of a UInt8 vector (`unsafe_write` of an
    `IOBuffer`'s data, which `print` of a Float32 writes through).  Any other object's memory is refused."""
    size = _POINTER_READS.get(rt)
    if type(p) is JPtr and type(p.obj) is JStringBuf and size is not None:
        return _built_string_ref(rt, p, int_parts(i)[3], size)
    if type(p) is JPtr and type(p.obj) is JArray and rt == "UInt8":  # (`read_bytes`: written bytes in bounds only)
        return make_int(rt, read_bytes(JPtr(p.obj, p.offset + int_parts(i)[3] - 1, p.type), 1, "pointerref")[0])
    if type(p) is not JPtr or type(p.obj) is not str or size is None:
        raise NotInterpretable(f"pointerref of {rt} through a {typeof(p)} into a {typeof(getattr(p, 'obj', None))}")
    data = string_bytes(p.obj)
    at = p.offset + (int_parts(i)[3] - 1) * size
    if at == 0 and size == 8:
        return make_int(rt, len(data))
    if size == 1 and 8 <= at <= 8 + len(data):
        return make_int(rt, data[at - 8] if at < 8 + len(data) else 0)
    raise NotInterpretable(f"pointerref of {rt} at offset {at} of a String of {len(data)} bytes")
