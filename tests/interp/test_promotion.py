"""Base's promotion and mixed-type number methods the slot forms call and no provider has IR for
(`promote_typeof` and `promote_type` are folded by inference and keep no source; `==(::Float32, ::Float64)`
or `>>(::UInt16, ::Int64)` Base never compiled), run natively by `jlir.interp.promotion`, against Julia 1.5.3's
own results of the same calls (fixtures/interp/promotion.tsv, scripts/gen/gen_promotion_table.jl): every call
the interpreter answers equals Julia's outcome, and it answers all of them but the ones it leaves to IR."""
from __future__ import annotations

from pathlib import Path

from jlir.cli.literals import argument
from jlir.interp import basemethods
from jlir.semantics.convert import NUMBER_TYPES, convert_number
from jlir.semantics.show import julia_repr
from jlir.semantics.values import JType, JuliaException, typeof

TABLE = Path(__file__).resolve().parents[2] / "fixtures" / "interp" / "promotion.tsv"


def _value(text: str, type_name: str):
    if type_name == "DataType":
        return JType(text)
    if text.startswith("Float16("):  # how Julia shows a Float16: its value, as the type's conversion reads it
        text = text[len("Float16("):-1]
    v = argument(text)
    return convert_number(type_name, v) if type_name in NUMBER_TYPES and typeof(v) != type_name else v


def _rows():
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        name, args, types, kind, rtype, shown = (line.split("\t") + [""] * 6)[:6]
        yield name, [_value(a, t) for a, t in zip(args.split("|"), types.split("|"))], (kind, rtype, shown)


def _outcome(name, args):
    try:
        v = basemethods.fallback(None, f"Base.{name}", args)
    except JuliaException as e:
        return ("err", e.type_name, "")
    if v is basemethods.NO:
        return None
    return ("ok", "DataType" if type(v) is JType else typeof(v), julia_repr(v))


def test_every_answer_equals_julias_and_most_calls_are_answered():
    answered, differ, total = 0, [], 0
    for name, args, want in _rows():
        total += 1
        got = _outcome(name, args)
        if got is None:
            continue
        answered += 1
        if got != want:
            differ.append((name, args, got, want))
    assert not differ, differ[:5]
    # left to IR: same-type calls of Bool/Float16 (their methods are IR, not promotion), int-vs-float comparisons
    assert answered >= 0.6 * total, (answered, total)  # 5,732 of 8,724 when written


def test_promotion_with_bool_takes_the_other_type():
    assert basemethods.fallback(None, "Base.promote_typeof", [True, 2.5]) == JType("Float64")
    assert basemethods.fallback(None, "Base.promote", [True, 2]) == (1, 2)


def test_a_comparison_of_an_integer_with_a_float_is_left_to_base():
    """`==(::Float16, ::Int8)` promotes with rounding in Base: not computed here."""
    assert basemethods.fallback(None, "Base.==", [convert_number("Float16", 2.0), 2]) is basemethods.NO


def test_tuple_and_pair_methods_the_slot_forms_call_run_natively():
    """tuple.jl and pair.jl, as Julia 1.5.3 computes them: `Base.tail((1, 2.0)) == (2.0,)`, `isempty(()) == true`,
    `getindex((1, 2), 2) == 2`, `length((1, 2)) == 2`, `repr(1 => 'a') == "1 => 'a'"`."""
    from jlir.semantics.values import JChar
    f = basemethods.fallback
    assert f(None, "Base.tail", [(1, 2.0)]) == (2.0,)
    assert f(None, "Base.isempty", [()]) is True and f(None, "Base.isempty", [(1,)]) is False
    assert f(None, "Base.getindex", [(1, 2), 2]) == 2 and f(None, "Base.length", [(1, 2)]) == 2
    assert julia_repr(f(None, "Base.=>", [1, JChar.of("a")])) == "1 => 'a'"
    assert julia_repr(f(None, "=>", [1, 2])) == "1 => 2"  # bare: Main's view (a run of Core.Compiler's code names
    assert f(None, "Core.Compiler.=>", [1, 2]) is basemethods.NO  # its own `=>` so: `run(module=)`)
    assert f(None, "Base.tail", [()]) is basemethods.NO            # Julia's ArgumentError: refused
    assert f(None, "Base.getindex", [(1, 2), 3]) is basemethods.NO  # Julia's BoundsError: refused
