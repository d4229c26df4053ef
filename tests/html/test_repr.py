"""Jupyter's `_repr_html_` of a Function with no `import jlir.html`: found through the `jlir.views` entry point.

The entry point is what pyproject.toml declares; a checkout whose installed
metadata predates it gets the same declaration from a dist-info written here
(what `pip install` writes), so the test runs what an installed jlir runs.
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import jlir
from jlir import analysis as A
from jlir.ir import views

ROOT = Path(__file__).resolve().parents[2]
FIX = ROOT / "fixtures" / "julia-1.5.3"

FRESH = """
import sys
import jlir
fn = jlir.functions(jlir.parse_file(sys.argv[1]))[0]
assert "jlir.html" not in sys.modules, "imported before the view was asked for"
out = fn._repr_html_()
assert "jlir.html" in sys.modules, "the view was not drawn by jlir.html"
sys.stdout.write(out)
"""


def declared_views(tmp_path: Path) -> Path:
    """A directory holding a dist-info with pyproject's `jlir.views` entry points, as pip installs them."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    group = project["entry-points"][views.GROUP]
    info = tmp_path / "site" / "jlir_views_declared-0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: jlir-views-declared\nVersion: 0\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{views.GROUP}]\n" + "".join(f"{k} = {v}\n" for k, v in group.items()),
                                           encoding="utf-8")
    return info.parent


def repr_html_in_a_fresh_interpreter(tmp_path: Path, dump: Path) -> str:
    """`_repr_html_` of the first function of `dump`, in a Python that never ran `import jlir.html`."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(declared_views(tmp_path))]))
    r = subprocess.run([sys.executable, "-c", FRESH, str(dump)], capture_output=True, text=True, env=env,
                       cwd=tmp_path, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_repr_html_without_importing_jlir_html_is_the_function_view(tmp_path):
    out = repr_html_in_a_fresh_interpreter(tmp_path, FIX / "loops.typed.txt")
    assert out.startswith('<div class="jlir">') and 'class="facts"' in out and "<svg" in out


def test_without_a_renderer_the_view_is_none_so_jupyter_shows_the_text():
    fn = jlir.functions(jlir.parse_file(FIX / "loops.typed.txt"))[0]
    assert views.render("no-such-view", fn) is None


def test_repr_html_from_a_fresh_interpreter_works_inline_in_the_browser(tmp_path):
    """The fragment a notebook cell shows, in headless Chromium: every block drawn, a click answered."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None or importlib.util.find_spec("playwright") is None:
        pytest.skip("no chromium executable or no playwright (scripts/test.sh installs them)")
    from playwright.sync_api import sync_playwright
    fn = jlir.functions(jlir.parse_file(FIX / "loops.typed.txt"))[0]
    cell = repr_html_in_a_fresh_interpreter(tmp_path, FIX / "loops.typed.txt")
    path = tmp_path / "notebook.html"
    path.write_text("<!DOCTYPE html><html><body><p>In [1]: fn</p>" + cell + "</body></html>", encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(path.as_uri())
        assert page.locator("g.blk").count() == len(A.cfg(fn).blocks)
        page.locator("g.blk").first.click()
        assert page.locator(".info").text_content().startswith("#1: dominators none")
        browser.close()
    assert errors == []
