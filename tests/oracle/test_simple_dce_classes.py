"""`compact`'s `simple_dce!` proves what Julia's proves from the types its `IRCode` holds and the print does not
show: one real Julia 1.5.3 record per kind of proof, where jlir's `compact` now prints Julia's `compact!`
byte for byte.

The records (`tests/data/oracle/simple-dce-classes-1.5.3.jsonl.gz`) are cut from the oracle's cache
(`scripts/check/oracle.jl`; `isva` and `sparams` from its `--signatures`): a pipeline stage's print and Julia's
`compact!` of it, `why` naming the proof:

* `new`: `%new(Base.EachStringIndex{String}, _3)`: the value fits the struct's field (Julia's table,
  `jlir.lattice.fields`, and the argument's type);
* `getfield-arg`: `getfield(_1, :rf)` of the argument typed `Base.BottomRF{…}` by the signature;
* `getfield-tuple-arg`: `getfield(_3, 1, true)` of an argument typed `Tuple{Base.OneTo{Int64}}`;
* `getfield-closure-arg`: `getfield(_2, :lt)` of an argument typed `Base.Order.Lt{…}` (a closure's field);
* `isa-sp`: `isa(_3, $(Expr(:static_parameter, 1)))`, the static parameter a type;
* `bitcast`: `bitcast(UInt64, %x)` between primitive types of one size (`intrinsic_nothrow`).
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from jlir.oracle.checks import Outcome, check_compact
from jlir.oracle.run import instance_types

RECORDS = Path(__file__).resolve().parents[1] / "data" / "oracle" / "simple-dce-classes-1.5.3.jsonl.gz"
# Proofs that need the instance's argument or static parameter types: without them jlir keeps the statement.
NEED_TYPES = {"getfield-arg", "getfield-tuple-arg", "getfield-closure-arg", "isa-sp", "new"}


def _records() -> list[dict]:
    with gzip.open(RECORDS, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


CASES = _records()


def test_every_kind_of_proof_has_a_record():
    assert {r["why"] for r in CASES} == {"new", "getfield-arg", "getfield-tuple-arg", "getfield-closure-arg", "isa-sp",
                                         "bitcast"}


@pytest.mark.parametrize("record", CASES, ids=lambda r: r["why"])
def test_compact_erases_what_julias_simple_dce_proves_effect_free(record):
    stage = record["stage"]
    assert check_compact(stage["text"], stage["compact"], instance_types(record)) == Outcome("equal")


@pytest.mark.parametrize("record", [r for r in CASES if r["why"] in NEED_TYPES], ids=lambda r: r["why"])
def test_without_the_instance_types_compact_keeps_what_it_cannot_prove(record):
    stage = record["stage"]
    assert check_compact(stage["text"], stage["compact"]) == Outcome("rule", "simple-dce-lattice")


def test_an_unused_new_inference_typed_const_is_effect_free():
    """`%new(Pkg.PlatformEngines.:(var"#20#46"))::Const(Pkg.PlatformEngines.var"#20#46"(), false)` in the slot2reg
    stage of `Pkg.PlatformEngines.#probe_platform_engines!#14` (`oracle.py --module Pkg`): 1.5's `abstract_eval`
    types a `:new` `Const` only for a concrete immutable type given all its fields, each a constant of its field's
    type, which is what `stmt_effect_free` asks; Julia's `compact!` leaves `nothing` in its place, and so does jlir
    now (the closure types are in no table of jlir's).  The rest of the function differs by the module-object class
    (`object-or-global`), so the statements are compared one by one."""
    import jlir
    from jlir.edit import IRCode
    path = RECORDS.parent / "simple-dce-new-const-1.5.3.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as f:
        record = json.loads(f.readline())
    stage = record["stage"]
    ours = jlir.format(IRCode(jlir.functions(jlir.parse(stage["text"]))[0], *instance_types(record)).compact())
    erased = [line.split("nothing::", 1)[1] for line in stage["compact"].splitlines()
              if "nothing::Core.Compiler.Const(Pkg.PlatformEngines.var\"#2" in line]
    assert len(erased) >= 3 and "%new(" in stage["text"]
    for typ in erased:
        assert f"nothing::{typ}" in ours
    assert "%new(Pkg.PlatformEngines.:(var\"#20#46\"))" not in ours
