"""The page's graph without Graphviz (grandalf's layered layout), for big CFGs, and its dead-code overlay.

Pages are made from real Julia 1.5.3 dumps; the layered path is forced (no `dot` on PATH, `--layout layered`)
so both engines are tested on a machine that has `dot`.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import jlir
import jlir.html
from jlir import analysis as A
from jlir import passes
from jlir.html.render import edges
from jlir.compare import diff_functions
from jlir.html import graph

FIX = Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3"
pytest.importorskip("grandalf", reason="grandalf is not installed (pip install grandalf)")


def _fn(name: str):
    return jlir.functions(jlir.parse_file(FIX / name))[0]


def _facts(page: str) -> dict:
    return json.loads(re.search(r'<script type="application/json" class="facts">(.*?)</script>', page, re.S)
                      .group(1).replace("<\\/", "</"))


@pytest.fixture
def no_dot(monkeypatch):
    monkeypatch.setattr(graph.shutil, "which", lambda name: None)


@pytest.mark.parametrize("name", ["arrays.typed.txt", "try_catch.typed.txt", "loops.lowered.txt"])
def test_without_dot_the_layered_layout_draws_every_block_and_edge(no_dot, name):
    fn = _fn(name)
    page = jlir.html.page([fn])
    assert 'data-layout="layered"' in page
    assert sorted(map(int, re.findall(r'<g id="blk-(\d+)" class="node blk">', page))) == \
        list(range(1, len(A.cfg(fn).blocks) + 1))
    drawn = re.findall(r'<g id="e-(\d+)-(\d+)" class="edge (\w+)">', page)
    assert sorted((int(a), int(b)) for a, b, _ in drawn) == sorted((e.src, e.dst) for e in edges(fn))
    assert all(re.search(r'points="[\d.]+,[\d.]+', m) for m in re.findall(r'<polygon[^>]*>', page))  # no NaN


def test_layered_boxes_do_not_overlap_and_blocks_rank_in_print_order_along_forward_edges(no_dot):
    fn = _fn("arrays.typed.txt")
    svg = graph.cfg_svg(fn)[0]
    boxes = {}
    for b, pts in re.findall(r'<g id="blk-(\d+)" class="node blk"><title>b\d+</title><polygon[^>]*points="([^"]+)"',
                             svg):
        xy = [tuple(map(float, p.split(","))) for p in pts.split()]
        boxes[int(b)] = (xy[0][0], xy[0][1], xy[2][0], xy[2][1])
    for a, (x0, y0, x1, y1) in boxes.items():
        for b, (u0, v0, u1, v1) in boxes.items():
            assert a == b or x1 <= u0 or u1 <= x0 or y1 <= v0 or v1 <= y0, (a, b)
    for e in edges(fn):
        if e.src < e.dst:  # a forward edge goes down the picture, as dot draws it
            assert boxes[e.src][3] < boxes[e.dst][1], e


def test_layered_edges_keep_their_kind_a_back_edge_dashed_a_catch_edge_dotted(no_dot):
    svg = graph.cfg_svg(_fn("try_catch.typed.txt"))[0] + graph.cfg_svg(_fn("loops.typed.txt"))[0]
    assert re.search(r'class="edge catch"><path[^>]*stroke-dasharray="1,3"', svg)
    assert re.search(r'class="edge back"><path[^>]*stroke-dasharray="5,2"', svg)
    assert re.search(r'class="edge true">.*?>true</text>', svg)


def test_cli_layout_option_and_environment_force_the_engine(tmp_path, monkeypatch):
    out = tmp_path / "f.html"
    r = subprocess.run([sys.executable, "-m", "jlir", "html", str(FIX / "loops.typed.txt"), "--layout", "layered",
                        "-o", str(out)], capture_output=True, text=True, cwd=FIX.parent.parent)
    assert r.returncode == 0, r.stderr
    assert 'data-layout="layered"' in out.read_text(encoding="utf-8")
    monkeypatch.setenv(graph.LAYOUT_ENV, "layered")
    assert graph.choose(5) == "layered"
    monkeypatch.setenv(graph.LAYOUT_ENV, "circles")
    with pytest.raises(ValueError):
        graph.choose(5)


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_dot_over_its_time_budget_hands_the_graph_to_the_layered_layout(monkeypatch):
    monkeypatch.setattr(graph, "_DOT_SECONDS", 1e-6)
    assert 'data-layout="layered"' in jlir.html.page([_fn("loops.typed.txt")])


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_a_cfg_past_dots_limit_is_laid_out_in_layers_with_block_numbers(monkeypatch):
    fn = _fn("arrays.typed.txt")
    n = len(A.cfg(fn).blocks)
    monkeypatch.setattr(graph, "_DOT_BLOCKS", n - 1)
    monkeypatch.setattr(graph, "_LABELLED_BLOCKS", n - 1)
    page = jlir.html.page([fn])
    assert 'data-layout="layered"' in page and page.count('class="node blk"') == n
    assert "Base.sle_int" not in page.split('<div class="graph"')[1]  # numbers only in the graph
    monkeypatch.setattr(graph, "_DRAWN_BLOCKS", n - 1)
    assert f"{n} blocks: no graph drawn" in jlir.html.page([fn])


def test_dead_code_overlay_lists_the_statements_dce_removes_from_reachable_blocks():
    fn = _fn("kwsorter.typed-unoptimized.txt")
    dead = _facts(jlir.html.page([fn]))["dead"]
    d = diff_functions(fn, passes.run(fn, ["dce"]), 1)
    removed = {s.a.id for s in d.statements if s.op == "removed"}
    unreachable = {i for b, blk in enumerate(A.cfg(fn).blocks, 1) if b not in A.reachable(fn) for i in blk.stmts}
    assert dead == sorted(removed - unreachable) == [2, 24]  # `%1::Any` and `%23::Any`: values nobody uses


def test_layered_layout_of_a_self_loop_and_a_second_component_keeps_every_block_apart():
    from jlir.html import layered
    labels = [["#1"], ["#2", "goto #2"], ["#3"], ["#4"]]  # #2 loops on itself; #3 → #4 reached from nowhere
    boxes, paths = layered.layout(labels, [(1, 2), (2, 2), (3, 4)])
    assert (2, 2) not in paths and boxes[0].y < boxes[1].y and boxes[2].y < boxes[3].y
    assert min(b.x - b.hw for b in boxes[2:]) > max(b.x + b.hw for b in boxes[:2])  # side by side
    arc = layered.edge_svg("e-2-2", "edge back", boxes[1], boxes[1], (), "", "")
    assert re.search(r'<path fill="none" stroke="black" d="M[\d.]+,[\d.]+ C', arc)
