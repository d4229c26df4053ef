"""`compact` of the IR Julia 1.5.3's inliner leaves, on Julia's own records (`compact-inlined-1.5.3.jsonl.gz`:
the stage print and Julia's print of `compact!` of it, with the instance's signature facts).

Each class here was wrong on all of Base before; each test shows jlir's print equal to Julia's (or, where the
print cannot tell, the named rule and the rewriting that makes it equal).
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import jlir
from jlir.edit import IRCode
from jlir.oracle.checks import check_compact
from jlir.oracle.run import instance_types

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "compact-inlined-1.5.3.jsonl.gz"


def _stage(fragment: str, name: str) -> tuple[dict, dict]:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        record = next(r for r in map(json.loads, f) if fragment in r["target"])
    return record, next(s for s in record["stages"] if s["name"] == name)


def _compacted(record: dict, stage: dict) -> str:
    fn = jlir.functions(jlir.parse(stage["text"]))[0]
    return jlir.format(IRCode(fn, *instance_types(record)).compact()).rstrip("\n")


def _lines_with(text: str, needle: str) -> list[str]:
    return [line for line in text.split("\n") if needle in line]


def test_the_type_a_folded_typeof_left_for_fieldtype_is_dropped_as_compact_does():
    record, stage = _stage("setproperty!", "inlining")
    assert "%1 = Base.TTY::Core.Compiler.Const(Base.TTY, false)" in stage["text"]
    ours = _compacted(record, stage)
    assert ours == stage["compact"].rstrip("\n")
    assert "Base.fieldtype(Base.TTY, _3)" in ours


def test_the_global_a_constructors_new_reads_by_field_index_is_kept():
    record, stage = _stage("Type{Base.UUID}", "slot2reg")
    ours = _compacted(record, stage)
    assert ours == stage["compact"].rstrip("\n")
    assert "%1 = Base.UUID::Core.Compiler.Const(Base.UUID, false)" in ours


def test_an_object_the_print_cannot_tell_from_a_global_is_the_object_or_global_rule():
    record, stage = _stage("Dates.AMPM", "inlining")
    assert _compacted(record, stage) != stage["compact"].rstrip("\n")   # jlir keeps what may be a global
    outcome = check_compact(stage["text"], stage["compact"], instance_types(record))
    assert (outcome.verdict, outcome.detail) == ("rule", "object-or-global")


def test_a_pi_of_a_literal_of_its_own_type_is_dropped():
    record, stage = _stage("typeof(length),String", "inlining")
    assert "π (1, Int64)" in stage["text"]
    ours = _compacted(record, stage)
    assert ours == stage["compact"].rstrip("\n")
    assert "π (1, Int64)" not in ours


def test_an_erased_pi_keeps_its_own_type_as_the_statements():
    record, stage = _stage('##Channel#488', "inlining")
    ours = _compacted(record, stage)
    assert ours == stage["compact"].rstrip("\n")
    assert _lines_with(ours, "nothing::Core.Compiler.Const(nothing, false)")


def test_the_name_field_of_a_known_datatype_constant_cannot_throw():
    record, stage = _stage("fieldcount", "inlining")
    assert "π (_2, Core.Compiler.Const(UInt32, false))" in stage["text"]
    ours = _compacted(record, stage)
    assert ours == stage["compact"].rstrip("\n")
    assert not _lines_with(ours, ":name)")   # `getfield(π (_2, Const(UInt32)), :name)`: every DataType has a name


def test_a_field_of_a_partial_struct_tuple_in_range_cannot_throw():
    record, stage = _stage("typeof(getindex),Array{Int64,1},Any,Any", "inlining")
    assert "(getfield)(%2, 2)::Array{Int64,1}" in stage["text"]
    ours = _compacted(record, stage)
    assert not _lines_with(ours, "(getfield)(")
    # the same statements erased as Julia's (the print differs only in which row shows the line number 1060)
    assert [x.split("─")[-1].split("│")[-1].strip() for x in _lines_with(ours, "nothing::")] == \
        [x.split("─")[-1].split("│")[-1].strip() for x in _lines_with(stage["compact"], "nothing::")]


def test_a_builtin_named_through_core_compiler_is_the_builtin():
    record, stage = _stage("Core.Compiler.getindex", "slot2reg")
    # `isdefined(π (%1, Core.PiNode), :val)`, inferred `Const(true)`: Core.Compiler's `isdefined` is Core's
    assert _lines_with(stage["text"], "= Core.Compiler.isdefined(%152, :val)::Core.Compiler.Const(true, false)")
    ours = _compacted(record, stage)
    assert ours == stage["compact"].rstrip("\n")
    assert len(_lines_with(ours, "Core.Compiler.isdefined(")) == 2


def test_an_object_typed_type_of_itself_is_the_object_or_global_rule_too():
    record, stage = _stage("typeof(unique)", "inlining")
    assert _lines_with(stage["text"], "= REPL.REPLCompletions.Completion::Type{REPL.REPLCompletions.Completion}")
    outcome = check_compact(stage["text"], stage["compact"], instance_types(record))
    assert (outcome.verdict, outcome.detail) == ("rule", "object-or-global")
