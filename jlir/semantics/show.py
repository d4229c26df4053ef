"""`julia_repr`: a value as Julia 1.5's `repr` prints it.

Floats follow Julia's `Ryu.writeshortest` (base/ryu/shortest.jl): the
shortest digits that round-trip, printed plainly when the decimal point
position `pt` satisfies `-4 < pt <= 6` (3 for Float16) and the value is not a
large integer, in exponent form (`1.0e-5`, `1.234567e6`) otherwise; Float32
adds `f0` or uses `f` as the exponent mark, Float16 prints as `Float16(…)`.
"""
from __future__ import annotations

import math

from jlir.semantics.names import var_quoted
from jlir.semantics.numbers import round_float
from jlir.semantics.values import (UNDEF, UNINITIALISED, JArray, JChar, JFloat, JFunction, JInt, JStringBuf, JStruct, JSymbol,
                                JType, JuliaException, NotInterpretable, typeof)

_MAX_DIGITS = {"Float64": 17, "Float32": 9, "Float16": 5}


def shortest_digits(type_name: str, x: float) -> tuple[str, int]:
    """(digits, exponent) with `|x| == int(digits) * 10**exponent`, the fewest digits reading back to `x` in its format.

    Python's `repr` is the shortest round-trip form of a Float64 (as Ryu's); a Float32 or Float16 takes the
    first precision whose correctly rounded decimal reads back to the same value.
    """
    x = abs(x)
    text = repr(x)
    if type_name != "Float64":
        for p in range(1, _MAX_DIGITS[type_name] + 1):
            text = f"{x:.{p - 1}e}"
            if round_float(type_name, float(text)) == x:
                break
    mant, _, exp = text.partition("e")
    whole, _, frac = mant.partition(".")
    digits = (whole + frac).lstrip("0")
    e10 = (int(exp) if exp else 0) - len(frac)
    stripped = digits.rstrip("0")
    return stripped, e10 + len(digits) - len(stripped)


def float_repr(type_name: str, x: float) -> str:
    """Julia's `repr` of a Float64/Float32/Float16 value."""
    suffix = {"Float64": "", "Float32": "32", "Float16": "16"}[type_name]
    if x != x:
        return "NaN" + suffix
    if math.isinf(x):
        return ("-Inf" if x < 0 else "Inf") + suffix
    neg = math.copysign(1.0, x) < 0
    sign = "-" if neg else ""
    if x == 0:  # Julia's special case for zero comes before the `Float16(…)` wrapper
        return sign + ("0.0f0" if type_name == "Float32" else "0.0")
    body = _finite(type_name, x)
    if type_name == "Float16":
        return f"Float16({sign}{body})"
    if type_name == "Float32":
        body = body.replace("e", "f") if "e" in body else body + "f0"
    return sign + body


def _finite(type_name: str, x: float) -> str:
    digits, nexp = shortest_digits(type_name, x)
    olength = len(digits)
    pt = nexp + olength
    limit = 3 if type_name == "Float16" else 6
    ax = abs(x)
    plain = -4 < pt <= limit and not (pt >= olength and abs(math.fmod(ax + 0.05, 10.0 ** (pt - olength)) - 0.05) > 0.05)
    if plain:
        if pt <= 0:
            return "0." + "0" * -pt + digits
        if pt >= olength:
            return digits + "0" * (pt - olength) + ".0"
        return digits[:pt] + "." + digits[pt:]
    mant = digits[0] + "." + (digits[1:] or "0")
    return f"{mant}e{pt - 1}"


_CHAR_ESCAPES = {"\n": "\\n", "\t": "\\t", "\r": "\\r", "\\": "\\\\", "\0": "\\0", "\a": "\\a", "\b": "\\b",
                 "\f": "\\f", "\v": "\\v", "\x1b": "\\e"}


