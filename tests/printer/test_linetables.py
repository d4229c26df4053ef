"""The line table a print shows, found from the model (`jlir.printer.linetables`), is the one the reader rebuilds
from the printed text: on every function of the fixtures whose print has a right-hand gutter (Julia's terminal
copies and stripped streams) or a line-number column, and on each pass's output of it, before `as_shown` makes
the output hold that table."""
from __future__ import annotations

from functools import cache

import jlir
from conftest import CORPUS, FIXTURES
from jlir import passes
from jlir.edit import shown
from jlir.ir.errors import JlirError
from jlir.ir.function import Form
from jlir.printer.linetables import gutter_table, line_column


@cache
def _functions(kind: str) -> list:
    """(name, function) of every fixture function with a gutter (`gutter`) or an IRCode line-number column
    (`column`), and of each pass's output of it, as `as_shown` is handed it at its gutter or column step."""
    out = []
    for path in sorted(CORPUS.glob("*.txt")) + sorted((FIXTURES / "julia-1.5.3").glob("*.ircode*.txt")):
        try:
            fns = jlir.functions(jlir.parse_file(path))
        except JlirError:
            continue
        for k, fn in enumerate(fns):
            if not _wanted(fn, kind):
                continue
            out.append((f"{path.name}:{k}", fn))
            for name in sorted(passes.REGISTRY):
                try:
                    result = passes.REGISTRY[name].apply(fn, [])
                except JlirError:
                    continue
                try:  # a 1.0 `@code_warntype` whose gutter cannot be kept is refused (it has no print without one)
                    result = shown.gutter_shown(result) if kind == "gutter" else result
                except JlirError:
                    continue
                if _wanted(result, kind):
                    out.append((f"{path.name}:{k} {name}", result))
    return out


def _wanted(fn, kind: str) -> bool:
    if kind == "gutter":
        return fn.screen is not None
    return fn.form is Form.IRCODE and fn.screen is None and bool(fn.linetable) and \
        all(s.new_id is None for s in fn.stmts) and fn.costs is None and fn.escapes is None


def _read_back(fn):
    return jlir.functions(jlir.parse(jlir.format(fn)))[0]


def test_a_gutters_table_from_the_model_is_the_one_the_reader_rebuilds():
    cases = _functions("gutter")
    assert len(cases) >= 50
    for name, fn in cases:
        found = gutter_table(fn)
        back = _read_back(fn)
        assert found is not None, name
        table, locs = found
        assert (table, locs) == (back.linetable, [s.loc for s in back.positional]), name


def test_a_line_columns_table_from_the_model_is_the_one_the_reader_rebuilds():
    cases = _functions("column")
    assert len(cases) >= 50
    for name, fn in cases:
        table, stmts = line_column(fn)
        back = _read_back(fn)
        assert (table, [s.loc for s in stmts]) == (back.linetable, [s.loc for s in back.stmts]), name
