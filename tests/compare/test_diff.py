"""`jlir diff`: two prints of one function compared modulo SSA and block renumbering, style apart from change.

Corpus pairs are the same function printed by different Julia versions (see fixtures/corpus/index.jsonl);
the model-edit tests build a variant of a real Julia 1.5.3 print and check that exactly the edit is reported.
"""
from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import jlir
from conftest import CORPUS, FIXTURES, ROOT
from jlir.compare.align import rewrite
from jlir.compare import DiffError, diff_documents, diff_functions
from jlir.compare import render_text
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.function import Block, Document, Form, Statement
from jlir.ir.style import Style
from support.strategies import functions
from support.cli import run_jlir

J153 = FIXTURES / "julia-1.5.3"
PERF_TIPS = J153 / "perf_tips.warntype.txt"     # real Julia 1.5.3: the manual's `@code_warntype f(3.2)`
CASES = sorted(p.name[:-len(".typed.txt")] for p in J153.glob("*.typed.txt"))


def diff_files(a, b):
    return diff_documents(jlir.parse_file(a), jlir.parse_file(b), str(a), str(b))


def parse_text(text: str):
    return jlir.functions(jlir.parse(text))[0]


def ops(fd) -> list[str]:
    return [s.op for s in fd.statements]


def rules(fd) -> set[str]:
    return {n.rule for n in fd.style}


def not_same(fd):
    return [s for s in fd.statements if s.op != "same"]


# ---------------------------------------------------------------------------------------------- corpus pairs
def test_perf_tips_by_julia_1_5_3_and_the_manuals_1_2_to_1_6_print_differ_only_in_upper_cased_types():
    d = diff_files(PERF_TIPS, CORPUS / "0042.txt")
    assert d.outcome == "equivalent"
    (f,) = d.functions
    assert rules(f) == {"highlight"}
    assert [(v.op, v.name, v.a, v.b) for v in f.variables] == [
        ("style", "y", "UNION{FLOAT64, INT64}", "Union{Float64, Int64}")]
    assert set(ops(f)) == {"same"}
    assert d.message == "equivalent: the prints differ only in printing style (both read as Julia 1.2–1.5)"


def test_perf_tips_by_julia_1_5_3_and_by_1_10_differ_only_in_printing_style():
    d = diff_files(PERF_TIPS, CORPUS / "0041.txt")
    assert d.outcome == "equivalent"
    assert d.message == "equivalent: the prints differ only in printing style (Julia 1.2–1.5 vs 1.9+)"
    (f,) = d.functions
    assert rules(f) == {"lattice", "highlight", "header"}
    assert {(v.name, v.op) for v in f.variables} == {("#self#", "style"), ("y", "style")}
    assert set(ops(f)) == {"same"} and not f.blocks.changed and f.return_type is None


def test_the_manuals_upper_cased_1_2_to_1_5_print_is_julia_1_5_3_output_byte_for_byte():
    d = diff_files(CORPUS / "0043.txt", PERF_TIPS)
    assert d.outcome == "identical" and d.message == "identical: the two prints are the same text"


def test_pr_43226_before_and_after_differ_only_in_argument_names_in_the_phi_node():
    d = diff_files(CORPUS / "0004.txt", CORPUS / "0006.txt")
    assert d.outcome == "equivalent"
    (f,) = d.functions
    (phi,) = not_same(f)
    assert (phi.op, phi.rules, phi.a.id, phi.b.id) == ("style", ("arguments",), 4, 4)
    assert (phi.a.text, phi.b.text) == ("φ (#2 => _3, #3 => _4)::Any", "φ (#2 => x, #3 => y)::Any")


