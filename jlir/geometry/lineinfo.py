"""Julia's `compute_ir_line_annotations`: the right-hand gutter of a colored IR print, from the line table.

For each statement Julia prints three things derived from its inlining stack
(the chain of line-table entries from the statement's own entry out through
`inlined_at`): the outermost source line when it changes (the left
line-number column), an *annotation* (`│` then one glyph per inlining level:
`│` continuing, `╻` the scope named on this line, `┃` a scope named later,
`╷` a newly opened level) and a *method* name indented by the depth it names.
The printer draws these from the model; the reader runs the same steps to
rebuild a line table that reproduces a printed gutter, so both share this one
implementation (`Annotator`).

Versions differ in two details, both decided by the style:
* 1.0 compares stack entries by line-table index and gives a statement with
  no line info a bare `│`; later versions compare entries by value
  (method, file, line) and let such a statement reuse the previous stack.
"""
from __future__ import annotations

from dataclasses import dataclass

from jlir.ir.function import LineInfo


def inlining_stack(linetable, loc: int) -> tuple[int, ...]:
    """The 1-based line-table indices from the outermost frame to `loc` (empty for `loc == 0`)."""
    stack = []
    while loc:
        stack.append(loc)
        loc = linetable[loc - 1].inlined_at
    return tuple(reversed(stack))


@dataclass(frozen=True, slots=True)
class Annotation:
    """One statement's gutter: `annotation` (`│╻╷`), `method` (indented by the depth it names), `lineno` ('' unless it changed)."""
    annotation: str
    method: str
    lineno: str


@dataclass(frozen=True, slots=True)
class _State:
    last_stack: tuple = ()
    last_printed_depth: int = 0
    last_lineno: int = 0


class Annotator:
    """Julia's annotation loop as a pure step function, so a search can branch on it.

    `method_of(index)`, `file_of(index)` and `line_of(index)` read line-table
    entries (1-based) for the comparisons, `name_of(index)` the method name to
    print; the reader passes functions over a table under construction, the
    printer `Annotator.for_table`.
    """

    def __init__(self, method_of, file_of, line_of, *, by_index: bool, name_of=None):
        self.method_of, self.file_of, self.line_of = method_of, file_of, line_of
        self.name_of = name_of or method_of  # the printed name (method_of may return any comparable key)
        self.by_index = by_index
        self.start = _State()

    @classmethod
    def for_table(cls, linetable: tuple[LineInfo, ...], *, by_index: bool) -> "Annotator":
        return cls(lambda i: linetable[i - 1].method, lambda i: linetable[i - 1].file,
                   lambda i: linetable[i - 1].line, by_index=by_index)

    def _same(self, a: int, b: int) -> bool:
        if self.by_index:
            return a == b
        return (self.method_of(a), self.file_of(a), self.line_of(a)) == (self.method_of(b), self.file_of(b),
                                                                         self.line_of(b))

    def step(self, state: _State, stack: tuple[int, ...]) -> tuple[Annotation, _State, int]:
        """The gutter of a statement with inlining stack `stack` after `state`; also the frame index it names (0: none)."""
        if not stack and not self.by_index:
            stack = state.last_stack  # 1.1+: a statement without line info keeps the previous stack
        if not stack:
            return Annotation("│", "", ""), state, 0
        last = state.last_stack
        lineno = self.line_of(stack[0])
        depth = len(stack) - 1
        x = min(len(last), len(stack))
        mismatch = next((i + 1 for i in range(x) if not self._same(last[i], stack[i])), None)
        if len(last) == len(stack) and mismatch == len(stack):
            # only the innermost frame differs: a new line in the same method is no new scope
            a, b = last[-1], stack[-1]
            if self.method_of(a) == self.method_of(b) and self.file_of(a) == self.file_of(b):
                mismatch = None
        last_depth = (mismatch if mismatch is not None else x + 1) - 1
        printed = state.last_printed_depth
        if min(depth, last_depth) > printed:
            p = printed = min(depth, printed + 1)
        elif len(stack) > len(last) or mismatch is not None:
            p = printed = min(depth, last_depth + 1)
        else:
            p = 0
        out = ["│"]
        stole = False
        if p:
            out.append("│" * (p - 1))
            if p <= last_depth - 1 and mismatch is None:
                out.append("┃" + "│" * max(0, min(depth, last_depth) - p))
            else:
                stole = True
                out.append("╻")
        else:
            out.append("│" * min(depth, last_depth))
        out.append("╷" * max(0, depth - last_depth - stole))
        named = stack[p] if p else 0
        method = " " * p + (self.name_of(named) if p else "")
        shown = str(lineno) if lineno and lineno != state.last_lineno else ""
        new = _State(stack, printed, lineno if lineno else state.last_lineno)
        return Annotation("".join(out), method, shown), new, named


def line_annotations(linetable: tuple[LineInfo, ...], locs, *, by_index: bool) -> list[Annotation]:
    """The gutter of every statement whose line-table index is in `locs`, in order."""
    ann = Annotator.for_table(linetable, by_index=by_index)
    state = ann.start
    out = []
    for loc in locs:
        a, state, _ = ann.step(state, inlining_stack(linetable, loc))
        out.append(a)
    return out
