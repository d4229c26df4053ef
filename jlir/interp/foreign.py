"""`foreigncall`s the interpreter runs: the C functions of Julia's runtime behind Base's arrays, and `llvm.pow`.

Julia 1.5 `$(Expr(:foreigncall, name, rettype, svec(argtypes…), nreq, cconv, args…, roots…))`: the first
`len(argtypes)` values after the calling convention are the arguments (the rest are GC roots).  Modelled:

* `jl_alloc_array_1d(Array{T,1}, n)`, `jl_alloc_array_2d/3d(Array{T,N}, m, n…)`, `jl_new_array(Array{T,N},
  dims)`: an array of that size (column-major), its elements not yet written (a 0-d array: one element).
  For a bits `T` Julia's memory there is uninitialised (whatever was there before), so reading such an element
  is refused; for other `T` it is `#undef`, which `arrayref` reports as Julia's `UndefRefError`.
* `jl_array_grow_end/beg(a, n)`, `jl_array_del_end/beg(a, n)`, `jl_array_grow_at/del_at(a, i, n)` (0-based
  `i`), `jl_array_sizehint` (no visible effect): array.jl's `push!`, `pop!`, `resize!`, `insert!`, `deleteat!`.
* `llvm.pow.f64`/`llvm.pow.f32` where the result is exact (then every libm returns it) or a special case C99
  fixes (NaN, ±Inf, ±0 operands); a rounded result depends on the libm LLVM calls: refused.

* Strings' memory: `jl_value_ptr` of a String is an address into it (`JPtr`), which Base's IR moves with
  `add_ptr` and reads with `pointerref` (its length word, its bytes); `memcmp` and `u8_isvalid` read those bytes.

* Vectors of bits elements: `jl_array_ptr` is the address of the first element; `memset` (one-byte elements)
  and `memmove`/`memcpy` (between vectors of one element type) act on whole elements.

* Characters: `utf8proc_category`, `utf8proc_charwidth`, `utf8proc_tolower/toupper/totitle` and
  `jl_id_start_char`/`jl_id_char` of a code point, from Julia 1.5.3's own table (`jlir.semantics.unicode`).

* Building strings: `jl_alloc_string` (a `JStringBuf`, its bytes unwritten), written through `pointerset`,
  `memmove`, `memset` or the vector `jl_string_to_array` wraps around it; `jl_array_to_string` (the vector's
  bytes, the vector left empty), `jl_pchar_to_string`.  A String is read only once each of its bytes is written.

Everything else (other objects' memory, libm) stays refused by name.
"""
from __future__ import annotations

import math
from fractions import Fraction

from jlir.interp.cstrings import C_STRINGS
from jlir.interp.limits import check_allocation
from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.semantics.pointers import CHUNK
from jlir.semantics.pointers import fill_bytes, read_bytes, string_value, write_bytes
from jlir.semantics.numbers import int_parts, make_float, make_int
from jlir.semantics.unicode import answer
from jlir.semantics.values import (PRIMITIVE_BYTES, UNDEF, UNINITIALISED, JArray, JChar, JFloat, JPtr, JStringBuf,
                                   JStruct, JType, JuliaException, NotInterpretable, typeof)

# element types whose arrays hold the values inline (uninitialised memory when allocated)
_BITS = frozenset(("Int8", "Int16", "Int32", "Int64", "Int128", "UInt8", "UInt16", "UInt32", "UInt64", "UInt128",
                   "Float16", "Float32", "Float64", "Bool", "Char"))


def _array_type(T) -> tuple[str, int]:
    """(element type, N) of the type `Array{T,N}` (a concrete N)."""
    if type(T) is JType and T.name.startswith("Array{") and T.name.endswith("}"):
        eltype, _, n = T.name[6:-1].rpartition(",")
        if n.isdigit() and eltype:
            return eltype, int(n)
    raise NotInterpretable(f"an array of type {T!r}")


def _vector_type(T) -> str:
    eltype, n = _array_type(T)
    if n != 1:
        raise NotInterpretable(f"an array of type {T!r} where a vector is made")
    return eltype


def _fresh(eltype: str, n: int, dims=None) -> list:
    if type(n) is not int:
        raise NotInterpretable(f"an array of {n!r} elements")
    check_allocation(n, PRIMITIVE_BYTES.get(eltype, 8), dims)
    return _filled(UNINITIALISED if eltype in _BITS else UNDEF, n)