def test_julia_1_11_vs_1_12_with_coverage_is_one_added_statement_and_renumbered_ssa_with_labels_as_style():
    d = diff_files(CORPUS / "0062.txt", CORPUS / "0059.txt")
    assert d.outcome == "different"
    (f,) = d.functions
    assert ops(f) == ["added", "style", "same"]
    added, getindex, ret = f.statements
    assert (added.b.id, added.b.text) == (1, "$(Expr(:code_coverage_effect))::Nothing")
    assert (getindex.a.id, getindex.b.id, getindex.rules) == (1, 2, ("labels",))
    assert (ret.a.text, ret.b.text) == ("return %1", "return %2")
    assert f.ssa_map == ((1, 2), (2, 3))
    assert not f.blocks.changed and rules(f) == {"labels"}
    assert d.to_json()["summary"] == {"added": 1, "removed": 0, "changed": 0, "types": 0, "style": 1,
                                      "blocks_changed": False, "return_type_changed": False,
                                      "variables_changed": 0}


def test_optimize_false_by_1_5_and_1_6_dev_shows_the_better_inference_once_the_blogs_comments_are_cut():
    a, b = ("\n".join(line.split("  # <=")[0].split(" # <=")[0] for line in (CORPUS / f).read_text().split("\n"))
            for f in ("0093.txt", "0094.txt"))
    f = diff_functions(parse_text(a), parse_text(b))
    assert f.outcome == "different"
    assert (f.return_type.op, f.return_type.a, f.return_type.b) == ("changed", "Any", "Union{Float64, Int64}")
    sin = next(s for s in f.statements if s.a and "sin" in s.a.text)
    assert (sin.op, sin.aspects, sin.a.type, sin.b.type) == ("changed", ("node", "type"), "Any", "Float64")
    assert (f.blocks.count_a, f.blocks.count_b, f.blocks.removed) == (6, 4, (2, 3))


def test_julia_1_7_vs_1_9_loop_lost_its_cbrt_call_and_split_the_entry_block():
    d = diff_files(CORPUS / "0109.txt", CORPUS / "0110.txt")
    (f,) = d.functions
    removed = [s.a.text for s in f.statements if s.op == "removed"]
    assert "invoke Main.cbrt(a::Float64)::Any" in removed
    assert (f.blocks.count_a, f.blocks.count_b) == (10, 15)
    assert f.blocks.split == ((1, (1, 6)),) and f.blocks.added == (2, 3, 4, 5) and not f.blocks.edges
    # the loop's exit test compares with the trip count, now a φ: its operand changed, not the statement
    exit_test = next(s for s in f.statements if s.a and s.a.text == "(%12 === %2)::Bool")
    assert (exit_test.op, exit_test.aspects, exit_test.b.text) == ("changed", ("operands",), "(%16 === %5)::Bool")
    assert exit_test.operands == ((2, 5, None),)  # A's %2 (the ifelse) has no partner; B uses the φ %5


def test_the_ssair_phic_example_changed_only_its_leave_when_leave_took_ssa_tokens():
    d = diff_files(CORPUS / "0002.txt", CORPUS / "0026.txt")
    (f,) = d.functions
    (leave, const) = sorted(not_same(f), key=lambda s: s.op)
    assert (leave.op, leave.a.text, leave.b.text) == (
        "changed", "$(Expr(:leave, 1))", "$(Expr(:leave, Core.SSAValue(2)))")
    assert (const.op, const.a.id, const.rules) == ("style", 15, ("lattice",))


def test_the_inferred_docstring_by_1_6_and_1_10_differs_only_in_header_layout_and_const_spelling():
    d = diff_files(CORPUS / "0163.txt", CORPUS / "0170.txt")
    assert d.outcome == "equivalent"
    assert rules(d.functions[0]) == {"lattice", "header"}
    assert "Julia 1.6 vs 1.9+" in d.message


def test_code_escapes_displays_of_one_function_differ_only_in_what_is_not_compared():
    d = diff_files(CORPUS / "0027.txt", CORPUS / "0071.txt")
    assert d.outcome == "equivalent"
    assert d.functions[0].ignored == ("line info", "title", "escape information")
    assert d.message == "equivalent: the prints differ only in line info, title, escape information (not compared)"


def test_the_escape_example_by_1_8_and_1_11_lost_its_allocation():
    d = diff_files(CORPUS / "0029.txt", CORPUS / "0073.txt")
    (f,) = d.functions
    assert ops(f) == ["removed", "removed", "removed", "changed"]
    assert (f.statements[-1].a.text, f.statements[-1].b.text) == ("return %3", "return _2")


