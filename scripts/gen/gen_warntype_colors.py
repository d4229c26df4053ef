"""Which values Julia's `@code_warntype` colours red or yellow, per fixture case: the reference for tests/analysis/test_stability.py.

Usage: python3 scripts/gen/gen_warntype_colors.py > tests/data/stability-warntype-colors-1.5.3.json

For every case of fixtures/julia-1.5.3/MANIFEST.json with a warntype form, Julia
1.5.3 evaluates the case source in a fresh module and prints `code_warntype`
with `:color => true`; this script reads the SGR code before each `::T`:
`ESC[91m ESC[1m` (`error_color()`, bold) is red, `ESC[33m ESC[1m` (`warn_color()`,
bold) yellow, `ESC[36m` (cyan) a type Julia does not flag.  The uncoloured
fixture shows only that a type is flagged (upper-cased), not which colour:
this records the colour.  Output: {case: {value: "red"|"yellow"}}, with values
named as in jlir's report (`%7`, a slot name, `return`), flagged ones only.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "fixtures" / "julia-1.5.3"
JULIA = Path.home() / ".cache" / "jlir" / "julia-1.5.3" / "bin" / "julia"
SEP = "=====JLIR-CASE "
PROGRAM = r"""
using InteractiveUtils
for (name, file, fn, argtypes) in CASES
    m = Module(Symbol(name))
    Core.eval(m, :(using InteractiveUtils))
    Base.include_string(m, read(file, String), basename(file))
    println(SEP, name)
    kw = match(r"^var\"#(.+)##kw\"\(\)$", fn)  # the keyword sorter of `shift`, `var"#shift##kw"()`
    f = kw === nothing ? Core.eval(m, Meta.parse(fn)) : Core.kwfunc(getfield(m, Symbol(kw[1])))
    code_warntype(IOContext(stdout, :color => true), f, Core.eval(m, Meta.parse(argtypes)))
end
"""
COLOR = {"\x1b[91m\x1b[1m": "red", "\x1b[33m\x1b[1m": "yellow", "\x1b[36m": None}
TYPE_AT = re.compile(r"(\x1b\[91m\x1b\[1m|\x1b\[33m\x1b\[1m|\x1b\[36m)::")
ANSI = re.compile(r"\x1b\[[0-9;]*m")
SSA_LINE = re.compile(r"^\S*\s*(?:\d+\s*)?\S*\s*%(\d+)\s+=")


def julia_program(cases: list[tuple[str, str, str, str]]) -> str:
    rows = ", ".join(f"({json.dumps(n)}, {json.dumps(str(REPO / f))}, {json.dumps(fn)}, {json.dumps(a)})"
                     for n, f, fn, a in cases)
    return f"const SEP = {json.dumps(SEP)}\nconst CASES = [{rows}]\n" + PROGRAM


def value_of(line: str) -> str | None:
    """The value a coloured line types: `Body` → return, `  name::T` → the slot, `%n = …` → `%n`."""
    plain = ANSI.sub("", line)
    if plain.startswith("Body::"):
        return "return"
    if plain.startswith("  ") and "::" in plain and not plain.lstrip().startswith(("%", "(")):
        return plain.split("::", 1)[0].strip()
    m = re.search(r"%(\d+)\s+=", plain)
    return f"%{m.group(1)}" if m else None


def colours(text: str) -> dict:
    out: dict = {}
    case = None
    for line in text.splitlines():
        if line.startswith(SEP):
            case = line[len(SEP):]
            out[case] = {}
            continue
        hits = TYPE_AT.findall(line)
        colour = COLOR[hits[-1]] if hits else None
        value = value_of(line) if colour else None
        if value:
            out[case][value] = colour
    return out


def main() -> int:
    manifest = json.loads((FIXTURES / "MANIFEST.json").read_text())
    cases = sorted((n, c["file"], c["function"], c["argtypes"]) for n, c in manifest["cases"].items()
                   if (FIXTURES / f"{n}.warntype.txt").exists())
    run = subprocess.run([str(JULIA), "-e", julia_program(cases)], capture_output=True, text=True)
    if run.returncode != 0:
        sys.stderr.write(run.stderr)
        return run.returncode
    json.dump(colours(run.stdout), sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