def _filled(v, n: int) -> list:
    """`[v] * n`, built a chunk at a time: one list of 10^8 elements is seconds of one C call, which the run's
    watcher (`--timeout`, `--max-memory`) cannot interrupt."""
    if n <= CHUNK:
        return [v] * n
    items = [v] * CHUNK
    while len(items) < n:
        items += [v] * min(CHUNK, n - len(items))
    return items


def _alloc_1d(T, n):
    eltype = _vector_type(T)
    return JArray(eltype, _fresh(eltype, _size(n)))


def _alloc_nd(T, *sizes):
    """An N-d array (`jl_alloc_array_2d/3d`, `jl_new_array`): its elements unwritten, `dims` its size."""
    eltype, n = _array_type(T)
    if len(sizes) != n:
        raise NotInterpretable(f"an Array{{{eltype},{n}}} of {len(sizes)} dimensions")
    dims = tuple(_size(d) for d in sizes)
    if n == 1:
        return JArray(eltype, _fresh(eltype, dims[0]))
    total = 1
    for d in dims:
        total *= d
    return JArray(eltype, _fresh(eltype, total, dims), dims)


def _new_array(T, dims):
    if type(dims) is not tuple:
        raise NotInterpretable(f"jl_new_array with dimensions {dims!r}")
    return _alloc_nd(T, *dims)


def _vector(a) -> JArray:
    """A vector (growing, shrinking: Julia's runtime refuses these on other arrays, as does the interpreter)."""
    if type(a) is not JArray or a.dims is not None:
        raise NotInterpretable(f"an array function on a {typeof(a)}")
    return a


def _array(a) -> JArray:
    if type(a) is not JArray:
        raise NotInterpretable(f"an array function on a {typeof(a)}")
    return a


def _size(n) -> int:
    """A dimension as the runtime takes it (a `size_t`: a negative one is `invalid Array dimensions`)."""
    v = n.value if hasattr(n, "value") else n
    if type(v) is not int:
        raise NotInterpretable(f"an array dimension of {n!r}")
    return v


def _count(n) -> int:
    v = n.value if hasattr(n, "value") else n
    if type(v) is not int or v < 0:
        raise NotInterpretable(f"a count of {n!r}")
    return v


def _bounds(a, n):
    return JuliaException("BoundsError", f"attempt to access {typeof(a)}", JStruct("BoundsError", (a, n), ("a", "i")))


def _grow_end(a, n):
    a = _vector(a)
    a.items.extend(_fresh(a.eltype, _count(n)))


def _grow_beg(a, n):
    a = _vector(a)
    a.items[0:0] = _fresh(a.eltype, _count(n))


def _del_end(a, n):
    a, n = _vector(a), _count(n)
    if n > len(a.items):
        raise _bounds(a, n)
    del a.items[len(a.items) - n:]


def _del_beg(a, n):
    a, n = _vector(a), _count(n)
    if n > len(a.items):
        raise _bounds(a, n)
    del a.items[:n]


def _grow_at(a, i, n):
    a, i, n = _vector(a), _count(i), _count(n)
    if i > len(a.items):
        raise _bounds(a, i + 1)
    a.items[i:i] = _fresh(a.eltype, n)


def _del_at(a, i, n):
    a, i, n = _vector(a), _count(i), _count(n)
    if i + n > len(a.items):
        raise _bounds(a, i + n)
    del a.items[i:i + n]


def _sizehint(a, n):
    _vector(a)


def _pow(rt: str):
    def pow_(x, y):
        fx, fy = (x.value if type(x) is JFloat else x), (y.value if type(y) is JFloat else y)
        if type(fx) is not float or type(fy) is not float:
            raise NotInterpretable("llvm.pow of non-floats")
        try:
            r = math.pow(fx, fy)
        except (ValueError, OverflowError):
            raise NotInterpretable(f"llvm.pow({fx!r}, {fy!r}): a domain or range error C reports differently")
        special = not (math.isfinite(fx) and math.isfinite(fy)) or fx == 0.0 or fy == 0.0 or not math.isfinite(r)
        if not special and not _exact(fx, fy, r):
            raise NotInterpretable(f"llvm.pow({fx!r}, {fy!r}): a rounded result, which depends on the libm")
        if rt == "Float32":
            r32 = make_float("Float32", r)
            if r32.value != r and math.isfinite(r):
                raise NotInterpretable(f"llvm.pow.f32({fx!r}, {fy!r}): a rounded result")
            return r32
        return r
    return pow_


def _exact(x: float, y: float, r: float) -> bool:
    """Whether `r` is x^y exactly (an integer power, or a square root, whose exact value is a float)."""
    if y == int(y) and abs(y) <= 64:
        return Fraction(x) ** int(y) == Fraction(r)
    if y == 0.5:
        return r >= 0 and Fraction(r) ** 2 == Fraction(x)
    return False


