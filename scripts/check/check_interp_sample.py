"""How much of a sample of Base jlir.interp runs, against Julia's own results (scripts/gen/gen_interp_sample.jl).

    julia scripts/gen/gen_interp_sample.jl DIR
    PYTHONPATH=<a jlir checkout> python3 scripts/check/check_interp_sample.py DIR [--forms typed,lowered] [--top 25]

Each method instance of DIR/index.tsv runs in each form on its recorded arguments (read as `jlir run --args`
reads them), its callees asked of a live Julia (`$JLIR_JULIA`, or jlir's Julia cache); each run agrees with
Julia, is refused (`NotInterpretable`, grouped by its innermost reason), or differs (a wrong answer).  Prints the
counts per form and the most common refusal reasons.  PYTHONPATH picks the checkout measured (before/after).
"""
from __future__ import annotations

import argparse
import inspect
import sys
import time
from collections import Counter
from pathlib import Path


def _argument():
    """`jlir run`'s literal reader, this checkout's (a checkout measured before it existed reads them the same)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("_literals", Path(__file__).resolve().parents[2] / "jlir" / "cli"
                                                  / "literals.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.argument


def literal_args(text: str) -> list:
    """The recorded arguments, read afresh.  Two equal vector literals are one array: the generator pairs each
    value with itself as the same object (`deepcopy` keeps that), so `all!(r, A)` with `r === A` is what Julia ran."""
    argument = _argument()
    seen: dict = {}
    out = []
    for a in text.split("|") if text else []:
        if a.endswith("]"):
            if a not in seen:
                seen[a] = argument(a)
            out.append(seen[a])
        else:
            out.append(argument(a))
    return out


def sparams_of(text: str) -> list:
    argument = _argument()
    from jlir.semantics.values import JType
    out = []
    for p in filter(None, text.split(",")):
        try:
            out.append(argument(p))
        except ValueError:
            out.append(JType(p))
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("dir", type=Path)
    ap.add_argument("--forms", default="typed,lowered")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--show-differ", action="store_true")
    ap.add_argument("--examples", action="store_true", help="name one method instance per refusal reason")
    ap.add_argument("--no-julia", action="store_true",
                    help="callees from jlir's built-in Base methods only (jlir.interp.builtin), no Julia started")
    opts = ap.parse_args()
    import jlir
    from jlir import interp
    from jlir.oracle.interp import julia_outcome
    from jlir.oracle.interp import refusal_reason as reason
    from jlir.live import Julia
    from jlir.live.provider import LiveProvider
    jl = Julia(None) if not opts.no_julia else None
    defs = opts.dir / "defs.jl"  # scripts/gen/gen_interp_calls.jl's folders: the calls' own functions, in Main
    if jl is None:
        from jlir.interp.builtin import BaseProvider
        provider = BaseProvider()
    else:
        provider = (LiveProvider(jl, defs=defs.read_text(encoding="utf-8"), defs_name="defs.jl") if defs.is_file()
                    else LiveProvider(jl))
    limits = {"max_steps": 2_000_000}
    if "timeout" in inspect.signature(interp.run).parameters:
        limits["timeout"] = 10.0
    rows = [line.rstrip("\n").split("\t") for line in (opts.dir / "index.tsv").open(encoding="utf-8")]
    table, reasons, differ, examples = {}, Counter(), [], {}
    t0 = time.time()
    for row in rows:
        ident, fname, args, argnames, sparams, kind, rtype, rrepr, isva = (row + [""] * 9)[:9]
        if "vararg" in inspect.signature(interp.run).parameters:
            limits["vararg"] = isva == "true"
        if "name" in inspect.signature(interp.run).parameters:
            limits["name"] = f"Base.{fname}"  # `#self#`, and a recursion on the same types runs the IR itself
        try:
            values = literal_args(args)
        except ValueError:
            continue
        want = julia_outcome((kind, rtype, rrepr))
        for form in opts.forms.split(","):
            counts = table.setdefault(form, Counter())
            try:
                fn = jlir.functions(jlir.parse_file(opts.dir / f"{ident}.{form}.txt"))[0]
                # the arguments afresh for each run: a run may mutate them (`pop!`)
                r = interp.run(fn, literal_args(args), provider, argnames=argnames.split(",") if argnames else [],
                               sparams=sparams_of(sparams), **limits)
            except interp.NotInterpretable as e:
                counts["refused"] += 1
                reasons[reason(str(e))] += 1
                examples.setdefault(reason(str(e)), f"{ident}.{form} {fname}({args})")
                continue
            except Exception as e:  # a crash is worse than a refusal: counted apart
                counts["crashed"] += 1
                reasons[f"CRASH {type(e).__name__}: {str(e)[:60]}"] += 1
                continue
            if r.outcome == want:
                counts["agree"] += 1
            else:
                counts["differ"] += 1
                differ.append(f"{ident} {fname}({args}) {form}: {r.outcome} vs Julia {want}")
    if jl is not None:
        jl.close()
    print(f"{len(rows)} method instances, {time.time() - t0:.0f} s")
    for form, c in table.items():
        total = sum(c.values())
        print(f"{form:10} runs {c['agree']:5} ({100 * c['agree'] / total:.1f}%)  refused {c['refused']:5}  "
              f"differ {c['differ']:3}  crashed {c['crashed']:3}  of {total}")
    print("\nrefusals by reason:")
    for why, n in reasons.most_common(opts.top):
        print(f"{n:6}  {why}" + (f"   [{examples.get(why)}]" if opts.examples else ""))
    if differ:
        print("\ndiffer:" if opts.show_differ else f"\ndiffer: {len(differ)} (--show-differ lists them)")
        if opts.show_differ:
            print("\n".join(differ))
    return 0


if __name__ == "__main__":
    sys.exit(main())
