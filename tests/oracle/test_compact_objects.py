"""`compact` tells a type object from a global bound to it where the print shows both alike, on Julia 1.5.3's
own records (`compact-objects-1.5.3.jsonl.gz`: the stage print and Julia's print of `compact!` of it).

`%1 = Base.TTY::Core.Compiler.Const(Base.TTY, false)` is either the global `Base.TTY` (kept by `compact!`: reading
it may throw) or the type object the inliner put where `typeof(x)` stood (dropped, its uses reading it in place).
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import jlir
from jlir.edit import IRCode
from jlir.oracle.checks import check_compact
from jlir.oracle.run import instance_types

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "compact-objects-1.5.3.jsonl.gz"


def _stage(fragment: str, name: str) -> tuple[dict, dict]:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        record = next(r for r in map(json.loads, f) if fragment in r["target"])
    return record, next(s for s in record["stages"] if s["name"] == name)


def _compacted(record: dict, stage: dict) -> str:
    fn = jlir.functions(jlir.parse(stage["text"]))[0]
    return jlir.format(IRCode(fn, *instance_types(record)).compact())


def test_the_type_a_folded_typeof_left_for_fieldtype_is_dropped_as_compact_does():
    record, stage = _stage("setproperty!", "inlining")
    assert "%1 = Base.TTY::Core.Compiler.Const(Base.TTY, false)" in stage["text"]
    ours = _compacted(record, stage)
    assert ours.rstrip("\n") == stage["compact"].rstrip("\n")
    assert "Base.fieldtype(Base.TTY, _3)" in ours
    assert check_compact(stage["text"], stage["compact"], instance_types(record)).verdict == "equal"


def test_the_global_a_constructors_new_reads_by_field_index_is_kept():
    record, stage = _stage("Type{Base.UUID}", "slot2reg")
    ours = _compacted(record, stage)
    assert ours.rstrip("\n") == stage["compact"].rstrip("\n")
    assert "%1 = Base.UUID::Core.Compiler.Const(Base.UUID, false)" in ours
