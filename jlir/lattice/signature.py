"""What Julia's `IRCode` holds as `argtypes` for a method instance: inference's type of each argument
(`matching_cache_argtypes`), from the instance's signature.  `simple_dce!` proves effect-freedom from them, so
`compact` and `ssa` need them to print what Julia prints (`jlir.edit.IRCode(fn, argtypes, sptypes)`); the oracle
gives them from a record's signature, `jlir opt`/`jlir ssa` from `--argtypes` or a dump's heading.
"""
from __future__ import annotations

from jlir.ir import types as T
from jlir.ir import values as V
from jlir.lattice import typeset as S
from jlir.lattice.tmerge import Undecided, const_of


def cache_argtype(p):
    """Inference's type for an argument of signature type `p` (`matching_cache_argtypes`): the instance of a
    singleton type as a `Const` (`typeof(f)`, `Nothing`, `Missing`, a field-less struct Julia's tables list),
    and `Type{X}` as `Const(X)`; None (unknown) for a closure's type the name does not tell a singleton or not;
    else `p`."""
    value = None
    if type(p) is T.TypeCall and p.head == T.TypeName(("typeof",)) and len(p.args) == 1:
        value = p.args[0]
    elif type(p) is T.TypeApply and p.head == T.TypeName(("Type",)) and len(p.params) == 1:
        value = p.params[0]
    elif p == T.TypeName(("Nothing",)):
        value = V.NOTHING
    elif p == T.TypeName(("Missing",)):
        value = T.TypeName(("missing",))   # `missing` prints as a bare name, as the reader takes it
    elif _singleton(p):
        value = T.TypeCall(p, ())  # the one instance, shown as its constructor call: `Core.CoreSTDOUT()`
    elif _closure_type(p):
        return None   # a singleton (`Const` of its instance) unless it captures a `Core.Box`: not in the name
    return p if value is None else const_of(value)


def _closure_type(p) -> bool:
    """A closure's (or an inner function's) type without parameters that Julia's tables do not list
    (`Pkg.BinaryPlatforms.var"#26#29"`): lowering makes each captured variable a type parameter, except one it
    boxes, so such a type has no fields (a singleton, which inference gives as the `Const` of its instance:
    `most_general_argtypes`) or only `Core.Box` fields (not one).  The name does not say which."""
    return type(p) is T.TypeName and p.path[-1].startswith('var"#') and S.facts(S.head_name(p)) is None


def _singleton(p) -> bool:
    """Whether `p` is a type with one instance (no fields, immutable), by Julia's type tables."""
    if type(p) is not T.TypeName or not S.is_datatype(p) or S.facts(S.head_name(p)) is None:
        return False
    try:
        return S._singleton(p)
    except Undecided:
        return False


def method_argtypes(params, nargs: int, isva: bool | None) -> tuple:
    """`IRCode.argtypes` of an instance whose signature's parameters are `params` (the function's type first)
    for a method of `nargs` arguments, its own slot included: a vararg method's (`isva`) last argument is the
    tuple of the trailing values; where `isva` is None (not said), that last type is left out (unknown)."""
    params = [cache_argtype(p) for p in params]
    if isva is True:
        return tuple(params[:nargs - 1]) + (T.TypeApply(T.TypeName(("Tuple",)), tuple(params[nargs - 1:])),)
    fixed = tuple(params[:_first_vararg(params)])
    return fixed[:nargs] if isva is False else fixed[:nargs - 1]


def _first_vararg(params) -> int:
    for k, p in enumerate(params):
        try:
            if S.vararg_of(p) is not None:
                return k
        except Undecided:
            return k
    return len(params)
