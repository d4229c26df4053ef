"""Read every print of the oracle's records (every form, every stage, `compact!` and `adce` prints): which are
refused and why, which print back byte for byte, and how many statements each reads as.

    python3 scripts/check/read_records.py --out after.jsonl [-j 2] [RECORDS.jsonl.gz ...]
    python3 scripts/check/read_records.py --compare before.jsonl after.jsonl

The records default to `~/.cache/jlir/oracle-1.5.3/records-every1-part*of2.jsonl.gz` (all of Base, about 526,000
prints: ~35 minutes here on 2 workers).  `--out` writes one line per print (record number, form, hash of the text,
then the error, or whether it printed back and its functions' and statements' counts) and a table per form.
`--compare` takes two such files made before and after a change to the reader: a print that read before must
read after, alike (printed back as before, as many functions and statements), and it lists what changed.
"""
from __future__ import annotations

import argparse
import collections
import gzip
import hashlib
import json
import sys
from multiprocessing import Pool
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

import jlir  # noqa: E402
from jlir.ir.errors import JlirError  # noqa: E402

CACHE = Path.home() / ".cache" / "jlir" / "oracle-1.5.3"
KEYS = ("typed", "typed_source", "ircode", "unoptimized", "lowered", "ssa")


def prints(record: dict):
    """(form, text) of every print a record holds."""
    for key in KEYS:
        if isinstance(record.get(key), str):
            yield key, record[key]
    for stage in record.get("stages", ()):
        yield "stage " + stage["name"], stage["text"]
        if isinstance(stage.get("compact"), str):
            yield "compact " + stage["name"], stage["compact"]
    for key in ("before", "after"):
        if isinstance(record.get("adce", {}).get(key), str):
            yield "adce " + key, record["adce"][key]


def read_one(text: str) -> dict:
    try:
        doc = jlir.parse(text)
        back = jlir.format(doc)
    except JlirError as e:
        return {"err": str(e).splitlines()[0][:300] if str(e) else type(e).__name__}
    except Exception as e:   # a crash is a bug, never a refusal
        return {"crash": f"{type(e).__name__}: {e}"[:300]}
    fns = jlir.functions(doc)
    return {"rt": back == text, "n": sum(len(f.stmts) for f in fns), "nf": len(fns)}


def _work(job: tuple[int, str]) -> list[dict]:
    i, line = job
    record, out = json.loads(line), []
    for form, text in prints(record):
        res = read_one(text)
        res.update(i=i, form=form, t=record.get("target"), h=hashlib.md5(text.encode()).hexdigest()[:12])
        out.append(res)
    return out


def _jobs(paths):
    i = 0
    for path in paths:
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                i += 1
                yield i, line


def outcome(r: dict) -> str:
    return "refused" if "err" in r else "crash" if "crash" in r else "read" if r["rt"] else "printed back otherwise"


def reason(r: dict) -> str:
    return (r.get("err") or r.get("crash") or "").split(": error: ")[-1][:100]


def table(rows) -> None:
    per_form, reasons = collections.defaultdict(collections.Counter), collections.Counter()
    for r in rows:
        per_form[r["form"]][outcome(r)] += 1
        if "err" in r or "crash" in r:
            reasons[(r["form"], reason(r))] += 1
    for form in sorted(per_form):
        print(f"{form:18} {dict(sorted(per_form[form].items()))}")
    for (form, why), n in sorted(reasons.items(), key=lambda x: -x[1]):
        print(f"{n:6}  {form}: {why}")


def load(path: Path) -> dict:
    with open(path, encoding="utf-8") as f:
        return {(r["i"], r["form"]): r for r in map(json.loads, f)}


def compare(before: Path, after: Path) -> int:
    b, a = load(before), load(after)
    changes = collections.defaultdict(list)
    for key, rb in b.items():
        ra = a.get(key)
        if ra is None or ra["h"] != rb["h"]:
            changes["not the same print"].append(key)
        elif outcome(rb) == "read" and (outcome(ra) != "read" or (ra["n"], ra["nf"]) != (rb["n"], rb["nf"])):
            changes["read before, otherwise after"].append((key, rb, ra))
        elif outcome(rb) != outcome(ra) or reason(rb) != reason(ra):
            changes[f"{outcome(rb)} -> {outcome(ra)}"].append((key, reason(rb), reason(ra)))
    print(f"{len(b)} prints before, {len(a)} after")
    for what, items in changes.items():
        print(f"{len(items):6}  {what}")
        for item in items[:20]:
            print("        ", str(item)[:240])
    table(a.values())
    return 1 if changes.get("read before, otherwise after") or changes.get("not the same print") else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("records", nargs="*", type=Path)
    ap.add_argument("--out", type=Path)
    ap.add_argument("-j", "--jobs", type=int, default=1)
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = ap.parse_args()
    if args.compare:
        return compare(*args.compare)
    if args.out is None:
        ap.error("--out or --compare is required")
    paths = args.records or sorted(CACHE.glob("records-every1-part*of2.jsonl.gz"))
    rows = []
    with open(args.out, "w", encoding="utf-8") as out, Pool(args.jobs) as pool:
        for results in pool.imap(_work, _jobs(paths), chunksize=8):
            for r in results:
                out.write(json.dumps(r) + "\n")
                rows.append({k: r[k] for k in ("form", "err", "crash", "rt") if k in r})
    table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
