"""Write jlir/interp/data/base-1.5.3.txt.gz: the typed IR of the Base methods ordinary code calls, from Julia 1.5.3,
so that `jlir run` needs no Julia for them (jlir.interp.builtin.BaseProvider serves the file).

    JLIR_JULIA=<julia 1.5.3> python3 scripts/gen/gen_base_methods.py [--sample DIR] [--calls DIR] [--cases]
    JLIR_JULIA=<julia 1.5.3> python3 scripts/gen/gen_base_methods.py --merge --forms FILE   # add to the data
    JLIR_JULIA=<julia 1.5.3> python3 scripts/gen/gen_base_methods.py --merge --keyword-calls --records FILE

Which methods: the callees the interpreter asks for while it runs
  * a grid of the commonest operations (arithmetic, comparison, conversion, bit operations, ranges and their
    iteration, vectors, strings) on every bits type Base code handles most (`GRID`), each run on small values;
  * the method instances of a Base sample (`--sample`, scripts/gen/gen_interp_sample.jl's folder), and of folders
    of recorded calls (`--calls`, scripts/gen/gen_interp_calls.jl's), in every form they have;
  * the argument forms `jlir run --args` evaluates (`--forms`, tests/data/arguments/forms.txt);
  * the keyword calls of generated programs (`--keyword-calls`: `foldl(+, v; init=zero(T))` of every number
    type, each form of its keyword sorter run; `--generated`: `generated_grid()`, their predicates and vectors);
  * the interpreter row of oracle records (`--records`, e.g. generated programs' `include-*.jsonl.gz`): each
    recorded run in every form, the records' own prints serving their own methods, Base's asked of Julia;
each callee counted once per run that needed it.  Every callee reached is kept (`--min-count` raises the bar);
a callee of the user's `Main` never is (it is the user's code).  Each entry is what jlir.live's provider caches
(`# MethodInstance for …`, `# argnames:`, `# sparams:`, `# vararg:`, then Julia's `code_typed` print), entries
separated by a form feed line, gzip-compressed.
"""
from __future__ import annotations

import argparse
import gzip
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from base_calls import conversions, generated_grid  # noqa: E402
from base_runs import (Counting, run_closure_calls, run_folder, run_forms, run_grid, run_keyword_calls,  # noqa: E402
                       run_records, run_snippets)

OUT = ROOT / "jlir" / "interp" / "data" / "base-1.5.3.txt.gz"


def merged(old: Path, body: str) -> str:
    """The entries of the data file `old` with the new ones of `body` added (a method already there is kept as it
    was; the struct lines are united), so a run for a few more methods never drops the others."""
    if not old.is_file():
        return body
    with gzip.open(old, "rt", encoding="utf-8") as fh:
        entries = fh.read().split("\f\n")
    heads = {e.split("\n", 1)[0] for e in entries}
    structs = [e for e in entries if e.startswith(("# struct ", "# mutable struct "))]
    for e in body.split("\f\n"):
        if e.startswith(("# struct ", "# mutable struct ")):
            lines = dict.fromkeys((structs[0] if structs else "").splitlines(keepends=True))
            lines.update(dict.fromkeys(e.splitlines(keepends=True)))
            joined = "".join(sorted(lines))
            entries = [joined if x is (structs[0] if structs else None) else x for x in entries]
            if not structs:
                entries.insert(0, joined)
            structs = [joined]
        elif e.split("\n", 1)[0] not in heads or e.split("\n", 1)[0].startswith("# MethodInstance for (::"):
            if e not in entries:
                entries.append(e)
    return "\f\n".join(entries)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sample", type=Path, action="append", default=[])
    ap.add_argument("--calls", type=Path, action="append", default=[])
    ap.add_argument("--forms", type=Path, action="append", default=[],
                    help="argument forms, one a line (tests/data/arguments/forms.txt), evaluated as --args")
    ap.add_argument("--conversions", action="store_true", help="the methods `conversions()` lists, looked up")
    ap.add_argument("--keyword-calls", action="store_true", help="the keyword calls `keyword_calls()` lists, run")
    ap.add_argument("--generated", action="store_true", help="the calls `generated_grid()` lists, run")
    ap.add_argument("--snippets", action="store_true", help="the expressions `snippets()` lists, their slot forms run")
    ap.add_argument("--closure-calls", action="store_true",
                    help="the Base calls with a closure `closure_calls()` lists, run (their methods kept lowered)")
    ap.add_argument("--records", type=Path, action="append", default=[],
                    help="oracle record files (JSONL, .gz allowed) whose interpreter row is run")
    ap.add_argument("--merge", action="store_true", help="add the methods found to the data file's, dropping none")
    ap.add_argument("--min-count", type=int, default=1)
    ap.add_argument("--out", type=Path, default=OUT)
    opts = ap.parse_args()
    from jlir.live import Julia
    cache = Path(tempfile.mkdtemp(prefix="jlir-base-methods-"))
    jl = Julia(None)
    if jl.version != "1.5.3":
        print(f"gen_base_methods: Julia {jl.version}, not 1.5.3", file=sys.stderr)
        return 2
    try:
        provider = _collected(opts, jl, cache)
    finally:
        jl.close()
    entries, structs = _entries(provider, cache / f"callees-{jl.version}", opts.min_count)
    _write(opts, entries)
    shutil.rmtree(cache, ignore_errors=True)
    print(f"gen_base_methods: {len(entries) - bool(structs)} methods, {structs} structs, "
          f"{opts.out.stat().st_size:,} bytes -> {opts.out}", file=sys.stderr)
    return 0


