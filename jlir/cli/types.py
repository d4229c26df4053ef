"""`--argtypes` and `--sparams` of `jlir opt` and `jlir ssa`: the instance's argument and static parameter types,
which Julia's `IRCode` holds (`argtypes`, `sptypes`) and its `simple_dce!` proves from, and a print does not show.

`--argtypes Int64,Tuple{Int64, Float64}` lists the method's arguments' types in order, as `IRCode.argtypes` holds
them after the function's own (a vararg method's last one is the tuple of the trailing values); `--sparams T,…`
the values of its static parameters (`where T`), in order, a type or a number each.  Where the options are not
given, the heading above the dump says them (`# MethodInstance for f(::Int8, ::Float64)`, `# sparams: Int64`,
`# vararg: true`, or a `jlir fetch` label `# f(::Int8) — typed — …`); the heading's function name gives the
function's own type (`typeof(f)`, a `Const` of it, as inference types it).
"""
from __future__ import annotations

from jlir.cli.heading import Heading, heading_of
from jlir.ir.errors import JlirError
from jlir.lattice.signature import method_argtypes
from jlir.lattice.tmerge import const_of
from jlir.semantics.values import split_params


class TypesError(ValueError):
    """An `--argtypes` or `--sparams` entry that is not a type Julia prints."""


def add_type_options(sp) -> None:
    sp.add_argument("--argtypes", metavar="T1,T2,…", default=None,
                    help="the method instance's argument types in order (Julia's IRCode.argtypes after the "
                         "function's own; a vararg method's last one the Tuple of the trailing values), so that "
                         "compaction proves what Julia's simple_dce! proves; default: the dump's heading")
    sp.add_argument("--sparams", metavar="S1,S2,…", default=None,
                    help="the values of its static parameters (where T), in order; default: the dump's heading")


def _parse(text: str):
    from jlir.syntax.statement.grammar import StatementParser
    try:
        return StatementParser().parse_type(text.strip())
    except JlirError as e:
        raise TypesError(f"{text.strip()!r} is not a type Julia prints: {str(e).splitlines()[0]}") from None


def instance_types(heading: Heading, argtypes: str | None = None, sparams: str | None = None) -> tuple:
    """`(argtypes, sptypes)` for `jlir.edit.IRCode` from the options, else the heading; ((), ()) where neither
    says anything.  `TypesError` names an entry the type reader does not take."""
    texts = split_params(argtypes) if argtypes is not None else [t for t in heading.argtypes if t is not None]
    if argtypes is None and (len(texts) != len(heading.argtypes) or not texts and heading.name is None):
        texts = None  # a label's values (`f(1.0)`): their types are not written
    out_args: tuple = ()
    if texts is not None:
        own = _own_type(heading.name) if argtypes is None else None
        params = [_parse(t) for t in texts]
        isva = heading.vararg if argtypes is None else False
        # a vararg method's arguments are counted by its names: the signature lists the trailing values one by one
        nargs = len(heading.argnames) + 1 if isva and heading.argnames is not None else len(params) + 1
        out_args = (None if own is None else method_argtypes([own], 1, False)[0],) + \
            method_argtypes([_parse("Any")] + params, nargs, isva)[1:]
    spt = split_params(sparams) if sparams is not None else list(heading.sparams or ())
    return out_args, tuple(_sparam(t) for t in spt)


def _own_type(name: str | None):
    """The function's own type as its heading names it: `typeof(f)`, or a callable's `(::T)` (a closure's type)."""
    if not name:
        return None
    if name.startswith("(::") and name.endswith(")"):
        return _parse(name[3:-1])
    return None if name.startswith("(") else _parse(f"typeof({name})")


def _sparam(text: str):
    t = text.strip()
    if t.lstrip("-").isdigit():
        return None  # a number: nothing `simple_dce!` proves from it here
    return const_of(_parse(t))


def types_for(doc, args):
    """`function → (argtypes, sptypes)` of a document for `jlir opt`/`jlir ssa`'s options (`TypesError` early)."""
    cache: dict = {}

    def types(fn):
        if id(fn) not in cache:
            cache[id(fn)] = instance_types(heading_of(doc, fn), args.argtypes, args.sparams)
        return cache[id(fn)]
    return types
