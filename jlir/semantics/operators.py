"""Julia's operator table: precedence classes of infix operators and the unary ones.

One table serves the lexer (which token class an operator is) and the
printer (when Julia prints a call infix, and when it adds parentheses).
Numbers follow Julia's own ordering (`Base.operator_precedence`): higher
binds tighter.
"""
from __future__ import annotations

from jlir.semantics.julia_operators import PRECEDENCE as JULIA_PRECEDENCE

PREC_ASSIGN = 1
PREC_PAIR = 2
PREC_COMPARISON = 6
PREC_PIPE = 7
PREC_COLON = 8
PREC_PLUS = 9
PREC_SHIFT = 10
PREC_TIMES = 11
PREC_RATIONAL = 12
PREC_POWER = 13
PREC_DECL = 14  # `::`: a statement with a type suffix is printed at this precedence

# The classes the reader has a token for, filled from Julia's own table (`julia_operators`, written from its parser,
# which numbers them otherwise: comparison 7, `<<` 14 above `*`), plus the word operators.  Left out: the arrows
# (precedence 4), `?`, `&&`, `||` (not infix calls in IR text); `$` (a print's interpolation) and `… ⋮ ⋯`
# (elisions in Julia's displays).
_JULIA_CLASS = {1: PREC_ASSIGN, 2: PREC_PAIR, 7: PREC_COMPARISON, 8: PREC_PIPE, 9: PREC_PIPE, 10: PREC_COLON,
                11: PREC_PLUS, 12: PREC_TIMES, 13: PREC_RATIONAL, 14: PREC_SHIFT, 15: PREC_POWER}
_NOT_READ = frozenset("$ … ⋮ ⋯".split())
_CLASSES: dict[int, list[str]] = {PREC_COMPARISON: ["isa", "in"]}
for _julia, _ops in JULIA_PRECEDENCE.items():
    if _julia in _JULIA_CLASS:
        _CLASSES.setdefault(_JULIA_CLASS[_julia], []).extend(op for op in _ops.split() if op not in _NOT_READ)
PRECEDENCE: dict[str, int] = {op: prec for prec, ops in _CLASSES.items() for op in ops}

# Operators Julia prints prefix when called with one argument.
UNARY_OPS = frozenset("+ - ! ~ ¬ √ ∛ ∜ <: >:".split())

# Infix calls Julia may chain with more than two arguments (`1 + x + 2`).
CHAINABLE = frozenset({"+", "++", "*"})

# Operator symbols that need `:(…)` when quoted or qualified (`Base.:(==)`, not `Base.:==`).
PAREN_QUOTED = frozenset({":", "::", ":=", "=", "==", "===", "=>", "->", "-->", "&&", "||", "...", "."})

# Symbols `show` writes as `:(=)` rather than `:=` (`:...`, `:->`, `:.`, `:&&` stay bare).
SYMBOL_PAREN_QUOTED = frozenset({":", "::", ":=", "=", "==", "===", "=>"})

# Word operators: identifiers that are also infix operators.
WORD_OPS = frozenset({"isa", "in"})

# Subscript and prime suffixes Julia allows on operators (`/ₚ`, `+′`).
OP_SUFFIX_CHARS = "₀₁₂₃₄₅₆₇₈₉ₐₑₒₓₔₕₖₗₘₙₚₛₜ′″‴"


def base_operator(name: str) -> str:
    """The operator without Julia's subscript/prime suffixes (`/ₚ` → `/`)."""
    return name.rstrip(OP_SUFFIX_CHARS) or name


def precedence(name: str) -> int:
    """Infix precedence of `name`, 0 if it is not an infix operator."""
    return PRECEDENCE.get(base_operator(name), 0)


def is_operator(name: str) -> bool:
    """True for names Julia treats as operators (infix or prefix)."""
    b = base_operator(name)
    return b in PRECEDENCE or b in UNARY_OPS


def op_spacing(name: str) -> str:
    """The separator Julia prints around an infix operator: none for `:`, spaces otherwise."""
    return name if name == ":" else f" {name} "


def shown_prefix(name: str, n: int, splat: bool) -> bool:
    """Whether Julia shows a call of the bare operator `name` on `n` arguments, not infix, with the name bare
    (`-(%1, %2, %3)`, `!(a, b)`) rather than in parentheses (`(*)(%1)`): `show_unquoted` of a `:call` passes an
    operator's name to `show_call` as a Symbol, which prints it bare (but `:`), except a normally-binary operator
    on one argument, which it parenthesizes itself (base/show.jl, "1-argument call to normally-binary operator")."""
    return not shown_infix(name, n, splat) and n != 1 and name != ":"


def shown_parenthesized(name: str, n: int, splat: bool) -> bool:
    """Whether Julia shows a call of the bare operator `name` with the name in parentheses (`(*)(%1)`, `(:)(a)`):
    written so with any other count of arguments, the callee is a function value, not the operator's name."""
    return not shown_infix(name, n, splat) and not shown_prefix(name, n, splat)


def shown_infix(name: str, n: int, splat: bool) -> bool:
    """Whether Julia shows a call of the bare operator `name` on `n` arguments infix (`%1 - 1`, `a + b + c`,
    `1:n`) or prefix-unary (`-x`) rather than as `(-)(…)`.  The printer prints such calls so; the reader needs
    the same rule the other way: a `(-)(%1, 1)` in the text cannot be a call of the operator (it would show
    infix), so its callee is a function value."""
    if n == 1:
        return base_operator(name) in UNARY_OPS
    return bool(precedence(name)) and not splat and (n == 2 or (n > 2 and name in CHAINABLE) or (n == 3 and name == ":"))
