"""Reading the statement lines of one dump (any form) into statements, blocks and a line table.

`read_body` finds the dump's columns (jlir.syntax.rows.stmtlines), reads each
statement's text once per document (jlir.syntax.rows.statements), numbers pending
nodes, builds the blocks from the rails, and reads the line info the dump
shows: a line-number column, location lines (jlir.syntax.rows.debuginfo) or a
right-hand gutter (jlir.syntax.rows.gutter).  Nothing about the layout is kept: the
printer recomputes it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from jlir.ir.function import Block, Statement
from jlir.ir.nodes import Expr, takes_type_suffix
from jlir.ir.style import Style
from jlir.ir.walk import scanned_uses, values
from jlir.ir.values import GlobalRef
from jlir.geometry.labels import LABEL_FIRST
from jlir.geometry.linecolumn import line_column_table
from jlir.syntax.rows import debuginfo
from jlir.syntax.rows import gutter
from jlir.syntax.rows.catchedges import catch_entry
from jlir.syntax.rows.context import Context
from jlir.syntax.rows.nested import opens_nested
from jlir.syntax.rows.detect import text_style, with_facts
from jlir.syntax.rows.excerptrows import HEAD as ELIDED_HEAD
from jlir.syntax.statement.numerals import numeral_slot_reads
from jlir.syntax.rows.pending import inserted_only, number_pending, pending_nodes, unfaithful_rail
from jlir.syntax.rows.stmtlines import FIRST_RAIL, Dump, Split, StmtLine, split_label, split_statement_lines
from jlir.syntax.rows.text import has_suffix, may_hold_quoted_code, open_brackets
from jlir.syntax.errors import ParseError


_DASHES = re.compile("─*")


@dataclass(frozen=True, slots=True)
class Body:
    """What the statement lines of a dump give: the IR, the style they show, and a tool's left column."""
    stmts: tuple
    blocks: tuple
    linetable: tuple
    style: Style
    typed: bool
    screen: object = None             # Screen of a right-hand gutter (jlir.syntax.rows.gutter)
    left_values: tuple | None = None  # per positional statement, the text of a tool's left column
    catch_entry: bool | tuple = True  # IR.catch_entry, read off the catch blocks' rails (jlir.syntax.rows.catchedges)


def read_body(ctx: Context, start: int, end: int, *, codeinfo: bool, text: str, warntype: bool = False,
              tail_present: bool | None = None, left: tuple[str, int, int] | None = None) -> Body:
    """Read lines `start..end-1` (statement lines and location lines) of one dump.

    `left` = (kind, width, start): the lines start with `width` columns of which `start..width` is a
    column a tool's line-info printer wrote (before it: line numbers): `costs`
    (`print_statement_costs`) or `escapes` (EscapeAnalysis's `code_escapes`); its values come back
    in `Body.left_values`.
    """
    # a colored print's right-hand gutter: stripped here (the lines then read as usual), rebuilt with the line info
    found = gutter.split_gutter(ctx.lines, start, end, text=text)
    first, col = _first_rail(ctx, start, end, left)
    dashes = _DASHES.match(ctx.lines[first], col + 3).end() - (col + 3)  # (no copy of a long first line kept)
    style, quoted, enter = text_style(text, codeinfo=codeinfo, rules=ctx.style_rules(codeinfo)), may_hold_quoted_code(text), \
        "enter" in text
    del text  # what the statements need of the text is taken: it is not held while they are read (memory on huge inputs)
    dump = Dump(start, end, codeinfo, warntype, style, quoted, tail_present, left, found, col, 1 + dashes, first)
    split = split_statement_lines(ctx.source, dump)
    # (a `throw_undef_if_not` or `undefcheck` row may be pending where no printed id shows it: read row by row)
    plain = split.rows is not None and (codeinfo or not any(r and inserted_only(r[6]) for r in split.rows()))
    body = _assemble_plain(ctx, dump, split) if plain else None
    if body is None:
        if split.rows is not None:
            split = split_statement_lines(ctx.source, dump, plain=False)
        body = _assemble(ctx, dump, split)
    if body.style.paren_globalref_callee:
        _check_paren_callees(ctx, body.stmts, start, end)
    if enter:  # a catch block's rail tells whether the IR's CFG holds Julia's extra catch edge
        branch_edges = not codeinfo or body.style.codeinfo_branch_edges
        entry = catch_entry(ctx.lines, start, end, dump.col, body.stmts, body.blocks, branch_edges)
        if entry is not True:
            body = replace(body, catch_entry=entry)
    return body


