"""The obvious code a newcomer writes is right: statements and blocks by Julia's 1-based numbers, `str()` is Julia's text
and `repr()` the structure, one `return_type` for every display, JSON with Julia's text for jq.

Checked against real Julia 1.5.3 prints (fixtures/julia-1.5.3): the text `str`/`Function.text` give must be
the text Julia printed on that statement's line."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

import jlir
from conftest import FIXTURES, ROOT
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.json import from_json, to_json

J153 = FIXTURES / "julia-1.5.3"
TYPED = J153 / "early_return.typed.txt"
WARNTYPE = J153 / "loops.warntype.txt"


def function(path):
    return jlir.functions(jlir.parse(path.read_text(encoding="utf-8")))[0]


def test_a_blocks_statements_by_number_are_its_statements_not_their_neighbours():
    f = function(TYPED)
    for b, block in enumerate(f.blocks, 1):
        # the trap: positional is a 0-based list, block.stmts holds Julia's 1-based numbers
        assert f.block_stmts(b) == [f.stmt(i) for i in block.stmts] == f.block_stmts(block)
        assert f.block_stmts(b)[0] is f.positional[block.first - 1]
        assert f.numbered(b)[0] == (block.first, f.positional[block.first - 1])
    assert f.stmt(1) is f.positional[0] and f.stmt(len(f.positional)) is f.positional[-1]


def test_a_number_the_function_lacks_is_an_error_that_says_numbers_start_at_1():
    f = function(TYPED)
    with pytest.raises(IndexError, match=r"no statement %0: .* .numbers start at 1"):
        f.stmt(0)
    with pytest.raises(IndexError, match=r"no statement %9999"):
        f.stmt(9999)
    with pytest.raises(IndexError, match=r"no block #0: .* .numbers start at 1"):
        f.block_stmts(0)
    with pytest.raises(TypeError):
        f.stmt(-1.0)


def test_stmt_finds_a_pending_node_by_its_ssa_number():
    f = jlir.functions(jlir.parse((FIXTURES / "corpus" / "0079.txt").read_text(encoding="utf-8")))[0]
    pending = [s for s in f.stmts if s.new_id is not None]
    assert pending, "corpus 0079 is Mooncake's insert_node! example: it holds a pending node"
    assert f.stmt(pending[0].new_id) is pending[0]


def test_str_of_each_statement_is_the_text_julia_printed_on_its_line():
    f = function(TYPED)
    lines = TYPED.read_text(encoding="utf-8").split("\n")[1:-2]  # between `CodeInfo(` and `) => T`
    assert len(lines) == len(f.stmts)
    for s, line in zip(f.stmts, lines):
        assert line.endswith(f.text(s)), (line, f.text(s))
    assert str(f.return_type) == "Union{Nothing, Int64}"


def test_str_prints_as_the_newest_julia_and_function_text_as_the_julia_that_printed_it():
    f = function(J153 / "arrays.typed.txt")
    s = f.stmt(1)
    assert "Array{Int64,1}" in f.text(s)        # 1.5 prints parameters without a blank
    assert "Array{Int64, 1}" in str(s)          # the newest Julia with one
    assert str(V.SSAValue(3)) == "%3" and str(V.Argument(2)) == "_2"
    assert str(T.TypeName(("Core", "Int64"))) == "Core.Int64"
    assert str(s.node).startswith("$(Expr(:foreigncall")


def test_repr_keeps_the_structure():
    f = function(TYPED)
    assert repr(f.stmt(1)).startswith("Statement(node=")
    assert repr(V.SSAValue(3)) == "SSAValue(id=3)"


def test_the_return_type_of_a_warntype_print_is_its_body_type():
    f = function(WARNTYPE)
    assert f.form is jlir.Form.WARNTYPE
    assert f.return_type == f.header.body_type and str(f.return_type) == "Float64"
    assert f.display.return_type is None  # no `=> T` is printed
    # and the JSON round trip keeps the display as it was: no `=> T` appears in the print
    again = from_json(json.loads(json.dumps(to_json(jlir.parse(WARNTYPE.read_text(encoding="utf-8"))))))
    assert jlir.format(again) == WARNTYPE.read_text(encoding="utf-8")


def test_json_text_is_julias_text_and_reads_back_as_the_same_model():
    doc = jlir.parse(TYPED.read_text(encoding="utf-8"))
    data = json.loads(json.dumps(to_json(doc, text=True)))
    (fn,) = data["document"]["items"]
    f = jlir.functions(doc)[0]
    assert [s["text"] for s in fn["stmts"]] == [f.text(s) for s in f.stmts]
    assert fn["return_type"]["text"] == "Union{Nothing, Int64}"
    assert all(s["type"]["text"] for s in fn["stmts"] if s["type"] is not None)
    assert data["schema"] == "jlir/1"
    assert jlir.format(from_json(data)) == TYPED.read_text(encoding="utf-8")


def test_cli_parse_json_text_for_jq():
    r = subprocess.run([sys.executable, "-m", "jlir", "parse", "--json", "--text", str(TYPED)],
                       capture_output=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr.decode()
    stmts = json.loads(r.stdout)["document"]["items"][0]["stmts"]
    lines = TYPED.read_text(encoding="utf-8").split("\n")[1:-2]
    assert all(line.endswith(s["text"]) for s, line in zip(stmts, lines))


def test_the_schema_document_ships_in_the_wheel():
    import tomllib
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "schema.md" in config["tool"]["setuptools"]["package-data"]["jlir.json"]
    assert (ROOT / "jlir" / "json" / "schema.md").is_file()
