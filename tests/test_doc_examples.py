"""Every shell and Python example of the README and the documentation runs against the shipped fixtures and shows what it shows:
a changed output fails here (the rules: tests/support/doc_examples.py).  One test per page, its blocks in order,
from a folder laid out as a fresh clone, as a reader following the page would run them."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from support.doc_examples import ROOT, clone_like, examples, run_bash, run_console, run_python

# the README (the front page) and every page of the site
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
EXAMPLES = {page: examples(page) for page in PAGES}
# pages whose examples ask a live Julia (`jlir fetch`, `--julia auto`, snapshots, jlir.live)
NEEDS_JULIA = ("jlir fetch", "--julia auto", "jlir snapshot", "jlir.live", "julia_ir")


def _no_julia() -> str | None:
    """Why no Julia can be asked here, or None (scripts/test.sh installs 1.5.3; CI must have one)."""
    from jlir.live.locate import find_julia
    try:
        find_julia()
    except Exception as e:
        return str(e).splitlines()[0]
    return None


def test_the_docs_have_examples_and_each_not_run_says_why():
    found = [e for page in PAGES for e in EXAMPLES[page]]
    assert len(found) >= 60, len(found)
    assert all(e.not_run for e in found if e.not_run is not None)
    assert sum(e.not_run is not None for e in found) <= 3, [e.where for e in found if e.not_run]


@pytest.mark.slow
@pytest.mark.parametrize("page", [p for p in PAGES if EXAMPLES[p]], ids=lambda p: str(p.relative_to(ROOT)))
def test_every_example_of_the_page_shows_what_it_shows(page, tmp_path):
    if any(n in e.body for e in EXAMPLES[page] for n in NEEDS_JULIA) and (why := _no_julia()) is not None:
        if os.environ.get("CI"):
            pytest.fail(f"its examples ask a live Julia, and CI has none: {why}")
        pytest.skip(f"its examples ask a live Julia: {why}")
    folder = clone_like(tmp_path)
    namespace: dict = {"__name__": "doc_example"}
    problems: list[str] = []
    for example in EXAMPLES[page]:
        if example.not_run is not None:
            continue
        if example.lang == "console":
            problems += run_console(example, folder)
        elif example.lang == "bash":
            problems += run_bash(example, folder)
        else:
            problems += run_python(example, folder, namespace)
    assert not problems, "\n\n".join(problems)


def count() -> dict[str, int]:
    """How many examples the docs hold, by kind (a console block counts each of its commands, a pycon block each
    of its `>>>` statements), and how many are not run: `python3 tests/test_doc_examples.py`."""
    import doctest
    from support.doc_examples import commands
    out: dict[str, int] = {}
    for page in PAGES:
        for e in EXAMPLES[page]:
            key = "not run" if e.not_run else e.lang
            n = {"console": lambda: len(commands(e.body)),
                 "pycon": lambda: len(doctest.DocTestParser().get_examples(e.body))}.get(e.lang, lambda: 1)()
            out[key] = out.get(key, 0) + n
            out[key + " blocks"] = out.get(key + " blocks", 0) + 1
    return out


if __name__ == "__main__":
    print(count())
