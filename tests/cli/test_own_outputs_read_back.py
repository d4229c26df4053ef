"""What jlir writes for several functions, jlir reads: `ssa`, `cfg` and `opt` answers with their
`==> FILE, function N <==` headers read back byte for byte (the header kept as display, between dumps), and
`cfg --format mermaid` of several functions is one Mermaid document (Mermaid's own parser, when installed)."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import jlir
from jlir.cli.app import main
from jlir.html.render import to_mermaid

ROOT = Path(__file__).resolve().parents[2]
V153 = ROOT / "fixtures/julia-1.5.3"
SLOTS = [V153 / "while_swap.typed-unoptimized.txt", V153 / "nested_loops.lowered.txt"]
MERMAID_DIR = Path(os.environ.get("JLIR_MERMAID_DIR", Path.home() / ".cache/jlir/mermaid"))


def run(capsys, *args) -> tuple[int, str, str]:
    status = main([str(a) for a in args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def reads_back(text: str, functions: int):
    doc = jlir.parse(text, "answer.txt")
    assert jlir.format(doc) == text
    assert len(jlir.functions(doc)) == functions
    return doc


@pytest.mark.parametrize("verb", ["ssa", "opt"])
def test_several_functions_answers_read_back_byte_for_byte(capsys, verb):
    status, out, err = run(capsys, verb, *SLOTS)
    assert status == 0, err
    doc = reads_back(out, 2)
    if verb == "ssa":
        assert out.startswith(f"==> {SLOTS[0]}, function 1 <==\n")
        assert doc.separators[1].endswith(f"==> {SLOTS[1]}, function 1 <==\n")


def test_several_cfg_listings_read_back_with_their_headers(capsys):
    _, out, _ = run(capsys, "cfg", *SLOTS)
    assert out.count("==> ") == 2
    doc = jlir.parse(out)
    assert jlir.format(doc) == out and len(doc.items) == 2


def test_a_header_is_read_as_display_and_not_as_a_dump(capsys):
    _, out, _ = run(capsys, "ssa", *SLOTS)
    plain = re.sub(r"==> .* <==\n", "", out)
    assert [jlir.format(f) for f in jlir.functions(jlir.parse(out))] == \
        [jlir.format(f) for f in jlir.functions(jlir.parse(plain))]


def test_a_header_line_that_is_cut_short_is_still_an_error():
    with pytest.raises(jlir.ParseError):
        jlir.parse("==> x.txt\n" + (V153 / "while_swap.lowered.txt").read_text())


def _mermaid_ids(out: str) -> list[str]:
    return re.findall(r"^\s+(f[0-9]+b[0-9]+)\[", out, re.M)


def test_mermaid_of_several_functions_is_one_flowchart_with_a_subgraph_each(capsys):
    _, out, _ = run(capsys, "cfg", "--format", "mermaid", *SLOTS)
    assert out.count("flowchart TD") == 1 and out.startswith("flowchart TD\n")
    assert out.count("  subgraph ") == 2 and out.count("\n  end\n") == 2
    ids = _mermaid_ids(out)
    assert len(ids) == len(set(ids)) and {i.split("b")[0] for i in ids} == {"f1", "f2"}
    for a, b in re.findall(r"^\s+(\S+) -\.?->(?:\|\"[^\"]*\"\|)? (\S+)$", out, re.M):
        assert a in ids and b in ids and a.split("b")[0] == b.split("b")[0]


def test_mermaid_of_one_function_is_unchanged(capsys):
    _, out, _ = run(capsys, "cfg", "--format", "mermaid", SLOTS[0])
    assert out.startswith("flowchart TD\n  b1[") and "subgraph" not in out


_CHECK = """
import { JSDOM } from "jsdom";
import { readFileSync } from "fs";
const dom = new JSDOM("<!doctype html><html><body></body></html>");
globalThis.window = dom.window; globalThis.document = dom.window.document;
const { default: mermaid } = await import("mermaid");
mermaid.initialize({ startOnLoad: false });
const out = [];
for (const text of JSON.parse(readFileSync(0, "utf8"))) {
  try { const r = await mermaid.parse(text); out.push(String(r.diagramType)); } catch (e) { out.push("error"); }
}
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None or not (MERMAID_DIR / "node_modules/mermaid").is_dir()
                    or not (MERMAID_DIR / "node_modules/jsdom").is_dir(),
                    reason=f"Mermaid's parser is not installed: npm install --prefix {MERMAID_DIR} mermaid@11 jsdom")
def test_mermaid_of_several_functions_parses_with_mermaids_own_parser(capsys):
    _, several, _ = run(capsys, "cfg", "--format", "mermaid", *SLOTS)
    old_style = "".join(to_mermaid(f) for p in SLOTS for f in jlir.functions(jlir.parse_file(p)))
    script = MERMAID_DIR / "jlir_check_several.mjs"
    script.write_text(_CHECK)
    got = subprocess.run(["node", str(script)], input=json.dumps([several, old_style]).encode(),
                         capture_output=True, timeout=300)
    assert got.returncode == 0, got.stderr.decode()[-2000:]
    kinds = json.loads(got.stdout)
    assert kinds[0].startswith("flowchart") and kinds[1] == "error"  # two concatenated flowcharts are not Mermaid
