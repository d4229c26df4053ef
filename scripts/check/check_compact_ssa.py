"""jlir's `compact` against Julia 1.5.3's `compact!` on Julia's own stage prints (pending nodes in place).

    python3 scripts/check/check_compact_ssa.py ~/.cache/jlir/compactssa/stages.jsonl [--show CLASS]

Reads the records scripts/gen/gen_compact_stages.jl writes; for each, reads Julia's pending print, runs
`jlir.edit.IRCode(fn).compact()`, prints it and compares it byte for byte with Julia's `compact!` print.
Prints the share that is byte-exact and the count of each other outcome (refused at reading, refused by the
edit code, different), with the first example of each.

Measured on `gen_compact_stages.jl --every 7 --limit 2000` (678 stage prints with pending nodes, after
`slot2reg` and after `ssa_inlining_pass!`, with and without line info): 59.7% byte-exact before the fixes of
this branch, 82.3% after.  What remains:
* 78 `simple_dce!`: Julia's `finish` turns an unused statement it proves effect-free into `nothing`, its type
  kept (`nothing::Const(true, false)`); deciding effect-freedom needs Julia's lattice.
* 16 refused, "numbered after the N positional statements", and 20 different (a φ edge off by one, `%59` for
  `%60`): try/catch code, where slot2reg's ϒ nodes are inserted `attach_after` (1.5's print shows them before
  their statement, `compact!` places them after it) and the printed pending ids start at N, not N + 1.
* 6 refused, "this rail does not fit … among the pending nodes": the same try/catch prints (a pending ϒ last
  in a block).
"""
from __future__ import annotations

import collections
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's jlir, not the installed one
import jlir  # noqa: E402
from jlir import edit  # noqa: E402


def compact_outcome(pending: str, expected: str) -> tuple[str, str]:
    """(outcome, detail): "exact", "different", "read-refused" or "compact-refused"."""
    try:
        fn = jlir.functions(jlir.parse(pending))[0]
    except Exception as e:  # noqa: BLE001 -- a measuring script: every refusal is an outcome to count
        return "read-refused", str(e).splitlines()[0][:160]
    try:
        got = jlir.format(edit.IRCode(fn).compact())
    except Exception as e:  # noqa: BLE001
        return "compact-refused", f"{type(e).__name__}: {str(e).splitlines()[0][:160]}"
    if got.rstrip("\n") == expected.rstrip("\n"):
        return "exact", ""
    return "different", _first_difference(got, expected)


def _first_difference(got: str, expected: str) -> str:
    for i, (a, b) in enumerate(zip(got.splitlines(), expected.splitlines())):
        if a != b:
            return f"line {i + 1}: jlir {a!r} / julia {b!r}"
    return "length differs"


def main(argv: list[str]) -> int:
    show = argv[argv.index("--show") + 1] if "--show" in argv else None
    counts: collections.Counter = collections.Counter()
    examples: dict[str, str] = {}
    total = 0
    with open(argv[0]) as f:
        for line in f:
            rec = json.loads(line)
            total += 1
            outcome, detail = compact_outcome(rec["pending"], rec["compact"])
            key = outcome if outcome == "exact" else f"{outcome}: {detail[:60]}"
            counts[outcome] += 1
            examples.setdefault(outcome, f"#{rec['n']} {rec['stage']} lines={rec['lines']}: {detail}")
            if show and outcome == show:
                print(f"== #{rec['n']} {rec['mi']} {rec['stage']} lines={rec['lines']}\n{detail}\n{rec['pending']}")
                show = None
            del key
    print(f"{total} stage prints: {counts['exact']} byte-exact ({100 * counts['exact'] / max(total, 1):.1f}%)")
    for outcome, n in counts.most_common():
        if outcome != "exact":
            print(f"  {outcome}: {n}  e.g. {examples[outcome]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
