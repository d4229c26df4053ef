"""`jlir ssa` of a 1.5 `@code_warntype` print: the types warntype flags by upper-casing them (`UNION{…}`,
`ANY`) come out in Julia's own spelling, checked against the same function's `code_typed(optimize=false)`
print (the same CodeInfo, unflagged) from Julia 1.5.3."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import jlir
from jlir.ir import types as T
from jlir.ssa.case import ANY, original_type, restored_text

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "julia-1.5.3"
FLAGGED = [p for p in sorted(FIXTURES.glob("*.warntype.txt"))
           if re.search(r"::[A-Z][A-Z0-9]+\b", p.read_text(encoding="utf-8"))]
# the prints where a statement's own type is flagged (elsewhere only Variables and Body are)
IN_STATEMENTS = ["base_ryu", "base_tryparse", "boxed_closure", "dynamic_dispatch", "noinline_invoke",
                 "union_missing"]


def _fn(path: Path):
    return jlir.functions(jlir.parse_file(path))[0]


@pytest.mark.parametrize("name", IN_STATEMENTS)
def test_every_flagged_statement_type_is_julias_unflagged_type(name):
    path = FIXTURES / f"{name}.warntype.txt"
    warn = _fn(path)
    typed = _fn(path.with_name(path.name.replace(".warntype.", ".typed-unoptimized.")))
    flagged = [(k, s.type) for k, s in enumerate(warn.stmts, 1) if type(s.type) is T.TypeHighlighted]
    assert flagged
    for k, t in flagged:
        assert original_type(t) == typed.stmt(k).type, (k, t.text)


def test_a_name_julia_does_not_bind_becomes_any():
    assert restored_text("UNION{MYTYPE, INT64}") is None
    assert original_type(T.TypeHighlighted("UNION{MYTYPE, INT64}")) == ANY


@pytest.mark.parametrize("path", FLAGGED, ids=lambda p: p.name)
def test_every_flagged_slot_type_is_spelled_by_julias_names(path):
    fn = _fn(path)
    flagged = [entry[2] for entry in dict(fn.header.sections)["Variables"] if type(entry[2]) is T.TypeHighlighted]
    for t in flagged:
        text = restored_text(t.text)
        assert text is not None and text.upper() == t.text and not text.isupper(), t.text


@pytest.mark.parametrize("name", ["base_tryparse", "boxed_closure", "noinline_invoke"])
def test_jlir_ssa_prints_no_upper_cased_type(name):
    path = FIXTURES / f"{name}.warntype.txt"
    out = subprocess.run([sys.executable, "-m", "jlir", "ssa", str(path)], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert not re.search(r"::[A-Z][A-Z0-9]+\b", out.stdout), out.stdout
