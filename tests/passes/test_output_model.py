"""A pass output reads back as the same model, not only as the same text: the reader's rule, `parse(format(x)) == x`.

The inputs are Julia 1.5.3's own prints (`fixtures/julia-1.5.3/`).  Each case below read back as another model:
a line table with entries no statement used any more (the reader rebuilds it from the locations printed, so the
indices after a dropped one shifted), an IRCode's line column under the CodeInfo that `out-of-ssa` prints (which
has no place for it), the type of a `@code_warntype` value nothing used any more (printed on used values only),
and a style range the text can no longer carry.  `scripts/check/pass_model_roundtrip.py` runs every pass on every
fixture function this way (figures in docs/explanation/how-far.md).
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

import jlir
from jlir import passes
from jlir.edit.shown import lines_shown
from jlir.ir.function import Form
from jlir.ir.style import Style
from jlir.json import as_read, same_reading

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3"


def _fn(name: str):
    return jlir.functions(jlir.parse_file(FIXTURES / name))[0]


def _again(out):
    return jlir.functions(jlir.parse(jlir.format(out)))[0]


@pytest.mark.parametrize("name, pass_name", [
    ("union_missing.typed-source.txt", "sccp"),     # debuginfo=:source: an entry only a folded statement used
    ("arrays.typed-source.txt", "simplify-cfg"),     # … only a merged-away `goto` used
    ("goto_label.lowered-source.txt", "simplify-cfg"),
    ("struct_new.ircode.txt", "sccp"),               # IRCode's line column: a line no statement keeps
    ("base_ryu.ircode.txt", "simplify-cfg"),
])
def test_a_pass_that_drops_the_last_use_of_a_location_leaves_the_line_table_the_print_reads_back_as(name, pass_name):
    out = passes.run(_fn(name), [pass_name])
    assert out == _again(out)


def test_out_of_ssa_of_an_ircode_with_line_numbers_prints_a_codeinfo_that_holds_no_line_table():
    fn = _fn("while_break.ircode.txt")
    assert fn.linetable
    out = passes.run(fn, ["out-of-ssa"])
    assert out.form is Form.TYPED and out.linetable == () and all(s.loc == 0 for s in out.stmts)
    assert out == _again(out)


def test_out_of_ssa_of_a_source_print_keeps_its_locations():
    fn = _fn("while_break.typed-source.txt")
    out = passes.run(fn, ["out-of-ssa"])
    assert out.linetable and out == _again(out)


def test_dce_of_a_warntype_print_drops_the_type_of_a_value_nothing_uses_any_more():
    out = passes.run(_fn("kwsorter.warntype.txt"), ["dce"])
    assert out == _again(out)


def _frames(fn, s):
    """A statement's inlining stack as (file, line, method) from the innermost frame out: what its print shows."""
    out, loc = [], s.loc
    while loc:
        e = fn.linetable[loc - 1]
        out.append((e.file, e.line, e.method))
        loc = e.inlined_at
    return out


def test_the_line_table_is_numbered_in_the_order_the_print_shows_its_entries():
    fn = _fn("union_missing.typed-source.txt")
    used = sorted({s.loc for s in fn.stmts if s.loc})
    # statements pointing at the entries in reverse: the print shows the last entry first
    flipped = {old: new for old, new in zip(used, reversed(used))}
    shuffled = fn.replace(stmts=tuple(replace(s, loc=flipped.get(s.loc, 0)) for s in fn.stmts))
    shown = lines_shown(shuffled)
    assert shown.linetable != shuffled.linetable
    assert [_frames(shown, s) for s in shown.stmts] == [_frames(shuffled, s) for s in shuffled.stmts]
    firsts = []  # each statement's stack from the outermost frame in, as the print shows it
    for s in shown.stmts:
        stack, loc = [], s.loc
        while loc:
            stack.append(loc)
            loc = shown.linetable[loc - 1].inlined_at
        firsts += [k for k in reversed(stack) if k not in firsts]
    assert firsts == list(range(1, len(shown.linetable) + 1))
    assert lines_shown(shown) is shown


def test_an_inlined_entry_comes_after_the_frame_it_was_inlined_at():
    fn = _fn("union_missing.typed-source.txt")
    inner = next(s for s in fn.stmts if s.loc and fn.linetable[s.loc - 1].inlined_at)
    table = lines_shown(fn.replace(stmts=(inner,) + fn.stmts[1:])).linetable
    assert all(e.inlined_at < k for k, e in enumerate(table, 1))


# The style: a pass keeps the range its input was read with (its statements are still that Julia's); a print
# that no longer shows the last version feature reads back with a wider range, whose every version prints the same.
@pytest.mark.parametrize("name, pass_name", [
    ("simd.typed.txt", "sccp"),                     # 1.0–1.5 → the text shows no `≤1.5` feature any more
    ("kwsorter.ircode.txt", "sccp"),
    ("while_swap.ssa.txt", "out-of-ssa"),           # 1.0–1.6 → 1.0–1.14
])
def test_a_wider_style_range_read_back_is_the_same_reading(name, pass_name):
    out = passes.run(_fn(name), [pass_name])
    again = _again(out)
    assert again.style != out.style and same_reading(out, again)
    assert jlir.from_json(jlir.to_json(out)) == out  # the JSON of a pass output is accepted (it was refused)


def test_a_read_back_style_that_does_not_hold_the_models_is_another_reading():
    fn = _fn("while_swap.ircode-noline.txt")
    assert not same_reading(fn.replace(style=Style((1, 5), (1, 5))), fn.replace(style=Style((1, 6), (1, 14))))
    assert same_reading(fn.replace(style=Style((1, 5), (1, 5))), fn.replace(style=Style((1, 0), (1, 14))))
    assert as_read(fn.replace(style=Style((1, 0), (1, 14))), fn) == fn


def test_out_of_ssa_of_an_ircode_spanning_1_5_and_1_6_prints_a_1_6_codeinfo():
    """`unreachable` and `return nothing` print so in a CodeInfo from 1.6 only (1.5's holds `Expr(:unreachable)`
    and prints a bare `return`): the CodeInfo the pass prints, which follows the range's newest version, is 1.6's."""
    fn = _fn("simd.ircode.txt")
    assert fn.style == Style((1, 0), (1, 6))
    out = passes.run(fn, ["out-of-ssa"])
    assert out.style == Style((1, 6), (1, 6))
    assert "unreachable" in jlir.format(out) and same_reading(out, _again(out))


# The corpus's other displays (real prints of Julia 1.6–1.12, `fixtures/corpus/`).
@pytest.mark.parametrize("case, pass_name", [
    ("0104", "compact"),       # a code_escapes view whose column goes: a plain IRCode with its tail is 1.7+'s
    ("0031", "dce"),           # … with a gutter and without its tail: 1.6's
    ("0068", "compact"),       # a trimmed terminal copy with no blank gutter left reads as untrimmed
    ("0050", "simplify-cfg"),  # print_statement_costs: its method line goes with its column, and the tail flag
    ("0067", "simplify-cfg"),
    ("0034", "out-of-ssa"),    # a 0.7-DEV warntype's upper-cased types, which a CodeInfo prints in Julia's spelling
    ("0034", "out-of-ssa-naive"),
    ("0031", "simplify-cfg"),  # a gutter several line tables reprint: the output keeps the one the reader finds
])
def test_a_corpus_display_through_a_pass_reads_back_as_the_same_model(case, pass_name):
    fn = jlir.functions(jlir.parse_file(FIXTURES.parent / "corpus" / f"{case}.txt"))[0]
    out = passes.run(fn, [pass_name])
    assert same_reading(out, _again(out))
