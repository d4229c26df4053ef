"""A lean loop over Lark's LALR table.

Lark builds the table (from grammar/julia_ir.lark, strict: no conflicts) and
says what each reduction does (the rule's alias or name picks the `_Build`
callback; `?rule` passes a single child through; `[x]` adds None
placeholders; `_rule` children are spliced into their parent).  Its own
driver looks each reduction's callback up by `Rule` and runs it through a
chain of wrapper objects; state and symbol keys are `Token`s, whose equality
is a Python method.  This driver resolves all of that once, when the table
is loaded, into plain tuples keyed by interned strings:

* a unit reduction that passes its child through (`?expr: pair`, the
  precedence chain every operand climbs) only moves to the goto state;
* a `_rule` (Lark's expansion of `x (COMMA x)*`) builds a plain list that
  the parent splices in, instead of a `Tree`;
* every other reduction calls the `_Build` method with exactly the children
  Lark would pass it;
* with a `programs` memo, a sequence of token types parsed before is replayed
  from its recorded shifts and reductions, without looking at the table.

`tests/syntax/statement/test_driver.py` checks that both drivers build the same values on the
statements and types of the fixtures.
"""
from __future__ import annotations

import sys

from lark import Lark, Token
from lark import __version__ as LARK_VERSION
from lark.parsers.lalr_analysis import Shift

from jlir.ir.errors import JlirError

# The Lark series whose parse-table layout this driver was written against (pyproject.toml pins the same).
TESTED_LARK = (1, 3)

# How a reduction builds its value (the first element of a reduce action).
_PASS = 0      # `?rule` with one child: the child itself
_CALL = 1      # the callback, with the popped children as they are
_FILTER = 2    # the callback, with children spliced (`_rule` lists) and None placeholders added
_LIST = 3      # a `_rule`: a list of its children, spliced into the parent


class LarkLayoutError(JlirError):
    """Lark's parser objects are not laid out as this driver reads them (a Lark release changed its internals)."""


_RULE_OPTIONS = ("expand1", "keep_all_tokens", "empty_indices", "template_source")


def check_lark_layout(lark: Lark) -> None:
    """Raise LarkLayoutError, saying what changed, unless `lark` holds what `LALRDriver` reads: the LALR parser
    at `lark.parser.parser.parser` with `parse_table` (`states`, `start_states`, `end_states`) and `callbacks`,
    actions as `(Shift, state)` or `(Reduce, rule)` pairs, rules with `expansion`, `origin`, `alias` and the
    options `_reduction` mirrors from lark.parse_tree_builder."""
    def fail(what: str):
        raise LarkLayoutError(f"Lark {LARK_VERSION} changed the parse-table layout jlir's LALR driver reads "
                              f"(written for Lark {'.'.join(map(str, TESTED_LARK))}.x): {what}")
    try:
        parser = lark.parser.parser.parser
        table, callbacks = parser.parse_table, parser.callbacks
    except AttributeError as e:
        fail(f"no LALR parser at `lark.parser.parser.parser` with `parse_table` and `callbacks` ({e})")
    for name in ("states", "start_states", "end_states"):
        if not isinstance(getattr(table, name, None), dict):
            fail(f"the parse table has no dict `{name}`")
    if not all(isinstance(k, int) for k in table.states):
        fail("parse-table states are not numbered by ints")
    kinds = set()
    for actions in table.states.values():
        for action in actions.values():
            if not (isinstance(action, tuple) and len(action) == 2):
                fail(f"an action is {action!r}, not an (action, argument) pair")
            kinds.add(action[0])
            if action[0] is not Shift:
                rule = action[1]
                missing = [a for a in ("expansion", "origin", "alias", "options") if not hasattr(rule, a)]
                missing += [f"options.{o}" for o in _RULE_OPTIONS if not hasattr(getattr(rule, "options", None), o)]
                if missing:
                    fail(f"a reduce action's rule has no {', '.join(missing)}")
                if rule not in callbacks:
                    fail("`callbacks` is not keyed by the reduce actions' rules")
    if Shift not in kinds or len(kinds) != 2:
        fail(f"the actions are {sorted(map(str, kinds))}, expected exactly Shift and one reduce kind")


