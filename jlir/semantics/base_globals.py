"""Globals of Core and Base whose values the printed IR names but does not show (`Base.:+` passed to
`Core._apply_iterate`, `Base.shifttable` read by Float16 conversion, `Base.simd_outer_range` in lowered code).

`data/base_globals.tsv` is written by Julia 1.5.3 itself (`scripts/gen/gen_base_globals.jl`): every constant
binding of Core, Base and Base's submodules that is a function (by name, as `JFunction("Base.+")`), and every
constant that is a primitive number or a tuple of one primitive type (its value).  Constants describing the
machine or the OS are left out.  A `Main` name resolves only through what a fresh Main takes from Base and
Core (`main_binding`): the names they export, `Int` being `Int64` — the assumption, as for Base's methods
the interpreter runs natively, is that the user's Main does not shadow an export of Base.  Any other module
outside Base and Core (`Main.MyPkg`, a package) sees them the same way (`seen_name`).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from jlir.semantics.numbers import float_from_bits, make_int
from jlir.semantics.values import FLOAT_TYPES, JArray, JChar, JFunction, JStruct, JType, split_params

DATA = Path(__file__).parent / "data" / "base_globals.tsv"


@lru_cache(maxsize=1)
def _table() -> dict:
    out: dict = {}
    for line in DATA.read_text(encoding="utf-8").splitlines():
        kind, module, name, *rest = line.split("\t")
        if kind == "type":
            out.setdefault(("type", name), []).append(module)
        elif kind == "main":
            out[("main", name)] = module
        elif kind == "exported_type":
            out[("exported_type", name)] = module
        elif kind == "compiler_sees":
            out[("compiler_sees", name)] = module
        elif kind == "alias":
            out[("alias", name)] = rest[0]
        elif kind == "singleton":
            out[(module, name)] = _singleton(rest[0])
        elif kind == "function":
            out[(module, name)] = JFunction(f"{module}.{name}")
        elif kind == "union":  # a union of primitive types (`Base.BitInteger`), a type value
            out[(module, name)] = JType(rest[0])
        else:
            type_name, raw = rest
            out[(module, name)] = ("const", type_name, raw)
    return out


def _singleton(type_text: str) -> JStruct:
    """The instance of a singleton struct type (`Base.Order.ForwardOrdering`, `RoundingMode{:Down}`): a struct of
    no fields, in the module Main's print of its type names (none for a type Main sees)."""
    head = type_text.split("{", 1)[0]
    module = head.rpartition(".")[0] or None
    return JStruct(type_text[len(module) + 1:] if module else type_text, (), (), False, module)


def _number(type_name: str, raw: str):
    """A primitive number in the table's text form: Bool as true/false, integers decimal, floats by bits."""
    if type_name == "Bool":
        return raw == "true"
    if type_name == "Char":  # by its bits: the UTF-8 bytes left-aligned in a UInt32
        return JChar(int(raw, 16))
    if type_name in FLOAT_TYPES:
        return float_from_bits(type_name, int(raw, 16))
    return make_int(type_name, int(raw))


_VECTORS: dict = {}  # (module, name) → the one JArray of a constant table, as Julia's binding is one object


def _decode(type_name: str, raw: str):
    if type_name == "Array{String,1}":  # a table of ASCII words, none holding a comma
        return JArray("String", raw.split(","))
    if type_name.startswith("Array{") and type_name.endswith(",1}"):
        eltype = type_name[6:-3]
        return JArray(eltype, [_number(eltype, r) for r in raw.split(",")])
    if type_name.startswith("NTuple{"):
        eltype = split_params(type_name[7:-1])[1]
        if eltype.startswith("Tuple{"):
            types = split_params(eltype[6:-1])
            return tuple(tuple(_number(t, r) for t, r in zip(types, item.split(","))) for item in raw.split(";"))
        return tuple(_number(eltype, r) for r in raw.split(","))
    return _number(type_name, raw)


_MISSING = object()


def base_global(module: str, name: str, default=_MISSING):
    """The value of `module.name` (module `Core`, `Base` or one of Base's submodules), or `default`."""
    v = _table().get((module, name), default)
    if type(v) is tuple and v and v[0] == "const":
        if v[1].startswith("Array{"):
            if (module, name) not in _VECTORS:
                _VECTORS[(module, name)] = _decode(v[1], v[2])
            return _VECTORS[(module, name)]
        return _decode(v[1], v[2])
    if v is _MISSING:
        raise KeyError(f"{module}.{name}")
    return v


