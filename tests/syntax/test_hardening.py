"""Whatever the input, the reader answers with a located ParseError or a model that prints back as itself.

Each test here reproduces one defect found by fuzzing (a Python exception other than ParseError, a text that
read but printed back otherwise, a hang or a memory blow-up) and failed before its fix.
"""
from __future__ import annotations

import time
import tracemalloc
from pathlib import Path

import pytest

import jlir
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.function import LineInfo
from jlir.printer.debuginfo import LineTableError
from jlir.syntax.statement.grammar import MAX_NESTING

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3"


def reads_back(text: str) -> bool:
    """The rule: what `parse` accepts, `format` prints, and the print reads back as the same model."""
    doc = jlir.parse(text)
    return jlir.parse(jlir.format(doc)) == doc


def refused(text: str) -> jlir.ParseError:
    with pytest.raises(jlir.ParseError) as info:
        jlir.parse(text)
    return info.value


def test_cfg_listing_with_a_successor_that_is_no_number_is_a_located_parse_error():
    e = refused("1\t=>\tx\n")  # was ValueError: invalid literal for int()
    assert (e.line, e.column) == (1, 6)
    assert "successor" in e.message


def test_cfg_listing_successors_must_be_printed_as_julia_joins_them():
    refused("1\t=>\t2,3\n")  # `2,3` would print back as `2, 3`
    assert reads_back("1\t=>\t2, 3\n2\t=>\t\n3\t=>\t\n")


@pytest.mark.parametrize("depth", [MAX_NESTING + 1, 300, 1000])
def test_types_nested_deeper_than_the_bound_are_refused_where_the_bound_is_crossed(depth):
    # 300 nested `Tuple{` raised RecursionError; 400 parsed but could not be printed
    text = "1 ─ %1 = (f)(%1)::" + "Tuple{" * depth + "Int" + "}" * depth + "\n└──      return %1\n"
    e = refused(text)
    assert e.column == len("1 ─ %1 = (f)(%1)::") + 6 * MAX_NESTING + 6  # the `{` of the first `Tuple{` too deep
    assert "nest deeper" in e.message


@pytest.mark.parametrize("opener,closer", [("Union{", "}"), ("f(", ")"), ("[", "]")])
def test_calls_and_unions_nested_deeper_than_the_bound_are_refused(opener, closer):
    text = "1 ─ %1 = (g)(" + opener * 500 + "1" + closer * 500 + ")::Int\n└──      return %1\n"
    assert "nest deeper" in refused(text).message


def test_nesting_up_to_the_bound_reads_and_prints_back():
    text = "1 ─ %1 = (f)(%1)::" + "Tuple{" * MAX_NESTING + "Int" + "}" * MAX_NESTING + "\n└──      return %1\n"
    assert reads_back(text)


@pytest.mark.parametrize("text", [
    "1 ─ %1 = (f)(%٣)::Int\n└──      return %1\n",          # Arabic-Indic 3: was read as %3
    "1 ─      goto #٢\n2 ─      return 1\n",
    "1 ─ %1 = (f)(x@_٣)::Int\n└──      return %1\n",
    "CFG with ٢ blocks:\n  bb 1 (stmt 1) → bb 2\n  bb 2 (stmt 2)\n",
])
def test_unicode_digits_are_not_read_as_numbers(text):
    refused(text)


@pytest.mark.parametrize("text", [
    "1 ─ %1 = (f)(%{big})::Int\n└──      return %1\n",
    "1 ─      goto #{big}\n└──      return 1\n",
    "1 ─ %1 = (f)(x@_{big})::Int\n└──      return %1\n",
    "{big}\t=>\t2\n",
    "CFG with {big} blocks:\n",
    "{big} ─ %1 = (f)(x)::Int\n└──      return %1\n",
])
def test_numbers_of_thousands_of_digits_are_a_parse_error_not_a_value_error(text):
    refused(text.replace("{big}", "9" * 5000))  # int() refuses more than 4300 digits: was ValueError


def test_huge_integer_literal_reads_and_prints_back():
    assert reads_back("1 ─ %1 = (f)(" + "9" * 5000 + ")::Int\n└──      return %1\n")


