"""Constants of the printed IR as Julia values: literals by their printed form, types by name, known globals.

A literal carries its Julia type in its spelling (`1` Int64, `0x01` UInt8,
`1.0f0` Float32, `Float16(1.0)`, `'a'` Char); a type shown after `::` or as
an argument (`UInt64` in `bitcast(UInt64, x)`) becomes its Julia 1.5 name.
"""
from __future__ import annotations

import math

from jlir.semantics.base_globals import base_global, exported_type, main_binding, seen_name, type_module
from jlir.semantics.builtins import KNOWN_STRUCTS
from jlir.semantics.numbers import fits, make_float, make_int, round_float
from jlir.semantics.values import (FLOAT_TYPES, INT_TYPES, JArray, empty_named_tuple, JChar, JFloat, JFunction, JStruct, JSymbol,
                                   JType, NotInterpretable, typeof)
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.literals import literal_value
from jlir.semantics.names import var_quoted

# Names that stand for types wherever the IR prints them bare or qualified (`Int64`, `Core.Int64`, `Base.Float32`).
TYPE_NAMES = frozenset(INT_TYPES) | frozenset(FLOAT_TYPES) | {
    "Char", "String", "Symbol", "Nothing", "Any", "Tuple", "DataType", "Integer", "Signed", "Unsigned", "Real",
    "Number", "AbstractFloat", "AbstractString", "AbstractChar", "Union", "Type", "Function", "Array", "Vector",
    "Missing", "Core.Box", "Ptr", "NamedTuple", "Exception"} | frozenset(KNOWN_STRUCTS)
_NO_KEYWORDS = "Base.Iterators.Pairs{Union{},Union{},Tuple{},NamedTuple{(),Tuple{}}}"
# Core's aliases of the machine word's integer types (a 64-bit Julia, as every dump here comes from)
_WORD_TYPES = {"Int": "Int64", "UInt": "UInt64"}
_MODULE_PREFIXES = ("Core.Compiler.", "Core.Intrinsics.", "Core.", "Base.Math.", "Base.", "Main.")


def strip_module(name: str) -> str:
    """`Core.Int64` → `Int64`, `Main.Interval` → `Interval` (as Julia 1.5's `typeof` prints types of those modules)."""
    for p in _MODULE_PREFIXES:
        if name.startswith(p) and "." not in name[len(p):]:
            return name[len(p):]
    return name


def type_text(t) -> str:
    """A shown type as Julia 1.5 spells it in `typeof` (`Int64`, `Tuple{Int64,Bool}`, `Array{Float64,1}`)."""
    cls = type(t)
    if t is None:
        return "Any"
    if cls is T.TypeName:
        return strip_module(".".join(t.path))
    if cls is T.TypeApply:
        return f"{type_text(t.head)}{{{','.join(type_text(p) for p in t.params)}}}"
    if cls is T.TypeCall and T.is_lattice_element(t):
        if t.head.name == "Const":
            return value_type_text(t.args[0])
        return type_text(T.widen(t)) if t.head.name != "Conditional" else "Bool"
    if cls is T.TypeCall and type(t.head) is T.TypeName and t.head.path == ("typeof",) and len(t.args) == 1:
        inner = type_text(t.args[0])  # a function's singleton type, `typeof(!=)` (a Fix2's parameter)
        return "?" if inner == "?" else f"typeof({inner})"
    if cls is V.GlobalRef:
        # a compiler-named type (`Main.:(var"#45#49")`, a closure without captures) shows as `typeof` shows it,
        # `var"#45#49"`: `show_sym` quotes a name that is neither an identifier nor an operator
        name = var_quoted(t.name) if "#" in t.name else t.name
        return strip_module(f"{t.module}.{name}" if t.module else name)
    if cls is T.TypeWhere:  # `Vararg{Any,N} where N` in an invoke's signature
        body, var = type_text(t.body), type_text(t.var)
        return "?" if "?" in (body, var) else f"{body} where {var}"
    if cls is V.SlotNumber:
        return t.name or "?"
    if cls is V.Literal:
        return t.text
    if cls is T.TypeTuple:  # a NamedTuple type's names, `NamedTuple{(:a, :b),Tuple{…}}`, `NamedTuple{(),Tuple{}}`
        items = [type_text(x) for x in t.items]
        ok = all(type(x) is V.Literal and x.kind == "symbol" for x in t.items)
        return "?" if not ok else f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"
    return "?"


