"""The `jlir html` page used as a person uses it, in headless Chromium (Debian's, driven by Playwright).

Pages are made from real Julia 1.5.3 dumps; each test loads one, clicks, and
reads what the page shows.  Skipped, saying why, without Graphviz, Chromium or
Playwright (scripts/test.sh installs them).
"""
from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

import jlir
import jlir.html
from jlir import analysis as A

FIX = Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install playwright)")
pytestmark = [pytest.mark.skipif(CHROMIUM is None, reason="no chromium executable (apt-get install chromium)"),
              pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")]
layered = pytest.mark.skipif(importlib.util.find_spec("grandalf") is None, reason="grandalf is not installed")


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def _open(browser, html: str, tmp_path):
    """A page showing `html` from a file (as a user opens it), and the list its console errors go to."""
    path = tmp_path / "page.html"
    path.write_text(html, encoding="utf-8")
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri())
    return page, errors


def test_clicking_a_value_highlights_its_definition_and_uses(browser, tmp_path):
    fn = jlir.functions(jlir.parse_file(FIX / "arrays.typed.txt"))[0]
    page, errors = _open(browser, jlir.html.page([fn]), tmp_path)
    page.click('pre.ir .v[data-v="3"]')
    uses = A.def_use(fn).uses[3]
    assert page.locator("pre.ir .v.def").count() == 1
    assert page.locator("pre.ir .v.use").count() == len(uses)  # %4 once, %35 once: as the IR uses it
    assert page.locator("svg tspan.v.use").count() >= 1  # in the graph too
    assert "used by %4, %35" in page.locator(".info").text_content()
    assert errors == []


def test_clicking_a_block_shows_its_frontier_and_loop(browser, tmp_path):
    fn = jlir.functions(jlir.parse_file(FIX / "arrays.typed.txt"))[0]
    page, errors = _open(browser, jlir.html.page([fn]), tmp_path)
    page.click("#blk-5")
    frontier = A.dominance_frontiers(fn)[4]
    assert page.locator("g.blk.front").count() == len(frontier)
    info = page.locator(".info").text_content()
    assert "frontier " + ", ".join(f"#{b}" for b in frontier) in info and "loop headed by #5" in info
    assert errors == []


def test_overlays_toggle_and_the_screenshot_shows_every_block(browser, tmp_path):
    fn = jlir.functions(jlir.parse_file(FIX / "type_unstable.warntype.txt"))[0]
    page, errors = _open(browser, jlir.html.page([fn]), tmp_path)
    assert page.locator("g.blk").count() == len(A.cfg(fn).blocks)
    root = page.locator("body")
    for k in ("domtree", "loops", "unstable", "dead"):
        page.check(f'input[data-overlay="{k}"]')
        assert f"ov-{k}" in root.get_attribute("class")
    assert page.locator("g.dom").first.is_visible()
    assert page.locator(".ln.flag").count() >= 1  # the red types of @code_warntype
    shot = page.screenshot(path=str(tmp_path / "page.png"))
    assert len(set(shot[::97])) > 50  # not a blank page: many distinct bytes in the PNG
    page.uncheck('input[data-overlay="domtree"]')
    page.locator("g.blk").first.click()  # a click's highlighting must leave the overlay's edges alone
    assert not page.locator("g.dom").first.is_visible()
    assert errors == []


@layered
def test_layered_page_without_dot_clicks_and_strikes_the_code_dce_deletes(browser, tmp_path):
    fn = jlir.functions(jlir.parse_file(FIX / "kwsorter.typed-unoptimized.txt"))[0]
    page, errors = _open(browser, jlir.html.page([fn], layout="layered"), tmp_path)
    assert page.locator('.graph[data-layout="layered"]').count() == 1
    assert page.locator("g.blk").count() == len(A.cfg(fn).blocks)
    page.click("#blk-4")
    frontier = A.dominance_frontiers(fn)[3]
    assert page.locator("g.blk.front").count() == len(frontier) >= 1
    assert "frontier " + ", ".join(f"#{b}" for b in frontier) in page.locator(".info").text_content()
    page.check('input[data-overlay="dead"]')
    struck = page.locator('.ln.dead[data-s="2"]')  # `%1::Any`: a value nobody uses, what dce deletes
    assert "line-through" in struck.evaluate("e => getComputedStyle(e).textDecorationLine")
    assert page.locator(".ln.dead[data-s]").count() == 2 + sum(  # and every line of the unreachable blocks
        len(blk.stmts) for b, blk in enumerate(A.cfg(fn).blocks, 1) if b not in A.reachable(fn))
    assert page.locator("svg text.dead").count() == 2  # the same two statements in their nodes
    assert errors == []