class DriverError(Exception):
    """No action for `token` in the current state: `expected` names the terminals that had one."""

    def __init__(self, token, expected: tuple[str, ...]):
        super().__init__(f"unexpected {token.type}")
        self.token = token
        self.expected = expected


def _is_separated_list(rule) -> bool:
    """Whether `rule` is one of Lark's expansions of `(COMMA x)*` or `(COMMA x)+`: its commas are left out of
    the list it builds (every callback that receives such a list drops its COMMA tokens anyway), so that a call
    with 100,000 arguments holds a list of its arguments, not of twice as many items (memory on huge inputs)."""
    name = rule.origin.name
    return name.startswith("__") and ("_star_" in name or "_plus_" in name)


def _reduction(rule, callbacks, transformer, maybe_placeholders: bool):
    """(kind, callback, layout) for one rule, mirroring lark.parse_tree_builder.ParseTreeBuilder."""
    expansion = rule.expansion
    options = rule.options
    expand_single = options.expand1 and not rule.alias
    empty = options.empty_indices if maybe_placeholders else ()
    if empty:
        bits = "".join(str(int(b)) for b in empty)
        nones = [len(ones) for ones in bits.split("0")]
    else:
        nones = [0] * (len(expansion) + 1)
    include, pending = [], 0
    separated = _is_separated_list(rule)
    for i, sym in enumerate(expansion):
        pending += nones[i]
        if separated and sym.is_term and sym.name == "COMMA":
            continue
        if options.keep_all_tokens or not (sym.is_term and sym.filter_out):
            include.append((i, not sym.is_term and sym.name.startswith("_"), pending))
            pending = 0
    pending += nones[len(expansion)]
    plain = not empty and len(include) == len(expansion) and not any(splice for _, splice, _ in include)
    name = rule.alias or options.template_source or rule.origin.name
    method = getattr(transformer, name, None) if transformer is not None else None
    if method is not None and getattr(method, "visit_wrapper", None) is not None:
        return _CALL, callbacks[rule], None  # a v_args-wrapped callback: Lark's own wrapper chain
    if plain and expand_single and len(expansion) == 1:
        return _PASS, None, None
    if str(rule.origin.name).startswith("_") and method is None:
        return _LIST, None, (None if plain else (tuple(include), pending))
    if method is None:
        return _CALL, callbacks[rule], None  # no callback: Lark's default (a Tree)
    if plain and not expand_single:
        return _CALL, method, None
    return _FILTER, method, (tuple(include), pending, expand_single)


def _filtered(children, include, pending):
    out = []
    for i, splice, nones in include:
        if nones:
            out += [None] * nones
        if splice:
            if out and len(children[i]) > len(out):  # a long list (a call of 100,000 arguments) is not copied:
                spliced = children[i]                 # what precedes it is put in front (memory on huge inputs)
                spliced[:0] = out
                out = spliced
            elif out:
                out += children[i]
            else:  # left recursion (`_rule: _rule COMMA x`): extend the list built so far
                out = children[i]
        else:
            out.append(children[i])
    if pending:
        out += [None] * pending
    return out


