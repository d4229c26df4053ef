"""What Julia 1.5.3 knows of the types jlir reads by name: the tables Julia wrote, read by one loader, and the
name of a printed type.

jlir has the printed `::T` only, so every question about a type (is it
concrete, abstract, a Union, a singleton, what is its supertype) is asked of
its printed name.  Two scripts ask a live Julia and write the answers:
`data/types-1.5.3.json` (`scripts/gen/gen_abstract_types.jl`: kind and arity of
every type name Base and Core export, and the names the builtins print by),
and `data/lattice-1.5.3.json` (`scripts/gen/gen_lattice_facts.jl`, run over the
first table's names: module, supertype, flags, number of fields).  The
stability report reads the first, the SSA layer's `tmerge` both; both read
them here, and both take a type's name the same way (`name_of`,
`head_name`, `is_union`), which used to be written twice.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from jlir.ir import types as T
from jlir.ir.errors import JlirError

DATA = Path(__file__).with_name("data")
TYPES = DATA / "types-1.5.3.json"
LATTICE = DATA / "lattice-1.5.3.json"


@dataclass(frozen=True, slots=True)
class Table:
    """Julia's facts about type and callee names.

    `types`: printed name → (kind, arity); `upper`: the same by upper-cased name (`@code_warntype`'s
    highlighted types) where its spellings agree; `builtins`: the names builtins and intrinsics print by;
    `lattice`: name → (module, supertype, flags, nfields) for the names bound to a DataType (or a UnionAll
    of one), `gen_lattice_facts.jl` says what each means.
    """
    julia: str
    types: dict
    upper: dict
    builtins: frozenset
    lattice: dict


@cache
def table() -> Table:
    """The committed tables (read once), which must come from one Julia."""
    data = json.loads(TYPES.read_text(encoding="utf-8"))
    lattice = json.loads(LATTICE.read_text(encoding="utf-8"))
    if lattice["julia"] != data["julia"]:
        raise JlirError(f"{LATTICE.name} is Julia {lattice['julia']}'s, {TYPES.name} Julia {data['julia']}'s")
    types = {name: (kind, arity) for name, (kind, arity) in data["types"].items()}
    upper: dict = {}
    for name, entry in types.items():
        upper.setdefault(name.upper(), set()).add(entry)
    # An upper-cased name is usable only where its original spellings agree.
    upper = {k: next(iter(v)) for k, v in upper.items() if len(v) == 1}
    facts = {name: tuple(entry) for name, entry in lattice["names"].items()}
    return Table(data["julia"], types, upper, frozenset(data["builtins"]), facts)


def name_of(t) -> str | None:
    """The dotted name of a `TypeName`, else None."""
    return ".".join(t.path) if type(t) is T.TypeName else None


def head_name(t) -> str | None:
    """The dotted name of a `TypeName` or of a `TypeApply`'s head (`Array` of `Array{Int64,1}`), else None."""
    return name_of(t.head) if type(t) is T.TypeApply else name_of(t)


def last_name(name: str | None) -> str | None:
    """`Core.Tuple` and `Tuple` are one name: the last component, for the few heads judged by name."""
    return None if name is None else name.rsplit(".", 1)[-1]


def is_union(t) -> bool:
    """A printed `Union{…}` (`Union{}` included)."""
    return type(t) is T.TypeApply and last_name(name_of(t.head)) == "Union"


def union_members(t) -> tuple:
    """The members of a printed `Union{…}` as printed, else ()."""
    return t.params if is_union(t) else ()