@pytest.mark.parametrize("body", ["return%99999999999999999999", "x %99999999999999999999"])
def test_a_percent_and_a_number_too_long_for_an_ssa_value_is_refused_not_read_as_an_infix_percent(body):
    """`%` then digits is always an SSA value: `show` spaces the binary `%` (` % `).  A 20-digit `%N` was read as
    `return % 99999999999999999999`, which printed so and read back as another statement (fuzz seed 31, 66219)."""
    e = refused("CodeInfo(\n1 ─ %1 = Main.f(x)\n│        " + body + "\n└──      return %1\n)\n")
    assert (e.line, e.column) == (3, 10 + body.index("%"))
    assert "18 digits" in e.message
    assert reads_back("CodeInfo(\n1 ─ %1 = Main.f(x)\n│        x % 99999999999999999999\n└──      return %1\n)\n")


def test_block_number_outside_enter_does_not_leak_into_the_model():
    # `#2` in `$(Expr(:foo, #2))` left a parser-internal BlockRef in the model, which nothing could print
    e = refused("1 ─ %1 = $(Expr(:foo, #2))::Any\n└──      return %1\n")
    assert (e.line, e.column) == (1, 23)
    assert reads_back("1 ─      $(Expr(:enter, #2))\n2 ─      return 1\n")


def _warntype_lines():
    return (FIXTURES / "loops.warntype.txt").read_text(encoding="utf-8").split("\n")


def test_warntype_statement_whose_only_use_was_edited_away_is_refused():
    """`@code_warntype` prints `%N = ` and `::T` only for used values: with the one use of `%13` edited away the
    type was dropped on printing (the print read back as another model)."""
    lines = _warntype_lines()
    k = lines.index("└──       goto #4 if not %13")
    assert sum("%13" in l for l in lines) == 2
    e = refused("\n".join(lines[:k] + ["└──       goto #4 if not %12"] + lines[k + 1:]))
    assert "is not used" in e.message
    assert e.text.startswith("│   %13 = ")


def _edited(case: str, old: str, new: str) -> str:
    text = (FIXTURES / case).read_text(encoding="utf-8")
    assert text.count(old) == 1
    return text.replace(old, new)


def test_warntype_value_used_only_inside_an_argument_is_refused_as_julia_would_not_number_it():
    """Julia's printer counts the uses `scan_ssa_use!` sees (an argument, not one nested in it): an edited
    `(%7 >> 1):φ:Int64` (a range call holding `%7` one level down) left `%7 = ` unprinted (fuzz seed 31, 30588)."""
    e = refused(_edited("struct_return.warntype.txt", "(%7 >> 1)::Int64", "(%7 >> 1):φ:Int64"))
    assert e.text.startswith("│   %7 = ") and "is not used" in e.message


def test_warntype_value_used_only_on_the_left_of_an_assignment_is_refused():
    """`userefs` of an assignment visits its right-hand side only: `(p * %1 = %2)` does not use `%1`, whose
    `%1 = ` and type were dropped on printing (fuzz seed 31, 48759)."""
    e = refused(_edited("wide_int.warntype.txt", "(p = %1 * %2)", "(p * %1 = %2)"))
    assert e.text.startswith("1 ─ %1 = ") and "is not used" in e.message


@pytest.mark.parametrize("old,new", [("Core.getfield(%7, 2)::Int64", "Core.getfield(%7, 2)"),
                                     ("%4  = (@_4 === nothing)::Bool", "%4  = @_4 === nothing")])
def test_typed_warntype_value_used_without_its_type_is_refused(old, new):
    """A typed `@code_warntype` prints `::T` after every used value whose node takes one (`should_print_ssa_type`);
    only an uninferred one (an OpaqueClosure's, tests/syntax/forms/test_displays_warntype_untyped.py) prints none."""
    text = (FIXTURES / "loops.warntype.txt").read_text(encoding="utf-8")
    e = refused(text.replace(old, new))
    assert "prints `::T` after every value the IR uses" in e.message
    assert e.text.endswith(new)


_PENDING = (Path(__file__).resolve().parents[2] / "fixtures" / "corpus" / "0068.txt").read_text(encoding="utf-8")


def _pending_variants():
    lines = _PENDING.split("\n")  # 0068: `└──      goto #3 if not %2` is line 2, `└──      goto #3` line 5
    return {"end-rail-line-copied-before-a-block-end": lines[:5] + [lines[2]] + lines[5:],   # fuzz seed 31, 23629
            "start-of-block-3-deleted": lines[:6] + lines[7:],                               # 30910
            "block-end-copied-into-block-1": lines[:3] + [lines[5]] + lines[3:]}             # 51686


