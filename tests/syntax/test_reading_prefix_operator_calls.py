"""An operator called prefix, as Julia 1.5.3's `show_unquoted` prints a `:call` it shows neither infix nor unary
(base/show.jl: `show_call` prints a Symbol or GlobalRef callee bare: `-(a, b, c)`, `/(a, b, c)`, `~(a, b, c)`,
`!(a, b)`; a function value in parentheses, `(-)(x, 1, 2)`), and `a ~ b` (`~` is of assignment's precedence).

`tests/data/operator-calls-1.5.3/`: `prefix-calls*.txt` printed by `prefix-calls*.jl` (Julia 1.5.3's
`@code_lowered` and `code_typed(optimize=false)`); `gen-2-00311-main_311.*.txt` from the oracle record of
`main_311(::Int128, ::UInt16, ::UInt8)` (generated program `gen-2-00311.jl`, seed 2,
`/work/data/s3/cache/include-be5fb5726db72c64.jsonl.gz`): its `slot2reg` stage printed `%1 = _2::Int128`, which
read back without `%1 = ` because `-(%1, %1, %1)` was read as `-` of a tuple that uses no value.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from jlir.ir import values as V

DATA = Path(__file__).resolve().parents[1] / "data" / "operator-calls-1.5.3"
FILES = sorted(p.name for p in DATA.glob("*.txt"))


def _stmts(name: str):
    return [s.node for s in jlir.functions(jlir.parse((DATA / name).read_text(encoding="utf-8")))[0].stmts]


def _call(node):
    return node.args[0].name, node.args[1:]


@pytest.mark.parametrize("name", FILES)
def test_a_print_with_operators_called_prefix_reads_back_byte_for_byte(name):
    text = (DATA / name).read_text(encoding="utf-8")
    assert jlir.format(jlir.parse(text)) == text


def test_an_operator_called_prefix_on_three_values_uses_each_of_them():
    stmts = _stmts("gen-2-00311-main_311.slot2reg.txt")
    op, args = _call(stmts[-2])
    assert op == "-" and args == (V.SSAValue(1),) * 3


def test_operators_julia_shows_neither_infix_nor_unary_are_calls_of_the_operator():
    calls = [_call(n) for n in _stmts("prefix-calls.lowered.txt")[:12] if n.head == "call"]
    named = {op: len(args) for op, args in calls}
    assert named == {"-": 1, "/": 3, "~": 3, "!": 2, "<": 3, "==": 3, "÷": 3, "&": 3, "<:": 3, "√": 2}
    assert all(type(a) is V.SlotNumber for _, args in calls for a in args)


def test_a_tilde_between_two_values_is_a_call_of_the_tilde():
    op, args = _call(_stmts("prefix-calls-methods.unopt.txt")[0])
    assert op == "~" and [a.name for a in args] == ["a", "b"]


def test_an_operator_function_standing_as_a_statement_is_the_object_compact_puts_in_the_call():
    # Base `(::var"#66#67"{typeof(==)})(::Tuple{})` (records-every1-part2of2), 1.5.3's print after inlining,
    # `%1 = ==::Core.Compiler.Const(==, false)` then `(%1)()`, and after `compact!`, `(==)()`: the function object
    from jlir.oracle.checks import check_compact
    inlined = (DATA / "base-66-67-eq.inlining.txt").read_text(encoding="utf-8")
    compacted = (DATA / "base-66-67-eq.compact.txt").read_text(encoding="utf-8")
    assert check_compact(inlined, compacted).verdict == "equal"
