"""The interpreter's semantics on small functions printed as Julia 1.5 prints them (results worked out by hand
from Julia's rules; the whole-function comparisons with Julia itself are in test_interp_cases.py)."""
from __future__ import annotations

import pytest

import jlir
from jlir import interp
from jlir.interp import JFloat, JInt, NotInterpretable


def _fn(body: str, ret: str = "Int64"):
    return jlir.functions(jlir.parse("CodeInfo(\n" + body + f") => {ret}\n"))[0]


def test_a_decimal_literal_takes_the_integer_type_of_its_context():
    f = _fn("1 ─ %1 = Base.add_int(x, 1)::Int32\n└──      return %1\n", "Int32")
    r = interp.run(f, [JInt(5, "Int32")])
    assert (r.value, r.type) == (JInt(6, "Int32"), "Int32")


def test_a_comparison_with_an_argument_reads_the_literal_in_the_arguments_type_at_run_time():
    f = _fn("1 ─ %1 = Base.slt_int(x, 200)::Bool\n└──      return %1\n", "Bool")
    assert interp.run(f, [JInt(-1, "Int16")]).value is True
    with pytest.raises(NotInterpretable, match="does not fit"):
        interp.run(f, [JInt(-1, "Int8")])


def test_hex_and_float32_literals_carry_their_type():
    f = _fn("1 ─ %1 = Base.add_float(x, 1.5f0)::Float32\n│   %2 = Core.tuple(%1, 0x05)::Tuple{Float32,UInt8}\n"
            "└──      return %2\n", "Tuple{Float32,UInt8}")
    r = interp.run(f, [JFloat(1.0, "Float32")])
    assert r.outcome == ("value", "Tuple{Float32,UInt8}", "(2.5f0, 0x05)")


def test_wrap_around_and_checked_arithmetic_give_julias_answers():
    f = _fn("1 ─ %1 = Base.add_int(x, 1)::Int64\n│   %2 = Base.Checked.checked_sadd_int(x, 1)::Tuple{Int64,Bool}\n"
            "│   %3 = Core.tuple(%1, %2)::Tuple{Int64,Tuple{Int64,Bool}}\n└──      return %3\n", "Any")
    r = interp.run(f, [2 ** 63 - 1])
    assert interp.julia_repr(r.value) == "(-9223372036854775808, (-9223372036854775808, true))"


def test_an_uncaught_julia_exception_is_returned_not_raised():
    f = _fn("1 ─ %1 = Base.checked_sdiv_int(x, 0)::Int64\n└──      return %1\n")
    r = interp.run(f, [7])
    assert r.value is None and r.exception.type_name == "DivideError" and r.steps == 2
    assert r.outcome == ("exception", "DivideError")
    assert interp.run(f, [0]).outcome == ("exception", "DivideError")


def test_a_statement_without_semantics_is_refused_with_its_location():
    f = _fn("1 ─ %1 = Base.add_int(x, 1)::Int64\n│   %2 = Main.g(%1)::Int64\n└──      return %2\n")
    with pytest.raises(NotInterpretable, match=r"^statement %2: call to Main.g\(::Int64\)"):
        interp.run(f, [1])


def test_a_refused_statement_off_the_path_taken_does_not_stop_the_run():
    f = _fn("1 ─ %1 = Base.slt_int(x, 0)::Bool\n└──      goto #3 if not %1\n"
            "2 ─      $(Expr(:foreigncall, :(:abort), Nothing, svec(), 0, :(:ccall)))::Nothing\n"
            "3 ┄      return x\n")
    assert interp.run(f, [3]).value == 3
    with pytest.raises(NotInterpretable, match="statement %3: foreigncall :abort"):
        interp.run(f, [-3])


def test_several_arguments_named_only_by_name_need_argnames():
    f = _fn("1 ─ %1 = Base.sub_int(a, b)::Int64\n└──      return %1\n")
    with pytest.raises(NotInterpretable, match="pass argnames"):
        interp.run(f, [5, 2])
    assert interp.run(f, [5, 2], argnames=["a", "b"]).value == 3
    assert interp.run(f, [5, 2], argnames=["b", "a"]).value == -3


def test_the_dump_provider_serves_a_callee_by_its_method_instance(tmp_path):
    (tmp_path / "double.txt").write_text("# MethodInstance for double(::Int64)\nCodeInfo(\n"
                                         "1 ─ %1 = Base.mul_int(2, y)::Int64\n└──      return %1\n) => Int64\n")
    f = _fn("1 ─ %1 = invoke Main.double(x::Int64)::Int64\n│   %2 = Base.add_int(%1, 1)::Int64\n└──      return %2\n")
    provider = interp.DumpProvider(tmp_path)
    assert len(provider) == 1
    r = interp.run(f, [20], provider)
    assert (r.value, r.steps) == (41, 5)


