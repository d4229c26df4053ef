"""`jlir html` on every display jlir reads: one real Julia dump of each, all in one page from one CLI run.

Each function gets its text, its facts and a graph of one node per block
(the layered layout, so the test needs no Graphviz; `dot` draws the same
blocks, tests/html/test_html.py).
"""
from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import jlir
from jlir import analysis as A

ROOT = Path(__file__).resolve().parents[2]
V153 = ROOT / "fixtures" / "julia-1.5.3"
DATA = ROOT / "tests" / "data"
pytest.importorskip("grandalf", reason="grandalf is not installed (pip install grandalf)")

DISPLAYS = {
    "@code_typed": V153 / "loops.typed.txt",
    "@code_typed, a vector of pairs": V153 / "loops.typed-vector.txt",
    "@code_typed optimize=false": V153 / "loops.typed-unoptimized.txt",
    "@code_typed debuginfo=:source": V153 / "loops.typed-source.txt",
    "IRCode (show(::IRCode))": V153 / "loops.ircode.txt",
    "IRCode without line numbers": V153 / "loops.ircode-noline.txt",
    "@code_lowered": V153 / "loops.lowered.txt",
    "@code_lowered debuginfo=:source": V153 / "loops.lowered-source.txt",
    "@code_warntype": V153 / "loops.warntype.txt",
    "jlir ssa's output": V153 / "loops.ssa.txt",
    "lowered top level with a nested CodeInfo": DATA / "lowered-1.5.3-method-thunk.txt",
    "Cthulhu, optimized :source with costs and types": DATA / "cthulhu-foo-opt-source-warn-cost-types.txt",
    "Cthulhu, optimized :compact": DATA / "cthulhu-foo-opt-compact-warn-cost-types.txt",
    "Cthulhu, unoptimized": DATA / "cthulhu-foo-unopt-source-nowarn-nocost-types.txt",
    "IRCode pairs (Julia 1.10)": DATA / "ircode-pair-vector-1.10.txt",
    "@code_warntype of an opaque closure": DATA / "warntype-opaque-closure-optimized.txt",
}


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> str:
    out = tmp_path_factory.mktemp("displays") / "all.html"
    r = subprocess.run([sys.executable, "-m", "jlir", "html", *map(str, DISPLAYS.values()), "--layout", "layered",
                        "-o", str(out)], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    return out.read_text(encoding="utf-8")


def _sections(page: str) -> list[str]:
    return re.findall(r'<section class="fn"[^>]*>.*?</section>', page, re.S)


def test_every_display_gives_one_section_per_function(page):
    fns = [fn for path in DISPLAYS.values() for fn in jlir.functions(jlir.parse_file(path))]
    assert len(_sections(page)) == len(fns)


@pytest.mark.parametrize("display", list(DISPLAYS))
def test_each_display_is_drawn_with_one_node_per_block_and_its_text_lines_named(page, display):
    path = DISPLAYS[display]
    earlier = list(DISPLAYS.values())[:list(DISPLAYS).index(display)]
    before = sum(len(jlir.functions(jlir.parse_file(p))) for p in earlier)
    fns = jlir.functions(jlir.parse_file(path))
    for fn, sec in zip(fns, _sections(page)[before:before + len(fns)]):
        assert "nograph" not in sec, html.unescape(re.search(r'nograph">([^<]*)', sec).group(1))
        assert sec.count('class="node blk"') == len(A.cfg(fn).blocks)
        assert len(re.findall(r'class="ln st[^"]*" data-s="\d+"', sec)) == len(fn.positional)
        facts = json.loads(re.search(r'class="facts">(.*?)</script>', sec, re.S).group(1).replace("<\\/", "</"))
        assert len(facts["blocks"]) == len(A.cfg(fn).blocks)