@pytest.mark.parametrize("name", sorted(_pending_variants()))
def test_pending_node_whose_rail_julia_would_not_print_is_refused(name):
    """Julia prints a statement with its pending nodes as one print group: those before it never final (`│`),
    those attached after it `└──` only when it ends its block.  A duplicated or deleted `└──` line read as a
    pending node printed back with another rail, which read back as another model."""
    e = refused("\n".join(_pending_variants()[name]))
    assert "rail does not fit" in e.message
    assert e.text.lstrip().startswith("└──")
    assert reads_back(_PENDING)


_VECTOR = ("1-element Vector{Any}:\n CodeInfo(\n1 ─ %1 = Main.f(x)::Int64\n└──      return %1\n) => Int64\n")


def test_a_vector_display_ends_after_the_elements_its_header_announces():
    """A ≤1.6 IRCode right after a 1-element vector display was read as the vector's second element once printed
    with its line-number column (` 1 ─ …`): the document read as one item instead of two (fuzz seed 31, 87327)."""
    ircode = "1 ─ %1 = invoke Main.g(_2::Int64)::Int64\n└──      return %1\n"
    doc = jlir.parse(_VECTOR + ircode)
    assert [type(x).__name__ for x in doc.items] == ["VectorDisplay", "Function"]
    assert jlir.parse(jlir.format(doc)) == doc


def test_a_vector_display_with_fewer_elements_than_its_header_announces_is_refused():
    e = refused(_VECTOR.replace("1-element", "2-element"))
    assert e.line == 1 and "announces 2 elements, but 1 follow" in e.message


_ESCAPES = (Path(__file__).resolve().parents[2] / "fixtures" / "corpus" / "0028.txt").read_text(encoding="utf-8")


def test_a_letter_in_an_escape_displays_line_number_column_is_a_located_parse_error():
    # `ጸ ↑  4 ┄ …` reached the line-table search's int(): ValueError (fuzz seed 33, input 892)
    lines = _ESCAPES.split("\n")
    k = next(k for k, l in enumerate(lines) if l.startswith("7 ↑  4 ┄"))
    e = refused("\n".join(lines[:k] + ["ጸ" + lines[k][1:]] + lines[k + 1:]))
    assert (e.line, e.column) == (k + 1, 1) and "line number" in e.message


@pytest.mark.parametrize("text", [_ESCAPES, _PENDING], ids=["code_escapes", "ircode"])
def test_a_line_of_blanks_after_a_trimmed_screen_capture_is_refused(text):
    """A capture whose rows lost their trailing blanks holds no row of blanks: one read as 1.7+'s blank tail
    printed back as an empty line, read back as no tail (fuzz test seed 7002, input 12)."""
    e = refused(text + " \n")
    assert e.line == text.count("\n") + 1 and "trimmed" in e.message
    assert reads_back(text + "\n")


_DEV = Path(__file__).resolve().parents[2] / "fixtures" / "corpus" / "0007.txt"


@pytest.mark.parametrize("old,new", [("goto 2", "goto #2"),                       # a later printer's block number
                                     ("Main.:*(%2, %%2)", "Main.:*(%2, _2)"),     # a later printer's argument
                                     ("Main.:>(%3, 0)", "(%3 > 0)")])            # an infix call
def test_a_0_7_dev_dump_mixing_in_a_later_printers_text_is_refused_where_it_differs(old, new):
    """One `goto 3`, `%%2` or `1 => v` makes a dump 0.7-DEV's; the rest of it then printed 0.7-DEV's way, and
    the mix printed back as text that read back otherwise (29 of the first 100,000 dumps after 0.7-DEV came)."""
    text = _DEV.read_text(encoding="utf-8")
    assert text.count(old) == 1
    e = refused(text.replace(old, new))
    assert "0.7-DEV" in e.message and new in e.text and e.column == 1
    doc = jlir.parse(text.replace(old, new), errors="collect")
    assert type(doc.items[0]).__name__ == "Unreadable" and doc.items[0].error.line == e.line
    assert jlir.format(jlir.parse(text)) == text


def test_an_unspaced_comma_after_a_closed_brace_is_no_evidence_of_julia_1_5_or_older():
    """`%new(Base.RefValue{String},_2)`: the comma stands outside the braces (an edited call, no printer's), so it
    does not date the dump; read as ≤1.5 it printed spaced and read back as 1.0–1.14 (fuzz seed 31, 15076)."""
    from jlir.syntax.rows.detect import _search_unspaced_curly
    assert not _search_unspaced_curly("1 ─ %1 = %new(Base.RefValue{String},_2)::Base.RefValue{String}")
    assert _search_unspaced_curly("1 ─ %1 = (f)(x)::Tuple{Array{Int64,1},Int64}")
    assert _search_unspaced_curly("1 ─ %1 = (f)(x)::Tuple{CartesianIndex{N} where N,Int64}")