def test_a_pending_node_inserted_before_compaction_is_one_addition_numbered_past_the_statements():
    d = diff_files(CORPUS / "0017.txt", CORPUS / "0079.txt")  # Mooncake docs: insert_node!, not compacted
    (added,) = not_same(d.functions[0])
    assert (added.op, added.b.id, added.b.block, added.b.text) == ("added", 10, 3, "(Core.Intrinsics.mul_int)(%3, 2)::Int64")


def test_compaction_renumbers_and_rewires_one_operand_to_the_new_statement():
    d = diff_files(CORPUS / "0079.txt", CORPUS / "0081.txt")
    (f,) = d.functions
    (rewired,) = not_same(f)
    assert (rewired.aspects, rewired.operands) == (("operands",), ((3, 6, 3),))
    assert "~ %6 → %7: operands changed: %3 → %6 (A's %3 is B's %3)" in render_text(d)
    assert (10, 6) in f.ssa_map and not f.blocks.changed


# ---------------------------------------------------------------------------------------------- Julia 1.5.3 displays
@pytest.mark.parametrize("case", CASES)
def test_typed_and_ircode_prints_of_one_function_by_julia_1_5_3_are_equivalent(case):
    d = diff_files(J153 / f"{case}.typed.txt", J153 / f"{case}.ircode.txt")
    assert d.outcome == "equivalent", render_text(d)
    assert "the prints (typed vs ircode)" in d.message


@pytest.mark.parametrize("case", [c for c in CASES if c != "multi_method"])
def test_unoptimized_typed_and_warntype_prints_by_julia_1_5_3_show_the_same_ir(case):
    d = diff_files(J153 / f"{case}.typed-unoptimized.txt", J153 / f"{case}.warntype.txt")
    assert d.outcome == "equivalent", render_text(d)
    assert d.functions[0].notes[0].startswith("different displays: typed vs warntype")


def test_documents_with_different_function_counts_pair_in_order_and_say_so():
    d = diff_files(J153 / "multi_method.typed.txt", J153 / "multi_method.typed-vector.txt")
    assert d.outcome == "different" and d.unpaired_b == (2,) and d.functions[0].outcome == "identical"
    assert d.message.endswith("1 function only in B")
    assert "functions only in B: 2 (1 in A, 2 in B; paired in order)" in render_text(d)


def test_a_cfg_listing_is_refused_with_a_message_saying_why():
    with pytest.raises(DiffError, match="no function to compare .*a CFG listing"):
        diff_files(J153 / "arrays.cfg.txt", J153 / "arrays.typed.txt")


# ---------------------------------------------------------------------------------------------- model edits
def early_return():
    return jlir.functions(jlir.parse_file(J153 / "early_return.typed.txt"))[0]


def insert_statement(f, pos: int, stmt: Statement):
    """`f` with `stmt` inserted before positional statement `pos`, in that statement's block, later SSA
    numbers shifted as Julia would number them."""
    shift = lambda k: V.SSAValue(k + 1 if k >= pos else k)  # noqa: E731
    stmts = [replace(s, node=rewrite(s.node, ssa=shift)) for s in f.stmts]
    stmts.insert(pos - 1, stmt)
    blocks = tuple(Block(b.first + (b.first > pos), b.last + (b.last >= pos)) for b in f.blocks)
    return f.replace(stmts=tuple(stmts), blocks=blocks)


MARKER = Statement(N.Expr("call", (V.GlobalRef("Main", "inserted_marker"), V.SSAValue(1))), T.TypeName(("Int64",)))


def test_a_function_diffed_against_itself_is_identical():
    f = early_return()
    d = diff_functions(f, f)
    assert d.outcome == "identical" and set(ops(d)) == {"same"} and not d.blocks.changed