def check_blank_tail(ctx: Context, body: Body, j: int) -> None:
    """A located error when line `j`, read as the blank tail line 1.7+ ends an IRCode print with, follows a screen
    capture whose rows were trimmed of trailing blanks: such a capture holds no row of blanks (its tail would be
    an empty line), so the line could not be printed back as read."""
    if body.screen is not None and body.screen.trimmed:
        raise ctx.error("a line of blanks after a display whose rows were trimmed of their trailing blanks: a "
                        "trimmed capture shows no such line", j, len(ctx.lines[j]))


def _check_paren_callees(ctx: Context, stmts, start: int, end: int) -> None:
    """Julia 1.0–1.1 print a module's function called in parentheses (`(Base.add_int)(x, 1)`, read as a name);
    a bare `Base.add_int(x, 1)` is 1.2+'s (#30966), and would print back parenthesized and read back as another
    callee, so a dump dated 1.0–1.1 that shows one is refused on its line."""
    for st in stmts:
        for v in values(st.node):
            if type(v) is Expr and v.head == "call" and v.args and type(v.args[0]) is GlobalRef \
                    and v.args[0].module is not None:
                g = v.args[0]
                shown = f"{g.module}.{g.name}("
                k = next((k for k in range(start, end) if shown in ctx.lines[k]), start)
                raise ctx.error(f"`{shown}…)` unparenthesized is Julia 1.2+'s print, but this dump shows Julia "
                                "1.0–1.1's layout, which prints the callee in parentheses: a line was edited",
                                k, max(ctx.lines[k].find(shown), 0))


def _first_rail(ctx: Context, start: int, end: int, left) -> tuple[int, int]:
    """(index, line-number column width) of block 1's first line: after a tool's left column if it has one."""
    lines = ctx.lines
    if left is not None:
        first = next((k for k in range(start, end) if FIRST_RAIL.match(lines[k], left[1])), None)
        if first is not None:
            return first, left[1]
    first = next((k for k in range(start, end) if FIRST_RAIL.match(lines[k])), None)
    if first is None:
        if start >= end:
            at = max(start - 1, 0)
            raise ctx.error("this dump has no statements", at, len(lines[at]))
        raise ctx.error("expected the first statement of block 1 (`1 ─ …`)", start)
    return first, len(FIRST_RAIL.match(lines[first]).group(1) or "")


def _assemble_plain(ctx: Context, dump: Dump, split: Split) -> Body | None:
    """The common dump in one pass over `split.rows`: no location lines, no statement spanning lines, no pending
    nodes (nor a row only slot2reg inserts).  None as soon as a line is anything else or does not read."""
    rows, L, col, start, block, warntype = split.rows, split.L, dump.col, dump.start, ctx.block, dump.warntype
    typed = dump.warntype or (not dump.codeinfo) or any(row is not None and has_suffix(row[6]) for row in rows())
    statement = ctx.statements.statement
    quoted = dump.quoted
    blocks, stmts, linenos, printed = [], [], [], []
    block_no, block_first, labelled = 0, None, False
    for pos, row in enumerate(rows(), 1):
        if row is None:  # a line that is not a plain statement line
            return None
        head, end_rail, start_rail, _, sid, spaces, body = row
        printed.append(bool(sid))
        if sid and (len(sid) + len(spaces) - 1 != L or int(sid) != pos):
            return None  # misaligned, or a printed id other than its position (a pending node)
        if col:
            head = head.strip()
            if head and not (head.isascii() and head.isdigit()):
                return None
            linenos.append(head)
        if quoted and may_hold_quoted_code(body) and open_brackets(body) > 0 or opens_nested(body):
            return None  # quoted code or a nested CodeInfo continues on the next lines
        if start_rail:
            if int(start_rail[:start_rail.index(" ")]) != block_no + 1:
                return None
            if block_first is not None:
                blocks.append(block(block_first, pos - 1))
            block_no += 1
            block_first = pos
        elif block_first is None:
            return None
        label = None
        if body[:1] in LABEL_FIRST:
            label, at = split_label(body, 0)
            if label is not None:
                body, labelled = body[at:], True
        # @code_warntype prints `::T` only after used values: on an unused line `::T` is the expression's
        try:
            # (no column: a statement that does not read makes this None, and the line-by-line reading locates it
            # among the dump's other errors, in its order of checks)
            stmts.append(statement(ctx, label, body, typed and not (warntype and not sid), warntype,
                                   start + pos - 1, 0))
        except ParseError:
            return None
        if end_rail:
            blocks.append(block(block_first, pos))
            block_first = None
    if block_first is not None:
        blocks.append(block(block_first, len(stmts)))
    if warntype and _unfaithful_ssa_column(printed, stmts, True) is not None:
        return None  # the line-by-line reading locates it
    if typed and _untyped_unlike_typed_code(dump, stmts, (row[6] for row in rows())) is not None:  # not all at once
        return None
    style = with_facts(dump.style, _style_facts(dump, labelled))
    linetable = ()
    if col:
        linetable, stmts = line_column_table(linenos, stmts, [True] * len(stmts))
    return Body(tuple(numeral_slot_reads(stmts)), tuple(blocks), linetable, style, typed)


