"""The text of `jlir diff`: a header naming both inputs, the verdict, then per function a listing like a unified
diff, with every statement as Julia prints it and its SSA number on each side.

    --- a.txt  (1 function: typed, Julia 1.0+)
    +++ b.txt  (1 function: typed, Julia 1.12+)
    different: 1 added, 0 removed, 0 changed (0 types), blocks unchanged
    function 1: typed, Julia 1.0+ → typed, Julia 1.12+: different
      style: 1.12 call labels (`intrinsic`, `dynamic`, …) printed by one side only (1)
    @@ A %1–%2, B %1–%3 @@
    + %1: $(Expr(:code_coverage_effect))::Nothing
      %1 → %2 = Base.getindex(A, 1)::Any
      %2 → %3: return %2

Line marks: `-` only in A, `+` only in B, `~` changed (what changed follows, then both lines), `≈` the same IR
spelled differently (listed with `show_style`), blank: unchanged context.  `%3 → %4` is A's number, then B's.
A statement whose value is used shows `%n = `, as Julia prints it; any other `%n: `.
"""
from __future__ import annotations

from jlir.compare.model import DocumentDiff, FunctionDiff, StatementDiff, StatementSide, summary_line

_MARKS = {"same": " ", "style": "≈", "changed": "~", "added": "+", "removed": "-"}


def render_text(d: DocumentDiff, *, context: int = 3, show_style: bool = False) -> str:
    """The whole report; `context` unchanged statements around each change, `show_style` lists the statements
    that differ only in printing style (otherwise they are counted by kind)."""
    lines = [f"--- {d.a.source}  ({_describe(d.a)})", f"+++ {d.b.source}  ({_describe(d.b)})", d.message]
    if d.identical:
        return "\n".join(lines) + "\n"
    several = len(d.functions) > 1
    for f in d.functions:
        lines += _function(f, context, show_style)
        if several and not f.identical:
            lines.append(f"function {f.index}: " + summary_line(f.summary()))
    for side, extra in (("A", d.unpaired_a), ("B", d.unpaired_b)):
        if extra:
            lines.append(f"functions only in {side}: " + ", ".join(map(str, extra))
                         + f" ({d.a.functions} in A, {d.b.functions} in B; paired "
                         + ("by name)" if any(f.name for f in d.functions) else "in order)"))
    lines.append("summary: " + summary_line(d.summary(), d.unpaired_a, d.unpaired_b))
    return "\n".join(lines) + "\n"


def _describe(side) -> str:
    n = side.functions
    text = f"{n} function{'s' if n != 1 else ''}: {side.form}, Julia {side.family}"
    if side.other_items:
        text += "; not compared: " + ", ".join(side.other_items)
    return text


def _function(f: FunctionDiff, context: int, show_style: bool) -> list[str]:
    a, b = f.a, f.b
    named = f" ({f.name})" if f.name else ""
    out = [f"function {f.index}{named}: {a.form.value}, Julia {a.style.family} → {b.form.value}, Julia {b.style.family}: "
           f"{f.outcome}"]
    if f.identical:
        return out
    out += [f"  style: {n.description} ({n.count})" for n in f.style]
    if f.renames:
        out.append("  renamed (generated closure names, paired by position): "
                   + ", ".join(f"{a} → {b}" for a, b in f.renames))
    out += [f"  note: {n}" for n in f.notes]
    if f.orders:
        out.append(f"  reordered (Julia's semantics do not depend on it): {', '.join(f.orders)}; A's statements "
                   "are listed in B's order")
    if f.ignored:
        out.append("  not compared: " + ", ".join(f.ignored))
    out += _listing(f.statements, context, show_style)
    out += _header(f, show_style)
    out += _blocks(f)
    return out


# ---------------------------------------------------------------------------------------------- statements
def _listing(entries: tuple[StatementDiff, ...], context: int, show_style: bool) -> list[str]:
    """Hunks of changed statements with `context` unchanged ones around them, as in a unified diff."""
    shown = [k for k, e in enumerate(entries) if e.op not in ("same", "style") or (show_style and e.op == "style")]
    out: list[str] = []
    for start, end in _hunks(shown, context, len(entries)):
        hunk = entries[start:end]
        out.append(f"@@ A {_range([e.a for e in hunk])}, B {_range([e.b for e in hunk])} @@")
        for e in hunk:
            out += _entry(e) if e.op != "style" or show_style else [_context(e)]
    return out


