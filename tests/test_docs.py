"""The documentation site builds: `mkdocs build --strict` (mkdocs.yml; a broken link, a page missing from the
navigation, a reference to code that moved or an include of a file that is gone fails it).  The CLI reference it
generates names every verb of the `jlir` command."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    if importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("mkdocstrings") is None:
        if os.environ.get("CI"):
            pytest.fail("mkdocs is not installed in CI: scripts/test.sh installs the test extra, which holds it")
        pytest.skip("no mkdocs (pip install '.[docs]'; scripts/test.sh installs it)")
    out = tmp_path_factory.mktemp("site")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p),
               NO_MKDOCS_2_WARNING="1")
    r = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)], cwd=ROOT,
                       capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    return out


@pytest.mark.slow
def test_mkdocs_build_strict_passes(site):
    assert (site / "index.html").is_file() and (site / "tutorials" / "write-a-pass" / "index.html").is_file()


@pytest.mark.slow
def test_the_cli_reference_lists_every_verb_from_the_parsers(site):
    from jlir.cli.verbs import VERBS
    page = (site / "reference" / "cli" / "index.html").read_text(encoding="utf-8")
    for verb in VERBS:
        name = verb.__name__.rsplit(".", 1)[-1].rstrip("_")
        assert f'id="jlir-{name}"' in page, name
    assert "--argnames" in page and "--passes" in page
