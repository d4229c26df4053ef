"""`jlir html` names each function as its document does (a `jlir fetch` label, a `MethodInstance for` line), else
by its file, and heads a page of several with a table of them, each row linked to its view; `Document`'s notebook
view is that table and each function's view."""
from __future__ import annotations

import re
from pathlib import Path

import jlir
from jlir import html
from support.cli import run_jlir

ROOT = Path(__file__).resolve().parents[2]
FIX = ROOT / "fixtures" / "julia-1.5.3"
LABELLED = "# foo(1.0) — typed — Julia 1.5.3\n{a}\n# bar(2) — typed — Julia 1.5.3\n{b}"


def test_fetch_labels_name_the_functions_and_the_index_links_to_them(tmp_path):
    a = (FIX / "while_swap.typed.txt").read_text(encoding="utf-8")
    b = (FIX / "union_nothing.typed.txt").read_text(encoding="utf-8")
    dump = tmp_path / "two.txt"
    dump.write_text(LABELLED.format(a=a, b=b), encoding="utf-8")
    done = run_jlir("html", dump, "--layout", "layered", text=True)
    assert done.returncode == 0, done.stderr
    page = done.stdout
    assert re.findall(r"<h2>([^<]*)</h2>", page) == ["foo(1.0)", "bar(2)"]
    links = re.findall(r'<a href="#(fn-\d)">([^<]*)</a>', page)
    assert links == [("fn-1", "foo(1.0)"), ("fn-2", "bar(2)")]
    assert all(f'id="{anchor}"' in page for anchor, _ in links)
    assert "function 1" not in page


def test_an_unnamed_function_is_called_by_its_file():
    done = run_jlir("html", FIX / "while_swap.typed.txt", "--layout", "layered", text=True)
    assert re.findall(r"<h2>([^<]*)</h2>", done.stdout) == [str(FIX / "while_swap.typed.txt")]
    assert '<nav class="index">' not in done.stdout  # one function: no table


def test_a_documents_notebook_view_is_the_table_then_each_view():
    doc = jlir.parse_file(ROOT / "fixtures" / "corpus" / "0020.txt")
    out = doc._repr_html_()
    fns = jlir.functions(doc)
    assert out.startswith('<div class="jlir">') and '<nav class="index">' in out
    assert out.count('<section class="fn"') == len(fns)
    ids = re.findall(r'<section class="fn" id="([^"]+)"', out)
    assert len(set(ids)) == len(fns) and not set(ids) & set(re.findall(r'id="([^"]+)"',
                                                                        doc._repr_html_()))  # unique per output
    assert html.document_fragment is not None


def test_reprs_are_one_line():
    doc = jlir.parse_file(FIX / "while_swap.typed.txt")
    fn = jlir.functions(doc)[0]
    assert repr(fn) == "<jlir.Function typed, Julia 1.0+: 4 blocks, 10 statements, returns Int64>"
    assert repr(doc) == "<jlir.Document: 1 dump (typed)>"
    several = jlir.parse_file(ROOT / "fixtures" / "corpus" / "0020.txt")
    assert "\n" not in repr(several) and len(repr(several)) < 200


def test_with_passes_each_side_is_headed_by_the_functions_name():
    done = run_jlir("html", FIX / "while_swap.typed.txt", "--passes", "out-of-ssa", "--layout", "layered", text=True)
    name = str(FIX / "while_swap.typed.txt")
    assert re.findall(r"<h2>([^<]*)</h2>", done.stdout) == [f"{name} (before)", f"{name} after out-of-ssa"]
