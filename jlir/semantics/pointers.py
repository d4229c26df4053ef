"""Pointers into the objects whose memory layout the interpreter models: a String's (its length word, its bytes,
the NUL after them), as Base's IR reaches them: `jl_value_ptr`, `bitcast` to a UInt and back, `add_ptr`,
`pointerref` (the foreigncalls are `jlir.interp.foreign`'s).  A read anywhere else is refused, never guessed.
"""
from __future__ import annotations

import functools

from jlir.semantics.numbers import int_parts, make_int
from jlir.semantics.values import JPtr, NotInterpretable, typeof


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


def pointerref(rt, p, i, align):
    """`pointerref(p, i, align)`: element i (1-based) of type `rt` at `p`, inside a String: its length (an Int at
    offset 0), its bytes from offset 8, the NUL after them.  Any other object's memory is refused."""
    size = _POINTER_READS.get(rt)
    if type(p) is not JPtr or type(p.obj) is not str or size is None:
        raise NotInterpretable(f"pointerref of {rt} through a {typeof(p)} into a {typeof(getattr(p, 'obj', None))}")
    data = string_bytes(p.obj)
    at = p.offset + (int_parts(i)[3] - 1) * size
    if at == 0 and size == 8:
        return make_int(rt, len(data))
    if size == 1 and 8 <= at <= 8 + len(data):
        return make_int(rt, data[at - 8] if at < 8 + len(data) else 0)
    raise NotInterpretable(f"pointerref of {rt} at offset {at} of a String of {len(data)} bytes")
