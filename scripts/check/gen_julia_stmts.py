"""Statements of the random-program generator: blocks of Julia code over typed variables
(scripts/check/gen_programs.py puts them in functions; gen_julia_exprs.py makes the expressions).

Control flow is what people write: `if`/`elseif`/`else`, `for` and `while` loops with `break` and `continue`,
`@goto`/`@label` (forward skips and a counted backward loop), `try`/`catch`/`finally` nested and with `return`
inside, `local` variables assigned on some paths only and read under `@isdefined` (or not: Julia's
`UndefVarError` is compared too), closures that capture and reassign a local (Julia boxes it: `Core.Box`),
`@inbounds` over `eachindex`, `@simd` over integer sums, `@assert`, a macro of the program's own.  Every loop
is bounded by a literal count or a counter, so every program ends quickly.  Variables get fresh names (ASCII and
not: `α3`, `Δt4`), so no name shadows another and scope rules never change a variable's type.
"""
from __future__ import annotations

import random

from gen_julia_exprs import BITS, ELEMENTS, FLOATS, INTS, NUMBERS, Exprs

NAMES = ("v", "acc", "t", "α", "β", "Δt", "x̂", "résumé", "n", "ñ", "k", "σ²", "total", "θ")
IND = "    "


class Ctx:
    """What is in scope where a statement is made: variables by type (definitely or maybe defined), the
    callables (helper functions) by return type, the function's return type, and the loop depth."""

    def __init__(self, rng: random.Random, callables=None, rettype="Int64"):
        self.rng = rng
        self.scopes: list[dict] = [{}]          # name -> type, definitely defined here
        self.maybe: dict = {}                   # name -> type, defined on some paths only
        self.callables = callables if callables is not None else []   # (template, argtypes, rettype)
        self.rettype = rettype
        self.loops = 0
        self.in_finally = False
        self.counter = 0
        self.labels = 0
        self.used: set = set()                  # the callables' templates called so far
        self.frozen: set = set()                # loop counters: read, never assigned by other statements

    def fresh(self, stem: str | None = None) -> str:
        self.counter += 1
        return f"{stem or self.rng.choice(NAMES)}{self.counter}"

    def define(self, name: str, t) -> None:
        self.scopes[-1][name] = t

    def defined_of(self, t) -> list[str]:
        return [n for s in self.scopes for n, u in s.items() if u == t]

    def all_defined(self) -> list[tuple[str, object]]:
        return [(n, u) for s in self.scopes for n, u in s.items()]

    def assignable(self) -> list[tuple[str, object]]:
        return [(n, u) for n, u in self.all_defined() if n not in self.frozen]

    def callables_of(self, t) -> list[tuple[str, tuple]]:
        return [(tpl, args) for tpl, args, r in self.callables if r == t]

    def push(self) -> None:
        self.scopes.append({})

    def pop(self) -> dict:
        return self.scopes.pop()


