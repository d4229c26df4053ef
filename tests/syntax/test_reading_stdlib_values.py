"""Values of the standard libraries that Julia 1.5.3's `show` writes in ways Base's own IR never does, read by
Julia's printing rule and printed back byte for byte.

The prints are the oracle's records of the standard libraries (`oracle.py --module stdlib`, records
`module-Pkg-part1of1.jsonl.gz`, `module-REPL-part1of1.jsonl.gz`), copied verbatim (see tests/data/README.md):
- `stdlib-1.5.3-undef-field-lowered.txt`: `lowered` of `Pkg.Operations.resolve_versions!(::Context,
  ::Vector{PackageSpec})`: `@warn`'s `_id` cache `Base.RefValue{Symbol}(#undef)`, an object one of whose fields
  is unassigned, which `show_default` (base/show.jl) writes `undef_ref_str`, `#undef`;
- `stdlib-1.5.3-dict-elided-kwslot.txt` (`optimize=false` of REPL's `Prompt` keyword constructor) and
  `stdlib-1.5.3-dict-elided-partialstruct.txt` (the `type_lift` stage of `REPL.LineEdit.setup_search_keymap`):
  keymap `Dict`s in a typed slot's `Const` and inside a `PartialStruct`, which `show(::AbstractDict)` under
  `:limit` (base/dict.jl) stops after the 10th pair with `…` right before its `)`;
- `stdlib-1.5.3-markdown-constant-over-lines.txt` (the `type_lift` stage of `Pkg.REPLMode.complete_command`):
  `Pkg.REPLMode.SPECS` in a `Const`, whose command specs hold `Markdown.MD` help texts that `show` writes as their
  Markdown source over several lines, blank lines included (`jlir.syntax.rows.multiline`);
- `stdlib-1.5.3-versionweight-in-partialstruct.txt` (`optimize=false` of `Pkg.Resolve.FieldValue(::Int64,
  ::VersionWeight)`) and `stdlib-1.5.3-versionweight-typed-slots.txt` (`optimize=false` of
  `typemin(::Type{FieldValue})`): Pkg's own `show` of a `VersionWeight`, `(0)`, `(-9223372036854775808.-…)`, in a
  `Const` inside a `PartialStruct` and in typed slots' `Const`s inside a call (`jlir.syntax.statement.constvalues`).
"""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.walk import values
from jlir.printer.typeshapes import is_dict_show
from jlir.syntax.errors import ParseError
from jlir.syntax.lenient.multiline import MULTILINE

DATA = Path(__file__).resolve().parents[1] / "data"
UNDEF = "stdlib-1.5.3-undef-field-lowered.txt"
ELIDED = ["stdlib-1.5.3-dict-elided-kwslot.txt", "stdlib-1.5.3-dict-elided-partialstruct.txt"]
MARKDOWN = "stdlib-1.5.3-markdown-constant-over-lines.txt"
WEIGHTS = ["stdlib-1.5.3-versionweight-in-partialstruct.txt", "stdlib-1.5.3-versionweight-typed-slots.txt"]


