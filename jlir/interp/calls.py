"""Calls: intrinsics and builtins run natively, everything else through the provider.

A callee is recognised by name where Julia's IR names it (`Base.add_int`,
`Core.Intrinsics.bitcast`, `Core.tuple`, infix `===`, a bare `(isa)`), from
the modules Core and Base (and `throw` and the other builtins from Main, which
does not redefine them).  `invoke` and other calls ask the run context, which
asks the provider for the callee's IR.
"""
from __future__ import annotations

from jlir.interp.frames import Push
from jlir.semantics.names import is_identifier, var_quoted
from jlir.semantics.base_globals import compiler_binding, is_library_module, seen_name
from jlir.semantics.builtins import BUILTINS, KNOWN_STRUCTS, MUTABLE_STRUCTS, exception_of
from jlir.semantics.intrinsics import INTRINSICS
from jlir.semantics.values import (UNDEF, JArray, JFunction, JStruct, JSymbol, JType, JuliaException, NotInterpretable,
                                   typeof)
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.analysis.callee import callee_name

FUNCTION_NAMES = frozenset(INTRINSICS) | frozenset(BUILTINS)


def native(module: str | None, name: str):
    """The native implementation of callee `module.name`, or None when it is not an intrinsic or builtin."""
    if module is not None and seen_name(f"{module}.{name}") == name:
        module = "Main"  # `Main.MyPkg.getfield`: the module sees Core's builtin, as Main does
    core_or_base = module is None or module.split(".")[0] in ("Core", "Base")
    if core_or_base and name in INTRINSICS:
        return INTRINSICS[name]
    if (core_or_base or module == "Main") and name in BUILTINS:
        return BUILTINS[name]
    return None


def callee_text(callee) -> str:
    """The name the provider knows a callee by (`jlir.analysis.callee`); a value (`invoke %3(…)`, a numbered slot) has
    none, and is refused."""
    named = callee_name(callee)
    if named is None:
        if type(callee) is T.TypeApply:  # `Dict{Int64,Nothing}()`: the constructor of that type
            from jlir.semantics.constants import type_text
            return type_text(callee)
        raise NotInterpretable(f"a call of the value {callee!r}")
    return named.text


def _framed(prepare, d: int, i: int):
    """The op running a Julia call in a new frame: `prepare(regs)` gives the callee's `Push` (raised to the frame
    loop, `jlir.interp.frames`, which resumes after this op) or, for what runs natively, the value."""
    def op(regs, _at=i):
        r = prepare(regs)
        if type(r) is Push:
            r.op, r.dest, r.at = op, d, _at
            raise r
        regs[d] = r
    return op


def _in_place(prepare, d: int, i: int, X: int):
    """The op running a Julia call to its end before going on (a call inside a terminator: nothing to resume)."""
    def op(regs, _at=i):
        r = prepare(regs)
        regs[d] = regs[X].finish(r) if type(r) is Push else r
    return op


def _call_op(prepare, d: int, i: int, X: int, in_place: bool):
    return _in_place(prepare, d, i, X) if in_place else _framed(prepare, d, i)


def call_op(callee, rs: tuple, d: int, rt: str, i: int, slots, X: int, wrap=None, in_place: bool = False):
    """The op of `%d = callee(args…)` with the argument registers `rs` (`wrap`: applied to a native function)."""
    fn = None
    if type(callee) is V.GlobalRef and callee.name in ("_apply_iterate", "_apply") and \
            (callee.module or "Core").split(".")[0] == "Core":
        return _apply_op(callee.name == "_apply_iterate", rs, d, rt, i, X, in_place)
    if type(callee) in (V.GlobalRef, T.TypeName):  # `Base.add_int`, `(Core.Intrinsics.add_int)`
        named = callee_name(callee)
        fn = native(named.module, named.name)
    elif type(callee) is V.SlotNumber and slots.is_constant(callee):
        fn = native(None, callee.name)
    if fn is None:
        return _generic_op(callee_text(callee), rs, d, i, X, in_place)
    return _native_op(wrap(fn) if wrap is not None else fn, rs, d, rt, i)


def dynamic(callee, slots) -> bool:
    """Whether `callee(args…)` is a dynamic call: one `call_op` does not run natively (a generic function, a
    value, `_apply_iterate`'s function), whose method Julia picks at run time by the arguments' types."""
    if type(callee) is V.GlobalRef and callee.name in ("_apply_iterate", "_apply") and \
            (callee.module or "Core").split(".")[0] == "Core":
        return True
    if type(callee) in (V.GlobalRef, T.TypeName):
        named = callee_name(callee)
        return native(named.module, named.name) is None
    if type(callee) is V.SlotNumber and slots.is_constant(callee):
        return native(None, callee.name) is None
    return True


