"""Julia's own verdict on every distinct type printed in the Julia 1.5.3 fixtures: the reference for
tests/analysis/test_stability.py's classifier test.

Usage: python3 scripts/gen/gen_type_verdicts.py [BASE_CORPUS] > tests/data/stability-type-verdicts-1.5.3.json

Collects the text of every statement and return type of the typed forms
(typed, typed-unoptimized, ircode, warntype) of the fixtures, and of the
`@code_typed` corpus of Base that scripts/gen/gen_base_corpus.jl writes
(BASE_CORPUS, default ~/.cache/jlir/base-corpus-1.5.3.txt, skipped when
absent; each CodeInfo parsed alone), as jlir prints them, leaving out
lattice elements (`Core.Compiler.Const(…)`: no `Type`, not judged by Julia)
and the upper-cased types of warntype; Julia 1.5.3 evaluates each text in
Main and answers as `@code_warntype` colours it (InteractiveUtils'
`warntype_type_printer`): not flagged unless `!Base.isdispatchelem(T) || T ==
Core.Box`, then yellow for a Union that `Base.is_expected_union`, else red.
Texts that do not evaluate in a bare Main (closure and user types, types of
stdlib modules Main does not name) are left out.
Output: {type text: "red" | "yellow" | null}, sorted.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jlir
from jlir.ir import types as T
from jlir.printer.exprs import ExprPrinter

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "fixtures" / "julia-1.5.3"
JULIA = Path.home() / ".cache" / "jlir" / "julia-1.5.3" / "bin" / "julia"
FORMS = ("typed", "typed-unoptimized", "ircode", "warntype")
PROGRAM = r"""
for line in eachline(stdin)
    text = JSON_UNQUOTE(line)
    t = try
        Core.eval(Main, Meta.parse(text))
    catch
        nothing
    end
    t isa Type || continue
    flagged = !Base.isdispatchelem(t) || t == Core.Box
    colour = !flagged ? "none" : t isa Union && Base.is_expected_union(t) ? "yellow" : "red"
    println(line, "\t", colour)
end
"""


BASE_CORPUS = Path.home() / ".cache" / "jlir" / "base-corpus-1.5.3.txt"


def functions(base_corpus: Path):
    for path in sorted(FIXTURES.glob("*.txt")):
        if path.name.split(".")[1] in FORMS:
            yield from jlir.functions(jlir.parse_file(path))
    if base_corpus.exists():
        for chunk in base_corpus.read_text(encoding="utf-8").split("\n\nCodeInfo("):
            text = chunk if chunk.startswith("CodeInfo(") else "CodeInfo(" + chunk
            try:
                yield from jlir.functions(jlir.parse(text.rstrip("\n") + "\n"))
            except jlir.ParseError:
                continue  # a reader gap, not this script's concern: its types are simply not collected


def type_texts(base_corpus: Path) -> list[str]:
    texts = set()
    for f in functions(base_corpus):
        p = ExprPrinter(f.style)
        types = [s.type for s in f.stmts] + [f.return_type]
        types += [f.header.body_type] if f.header is not None else []
        for t in types:
            if t is None or type(t) is T.TypeHighlighted or T.is_lattice_element(t):
                continue
            texts.add(p.type(t))
    return sorted(texts)


def main() -> int:
    texts = type_texts(Path(sys.argv[1]) if len(sys.argv) > 1 else BASE_CORPUS)
    # Each text goes to Julia as one JSON string per line; Julia 1.5 has no JSON reader, so `unescape_string`
    # of the quoted body reads it back (type texts hold no escapes beyond `\"`).
    program = "JSON_UNQUOTE(line) = unescape_string(line[2:end-1])\n" + PROGRAM
    run = subprocess.run([str(JULIA), "-e", program], input="\n".join(json.dumps(t) for t in texts) + "\n",
                         capture_output=True, text=True)
    if run.returncode != 0:
        sys.stderr.write(run.stderr)
        return run.returncode
    verdicts = {}
    for line in run.stdout.splitlines():
        quoted, colour = line.rsplit("\t", 1)
        verdicts[json.loads(quoted)] = None if colour == "none" else colour
    json.dump(verdicts, sys.stdout, indent=1, sort_keys=True, ensure_ascii=False)
    sys.stdout.write("\n")
    print(f"{len(verdicts)} of {len(texts)} type texts evaluated", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
