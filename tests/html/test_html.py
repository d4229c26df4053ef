"""`jlir html` and `jlir.html.page`: the page built from real Julia 1.5.3 dumps, checked without a browser."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import jlir
import jlir.html
from jlir import analysis as A

FIX = Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3"
DISPLAYS = ["typed", "ircode", "lowered", "warntype", "typed-unoptimized", "typed-vector", "ssa"]
needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")


def _fns(name: str):
    return jlir.functions(jlir.parse_file(FIX / name))


def _facts(page: str) -> list[str]:
    return re.findall(r'<script type="application/json" class="facts">(.*?)</script>', page, re.S)


@needs_dot
@pytest.mark.parametrize("display", DISPLAYS)
def test_page_draws_one_node_per_block_and_names_every_statement_line(display):
    fn = _fns(f"loops.{display}.txt")[0]
    page = jlir.html.page([fn])
    assert len(set(re.findall(r'<g id="blk&#45;(\d+)"', page))) == len(A.cfg(fn).blocks)
    assert len(re.findall(r'class="ln st[^"]*" data-s="\d+"', page)) == len(fn.positional)
    assert "http://" not in page.replace("http://www.w3.org", "") and "https://" not in page  # nothing fetched


def test_page_text_is_the_dump_julia_printed():
    text = (FIX / "arrays.typed.txt").read_text(encoding="utf-8")
    page = jlir.html.page(_fns("arrays.typed.txt"))
    pre = re.search(r'<pre class="ir">(.*?)</pre>', page, re.S).group(1)
    lines = [re.sub(r"<[^>]+>", "", x) for x in re.findall(r'<div class="ln[^"]*"[^>]*>(.*?)</div>', pre)]
    import html
    assert "\n".join(html.unescape(x) for x in lines).rstrip() == text.rstrip()


def test_warntype_page_marks_the_types_julia_prints_red():
    page = jlir.html.page(_fns("type_unstable.warntype.txt"))
    assert 'class="c-red"' in page


def test_page_of_every_function_of_a_file():
    fns = _fns("multi_method.typed-vector.txt")
    assert len(fns) > 1
    assert len(_facts(jlir.html.page(fns))) == len(fns)


def test_repr_html_is_the_function_view():
    fn = _fns("loops.typed.txt")[0]
    out = fn._repr_html_()
    assert out.startswith('<div class="jlir">') and len(_facts(out)) == 1 and "<script>" in out


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "jlir", "html", *args], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[2])


def test_cli_passes_marks_out_of_ssa_copies(tmp_path):
    out = tmp_path / "f.html"
    r = _cli(str(FIX / "arrays.typed.txt"), "--passes", "out-of-ssa", "-o", str(out))
    assert r.returncode == 0, r.stderr
    page = out.read_text(encoding="utf-8")
    assert '"copy"' in page and '"removed"' in page and len(_facts(page)) == 2


def test_cli_run_shows_the_result(tmp_path):
    out = tmp_path / "f.html"
    r = _cli(str(FIX / "fib_swap.typed.txt"), "--run", "5", "-o", str(out))
    assert r.returncode == 0, r.stderr
    page = out.read_text(encoding="utf-8")
    assert "f(5) = 5::Int64" in page
    assert "#2×6, #3×5" in page and '"-2":"heat-4"' in page  # the loop's blocks, hottest


def test_cli_bad_input_is_a_located_error(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("CodeInfo(\n1 ─ %1 = (\n) => Int64\n", encoding="utf-8")
    r = _cli(str(bad), "-o", str(tmp_path / "f.html"))
    assert r.returncode == 2 and "bad.txt:" in r.stderr and "Traceback" not in r.stderr


@needs_dot
def test_catch_edge_is_drawn_as_such():
    page = jlir.html.page(_fns("try_catch.typed.txt"))
    assert 'class="edge edge catch"' in page  # dot's own class, then ours


def test_without_dot_or_grandalf_the_page_says_so_and_keeps_the_text(monkeypatch):
    from jlir.html import graph
    monkeypatch.setattr(graph.shutil, "which", lambda name: None)
    monkeypatch.setattr(graph.layered, "available", lambda: False)
    page = jlir.html.page(_fns("loops.typed.txt"))
    assert "neither Graphviz" in page and 'class="ln st' in page and "<svg" not in page


@needs_dot
def test_a_cfg_past_the_drawing_limit_is_not_drawn_and_past_the_label_limit_shows_numbers_only(monkeypatch):
    from jlir.html import graph
    fn = _fns("arrays.typed.txt")[0]
    monkeypatch.setattr(graph, "_LABELLED_BLOCKS", 10)
    assert "Base.sle_int" not in graph.cfg_source(fn) and 'label="#1\\l"' in graph.cfg_source(fn)
    monkeypatch.setattr(graph, "_DRAWN_BLOCKS", 10)
    assert f"{len(A.cfg(fn).blocks)} blocks: no graph drawn" in jlir.html.page([fn])