def value_call_op(f: int, rs: tuple, d: int, rt: str, i: int, X: int, in_place: bool = False):
    """The op of `%d = (%f)(args…)`: a call of the function or type a register holds (`simd_outer_range` read
    from a global first, `T(0)` with `T` a static parameter)."""
    def prepare(regs):
        return regs[X].prepare_value(regs[f], [regs[r] for r in rs], rt)
    return _call_op(prepare, d, i, X, in_place)


def _splat(v) -> list:
    """The elements of a splatted argument: a tuple's, a vector's (other iterables are refused)."""
    if type(v) is tuple:
        return list(v)
    if type(v) is JArray:
        return list(v.items)
    raise NotInterpretable(f"splatting a {typeof(v)}")


def _apply_op(iterate: bool, rs: tuple, d: int, rt: str, i: int, X: int, in_place: bool):
    """`Core._apply_iterate(iterate, f, xs…)` (1.4+) and `Core._apply(f, xs…)`: `f(xs[1]…, xs[2]…, …)`."""
    def prepare(regs):
        vals = [regs[r] for r in rs]
        if iterate:
            it = vals.pop(0)
            if not (type(it) is JFunction and it.name.rpartition(".")[2] == "iterate"):
                raise NotInterpretable(f"_apply_iterate with {it!r} as the iteration function")
        f, *xs = vals
        return regs[X].prepare_value(f, [y for x in xs for y in _splat(x)], rt)
    return _call_op(prepare, d, i, X, in_place)


def _native_op(fn, rs: tuple, d: int, rt: str, i: int):
    n = len(rs)
    if n == 1:
        (a,) = rs

        def op(regs, _at=i):
            regs[d] = fn(rt, regs[a])
    elif n == 2:
        a, b = rs

        def op(regs, _at=i):
            regs[d] = fn(rt, regs[a], regs[b])
    elif n == 3:
        a, b, c = rs

        def op(regs, _at=i):
            regs[d] = fn(rt, regs[a], regs[b], regs[c])
    else:
        def op(regs, _at=i):
            regs[d] = fn(rt, *[regs[r] for r in rs])
    return op


def _rethrow_op(rs: tuple, i: int, X: int):
    """`rethrow()` (the exception being handled) and `rethrow(e)`: Base's, run natively (Julia's is a ccall)."""
    def op(regs, _at=i):
        if rs:
            raise exception_of(regs[rs[0]])
        if not regs[X].exceptions:
            raise JuliaException("ErrorException", "rethrow() not allowed outside a catch block")
        raise regs[X].exceptions[-1]
    return op


def _compiler_function(text: str) -> bool:
    """Whether `Core.Compiler.name` is a function Core.Compiler binds (the table Julia 1.5.3 writes): its call
    then goes to the providers as `Core.Compiler.name` (Core.Compiler's own method instances, never Base's)."""
    from jlir.semantics.base_globals import base_global
    module, _, name = text.rpartition(".")
    return module == "Core.Compiler" and type(base_global(module, name, None)) is JFunction


def _compiler_global_op(text: str, i: int):
    """A dynamic call of a global Core.Compiler does not bind as a function.  Core.Compiler is a copy of part of
    Base (1.5.3 lacks 1,161 of Base's functions: its own code calls `Core.Compiler.float`), and a callee is found
    by its name, so running Base's function of that name could answer where Julia throws.  Julia's table of what
    Core.Compiler sees (`compiler_binding`) decides: a name it lacks throws UndefVarError when the call reads it;
    any other (its own types, `BitArray`) is refused when it runs."""
    name = text.rpartition(".")[2]
    if compiler_binding(name) is None:
        def undefined(regs, _at=i):
            raise JuliaException("UndefVarError", f"{name} not defined",
                                 JStruct("UndefVarError", (JSymbol(name),), ("var",), False))
        return undefined

    def op(regs, _at=i):
        raise NotInterpretable(f"statement %{_at}: a dynamic call of {text}: Core.Compiler's own global, whose "
                               "value is not in the IR")
    return op


RETHROW = frozenset(("rethrow", "Base.rethrow", "Main.rethrow"))
"""The names `rethrow` is called by: run natively by `_rethrow_op` whether called generically or through `invoke`."""


def _generic_op(text: str, rs: tuple, d: int, i: int, X: int, in_place: bool):
    if text in RETHROW:
        return _rethrow_op(rs, i, X)
    if text.startswith("Core.Compiler.") and not _compiler_function(text):
        if compiler_binding(text.rpartition(".")[2]) == "Core":  # `Core.Compiler.Int`: Core's, as Main sees it
            text = "Core." + text.rpartition(".")[2]
        else:
            return _compiler_global_op(text, i)

    def prepare(regs):
        return regs[X].prepare(text, None, [regs[r] for r in rs])
    return _call_op(prepare, d, i, X, in_place)


