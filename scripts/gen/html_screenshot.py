"""Remake the README's picture of `jlir html` (docs/html-view.png) in headless Chromium.

    python3 scripts/gen/html_screenshot.py [--layout auto|dot|layered] [OUT.png]

The page of fixtures/julia-1.5.3/fib_swap.typed.txt run on 10 (`jlir html --run 10`), the loops overlay on,
block #2 clicked.  Needs Playwright and Debian's chromium (scripts/test.sh installs both).
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", nargs="?", default=str(ROOT / "docs" / "html-view.png"))
    ap.add_argument("--layout", default="auto", choices=("auto", "dot", "layered"))
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as tmp:
        page_file = Path(tmp) / "fib.html"
        subprocess.run([sys.executable, "-m", "jlir", "html", "fixtures/julia-1.5.3/fib_swap.typed.txt",
                        "--run", "10", "--layout", args.layout, "-o", str(page_file)], check=True, cwd=ROOT)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1100, "height": 600})
            page.goto(page_file.as_uri())
            page.check('input[data-overlay="loops"]')
            page.click("#blk-2")
            page.screenshot(path=args.out)
            browser.close()
    print(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
