"""What differs between Julia versions' IR printers, as data.

A `Style` is the range of Julia versions consistent with the evidence in a
dump (`lo`..`hi`); every printing decision that changed between versions is a
property computed from it.  The printer asks the style, never the version
string, so a new Julia release means a new row here, not new printer code.
"""
from __future__ import annotations

from dataclasses import dataclass

Version = tuple[int, int]

OLDEST: Version = (1, 0)
NEWEST: Version = (1, 14)
# Julia 0.7-DEV's first SSA IR printer (early to mid 2018, before 0.7.0/1.0 put `#` on block numbers): `%%2`
# arguments, `goto 6`, φ edges `4 => %3`, `$(Expr(:enter, 5))`, the type on used values only.  Below OLDEST, and
# never reached by narrowing: only its own evidence (jlir.syntax.rows.detect) selects it.  0.7.0 printed as 1.0 did.
DEV_0_7: Version = (0, 7)


@dataclass(frozen=True, slots=True)
class Style:
    """The Julia versions whose printer matches a dump; printing follows `hi`, the newest of them."""
    lo: Version = OLDEST
    hi: Version = NEWEST

    @classmethod
    def for_version(cls, version: str | Version) -> "Style":
        """The style of one Julia version, e.g. `Style.for_version("1.5.3")`; `"0.7"` / `"0.7.0-DEV.4800"` is
        0.7-DEV's printer, while the 0.7.0 release (`"0.7.0"`) printed as 1.0 did."""
        if isinstance(version, str):
            parts = version.split(".")
            released = len(parts) > 2 and parts[2].isdigit()
            version = (int(parts[0]), int(parts[1]))
            if version == DEV_0_7 and released:
                version = OLDEST
        return cls(version, version)

    def narrowed(self, lo: Version = OLDEST, hi: Version = NEWEST) -> "Style":
        """This style restricted to `lo..hi`; evidence that contradicts earlier evidence is ignored."""
        new_lo, new_hi = max(self.lo, lo), min(self.hi, hi)
        if new_lo > new_hi:
            return self
        return Style(new_lo, new_hi)

    @property
    def family(self) -> str:
        """A human name for the range: `1.5`, `1.2–1.5`, `1.7+`."""
        def fmt(v):
            return f"{v[0]}.{v[1]}"
        if self.hi == DEV_0_7:
            return "0.7-DEV"
        if self.lo == self.hi:
            return fmt(self.lo)
        if self.hi == NEWEST:
            return fmt(self.lo) + "+"
        return f"{fmt(self.lo)}–{fmt(self.hi)}"

    # --- decisions, one per printer change (see the format spec, §5) ---------------------------
    @property
    def curly_sep(self) -> str:
        """DataType parameters: `Tuple{A,B}` up to 1.5, `Tuple{A, B}` from 1.6 (#37085)."""
        return "," if self.hi <= (1, 5) else ", "

    @property
    def dict_pair_sep(self) -> str:
        """`show` of an `AbstractDict`: `Dict{Int32,Symbol}(4 => :a,2 => :b)` up to 1.5 (its `print(io, ',')`,
        read in 1.5.3's base/dict.jl and seen in 1.5.3's Base dumps); `, ` in later sources."""
        return "," if self.hi <= (1, 5) else ", "

    @property
    def dev_0_7(self) -> bool:
        """0.7-DEV's printer (`DEV_0_7`)."""
        return self.hi < OLDEST

    @property
    def block_prefix(self) -> str:
        """Before a block number in `goto`, a φ edge and `enter`: `#` from 0.7.0/1.0, nothing in 0.7-DEV
        (`print(io, "goto ", stmt.dest, …)`, `"$e => $v"` in its base/compiler/ssair/show.jl)."""
        return "" if self.hi < OLDEST else "#"

    @property
    def argument_prefix(self) -> str:
        """An argument: `_2` from 1.0 (a slot number), `%%2` (or `%%x` by name) in 0.7-DEV's `print_ssa`."""
        return "%%" if self.hi < OLDEST else "_"

    @property
    def types_used_only(self) -> bool:
        """0.7-DEV's IRCode printer puts `::T` after used values only (`should_print_ssa_type(stmt) && idx in
        used`); from 1.0 every statement of typed IR shows its type (@code_warntype keeps the used-only rule)."""
        return self.hi < OLDEST

    @property
    def paren_globalref_callee(self) -> bool:
        """`(Base.add_int)(x, 1)` in 1.0–1.1; `Base.add_int(x, 1)` from 1.2 (#30966), and in 0.7-DEV's own
        printer (its `print_ssa` prints the callee with `print`: `Main.:>(%3, 0)`)."""
        return OLDEST <= self.hi <= (1, 1)

    @property
    def codeinfo_line_column(self) -> bool:
        """1.0's CodeInfo starts every line with a line-number column."""
        return self.hi <= (1, 0)

    @property
    def codeinfo_branch_edges(self) -> bool:
        """Whether a CodeInfo's `┄` counts conditional-branch edges: not in 1.0 (its `Expr(:gotoifnot)` escaped
        `compute_basic_blocks`; read off real 1.0 output, e.g. `17 ─` after `goto #17 if not %33`)."""
        return self.hi != (1, 0)

    @property
    def gutter_stacks_by_index(self) -> bool:
        """The right-hand gutter compares inlining stacks by line-table index, and a statement without line info
        gets a bare `│`, up to 1.11; from 1.12 (new debuginfo, #52415) frames compare by value and such a
        statement keeps the previous stack."""
        return self.hi <= (1, 11)

    @property
    def location_close_quote(self) -> str:
        """``within `f'`` up to 1.6, ``within `f` `` from 1.7 (#40885)."""
        return "'" if self.hi <= (1, 6) else "`"

    @property
    def ircode_rails_grey(self) -> bool:
        """Colour: 1.6+ draws IRCode's rails with the statement printer it shares with CodeInfo, in grey
        (`printstyled(…; color=bb_color)`, `bb_color=:light_black`); 1.5's own IRCode printer `print`s them plain
        (Base's show.jl of both; 1.5.3 checked, 1.6+ read off the source only).  Colour is not in a plain
        dump's text, so here the text must show 1.6+ (`lo`), not merely allow it: jlir's colours stay 1.5.3's,
        the ones checked against Julia, for a dump of unknown version."""
        return self.lo > (1, 5)

    @property
    def bare_return_nothing(self) -> bool:
        """Up to 1.5 a literal `nothing` return prints as a bare `return`."""
        return self.hi <= (1, 5)

    @property
    def enter_as_expr(self) -> bool:
        """`$(Expr(:enter, #4))` up to 1.10, `enter #4` from 1.11 (#52300)."""
        return self.hi <= (1, 10)

    @property
    def ircode_blank_tail(self) -> bool:
        """From 1.7 an IRCode print ends with a spaces-only line and no newline."""
        return self.hi >= (1, 7)

    @property
    def argument_show_prefix(self) -> str:
        """How an `Argument` shows inside `$(Expr(…))`: `Core.Compiler.Argument(2)` up to 1.5."""
        return "Core.Compiler.Argument" if self.hi <= (1, 5) else "Core.Argument"

    @property
    def cfg_block_listing(self) -> bool:
        """`CFG with N blocks:` from 1.9 (#46985); `1\\t=>\\t2` before."""
        return self.hi >= (1, 9)

    @property
    def warntype_layout(self) -> str:
        """`body` (1.0–1.1: `Body::T` only), `variables` (1.2–1.6), `instance` (1.7+: MethodInstance header)."""
        if self.hi <= (1, 1):
            return "body"
        if self.hi <= (1, 6):
            return "variables"
        return "instance"

    def to_json(self) -> dict:
        return {"family": self.family, "lo": list(self.lo), "hi": list(self.hi)}

    @classmethod
    def from_json(cls, d: dict) -> "Style":
        return cls(tuple(d["lo"]), tuple(d["hi"]))
