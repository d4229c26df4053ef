#!/usr/bin/env python3
"""`jlir opt`'s output, byte for byte, over the fixture corpus: every registered pass and a few pipelines.

A refactoring of the passes (or of what runs after each, `jlir.edit.shown`) must not change what `jlir opt`
prints.  This runs every registered pass alone and the pipelines below over every document of `fixtures/` that
reads, as `jlir opt` does (`passes.run_document`, then `jlir.format`), and records per (file, pipeline) a digest
of the printed text, the notes and the error a pass raised, and of the result's model (`jlir.to_json`: a line
table that prints alike but differs shows there).  `--save FILE` writes the record; `--compare FILE` runs again
and lists every (file, pipeline) whose digest differs.  Run the saved record with the code before the change
(`PYTHONPATH=<old tree> python3 <this script> --save …`) and compare with the code after it.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"

PIPELINES = ("dce,sccp,copyprop,simplify-cfg,split-critical-edges,compact",
             "dce,sccp,copyprop,simplify-cfg,compact",
             "sccp,dce,compact,out-of-ssa",
             "split-critical-edges,out-of-ssa,compact")


def _digest(*parts: str) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()[:20]


def outcome(jlir, passes, doc, names: list[str]) -> dict:
    """{text, model} digests of `doc` after `names`, as `jlir opt` prints it (an error's message in its place)."""
    notes: list[str] = []
    try:
        out = passes.run_document(doc, names, notes=notes)
    except jlir.JlirError as e:
        return {"text": _digest("error", type(e).__name__, str(e), *notes)}
    text = jlir.format(out)
    model = json.dumps(jlir.to_json(out), sort_keys=True, ensure_ascii=False)
    return {"text": _digest(text, *notes), "model": _digest(model)}


def record(paths: list[Path]) -> dict:
    import jlir
    from jlir import passes
    pipelines = sorted(passes.REGISTRY) + list(PIPELINES)
    out: dict = {}
    for path in paths:
        key = str(path.relative_to(FIXTURES))
        try:
            doc = jlir.parse_file(path)
        except jlir.JlirError:
            continue  # a fixture rejected on purpose: `jlir opt` says so before any pass
        out[key] = {p: outcome(jlir, passes, doc, p.split(",")) for p in pipelines}
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    what = ap.add_mutually_exclusive_group(required=True)
    what.add_argument("--save", type=Path, metavar="FILE", help="write the record of this tree's outputs to FILE")
    what.add_argument("--compare", type=Path, metavar="FILE", help="compare this tree's outputs with FILE")
    ap.add_argument("--glob", default="**/*.txt", help="fixture files under fixtures/ (default: every .txt)")
    a = ap.parse_args(argv)
    paths = sorted(FIXTURES.glob(a.glob))
    t = time.perf_counter()
    now = record(paths)
    runs = sum(len(v) for v in now.values())
    print(f"{len(now)} documents read of {len(paths)} files, {runs} runs in {time.perf_counter() - t:.0f} s "
          f"(jlir from {sys.modules['jlir'].__file__})")
    if a.save:
        a.save.write_text(json.dumps(now, indent=0, sort_keys=True), encoding="utf-8")
        return 0
    before = json.loads(a.compare.read_text(encoding="utf-8"))
    differ = [f"{f} {p}: {k}" for f in sorted(set(before) | set(now))
              for p in sorted(set(before.get(f, {})) | set(now.get(f, {})))
              for k in ("text", "model")
              if before.get(f, {}).get(p, {}).get(k) != now.get(f, {}).get(p, {}).get(k)]
    print(f"{len(differ)} (document, pipeline, text|model) outputs differ from {a.compare}")
    for line in differ[:200]:
        print("  " + line)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