def test_an_inserted_statement_is_the_one_addition_although_every_later_ssa_number_shifts():
    f = early_return()
    g = parse_text(jlir.format(insert_statement(f, 5, MARKER)))
    d = diff_functions(f, g)
    assert [s.op for s in not_same(d)] == ["added"]
    (added,) = not_same(d)
    assert (added.b.id, added.b.text) == (5, "Main.inserted_marker(%1)::Int64")
    assert d.ssa_map[-1] == (len(f.stmts), len(f.stmts) + 1)
    assert not d.blocks.changed and d.outcome == "different"
    assert render_text(diff_documents(jlir.parse(jlir.format(f)), jlir.parse(jlir.format(g)))).endswith(
        "summary: 1 added, 0 removed, 0 changed (0 types), blocks unchanged\n")


def test_a_changed_statement_type_is_one_type_change():
    f = early_return()
    k = next(i for i, s in enumerate(f.stmts) if s.type == T.TypeName(("Int64",)))
    union = T.TypeApply(T.TypeName(("Union",)), (T.TypeName(("Nothing",)), T.TypeName(("Int64",))))
    stmts = list(f.stmts)
    stmts[k] = replace(stmts[k], type=union)
    d = diff_functions(f, f.replace(stmts=tuple(stmts)))
    (changed,) = not_same(d)
    assert (changed.op, changed.aspects, changed.a.type, changed.b.type) == (
        "changed", ("type",), "Int64", "Union{Nothing, Int64}")
    assert f"~ %{k + 1}: type Int64 → Union{{Nothing, Int64}}" in render_text(
        diff_documents(Document((f,), ("",)), Document((f.replace(stmts=tuple(stmts)),), ("",))))


def test_a_swapped_branch_target_is_a_changed_statement_and_a_changed_cfg_edge():
    f = early_return()
    k, node = next((i, s.node) for i, s in enumerate(f.stmts) if type(s.node) is N.GotoIfNot)
    block = next(b for b, blk in enumerate(f.blocks, 1) if blk.last == k + 1)
    other = next(b for b in range(len(f.blocks), 0, -1) if b not in (node.dest, block + 1))
    stmts = list(f.stmts)
    stmts[k] = replace(stmts[k], node=replace(node, dest=other))
    d = diff_functions(f, f.replace(stmts=tuple(stmts)))
    (changed,) = not_same(d)
    assert (changed.op, changed.aspects) == ("changed", ("target",))
    (edge,) = d.blocks.edges
    assert (edge.a, edge.b) == (block, block)
    assert set(edge.a_succs) == {node.dest, block + 1} and set(edge.b_succs) == {other, block + 1}


def test_warntype_variables_and_body_type_are_compared_by_name_and_type():
    f = jlir.functions(jlir.parse_file(PERF_TIPS))[0]
    (title, (self_, x, y)), = f.header.sections
    variables = (self_, (y[0], "::", T.TypeName(("Float64",))), ("z", "::", T.TypeName(("Int64",))))
    g = f.replace(header=replace(f.header, sections=((title, variables),), body_type=T.TypeName(("Int64",))))
    d = diff_functions(f, g)
    assert [(v.op, v.name, v.a, v.b) for v in d.variables] == [
        ("removed", "x", "Float64", None), ("changed", "y", "UNION{FLOAT64, INT64}", "Float64"),
        ("added", "z", None, "Int64")]
    assert (d.return_type.op, d.return_type.a, d.return_type.b) == ("changed", "Float64", "Int64")
    assert d.outcome == "different" and set(ops(d)) == {"same"}


def respelled_as_julia_1_10(x):
    """`x` as Julia 1.6+ spells what 1.5 printed: `Core.Const(v)`, `Vector{T}`, `unreachable`."""
    cls = type(x)
    if cls is tuple:
        return tuple(respelled_as_julia_1_10(i) for i in x)
    if cls is T.TypeCall and T.is_lattice_element(x):
        args = respelled_as_julia_1_10(x.args)
        return T.TypeCall(T.TypeName(("Core", x.head.name)), args[:1] if x.head.name == "Const" else args)
    if cls is T.TypeApply and x.head == T.TypeName(("Array",)) and x.params[-1] == V.Literal("1", "int"):
        return T.TypeApply(T.TypeName(("Vector",)), respelled_as_julia_1_10(x.params[:1]))
    if cls is N.Expr and x.head == "unreachable":
        return N.ReturnNode(None)
    if cls is Statement:
        node = respelled_as_julia_1_10(x.node)
        return replace(x, node=node, type=None if type(node) is N.ReturnNode else respelled_as_julia_1_10(x.type))
    if hasattr(cls, "__slots__") and cls.__module__.startswith("jlir.ir."):
        return cls(*[respelled_as_julia_1_10(getattr(x, f)) for f in cls.__slots__])
    return x