def _char_repr(c: JChar) -> str:
    data = c.code.to_bytes(4, "big").rstrip(b"\0") or b"\0"
    try:
        ch = data.decode("utf-8")
    except UnicodeDecodeError:
        raise NotInterpretable(f"repr of the malformed Char 0x{c.code:08x}")
    if ch == "'":
        return "'\\''"
    if ch in _CHAR_ESCAPES:
        return f"'{_CHAR_ESCAPES[ch]}'"
    if len(ch) == 1 and (ord(ch) < 0x20 or ord(ch) == 0x7f):
        return f"'\\x{ord(ch):02x}'"
    return f"'{ch}'"


def _string_repr(s: str) -> str:
    out = []
    for ch in s:
        if ch in ('"', "$"):
            out.append("\\" + ch)
        elif ch in _CHAR_ESCAPES and ch != "\0":
            out.append(_CHAR_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7f:
            out.append(f"\\x{ord(ch):02x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _int_repr(v: JInt) -> str:
    if v.type.startswith("U"):
        width = {"UInt8": 2, "UInt16": 4, "UInt32": 8, "UInt64": 16, "UInt128": 32}[v.type]
        return f"0x{v.value:0{width}x}"
    return str(v.value)


# Types Base exports (so the IR names them without `Base.`) that Base shows its own way (`1 + 2im`, `1//2`,
# `1 => 2`, `1:2:5`): their default `T(fields…)` form would be wrong.
_SHOWN_BY_BASE = frozenset(("Complex", "Rational", "Pair", "StepRange", "StepRangeLen", "LinRange", "Dict", "Set",
                            "BitArray", "SubString", "IdDict", "Fix1", "Fix2", "OneTo", "Generator", "CodeUnits",
                            "Missing", "Irrational"))


def _function_repr(f) -> str:
    """A function field as `show` prints it: its bare name when Main sees it (Base or Core exports it); any other
    is refused (its module's qualified spelling is not modelled)."""
    from jlir.semantics.base_globals import main_binding
    bare = f.name.rsplit(".", 1)[-1] if not f.name.endswith(".") else f.name
    if type(f) is not JFunction or main_binding(bare) is None or main_binding(bare)[0] != "global":
        raise NotInterpretable(f"repr of the function {f.name!r} as a field")
    return bare


def _substring_text(s, offset, n) -> str:
    """A `SubString{String}`'s text: code units offset+1 … offset+n of its String (whole characters, as every
    SubString Base makes; a cut inside a character is refused)."""
    if type(s) is not str or type(offset) is not int or type(n) is not int:
        raise NotInterpretable("repr of a SubString whose fields are not a String and two Ints")
    data = s.encode("utf-8")
    if not 0 <= offset <= offset + n <= len(data):
        raise NotInterpretable("repr of a SubString outside its String")
    try:
        return data[offset:offset + n].decode("utf-8")
    except UnicodeDecodeError:
        raise NotInterpretable("repr of a SubString cut inside a character") from None


def _fix_repr(v) -> str:
    """`Base.Fix2{typeof(!=),Int64}(!=, 0)`: a Fix1/Fix2 shares the method table of structs (not a function's own),
    so `show_function` shows it by `show_default` (show.jl)."""
    f, x = v.fields
    return f"Base.{v.type}({_function_repr(f)}, {julia_repr(x)})"


def _struct_repr(v) -> str:
    """A struct's repr: named tuples, ranges and the Base types modelled as Base shows them, else `T(fields…)`;
    a type Base shows its own way is refused."""
    if v.type == "Missing" and not v.fields:  # missing.jl: `show(io, x::Missing) = print(io, "missing")`
        return "missing"
    if v.type.startswith("NamedTuple{") and v.names is not None:  # `(a = 1, b = 2.0)`, `NamedTuple()`
        if not v.fields:
            return "NamedTuple()"
        inner = ", ".join(f"{n} = {julia_repr(x)}" for n, x in zip(v.names, v.fields))
        return f"({inner},)" if len(v.fields) == 1 else f"({inner})"
    if v.type.startswith("UnitRange{") and len(v.fields) == 2:  # range.jl: `show(io, r::AbstractUnitRange)`
        return f"{julia_repr(v.fields[0])}:{julia_repr(v.fields[1])}"
    if v.module == "Base" and v.type.startswith(("Fix1{", "Fix2{")) and "?" not in v.type:
        return _fix_repr(v)
    if v.type == "OneTo{Int64}" and len(v.fields) == 1 and type(v.fields[0]) is int:
        return f"Base.OneTo({v.fields[0]})"  # range.jl: `print(io, "Base.OneTo(", r.stop, ")")`
    if v.type == "SubString{String}" and len(v.fields) == 3:
        return _string_repr(_substring_text(*v.fields))  # shown as the String of its code units
    shown = _base_shown(v) if v.module is None else None
    if shown is not None:
        return shown
    if v.module is not None or "?" in v.type or v.type.split("{")[0] in _SHOWN_BY_BASE:
        raise NotInterpretable(f"repr of a {v.module + '.' if v.module else ''}{v.type} (Base's `show` of "
                               "its types is not modelled)")
    return _type_head(v.type) + "(" + ", ".join(julia_repr(x) for x in v.fields) + ")"


def _type_head(type_text: str) -> str:
    """A struct type as `show_default` names it: a name that is no identifier quoted (`var"weird name"(3)`,
    `show(::DataType)` through `show_sym`); a module's type is named `Module.name`, its last part quoted alone
    (`Statistics.var"#8#9"{Int64}(2)`)."""
    name, brace, params = type_text.partition("{")
    if 'var"' in name:
        return type_text   # quoted already (`Statistics.var"#8#9"`, a module's closure type)
    module, dot, last = name.rpartition(".")
    return module + dot + var_quoted(last) + brace + params


def _base_shown(v) -> str | None:
    """`Complex`, `Rational`, `StepRange`, `Pair` and `missing` as Base's `show` methods print them (complex.jl,
    rational.jl, range.jl, show.jl, missing.jl), or None for any other struct or shape."""
    head = v.type.split("{", 1)[0]
    if len(v.fields) == 2 and head == "Complex" and v.type != "Complex{Bool}":
        return _complex_repr(*v.fields)
    if v.type == "Complex{Bool}" and len(v.fields) == 2:  # `show(io, z::Complex{Bool})`
        return "im" if v.fields == (False, True) else f"Complex({julia_repr(v.fields[0])},{julia_repr(v.fields[1])})"
    if v.type == "Missing" and not v.fields:   # missing.jl: `show(io::IO, x::Missing) = print(io, "missing")`
        return "missing"
    if len(v.fields) == 2 and head == "Rational":
        return f"{julia_repr(v.fields[0])}//{julia_repr(v.fields[1])}"
    if len(v.fields) == 3 and head == "StepRange":  # first:step:last, `last` being the field `stop`
        return ":".join(julia_repr(x) for x in v.fields)
    if head == "BitArray" and v.type in ("BitArray{1}", "BitArray{2}") and len(v.fields) == 3:
        return _vector_repr(_bits_of(v))  # shown as the Bool array of its bits (`Bool[1 0; 0 1]`)
    if len(v.fields) == 2 and head == "Pair" and v.type == f"Pair{{{typeof(v.fields[0])},{typeof(v.fields[1])}}}":
        # a Pair of tight type shows `a => b` (a Pair field in parentheses); any other, `show_default`: refused
        return " => ".join(f"({julia_repr(x)})" if _is_pair(x) else julia_repr(x) for x in v.fields)
    return None


def _bits_of(v) -> JArray:
    """A BitArray's elements (bitarray.jl: `chunks`, bit i-1 of the element i, 64 to a UInt64; `len`; `dims`, set
    only for N ≠ 1) as a Bool array; an empty matrix (shown `0×2 BitArray{2}`) or unwritten chunks are refused."""
    chunks, n, dims = v.fields
    if type(chunks) is not JArray or chunks.eltype != "UInt64" or type(n) is not int:
        raise NotInterpretable(f"repr of a {v.type} whose fields are not its chunks and length")
    if v.type == "BitArray{2}" and not (type(dims) is tuple and len(dims) == 2 and 0 not in dims):
        raise NotInterpretable(f"repr of an empty or malformed {v.type}")
    words = chunks.items
    if len(words) * 64 < n or any(type(w) is not JInt for w in words[:(n + 63) // 64]):
        raise NotInterpretable(f"repr of a {v.type} whose chunks are not all written")
    bits = [bool(words[i // 64].value >> (i % 64) & 1) for i in range(n)]
    return JArray("Bool", bits, dims if v.type == "BitArray{2}" else None)


def _is_pair(x) -> bool:
    return type(x) is JStruct and x.type.startswith("Pair{")


def _complex_repr(re, im) -> str:
    """complex.jl's `show`: the real part, ` + ` or ` - ` by the imaginary part's sign bit (not a NaN's), its
    magnitude (a signed integer's typemin widened), `*` before `im` unless it is an integer or a finite float."""
    if type(im) is bool:
        raise NotInterpretable("repr of a Complex of mixed Bool parts")
    if type(im) in (float, JFloat):
        x = im if type(im) is float else im.value
        negative = math.copysign(1.0, x) < 0 and x == x
        finite = math.isfinite(x)
        magnitude = (-im if type(im) is float else JFloat(-x, im.type)) if negative else im
    elif type(im) in (int, JInt):
        x = im if type(im) is int else im.value
        signed = type(im) is int or not im.type.startswith("U")
        negative, finite = signed and x < 0, True
        magnitude = (str(-x) if negative else julia_repr(im))  # -widen(typemin): the positive value
    else:
        raise NotInterpretable(f"repr of a Complex of {typeof(im)}")
    shown = julia_repr(magnitude) if type(magnitude) is not str else magnitude
    return f"{julia_repr(re)} {'-' if negative else '+'} {shown}{'' if finite else '*'}im"


def _float_untyped(type_name: str, x: float) -> str:
    """A float shown where its type is known from the context (`:typeinfo`, a `Float32[…]` vector's element):
    Ryu's untyped form, without `f0`, `Float16(…)`, `NaN32`, `Inf16`; a Float32's exponent still `f`."""
    if x != x:
        return "NaN"
    if math.isinf(x):
        return "-Inf" if x < 0 else "Inf"
    sign = "-" if math.copysign(1.0, x) < 0 else ""
    if x == 0:
        return sign + "0.0"
    body = _finite(type_name, x)
    return sign + (body.replace("e", "f") if type_name == "Float32" else body)


# Element types a vector's `show` leaves implicit (arrayshow.jl's `typeinfo_implicit`): `[1, 2]`, `['a']`.
_IMPLICIT = frozenset(("Int64", "Float64", "String", "Char", "Symbol"))
# Element types whose vectors show as `T[…]`, each element in that context (`Bool[1, 0]`, `UInt8[0x01]`).
_EXPLICIT = frozenset(("Bool", "Int8", "Int16", "Int32", "Int128", "UInt8", "UInt16", "UInt32", "UInt64",
                       "UInt128", "Float32", "Float16", "Any"))
_SCALARS = (bool, int, float, JInt, JFloat, JChar, JSymbol, str, type(None))


def _element_repr(x, eltype: str) -> str:
    if eltype == "Bool":
        return "1" if x else "0"
    if eltype in ("Float32", "Float16"):
        return _float_untyped(eltype, x.value)
    if eltype == "Any" and type(x) not in _SCALARS:
        raise NotInterpretable(f"repr of a {typeof(x)} inside an Array{{Any,1}}")
    return julia_repr(x)


def _vector_repr(v) -> str:
    if v.eltype not in _EXPLICIT and not _implicit(v.eltype) or v.ndims > 2:
        raise NotInterpretable(f"repr of an {typeof(v)}")
    if any(x is UNDEF or x is UNINITIALISED for x in v.items):
        raise NotInterpretable("repr of an array with elements never written")
    if v.dims == ():
        return f"fill({julia_repr(v.items[0])})"  # arrayshow.jl: a 0-d array, its element shown on its own
    if v.dims is not None and 0 in v.dims:
        return f"Array{{{v.eltype}}}(undef,{v.dims[0]},{v.dims[1]})"  # an empty matrix shows its size
    prefix = "" if _implicit(v.eltype) else v.eltype
    if v.dims is None:
        return prefix + "[" + ", ".join(_element_repr(x, v.eltype) for x in v.items) + "]"
    m, n = v.dims  # a matrix, column-major: rows `a b`, joined by `; `
    rows = ("".join(_element_repr(v.items[i + m * j], v.eltype) + (" " if j < n - 1 else "") for j in range(n))
            for i in range(m))
    return prefix + "[" + "; ".join(rows) + "]"


def _symbol_repr(name: str) -> str:
    """show.jl's `show_unquoted_quote_expr` of a Symbol: `:name` for an identifier or an operator (not `'`),
    `:(==)` for the quoted few, else `Symbol("text")`."""
    from jlir.semantics.names import is_identifier
    from jlir.semantics.operators import SYMBOL_PAREN_QUOTED, is_operator
    if name in SYMBOL_PAREN_QUOTED:
        return f":({name})"
    if is_identifier(name) or (is_operator(name) and name != "'"):
        return ":" + name
    return f"Symbol({_string_repr(name)})"


def _implicit(eltype: str) -> bool:
    """arrayshow.jl's `typeinfo_implicit`: an element type a vector's repr leaves out (`[(1, 2)]`, `[[1], [2]]`):
    Float64, Int64, Char, String, Symbol, a singleton type (Nothing), a tuple or an Array of such types."""
    from jlir.semantics.values import split_params
    if eltype in _IMPLICIT or eltype in ("Nothing", "Missing"):
        return True
    if eltype.startswith("Tuple{") and eltype.endswith("}"):
        return all(_implicit(p) for p in split_params(eltype[6:-1]))
    if eltype.startswith("NTuple{") and eltype.endswith("}"):
        return _implicit(split_params(eltype[7:-1])[1])
    if eltype.startswith("Array{") and eltype.endswith("}"):
        return _implicit(split_params(eltype[6:-1])[0])
    return False


def julia_repr(v) -> str:
    """Julia's `repr(v)` for the interpreter's values (`5`, `0x05`, `1.0e-5`, `1.0f0`, `'a'`, `(1, 2.0)`, …)."""
    t = type(v)
    if t is bool:
        return "true" if v else "false"
    if t is int:
        return str(v)
    if t is float:
        return float_repr("Float64", v)
    if t is JFloat:
        return float_repr(v.type, v.value)
    if t is JInt:
        return _int_repr(v)
    if v is None:
        return "nothing"
    if t is str:
        return _string_repr(v)
    if t is JStringBuf:
        from jlir.semantics.pointers import string_value
        return _string_repr(string_value(v))
    if t is JChar:
        return _char_repr(v)
    if t is JSymbol:
        return _symbol_repr(v.name)
    if t is JType:
        return v.name
    if t is JFunction:
        return v.name
    if t is tuple:
        inner = ", ".join(julia_repr(x) for x in v)
        return f"({inner},)" if len(v) == 1 else f"({inner})"
    if t is JArray:
        # Julia omits the element type of the literal-default vectors (`[1, 2]`) and prints the others' elements
        # in their context's short form (`Int32[1, 2]`, `Bool[1, 0]`, `Float32[1.0]`)
        if not v.items and v.dims is None and v.eltype in _IMPLICIT | _EXPLICIT:
            return f"{v.eltype}[]"  # an empty vector shows its element type
        return _vector_repr(v)
    if t is JStruct:
        return _struct_repr(v)
    if t is JuliaException:
        return julia_repr(v.value)
    raise NotInterpretable(f"repr of a {typeof(v)}")