def test_a_2020_cthulhu_view_whose_codeinfo_closes_at_once_is_a_located_parse_error():
    # an empty statement list reached `lines[0]` of nothing: IndexError (fuzz seed 31, input 5017 after main's merge)
    e = refused("│ ─ %-1  = invoke foo(::Int64)::Float64\nCodeInfo(\n)\n")
    assert e.line == 3 and "statements of Cthulhu's view" in e.message


def test_a_bare_module_callee_in_a_julia_1_0_layout_is_refused_as_1_0_parenthesizes_it():
    """1.0–1.1 print `(Base.sle_int)(1, n)`; a bare `Base.sle_int(1, n)` in a dump whose line-number column dates it
    1.0 printed back parenthesized and read back as another callee (fuzz seed 31, 43435 and 86783)."""
    text = "CodeInfo(\n2 1 ─ %1 = {call}::Bool\n  └──      return %1\n) => Bool\n"
    e = refused(text.format(call="Base.sle_int(1, n)"))
    assert (e.line, e.column) == (2, 12) and "1.2+" in e.message
    assert reads_back(text.format(call="(Base.sle_int)(1, n)"))


@pytest.mark.parametrize("case", ["loops.ircode.txt", "try_catch.typed.txt", "exceptions.typed-source.txt",
                                  "nested_loops.warntype.txt", "closures.lowered.txt"])
def test_every_deleted_or_duplicated_line_is_refused_or_reads_back(case):
    """A dump with one line deleted or duplicated (two `└──` rails in a row, a pending-looking number, …)."""
    lines = (FIXTURES / case).read_text(encoding="utf-8").split("\n")
    for k in range(len(lines)):
        for mutated in (lines[:k] + lines[k + 1:], lines[:k + 1] + lines[k:]):
            text = "\n".join(mutated)
            try:
                doc = jlir.parse(text)
            except jlir.ParseError:
                continue
            again = jlir.parse(jlir.format(doc))
            assert again == doc, f"line {k + 1} deleted or duplicated: reads back as another model"


def test_pending_node_numbered_among_the_positional_statements_is_refused():
    text = "1 ─ %1 = (f)(1)::Int\n│   %2 = (g)(%1)::Int\n│   %1 = (h)(%2)::Int\n└──      return %1\n"
    assert "pending node" in refused(text).message


def test_gutter_whose_method_names_no_frame_of_the_candidate_stack_is_a_parse_error():
    # the search for a line table raised ValueError (tuple.index) on this gutter
    text = ("#5(↑ _2::String) in Main at REPL[7]:2\n"
            '2 ✓′ 1 ─ %1 = %new(SafeRef{String}, "init")::SafeRef{String}                    │╻╷ SafeRef\n'
            "  ◌  │        Base.setfield!(%1, :x, _2)::String                                ││╻\n"
            "4 ↑  │   %3 = Base.getfield(%1, :x)::String                                     │╻╷ getindex\n"
            "5 ◌  └──      return %3                                                         │\n")
    assert "line table" in refused(text).message


def test_gutter_that_no_line_table_reprints_is_refused_in_bounded_time():
    """An edited gutter made the depth-first search try 200,000 steps per width and capture (8.5 s here)."""
    text = (FIXTURES.parent / "corpus" / "0027.txt").read_text(encoding="utf-8")
    assert reads_back(text) and "│╻" in text  # a real colored print with a right-hand gutter
    mutated = text.replace("│╻", "││", 2)
    start = time.perf_counter()
    try:
        jlir.parse(mutated)
    except jlir.ParseError:
        pass
    assert time.perf_counter() - start < 5


def test_self_referencing_inlined_at_stops_the_printer_with_a_jlir_error():
    doc = jlir.parse((FIXTURES / "loops.typed-source.txt").read_text(encoding="utf-8"))
    f = doc.items[0]
    table = list(f.linetable)
    table[1] = LineInfo(table[1].file, table[1].line, table[1].method, 2)  # entry 2 inlined at itself
    looping = f.replace(linetable=tuple(table))
    for form_text in (lambda: jlir.format(looping), lambda: jlir.format(looping.replace(form=jlir.Form.IRCODE))):
        with pytest.raises(LineTableError):  # looped forever in the IRCode line-number column
            form_text()


