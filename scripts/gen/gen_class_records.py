#!/usr/bin/env python3
"""Julia 1.5.3's own records of the small programs in scripts/gen/classes/ (one per class of code outside Base
that jlir once got wrong), for tests/oracle/test_code_classes.py:

    python3 scripts/gen/gen_class_records.py            # writes tests/data/oracle/code-classes-1.5.3.jsonl.gz

Each program is a case file (`# target: f(args)` first, as fixtures/cases/*.jl), loaded into Main and recorded by
scripts/check/oracle.jl --cases (every print, Julia's answers and runs).  A program with `# run:` lines also gets
`callees`: the callee dumps the interpreter needs to run it (`JlirLive.record_runs` in a live Julia, as
scripts/gen/regen_fixtures.py records a fixture's: typed IR of each callee, `# no method` where Julia matches a
call to no method).
"""
from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

CLASSES = ROOT / "scripts" / "gen" / "classes"
OUT = ROOT / "tests" / "data" / "oracle" / "code-classes-1.5.3.jsonl.gz"


def main() -> int:
    from jlir.live import Julia, caseruns
    from jlir.live.locate import find_julia
    julia = list(find_julia(None).argv)
    files = sorted(CLASSES.glob("*.jl"))
    specs = [f"{f.stem}=0={f}" for f in files]
    out = subprocess.run([*julia, "--startup-file=no", str(ROOT / "scripts" / "check" / "oracle.jl"), "--cases", *specs],
                         capture_output=True, text=True, check=True)
    records = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    for r in records:
        source = (CLASSES / f"{r['case']}.jl").read_text(encoding="utf-8")
        calls = caseruns.declared_calls(source)
        if not calls:
            continue
        with Julia(julia[0]) as jl:   # a fresh session per program: its definitions only
            jl.define(source, f"{r['case']}.jl")
            target = source.splitlines()[0].split(":", 1)[1].strip()
            _, files_ = caseruns.record(jl, r["case"], target, calls)
        r["callees"] = [data.decode("utf-8") for name, data in sorted(files_.items())]
    tmp = OUT.with_suffix(".tmp")
    with gzip.open(tmp, "wt", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r) + "\n")
    tmp.replace(OUT)
    print(f"{len(records)} records → {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
