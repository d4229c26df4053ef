"""`compact` of the IR Julia 1.5.3's slot2reg leaves, on generated programs' records
(`compact-generated-1.5.3.jsonl.gz`: the stage print and Julia's print of `compact!` of it, with the instance's
signature facts; each record names the record file it was cut from).

A statement printed as a negative number is either that constant, which `compact!`'s `process_node!` renames into
its uses ("Constant assign"), or the call of unary minus on the positive literal (`-(3.0)`, `-(0xc8)` in the
source), which it keeps: `show_unquoted` prints the call as `-` then its argument, so the print cannot say which.
jlir reads the constant; the `negated-literal-or-call` rule reads them as calls and requires the rest byte for byte.

`simple_dce!` turns an unused φ into `nothing` where it stands, a used φ of its block after it or not (`main_206`,
`main_30`, and `phiblock`, the program below, recorded the same way to give the interpreter a function it can run).
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

import jlir
from jlir.edit import IRCode
from jlir.oracle.checks import check_compact
from jlir.oracle.run import instance_types

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "compact-generated-1.5.3.jsonl.gz"


PHIBLOCK = """
function phiblock(a::Int32, b::Int64, c::Bool)
    x = a
    y = b
    try
        if c
            x = x + Int32(1)
            y = y + 1
        end
        y = y * 2
    catch
        y = x % Int64
    end
    x
    return y
end
"""


def _stage(fragment: str, name: str) -> tuple[dict, dict]:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        record = next(r for r in map(json.loads, f) if fragment in r["target"])
    return record, next(s for s in record["stages"] if s["name"] == name)


def test_a_negated_unsigned_number_compact_keeps_is_read_as_the_call_of_unary_minus():
    # `show` writes no unsigned value with a sign: `-0xc8` (`ispow2(-(0xc8))`) can only be the call, which
    # compact! keeps; jlir reads it so, and its compact is Julia's without a rule
    record, stage = _stage("h6_54", "slot2reg")
    kept = "%30 = -0xc8::Core.Compiler.Const(0x38, false)"
    fn = jlir.functions(jlir.parse(stage["text"]))[0]
    assert kept in stage["compact"] and kept in jlir.format(IRCode(fn, *instance_types(record)).compact())
    assert check_compact(stage["text"], stage["compact"], instance_types(record)).verdict == "equal"


@pytest.mark.parametrize("fragment, kept", [
    ("main_256", "%23 = -0.1f0::Core.Compiler.Const(-0.1f0, false)"),     # `isnan(-(0.1f0))`
    ("negcall", "%3 = -2::Core.Compiler.Const(-2, false)"),               # `x > 0 ? (-(2)) : 5`
])
def test_a_negative_number_compact_keeps_is_the_call_of_unary_minus(fragment, kept):
    record, stage = _stage(fragment, "slot2reg")
    assert kept in stage["compact"]
    fn = jlir.functions(jlir.parse(stage["text"]))[0]
    ours = jlir.format(IRCode(fn, *instance_types(record)).compact())
    assert kept not in ours   # jlir reads the constant, and renames it into its uses
    outcome = check_compact(stage["text"], stage["compact"], instance_types(record))
    assert (outcome.verdict, outcome.detail) == ("rule", "negated-literal-or-call")


@pytest.mark.parametrize("fragment", ["main_206", "main_30)", "phiblock"])
def test_an_unused_phi_before_a_used_phi_becomes_nothing_in_place(fragment):
    record, stage = _stage(fragment, "slot2reg")
    fn = jlir.functions(jlir.parse(stage["text"]))[0]
    ours = jlir.format(IRCode(fn, *instance_types(record)).compact())
    assert ours.rstrip("\n") == stage["compact"].rstrip("\n")
    assert any("nothing::Int" in line for line in ours.split("\n"))