def type_module(name: str) -> str | None:
    """The module defining the Base type `name` that Main cannot name bare (`OneTo` → `Base`, `DoubleFloat64`
    → `Base.Math`), when exactly one module of Base defines a type of that name."""
    modules = _table().get(("type", name), ())
    return modules[0] if len(modules) == 1 else None


def exported_type(name: str) -> bool:
    """Whether `name` is a type Base or Core exports that shows as its name (`Set`, `AbstractDict`)."""
    return ("exported_type", name) in _table()


def is_library_module(module: str | None) -> bool:
    """Whether `module` is Core, Base or one of their submodules (whose bindings the table holds)."""
    return module is not None and module.split(".")[0] in ("Core", "Base")


def seen_name(qualified: str) -> str:
    """`Main.MyPkg.length` → `length`: a global of a module outside Base and Core (Main, `Main.MyPkg`, a package's
    `Foo.Bar`) that Base or Core exports is that export, as such a module sees it (`module` does `using Base`,
    and Core is seen everywhere), so it resolves as Main's bare name does; any other name is left qualified.

    The assumption, as for Main's names, is that the module does not define a global of that name of its own
    (a `length` not imported from Base would be a new function): the print cannot tell, a live Julia can."""
    module, _, bare = qualified.rpartition(".")
    if not module or is_library_module(module) or bare.startswith(("var\"", "#")):
        return qualified
    return bare if main_binding(bare) is not None else qualified


def compiler_binding(name: str) -> str | None:
    """The module whose binding `Core.Compiler.name` is (`Core.Compiler` for its own, `Core` for `Int`), or None
    where 1.5.3's Core.Compiler has no such name at all (`string`, `float`: reading it throws UndefVarError)."""
    return _table().get(("compiler_sees", name))


def main_binding(name: str):
    """What `Main.name` is in a fresh Main, when Base or Core exports `name`: a `("type", printed name)` for a
    concrete type that prints otherwise (`Int` → `Int64`), else `("global", owner module)`; None otherwise."""
    table = _table()
    alias = table.get(("alias", name))
    if alias is not None:
        return ("type", alias)
    owner = table.get(("main", name))
    return ("global", owner) if owner is not None else None


def bare_call_module(module: str | None) -> str | None:
    """The module a bare operator called in the code of `module` names, where it is not the one Main sees.

    Lowering resolves a name in the method's module (`a => b` of Core.Compiler's code is `GlobalRef(Core.Compiler,
    :(=>))`), and 1.5.3's `show_unquoted` prints an operator call's `GlobalRef` head by its name alone (show.jl:
    `fname = isa(func, GlobalRef) ? func.name : func`), so the print drops the module.  Base, its submodules and
    any other module (`using Base`) see Base's operators, as Main does (`seen_name`); Core.Compiler defines its own
    (its own `Pair`, `=>`, `+`, whose methods are not Base's), and its submodules (`Sort`, `Order`, `Iterators`)
    import them from it (ordering.jl: `const Base = parentmodule(@__MODULE__)`): `Core.Compiler` for those."""
    if module is not None and (module == "Core.Compiler" or module.startswith("Core.Compiler.")):
        return "Core.Compiler"
    return None


def method_module(method: str | None) -> str | None:
    """The module of a method named as `Module.name` (`Core.Compiler.#318`, `Base.Grisu.-`, `Main.f`): the dotted
    identifiers before the name, None where there are none."""
    if not method:
        return None
    parts = []
    for part in method.split(".")[:-1]:
        if not part.isidentifier():
            break
        parts.append(part)
    return ".".join(parts) or None


def function_of(text: str) -> JFunction | None:
    """The function of Base or Core that `text` names as the print spells it (`isless`, `Base.Sort.isless`,
    `Main.isless`), by its owner (`Base.isless`); None for any other name (the user's, a type)."""
    module, _, bare = seen_name(text).rpartition(".")
    if module in ("", "Main"):
        found = main_binding(bare)
        if found is None or found[0] != "global":
            return None
        module = found[1]
    if not is_library_module(module) or module.startswith("Core.Compiler"):
        return None
    v = base_global(module, bare, None)
    if v is None and module.startswith("Base."):  # `Base.Sort.isless`: a submodule's import of Base's (or Core's)
        v = base_global("Base", bare, None) or base_global("Core", bare, None)
    return v if type(v) is JFunction else None
