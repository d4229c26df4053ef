"""Names and shown values the grammar once misread, from Julia 1.5.3's Base dumps (tests/data/base-1.5.3-*.txt)."""
from __future__ import annotations

from pathlib import Path

import jlir
from jlir.ir import types as T
from jlir.ir.style import Style
from jlir.printer.forms import format_function

DATA = Path(__file__).resolve().parents[2] / "data"


def function(name: str):
    return jlir.parse((DATA / name).read_text(encoding="utf-8"), name).items[0]


def test_a_value_shown_with_a_trailing_comma_keeps_it():
    f = function("base-1.5.3-cartesianindex-trailing-comma.txt")
    ret = f.stmts[-1].node.val
    assert ret.items[0] == T.TypeCall(T.TypeName(("CartesianIndex",)), (ret.items[0].args[0],), True)


def test_an_operator_function_shown_by_its_module_is_a_name():
    f = function("base-1.5.3-operator-function-value.txt")
    closure = f.stmts[5].node.values[0]
    assert closure.args[0] == T.TypeName(("Core", "Compiler", "<="))


def test_a_dict_prints_its_pairs_as_the_julia_version_shows_them():
    text = (DATA / "base-1.5.3-compact-dict.txt").read_text(encoding="utf-8")
    doc = jlir.parse(text)
    assert "Dict{Int32,Symbol}(4 => :OBJ_TAG,2 => :OBJ_TREE," in jlir.format(doc)
    f = doc.items[0]
    newer = f.replace(style=Style((1, 6), (1, 6)))
    assert "Dict{Int32, Symbol}(4 => :OBJ_TAG, 2 => :OBJ_TREE, " in format_function(newer)
