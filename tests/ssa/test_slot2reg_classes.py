"""`jlir ssa` against Julia 1.5.3's `slot2reg` + `compact!` on Julia's own records of small functions
(`slot2reg-classes-1.5.3.jsonl.gz`: each an instance's `optimize=false` print, its argument names and signature
facts, and Julia's print of the result), one per class the Base records showed (`Core.Compiler.typeinf_ext`,
`Base.#read#547`, `Core.Compiler.validate_code!`, `Core.Compiler.tmerge`, `Base.CoreLogging.logmsg_code`).
Each was wrong before its fix."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import jlir
from jlir.oracle.checks import check_ssa
from jlir.oracle.run import instance_types
from jlir.ssa import into_ssa

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "slot2reg-classes-1.5.3.jsonl.gz"


def _record(cls: str) -> dict:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        return next(r for r in map(json.loads, f) if r["class"] == cls)


def _ours(record: dict) -> str:
    fn = jlir.functions(jlir.parse(record["unoptimized"]))[0]
    argtypes, sptypes = instance_types(record)
    return jlir.format(into_ssa(fn, argnames=tuple(record["argnames"]), slottypes=argtypes or None,
                                argtypes=argtypes, sptypes=sptypes)).rstrip("\n")


def _verdict(record: dict) -> str:
    fn = jlir.functions(jlir.parse(record["unoptimized"]))[0]
    return check_ssa(fn, record["ssa"], record["argnames"], instance_types(record)).verdict


def test_a_copyast_of_a_dotted_name_types_its_statement_the_const_of_the_expression():
    # `msg = :(frame.inferred)`: the quoted `Expr` reads back as a GlobalRef; typ_for_val of the copyast is
    # still `Const` of that expression (lowering emits copyast only for an Expr), not the `Expr` inference gave
    record = _record("copyast-of-dotted-name")
    assert "::Core.Compiler.Const(:(frame.inferred), false)" in _ours(record)
    assert _ours(record) == record["ssa"].rstrip("\n")


def test_a_decimal_constant_merged_with_an_int32_takes_the_width_the_slots_whole_read_shows():
    # `n = all && nb == 5 ? 1024 : nb` with `nb::Int32`: `%14 = @_9::Union{Int32, Int64}` is inference's type of
    # the slot there, the tmerge of the same values: the 1024 is an Int64 and the φ a Union
    record = _record("constant-width-from-whole-read")
    assert "::Union{Int32, Int64}" in _ours(record)
    assert _ours(record) == record["ssa"].rstrip("\n")


def test_a_phi_of_a_type_where_and_a_constant_type_is_typed_type_and_its_typed_read_needs_no_pi():
    # tmerge(Type{NTuple{_A,Any}} where _A, Const(Tuple)) is Type (neither is below the other: Type is
    # invariant); compact! drops the π of the read `w::Type` whose type is the φ's
    record = _record("type-where-tmerge")
    ours = _ours(record)
    assert any(" = φ (" in line and line.endswith("::Type") for line in ours.splitlines())
    assert ", Type)" not in ours   # no `π (%k, Type)`
    assert ours == record["ssa"].rstrip("\n")


def test_a_body_slot_assigned_again_after_a_loop_is_numbered_after_the_loops_hidden_state():
    # `group = nothing` before the loop and `group = flag ? 5 : 6` after it: lowering numbers the body's slots by
    # their last assignment in the body's own text, so `group` comes after the loop's `next` (`@_N`), and so do
    # its φs in the loop header
    record = _record("slot-order-last-assignment")
    assert _ours(record) == record["ssa"].rstrip("\n")
    assert _verdict(record) == "equal"


def test_a_loop_bodys_slot_assigned_last_in_dead_code_is_numbered_by_that_assignment():
    # `acc = i; c = 0; while … acc = 3 end; if false acc = acc + 1 end`: the dead `acc = acc + 1` (printed
    # `Const(:(acc = …))`) is acc's last assignment in the loop body's own text (the while body is a scope of
    # its own), so `c` is numbered before `acc`, and so are its φs
    record = _record("slot-order-dead-assignment")
    assert _ours(record) == record["ssa"].rstrip("\n")


def test_an_assignment_in_a_catch_block_does_not_order_a_body_slot():
    # `a = x; b = y; try … catch e; a |= …; end`: the catch block is a scope of its own, so `a` is ordered by
    # `a = x`, before `b`: the ϒs and φᶜs come a first
    record = _record("slot-order-catch-scope")
    assert _ours(record) == record["ssa"].rstrip("\n")


def test_a_float16_zero_merged_in_a_phi_takes_the_width_the_slots_whole_read_shows():
    # `w = flag ? u : Float16(-1.5)` with `u = Float16(-0.0)` (`Const(-0.0, false)`, printed as a Float64's):
    # `w = @_N::Float16` says the φ is a Float16
    record = _record("float16-zero-width-from-whole-read")
    assert _ours(record) == record["ssa"].rstrip("\n")


def test_a_scope_with_more_than_20_assignments_orders_its_slots_by_first_assignment():
    # flisp's delete-duplicates keeps first occurrences in a list longer than 20: `valid`, assigned first and
    # again inside the last `if` (after `msec = 0`), keeps slot 8, before `msec` (Julia's `code_lowered` slotnames)
    record = _record("slot-order-long-list-first-occurrence")
    assert _ours(record) == record["ssa"].rstrip("\n")


def test_a_phic_input_assigned_through_a_chain_of_slots_takes_the_type_at_the_chains_end():
    # `k = @_19` after `@_19 = @_21`, `@_21 = k` in a catch: the ϒ of `k` stored in the try is typed by the φᶜ the
    # chain ends at (Julia resolves every DelayedTyp first), so the outer φᶜ is `Char`, not left untyped
    record = _record("phic-input-through-assignment-chain")
    assert "nothing::Char" in _ours(record).split(" 26 ─")[-1]
    assert _ours(record) == record["ssa"].rstrip("\n")


def test_a_phic_of_decimal_constants_takes_the_width_a_whole_read_downstream_shows():
    # `x = f(Int8(10))` then `x = n % Int8` inside a try: the φᶜ of `Const(10)` and `Const(6)` has no read of its
    # own, but feeds the loop's φ whose read `%185 = x::Int8` shows inference's type there: both constants are Int8
    record = _record("phic-constant-width-from-downstream-read")
    assert "φᶜ (%168, %196, %191)::Int8" in _ours(record)
    assert _ours(record) == record["ssa"].rstrip("\n")


def test_a_branch_on_a_slot_read_typed_const_true_is_not_an_edge_that_makes_a_slot_used_undefined():
    # `u2` is assigned only under `if (isodd(UInt128(5)) || …)`, whose `||` slot is read `@_14::Const(true)`:
    # inference never takes the branch around the assignment, so `u2` is not SLOT_USEDUNDEF and slot2reg puts
    # no `undefcheck` before its read (the SSA φ still has its `#undef` edge)
    record = _record("used-undef-constant-slot-condition")
    assert "undefcheck" not in _ours(record)
    assert _ours(record) == record["ssa"].rstrip("\n")