def invoke_op(callee, arg_types: tuple, rs: tuple, d: int, i: int, X: int, in_place: bool = False):
    """The op of `%d = invoke callee(args…)`: the method instance's argument types name the callee's IR."""
    text = callee_text(callee)
    if text in RETHROW:
        return _rethrow_op(rs, i, X)

    def prepare(regs):
        return regs[X].prepare(text, arg_types, [regs[r] for r in rs])
    return _call_op(prepare, d, i, X, in_place)


def new_op(type_name: str, rs: tuple, d: int, i: int, X: int, qualified: str | None = None):
    """`%new(T, fields…)`: a record of type T, its field names and mutability from Core's exception types,
    the run's struct table (`run(…, structs=)`, a provider's `structs()`), or the provider's `struct_fields`
    (a live Julia's `fieldnames`, asked once per type); unknown otherwise."""
    type_name, qualified = _closure_type(type_name, qualified)
    key = type_name.split("{")[0]
    known = (KNOWN_STRUCTS[key], False) if key in KNOWN_STRUCTS else MUTABLE_STRUCTS.get(qualified or key)
    if qualified in MUTABLE_STRUCTS:  # `Core.Box`: `typeof` shows it qualified (Main does not see it)
        type_name = key = qualified
    module = _base_module(qualified) if known is None else None
    qualified = qualified or key

    def op(regs, _at=i):
        names, mutable = known or regs[X].struct_of(key, qualified) or (None, None)
        regs[d] = JStruct(type_name, _fields([regs[r] for r in rs], names, mutable), names, mutable, module)
    return op


def own_field(fn):
    """`getfield(#self#, :x)` of a closure whose struct's field names the run does not know, where it has one
    field: that field.  Lowering writes such a read only for a captured variable, each a field of the closure's
    type, so a one-field closure's read is of its field (several fields: their order is not in the IR, refused)."""
    def g(rt, x, name, *rest):
        if type(x) is JStruct and x.names is None and len(x.fields) == 1 and type(name) is JSymbol:
            if x.fields[0] is UNDEF:
                raise JuliaException("UndefRefError", "access to undefined reference", JStruct("UndefRefError", (), ()))
            return x.fields[0]
        return fn(rt, x, name, *rest)
    return g


def _closure_type(type_name: str, qualified: str | None) -> tuple[str, str | None]:
    """A struct of the user's code named by a generated name (`%new(Main.:(var"#4#6"), x)`, a closure's type) as
    Julia's `typeof` prints it from Main: `var"#4#6"`, or `Main.MyPkg.var"#4#6"` in another module; so that its
    call is asked of Julia by that name.  Any other name as it is."""
    module, _, bare = (qualified or "").rpartition(".")
    if not bare or is_identifier(bare) or bare.startswith('var"') or is_library_module(module) or "{" in type_name:
        return type_name, qualified
    quoted = var_quoted(bare)
    return (quoted if module in ("", "Main") else f"{module}.{quoted}"), f"{module or 'Main'}.{quoted}"


def _base_module(qualified: str | None) -> str | None:
    """`Base` for a type the IR names `Base.OneTo`, `Base.Math.X`, `Core.Y`: not a type of the code under study."""
    if qualified is None or "." not in qualified:
        return None
    module = qualified.rpartition(".")[0]
    return module if module.split(".")[0] in ("Base", "Core") else None


def _fields(values: list, names, mutable):
    """A new struct's fields: `%new` with fewer values than fields leaves the rest undefined (a `Core.Box()`)."""
    if names is not None and len(values) < len(names):
        return values + [UNDEF] * (len(names) - len(values))
    return values if mutable else tuple(values)


def new_dynamic_op(t: int, rs: tuple, d: int, i: int, X: int, module: str | None = None):
    """`%new(%t, fields…)` with the type computed by the code (`%t = Core.apply_type(%1, %2)`, how lowering builds
    a closure): the type is register `t`'s value, its fields as `new_op` finds them."""
    def op(regs, _at=i):
        made = regs[t]
        if type(made) is not JType:
            raise NotInterpretable(f"%new of a {typeof(made)} value, not a type")
        key = made.name.split("{")[0]
        names, mutable = MUTABLE_STRUCTS.get(key) or regs[X].struct_of(key, key) or (None, None)
        regs[d] = JStruct(made.name, _fields([regs[r] for r in rs], names, mutable), names, mutable, module)
    return op
