#!/usr/bin/env python3
"""Write the oracle's per-source table (and the classes still wrong or refused) into docs/oracle.md.

    python3 scripts/check/oracle_sources_table.py TALLY.json… --at b17fe52 \\
        --records "/work/data/anycode/cache/{module,include}-*.jsonl.gz" [--doc docs/oracle.md]

The tallies are `oracle.py --tally-out` files of runs over standard-library records (`--module NAME --tests`,
source = the module) and generated programs (`--include`, source `generated`), merged as `oracle.py
--merge-tallies` merges them.  The page's text between the two markers

    <!-- per-source table: scripts/check/oracle_sources_table.py -->
    <!-- end per-source table -->

is replaced (atomically) by: where the figures come from (`--at`, the commit of jlir that compared; `--records`,
the records), one row per source, the sums over the standard libraries and over everything, and every class not
equal but a documented rule's (wrong, refused), with its count and first example.  Without `--doc` the text is
printed.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from jlir.oracle.tally import Tally, source_row  # noqa: E402

NOT_STDLIB = ("generated", "Base")   # the sources that are not a standard library (Base: `--every`'s runs)
BEGIN = "<!-- per-source table: scripts/check/oracle_sources_table.py -->"
END = "<!-- end per-source table -->"


def merged(paths: list[Path]) -> tuple[Tally, list[str]]:
    """The tallies merged, but those of a source named as a file (`probe1.jl`: a file given to `oracle.py --include`
    without `--source`, written by hand to reproduce a class, not code nobody chose), whose names are returned."""
    total, files = Tally(keep=1), []
    for p in paths:
        t = Tally.from_json(json.loads(p.read_text(encoding="utf-8")))
        if t.sources and all(src.endswith(".jl") for src in t.sources):
            files.extend(t.sources)
            continue
        total.merge(t)
    return total, sorted(files)


def table(t: Tally) -> list[str]:
    lines = ["| source | instances | checks | equal | rule | wrong | refused | round-trip | interp runs |",
             "|---|---|---|---|---|---|---|---|---|"]
    stdlib, everything = Counter(), Counter()
    order = {s: k for k, s in enumerate(NOT_STDLIB)}   # then the standard libraries, largest first
    for src, c in sorted(t.sources.items(), key=lambda kv: (order.get(kv[0], 2), -kv[1][("instances", "")], kv[0])):
        lines.append(source_row(src, c, percent=True))
        everything.update(c)
        if src not in NOT_STDLIB:
            stdlib.update(c)
    n = sum(1 for s in t.sources if s not in NOT_STDLIB)
    lines.append(source_row(f"**all {n} standard libraries**", stdlib, percent=True))
    lines.append(source_row("**all**", everything, percent=True))
    return lines


def classes_left(t: Tally, most: int) -> list[str]:
    lines = ["| check | form | verdict | class | count | first example |", "|---|---|---|---|---|---|"]
    rows = [(check, form, verdict, kind, n) for (check, form, verdict), kinds in t.classes.items()
            if verdict in ("wrong", "refused") for kind, n in kinds.items()]
    rows = sorted(rows, key=lambda r: (r[2] != "wrong", -r[4], r[:4]))
    for check, form, verdict, kind, n in rows[:most]:
        ex = (t.examples[(check, form, verdict, kind)] or [""])[0].split(": ")[0][:90].replace("|", "\\|")
        lines.append(f"| {check} | {form} | {verdict} | {kind.replace('|', chr(92) + '|')} | {n} | `{ex}` |")
    if len(rows) > most:
        lines.append(f"| … | | | {len(rows) - most} more classes (`oracle.py --merge-tallies`) | "
                     f"{sum(r[4] for r in rows[most:])} | |")
    return lines


def render(t: Tally, at: str, records: str, most: int = 30, files=()) -> str:
    checks, differ, wrong = t.totals()
    head = (f"Figures of jlir at {at} on Julia 1.5.3's records {records}: {t.functions} method instances, "
            f"{checks} comparisons in all (round-trip and interpreter runs included), {differ} not equal, {wrong} "
            f"wrong.  Written by `scripts/check/oracle_sources_table.py`; *checks* to *refused* count every "
            f"comparison but round-trip and the interpreter's, which have their own columns.")
    if files:
        head += f"  Left out: {', '.join(files)} (files written by hand to reproduce a class)."
    return "\n".join([BEGIN, head, "", *table(t), "", "Classes still wrong or refused, most frequent first:", "",
                      *classes_left(t, most), END])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tallies", type=Path, nargs="+")
    ap.add_argument("--at", required=True, help="the jlir commit that compared")
    ap.add_argument("--records", required=True, help="the records compared (a path or glob, as text)")
    ap.add_argument("--doc", type=Path, help="the page to update between its markers")
    ap.add_argument("--classes", type=int, default=30, help="how many classes left to list (wrong ones first)")
    a = ap.parse_args(argv)
    total, files = merged(a.tallies)
    text = render(total, a.at, a.records, a.classes, files)
    if a.doc is None:
        print(text)
        return 0
    page = a.doc.read_text(encoding="utf-8")
    if BEGIN not in page or END not in page:
        print(f"oracle_sources_table: {a.doc} has no markers {BEGIN!r} … {END!r}", file=sys.stderr)
        return 1
    before, rest = page.split(BEGIN, 1)
    after = rest.split(END, 1)[1]
    tmp = a.doc.with_suffix(".tmp")
    tmp.write_text(before + text + after, encoding="utf-8")
    os.replace(tmp, a.doc)
    print(f"oracle_sources_table: {a.doc} updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
