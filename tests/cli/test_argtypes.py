"""`jlir opt --passes compact` and `jlir ssa` given the instance's argument and static-parameter types print what
Julia's `compact!` and `slot2reg` + `compact!` print where those types decide it (Julia's `simple_dce!` proves a
statement free of effects from them; the print does not show them).  On Julia 1.5.3's own records
(`tests/data/oracle/argtypes-cli-1.5.3.jsonl.gz`, from `scripts/check/oracle.jl`: cases where jlir equals Julia with
the instance's types and differs without them): each dump headed as jlir's callee dumps are (`# MethodInstance for
…`, `# argnames:`, `# sparams:`, `# vararg:`), and the same types given as `--argtypes`/`--sparams`."""
from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
from support.cli import run_jlir

from jlir.cli.heading import read_heading

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "argtypes-cli-1.5.3.jsonl.gz"
CASES = [json.loads(line) for line in gzip.open(DATA, "rt", encoding="utf-8")]


def _run(tmp_path, argv, text):
    path = tmp_path / "dump.txt"
    path.write_text(text, encoding="utf-8")
    out = run_jlir(argv[0], path, *argv[1:], text=True)
    return out.returncode, "".join(l for l in out.stdout.splitlines(keepends=True) if not l.startswith("# "))


def _body(text: str) -> str:
    return "".join(l for l in text.splitlines(keepends=True) if not l.startswith("# "))


@pytest.mark.parametrize("case", CASES, ids=[f"{c['kind']}-{c['target'][:40]}" for c in CASES])
def test_the_headings_types_make_the_print_julias(case, tmp_path):
    rc, out = _run(tmp_path, case["argv"], case["input"])
    assert rc == 0 and out.rstrip("\n") == case["julia"].rstrip("\n")
    rc, bare = _run(tmp_path, case["argv"], _body(case["input"]))
    assert bare.rstrip("\n") != case["julia"].rstrip("\n")  # without the types, `simple_dce!` proves less


@pytest.mark.parametrize("case", [c for c in CASES if "# vararg: true" not in c["input"]
                                  and "MethodInstance for (::" not in c["input"]],
                         ids=lambda c: f"{c['kind']}-{c['target'][:40]}")
def test_the_options_give_the_same_types(case, tmp_path):
    h = read_heading(case["input"])
    argv = [*case["argv"], "--argtypes", ",".join(h.argtypes)]
    if h.sparams:
        argv += ["--sparams", ",".join(h.sparams)]
    if case["kind"] == "ssa":
        argv += ["--argnames", ",".join(h.argnames)]
    body = re.sub(r"(?m)^# MethodInstance for .*\n", "", case["input"])
    rc, out = _run(tmp_path, argv, "".join(l for l in body.splitlines(keepends=True)
                                           if not l.startswith(("# sparams", "# vararg"))))
    assert rc == 0 and out.rstrip("\n") == case["julia"].rstrip("\n")
