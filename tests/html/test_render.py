"""The CFG pictures: every fixture's DOT rendered by Graphviz (and its text read back from the SVG), every
fixture's Mermaid read by Mermaid's own parser, and the edge labels and back-edge style on known functions."""
from __future__ import annotations

import functools
import glob
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import jlir
from jlir import analysis as A
from jlir.html.render import MissingDependency, block_texts, edges, to_dot, to_mermaid, to_networkx
from conftest import every_case
from support.parsed import functions_of

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = sorted(glob.glob(str(ROOT / "fixtures/julia-1.5.3/*.txt")))
SVG = "{http://www.w3.org/2000/svg}"
# Mermaid's parser (npm: mermaid, with jsdom for the DOM it expects) lives outside the repository.
MERMAID_DIR = Path(os.environ.get("JLIR_MERMAID_DIR", Path.home() / ".cache/jlir/mermaid"))


def _fn(path: str, i: int = 0):
    return jlir.functions(jlir.parse_file(ROOT / path))[i]


@functools.cache
def _fixture_functions() -> tuple:
    out = []
    for path in FIXTURES:
        for i, fn in enumerate(functions_of(path), 1):
            out.append((f"{Path(path).name}#{i}", fn))
    return tuple(out)


def _rendered_functions() -> tuple:
    """What Graphviz and Mermaid's parser render: every other fixture function in test.sh's run (the external
    tools took half a minute over all of them), every one with JLIR_TEST_ALL=1."""
    return _fixture_functions() if every_case() else _fixture_functions()[::2]


def _svg_node_texts(svg: str) -> dict[str, list[str]]:
    """Per node title (`b3`), the text lines Graphviz drew in it."""
    out = {}
    for g in ET.fromstring(svg).iter(SVG + "g"):
        if g.get("class") == "node":
            out[g.find(SVG + "title").text] = [(t.text or "").replace("\xa0", " ") for t in g.findall(SVG + "text")]
    return out


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz `dot` is not installed (apt-get install graphviz)")
def test_every_fixture_dot_renders_and_graphviz_reads_back_each_statement():
    """Graphviz renders every function of every 1.5.3 fixture, and the lines it draws in each block are exactly
    the statements as Julia prints them: the escaping (quotes, backslashes, `<`, `>`) survives the trip."""
    functions = _rendered_functions()
    assert len(functions) > 400
    # one `dot` for all graphs (it renders each graph of its input in turn); one per graph to name a failure
    run = subprocess.run(["dot", "-Tsvg"], input="".join(to_dot(fn) for _, fn in functions).encode(),
                         capture_output=True, timeout=600)
    svgs = run.stdout.decode().split("<?xml")[1:]
    if run.returncode or run.stderr or len(svgs) != len(functions):
        for name, fn in functions:
            one = subprocess.run(["dot", "-Tsvg"], input=to_dot(fn).encode(), capture_output=True, timeout=60)
            assert one.returncode == 0 and not one.stderr, (name, one.stderr.decode())
        pytest.fail(f"dot rendered {len(svgs)} graphs of {len(functions)}: {run.stderr.decode()[:500]}")
    for (name, fn), svg in zip(functions, svgs):
        drawn = _svg_node_texts("<?xml" + svg)
        for b, lines in enumerate(block_texts(fn), 1):
            # Graphviz writes runs of spaces as no-break spaces: compare with those read as spaces on both sides
            assert drawn[f"b{b}"] == [f"#{b}"] + [t.replace("\xa0", " ") for t in lines], (name, b)


def test_dot_escapes_quotes_and_backslashes():
    fn = _fn("fixtures/julia-1.5.3/strings.typed.txt")
    texts = [line for lines in block_texts(fn) for line in lines]
    assert any('"' in t for t in texts) and any("\\" in t for t in texts)
    dot = to_dot(fn)
    for line in dot.splitlines()[3:]:
        if "[label=" in line and line.lstrip().startswith("b") and "->" not in line:
            body = line.split('[label="', 1)[1].rsplit('"];', 1)[0]
            # every quote inside the label is escaped, and the label ends in a line end
            assert '"' not in body.replace('\\"', "").replace("\\\\", "")
            assert body.endswith("\\l")