def value_type_text(v) -> str:
    """The type of a constant shown inside `Const(…)`."""
    if type(v) is V.Literal:
        from jlir.semantics.values import typeof
        return typeof(literal(v))
    if type(v) in (T.TypeName, T.TypeApply):
        return "DataType"
    return "?"


def _int_literal(text: str):
    t = text.replace("_", "")
    neg = t.startswith("-")
    body = t.lstrip("-")
    if body.startswith(("0x", "0b", "0o")):
        digits = body[2:]
        bits = {"x": 4, "b": 1, "o": 3}[body[1]] * len(digits)
        width = next(w for w in (8, 16, 32, 64, 128, 10 ** 9) if w >= bits)
        if width > 128:
            raise NotInterpretable(f"the literal {text} is a BigInt")
        v = int(body, 0)
        return make_int(f"UInt{width}", -v if neg else v)
    v = int(t)
    for name in ("Int64", "Int128"):
        if fits(name, v):
            return make_int(name, v)
    raise NotInterpretable(f"the literal {text} is a BigInt")


_SPECIAL = {"NaN": math.nan, "Inf": math.inf, "-Inf": -math.inf}
# Base's float constants, fixed values whatever the session.
_FLOAT_CONSTANTS = frozenset({"NaN", "Inf", "NaN32", "Inf32", "NaN16", "Inf16", "NaN64", "Inf64"})


def _float_literal(text: str):
    if text in ("NaN64", "Inf64"):
        text = text[:-2]
    for suffix, name in (("32", "Float32"), ("16", "Float16")):
        if text.rstrip("0123456789").endswith(("NaN", "Inf")) and text.endswith(suffix):
            return JFloat(_SPECIAL[text[:-2]], name)
    if text in _SPECIAL:
        return _SPECIAL[text]
    if text.startswith("Float16(") and text.endswith(")"):
        return JFloat(round_float("Float16", float(text[8:-1])), "Float16")
    if "f" in text and not text.startswith("0x"):
        return JFloat(round_float("Float32", float(text.replace("f", "e"))), "Float32")
    if text.startswith(("0x", "-0x")):
        return float.fromhex(text)
    return float(text)


def literal_int(lit: V.Literal) -> int:
    """The mathematical value of an integer literal (whatever type its spelling gives it)."""
    v = literal(lit)
    return v if type(v) is int else v.value


def literal(lit: V.Literal):
    """The Julia value a printed literal stands for."""
    try:
        return _literal(lit)
    except (ValueError, OverflowError):
        raise NotInterpretable(f"the literal {lit.text}") from None


def _literal(lit: V.Literal):
    kind = lit.kind
    if kind == "int":
        return _int_literal(lit.text)
    if kind == "float":
        return _float_literal(lit.text)
    if kind == "char":
        return JChar.of(literal_value(lit))
    if kind == "symbol":
        return JSymbol(lit.text.lstrip(":"))
    if kind in ("bool", "nothing", "string"):
        return literal_value(lit)
    raise NotInterpretable(f"the literal {lit.text}")


# What `show` writes for a part of a value that is not in the print: an unassigned field (`undef_ref_str`,
# base/show.jl) and the `…` of a collection cut short under `:limit`.
_NOT_ALL_SHOWN = frozenset({("#undef",), ("#UNDEF",), T.ELIDED.path})