@pytest.mark.parametrize("case", ["arrays.typed", "kwcall.typed-unoptimized", "exceptions.typed"])
def test_a_julia_1_5_3_print_respelled_the_way_1_10_prints_it_is_equivalent(case):
    f = jlir.functions(jlir.parse_file(J153 / f"{case}.txt"))[0]
    g = f.replace(style=Style.for_version("1.10"), stmts=respelled_as_julia_1_10(f.stmts),
                return_type=respelled_as_julia_1_10(f.return_type))
    g = parse_text(jlir.format(g))
    d = diff_functions(f, g)
    assert d.outcome == "equivalent", [s for s in not_same(d) if s.op != "style"]
    assert rules(d) and rules(d) <= {"lattice", "alias", "unreachable", "spelling"}


def test_what_the_model_does_not_keep_tuple_spacing_and_bare_return_is_counted_as_spelling():
    f = jlir.functions(jlir.parse_file(J153 / "tuples.typed.txt"))[0]
    g = parse_text(jlir.format(f.replace(style=Style.for_version("1.10"), stmts=respelled_as_julia_1_10(f.stmts),
                                       return_type=respelled_as_julia_1_10(f.return_type))))
    assert "Tuple{Int64,Int64}" in jlir.format(f) and "Tuple{Int64, Int64}" in jlir.format(g)
    d = diff_functions(f, g)
    assert d.outcome == "equivalent" and rules(d) == {"lattice", "spelling"}
    spelled = [s for s in d.statements if s.op == "same" and s.a.text != s.b.text]
    assert spelled and all(s.a.text.replace(" ", "") == s.b.text.replace(" ", "") for s in spelled)


# ---------------------------------------------------------------------------------------------- properties
@settings(max_examples=80, deadline=None)
@given(functions())
def test_any_function_diffed_against_itself_is_identical(f):
    assert diff_functions(f, f).outcome == "identical"


@settings(max_examples=120, deadline=None)
@given(data=st.data())
def test_inserting_one_statement_anywhere_is_exactly_one_addition(data):
    f = data.draw(functions())
    pos = data.draw(st.integers(1, len(f.stmts)))
    d = diff_functions(f, insert_statement(f, pos, MARKER))
    assert [(s.op, s.b.id) for s in not_same(d)] == [("added", pos)]
    assert not d.blocks.changed


@settings(max_examples=80, deadline=None)
@given(functions())
def test_the_same_function_printed_as_julia_1_5_and_1_10_print_it_is_never_different(f):
    g = f.replace(style=Style.for_version("1.10" if f.style.hi <= (1, 5) else "1.5"))
    if g.style.hi > (1, 5):
        g = g.replace(stmts=respelled_as_julia_1_10(f.stmts), return_type=respelled_as_julia_1_10(f.return_type))
    d = diff_functions(f, parse_text(jlir.format(g)))
    assert d.outcome in ("identical", "equivalent")
    assert {s.op for s in d.statements} <= {"same", "style"}


# ---------------------------------------------------------------------------------------------- text and JSON
def test_text_names_both_inputs_with_form_and_style_and_lists_changes_with_both_ssa_numbers():
    d = diff_files(CORPUS / "0062.txt", CORPUS / "0059.txt")
    text = render_text(d).splitlines()
    assert text[0] == f"--- {CORPUS / '0062.txt'}  (1 function: typed, Julia 1.0+)"
    assert text[1] == f"+++ {CORPUS / '0059.txt'}  (1 function: typed, Julia 1.12+)"
    assert text[2] == "different: 1 added, 0 removed, 0 changed (0 types), blocks unchanged, 1 in style only"
    assert "+ %1: $(Expr(:code_coverage_effect))::Nothing" in text
    assert "  %1 → %2 =   dynamic Base.getindex(A, 1)::Any" in text
    assert text[-1] == "summary: 1 added, 0 removed, 0 changed (0 types), blocks unchanged, 1 in style only"


