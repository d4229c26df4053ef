"""Classes of code outside Base that jlir once got wrong, each on Julia 1.5.3's own record of a small program
(`code-classes-1.5.3.jsonl.gz`, written by `scripts/gen/gen_class_records.py` from `scripts/gen/classes/*.jl`:
`scripts/check/oracle.jl --cases` records, and for `functor3` the callee dumps `JlirLive.record_runs` gives).

- `@isdefined` of a local undefined on some path: slot2reg keeps it false (`isdef_*`);
- a call of a value whose type has a call method (a functor, a method added to `Int8`), Julia's `MethodError`
  where no method matches (`functor3`); intrinsics of operands Julia refuses (`bitcast_size`, `mixed_intrinsic`),
  and `dce` keeping such a call; a returned closure's `repr` (`closure_repr2`); a global bound to an `Int32`
  constant (`int32_phi`);
- slot2reg's pending `throw_undef_if_not` where no printed id shows the print uncompacted (`tuin1`, `tuin2`);
- `compact` after inlining and type_lift: an intrinsic and a complex constant left by the inliner, a π typed
  `Union{}` (`intrinsic_obj`, `complex_const2`, `pi_bottom`);
- a slot named by a number (`digit_local2`);
- `jlir ssa`'s φ/ϒ/φᶜ types: a ϒ of a φ in a try (`try_phi`), a Union of types sorted by module name
  (`union_order`), a φ of `Int32` constants (`int32_phi`); used-undef only by edges inference follows
  (`undef_constbranch`);
- decimal constants in the interpreter: a conversion's operand, a tuple's element, a φ's value (`int8_common`,
  `tuple_ret`, `phi_narrow`).
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

import jlir
from jlir import passes
from jlir.edit import IRCode
from jlir.interp import run
from jlir.interp.builtin import BaseProvider
from jlir.interp.provider import DumpProvider
from jlir.ir import values as V
from jlir.oracle import Outcome, check_record
from jlir.oracle.interp import Chain, argument, julia_outcome
from jlir.oracle.run import instance_types
from jlir.ssa import into_ssa

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "code-classes-1.5.3.jsonl.gz"
EQUAL = Outcome("equal")


def _records() -> dict:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        return {r["case"]: r for r in map(json.loads, f)}


RECORDS = _records()


def _outcomes(case: str, form: str) -> dict:
    return {check: o for check, f, o in check_record(RECORDS[case]) if f == form}


def _stage(case: str, name: str) -> dict:
    return next(s for s in RECORDS[case]["stages"] if s["name"] == name)


def _runs(case: str, fn, provider=None, optimized=None) -> list[tuple]:
    """(jlir's outcome, Julia's) of each recorded run of `fn` (`optimized`: as `run` takes it)."""
    r = RECORDS[case]
    return [(run(fn, [argument(a) for a in x["args"]], provider, argnames=r["argnames"], max_steps=100_000,
                 optimized=optimized).outcome,
             julia_outcome(x["outcome"])) for x in r["interp"]["runs"]]


def _ssa(case: str):
    r = RECORDS[case]
    types = instance_types(r)
    fn = jlir.functions(jlir.parse(r["unoptimized"]))[0]
    return into_ssa(fn, argnames=tuple(r["argnames"]), slottypes=types[0] or None, argtypes=types[0],
                    sptypes=types[1])


@pytest.mark.parametrize("case", ["isdef_never", "isdef_branch", "isdef_try2"])
def test_isdefined_of_a_local_undefined_on_some_path_stays_false_through_jlir_ssa(case):
    assert "$(Expr(:isdefined, :(y" in RECORDS[case]["unoptimized"]
    assert _outcomes(case, "optimize=false")["ssa"] == EQUAL
    if case != "isdef_try2":   # (its `error` call needs a callee)
        ours = jlir.functions(jlir.parse(jlir.format(_ssa(case))))[0]
        runs = _runs(case, ours, optimized=False)  # jlir's ssa of an optimize=false print: the source's literals
        assert all(got == want for got, want in runs) and ("value", "Bool", "false") in [w for _, w in runs]


@pytest.mark.parametrize("form", ["typed", "unoptimized", "lowered"])
def test_a_call_of_a_functor_runs_and_one_no_method_matches_is_julias_method_error(form):
    # `callit3(Int8(2), n)`, `callit3(Unit0(), n)` call methods of Int8 and a field-less struct; `NoCall(n)(n)` and
    # `2.5(n)` match no method: Julia's record of the callees says `# no method` for those
    r = RECORDS["functor3"]
    dumps = DumpProvider()
    for text in r["callees"]:
        dumps.add(text)
    assert dumps.no_method("(::NoCall)", ["Int64"]) and dumps.no_method("(::Float64)", ["Int64"])
    fn = jlir.functions(jlir.parse(r[form]))[0]
    assert all(got == want for got, want in _runs("functor3", fn, Chain(dumps, BaseProvider())))


@pytest.mark.parametrize("case", ["bitcast_size", "mixed_intrinsic"])
def test_an_intrinsic_of_operands_julia_refuses_throws(case):
    fn = jlir.functions(jlir.parse(RECORDS[case]["typed"]))[0]
    assert all(got == want == ("exception", "ErrorException") for got, want in _runs(case, fn))


def test_dce_and_sccp_keep_an_unused_intrinsic_call_that_throws():
    fn = jlir.functions(jlir.parse(RECORDS["mixed_intrinsic"]["typed"]))[0]
    assert "(Core.Intrinsics.add_int)(n, 0x01)::Int64" in jlir.format(fn)
    assert "add_int" in jlir.format(passes.run(fn, ["dce"]))
    ir = IRCode(fn)   # the operand a constant sccp folds: `add_int(3, 0x01)` still throws
    node = ir.stmt(1).node
    ir.set_stmt(1, type(node)(node.head, (node.args[0], V.Literal("3", "int"), node.args[2])))
    assert "add_int)(3, 0x01)" in jlir.format(passes.run(ir.compact(), ["sccp", "dce"]))


def test_a_returned_closure_shows_as_julia_quotes_it():
    fn = jlir.functions(jlir.parse(RECORDS["closure_repr2"]["typed"]))[0]
    (got, want), *_ = _runs("closure_repr2", fn)
    assert got == want and 'var"#45#49"()' in want[2]


def test_a_global_bound_to_an_int32_constant_keeps_its_type():
    fn = jlir.functions(jlir.parse(RECORDS["int32_phi"]["typed"]))[0]
    assert "Main.FLAG_A::Core.Compiler.Const(1, false)" in RECORDS["int32_phi"]["typed"]
    assert all(got == want for got, want in _runs("int32_phi", fn))
    assert _outcomes("int32_phi", "optimize=false")["ssa"] == EQUAL


@pytest.mark.parametrize("case, form", [("int8_common", "typed"), ("int8_common", "lowered"), ("tuple_ret", "typed"),
                                        ("phi_narrow", "typed")])
def test_a_decimal_constant_takes_the_integer_type_its_context_gives(case, form):
    # `sext_int(Int64, 127)` and `bitcast(UInt8, 127)` in Base's gcd(::Int8, ::Int8); `Core.tuple(100, n)::
    # Tuple{Int32,Int64}`; a φ typed Int32 fed by `MaybeUndef(Const(2, false))`: Julia's values are Int8, Int32
    fn = jlir.functions(jlir.parse(RECORDS[case][form]))[0]
    assert all(got == want for got, want in _runs(case, fn, BaseProvider()))


@pytest.mark.parametrize("case", ["tuin1", "tuin2"])
def test_a_throw_undef_if_not_before_the_statement_slot2reg_made_nothing_is_pending(case):
    text = _stage(case, "slot2reg")["text"]
    assert "$(Expr(:throw_undef_if_not, :y, false))::Any" in text   # no printed id shows a pending node
    out = _outcomes(case, "stage slot2reg")
    assert out["cfg"] == out["idoms"] == out["verify"] == out["compact"] == EQUAL, out


@pytest.mark.parametrize("case, stage", [("intrinsic_obj", "inlining"), ("complex_const2", "inlining"),
                                         ("bitcast_size", "inlining"), ("pi_bottom", "type_lift")])
def test_compact_drops_the_inliners_constants_and_keeps_a_bottom_pi(case, stage):
    assert _outcomes(case, f"stage {stage}")["compact"] == EQUAL


def test_dce_keeps_a_pi_typed_bottom_as_adce_does():
    assert "π (_2, Union{})" in RECORDS["pi_bottom"]["adce"]["after"]
    assert _outcomes("pi_bottom", "stage adce")["dce vs adce"] == EQUAL


def test_a_slot_named_by_a_number_is_read_as_that_slot_everywhere():
    r = RECORDS["digit_local2"]
    assert "(253 = 253 + i)" in r["unoptimized"] and "Core.NewvarNode(:(17))" in r["unoptimized"]
    out = _outcomes("digit_local2", "optimize=false")
    assert out["idf"] == EQUAL and out["ssa"].verdict in ("equal", "rule"), out
    for form in ("unoptimized", "lowered"):
        fn = jlir.functions(jlir.parse(r[form]))[0]
        assert jlir.format(fn).rstrip("\n") == r[form].rstrip("\n")
        assert all(got == want for got, want in _runs("digit_local2", fn))


def test_a_slot_undefined_only_on_a_branch_inference_rules_out_is_not_used_undef():
    # `goto #3 if not %2` with `%2::Const(true)`: inference never takes the jump, so the read of `u` is not
    # used-undef (no `undefcheck`) although the φ keeps its `#undef` edge
    assert "Core.Compiler.Const(true, false)" in RECORDS["undef_constbranch"]["unoptimized"]
    assert "undefcheck" not in jlir.format(_ssa("undef_constbranch"))
    assert _outcomes("undef_constbranch", "optimize=false")["ssa"] == EQUAL


@pytest.mark.parametrize("case", ["try_phi", "union_order", "int32_phi", "undef_constbranch"])
def test_jlir_ssa_types_its_nodes_as_slot2reg(case):
    assert jlir.format(_ssa(case)).rstrip("\n") == RECORDS[case]["ssa"].rstrip("\n")
