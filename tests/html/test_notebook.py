"""The IR in a notebook keeps its columns: in headless Chromium, a `Function`'s and a `Document`'s `_repr_html_`
show the text in one monospace font, and the `│`/`└`/`─` rails of consecutive lines stand in one column, wherever
the output is shown: a real JupyterLab served on localhost (a notebook's cells run in its kernel), nbconvert's HTML
(the lab and classic templates), and a host page whose own rules would give `pre` the container's proportional
font (`.jp-OutputArea-output pre {font-family: inherit}`, a sans-serif `div`), which jlir's rules must outrank.

An IRCode print is used: its line-number column puts digits before some rails and blanks before others, so a
proportional font moves those rails apart."""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

import jlir

ROOT = Path(__file__).resolve().parents[2]
DUMP = ROOT / "fixtures" / "julia-1.5.3" / "while_swap.ircode.txt"
SHOT = Path(os.environ.get("TMPDIR", "/tmp")) / "jlir-notebook-failure.png"  # what the browser showed, on failure
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
NEEDS_BROWSER = pytest.mark.skipif(CHROMIUM is None or importlib.util.find_spec("playwright") is None,
                                   reason="no chromium executable or no playwright (scripts/test.sh installs them)")

# For every shown IR text: its computed font, whether `i` and `m` are as wide (a monospace font), and per string
# index the spread of the x positions of the rail characters standing there on different lines.
CHECK = """() => [...document.querySelectorAll('.jlir pre.ir')].map(pre => {
  const lines = [...pre.querySelectorAll('.ln')];
  const width = (s) => { const probe = document.createElement('span'); probe.textContent = s;
    lines[0].appendChild(probe); const w = probe.getBoundingClientRect().width; probe.remove(); return w; };
  const xs = {};
  for (const ln of lines) {
    const walker = document.createTreeWalker(ln, NodeFilter.SHOW_TEXT);
    let at = 0, node;
    while ((node = walker.nextNode())) {
      const t = node.textContent;
      for (let i = 0; i < t.length; i++) {
        if ('│└┄─'.includes(t[i])) {
          const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
          (xs[at + i] = xs[at + i] || []).push(r.getBoundingClientRect().left);
        }
      }
      at += t.length;
    }
  }
  const spreads = Object.values(xs).filter(v => v.length > 1).map(v => Math.max(...v) - Math.min(...v));
  return {font: getComputedStyle(lines[0]).fontFamily, lines: lines.length, shared: spreads.length,
          spread: Math.max(0, ...spreads), i: width('iiiiiiiiii'), m: width('mmmmmmmmmm')};
})"""


def _views():
    doc = jlir.parse_file(DUMP)
    return jlir.functions(doc)[0]._repr_html_(), doc._repr_html_()


def _assert_columns(shown: list[dict], where: str, at_least: int = 2) -> None:
    assert len(shown) >= at_least, f"{where}: {len(shown)} IR texts shown"
    for s in shown:
        assert "DejaVu Sans Mono" in s["font"] or "monospace" in s["font"], (where, s)
        assert abs(s["i"] - s["m"]) < 0.5, f"{where}: not a monospace font: {s}"
        assert s["shared"] >= 2 and s["spread"] < 0.5, f"{where}: the rails do not share a column: {s}"


def _measure(url: str, ready: str, count: int = 2, steps=None) -> list[dict]:
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(url)
            if steps is not None:
                steps(page)
            try:
                page.wait_for_function(f"document.querySelectorAll({ready!r}).length >= {count}", timeout=180_000)
            except Exception:
                page.screenshot(path=str(SHOT))
                raise
            return page.evaluate(CHECK)
        finally:
            browser.close()


@NEEDS_BROWSER
def test_a_host_page_whose_pre_inherits_a_proportional_font_does_not_move_the_rails(tmp_path):
    fn_view, doc_view = _views()
    host = ("<style>body{font-family:'DejaVu Sans',sans-serif} div{font-family:'DejaVu Serif',serif}"
            ".jp-OutputArea-output pre{font-family:inherit;white-space:pre-wrap;word-break:break-all}</style>")
    cells = "".join(f'<div class="jp-OutputArea-output jp-RenderedHTMLCommon">{v}</div>' for v in (fn_view, doc_view))
    page = tmp_path / "host.html"
    page.write_text(f"<!DOCTYPE html><html><head>{host}</head><body>{cells}</body></html>", encoding="utf-8")
    _assert_columns(_measure(page.as_uri(), ".jlir pre.ir"), "a host page with `pre {font-family: inherit}`")