def shown_constant(v):
    """A constant the IR shows through `show` (a type, `ErrorException("…")`, a quoted symbol)."""
    cls = type(v)
    if cls is T.TypeName and v.path in _NOT_ALL_SHOWN:
        raise NotInterpretable(f"`{v.path[0]}` in a shown value: the value is not all in the print")
    if cls in (T.TypeName, T.TypeApply):
        return JType(type_text(v))
    if cls is T.TypeCall and type(v.head) is T.TypeName and v.head.path == ("typeof",) and len(v.args) == 1 \
            and type(v.args[0]) in (V.SlotNumber, V.GlobalRef):
        f = v.args[0]  # `typeof(isless)`: a function's type, shown by the function's name (a bare name parses as a slot)
        return JType(f"typeof({f.name if type(f) is V.SlotNumber or not f.module else f'{f.module}.{f.name}'})")
    if cls is T.TypeCall and type(v.head) is T.TypeName and not T.is_lattice_element(v):
        if type_text(v.head) in ("Float16", "Float32") and len(v.args) == 1 and type(v.args[0]) is V.Literal:
            return make_float(type_text(v.head), float(literal(v.args[0])))  # `Float16(0.5)`: how 1.5 shows one
        if type_text(v.head) == "NamedTuple" and not v.args:
            return empty_named_tuple()
        return _constructed(v, v.head.path, shown_constant)
    if cls is T.TypeCall and type(v.head) is T.TypeApply and type(v.head.head) is T.TypeName:
        # `Base.BottomRF{typeof(max)}(max)` (foldl's reducing function): a parametric struct shown by its
        # constructor call (`show_default`), a function among its fields shown by its name
        return _constructed(v, v.head.head.path, lambda a: _shown_function(a) or shown_constant(a))
    if cls is V.QuoteNode:
        inner = v.value
        if type(inner) is V.Symbol:
            return JSymbol(inner.name)
        if inner == T.TypeName(("missing",)):   # `$(QuoteNode(missing))`: the value, shown as Base shows it
            return JStruct("Missing", (), (), False)
        return shown_constant(inner)
    if cls is V.Symbol:
        return JSymbol(v.name)
    if cls is T.TypeOpaque and v.text == _NO_KEYWORDS + "()":
        # what `pairs(NamedTuple())` gives a keyword body when the call passes no keywords: its fields `data`
        # (the keywords) and `itr` (their names)
        return JStruct(_NO_KEYWORDS, (empty_named_tuple(), ()), ("data", "itr"), False, "Base.Iterators")
    if cls is V.Literal:
        return literal(v)
    if cls is T.TypeTuple:
        return tuple(shown_constant(i) for i in v.items)
    if cls is T.TypeWhere and type(v.body) is T.TypeApply and type_text(v.body.head) == "NamedTuple" and \
            len(v.body.params) == 2 and type(v.body.params[0]) is T.TypeTuple and type(v.var) is T.TypeInfix and \
            v.body.params[1] == v.var.lhs:
        # `NamedTuple{(:init,),T} where T<:Tuple`, i.e. `NamedTuple{(:init,)}`: a keyword call's keywords' type
        names = shown_constant(v.body.params[0])
        return JType("NamedTuple{(" + ", ".join(f":{n.name}" for n in names) + ("," if len(names) == 1 else "") + ")}")
    if cls is T.TypeVect and v.eltype is not None and type_text(v.eltype) in INT_TYPES | FLOAT_TYPES.keys():
        # `UInt64[0x28be…, …]`: a constant vector (Base.Math.INV_2PI), its elements literals of its eltype
        elt = type_text(v.eltype)
        items = [literal(x) if type(x) is V.Literal else None for x in v.items]
        if all(x is not None and typeof(x) == elt for x in items):
            return JArray(elt, items)
    raise NotInterpretable(f"the constant {v!r}")


def _constructed(v, path: tuple, field) -> JStruct:
    """The immutable struct `show_default` prints as its constructor's call `T(args…)` (`path`: T's name),
    each field a literal or `field` of its print; a Base or Core type keeps its module."""
    args = tuple(literal(a) if type(a) is V.Literal else field(a) for a in v.args)
    module = ".".join(path[:-1]) if len(path) > 1 and path[0] in ("Base", "Core") else None
    return JStruct(type_text(v.head), args, mutable=False, module=module)


def _shown_function(v):
    """A function a shown constant names (`max`, `Base.max`): the function Main sees by that name, else None."""
    if type(v) is T.TypeName:
        name = ".".join(v.path)
    elif type(v) in (V.SlotNumber, V.GlobalRef) and v.name is not None:
        name = v.name if type(v) is V.SlotNumber or not v.module else f"{v.module}.{v.name}"
    else:
        return None
    try:
        value = global_constant(name)
    except NotInterpretable:
        return None
    return value if type(value) is JFunction else None


# Of TYPE_NAMES, the types Core.Compiler defines for itself (asked of Julia 1.5.3: `Core.Compiler.KeyError !==
# KeyError`): its `Core.Compiler.KeyError` must not be taken for Main's.
_COMPILER_OWN = frozenset({"KeyError", "Missing"})


