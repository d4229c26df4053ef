"""A lean loop over Lark's LALR table.

Lark builds the table (from grammar/julia_ir.lark, strict: no conflicts) and
the reduce callbacks (its tree builder around jlir's `_Build` transformer).
Its own driver looks each reduction's callback up by `Rule`, whose hash and
equality are Python methods, several times per token; on statement bodies
that is most of the parse time.  This driver resolves every action once, when
the table is loaded, into plain tuples, and otherwise does exactly what
Lark's `ParserState.feed_token` does.  `tests/test_driver.py` checks that both
drivers build the same values on every fixture.
"""
from __future__ import annotations

from lark import Lark, Token
from lark.parsers.lalr_analysis import Shift

_SHIFT, _REDUCE = 0, 1


class DriverError(Exception):
    """No action for `token` in the current state: `expected` names the terminals that had one."""

    def __init__(self, token, expected: tuple[str, ...]):
        super().__init__(f"unexpected {token.type}")
        self.token = token
        self.expected = expected


class LALRDriver:
    """Runs Lark's LALR table for one of its start symbols over a token iterator."""

    def __init__(self, lark: Lark):
        parser = lark.parser.parser.parser
        table, callbacks = parser.parse_table, parser.callbacks
        self.start_states = dict(table.start_states)
        self.end_states = dict(table.end_states)
        self.states = {}
        for state, actions in table.states.items():
            row = {}
            for symbol, (action, arg) in actions.items():
                if action is Shift:
                    row[symbol] = (_SHIFT, arg, None, None)
                else:
                    row[symbol] = (_REDUCE, len(arg.expansion), arg.origin.name, callbacks[arg])
            self.states[state] = row

    def parse(self, tokens, start: str):
        states = self.states
        end_state = self.end_states[start]
        state_stack = [self.start_states[start]]
        value_stack: list = []
        for token in _ending(tokens):
            ttype = token.type
            while True:
                row = states[state_stack[-1]]
                try:
                    kind, arg, origin, callback = row[ttype]
                except KeyError:
                    raise DriverError(token, tuple(sorted(s for s in row if s.isupper()))) from None
                if kind is _SHIFT:
                    state_stack.append(arg)
                    value_stack.append(token)
                    break
                if arg:
                    children = value_stack[-arg:]
                    del state_stack[-arg:]
                    del value_stack[-arg:]
                else:
                    children = []
                value_stack.append(callback(children))
                state_stack.append(states[state_stack[-1]][origin][1])
                if ttype == "$END" and state_stack[-1] == end_state:
                    return value_stack[-1]


def _ending(tokens):
    """The tokens, then Lark's `$END`."""
    token = None
    for token in tokens:
        yield token
    yield Token("$END", "", start_pos=(token.end_pos if token is not None and token.end_pos else 0))