def _parse_measuring_peak(text: str):
    """`jlir.parse(text)` and the peak of Python's allocations while it ran (tracemalloc)."""
    tracemalloc.start()
    try:
        doc = jlir.parse(text)
        return doc, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("literal", ['"' + "ab" * 250_000 + '"', '"' + 'a\\"' * 150_000 + '"'])
def test_a_long_string_literal_costs_memory_proportional_to_its_length(literal):
    """The lexer's string pattern held ~600 bytes of backtracking state per character (1 MB: 0.6 GB)."""
    text = f"1 ─ %1 = (f)({literal})::Int\n└──      return %1\n"
    doc, peak = _parse_measuring_peak(text)
    assert peak < 25 * len(text)
    assert jlir.format(doc) == " " + text.replace("\n└", "\n └")


def test_a_call_with_many_arguments_is_parsed_as_its_tokens_come():
    """One statement holding a call with 125,000 arguments took ~200 bytes per input byte (tokens, template
    numbers, the program memo); parsed as its tokens come it takes what its model does."""
    text = "1 ─ %1 = (f)(" + ", ".join(str(k) for k in range(125_000)) + ")::Int\n└──      return %1\n"
    doc, peak = _parse_measuring_peak(text)
    assert peak < 40 * len(text)
    assert len(doc.items[0].stmts[0].node.args) == 125_001


def test_an_operator_call_with_a_module_prints_prefix_so_the_module_reads_back():
    # `Base.:(==)(x, 1)` printed as `(x == 1)`, which reads back with no module
    text = "1 ─ %1 = Base.:(==)(x, 1)::Bool\n└──      return %1\n"
    assert reads_back(text)
    assert "Base.:(==)(x, 1)" in jlir.format(jlir.parse(text))
    assert "x == 1" in jlir.format(jlir.parse(text.replace("Base.:(==)(x, 1)", "x == 1")))


def test_a_minus_applied_to_a_number_prints_so_it_does_not_read_back_as_a_negative_literal():
    text = "1 ─ %1 = #self#::Core.Compiler.Const(fib, - 2)::Int64\n└──      return %1\n"  # printed `-2`: a literal
    assert reads_back(text)
    assert reads_back(text.replace("- 2", "-2")) and "fib, -2)" in jlir.format(jlir.parse(text.replace("- 2", "-2")))


@pytest.mark.parametrize("text", [
    "CodeInfo(\n1 ─ %1 = invoke Main.g(_2::AbstractArray)::Float64\n└──      return %599\n) => Float64\n",
    "CodeInfo(\n1 ─      $(Expr(:code_coverage_effect))::Nothing\n│   %2 =   dynamic Base.getindex(A, 1)::Any\n"
    "└──      return %-1\n)\n",
])
def test_references_past_the_last_statement_do_not_widen_an_ssa_column_nothing_shows(text):
    # `%599` (`%-1`) set the width of a column no `%N = ` printed; the blanks read back as a 1.12 call label
    # (or as another version range)
    assert reads_back(text)


def test_a_bare_return_with_trailing_blanks_is_the_same_1_5_evidence_as_a_bare_return():
    # `return ` read as `return nothing` but gave no style evidence, so it printed `return nothing` (1.6+)
    text = "CodeInfo(\n1 ─     return \n) => Int64\n"
    assert reads_back(text)
    assert jlir.format(jlir.parse(text)) == "CodeInfo(\n1 ─     return\n) => Int64\n"


def test_an_escape_symbol_that_cannot_be_printed_back_in_its_column_is_refused_where_it_stands():
    # `◌ a│` read `◌ a` as a symbol; printed padded, the rail moved one column right and no longer read
    text = ("#13(X s::String) in Main at REPL[1]:2\n"
            "X  1 ─ %1 = Core.memoryref(_2)::MemoryRef{Any}\n"
            "◌ a└──      return %1\n")
    e = refused(text)
    assert (e.line, e.column) == (3, 1) and "escape symbol" in e.message
    assert reads_back(text.replace("◌ a", "◌  "))


