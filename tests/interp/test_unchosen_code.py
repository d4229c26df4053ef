"""The interpreter on generated programs nobody here chose: each run gives Julia 1.5.3's recorded answer or is
refused, never another answer.  The records are Julia's (tests/data/interp/unchosen/README.md); each case was a
wrong answer before its rule:

* `ifelse(c, -0.0, 0.0)::Float16` and `invoke va(…, -0.0::Vararg{Float16,N} where N)`: 1.5's Ryu writes a Float16
  zero untyped, so the statement's type (`ifelse_tfunc` merges its values' types) or the signature's `Vararg`
  element says it is a Float16; `bitcast(UInt16, -0.0)` keeps the size, so a 2-byte float (main_110, main_74).
* a closure of Main named like one of Base's (`var"#140#141"`): generated names are per module, so Base's
  struct's field names are not the closure's (main_17: was `type var"#140#141" has no field y_17`); its one
  field is what its body's `getfield(#self#, :y_17)` reads (lowering reads only captured variables so).
* a field read `::Int32` that holds an Int64: the tuple constant's literals were Int32s printed untyped
  (`Core.tuple(100, 5)::Const((100, 5), false)`), and inference's type of the read says so (main_242: was
  `mul_int: types of a and b must match`).
* an IRCode print (no return type) returning a constant whose literals print untyped (`π (%116,
  Const((2,), false))` of an Int128 tuple; main_210: was `(2,)` as a `Tuple{Int64}`).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from jlir.interp.builtin import BaseProvider
from jlir.oracle.interp import Chain, RecordCallees, argument, check_interp

DATA = Path(__file__).resolve().parents[1] / "data" / "interp" / "unchosen"


def _outcomes(program: str, target: str, form: str):
    records = [json.loads(line) for line in (DATA / f"{program}.jsonl").read_text(encoding="utf-8").splitlines()]
    record = next(r for r in records if r["target"].startswith(target))
    return check_interp(record, Chain(RecordCallees(records), BaseProvider()), form)


def test_a_float16_zero_in_ifelse_is_a_float16_and_the_program_gives_julias_answer():
    outcomes = _outcomes("gen-1-00110", "Tuple{typeof(main_110)", "typed")
    assert [o.verdict for o in outcomes] == ["equal"] * 3, outcomes


def test_a_closure_named_like_one_of_bases_reads_its_own_one_field_and_gives_julias_answer():
    outcomes = _outcomes("gen-1-00017", "Tuple{typeof(main_17)", "typed")
    assert [o.verdict for o in outcomes] == ["equal"] * 3, outcomes


def test_a_tuple_constants_int32_literals_read_as_int32_give_julias_answer():
    outcomes = _outcomes("gen-1-00242", "Tuple{typeof(main_242)", "typed")
    assert [o.verdict for o in outcomes] == ["equal"] * 3, outcomes


@pytest.mark.parametrize("program, target, form", [
    ("gen-1-00074", "Tuple{typeof(main_74)", "typed"),
    ("gen-1-00017", "Tuple{typeof(main_17)", "typed"),
    ("gen-1-00017", "Tuple{typeof(main_17)", "ircode"),
    ("gen-1-00210", "Tuple{typeof(main_210)", "ircode"),
])
def test_a_run_gives_julias_answer_or_is_refused_never_another(program, target, form):
    outcomes = _outcomes(program, target, form)
    assert outcomes and all(o.verdict in ("equal", "refused") for o in outcomes), outcomes


def test_a_returned_const_zero_in_an_int128_function_is_an_int128():
    """calc4_436 (seed 2): `%64 = φ (#29 => %52, #3 => 0)::Const(0, false)`, `return %64` in `=> Int128`: the
    zero is `-min(Int128(10), Int128(0))` folded, an Int128 as the return type says (was an Int64 `0`); the IRCode
    print alone, which shows no return type, is refused (was an Int64 too), and with the instance's `=> Int128`
    (the oracle takes it from the record's typed print) gives Julia's answer."""
    assert [o.verdict for o in _outcomes("gen-2-00436", "Tuple{typeof(calc4_436)", "typed")] == ["equal"] * 3
    ircode = _outcomes("gen-2-00436", "Tuple{typeof(calc4_436)", "ircode")
    assert [o.verdict for o in ircode] == ["equal"] * 3, ircode
    import jlir
    from jlir.interp import NotInterpretable, run
    records = [json.loads(line) for line in (DATA / "gen-2-00436.jsonl").read_text(encoding="utf-8").splitlines()]
    record = next(r for r in records if r["target"].startswith("Tuple{typeof(calc4_436)"))
    fn = jlir.functions(jlir.parse(record["ircode"]))[0]
    with pytest.raises(NotInterpretable, match="returned constant|returned literal"):
        run(fn, [argument(a) for a in record["interp"]["runs"][0]["args"]],
            Chain(RecordCallees(records), BaseProvider()), argnames=record.get("argnames"), optimized=True)


def test_a_returned_tuple_of_untyped_literals_in_a_tuple_of_any_function_is_refused():
    """main_301 (seed 2): `return (5,)` in `=> Tuple{Any}` returns `(Int8(5),)`; `Tuple{Any}` does not say the
    literal's type (was `(5,)` as a `Tuple{Int64}`)."""
    for form in ("typed", "ircode"):
        outcomes = _outcomes("gen-2-00301", "Tuple{typeof(main_301)", form)
        assert [o.verdict for o in outcomes] == ["refused"] * 3, outcomes
        assert all("returned constant" in o.detail for o in outcomes), outcomes


def test_lowered_code_calls_what_typed_code_inlined_and_the_built_in_base_methods_hold_it():
    """main_436 (seed 2) in slot form calls `UInt16(200) % Int64` (int.jl's `rem(x, T)`) and `iterate` of a
    `StepRange`, which its typed form inlined: the built-in Base methods (`scripts/gen/gen_base_methods.py
    --conversions`, Julia 1.5.3's prints) hold them (was `no IR for %`)."""
    for form in ("lowered", "unoptimized"):
        outcomes = _outcomes("gen-2-00436", "Tuple{typeof(main_436)", form)
        assert [o.verdict for o in outcomes] == ["equal"] * 3, outcomes


def test_a_keyword_bodys_returned_const_zero_in_a_float16_function_is_a_float16():
    """kw2_582 (seed 2, held out): its slot form calls the keyword body, whose typed print returns `%81::Const(0.0,
    false)` in `=> Float16` (1.5 prints a Float16 zero as `0.0`): a Float16, as the return type says (was a
    Float64 `0.0`)."""
    for form in ("lowered", "unoptimized"):
        outcomes = _outcomes("gen-2-00582", "Tuple{typeof(kw2_582)", form)
        assert [o.verdict for o in outcomes] == ["equal"] * 2, outcomes


def test_a_keyword_bodys_signature_names_an_empty_named_tuple_as_julia_does():
    """kw1_447 (seed 2) invokes its keyword body with `Base.Iterators.Pairs{…,NamedTuple{(),Tuple{}}}`: the
    names `()` are spelled as the recorded `MethodInstance` spells them, so the body's print is found (was
    `NamedTuple{?,Tuple{}}`: `no IR for Main.#kw1_447#277`)."""
    for form in ("typed", "ircode"):
        outcomes = _outcomes("gen-2-00447", "Tuple{typeof(kw1_447)", form)
        assert [o.verdict for o in outcomes] == ["equal"] * 3, outcomes


def test_a_literal_power_builds_val_and_calls_literal_pow():
    """main_408 (seed 2): a literal power `x^2` lowers to `literal_pow(^, x, Core.apply_type(Base.Val, 2)())`:
    `Val{2}` is built and its instance made (essentials.jl's `struct Val{x} end`), `literal_pow` is built in
    (was `Core.apply_type: Val{2} is not a type this run knows`); with `ispow2` of every integer type built in
    (gen_base_methods.py --generated) the run gives Julia's answer."""
    outcomes = _outcomes("gen-2-00408", "Tuple{typeof(main_408)", "unoptimized")
    assert [o.verdict for o in outcomes] == ["equal"] * 3, outcomes


def test_a_returned_literal_in_an_any_function_is_refused_not_read_as_an_int64():
    """kw3_903 (seed 2): its keyword body `#kw3_903#81` ends `return -3` in `=> Any` (a try/catch's φᶜ widens the
    return type); the `-3` is `Int128(-3)` folded, and `Any`, inference's join of what the returns return, does
    not say its width (was an Int64 `-3` in every form, the body being the typed callee of each)."""
    for form in ("typed", "ircode", "unoptimized", "lowered"):
        outcomes = _outcomes("gen-2-00903", "Tuple{typeof(kw3_903)", form)
        assert [o.verdict for o in outcomes] == ["refused"] * 3, (form, outcomes)
        # (the optimized prints are refused first at a boxed literal, `setfield!`'s, whose width is unproven too)
        assert all("returned literal" in o.detail or "setfield! stores" in o.detail for o in outcomes), outcomes


def test_a_literal_argument_of_a_dynamic_call_in_optimized_code_is_refused():
    """g3_923 (seed 2): `Main.mod(3, %22)::Any` where the source wrote `mod(Int16(3), θ4)`: optimized code holds
    the folded Int16 `3`, printed as an Int64's, and a dynamic call prints no signature (was `mod` of an Int64,
    an Int64 `3`, where Julia returns an Int16)."""
    for form in ("typed", "ircode"):
        outcomes = _outcomes("gen-2-00923", "Tuple{typeof(g3_923)", form)
        assert [o.verdict for o in outcomes] == ["refused"] * 3, (form, outcomes)
        assert all("dynamic call" in o.detail for o in outcomes), outcomes


def test_out_of_ssa_of_optimized_code_is_still_the_optimizers_code():
    """g3_923's typed print through jlir's out-of-ssa is slot form, but it still calls by `invoke`, which only
    inlining writes: its `Main.mod(3, %22)` still holds the folded Int16 `3` printed as an Int64's, so a run
    told nothing refuses it (was `mod` of an Int64, an Int64 `3`, where Julia returns an Int16)."""
    import jlir
    from jlir import interp
    from jlir.ssa.out_of_ssa import out_of_ssa
    records = [json.loads(line) for line in (DATA / "gen-2-00923.jsonl").read_text(encoding="utf-8").splitlines()]
    record = next(r for r in records if r["target"].startswith("Tuple{typeof(g3_923)"))
    slot = out_of_ssa(jlir.functions(jlir.parse(record["typed"]))[0])[0]
    for r in record["interp"]["runs"]:
        with pytest.raises(interp.NotInterpretable, match="dynamic call"):
            interp.run(slot, [argument(a) for a in r["args"]], Chain(RecordCallees(records), BaseProvider()),
                       argnames=record["argnames"])


def test_closures_numbered_alike_in_two_modules_are_two_methods():
    """Programs 21 and 3 of seed 4 each lower in a module of their own, whose counters both name a closure
    `var"#3#5"`: Gen21's is `x -> x > 0`, Gen3's `y13 -> (a2 += y13; a2)`.  A record's instance keeps the module
    of a generated name (was `(::var"#3#5")(::UInt64)` for both, the first record served for either: φ2_3 called
    Gen21's, its box never grew, and returned 2 where Julia returns 8)."""
    records = [json.loads(line) for line in (DATA / "gen-4-closures-3-5.jsonl").read_text(encoding="utf-8").splitlines()]
    callees = RecordCallees(records)
    import jlir
    for module, reads in (("Gen21", "ult_int"), ("Gen3", ":a2")):
        fn = callees.lookup(f'(::Main.{module}.var"#3#5")', ("UInt64",))
        assert fn is not None and reads in jlir.format(fn), module
    gen21, gen3 = (next(r for r in records if r["mi"] == f'MethodInstance for (::Main.{m}.var"#3#5")(::UInt64)')
                   for m in ("Gen21", "Gen3"))
    for first in ((gen21, gen3), (gen3, gen21)):  # whichever is read first, each answers for its own only
        provider = RecordCallees(first)
        for module, record in (("Gen3", gen3), ("Gen21", gen21)):
            fn = provider.lookup(f'(::Main.{module}.var"#3#5")', ("UInt64",))
            assert fn is not None and jlir.format(fn).rstrip("\n") == record["typed"].rstrip("\n"), module


def test_a_phi_constant_takes_the_width_the_tuple_built_from_it_shows():
    """`%262 = φ (#107 => -3, …)::MaybeUndef(Const(-3, false))`, `%264 = π (%262, Const(-3, false))`,
    `Core.tuple(%264, y)::PartialStruct(Tuple{Int32,UInt128}, …)`: the tuple builtin's type is its arguments'
    types, so the -3 is an Int32 (read as an Int64, the run returned a Tuple{Int64,UInt128})."""
    for form in ("typed", "ircode"):
        outcomes = _outcomes("gen-4-00123", "Tuple{typeof(main_123)", form)
        assert [o.verdict for o in outcomes] == ["equal"] * 3, (form, outcomes)


def test_an_ircode_print_returns_a_constant_typed_by_its_instances_return_type():
    """main_52 (seed 4): its IRCode print returns `%38 = π (%32, Const((1.0f0, 0, 0x…), false))`, whose literals
    print untyped, and shows no return type; the instance's `=> T` (the record's typed print: one instance, one
    inferred return type) types them (was refused)."""
    outcomes = _outcomes("gen-4-00052", "Tuple{typeof(main_52)", "ircode")
    assert outcomes and [o.verdict for o in outcomes] == ["equal"] * len(outcomes), outcomes