def _collected(opts, jl, cache: Path):
    """The counting provider after every run the options ask for (a live Julia's callees cached in `cache`)."""
    from jlir.cli.literals import argument
    from jlir.live.provider import LiveProvider
    provider = Counting(LiveProvider(jl, cache=cache))
    if not opts.merge:
        run_grid(provider, argument)
    for path in opts.forms:
        run_forms(provider, path)
    for path in opts.records:
        run_records(provider, path)
    if opts.keyword_calls:
        run_keyword_calls(provider, argument)
    if opts.generated:
        run_grid(provider, argument, list(generated_grid()))
    if opts.closure_calls:
        run_closure_calls(provider, argument)
    if opts.snippets:
        run_snippets(provider, argument)
    for callee, types in conversions() if opts.conversions else ():
        provider.seen = set()
        provider.lookup(callee, types)
    for folder in opts.sample + opts.calls:
        provider.inner = LiveProvider(jl, cache=cache, defs=(folder / "defs.jl").read_text(encoding="utf-8")) \
            if (folder / "defs.jl").is_file() else provider.inner
        run_folder(provider, folder)
    return provider


def _entries(provider, cached: Path, min_count: int) -> tuple[dict, int]:
    """(the data file's entries by sort key, how many struct lines): each callee the runs needed at least
    `min_count` times, the closure-generic and closure entries, the struct lines first."""
    from jlir.interp.provider import signature_key
    entries = {}
    for f in sorted(cached.glob("*.txt")):
        text = f.read_text(encoding="utf-8")
        key = text.split("\n", 1)[0][len("# MethodInstance for "):]
        if provider.count.get(signature_key(key), 0) >= min_count:
            entries[key] = text
    for key, text in provider.generic.items():
        if text is not None and provider.count.get(key, 0) >= min_count:
            entries[f"\x02generic {key}"] = text
    for k, texts in enumerate(t for t in provider.callables.values() if t):
        for form, text in zip(("typed", "typed-unoptimized", "lowered"), texts):
            entries[f"\x01callable {k} {form}"] = text
    lines = []
    for name, ((fields, mutable), types) in sorted(provider.recorded.items()):
        if any(c in t for t in types or () for c in ":"):
            types = None  # a field type `# struct` lines cannot spell: the names alone
        parts = [f"{f}::{t}" for f, t in zip(fields, types)] if types and len(types) == len(fields) else list(fields)
        lines.append(f"# {'mutable struct' if mutable else 'struct'} {name}: {', '.join(parts)}\n")
    if lines:
        entries["\x00structs"] = "".join(lines)  # first: the field names every run may need
    return entries, len(lines)


def _write(opts, entries: dict) -> None:
    """The data file, gzipped, written whole or not at all (a run reading it meanwhile sees the old file)."""
    opts.out.parent.mkdir(parents=True, exist_ok=True)
    body = "\f\n".join(entries[k] if entries[k].endswith("\n") else entries[k] + "\n" for k in sorted(entries))
    if opts.merge:
        body = merged(opts.out, body)
    tmp = opts.out.with_suffix(".tmp")
    with open(tmp, "wb") as raw, gzip.GzipFile("", "wb", 9, raw, mtime=0) as fh:
        fh.write(body.encode("utf-8"))  # no time nor name in the header: the same methods, the same bytes
    tmp.replace(opts.out)


if __name__ == "__main__":
    sys.exit(main())