def _text(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def _shown(t):
    """`t` and every shown value inside it."""
    yield t
    for field in ("head", "args", "params", "items", "body", "var", "lhs", "rhs", "eltype"):
        inner = getattr(t, field, None)
        for x in inner if isinstance(inner, tuple) else (inner,):
            if isinstance(x, T.Shown):
                yield from _shown(x)


def _all_shown(fn):
    for s in fn.stmts:
        for t in (s.type, *values(s.node)):
            if isinstance(t, T.Shown):
                yield from _shown(t)
            typ = getattr(t, "type", None)
            if isinstance(typ, T.Shown):
                yield from _shown(typ)


@pytest.mark.parametrize("name", [UNDEF, *ELIDED, MARKDOWN, *WEIGHTS])
def test_the_recorded_prints_read_back_byte_for_byte(name):
    text = _text(name)
    doc = jlir.parse(text)
    assert jlir.format(doc) == text
    assert jlir.format(jlir.from_json(jlir.to_json(doc))) == text


def test_an_unassigned_field_is_read_as_undef_inside_the_shown_object():
    fn = jlir.functions(jlir.parse(_text(UNDEF)))[0]
    refs = [t for t in _all_shown(fn) if type(t) is T.TypeCall and T.TypeName(("#undef",)) in t.args]
    ref = T.TypeApply(T.TypeName(("Base", "RefValue")), (T.TypeName(("Symbol",)),))
    assert refs and all(r.head == ref and len(r.args) == 1 for r in refs)


def test_undef_as_the_argument_of_a_call_is_refused_with_the_reason():
    text = "CodeInfo(\n1 ─ %1 = Main.f(#undef)::Int64\n└──      return %1\n) => Int64\n"
    with pytest.raises(ParseError) as e:
        jlir.parse(text)
    assert (e.value.line, e.value.column) == (2, 16) and "`#undef` is no argument of a call" in e.value.message


@pytest.mark.parametrize("name", ELIDED)
def test_a_dict_cut_short_keeps_its_elision_last_after_ten_pairs(name):
    fn = jlir.functions(jlir.parse(_text(name)))[0]
    dicts = [t for t in _all_shown(fn) if type(t) is T.TypeCall and t.args and t.args[-1] == T.ELIDED]
    assert dicts and all(is_dict_show(d) and len(d.args) == 11 for d in dicts)


def test_an_elision_before_a_parenthesis_is_only_a_dicts():
    text = "CodeInfo(\n1 ─ %1 = Main.f()::Core.Compiler.PartialStruct(Tuple{Int64}, Any[Main.S(1, 2…)])\n" \
           "└──      return %1\n) => Tuple{Int64}\n"
    with pytest.raises(ParseError) as e:
        jlir.parse(text)
    assert "cut short" in e.value.message or "AbstractDict" in e.value.message


def test_a_const_whose_value_goes_on_over_lines_up_to_the_next_row_is_one_statement_kept_verbatim():
    text = _text(MARKDOWN)
    fn = jlir.functions(jlir.parse(text))[0]
    held = [s for s in fn.stmts if type(s.type) is T.TypeCall and s.type.args and type(s.type.args[0]) is T.TypeOpaque
            and "\n\n" in s.type.args[0].text]
    assert len(held) == 1
    value = held[0].type.args[0].text
    assert value.startswith("Base.RefValue{Union{Nothing, Dict}}(") and value.endswith("…)))")
    assert "\n" + value.split("\n")[-1] + ", false)\n" in text  # the value's last line closes the `Const`


def test_a_const_left_open_whose_lines_do_not_close_it_is_refused_located():
    lines = _text(MARKDOWN).split("\n")
    last = next(k for k, line in enumerate(lines) if line.endswith("…))), false)"))
    lines[last] = lines[last][:-len(", false)")]
    with pytest.raises(ParseError) as e:
        jlir.parse("\n".join(lines))
    assert e.value.message == MULTILINE and e.value.line == 20 and e.value.text == "registry [st|status]"


@pytest.mark.parametrize("name", WEIGHTS)
def test_a_const_value_shown_in_no_julia_syntax_is_kept_verbatim_wherever_the_const_stands(name):
    fn = jlir.functions(jlir.parse(_text(name)))[0]
    kept = {t.text for t in _all_shown(fn) if type(t) is T.TypeOpaque}
    assert kept <= {"(0)", "(-9223372036854775808.-9223372036854775808.-9223372036854775808)",
                    "-9223372036854775808.(-9223372036854775808.-9223372036854775808.-9223372036854775808)"
                    ".(-9223372036854775808.-9223372036854775808.-9223372036854775808).-9223372036854775808"}
    assert kept
    # `y::Const((…), false)` in the call (typemin's): kept as the statement's own type is
    weights = [v.type.args[0] for s in fn.stmts for v in values(s.node) if type(v) is V.TypedSlot and v.value.name == "y"]
    assert all(type(w) is T.TypeOpaque for w in weights)