def _value_ptr(x):
    """`jl_value_ptr(x)`: the address of a String (whose layout `pointerref` reads); other objects are refused."""
    if type(x) is not str and type(x) is not JStringBuf:
        raise NotInterpretable(f"jl_value_ptr of a {typeof(x)} (only a String's memory is modelled)")
    return JPtr(x, 0)


def _string_span(p, n: int) -> bytes:
    """`n` bytes at `p`, inside a String's data (or a UInt8 vector's)."""
    return bytes(read_bytes(p, n, "a read"))


def _alloc_string(n):
    """`jl_alloc_string(n)` (`_string_n`): a String of n bytes, none written yet."""
    n = _count(n)
    check_allocation(n, 1)
    return JStringBuf(JArray("UInt8", _filled(UNINITIALISED, n)), n)


def _string_to_array(s):
    """`jl_string_to_array(s)` (`unsafe_wrap(Vector{UInt8}, s)`, `StringVector`): a vector on the String's own
    bytes.  Only a String being built is modelled (writing into another would change an immutable value)."""
    if type(s) is not JStringBuf:
        raise NotInterpretable(f"jl_string_to_array of a {typeof(s)} (only a String being built)")
    return s.data


def _array_to_string(a):
    """`jl_array_to_string(a)` (`String(v::Vector{UInt8})`): the String of the vector's bytes; the vector is left
    empty ("truncated to zero length", string.jl), as Julia's runtime leaves it."""
    a = _vector(a)
    if a.eltype != "UInt8":
        raise NotInterpretable(f"jl_array_to_string of a {typeof(a)}")
    n = len(a.items)
    s = string_value(JStringBuf(a, n))
    del a.items[:]
    return s


def _pchar_to_string(p, n):
    """`jl_pchar_to_string(p, n)` (`unsafe_string`): a new String of the n bytes at `p`."""
    n = _count(n)
    return string_value(JStringBuf(JArray("UInt8", read_bytes(p, n, "jl_pchar_to_string")), n))


def _memcmp(p, q, n):
    """C's `memcmp` as glibc's returns it: the difference of the first differing bytes (Base reads its sign)."""
    n = _count(n)
    a, b = _string_span(p, n), _string_span(q, n)
    diff = next((x - y for x, y in zip(a, b) if x != y), 0)
    return make_int("Int32", diff)


def _u8_isvalid(p, n):
    """The runtime's `u8_isvalid`: 0 invalid UTF-8, 1 ASCII, 2 valid UTF-8 with non-ASCII characters."""
    data = _string_span(p, _count(n))
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return make_int("Int32", 0)
    return make_int("Int32", 1 if data.isascii() else 2)


def _array_ptr(a):
    """`jl_array_ptr(a)`: the address of a vector's first element (bits elements: `memset`/`memmove` use it)."""
    a = _array(a)
    return JPtr(a, 0, f"Ptr{{{a.eltype}}}")


def _elements(p, n: int, what: str) -> tuple[JArray, int, int]:
    """(vector, first element, element count) of `n` bytes at `p`, inside a vector of bits elements."""
    if type(p) is not JPtr or type(p.obj) is not JArray or p.obj.eltype not in _BITS:
        raise NotInterpretable(f"{what} at a {typeof(p)} (only a bits vector's memory is modelled)")
    a, size = p.obj, PRIMITIVE_BYTES[p.obj.eltype]
    if p.offset % size or n % size or not 0 <= p.offset <= p.offset + n <= size * len(a.items):
        raise NotInterpretable(f"{what} of {n} bytes at offset {p.offset} of a {typeof(a)} of {len(a.items)}")
    return a, p.offset // size, n // size


def _memset(p, c, n):
    """C's `memset` on a vector of one-byte elements (`fill!(zeros(UInt8, n), 0)`, a Dict's slots) or in a String
    being built (`repeat("a", 3)`)."""
    if type(p) is JPtr and type(p.obj) is JStringBuf:
        fill_bytes(p, int_parts(c)[3] & 0xFF, _count(n), "memset")
        return p
    a, first, count = _elements(p, _count(n), "memset")
    byte = int_parts(c)[3] & 0xFF
    if PRIMITIVE_BYTES[a.eltype] != 1 or (a.eltype == "Bool" and byte > 1):
        raise NotInterpretable(f"memset of a {typeof(a)}")
    v = bool(byte) if a.eltype == "Bool" else make_int(a.eltype, byte)
    for k in range(first, first + count, CHUNK):
        a.items[k:min(k + CHUNK, first + count)] = [v] * (min(k + CHUNK, first + count) - k)
    return p