class Stmts:
    def __init__(self, rng: random.Random, ctx: Ctx, macro: str | None = None):
        self.rng, self.ctx, self.x = rng, ctx, Exprs(rng, ctx)
        self.macro = macro   # the program's own macro, `@name(ex)` doubling an integer expression

    def block(self, n: int, depth: int) -> list[str]:
        out: list[str] = []
        for _ in range(n):
            out += self.statement(depth)
        return out or ["nothing"]

    def statement(self, depth: int) -> list[str]:
        rng = self.rng
        kinds = [(self.assign_new, 5), (self.update, 4)]
        if depth > 0:
            kinds += [(self.if_stmt, 3), (self.for_loop, 3), (self.while_loop, 1), (self.try_stmt, 2),
                      (self.isdefined_stmt, 2), (self.closure_stmt, 2), (self.goto_stmt, 1), (self.vector_stmt, 2),
                      (self.early_return, 1), (self.misc_macro, 1)]
        if self.ctx.loops:
            kinds += [(self.break_continue, 2)]
        f = rng.choices([k for k, _ in kinds], weights=[w for _, w in kinds])[0]
        return f(depth)

    def any_type(self):
        rng = self.rng
        r = rng.random()
        if r < 0.6:
            return rng.choice(BITS)
        if r < 0.75:
            return "Int64"
        if r < 0.85:
            return "String"
        if r < 0.93:
            return ("Vector", rng.choice(ELEMENTS))
        return ("Tuple", tuple(rng.choice(BITS) for _ in range(rng.randint(1, 3))))

    # --- statements ---------------------------------------------------------------------------------------
    def assign_new(self, depth: int) -> list[str]:
        t = self.any_type()
        if isinstance(t, tuple) and t[0] == "Tuple" and len(t[1]) > 1 and self.rng.random() < 0.3:
            value = self.x.make_literal(t)
            parts = [self.ctx.fresh() for _ in t[1]]
            for p, u in zip(parts, t[1]):
                self.ctx.define(p, u)
            return [f"{', '.join(parts)} = {value}"]
        line = f"= {self.x.expr(t, 2)}"
        name = self.ctx.fresh()
        self.ctx.define(name, t)
        return [f"{name} {line}"]

    def update(self, depth: int) -> list[str]:
        names = [(n, t) for n, t in self.ctx.assignable() if isinstance(t, str) and t != "Any"]
        if not names:
            return self.assign_new(depth)
        name, t = self.rng.choice(names)
        if t in NUMBERS and self.rng.random() < 0.5:
            op = self.rng.choice(("+=", "-=", "*=") if t in FLOATS else ("+=", "-=", "*=", "⊻=", "|=", "&=", ">>="))
            rhs = str(self.rng.randint(1, 3)) if op == ">>=" else self.x.expr(t, 1)
            if self.macro and t in INTS and self.rng.random() < 0.2:
                rhs = f"@{self.macro}({rhs})"
            return [f"{name} {op} {rhs}"]
        if t == "String":   # a string updated in nested loops would grow without bound (s = s * s)
            return [f"{name} = first({self.x.expr(t, 2)}, 12)"]
        return [f"{name} = {self.x.expr(t, 2)}"]

    def sub(self, n: int, depth: int, scoped: bool = True) -> list[str]:
        """A nested block, indented; new variables in it are not visible after it when `scoped`, and are
        defined on some paths only otherwise (an `if` branch)."""
        self.ctx.push()
        body = self.block(n, depth - 1)
        inner = self.ctx.pop()
        if not scoped:
            self.ctx.maybe.update(inner)
        return [IND + line for line in body]

    def cond(self) -> str:
        """A condition, mostly one that reads a variable (a literal one would only make dead code)."""
        if self.rng.random() < 0.6:
            return self.rng.choice((self.x.compare, self.x.predicate))("Bool", 1)
        return self.x.expr("Bool", 2)

    def if_stmt(self, depth: int) -> list[str]:
        rng = self.rng
        out = [f"if {self.cond()}"] + self.sub(rng.randint(1, 3), depth, scoped=False)
        for _ in range(rng.choice((0, 0, 1, 2))):
            out += [f"elseif {self.cond()}"] + self.sub(rng.randint(1, 2), depth, scoped=False)
        if rng.random() < 0.6:
            out += ["else"] + self.sub(rng.randint(1, 2), depth, scoped=False)
        return out + ["end"]

    def loop_body(self, n: int, depth: int) -> list[str]:
        self.ctx.loops += 1
        try:
            return self.sub(n, depth)
        finally:
            self.ctx.loops -= 1

    def for_loop(self, depth: int) -> list[str]:
        rng = self.rng
        i, v = self.ctx.fresh("i"), None
        vectors = [n for n, t in self.ctx.all_defined() if isinstance(t, tuple) and t[0] == "Vector"]
        self.ctx.push()
        if vectors and rng.random() < 0.4:
            v = rng.choice(vectors)
            if rng.random() < 0.5:
                self.ctx.define(i, "Int64")
                head = [f"@inbounds for {i} in eachindex({v})"]
            else:
                self.ctx.define(i, dict(self.ctx.all_defined())[v][1])
                head = [f"for {i} in {v}"]
        else:
            self.ctx.define(i, "Int64")
            lo, hi = rng.randint(0, 2), rng.randint(1, 6)
            head = [rng.choice((f"for {i} in {lo}:{hi}", f"for {i} = {lo}:{hi}", f"for {i} in {hi}:-1:{lo}"))]
            if rng.random() < 0.3:
                j = self.ctx.fresh("j")
                self.ctx.define(j, "Int64")
                head = [head[0] + f", {j} in 1:{rng.randint(1, 3)}"]
        iterated = v is not None and head[0].endswith(f" in {v}")
        if iterated and v not in self.ctx.frozen:   # a vector grown while it is iterated never ends
            self.ctx.frozen.add(v)
            body = self.loop_body(rng.randint(1, 4), depth)
            self.ctx.frozen.discard(v)
        else:
            body = self.loop_body(rng.randint(1, 4), depth)
        self.ctx.pop()
        return head + body + ["end"]

    def while_loop(self, depth: int) -> list[str]:
        c = self.ctx.fresh("c")
        out = [f"{c} = 0", f"while {c} < {self.rng.randint(1, 5)} && {self.cond()}", IND + f"{c} += 1"]
        self.ctx.define(c, "Int64")
        self.ctx.frozen.add(c)
        return out + self.loop_body(self.rng.randint(1, 3), depth) + ["end"]

    def break_continue(self, depth: int) -> list[str]:
        word = self.rng.choice(("break", "continue"))
        if self.rng.random() < 0.5:
            return [f"{self.cond()} && {word}"]
        return [f"if {self.cond()}", IND + word, "end"]

    def try_stmt(self, depth: int) -> list[str]:
        rng = self.rng
        out = ["try"] + self.sub(rng.randint(1, 3), depth)
        if rng.random() < 0.3:
            out += [IND + f"{self.cond()} && throw(DomainError({self.x.expr('Int64', 1)}))"]
        if rng.random() < 0.3 and not self.ctx.in_finally:
            out += [IND + f"{self.cond()} && return {self.x.expr(self.ctx.rettype, 1)}"]
        has_catch = rng.random() < 0.8
        if has_catch:
            e = self.ctx.fresh("err")
            out += [f"catch {e}" if rng.random() < 0.7 else "catch"]
            self.ctx.push()
            self.ctx.define(e, "Any")
            body = self.block(rng.randint(1, 2), depth - 1)
            if rng.random() < 0.3:
                body += [f"{e} isa DomainError || rethrow()"] if "catch " in out[-1] else []
            if rng.random() < 0.2 and not self.ctx.in_finally:
                body += [f"return {self.x.expr(self.ctx.rettype, 1)}"]
            self.ctx.pop()
            out += [IND + line for line in body]
        if not has_catch or rng.random() < 0.4:
            saved = self.ctx.loops, self.ctx.in_finally
            self.ctx.loops, self.ctx.in_finally = 0, True
            try:   # no break, continue or return out of a finally block
                out += ["finally"] + self.sub(rng.randint(1, 2), min(depth, 1))
            finally:
                self.ctx.loops, self.ctx.in_finally = saved
        return out + ["end"]

    def isdefined_stmt(self, depth: int) -> list[str]:
        rng = self.rng
        t = rng.choice(NUMBERS)
        u = self.ctx.fresh("u")
        out = [f"local {u}", f"if {self.cond()}", IND + f"{u} = {self.x.expr(t, 1)}", "end"]
        target = rng.choice([(n, s) for n, s in self.ctx.assignable() if s == t] or [(None, None)])
        if target[0] is not None and rng.random() < 0.8:
            out += [f"if @isdefined({u})", IND + f"{target[0]} = {u}", "end"]
        elif rng.random() < 0.85:
            w = self.ctx.fresh()
            out += [f"{w} = @isdefined({u}) ? {u} : {self.x.expr(t, 1)}"]
            self.ctx.define(w, t)
        else:
            w = self.ctx.fresh()
            out += [f"{w} = {u}"]   # UndefVarError on the paths that did not assign it
            self.ctx.define(w, t)
        return out

    def closure_stmt(self, depth: int) -> list[str]:
        rng = self.rng
        nums = [(n, t) for n, t in self.ctx.assignable() if t in INTS or t in FLOATS]
        f = self.ctx.fresh("f")
        if nums and rng.random() < 0.6:
            name, t = rng.choice(nums)   # a captured variable the closure assigns: boxed
            y = self.ctx.fresh("y")
            lines = [f"{f} = {y} -> ({name} += {y}; {name})"]
            calls = [f"{f}({self.x.expr(t, 1)})" for _ in range(rng.randint(1, 2))]
            w = self.ctx.fresh()
            self.ctx.define(w, t)
            return lines + calls[:-1] + [f"{w} = {calls[-1]}"]
        t = rng.choice(NUMBERS)
        y = self.ctx.fresh("y")
        self.ctx.push()
        self.ctx.define(y, t)
        body = self.x.expr(t, 2)
        self.ctx.pop()
        arg = self.x.expr(t, 1)
        w = self.ctx.fresh()
        self.ctx.define(w, t)
        return [f"{f} = {y} -> {body}", f"{w} = {f}({arg})"]

    def goto_stmt(self, depth: int) -> list[str]:
        self.ctx.labels += 1
        label = f"L{self.ctx.labels}"
        if self.rng.random() < 0.5:   # a forward skip over a block
            body = self.sub(self.rng.randint(1, 2), depth)
            return [f"{self.cond()} && @goto {label}"] + [line[len(IND):] for line in body] + [f"@label {label}"]
        c = self.ctx.fresh("c")       # a backward loop, counted
        self.ctx.define(c, "Int64")
        self.ctx.frozen.add(c)
        body = self.sub(self.rng.randint(1, 2), depth)
        return [f"{c} = 0", f"@label {label}", f"{c} += 1"] + [line[len(IND):] for line in body] + \
            [f"{c} < {self.rng.randint(2, 4)} && @goto {label}"]

    def vector_stmt(self, depth: int) -> list[str]:
        rng = self.rng
        vectors = [(n, t) for n, t in self.ctx.assignable() if isinstance(t, tuple) and t[0] == "Vector"]
        if not vectors:
            e = rng.choice(ELEMENTS)
            value = self.x.expr(('Vector', e), 2)
            v = self.ctx.fresh("vec")
            self.ctx.define(v, ("Vector", e))
            return [f"{v} = {value}"]
        v, (_, e) = rng.choice(vectors)
        k = rng.random()
        if k < 0.3:
            return [f"push!({v}, {self.x.expr(e, 1)})"]
        if k < 0.6:
            return [f"isempty({v}) || ({v}[mod1({self.x.expr('Int64', 1)}, length({v}))] = {self.x.expr(e, 1)})"]
        if k < 0.8 and e in ("Int64", "UInt64"):
            s = self.ctx.fresh("s")
            i = self.ctx.fresh("i")
            self.ctx.define(s, e)
            return [f"{s} = zero({e})", f"@simd for {i} in eachindex({v})", IND + f"@inbounds {s} += {v}[{i}]",
                    "end"]
        return [f"sort!({v})" if rng.random() < 0.5 else f"isempty({v}) || pop!({v})"]

    def early_return(self, depth: int) -> list[str]:
        if self.ctx.in_finally:
            return []
        return [f"{self.cond()} && return {self.x.expr(self.ctx.rettype, 1)}"]

    def misc_macro(self, depth: int) -> list[str]:
        rng = self.rng
        if rng.random() < 0.25:
            return [f"@assert {self.cond()} \"assertion {self.ctx.counter}\""]
        t = rng.choice(INTS)
        value = f"@{self.macro}({self.x.expr(t, 1)})" if self.macro else f"@inbounds {self.x.expr(t, 1)}"
        w = self.ctx.fresh()
        self.ctx.define(w, t)
        return [f"{w} = {value}"]