class LALRDriver:
    """Runs Lark's LALR table for one of its start symbols over a token iterator."""

    def __init__(self, lark: Lark):
        check_lark_layout(lark)
        parser = lark.parser.parser.parser
        table, callbacks = parser.parse_table, parser.callbacks
        transformer = lark.options.transformer
        intern = sys.intern
        self.start_states = {intern(str(k)): v for k, v in table.start_states.items()}
        self.end_states = {intern(str(k)): v for k, v in table.end_states.items()}
        reductions = {}
        n_states = max(table.states) + 1
        self.states = states = [None] * n_states
        for state, actions in table.states.items():
            row = {}
            for symbol, (action, arg) in actions.items():
                if action is Shift:
                    row[intern(str(symbol))] = arg  # a shift (terminal) or goto (nonterminal): the next state
                else:
                    rule = arg
                    if rule not in reductions:
                        kind, callback, layout = _reduction(rule, callbacks, transformer, lark.options.maybe_placeholders)
                        reductions[rule] = (kind, len(rule.expansion), intern(str(rule.origin.name)), callback, layout)
                    row[intern(str(symbol))] = reductions[rule]
            states[state] = row
        self._passes: dict[tuple[int, int, str], int] = {}
        self._accepting = frozenset(self.end_states.values())

    def parse(self, tokens, start: str, programs: dict | None = None):
        """The value of `start` over `tokens`, a list ending with Lark's `$END` token (`tokenize(text, end=True)`).

        `programs` (a dict the caller keeps) memoises the parse of each sequence of token types: LALR parsing
        is decided by the token types alone, so a sequence parsed before is replayed from its recorded
        shifts and reductions, without the table.
        """
        if programs is not None:
            key = (start, *[t.type for t in tokens])
            program = programs.get(key)
            if program is not None:
                return _replay(program, tokens)
            record: list | None = []
            value = self._run(tokens, start, record)
            programs[key] = record
            return value
        return self._run(tokens, start, None)

    def _run(self, tokens, start: str, record: list | None):
        """Parse with the table; `record` (if given) receives each shift (None) and value-building reduction."""
        states = self.states
        end_state = self.end_states[start]
        state = self.start_states[start]
        state_stack: list[int] = []  # the state before each value on the value stack
        value_stack: list = []
        push_state, push_value = state_stack.append, value_stack.append
        passes = self._passes
        for token in tokens:
            ttype = token.type
            while True:
                action = states[state].get(ttype)
                if action.__class__ is int:
                    push_state(state)
                    push_value(token)
                    state = action
                    if record is not None:
                        record.append(None)
                    break
                if action is None:
                    raise DriverError(token, _expected(states[state]))
                kind, n, origin, callback, layout = action
                if kind == _PASS:
                    # a run of pass-through reductions (an operand climbing the precedence rules) depends only
                    # on the state under the value, the current state and the lookahead: followed once, then memoised
                    key = (state_stack[-1], state, ttype)
                    state = passes.get(key)
                    if state is None:
                        state = passes[key] = self._pass_run(*key)
                    if state == end_state and ttype == "$END":
                        return value_stack[-1]
                    continue
                if n:
                    base = state_stack[-n]
                    children = value_stack[-n:]
                    del state_stack[-n:]
                    del value_stack[-n:]
                else:
                    base = state
                    children = []
                if kind == _CALL:
                    value = callback(children)
                elif kind == _LIST:
                    value = children if layout is None else _filtered(children, *layout)
                else:
                    include, pending, expand_single = layout
                    children = _filtered(children, include, pending)
                    value = children[0] if expand_single and len(children) == 1 else callback(children)
                push_state(base)
                push_value(value)
                if record is not None:
                    record.append(action)
                state = states[base][origin]
                if state == end_state and ttype == "$END":
                    return value
        raise DriverError(Token("$END", ""), ())  # the tokens did not end with `$END`


    def _pass_run(self, base: int, state: int, ttype: str) -> int:
        """The state after every pass-through reduction that applies in `state` (over `base`) before `ttype`."""
        states = self.states
        while True:
            action = states[state].get(ttype)
            if action is None or action.__class__ is int or action[0] != _PASS \
                    or (ttype == "$END" and state in self._accepting):
                return state
            state = states[base][action[2]]


def _replay(program: list, tokens) -> object:
    """Run a recorded parse over `tokens` (of the same types): shift (None) pushes the next token, a reduction
    builds its value from the values it pops, exactly as `LALRDriver._run` did."""
    stack: list = []
    push = stack.append
    next_token = iter(tokens).__next__
    for action in program:
        if action is None:
            push(next_token())
            continue
        kind, n, origin, callback, layout = action
        if n:
            children = stack[-n:]
            del stack[-n:]
        else:
            children = []
        if kind == _CALL:
            push(callback(children))
        elif kind == _LIST:
            push(children if layout is None else _filtered(children, *layout))
        else:
            include, pending, expand_single = layout
            children = _filtered(children, include, pending)
            push(children[0] if expand_single and len(children) == 1 else callback(children))
    return stack[-1]


def _expected(row) -> tuple[str, ...]:
    return tuple(sorted(s for s in row if s.isupper()))
