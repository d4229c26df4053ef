#!/usr/bin/env python3
"""Pick the records CI compares (tests/oracle/test_other_sources.py) from an oracle run's records, and write the
table of the classes they show.

    python3 scripts/check/oracle_ci_records.py CACHE/include-*.jsonl.gz --outcomes T/include-*.outcomes.jsonl \\
        --count 60 --out tests/data/oracle/generated-1.5.3.jsonl.gz
    python3 scripts/check/oracle_ci_records.py CACHE/module-*.jsonl.gz --outcomes T/module-*.outcomes.jsonl \\
        --count 60 --per-source 4 --out tests/data/oracle/stdlib-1.5.3.jsonl.gz
    python3 scripts/check/oracle_ci_records.py --table tests/data/oracle/other-sources-classes.json \\
        generated=tests/data/oracle/generated-1.5.3.jsonl.gz stdlib=tests/data/oracle/stdlib-1.5.3.jsonl.gz

The pick holds, first, up to `--per-class` records of each class that is not `equal` (each (check, form,
verdict, class)), smallest first, so that CI sees every kind of difference the run found; then records where
everything is equal, smallest prints first (CI's time), at most `--per-source` from one source, up to `--count`
in all.  The classes come from the run's `--outcomes` files (`oracle.py --outcomes`, one line per outcome but
equal, by source and instance) where given, else every record is checked here as `oracle.py` checks it (callees
from the records and jlir's built-in Base methods).  Ties go by a hash of the instance's name, so the pick does
not depend on the machine; the order is the input's.

`--table OUT NAME=FILE…` checks each committed record file and writes, per name, how many outcomes of each class
it shows (`jlir.oracle.tally.class_key`): the bound the test holds them to, which may only shrink.
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from jlir.interp.builtin import BaseProvider  # noqa: E402
from jlir.oracle import check_record  # noqa: E402
from jlir.oracle.checks import Outcome  # noqa: E402
from jlir.oracle.interp import Chain, RecordCallees  # noqa: E402
from jlir.oracle.tally import class_key  # noqa: E402


def read(paths):
    for p in paths:
        with gzip.open(p, "rt", encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    yield json.loads(line)


def size(record: dict) -> int:
    return sum(len(v) for v in record.values() if isinstance(v, str)) + \
        sum(len(s["text"]) + len(s["compact"]) for s in record.get("stages", ()))


def name(record: dict) -> str:
    return f"{record.get('file', record.get('source', ''))} {record['target']}"


def class_counts(records: list[dict]) -> Counter:
    """Every outcome but equal of `records`, counted by class, as `oracle.py` checks them."""
    callees = Chain(RecordCallees(records), BaseProvider())
    return Counter(class_key(c, f, o) for r in records for c, f, o in check_record(r, callees) if o.verdict != "equal")


def kinds_checked(records: list[dict]) -> list[set]:
    callees = Chain(RecordCallees(records), BaseProvider())
    return [{class_key(c, f, o) for c, f, o in check_record(r, callees) if o.verdict != "equal"} for r in records]


def kinds_logged(records: list[dict], outcome_files: list[Path]) -> list[set]:
    """The classes of each record from a run's outcomes (by source and instance; an instance two records share
    gets both's classes, which only makes the pick larger)."""
    by_name: dict = {}
    for p in outcome_files:
        with open(p, encoding="utf-8") as f:
            for line in f:
                o = json.loads(line)
                key = class_key(o["check"], o["form"], Outcome(o["verdict"], o["detail"]))
                by_name.setdefault((o["source"], o["instance"]), set()).add(key)
    return [by_name.get((r.get("source"), r["target"]), set()) for r in records]


def pick(records: list[dict], kinds: list[set], count: int, per_class: int, per_source: int) -> list[dict]:
    classes: dict = {}
    for k, ks in enumerate(kinds):
        for kind in ks:
            classes.setdefault(kind, []).append(k)
    chosen: set[int] = set()
    for kind in sorted(classes):
        have = sum(1 for k in classes[kind] if k in chosen)
        for k in sorted(classes[kind], key=lambda k: (size(records[k]), k))[:max(0, per_class - have)]:
            chosen.add(k)
    by_source = Counter(records[k].get("source") for k in chosen)
    clean = [k for k, ks in enumerate(kinds) if not ks]
    for k in sorted(clean, key=lambda k: (size(records[k]) // 4000, hashlib.sha1(name(records[k]).encode()).hexdigest())):
        if len(chosen) >= count:
            break
        src = records[k].get("source")
        if by_source[src] < per_source:
            chosen.add(k)
            by_source[src] += 1
    return [records[k] for k in sorted(chosen)]


def write_table(out: Path, named: list[str]) -> None:
    table = {}
    for item in named:
        label, _, path = item.partition("=")
        table[label] = dict(sorted(class_counts(list(read([Path(path)]))).items()))
    tmp = out.with_suffix(".tmp")
    tmp.write_text(json.dumps(table, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, out)
    print(f"oracle_ci_records: {sum(map(len, table.values()))} classes in {out}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="+")
    ap.add_argument("--out", type=Path)
    ap.add_argument("--outcomes", type=Path, nargs="*", default=())
    ap.add_argument("--table", type=Path, help="write the class table of NAME=FILE record files to this file")
    ap.add_argument("--count", type=int, default=60)
    ap.add_argument("--per-class", type=int, default=1)
    ap.add_argument("--per-source", type=int, default=10 ** 9)
    a = ap.parse_args(argv)
    if a.table:
        write_table(a.table, a.records)
        return 0
    if not a.out:
        ap.error("--out is required to pick records")
    records = list(read(map(Path, a.records)))
    kinds = kinds_logged(records, list(a.outcomes)) if a.outcomes else kinds_checked(records)
    chosen = pick(records, kinds, a.count, a.per_class, a.per_source)
    tmp = a.out.with_suffix(".tmp")
    with gzip.open(tmp, "wt", encoding="utf-8", compresslevel=9) as f:
        for r in chosen:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    os.replace(tmp, a.out)
    print(f"oracle_ci_records: {len(chosen)} records in {a.out} ({a.out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