def test_style_only_statements_are_listed_on_request():
    d = diff_files(CORPUS / "0004.txt", CORPUS / "0006.txt")
    assert "≈" not in render_text(d)
    shown = render_text(d, show_style=True)
    assert "≈ %4: style: arguments\n  - %4 = φ (#2 => _3, #3 => _4)::Any\n  + %4 = φ (#2 => x, #3 => y)::Any" in shown


def test_json_is_one_object_with_the_documented_keys():
    data = json.loads(json.dumps(diff_files(CORPUS / "0109.txt", CORPUS / "0110.txt").to_json()))
    assert set(data) == {"schema", "outcome", "message", "a", "b", "functions", "unpaired", "summary"}
    assert data["schema"] == "jlir-diff/1" and data["outcome"] == "different"
    assert set(data["a"]) == {"source", "functions", "forms", "styles", "other_items"}
    (f,) = data["functions"]
    assert set(f) == {"index", "outcome", "a", "b", "statements", "ssa_map", "blocks", "return_type", "instance",
                      "variables", "style", "ignored", "notes", "summary", "renames", "name", "orders"}
    assert set(f["blocks"]) == {"a", "b", "map", "added", "removed", "split", "merged", "edges", "changed"}
    assert {s["op"] for s in f["statements"]} == {"added", "removed", "changed"}
    assert set(f["statements"][0]) == {"op", "a", "b", "aspects", "rules", "operands"}
    assert set(data["summary"]) == {"added", "removed", "changed", "types", "style", "blocks_changed",
                                    "return_type_changed", "variables_changed"}


# ---------------------------------------------------------------------------------------------- CLI
def jlir_cli(*args, input: bytes | None = None) -> subprocess.CompletedProcess:
    return run_jlir("diff", *args, input=input)


def test_cli_exits_0_for_prints_that_differ_only_in_style():
    r = jlir_cli(PERF_TIPS, CORPUS / "0041.txt")
    assert r.returncode == 0 and r.stderr == b""
    assert b"equivalent: the prints differ only in printing style (Julia 1.2\xe2\x80\x931.5 vs 1.9+)" in r.stdout


def test_cli_exits_1_for_different_prints_and_reads_standard_input_as_dash():
    r = jlir_cli("-", CORPUS / "0059.txt", input=(CORPUS / "0062.txt").read_bytes())
    assert r.returncode == 1
    assert r.stdout.decode().startswith("--- <stdin>  (1 function: typed, Julia 1.0+)\n")


def test_cli_json_is_valid_json_with_the_documented_keys():
    r = jlir_cli("--json", CORPUS / "0004.txt", CORPUS / "0006.txt")
    assert r.returncode == 0
    data = json.loads(r.stdout)
    assert data["outcome"] == "equivalent" and data["functions"][0]["style"][0]["rule"] == "arguments"


def test_cli_missing_file_is_a_one_line_error_and_exit_2():
    r = jlir_cli(CORPUS / "0004.txt", "no-such-file.txt")
    assert r.returncode == 2 and r.stdout == b""
    assert r.stderr.decode() == "jlir: error: no-such-file.txt: no such file\n"


def test_cli_unreadable_dump_gives_a_located_parse_error_and_exit_2():
    r = jlir_cli(CORPUS / "0037.txt", CORPUS / "0042.txt")  # a 1.0 print edited after Julia drew it
    assert r.returncode == 2
    assert r.stderr.decode().startswith(f"{CORPUS / '0037.txt'}:23:1: error: ")
    assert b"Traceback" not in r.stderr


def test_cli_cfg_listing_is_refused_with_exit_2():
    r = jlir_cli(J153 / "arrays.cfg.txt", J153 / "arrays.typed.txt")
    assert r.returncode == 2 and b"no function to compare" in r.stderr and b"Traceback" not in r.stderr


def test_cli_help_says_line_info_is_not_compared():
    r = subprocess.run([sys.executable, "-m", "jlir", "diff", "--help"], capture_output=True, cwd=ROOT)
    assert b"Line info" in r.stdout and b"not compared" in r.stdout