def _notebook(path: Path, outputs: bool) -> Path:
    """A notebook whose first cell shows a Function and second its Document (with their HTML outputs stored, as
    a kernel leaves them, when `outputs`)."""
    fn_view, doc_view = _views()
    source = [["import jlir\n", f"doc = jlir.parse_file({str(DUMP)!r})\n", "fn = jlir.functions(doc)[0]\n", "fn"],
              ["doc"]]
    cells = []
    for k, (src, view) in enumerate(zip(source, (fn_view, doc_view)), 1):
        out = [{"output_type": "execute_result", "execution_count": k, "metadata": {},
                "data": {"text/html": view, "text/plain": "jlir"}}] if outputs else []
        cells.append({"cell_type": "code", "execution_count": k if outputs else None, "id": f"c{k}", "metadata": {},
                      "outputs": out, "source": src})
    nb = {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                     "name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


@pytest.mark.slow
@NEEDS_BROWSER
@pytest.mark.parametrize("template", ["lab", "classic"])
def test_nbconverts_html_keeps_the_columns(tmp_path, template):
    if importlib.util.find_spec("nbconvert") is None:
        pytest.skip("no nbconvert (scripts/test.sh installs jupyterlab and nbconvert)")
    nb = _notebook(tmp_path / "ir.ipynb", outputs=True)
    r = subprocess.run([sys.executable, "-m", "nbconvert", "--to", "html", "--template", template, str(nb)],
                       capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    _assert_columns(_measure((tmp_path / "ir.html").as_uri(), ".jlir pre.ir"), f"nbconvert --template {template}")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _run_both_cells(page) -> None:
    """Run the two cells as a user does (click the first, Shift+Enter twice); a kernel still connecting drops the
    request silently, so it is repeated until the outputs come (a cell run twice shows the same output)."""
    page.wait_for_selector(".jp-Notebook .jp-Cell .jp-InputArea-editor", timeout=180_000)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=180_000)
    shown = "document.querySelectorAll('.jp-OutputArea-output .jlir pre.ir').length >= 2"
    for _ in range(6):
        page.click(".jp-Cell .jp-InputArea-editor")
        page.keyboard.press("Shift+Enter")
        page.keyboard.press("Shift+Enter")
        try:
            page.wait_for_function(shown, timeout=30_000)
            return
        except Exception:
            continue


@pytest.mark.slow
@NEEDS_BROWSER
def test_in_a_real_jupyterlab_a_function_and_a_document_keep_their_columns(tmp_path):
    """JupyterLab from PyPI on localhost; its Python kernel runs the two cells (`fn`, `doc`) and Lab shows them."""
    if importlib.util.find_spec("jupyterlab") is None:
        pytest.skip("no jupyterlab (scripts/test.sh installs it)")
    _notebook(tmp_path / "ir.ipynb", outputs=False)
    port, token = _free_port(), "jlir-test"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
               JUPYTER_CONFIG_DIR=str(tmp_path / "config"), JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"))
    lab = subprocess.Popen([sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", f"--port={port}",
                            "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={token}",
                            f"--ServerApp.root_dir={tmp_path}", "--LabApp.news_url=", "--ServerApp.open_browser=False"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + 180
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}", timeout=5)
                break
            except OSError:
                assert lab.poll() is None and time.monotonic() < deadline, "JupyterLab did not start"
                time.sleep(1)
        shown = _measure(f"http://127.0.0.1:{port}/lab/tree/ir.ipynb?token={token}",
                         ".jp-OutputArea-output .jlir pre.ir", steps=_run_both_cells)
    finally:
        os.killpg(lab.pid, 15)
        try:
            lab.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(lab.pid, 9)
            lab.wait()
    _assert_columns(shown, "JupyterLab")