def _memmove(dst, src, n):
    """C's `memmove`/`memcpy` between vectors of one bits element type (`copyto!`, `unsafe_copyto!`)."""
    n = _count(n)
    if type(dst) is JPtr and type(src) is JPtr and (str in (type(dst.obj), type(src.obj)) or
                                                     JStringBuf in (type(dst.obj), type(src.obj))):
        write_bytes(dst, read_bytes(src, n, "memmove"), "memmove")  # a String built from others' bytes
        return dst
    a, i, k = _elements(dst, n, "memmove")
    b, j, _ = _elements(src, n, "memmove")
    if a.eltype != b.eltype:
        raise NotInterpretable(f"memmove from a {typeof(b)} to a {typeof(a)}")
    a.items[i:i + k] = b.items[j:j + k]
    return dst


def _array_copy(a):
    """`jl_array_copy(a)` (`copy` of an Array): a new array of the same elements and size."""
    a = _array(a)
    return JArray(a.eltype, list(a.items), a.dims)


def _code_point(u) -> int:
    """A `UInt32` argument (a Char's code point after Base's `cconvert`; a Char itself as its code point)."""
    if type(u) is JChar:
        try:
            text = u.code.to_bytes(4, "big").rstrip(b"\0").decode("utf-8") or "\0"
        except UnicodeDecodeError:
            raise NotInterpretable("a malformed Char passed to the runtime") from None
        return ord(text)
    return int_parts(u)[3]


def _unicode(field: str, rt: str):
    """The runtime's Unicode function `field` (`jlir.semantics.unicode`): a Cint, or a code point as a UInt32."""
    def f(u):
        code = _code_point(u)
        if not 0 <= code <= 0x10FFFF:
            raise NotInterpretable(f"utf8proc/jl_id of code point {code:#x}")
        return make_int(rt, answer(field, code))
    return f


UNICODE = {"utf8proc_category": _unicode("category", "Int32"), "utf8proc_charwidth": _unicode("charwidth", "Int32"),
           "jl_id_start_char": _unicode("id_start", "Int32"), "jl_id_char": _unicode("id_char", "Int32"),
           "utf8proc_tolower": _unicode("lower", "UInt32"), "utf8proc_toupper": _unicode("upper", "UInt32"),
           "utf8proc_totitle": _unicode("title", "UInt32")}

CCALLS = {**UNICODE, "jl_alloc_string": _alloc_string, "jl_string_to_array": _string_to_array,
          "jl_array_to_string": _array_to_string, "jl_pchar_to_string": _pchar_to_string, "jl_array_copy": _array_copy, "jl_value_ptr": _value_ptr, "jl_array_ptr": _array_ptr, "memset": _memset, "memmove": _memmove,
          "memcpy": _memmove, "memcmp": _memcmp, "u8_isvalid": _u8_isvalid,"jl_alloc_array_1d": _alloc_1d,
          "jl_alloc_array_2d": _alloc_nd, "jl_alloc_array_3d": _alloc_nd, "jl_new_array": _new_array, "jl_array_grow_end": _grow_end,
          "jl_array_grow_beg": _grow_beg, "jl_array_del_end": _del_end, "jl_array_del_beg": _del_beg,
          "jl_array_grow_at": _grow_at, **C_STRINGS, "jl_array_del_at": _del_at, "jl_array_sizehint": _sizehint}
LLVMCALLS = {"llvm.pow.f64": _pow("Float64"), "llvm.pow.f32": _pow("Float32")}


def foreign_name(e) -> str:
    """The C function a `foreigncall` expression calls (`:strlen`; `"llvm.pow.f64"`, an llvmcall; the name of a
    `(name, library)` pair, `Core.tuple("log2", Base.Math.libm)`, as lowering writes `ccall((:log2, libm), …)`),
    else `?`."""
    first = e.args[0] if e.args else None
    if type(first) is N.Expr and first.head == "call" and len(first.args) == 3 \
            and getattr(first.args[0], "name", None) == "tuple":
        first = first.args[1]
    if type(first) is V.Literal and first.kind == "string":
        return first.text.strip('"')
    inner = getattr(first, "value", first)
    return getattr(inner, "name", None) or getattr(inner, "text", "?")


def foreign(name: str):
    """The function `f(*args)` a foreigncall of `name` runs, or None."""
    return CCALLS.get(name) or LLVMCALLS.get(name)