# ---------------------------------------------------------------- closures, names, identical prints (what users compare)
ARRAYS = (J153 / "arrays.typed.txt").read_text(encoding="utf-8")   # real 1.5.3: holds closure var"#101#102"
LOOPS = (J153 / "loops.typed.txt").read_text(encoding="utf-8")


def test_closure_names_that_differ_between_sessions_are_renames_not_changes():
    other_session = ARRAYS.replace('var"#101#102"', 'var"#7#8"')
    d = diff_documents(jlir.parse(ARRAYS), jlir.parse(other_session))
    (f,) = d.functions
    assert f.renames == (("#101#102", "#7#8"),)
    assert d.outcome == "equivalent" and not f.different
    assert "closure names (renamed)" in d.message
    assert "renamed (generated closure names, paired by position): #101#102 → #7#8" in render_text(d)


def test_a_real_change_next_to_a_renamed_closure_is_still_reported():
    other = ARRAYS.replace('var"#101#102"', 'var"#7#8"').replace("Base.sle_int(1, n)", "Base.slt_int(1, n)", 1)
    (f,) = diff_documents(jlir.parse(ARRAYS), jlir.parse(other)).functions
    assert f.renames == (("#101#102", "#7#8"),)
    assert f.count("changed") == 1 and f.different


def test_block_numbers_and_self_are_never_taken_for_closure_names():
    from jlir.compare.closures import generated_names
    assert generated_names('goto #3 if not %2\n#self#::Core.Const(f)\nvar"#5#6"(x) ##54#55 #g#27 var"#17" '
                           'getfield(Main, Symbol("#23"))') == ["#5#6", "##54#55", "#g#27", "#17", "#23"]


def test_functions_named_on_both_sides_are_paired_by_name_not_order():
    a = f"# arrays(1) — typed — Julia 1.5.3\n{ARRAYS}\n# loops(1) — typed — Julia 1.5.3\n{LOOPS}"
    b = f"# loops(1) — typed — Julia 1.10.0\n{LOOPS}\n# arrays(1) — typed — Julia 1.10.0\n{ARRAYS}"
    d = diff_documents(jlir.parse(a), jlir.parse(b))
    assert [(f.index, f.name, f.outcome) for f in d.functions] == [(1, "arrays(1)", "identical"),
                                                                   (2, "loops(1)", "identical")]
    assert d.outcome == "equivalent" and d.unpaired_a == d.unpaired_b == ()
    unnamed = diff_documents(jlir.parse(a), jlir.parse(f"{LOOPS}\n{ARRAYS}"))  # B names nothing: in order
    assert [f.name for f in unnamed.functions] == [None, None] and unnamed.outcome == "different"


def test_an_identical_print_takes_the_shortcut_and_still_pairs_every_statement():
    f = jlir.functions(jlir.parse(ARRAYS))[0]
    d = diff_functions(f, f)
    assert d.identical and d.outcome == "identical"
    assert len(d.statements) == len(f.stmts) and {s.op for s in d.statements} == {"same"}
    assert d.ssa_map == tuple((i, i) for i in range(1, len(f.stmts) + 1))
    assert d.blocks.mapping == tuple((b, b) for b in range(1, len(f.blocks) + 1)) and not d.blocks.changed



def test_a_dump_holding_a_nested_codeinfo_diffs_against_a_copy_as_identical():
    # top-level lowered code (`$(Expr(:thunk, CodeInfo(…)))`, `$(Expr(:method, …, CodeInfo(quote … end)))`):
    # the nested CodeInfo is compared whole, never an internal error
    text = (ROOT / "fixtures" / "corpus" / "0204.txt").read_text(encoding="utf-8")  # LoweredCodeUtils' docs
    d = diff_documents(jlir.parse(text), jlir.parse(text), "a", "b")
    assert d.outcome == "identical" and d.functions
    changed = text.replace("return $(Expr(:method, :f))", "return $(Expr(:method, :g))", 1)
    assert changed != text
    assert diff_documents(jlir.parse(text), jlir.parse(changed), "a", "b").outcome == "different"