def test_branch_sides_catch_edges_and_back_edges():
    """`goto #3 if not %2` in block 1: #2 (fall-through) is the true side, #3 the false side."""
    fn = _fn("fixtures/corpus/0010.txt")
    assert [(e.src, e.dst, e.label) for e in edges(fn)] == [(1, 3, "false"), (1, 2, "true")]
    assert 'b1 -> b3 [label="false"];' in to_dot(fn)
    assert 'b1 -->|"true"| b2' in to_mermaid(fn)

    loops = _fn("fixtures/julia-1.5.3/nested_loops.ircode.txt")
    back = [(e.src, e.dst) for e in edges(loops) if e.back]
    assert sorted(back) == sorted(A.loops(loops).back_edges) and len(back) == 3
    dot = to_dot(loops)
    for src, dst in back:
        assert f"b{src} -> b{dst} [style=dashed];" in dot
        assert f"b{src} -.-> b{dst}" in to_mermaid(loops)

    exc = _fn("fixtures/julia-1.5.3/try_catch.ircode.txt")
    catch = [(e.src, e.dst) for e in edges(exc) if e.label == "catch"]
    enters = [b for b, blk in enumerate(exc.blocks, 1) if type(exc.positional[blk.last - 1].node).__name__ == "EnterNode"]
    assert catch and [s for s, _ in catch] == enters
    for src, dst in catch:
        assert 0 in A.cfg(exc).preds(dst)


def test_mermaid_labels_hold_no_raw_quote_and_every_hash_is_an_entity():
    """Grammar-level check for every fixture: in a quoted Mermaid label `"` would end the label and `#…;`
    is an entity, so neither may come through raw; lines are joined by `<br>`, the only raw `<`."""
    for name, fn in _fixture_functions():
        for line in to_mermaid(fn).splitlines()[1:]:
            if '["' in line:
                label = line.split('["', 1)[1].removesuffix('"]')
                assert '"' not in label, name
                plain = label.replace("<br>", "")
                assert "<" not in plain and ">" not in plain and "`" not in plain, name
                for i, c in enumerate(plain):
                    if c == "#":
                        assert plain[i:].split(";", 1)[0][1:] in ("35", "quot", "lt", "gt", "amp", "96"), name


_MERMAID_CHECK = """
import { JSDOM } from "jsdom";
import { readFileSync } from "fs";
const dom = new JSDOM("<!doctype html><html><body></body></html>");
globalThis.window = dom.window; globalThis.document = dom.window.document;
const { default: mermaid } = await import("mermaid");
mermaid.initialize({ startOnLoad: false, maxTextSize: 10000000, maxEdges: 100000 });
const texts = JSON.parse(readFileSync(0, "utf8"));
const bad = [];
for (const [name, text] of texts) {
  try { const r = await mermaid.parse(text); if (!r || !String(r.diagramType).startsWith("flowchart")) bad.push([name, "not a flowchart"]); }
  catch (e) { bad.push([name, String(e.message || e).slice(0, 300)]); }
}
console.log(JSON.stringify(bad));
"""


def _mermaid_available() -> str | None:
    if shutil.which("node") is None:
        return "node is not installed"
    if not (MERMAID_DIR / "node_modules/mermaid").is_dir() or not (MERMAID_DIR / "node_modules/jsdom").is_dir():
        return f"Mermaid's parser is not installed: npm install --prefix {MERMAID_DIR} mermaid@11 jsdom"
    return None


@pytest.mark.skipif(_mermaid_available() is not None, reason=str(_mermaid_available()))
def test_every_fixture_mermaid_parses_with_mermaids_own_parser(tmp_path):
    import json
    script = MERMAID_DIR / "jlir_check.mjs"  # beside node_modules, so `import "mermaid"` resolves there
    script.write_text(_MERMAID_CHECK)
    texts = [(name, to_mermaid(fn)) for name, fn in _rendered_functions()]
    texts.append(("broken on purpose", 'flowchart TD\n  b1["a"b"]\n'))
    run = subprocess.run(["node", str(script)], input=json.dumps(texts).encode(), capture_output=True, timeout=300)
    assert run.returncode == 0, run.stderr.decode()[-2000:]
    bad = json.loads(run.stdout)
    assert [name for name, _ in bad] == ["broken on purpose"], bad[:5]


def test_networkx_graph_has_blocks_statements_and_labelled_edges():
    fn = _fn("fixtures/julia-1.5.3/nested_loops.ircode.txt")
    g = to_networkx(fn)
    assert sorted(g.nodes) == list(range(1, len(fn.blocks) + 1))
    assert g.nodes[1]["stmts"] == block_texts(fn)[0] and g.nodes[1]["first"] == 1
    assert sum(1 for *_, d in g.edges(data=True) if d["back"]) == 3
    assert g.number_of_edges() == sum(len(b.succs) for b in A.cfg(fn).blocks)
    assert to_networkx(fn) is not g  # a mutable graph is never shared through the memo


def test_networkx_missing_is_a_clear_import_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "networkx", None)
    fn = _fn("fixtures/corpus/0010.txt")
    with pytest.raises(ImportError, match="pip install networkx") as e:
        to_networkx(fn)
    assert isinstance(e.value, MissingDependency) and isinstance(e.value, jlir.JlirError)