def _check_escape_symbols(ctx: Context, stmt_lines, positional_of, start: int) -> None:
    """`code_escapes` prints each symbol as `rpad(sym, 2), " "`: a symbol with a blank in it or longer than two
    characters could not be printed back in its column, so it is refused where it stands."""
    for s, pos in zip(stmt_lines, positional_of):
        sym = ctx.lines[s.index][start:start + 3].strip()
        if pos is not None and (len(sym) > 2 or " " in sym):
            raise ctx.error(f"expected an escape symbol (`◌`, `X`, `↑′`, …) padded to 3 columns, got {sym!r}",
                            s.index, start)


def _left_linenos(ctx: Context, stmt_lines, start: int) -> list[str]:
    """The line number left of a tool's column on each statement line: blank or 1–18 ASCII digits (Julia's own
    `lpad(line)`), else a located error (a letter there had reached the line-table search's `int`)."""
    linenos = []
    for s in stmt_lines:
        text = ctx.lines[s.index][:start]
        lineno = text.strip()
        if lineno and not (lineno.isascii() and lineno.isdigit() and len(lineno) <= 18):
            raise ctx.error(f"expected a line number (digits) or blanks before the tool's column, got {lineno!r}",
                            s.index, len(text) - len(text.lstrip()))
        linenos.append(lineno)
    return linenos