def _closure_struct(name: str, short: str, struct_names) -> JType | None:
    """A closure's struct the run knows (`Main.:(var"#3001#3003")`), named as `typeof` shows it from Main: bare for
    Main's, with its module for another's (`Main.Gen39.var"#2#4"`: closures are numbered per module)."""
    if var_quoted(short) in struct_names:
        return JType(var_quoted(short))
    module, _, bare = name.rpartition(".")
    if module not in ("", "Main") and f"{module}.{var_quoted(bare)}" in struct_names:
        return JType(f"{module}.{var_quoted(bare)}")
    return None


def global_constant(name: str, stmt_type=None, function_names=frozenset(), struct_names=frozenset()):
    """The value of a global the interpreter knows without Julia: a type, `nothing`, a Const-typed global, one of
    `function_names` (builtins and intrinsics, as values), one of `struct_names` (the user's structs a provider
    declares: `Base.fieldtype(Wallet, f)` shows the type object bare).  A bare name is one Main sees: Julia shows
    a function or type object by its bare name when Main can name it (`string` in Base.Checked's code)."""
    if type(stmt_type) is T.TypeCall and T.is_lattice_element(stmt_type) and stmt_type.head.name == "Const":
        c = stmt_type.args[0]
        return literal(c) if type(c) is V.Literal else shown_constant(c)
    name = seen_name(name)  # `Main.MyPkg.Int` is what the module sees: Base's `Int`
    short = strip_module(name)
    if name.startswith("Core.Compiler.") and short in _COMPILER_OWN:
        raise NotInterpretable(f"the global {name} (Core.Compiler's own, not Main's {short})")
    if short == "nothing":
        return None
    if short in _FLOAT_CONSTANTS:
        return _float_literal(short)
    if short in TYPE_NAMES:
        return JType(short)
    if short in _WORD_TYPES and name.split(".")[0] in ("Core", "Base", "Main", short):
        return JType(_WORD_TYPES[short])
    if name in TYPE_NAMES:  # `Core.Box`: Main does not see it, so `typeof` shows it qualified
        return JType(name)
    if short in function_names:
        return JFunction(short)
    if short in struct_names:
        return JType(short)
    if (closure := _closure_struct(name, short, struct_names)) is not None:
        return closure
    module, _, bare = name.rpartition(".")
    if module in ("", "Main") and (found := main_binding(bare)) is not None:
        kind, what = found
        if kind == "type":
            return JType(what)
        module = what
    if module.split(".")[0] in ("Core", "Base"):
        if module.startswith("Core.Compiler"):
            v = base_global(module, bare, None)  # the table holds only its numeric constants (`_msk64`)
            if v is not None:
                return v
            raise NotInterpretable(f"the global {name} (Core.Compiler's own)")
        if bare == "nothing":  # `Base.Sort.nothing`: Core's, seen everywhere
            return None
        if exported_type(bare) and base_global(module, bare, None) is None:
            return JType(bare)  # `Base.Set`, `Base.Sort.AbstractVector`: a type Main names bare
        if type_module(bare) == module:
            return JType(f"{module}.{bare}")  # `Base.Fix2`: Main does not see it, so it shows qualified
        if bare in TYPE_NAMES and not module.startswith("Core.Compiler"):
            # `Base.Checked.OverflowError`: in Julia 1.5.3 every module of Base and Core but Core.Compiler's sees
            # these names as Main does (checked over their 49 modules with Julia itself)
            return JType(bare)
        alias = main_binding(bare)
        if alias is not None and alias[0] == "type" and base_global(module, bare, None) is None:
            return JType(alias[1])  # `Base.Unicode.Int`: Core's `Int`, seen by every module of Base
        v = base_global(module, bare, None)
        if v is None and module != "Core" and not module.startswith("Core.Compiler"):
            v = _exported_function(bare)  # Base and its submodules see Core's exports (`Base.undef`)
        if v is not None:
            return v
    raise NotInterpretable(f"the global {name} (its value is not in the IR)")


def _exported_function(bare: str):
    """`Base.Sort.isless` when Base.Sort has no binding of its own by that name: Base's submodules see what Base
    and Core export (`using Base`), so it is the function Main's `isless` is; None for anything but a function."""
    found = main_binding(bare)
    if found is None or found[0] != "global":
        v = base_global("Base", bare, None)  # `Base.Sort.Forward`: Base's own, which its submodules `using` see
        return v if type(v) is JStruct and not v.fields else None
    v = base_global(found[1], bare, None)
    return v if type(v) is JFunction or type(v) is JStruct and not v.fields else None