def _hunks(shown: list[int], context: int, n: int) -> list[tuple[int, int]]:
    spans: list[list[int]] = []
    for k in shown:
        lo, hi = max(0, k - context), min(n, k + context + 1)
        if spans and lo <= spans[-1][1]:
            spans[-1][1] = hi
        else:
            spans.append([lo, hi])
    return [(lo, hi) for lo, hi in spans]


def _range(sides: list[StatementSide | None]) -> str:
    ids = [s.id for s in sides if s is not None]
    if not ids:
        return "none"
    return f"%{ids[0]}" if len(ids) == 1 else f"%{ids[0]}–%{ids[-1]}"


def _line(mark: str, ids: str, s: StatementSide) -> str:
    return f"{mark} {ids}{' = ' if s.used else ': '}{s.text}"


def _ids(e: StatementDiff) -> str:
    if e.a is None or e.b is None:
        return f"%{(e.a or e.b).id}"
    return f"%{e.a.id}" if e.a.id == e.b.id else f"%{e.a.id} → %{e.b.id}"


def _context(e: StatementDiff) -> str:
    return _line(" ", _ids(e), e.b)


def _entry(e: StatementDiff) -> list[str]:
    if e.op == "same":
        return [_context(e)]
    if e.op in ("added", "removed"):
        return [_line(_MARKS[e.op], _ids(e), e.b if e.op == "added" else e.a)]
    what = "; ".join(_aspect(e, k) for k in e.aspects) if e.op == "changed" else "style: " + ", ".join(e.rules)
    return [f"{_MARKS[e.op]} {_ids(e)}: {what}", _line("  -", f"%{e.a.id}", e.a), _line("  +", f"%{e.b.id}", e.b)]


def _aspect(e: StatementDiff, aspect: str) -> str:
    if aspect == "type":
        return f"type {e.a.type} → {e.b.type}"
    if aspect == "label":
        return "call label changed"
    if aspect == "node":
        return "statement changed"
    if aspect == "target":
        return "branch target changed"
    return "operands changed: " + ", ".join(_operand(a, b, c) for a, b, c in e.operands)


def _operand(a: int, b: int, a_in_b: int | None) -> str:
    where = f"A's %{a} is B's %{a_in_b}" if a_in_b is not None else f"A's %{a} has no counterpart in B"
    return f"%{a} → %{b} ({where})"


# ---------------------------------------------------------------------------------------------- header, blocks
def _header(f: FunctionDiff, show_style: bool) -> list[str]:
    out = []
    for what, v in (("return type", f.return_type), ("method instance", f.instance)):
        if v is not None and (v.op == "changed" or show_style):
            out.append(f"{'~' if v.op == 'changed' else '≈'} {what}: {v.a} → {v.b}")
    variables = [v for v in f.variables if v.op != "style" or show_style]
    if variables:
        out.append("variables:")
    for v in variables:
        if v.op in ("added", "removed"):
            out.append(f"{_MARKS[v.op]} {v.name}::{v.a if v.op == 'removed' else v.b}")
        else:
            out.append(f"{_MARKS[v.op]} {v.name}: {v.a} → {v.b}")
    return out


def _blocks(f: FunctionDiff) -> list[str]:
    d = f.blocks
    if not d.changed:
        renumbered = any(a != b for a, b in d.mapping)
        return [f"blocks: unchanged ({d.count_a}{', renumbered' if renumbered else ''})"] \
            if f.outcome == "different" else []
    out = [f"blocks: {d.count_a} → {d.count_b}"]
    if d.removed:
        out.append("- " + ", ".join(f"#{b}" for b in d.removed) + " only in A")
    if d.added:
        out.append("+ " + ", ".join(f"#{b}" for b in d.added) + " only in B")
    out += [f"~ #{a} split: its statements are in {_blocks_text(bs)}" for a, bs in d.split]
    out += [f"~ {_blocks_text(a_blocks)} merged into #{b}" for a_blocks, b in d.merged]
    out += [f"~ #{e.a} → #{e.b}: successors {_blocks_text(e.a_succs)} → {_blocks_text(e.b_succs)}" for e in d.edges]
    return out


def _blocks_text(bs: tuple[int, ...]) -> str:
    return ", ".join(f"#{b}" for b in bs) if bs else "none"
