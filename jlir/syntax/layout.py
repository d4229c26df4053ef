"""Reading a text: find each dump, recognise its form and style, and split its lines into columns.

The columns of a statement line are fixed by the dump as a whole
(`[line-number column][rail][inline indent] [SSA column][label][body][::T]`),
so a cheap scan reads them with string slicing; only the body and the type go
to the Lark grammar (jlir.syntax.grammar).  Nothing about the layout is kept:
the printer recomputes it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir.function import (Block, CFGListing, Document, Form, Function, LineInfo, Statement, VectorDisplay,
                              WarntypeHeader)
from jlir.ir.style import Style
from jlir.geometry.gcpause import gc_paused
from jlir.geometry.labels import LABEL_FIRST as _LABEL_FIRST, LABEL_RX as _LABEL_RX, LABELS as _LABELS
from jlir.syntax import costs, debuginfo, escapes, foreign, gutter, stmtvector
from jlir.syntax.detect import detect_style
from jlir.syntax.errors import ParseError
from jlir.syntax.grammar import BodyError, StatementParser
from jlir.syntax.templates import compile_filler, numbers, template, template_text

_CODEINFO_OPEN = re.compile(r"( *)CodeInfo\($")
_THUNK_OPEN = ":($(Expr(:thunk, CodeInfo("
_CODEINFO_CLOSE = re.compile(r"\)(?: => (.*))?$")
_VECTOR_HEADER = re.compile(r"\d+-element .+:$")
_FIRST_RAIL = re.compile(r"(\d* +)?1 [─┄]")
_CFG_HEADER = re.compile(r"CFG with (\d+) blocks:$")
_CFG_BLOCK = re.compile(r"  bb (\d+) \((?:stmt (\d+)|stmts (\d+):(\d+))\)(?: → bb (.*))?$")
_CFG_OLD = re.compile(r"(\d+)\t=>\t(.*)$")
_SSA_COLUMN = re.compile(r"%(\d+)( +)= ")
_WARNTYPE_STARTS = ("MethodInstance for ", "Variables", "Arguments", "Body::")
_SECTION_ENTRY = re.compile(r"  (.+?)(::| = | <: )(.*)$")
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


@dataclass(slots=True)
class _StmtLine:
    """One statement line, split into its columns (positions are 0-based in `text`)."""
    index: int               # line index in the document
    rail: str                # "start", "mid", "end"
    block: int               # block number on a "start" rail
    lineno: str              # text of the line-number column, stripped
    depth: int               # inline indent (number of `│` after the rail)
    printed_id: int | None   # `%N` of the SSA column, None when unused
    label: str | None
    body: str
    body_col: int


@lru_cache(maxsize=64)
def _lines_rx(col: int, W: int, L: int):
    """`_columns_rx` for whole lines of a text (multi-line mode): the line-number column (`col` wide), rail,
    indent, SSA column and the rest of the line (label, body and type)."""
    return re.compile(f"^(.{{{col}}})" + _columns_rx(W, L).pattern + "(.*)$", re.M)


@lru_cache(maxsize=64)
def _columns_rx(W: int, L: int):
    """The rail (`W + 2` wide), inline indent, separating space and SSA column (`L + 4` wide) of a well-formed
    statement line, as one regex: `_read_columns` slices a line with it, and reads a line it does not match
    column by column (which finds what is wrong with it)."""
    starts = "|".join(f"\\d{{{d}}} [─┄]─{{{W - d}}}" for d in range(1, W + 1))
    return re.compile(f"(?:│ {{{W + 1}}}|(└─{{{W + 1}}})|({starts}))(│*) (?:%(\\d+)( +)= | {{{L + 4}}})")


class DocumentReader:
    """Reads every dump in a text into a `Document`; raises ParseError with a location on bad input."""

    def __init__(self, text: str, filename: str = "<input>"):
        if "\x1b" in text:
            text = _ANSI.sub("", text)  # colored REPL output: the escapes carry no IR
        self.filename = filename
        self.text = text
        self.lines = text.split("\n")
        self.parser = StatementParser()
        self.statements: dict[tuple, dict] = {}  # (typed, warntype) → statement text → Statement
        self.line_templates: dict[tuple, dict] = {}  # (typed, warntype) → template key → filler (False: none)
        self.blocks: dict[tuple[int, int], Block] = {}

    def block(self, first: int, last: int) -> Block:
        """`Block(first, last)`, one object per distinct block in the document (the model is immutable)."""
        key = (first, last)
        b = self.blocks.get(key)
        if b is None:
            b = self.blocks[key] = Block(first, last)
        return b

    # ------------------------------------------------------------------ errors
    def error(self, message: str, index: int, column: int = 0, expected=()) -> ParseError:
        line = self.lines[index] if 0 <= index < len(self.lines) else ""
        return ParseError(message, file=self.filename, line=index + 1, column=column + 1, text=line,
                          expected=tuple(expected))

    # ------------------------------------------------------------------ document
    def read(self) -> Document:
        with gc_paused():
            try:
                return self._read()
            finally:  # the memo tables, freed while collection is paused: the collection that follows walks less
                self.statements.clear()
                self.line_templates.clear()
                self.blocks.clear()
                self.parser.clear()

    def _read(self) -> Document:
        lines = self.lines
        if "\x00" in self.text:
            bad = next(i for i, l in enumerate(lines) if "\x00" in l)
            raise self.error("binary data: this is not Julia IR text", bad, lines[bad].index("\x00"))
        found = foreign.identify(lines, self.text)
        if found is not None:
            raise self.error(f"not Julia SSA IR that jlir knows: this looks like {found[1]}", found[0])
        items, seps = [], []
        i, last_end, n = 0, -1, len(lines)
        while i < n:
            if not lines[i].strip():
                i += 1
                continue
            seps.append("\n".join([""] * (last_end >= 0) + lines[last_end + 1:i] + [""]))
            item, i = self.read_item(i)
            items.append(item)
            last_end = i - 1
        if not items:
            raise self.error("no Julia IR found: the input is empty" if not "".join(lines).strip()
                             else "no Julia IR found", 0)
        trailing = "\n".join([""] + lines[last_end + 1:])
        return Document(tuple(items), tuple(seps), trailing)

    def read_item(self, i: int):
        """Read the dump starting at line `i`; returns (item, index after it)."""
        line = self.lines[i]
        if _VECTOR_HEADER.match(line):
            return self.read_vector(i)
        if line.startswith(" CodeInfo("):
            # a vector element whose `N-element Vector{Any}:` header was not captured
            return self.read_vector(i, header=False)
        if _CODEINFO_OPEN.match(line) or line == _THUNK_OPEN:
            return self.read_codeinfo(i)
        if line in ("Variables:", "Body:"):
            raise self.error("not Julia SSA IR that jlir knows: this is a pre-0.7 `@code_warntype` print "
                             "(`Variables:`, `Body:` and a `begin … end` body), from before Julia's SSA IR", i)
        if line.startswith(_WARNTYPE_STARTS):
            return self.read_warntype(i)
        if _CFG_HEADER.match(line) or _CFG_OLD.match(line):
            return self.read_cfg(i)
        if _FIRST_RAIL.match(line):
            return self.read_ircode(i)
        if costs.starts_cost_display(self.lines, i):
            return costs.read_cost_display(self, i)
        if escapes.starts_escape_display(self.lines, i):
            return escapes.read_escape_display(self, i)
        raise self.error("not Julia SSA IR that jlir knows: expected `CodeInfo(`, an IRCode statement line "
                         "(`1 ─ …`), a `@code_warntype` header, or a CFG listing", i)

    # ------------------------------------------------------------------ forms
    def read_vector(self, i: int, header: bool = True):
        title = self.lines[i][:-1] if header else None
        items, j = [], i + 1 if header else i
        if j < len(self.lines) and stmtvector.is_element_line(self.lines[j]):
            return stmtvector.read_statement_vector(self, i, header)
        while j < len(self.lines) and _CODEINFO_OPEN.match(self.lines[j]) and self.lines[j].startswith(" "):
            item, j = self.read_codeinfo(j)
            items.append(item)
        if not items:
            raise self.error("a vector display of IR needs its elements: expected ` CodeInfo(` on the next line",
                             min(i + 1, len(self.lines) - 1))
        return VectorDisplay(title, tuple(items)), j

    def read_codeinfo(self, i: int):
        open_line = self.lines[i]
        thunk = open_line == _THUNK_OPEN
        j = i + 1
        lines, n = self.lines, len(self.lines)
        while j < n:
            line = lines[j]
            c = line[:1]
            if c == ")":  # a closing line
                if line == "))))" if thunk else _CODEINFO_CLOSE.match(line):
                    break
            elif not c or c.isspace() and not line.strip():
                raise self.error("unexpected blank line inside `CodeInfo(`: the dump ends before its closing `)`", j)
            j += 1
        else:
            raise self.error("unterminated `CodeInfo(`: expected a closing `)` line", len(self.lines) - 1,
                             len(self.lines[-1]))
        close = _CODEINFO_CLOSE.match(self.lines[j]) if not thunk else None
        return_type = None
        if close and close.group(1) is not None:
            return_type = self.parse_type(close.group(1), j, 5)
        text = "\n".join(self.lines[i:j + 1])
        body = self.read_body(i + 1, j, codeinfo=True, text=text)
        form = Form.TYPED if (return_type is not None or body.typed) else Form.LOWERED
        f = Function(form, body.style, body.stmts, body.blocks, body.linetable, return_type,
                     wrapper="thunk" if thunk else "codeinfo", screen=body.screen)
        return f, j + 1

    def read_ircode(self, i: int):
        j = i
        while j < len(self.lines) and self.lines[j].strip():
            j += 1
        tail = j < len(self.lines) and self.lines[j] != "" and not self.lines[j].strip()
        body = self.read_body(i, j, codeinfo=False, text="\n".join(self.lines[i:j]),
                              tail_present=tail or None)
        end = j + 1 if tail else j
        return Function(Form.IRCODE, body.style, body.stmts, body.blocks, body.linetable, screen=body.screen,
                        tail_dropped=not tail and body.style.ircode_blank_tail), end

    def read_warntype(self, i: int):
        lines = self.lines
        instance = source = None
        sections = []
        j = i
        if lines[j].startswith("MethodInstance for "):
            instance = lines[j][len("MethodInstance for "):]
            j += 1
            if j < len(lines) and lines[j].startswith("  from "):
                source = lines[j][len("  from "):]
                j += 1
        while j < len(lines) and not lines[j].startswith("Body::"):
            title = lines[j]
            if not title or title.startswith(" "):
                if not title:
                    j += 1
                    continue
                raise self.error("expected a section title (`Arguments`, `Locals`, `Variables`) or `Body::T`", j)
            entries = []
            j += 1
            while j < len(lines) and lines[j].startswith("  "):
                m = _SECTION_ENTRY.match(lines[j])
                if not m:
                    raise self.error("expected `  name::Type` in a @code_warntype section", j, 2)
                entries.append((m.group(1), m.group(2), self.parse_type(m.group(3), j, m.start(3), warntype=True)))
                j += 1
            sections.append((title, tuple(entries)))
        if j >= len(lines):
            raise self.error("a @code_warntype print must have a `Body::T` line", len(lines) - 1)
        body_type = self.parse_type(lines[j][len("Body::"):], j, len("Body::"), warntype=True)
        start = j + 1
        k = start
        while k < len(lines) and lines[k].strip() and not lines[k].startswith(_WARNTYPE_STARTS):
            k += 1
        text = "\n".join(lines[i:k])
        body = self.read_body(start, k, codeinfo=True, text=text, warntype=True)
        header = WarntypeHeader(instance, source, tuple(sections), body_type)
        f = Function(Form.WARNTYPE, body.style, body.stmts, body.blocks, body.linetable, header=header,
                     screen=body.screen)
        return f, k

    def read_cfg(self, i: int):
        lines = self.lines
        blocks = []
        m = _CFG_HEADER.match(lines[i])
        if m:
            count = int(m.group(1))
            j = i + 1
            while j < len(lines) and (b := _CFG_BLOCK.match(lines[j])):
                first = int(b.group(2) or b.group(3))
                last = int(b.group(2) or b.group(4))
                succs = tuple(int(s.strip()) for s in b.group(5).split(",")) if b.group(5) else ()
                blocks.append((first, last, succs))
                j += 1
            if len(blocks) != count:
                raise self.error(f"the CFG header announces {count} blocks, but {len(blocks)} follow",
                                 j if j < len(lines) else len(lines) - 1)
            return CFGListing(detect_style(lines[i]), tuple(blocks)), j
        j = i
        while j < len(lines) and (b := _CFG_OLD.match(lines[j])):
            if int(b.group(1)) != len(blocks) + 1:
                raise self.error(f"expected block {len(blocks) + 1} in the CFG listing", j)
            succs = tuple(int(s.strip()) for s in b.group(2).split(",")) if b.group(2) else ()
            blocks.append((None, None, succs))
            j += 1
        return CFGListing(Style().narrowed(hi=(1, 8)), tuple(blocks)), j

    # ------------------------------------------------------------------ values
    def parse_type(self, text: str, index: int, column: int, warntype: bool = False):
        if warntype and is_highlighted(text):
            return T.TypeHighlighted(text)
        try:
            return self.parser.parse_type(text)
        except BodyError as e:
            raise self.error(f"cannot read this type: {e}", index, column + e.column, e.expected) from None

    # ------------------------------------------------------------------ statement lines
    def read_body(self, start: int, end: int, *, codeinfo: bool, text: str, warntype: bool = False,
                  tail_present: bool | None = None, left: tuple[str, int, int] | None = None) -> "_Body":
        """Read lines `start..end-1` (statement lines and location lines) of one dump.

        `left` = (kind, width, start): the lines start with `width` columns of which `start..width` is a
        column a tool's line-info printer wrote (before it: line numbers): `costs`
        (`print_statement_costs`) or `escapes` (EscapeAnalysis's `code_escapes`); its values come back
        in `_Body.left_values`.
        """
        return _BodyReader(self, start, end, codeinfo=codeinfo, text=text, warntype=warntype,
                           tail_present=tail_present, left=left).read()


@dataclass
class _Body:
    stmts: tuple
    blocks: tuple
    linetable: tuple
    style: Style
    typed: bool
    screen: object = None             # Screen of a right-hand gutter (jlir.syntax.gutter)
    left_values: tuple | None = None  # per positional statement, the text of a tool's left column


class _BodyReader:
    """The statement lines of one dump: columns, pending nodes, blocks and line info."""

    def __init__(self, doc: DocumentReader, start: int, end: int, *, codeinfo: bool, text: str, warntype: bool,
                 tail_present: bool | None, left: tuple[str, int, int] | None = None):
        self.doc = doc
        self.start, self.end = start, end
        self.codeinfo = codeinfo
        self.warntype = warntype
        self.text = text
        self.tail_present = tail_present
        self.left = left

    @property
    def left_kind(self) -> str:
        return self.left[0] if self.left else "lineno"

    def read(self) -> _Body:
        doc, lines = self.doc, self.doc.lines
        # a colored print's right-hand gutter: strip it here (the lines then read as usual), rebuild it in `_line_info`
        self.gutter = gutter.split_gutter(lines, self.start, self.end, text=self.text)
        if self.left is not None:
            cw = self.left[1]
            first = next((k for k in range(self.start, self.end) if _FIRST_RAIL.match(lines[k], cw)), None)
            if first is not None:
                return self._read_from(first, cw)
        first = next((k for k in range(self.start, self.end) if _FIRST_RAIL.match(lines[k])), None)
        if first is None:
            if self.start >= self.end:
                raise doc.error("this dump has no statements", max(self.start - 1, 0), len(lines[max(self.start - 1, 0)]))
            raise doc.error("expected the first statement of block 1 (`1 ─ …`)", self.start)
        m = _FIRST_RAIL.match(lines[first])
        return self._read_from(first, len(m.group(1) or ""))

    def _read_from(self, first: int, col: int) -> _Body:
        lines = self.doc.lines
        self.col = col                              # width of the line-number (or cost) column
        rail_at = self.col + 2
        rest = lines[first][rail_at + 1:]
        self.W = 1 + (len(rest) - len(rest.lstrip("─")))
        if self.gutter is None and self.left is None and first == self.start:
            body = self._read_plain()
            if body is not None:
                return body
        self.lines_info = self._split_lines()
        self.L = self._ssa_width()
        return self._assemble(self._read_all_columns())

    def _read_plain(self) -> _Body | None:
        """The common dump in one pass: every line a well-formed statement line (no location lines, no
        statement spanning lines, no pending nodes, no gutter or tool column).  Gives what `_split_lines`,
        `_read_all_columns` and `_assemble` give for such a dump, without their per-line records; None as
        soon as a line is anything else or does not parse (the general reading then reads the dump, and reports
        the error it finds first)."""
        doc, lines, col, W = self.doc, self.doc.lines, self.col, self.W
        start, end = self.start, self.end
        # `_ssa_width`: every line is a statement line here, so the first one with an SSA column sets it
        L, p0 = 0, col + W + 2
        for k in range(start, end):
            line = lines[k]
            p = p0
            while line.startswith("│", p):
                p += 1
            m = _SSA_COLUMN.match(line, p + 1)
            if m:
                L = len(m.group(1)) + len(m.group(2)) - 1
                break
        self.L = L
        # every line split into its columns by one `findall`; a line it cannot split is left out
        body_text = "\n".join(lines[start:end])
        rows = _lines_rx(col, W, L).findall(body_text)
        if len(rows) != end - start:
            return None
        typed = self.warntype or (not self.codeinfo) or any(_has_suffix(row[6]) for row in rows)
        parser = doc.parser
        memo = doc.statements.setdefault((typed, self.warntype), {})
        quoted = ":(" in body_text
        label_match = _LABEL_RX.match
        block = doc.block
        blocks, stmts, linenos = [], [], []
        block_no, block_first, labelled = 0, None, False
        for pos, (head, end_rail, start_rail, _, sid, spaces, body) in enumerate(rows, 1):
            if sid and (len(sid) + len(spaces) - 1 != L or int(sid) != pos):
                return None  # misaligned, or a printed id other than its position (a pending node)
            if col:
                head = head.strip()
                if head and not head.isdigit():
                    return None
                linenos.append(head)
            if quoted and ":(" in body and open_brackets(body) > 0:
                return None  # quoted code continues on the next lines
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
            if body[:1] in _LABEL_FIRST:
                lm = label_match(body)
                if lm:
                    label = _LABELS[lm.group()]
                    body = body[lm.end() - (len("invoke ") if label.endswith("invoke") else 0):]
                    labelled = True
            # @code_warntype prints `::T` only after used values: on an unused line `::T` is the expression's
            stmt_typed = typed and not (self.warntype and not sid)
            key = body if label is None and stmt_typed == typed else (label, body, stmt_typed)
            st = memo.get(key)
            if st is None:
                pair = self._templated_statement(body, stmt_typed, parser)
                if pair is None:
                    k = start + pos - 1
                    at = len(lines[k]) - len(body)
                    try:
                        pair = self._parse_statement(_StmtLine(k, "", 0, "", 0, None, label, body, at), stmt_typed,
                                                     parser)
                    except ParseError:
                        return None  # the general reading reports the first error, in its order of checks
                st = memo[key] = Statement(pair[0], pair[1], 0, label)
            stmts.append(st)
            if end_rail:
                blocks.append(block(block_first, pos))
                block_first = None
        if block_first is not None:
            blocks.append(block(block_first, len(stmts)))
        self.style = style = detect_style(self.text, codeinfo=self.codeinfo, extra=self._style_facts(labelled))
        linetable = ()
        if col:
            linetable, stmts = _line_numbers(linenos, stmts, [True] * len(stmts))
        return _Body(tuple(stmts), tuple(blocks), linetable, style, typed)

    def _read_all_columns(self) -> list[_StmtLine]:
        """`_read_columns` of every statement line, sliced with one regex where the line is well-formed."""
        lines, col, L = self.doc.lines, self.col, self.L
        match = _columns_rx(self.W, L).match
        label_match = _LABEL_RX.match
        continued = self.continued
        out = []
        for kind, k in self.lines_info:
            if kind != "stmt":
                continue
            line = lines[k]
            m = match(line, col)
            if m is None or k in continued:
                out.append(self._read_columns(k))
                continue
            end, start, bars, sid, spaces = m.groups()
            printed_id = None
            if sid is not None:
                if len(sid) + len(spaces) - 1 != L:
                    out.append(self._read_columns(k))  # misaligned: raises, located
                    continue
                printed_id = int(sid)
            p = m.end()
            label = None
            if line[p:p + 1] in _LABEL_FIRST:
                lm = label_match(line, p)
                if lm:
                    label = _LABELS[lm.group()]
                    p = lm.end()
                    if label.endswith("invoke"):
                        p -= len("invoke ")
            if start is not None:
                rail, block = "start", int(start[:start.index(" ")])
            else:
                rail, block = ("end" if end is not None else "mid"), 0
            out.append(_StmtLine(k, rail, block, line[:col].strip() if col else "", len(bars), printed_id, label,
                                 line[p:], p))
        return out

    def _split_lines(self):
        """Classify each line as a statement line or a location line (`@ file:line within …`)."""
        out = []
        doc, lines, W, col = self.doc, self.doc.lines, self.W, self.col
        self.continued: dict[int, int] = {}  # statement line → last line of a statement spanning lines
        k = self.start - 1
        while k + 1 < self.end:
            k += 1
            line = lines[k]
            rail = line[col:col + W + 2]
            if col and line[:col].strip() and not line[:col].strip().isdigit() and self.left_kind != "escapes":
                raise doc.error("expected a line number or blanks in the line-number column", k)
            if rail.startswith("│") and rail[1:] == " " * (W + 1) or not rail.strip():
                p = col + W + 2
                while p < len(line) and line[p] == "│":
                    p += 1
                after = line[p:p + 2]
                if not rail.strip() or after[:1] in ("┌", "└") or after == " @" or (after[:1] == "" and p > col + W + 2):
                    out.append(("loc", k))
                    continue
            out.append(("stmt", k))
            depth = open_brackets(line) if ":(" in line else 0
            if depth > 0:  # quoted code (`:(if … end)`) continues on the next lines
                first = k
                while depth > 0 and k + 1 < self.end:
                    k += 1
                    depth += open_brackets(lines[k])
                self.continued[first] = k
        return out

    def _ssa_width(self) -> int:
        """`L`: digits of the largest used SSA id, read off the first line that has a `%N = ` column."""
        lines = self.doc.lines
        for kind, k in self.lines_info:
            if kind != "stmt":
                continue
            line = lines[k]
            p = self.col + self.W + 2
            while p < len(line) and line[p] == "│":
                p += 1
            m = _SSA_COLUMN.match(line, p + 1)
            if m:
                return len(m.group(1)) + len(m.group(2)) - 1
        return 0

    def _read_columns(self, k: int) -> _StmtLine:
        doc, W, col, L = self.doc, self.W, self.col, self.L
        line = doc.lines[k]
        rail = line[col:col + W + 2]
        if rail.startswith("│") and rail[1:] == " " * (W + 1):
            kind, block = "mid", 0
        elif rail == "└" + "─" * (W + 1):
            kind, block = "end", 0
        else:
            m = re.match(r"(\d+) ([─┄])(─*)$", rail)
            if not m:
                bad = next((q for q, c in enumerate(rail) if c not in "0123456789 ─┄│└"), 0)
                raise doc.error(f"expected a block rail {W + 2} characters wide (`N ─`, `│`, `└──`)", k, col + bad)
            kind, block = "start", int(m.group(1))
        p = col + W + 2
        depth = 0
        while p < len(line) and line[p] == "│":
            p += 1
            depth += 1
        if line[p:p + 1] != " ":
            raise doc.error("expected a space after the block rail", k, p)
        p += 1
        printed_id = None
        if line.startswith("%", p):
            m = _SSA_COLUMN.match(line, p)
            if not m:
                raise doc.error("expected `%N = ` in the SSA column", k, p)
            if len(m.group(1)) + len(m.group(2)) - 1 != L:
                raise doc.error(f"the SSA column is misaligned (expected it {L + 4} characters wide)", k, p)
            printed_id = int(m.group(1))
            p = m.end()
        else:
            if line[p:p + L + 4].strip() or len(line) < p + L + 4:
                raise doc.error(f"expected `%N = ` or {L + 4} blanks before the statement", k, p)
            p += L + 4
        label = None
        m = _LABEL_RX.match(line, p)
        if m:
            label = _LABELS[m.group()]
            p = m.end()
            if label.endswith("invoke"):
                p -= len("invoke ")
        body = line[p:]
        if k in self.continued:
            body = "\n".join([body] + doc.lines[k + 1:self.continued[k] + 1])
        return _StmtLine(k, kind, block, line[:col].strip(), depth, printed_id, label, body, p)

    # ------------------------------------------------------------------ model
    def _assemble(self, stmt_lines: list[_StmtLine]) -> _Body:
        doc = self.doc
        typed = self.warntype or (not self.codeinfo) or any(_has_suffix(s.body) for s in stmt_lines)
        parser = doc.parser
        # a statement's text (label, body, `::T`) gives one Statement wherever it stands: read once, shared
        memo = doc.statements.setdefault((typed, self.warntype), {})
        parsed = []
        for s in stmt_lines:
            # @code_warntype prints `::T` only after used values: on an unused line `::T` is the expression's
            stmt_typed = typed and not (self.warntype and s.printed_id is None)
            key = s.body if s.label is None and stmt_typed == typed else (s.label, s.body, stmt_typed)
            st = memo.get(key)
            if st is None:
                node, typ = self._parse_statement(s, stmt_typed, parser)
                st = memo[key] = Statement(node, typ, 0, s.label)
            parsed.append(st)
        pending = _pending_nodes([s.printed_id for s in stmt_lines])
        attach = [False] * len(stmt_lines)
        if self.gutter is not None:  # a gutter marks each statement's print group: it tells pending nodes apart
            grouped = gutter.print_groups(stmt_lines, self.gutter[2])
            if grouped is not None:
                pending, attach = grouped
        # blocks over positional statements
        blocks, block_no, pos = [], 0, 0
        block_first = None
        stmts = []
        positional_of = []
        next_new = 0
        for s, st, is_pending, after in zip(stmt_lines, parsed, pending, attach):
            if s.rail == "start":
                if s.block != block_no + 1:
                    raise doc.error(f"expected block {block_no + 1} here (blocks are numbered in order from 1)",
                                    s.index, self.col)
                if block_first is not None:
                    blocks.append(Block(block_first, pos))
                block_no += 1
                block_first = pos + 1  # a pending node may carry the label: the block starts at the next statement
            if is_pending:
                stmts.append(Statement(st.node, st.type, 0, s.label, s.printed_id if s.printed_id is not None else -1,
                                       attach_after=after))
                positional_of.append(None)
                continue
            pos += 1
            if block_first is None:
                raise doc.error("a statement before the first block", s.index, self.col)
            stmts.append(st)
            positional_of.append(pos)
            if s.rail == "end":
                blocks.append(Block(block_first, pos))
                block_first = None
        if block_first is not None:
            blocks.append(Block(block_first, pos))
        stmts = _number_pending(stmts, pos)
        style = detect_style(self.text, codeinfo=self.codeinfo, extra=self._style_facts(any(s.label for s in stmt_lines)))
        self.style = style
        screen = left_values = None
        if self.left is not None:
            kind, width, start = self.left
            left_values = tuple(self.doc.lines[s.index][start:width].strip()
                                for s, pos in zip(stmt_lines, positional_of) if pos is not None)
            for s in stmt_lines:
                s.lineno = self.doc.lines[s.index][:start].strip()
        if self.left is not None and not any(s.lineno for s in stmt_lines) and self.gutter is None:
            linetable = ()
        elif self.gutter is not None:
            linetable, stmts, screen = gutter.read_line_info(self, stmt_lines, stmts, positional_of)
        else:
            linetable, stmts = self._line_info(stmt_lines, stmts, positional_of)
        return _Body(tuple(stmts), tuple(blocks), linetable, style, typed, screen, left_values)

    def _templated_statement(self, text: str, typed: bool, parser: StatementParser):
        """(node, type) of a statement's text (body and `::T`) through its template: the text with its SSA and
        block numbers taken out (`jlir.syntax.templates`), read once per document and filled with each text's
        numbers.  None when the text has no template, or its template does not read (the text itself is then
        read, and any error located) or has numbers in its `::T` (types are read from their own text)."""
        shape = template(text)
        if shape is None:
            return None
        key, pieces = shape
        fillers = self.doc.line_templates.setdefault((typed, self.warntype), {})
        filler = fillers.get(key)
        if filler is None:
            placeholders = template_text(pieces)
            filler = fillers[key] = False
            type_part = split_type_suffix(placeholders)[1] if typed else None
            if type_part is None or ("%-" not in type_part and "#-" not in type_part):
                try:
                    pair = self._parse_statement(_StmtLine(0, "", 0, "", 0, None, None, placeholders, 0), typed,
                                                 parser)
                except ParseError:
                    return None
                f = compile_filler(pair)
                filler = fillers[key] = (lambda nums: pair) if f is None else f
        return filler(numbers(pieces)) if filler else None

    def _style_facts(self, labelled: bool) -> tuple:
        """What the layout shows about the Julia version, as (lo, hi) facts for `detect_style`."""
        extra = []
        if labelled:  # call labels came with 1.12
            extra.append(((1, 12), Style().hi))
        if self.codeinfo and self.col and self.left is None:
            extra.append(((1, 0), (1, 0)))
        if self.tail_present is not None or not self.codeinfo and self.left is None:
            extra.append(((1, 7), Style().hi) if self.tail_present else (Style().lo, (1, 6)))
        return tuple(extra)

    def _parse_statement(self, s: _StmtLine, typed: bool, parser: StatementParser):
        body = s.body
        type_text = None
        if typed:
            body, type_text = split_type_suffix(body)
        try:
            node = parser.parse_stmt(body)
        except BodyError as e:
            raise self.doc.error(f"cannot read this statement: {e}", s.index, s.body_col + e.column,
                                 e.expected) from None
        if type_text is None:
            return node, None
        if not N.takes_type_suffix(node):
            # `return z::Core.Compiler.Const(1, false)`: the `::` belongs to the statement.
            try:
                return parser.parse_stmt(s.body), None
            except BodyError:
                pass
        try:
            typ = T.TypeHighlighted(type_text) if self.warntype and is_highlighted(type_text) \
                else parser.parse_type(type_text)
        except BodyError as e:
            raise self.doc.error(f"cannot read this type: {e}", s.index,
                                 s.body_col + len(body) + 2 + e.column, e.expected) from None
        return node, typ

    def _line_info(self, stmt_lines, stmts, positional_of):
        """Line info: the line-number column (IRCode, 1.0 CodeInfo) or `@ file:line` location lines."""
        has_locations = any(kind == "loc" for kind, _ in self.lines_info)
        if has_locations:
            return debuginfo.read_locations(self.doc, self.lines_info, stmt_lines, stmts, positional_of, self.W)
        if not self.col:
            return (), stmts
        return _line_numbers([s.lineno for s in stmt_lines], stmts, positional_of)


def _line_numbers(linenos: list[str], stmts, positional_of):
    """The line table a line-number column shows (one entry per line number), and the statements with `loc` set."""
    table: dict[int, int] = {}
    linetable = []
    out = list(stmts)
    current = 0
    group_lineno = ""
    for i, (lineno, st, pos) in enumerate(zip(linenos, stmts, positional_of)):
        if pos is None:  # a pending node shows the line of the statement it precedes
            group_lineno = group_lineno or lineno
            continue
        text = group_lineno or lineno
        group_lineno = ""
        if text:
            n = int(text)
            if n not in table:
                linetable.append(LineInfo("", n, ""))
                table[n] = len(linetable)
            current = table[n]
        out[i] = Statement(st.node, st.type, current, st.label, st.new_id)
    return tuple(linetable), out


_BRACKETS = re.compile(r'[()\[\]{}"]|(?<![\w)\]}\'])\'')


def open_brackets(text: str) -> int:
    """How many brackets `text` leaves open (strings and chars skipped); negative when it closes more."""
    opened = text.count("(") + text.count("[") + text.count("{")
    closed = text.count(")") + text.count("]") + text.count("}")
    if opened == closed and '"' not in text and "'" not in text:
        return 0
    depth, pos, n = 0, 0, len(text)
    while True:
        m = _BRACKETS.search(text, pos)
        if m is None:
            return depth
        c, pos = m.group(), m.end()
        if c in "\"'":
            while pos < n and text[pos] != c:
                pos += 2 if text[pos] == "\\" else 1
            pos += 1
        elif c in "([{":
            depth += 1
        else:
            depth -= 1


def is_highlighted(type_text: str) -> bool:
    """1.5's @code_warntype upper-cases a non-concrete type (`UNION{NOTHING, INT64}`, `ANY`)."""
    return type_text.isupper() and sum(c.isalpha() for c in type_text) >= 2


def _has_suffix(body: str) -> bool:
    return split_type_suffix(body)[1] is not None


def split_type_suffix(body: str) -> tuple[str, str | None]:
    """Split `stmt::T` at the last `::` outside brackets, strings and chars; (body, None) if there is none."""
    k = body.rfind("::")
    if k < 0:
        return body, None
    suffix = body[k + 2:]
    if '"' not in body and "'" not in body:
        if (suffix.count("(") == suffix.count(")") and suffix.count("{") == suffix.count("}")
                and suffix.count("[") == suffix.count("]")):
            head = body[:k]
            if head.count("(") == head.count(")") and head.count("{") == head.count("}") \
                    and head.count("[") == head.count("]"):
                return head, suffix
    return _split_type_suffix_slow(body)


def _split_type_suffix_slow(body: str) -> tuple[str, str | None]:
    depth, i, n, last = 0, 0, len(body), -1
    while i < n:
        c = body[i]
        if c == '"':
            i += 1
            while i < n and body[i] != '"':
                i += 2 if body[i] == "\\" else 1
        elif c == "'" and i > 0 and not (body[i - 1].isalnum() or body[i - 1] in ")]}_'"):
            i += 1
            while i < n and body[i] != "'":
                i += 2 if body[i] == "\\" else 1
        elif c in "({[":
            depth += 1
        elif c in ")}]":
            depth -= 1
        elif c == ":" and depth == 0 and body.startswith("::", i):
            last = i
            i += 1
        i += 1
    if last < 0:
        return body, None
    return body[:last], body[last + 2:]


def _pending_nodes(printed_ids: list[int | None]) -> list[bool]:
    """Which printed statements are pending new nodes of an uncompacted IRCode.

    Positional statements are numbered 1, 2, … in print order; a pending node
    printed among them either shows an id that breaks that sequence, or is
    unnumbered and surplus: between two numbered anchors `a` and `b` only
    `b - a - 1` statements can be positional, and Julia prints pending nodes
    just before their anchor, so the surplus is the last ones before `b`.
    """
    n = len(printed_ids)
    pending = [False] * n
    if all(pid is None or pid == i for i, pid in enumerate(printed_ids, 1)):
        return pending  # every printed id is its statement's position: no id breaks the sequence, none is surplus
    anchors = []  # (print index, id) of numbered positional statements
    for i, pid in enumerate(printed_ids):
        if pid is None:
            continue
        if pid > i + 1 or (anchors and pid <= anchors[-1][1]):
            pending[i] = True
        else:
            anchors.append((i, pid))
    prev_i, prev_id = -1, 0
    for i, pid in anchors:
        unnumbered = [k for k in range(prev_i + 1, i) if printed_ids[k] is None]
        slots = pid - prev_id - 1
        for k in unnumbered[max(slots, 0):]:
            pending[k] = True
        prev_i, prev_id = i, pid
    return pending


def _number_pending(stmts: list[Statement], npositional: int) -> list[Statement]:
    """Give unnumbered pending nodes ids after the positional ones (`length(stmts) + k`), skipping printed ids."""
    if not any(s.new_id == -1 for s in stmts):
        return stmts
    taken = {s.new_id for s in stmts if s.new_id is not None and s.new_id > 0}
    next_id = npositional + 1
    out = []
    for s in stmts:
        if s.new_id == -1:
            while next_id in taken:
                next_id += 1
            s = Statement(s.node, s.type, s.loc, s.label, next_id, s.attach_after)
            taken.add(next_id)
        out.append(s)
    return out