def _assemble(ctx: Context, dump: Dump, split: Split) -> Body:
    """Any dump, from its statement lines read one by one: pending nodes, blocks, a tool's left column, line info."""
    stmt_lines = split.stmt_lines
    typed = dump.warntype or (not dump.codeinfo) or any(has_suffix(s.body) for s in stmt_lines)
    parsed = _read_statements(ctx, dump, stmt_lines, typed)
    column = dump.col and dump.gutter is None and dump.left is None   # 1.5's line numbers: one per print group
    pending = pending_nodes([s.printed_id for s in stmt_lines], [s.rail for s in stmt_lines],
                            [inserted_only(s.body) for s in stmt_lines],
                            [s.lineno for s in stmt_lines] if column else None,
                            None if dump.codeinfo else [s.body for s in stmt_lines])
    if (dump.codeinfo or dump.left is not None) and any(pending):
        # a CodeInfo is one flat statement vector, and a tool's column (costs, escapes) one entry per statement
        s = stmt_lines[pending.index(True)]
        raise ctx.error("a statement numbered out of order (only a plain IRCode print shows pending nodes): "
                        "a line was deleted, added or edited", s.index, s.body_col)
    attach = [False] * len(stmt_lines)
    if dump.gutter is not None:  # a gutter marks each statement's print group: it tells pending nodes apart
        grouped = gutter.print_groups(stmt_lines, dump.gutter[2])
        if grouped is not None:
            pending, attach = grouped
    stmts, blocks, positional_of = _place(ctx, dump, stmt_lines, parsed, pending, attach)
    bad_rail = unfaithful_rail([s.rail for s in stmt_lines], stmts, blocks) if any(pending) else None
    if bad_rail is not None:
        raise ctx.error("this rail does not fit the statement's place among the pending nodes of its print group "
                        "(only the final line of a block's last statement shows `└──`): a line was deleted, added or "
                        "edited", stmt_lines[bad_rail].index, dump.col)
    bad = _unfaithful_ssa_column([s.printed_id is not None for s in stmt_lines], stmts, dump.warntype)
    if bad is not None:
        raise ctx.error(bad[1], stmt_lines[bad[0]].index, stmt_lines[bad[0]].body_col)
    bad = _untyped_unlike_typed_code(dump, stmts, (s.body for s in stmt_lines)) if typed else None
    if bad is not None:
        raise ctx.error("in typed code a statement without `::T` prints in parentheses, as before a `::T` "
                        "(`(a = b)`): this one shows neither, a line was edited", stmt_lines[bad].index,
                        stmt_lines[bad].body_col)
    style = with_facts(dump.style, _style_facts(dump, any(s.label for s in stmt_lines)))
    screen = left_values = None
    linenos = [s.lineno for s in stmt_lines]
    if dump.left is not None:
        kind, width, start = dump.left
        lines = ctx.lines
        left_values = tuple(lines[s.index][start:width].strip()
                            for s, pos in zip(stmt_lines, positional_of) if pos is not None)
        linenos = _left_linenos(ctx, stmt_lines, start)
        if kind == "escapes":
            _check_escape_symbols(ctx, stmt_lines, positional_of, start)
    if dump.left is not None and not any(linenos) and dump.gutter is None:
        linetable = ()
    elif dump.gutter is not None:
        linetable, stmts, screen = gutter.read_line_info(ctx.source, dump.gutter, style.gutter_stacks_by_index,
                                                         dump.start, stmt_lines, linenos, stmts, positional_of)
    elif any(kind == "loc" for kind, _ in split.lines_info):
        linetable, stmts = debuginfo.read_locations(ctx.source, split.lines_info, stmt_lines, stmts, positional_of,
                                                    dump.W)
    elif dump.col:
        linetable, stmts = line_column_table(linenos, stmts, positional_of)
    else:
        linetable = ()
    return Body(tuple(numeral_slot_reads(stmts)), tuple(blocks), linetable, style, typed, screen, left_values)


def _read_statements(ctx: Context, dump: Dump, stmt_lines: list[StmtLine], typed: bool) -> list[Statement]:
    """The Statement of each statement line, read once per document (errors located in the line)."""
    statement, warntype = ctx.statements.statement, dump.warntype
    # @code_warntype prints `::T` only after used values: on an unused line `::T` is the expression's
    return [statement(ctx, s.label, s.body, typed and not (warntype and s.printed_id is None), warntype, s.index,
                      s.body_col) for s in stmt_lines]


def _place(ctx: Context, dump: Dump, stmt_lines, parsed, pending, attach):
    """(statements, blocks, positional number of each printed statement or None) from the rails: pending nodes
    get their printed id (or one after the positional statements) and no position."""
    blocks, block_no, pos = [], 0, 0
    block_first = None
    stmts, positional_of = [], []
    start_index = 0
    for s, st, is_pending, after in zip(stmt_lines, parsed, pending, attach):
        if s.rail == "start":
            if s.block != block_no + 1:
                raise ctx.error(f"expected block {block_no + 1} here (blocks are numbered in order from 1)",
                                s.index, dump.col)
            if block_first is not None:
                blocks.append(_block(ctx, dump, block_first, pos, start_index))
            start_index = s.index
            block_no += 1
            block_first = pos + 1  # a pending node may carry the label: the block starts at the next statement
        if is_pending:
            stmts.append(Statement(st.node, st.type, 0, s.label, s.printed_id if s.printed_id is not None else -1,
                                   attach_after=after))
            positional_of.append(None)
            continue
        pos += 1
        if block_first is None:
            raise ctx.error("a statement before the first block", s.index, dump.col)
        stmts.append(st)
        positional_of.append(pos)
        if s.rail == "end":
            blocks.append(_block(ctx, dump, block_first, pos, start_index))
            block_first = None
    if block_first is not None:
        blocks.append(_block(ctx, dump, block_first, pos, start_index))
    return number_pending(stmts, pos), blocks, positional_of


def _block(ctx: Context, dump: Dump, first: int, last: int, index: int) -> Block:
    """Block `first..last`; a located error when it holds no positional statement (only pending nodes), which
    Julia never prints (every block of a CFG holds a statement) and jlir could not print back."""
    if last < first:
        raise ctx.error("this block holds no statement of its own, only pending nodes: a line was deleted, added "
                        "or edited", index, dump.col)
    return Block(first, last)