def test_slot_form_assigns_and_reads_slots_and_an_unassigned_local_is_an_undef_var_error():
    f = jlir.functions(jlir.parse(
        "CodeInfo(\n1 ─       s = 0\n│         i = 1\n2 ┄ %3 = Base.sle_int(i, n)\n└──       goto #4 if not %3\n"
        "3 ─ %5 = Base.add_int(s, i)\n│         s = %5\n│   %7 = Base.add_int(i, 1)\n│         i = %7\n"
        "└──       goto #2\n4 ─       return s\n)\n"))[0]
    r = interp.run(f, [10], argnames=["n"])
    assert (r.value, r.type) == (55, "Int64")
    g = jlir.functions(jlir.parse("CodeInfo(\n1 ─       goto #3 if not flag\n2 ─       y = 1\n3 ┄       return y\n)\n"))[0]
    assert interp.run(g, [True], argnames=["flag"]).value == 1
    r = interp.run(g, [False], argnames=["flag"])
    assert r.exception.type_name == "UndefVarError" and "y" in r.exception.message


def test_unbounded_recursion_is_julias_stack_overflow_error_past_max_depth(tmp_path):
    # Julia 1.5.3: `down(k) = down(k)` called on 1 throws StackOverflowError
    (tmp_path / "down.txt").write_text("# MethodInstance for down(::Int64)\nCodeInfo(\n"
                                       "1 ─ %1 = invoke Main.down(k::Int64)::Int64\n└──      return %1\n) => Int64\n")
    f = _fn("1 ─ %1 = invoke Main.down(x::Int64)::Int64\n└──      return %1\n")
    r = interp.run(f, [1], interp.DumpProvider(tmp_path), max_depth=50)
    assert r.exception.type_name == "StackOverflowError"


def test_a_refusal_deep_in_the_calls_names_each_calling_statement_and_callee(tmp_path):
    (tmp_path / "down.txt").write_text("# MethodInstance for down(::Int64)\nCodeInfo(\n"
                                       "1 ─ %1 = invoke Main.deeper(k::Int64)::Int64\n└──      return %1\n) => Int64\n")
    f = _fn("1 ─ %1 = invoke Main.down(x::Int64)::Int64\n└──      return %1\n")
    with pytest.raises(NotInterpretable, match=r"^statement %1: in Main.down\(::Int64\): statement %1: call to "
                                               r"Main.deeper\(::Int64\): no provider has its IR \(`--julia auto`"):
        interp.run(f, [1], interp.DumpProvider(tmp_path))


def test_a_bare_name_that_is_neither_argument_nor_assigned_is_a_constant_not_an_undefined_local():
    f = _fn("1 ─ %1 = (isa)(x, Int64)::Bool\n│   %2 = (isa)(x, Foo)::Bool\n└──      return %2\n", "Bool")
    with pytest.raises(NotInterpretable, match="statement %2: the global Foo"):
        interp.run(f, [1], argnames=["x"])


def test_egal_of_an_untyped_operand_and_a_bare_literal_is_refused_when_the_widths_differ():
    f = _fn("1 ─ %1 = (x === 0)::Bool\n└──      return %1\n", "Bool")
    assert interp.run(f, [0]).value is True
    assert interp.run(f, [0.0]).value is False
    with pytest.raises(NotInterpretable, match="=== of a Int32"):
        interp.run(f, [JInt(0, "Int32")])


def test_a_literal_in_a_union_typed_phi_takes_the_unions_one_integer_type():
    f = _fn("1 ─      goto #3 if not flag\n2 ─      goto #3\n3 ┄ %3 = φ (#1 => 7, #2 => nothing)::Union{Nothing, Int8}\n"
            "└──      return %3\n", "Union{Nothing, Int8}")
    r = interp.run(f, [False], argnames=["flag"])
    assert (r.value, r.type) == (JInt(7, "Int8"), "Int8")


def test_arguments_are_checked_to_be_values_of_their_type():
    f = _fn("1 ─      return x\n", "Any")
    assert interp.run(f, [JInt(5, "Int64")]).value == 5
    assert interp.run(f, [JFloat(0.5, "Float32")]).type == "Float32"
    with pytest.raises(NotInterpretable, match="out of range"):
        interp.run(f, [JInt(300, "UInt8")])
    with pytest.raises(NotInterpretable, match="not a Float32 value"):
        interp.run(f, [JFloat(0.1, "Float32")])