@layered
@pytest.mark.slow
def test_a_5000_statement_function_is_drawn_and_a_click_answers_within_a_second(browser, tmp_path):
    fn = jlir.functions(jlir.parse_file(FIX.parent / "speed" / "swap_diamonds_625.typed.txt"))[0]
    assert len(fn.positional) > 5000
    page, errors = _open(browser, jlir.html.page([fn]), tmp_path)
    assert page.locator("g.blk").count() == len(A.cfg(fn).blocks)  # 1,879 blocks: laid out in layers
    took = page.evaluate("""() => { const t = performance.now();
        document.querySelector('#blk-2').dispatchEvent(new MouseEvent('click', {bubbles: true}));
        document.body.getBoundingClientRect();  // the restyle the click causes, counted
        return performance.now() - t; }""")
    assert page.locator("g.blk.dommed").count() == len(A.cfg(fn).blocks) - 2  # #2 dominates all but #1
    assert took < 1000, f"a block click took {took:.0f} ms"
    page.locator('.ln[data-b="1500"]').first.dispatch_event("click")  # a line of #1500 in the text
    pane, node = page.locator("div.graph").bounding_box(), page.locator("#blk-1500").bounding_box()
    assert pane["y"] <= node["y"] + node["height"] and node["y"] <= pane["y"] + pane["height"]  # scrolled to it
    assert _label_overlaps(page) == {"labels": 1252, "overlapping": 0, "on_blocks": 0, "outside": 0}
    assert errors == []


# Each `true`/`false` label's box against the others', the blocks' and the drawing's own (all in page pixels).
_LABELS = """() => {
  const labels = [...document.querySelectorAll('g.edge.true text, g.edge.false text')].map(t => t.getBoundingClientRect());
  const blocks = [...document.querySelectorAll('g.blk polygon')].map(p => p.getBoundingClientRect());
  const svg = document.querySelector('.graph svg').getBoundingClientRect();
  const hit = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  let overlapping = 0, on_blocks = 0, outside = 0;
  labels.forEach((a, i) => {
    labels.slice(i + 1).forEach(b => { if (hit(a, b)) overlapping++; });
    blocks.forEach(b => { if (hit(a, b)) on_blocks++; });
    if (a.left < svg.left - 0.5 || a.right > svg.right + 0.5) outside++;
  });
  return {labels: labels.length, overlapping, on_blocks, outside};
}"""


def _label_overlaps(page) -> dict:
    return page.evaluate(_LABELS)


@pytest.mark.parametrize("layout", ["dot", pytest.param("layered", marks=layered)])
def test_a_wide_graph_scrolls_in_its_pane_and_its_branch_labels_never_overlap(browser, tmp_path, layout):
    """24 swapping diamonds in a loop (Julia 1.5.3's print): a graph wider than its pane, 50 branch labels."""
    fn = jlir.functions(jlir.parse_file(FIX.parent / "speed" / "swap_diamonds_24.typed.txt"))[0]
    page, errors = _open(browser, jlir.html.page([fn], layout=layout), tmp_path)
    pane = page.evaluate("""() => { const g = document.querySelector('div.graph'), svg = g.querySelector('svg');
        return {client: g.clientWidth, scroll: g.scrollWidth, overflow: getComputedStyle(g).overflowX,
                drawn: svg.getBoundingClientRect().width, declared: svg.width.baseVal.value}; }""")
    assert pane["scroll"] > pane["client"] and pane["overflow"] == "auto", pane   # scrolls, not clipped
    assert abs(pane["drawn"] - pane["declared"]) < 1, pane                       # drawn at its size, not shrunk
    overlaps = _label_overlaps(page)
    assert overlaps["labels"] == 50 and overlaps["overlapping"] == overlaps["on_blocks"] == 0, overlaps
    assert overlaps["outside"] == 0, overlaps
    assert errors == []


def test_run_counts_heat_the_blocks_and_a_block_click_says_its_count(browser, tmp_path):
    fn = jlir.functions(jlir.parse_file(FIX / "fib_swap.typed.txt"))[0]
    html = jlir.html.page([fn], runs=[("f(10) = 55::Int64", {1: 1, 2: 11, 3: 10, 4: 1})])
    page, errors = _open(browser, html, tmp_path)
    assert page.locator("g.blk.heat-4").count() == 2 and page.locator("g.blk.heat-1").count() == 2
    page.click("#blk-2")
    assert "entered 11 times" in page.locator(".info").text_content()
    assert errors == []
