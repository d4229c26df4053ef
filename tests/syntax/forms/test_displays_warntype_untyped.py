"""`@code_warntype` of code whose slots were never inferred: `Arguments` entries without `::T` (OpaqueClosure)."""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir

DATA = Path(__file__).resolve().parents[2] / "data"


@pytest.mark.parametrize("name", ["warntype-opaque-closure-untyped.txt", "warntype-opaque-closure-optimized.txt"])
def test_opaque_closure_warntype_prints_back(name):
    text = (DATA / name).read_text(encoding="utf-8")
    assert jlir.format(jlir.parse(text)) == text


def test_an_untyped_entry_has_no_type_and_no_separator():
    f = jlir.parse((DATA / "warntype-opaque-closure-untyped.txt").read_text(encoding="utf-8")).items[0]
    assert f.header.sections == (("Arguments", (("#self#", "", None), ("a", "", None))),)
    assert all(s.type is None for s in f.stmts)


def test_an_entry_that_is_neither_typed_nor_a_name_is_a_located_error():
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse("Arguments\n  a::\nBody::Int64\n1 ─     return a\n", "bad.txt")
    assert e.value.line == 2