def test_a_string_showing_a_bang_at_the_gutter_column_covers_the_gutter_rather_than_starting_it():
    # printed one column left (its `%9` gone unused), `… detected !"` put ` !` (no line info) at the gutter
    # column, and the read back cut the statement inside its string
    text = ('/ₚ(a::Point, b::Point) in Main at untitled-e25fcb34ce5237c6bb8376cca04cf1b2:24\n'
            '│ ─ %-1 = invoke /ₚ(::Point,::Point)::Point\n'
            '26 1 ─  0       goto #3                                       │\n'
            '28 2 ┄  0       invoke Main.error("/ₚ: division error detected !"::String)::Union{}\n'
            '   └──  0       unreachable                                   │\n'
            '31 3 ─  0 %4  = Base.getfield(_2, :y)::Float64                │╻  getproperty\n'
            '   │    2 %5  = Base.eq_float(%4, 0.0)::Bool                  ││╻  ==\n'
            '   └──  0       goto #5 if not %5                             │\n'
            '   4 ─ 40       goto #2                                       │\n'
            '32 5 ─  0 %8  = Base.getfield(_3, :y)::Float64                │╻  getproperty\n'
            '   │    2 %9  = Base.eq_float(%8, 0.0)::Bool                  ││╻  ==')
    assert reads_back(text)


@pytest.mark.parametrize("symbol", [":c#all", ":offset#"])
def test_a_colon_symbol_with_a_hash_is_refused_as_julia_shows_it_as_symbol_of_a_string(symbol):
    # read as the symbol `c#all`, printed `Symbol("c#all")` as Julia shows it, which reads back as a call
    e = refused(f"1 ─ %1 = Main.f({symbol})::Int\n└──      return %1\n")
    assert e.line == 1 and e.column > len("1 ─ %1 = Main.f(:")


def test_a_var_quoted_symbol_prints_back_as_read():
    assert reads_back('1 ─ %1 = Main.f(:var"#f#1")::Int\n└──      return %1\n')


@pytest.mark.parametrize("value", ["0 :(:ccall)", "0 : :ccall", "x::(:a)"])
def test_a_colon_range_onto_a_quoted_symbol_prints_with_parentheses_not_as_a_declaration(value):
    # `0 :(:ccall)` printed `0::ccall`, which reads back as `0` declared of type `ccall`
    assert reads_back("1 ─ %1 = $(Expr(:foreigncall, :(:jl_f), Ptr{UInt8}, svec(Any), " + value
                      + ", :(%1)))::Ptr{UInt8}\n└──      return %1\n")


def test_a_coloured_line_that_would_print_otherwise_is_refused_where_it_stands():
    # its colours were stored but, the line printing otherwise, never put back: the print read back plain
    text = ("1 ─ %1 = $(Expr(:foreigncall, :(:jl_f), Ptr{UInt8}, svec(Any), 0\x1b[31m :(:ccall), :(%1)))::Ptr{UInt8}\n"
            "└──      return %1\n")
    e = refused(text.replace("0\x1b[31m :(", "0\x1b[31m  :("))  # two blanks: prints `0:(:ccall)`
    assert e.line == 1 and "colours" in e.message
    coloured = "CodeInfo(\n1 ─ %1 = Base.add_\x1b[31mint(x, 1)::Int64\n└──      return %1\n) => Int64\n"
    assert reads_back(coloured) and jlir.format(jlir.parse(coloured)) == coloured


def test_a_parenthesised_operator_callee_that_would_show_infix_reads_back_as_written():
    """`(-)(%1, 1)` (corpus 0193, CodeInfoTools' lowered code): Julia shows a call of the operator `-` on two
    arguments infix, so this callee is a function value; it was read as the operator and printed `%1 - 1`."""
    text = "CodeInfo(\n1 ─ %1 = (length)(x)\n│   %2 = (-)(%1, 1)\n│   %3 = (-)(%2)\n└──      return %3\n)\n"
    assert jlir.format(jlir.parse(text)) == text
    # Julia 1.5.3 shows the call of the operator on three arguments `-(x, 1, 2)` (`show_call` prints the name bare),
    # the call of the function value `(-)(%1, 1, 2)`: parenthesized, this is the function value too
    three = "CodeInfo(\n1 ─ %1 = (-)(x, 1, 2)\n└──      return %1\n)\n"
    assert jlir.format(jlir.parse(three)) == three
    f = jlir.functions(jlir.parse(three))[0]
    assert type(f.positional[0].node.args[0]) is T.TypeName
    bare = three.replace("(-)(", "-(")
    assert jlir.format(jlir.parse(bare)) == bare
    assert jlir.functions(jlir.parse(bare))[0].positional[0].node.args[0] == V.GlobalRef(None, "-")