def _unfaithful_ssa_column(printed: list[bool], stmts, warntype: bool) -> tuple[int, str] | None:
    """(index, why) of the first statement whose number would not print back as read; None when there is none.

    Julia prints `%N = ` before the values the IR uses only.  A pending node printed with an unused id would
    print back without it, as a positional statement; `@code_warntype` also prints the type of used values
    only, so there any mismatch would print back otherwise.  Pending nodes are numbered after the positional
    statements (`length(stmts) + k`), each once.  "Uses" are those Julia's printer counts (`scan_ssa_use!`, as
    jlir's printer does): not an assignment's left-hand side, nor a value nested in an argument.
    """
    used, pos = {i for st in stmts for i in scanned_uses(st.node)}, 0
    npositional = sum(1 for st in stmts if st.new_id is None)
    seen: set[int] = set()
    # a typed `@code_warntype` (`ssavaluetypes` inferred) prints `::T` after every used value whose node takes one
    # (`should_print_ssa_type`); an uninferred one (an OpaqueClosure's) prints no type at all; an excerpt's elided
    # row (`$(Expr(:jlir_elided, …))` while read: jlir.syntax.lenient.excerpt) shows what its author left of it
    typed_warntype = warntype and any(st.type is not None for st in stmts)
    for i, (shown, st) in enumerate(zip(printed, stmts)):
        if typed_warntype and shown and st.type is None and takes_type_suffix(st.node) and not _elided(st.node):
            return i, ("a typed `@code_warntype` prints `::T` after every value the IR uses, but this statement has "
                       "none: a line was edited")
        if st.new_id is None:
            pos += 1
        elif st.new_id <= npositional or st.new_id in seen:
            return i, (f"a pending node (its number out of order) is numbered after the {npositional} positional "
                       "statements, each number once: a line was deleted, added or edited")
        else:
            seen.add(st.new_id)
        is_used = (pos if st.new_id is None else st.new_id) in used
        if shown != is_used and (warntype or st.new_id is not None and not is_used):
            what = ("`@code_warntype` prints `%N = ` and a type exactly for the values the IR uses" if warntype
                    else "a pending node is printed with `%N = ` only when its value is used")
            return i, (f"{what}, but this statement's value {'is not used' if shown else 'is used'}: "
                       "a line was deleted, added or edited")
    return None


def _untyped_unlike_typed_code(dump: Dump, stmts, bodies) -> int | None:
    """The index of the first statement of typed code that shows no `::T` and is not printed as typed code prints
    it: at the precedence of a `::T` after it (`(a = b)`, Julia's `print_stmt` with `show_type`, and jlir's
    printer).  Julia shows every such statement's type, so only an edit makes one (a lowered line given a `::`).
    Not in `@code_warntype` and 0.7-DEV's IRCode, which print the type of used values only."""
    if dump.warntype or dump.style.dev_0_7:
        return None
    for i, (st, body) in enumerate(zip(stmts, bodies)):
        if st.type is None and takes_type_suffix(st.node) and not _elided(st.node) \
                and not _prints_as_typed_code(st.node, body):
            return i
    return None


_PRINTERS: list = []


def _prints_as_typed_code(node, text: str) -> bool:
    if not _PRINTERS:
        from jlir.semantics.operators import PREC_DECL
        from jlir.syntax.statement.shown import shown_printers
        _PRINTERS.extend((PREC_DECL, *shown_printers()))
    prec, *printers = _PRINTERS
    return any(p.unquoted(node, prec) == text for p in printers)


def _elided(node) -> bool:
    return type(node) is Expr and node.head == ELIDED_HEAD


def _style_facts(dump: Dump, labelled: bool) -> tuple:
    """What the layout shows about the Julia version, as (lo, hi) facts for `with_facts`."""
    extra = []
    if labelled:  # call labels came with 1.12
        extra.append(((1, 12), Style().hi))
    if dump.codeinfo and dump.col and dump.left is None:
        extra.append(((1, 0), (1, 0)))
    if dump.tail_present is not None or not dump.codeinfo and dump.left is None:
        extra.append(((1, 7), Style().hi) if dump.tail_present else (Style().lo, (1, 6)))
    return tuple(extra)
