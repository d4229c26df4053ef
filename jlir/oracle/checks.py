"""Each check of the oracle: jlir's answer from a print against Julia's own answer for the same code.

A check returns an `Outcome`: `equal`; `rule` (different, in a way a named rule documents: `RULES` says why);
`wrong` (different, unexplained: a bug until a rule explains it); or `refused` (jlir declined: it could not
read the print, or a transform raised; the reason is kept).  Julia's side is a record of
`scripts/check/oracle.jl` (one method instance: its prints in every form and Julia's answers).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import jlir
from jlir.oracle.reads import parsed
from jlir import analysis as A
from jlir.ir import nodes as N
from jlir.ir.cfg import CFG
from jlir.ir.errors import JlirError
from jlir.lattice.signature import cache_argtype  # noqa: F401 - the oracle's argument types
from jlir.compare.orders import reordered_like

__all__ = ["Outcome", "RULES", "check_cfg", "check_inlined_cfg", "check_idoms", "check_verify", "check_slots", "check_compact",
           "check_ssa", "ssa_of", "check_adce", "check_sorted_cfg"]

# Differences that are not jlir's mistakes, each with why (the README's "Against Julia" table lists them).
RULES = {
    "verify-stricter": "jlir's verifier reports a problem Julia's verify_ir does not check (see jlir.analysis.verifier)",
    "compact-equivalent": "compact's print differs from compact!'s only in display (jlir diff: equivalent)",
    "ssa-equivalent": "jlir ssa's print differs from slot2reg + compact!'s only in display (jlir diff: equivalent)",
    "simple-dce-lattice": "the same IR but for unused statements Julia's simple_dce! (the end of compact!) turned into "
                          "`nothing`: it proved them effect-free from types the print does not show (an argument's "
                          "type, a struct's field types for %new, a global being defined); jlir keeps them",
    "slot-order": "jlir ssa's IR is slot2reg + compact!'s but for the order of φ, φᶜ or ϒ nodes in a run: slot2reg "
                  "places them in slot-number order, and a slot-form print names its slots without numbers "
                  "(jlir numbers them by first assignment, as lowering does for most; a slot declared `local` "
                  "or a loop's hidden variable is numbered otherwise); checked by reordering them as Julia's",
    "object-or-global": "a statement printed like a global (`%2 = Dates.AMPM::Core.Compiler.Const(Dates.AMPM, "
                        "false)`) that was the type or function object itself, which compact! drops and its uses "
                        "read in place (the inliner puts the object where a call inference folded stood); a "
                        "global bound to it prints alike and is kept (reading it may throw), so the print cannot "
                        "say which; with those statements (or some of them: one function may hold both kinds) "
                        "taken as objects jlir's compact equals compact!'s; the same of a slot assigned such a name "
                        "(a module `@warn` or `@__MODULE__` gives, or `M.Sub` written out) for jlir ssa",
    "negated-literal-or-call": "a statement printed as a negative number (`%12 = -3.0`) that was the call of unary "
                               "minus on the positive literal (`-(3.0)` in the source; `show_unquoted` prints it "
                               "alike), which compact! keeps where it renames a constant into its uses; with those "
                               "statements (or some of them) taken as calls jlir's compact equals compact!'s",
    "split-order": "after type_lift, the same edges but a union split's test blocks list their two successors "
                   "the other way: the split was made by this function's inlining (case first) or came with a "
                   "callee's optimized code (branch target first), and nothing compact! left tells which: "
                   "Julia 1.5.3 prints two such functions as the same bytes (scripts/gen/split_order_pair.jl); "
                   "jlir guesses from the row before the tests",
    "edge-order": "the same edges in another order, where the print does not show Julia's: slot2reg's "
                  "domsort_ssa! leaves a block's predecessors in the order of the block numbers before sorting, "
                  "which the print shows only for an `if` lowered as jumps, and not once compact! has run (a "
                  "block it emptied holds one `nothing`, as a dropped goto's does); an inlined loop's entry edge "
                  "listed after its back edges; right after inlining, a split made here after a non-constant "
                  "global's read, or a callee's split that is its first statement",
    "muladd-contraction": "the interpreter's run differs from Julia's only in a float's last digits, and equals it "
                          "with every muladd_float rounded once: LLVM fused a*b+c into an fma in Julia's compiled "
                          "code, which muladd permits (jlir rounds twice, as Julia's runtime intrinsic does)",
    "dce-weaker": "jlir's dce keeps a statement adce_pass! removes (it cannot prove it dead from the print)",
    "dce-unreachable-blocks": "jlir's dce deletes blocks no path reaches; 1.5's adce_pass! and compact! keep them",
    "dce-mixed": "each removes something the other keeps: adce_pass! dead φ cycles and unused values jlir cannot "
                 "prove dead from the print, jlir's dce unreachable blocks (a report: the interpreter checks "
                 "that neither changes what a function computes)",
}


@dataclass(frozen=True, slots=True)
class Outcome:
    """One comparison: `verdict` is equal, rule, wrong or refused; `detail` the rule's name, the refusal's
    reason or what differs."""
    verdict: str
    detail: str = ""


EQUAL = Outcome("equal")


def _cfg_outcome(ours: CFG, julia: CFG) -> Outcome:
    if ours == julia:
        return EQUAL
    if len(ours) == len(julia) and all(
            (x.first, x.last, sorted(x.preds), sorted(x.succs)) == (y.first, y.last, sorted(y.preds), sorted(y.succs))
            for x, y in zip(ours.blocks, julia.blocks)):
        return Outcome("rule", "edge-order")
    if len(ours) != len(julia):
        return Outcome("wrong", f"{len(ours)} blocks, Julia {len(julia)}")
    for b, (x, y) in enumerate(zip(ours.blocks, julia.blocks), 1):
        if x != y:
            return Outcome("wrong", f"#{b}: ours {x.first}:{x.last} preds {x.preds} succs {x.succs}, "
                                    f"Julia's {y.first}:{y.last} preds {y.preds} succs {y.succs}")
    return Outcome("wrong", "?")


def check_cfg(fn, julia: dict) -> Outcome:
    """`jlir.analysis.cfg` of the print against Julia's `ir.cfg` (blocks, predecessors, successors)."""
    return _cfg_outcome(A.cfg(fn), CFG.from_json(julia["cfg"]))


def check_sorted_cfg(fn, julia: dict) -> Outcome:
    """`check_cfg` of the print `slot2reg` returns, whose `ir.cfg` `domsort_ssa!` renumbered: each block's
    predecessors in the order they had before it, where the print shows it (`jlir.analysis.domsort_order`)."""
    from jlir.analysis.domsort_order import domsort_order
    return _cfg_outcome(domsort_order(fn, A.cfg(fn)), CFG.from_json(julia["cfg"]))


def check_inlined_cfg(fn, julia: dict, compacted: bool = False) -> Outcome:
    """`check_cfg` of a print made after inlining (the `inlining` stage; `compacted`: `type_lift`'s, after
    `compact!`), whose `ir.cfg` the inliner built: its successors in the inliner's order where the print shows
    it (`jlir.analysis.inlined_order`).  After `compact!`, an order that differs only at union splits' tests is the
    split-order rule."""
    from jlir.analysis.inlined_order import inlining_order, split_tests
    cfg = A.cfg(fn)
    ours, theirs = inlining_order(fn, cfg, compacted=compacted), CFG.from_json(julia["cfg"])
    outcome = _cfg_outcome(ours, theirs)
    if compacted and outcome == Outcome("rule", "edge-order"):
        tests = split_tests(fn, cfg)
        if all(x.preds == y.preds and (x.succs == y.succs or (b in tests and x.succs == y.succs[::-1]))
               for b, (x, y) in enumerate(zip(ours.blocks, theirs.blocks), 1)):
            return Outcome("rule", "split-order")
    return outcome


def check_idoms(fn, julia: dict) -> Outcome:
    """`jlir.analysis.dominators` against `construct_domtree`'s immediate dominators."""
    ours, theirs = tuple(A.dominators(fn).idoms), tuple(julia["idoms"])
    if ours == theirs:
        return EQUAL
    bad = next(b for b, (x, y) in enumerate(zip(ours + (None,) * len(theirs), theirs), 1) if x != y) \
        if len(ours) <= len(theirs) else len(theirs) + 1
    return Outcome("wrong", f"idom of #{bad}: ours {ours[bad - 1] if bad <= len(ours) else '-'}, "
                            f"Julia's {theirs[bad - 1] if bad <= len(theirs) else '-'}")


def check_verify(fn, julia: dict) -> Outcome:
    """`jlir.analysis.verifier`'s errors against `verify_ir`'s verdict ("ok" or its message)."""
    errors = [d for d in A.verify(fn) if d.severity == "error"]
    accepted = julia["verify"] == "ok"
    if accepted == (not errors):
        return EQUAL
    if accepted:
        return Outcome("wrong", f"jlir rejects what Julia accepts: {errors[0].kind}: {errors[0].message}")
    return Outcome("wrong", f"jlir accepts what Julia rejects: {julia['verify'][:120]}")


def check_slots(fn, pre: dict, argnames=None, nargs: int | None = None) -> list[tuple[str, Outcome]]:
    """What `slot2reg` computes before placing φ nodes, from the `optimize=false` print: the pre-SSA CFG
    (`convert_to_ircode`'s), its idoms, and per slot read the def, live-in and φ blocks (`idf`)."""
    from jlir.oracle.slots import pre_ssa
    cfg, slots = pre_ssa(fn, tuple(argnames) if argnames is not None else None, nargs)
    out = [("pre-ssa cfg", _cfg_outcome(cfg, CFG.from_json(pre["cfg"])))]
    from jlir.analysis.dominance import dominator_tree
    ours = tuple(dominator_tree(cfg).idoms)
    out.append(("pre-ssa idoms", EQUAL if ours == tuple(pre["idoms"]) else Outcome("wrong", "idoms differ")))
    theirs = sorted((sorted(s["defs"]), sorted(s["live_in"]), list(s["idf"])) for s in pre["slots"])
    if slots == theirs:
        out.append(("idf", EQUAL))
    else:
        missing = [s for s in theirs if s not in slots]
        extra = [s for s in slots if s not in theirs]
        out.append(("idf", Outcome("wrong", f"{len(missing)} of Julia's slots not ours (first {missing[:1]}), "
                                            f"{len(extra)} of ours not Julia's (first {extra[:1]})")))
    return out


def _judge(ours, theirs_text: str, rule: str) -> Outcome:
    from jlir.compare import diff_functions
    theirs = jlir.functions(parsed(theirs_text))[0]
    if _only_simple_dce(ours, theirs, theirs_text):
        return Outcome("rule", "simple-dce-lattice")
    d = diff_functions(_as_read(ours), theirs)
    if d.outcome == "different":
        return Outcome("wrong", "jlir diff: different")
    return Outcome("rule", rule)


def _as_read(fn, text: str | None = None):
    """`fn` as its print (`text`, when printed already) reads back: `jlir diff` compares two prints, and the print
    is what jlir gives a user (a model can hold what prints alike, `Symbol("")` built as the symbol or read as the
    call)."""
    try:
        return jlir.functions(parsed(text if text is not None else jlir.format(fn)))[0]
    except JlirError:   # (a print that does not read back is the round-trip check's finding, not this one's)
        return fn


def _only_simple_dce(ours, theirs, theirs_text: str) -> bool:
    """Whether `ours` prints as Julia's once the statements Julia alone turned into `nothing` are `nothing` too, or
    differs from it then only in display (`jlir diff`: equivalent; a φ whose type jlir's `tmerge` cannot take is
    left untyped, REPL's `setup_interface`).

    `simple_dce!` replaces statements in place (nothing moves or is renumbered), so the two align one to one."""
    from dataclasses import replace
    from jlir.ir.function import IR
    from jlir.ir.values import NOTHING
    from jlir.ir import nodes as N
    a, b = ours.stmts, theirs.stmts
    if len(a) != len(b) or ours.blocks != theirs.blocks:
        return False
    swap = [k for k, (x, y) in enumerate(zip(a, b)) if y.node == NOTHING and x.node != NOTHING]
    if not swap:
        return False
    stmts = list(a)
    for k in swap:   # (an erased π keeps its own type, `nothing::Core.Compiler.Const('é', false)`)
        stmts[k] = replace(a[k], node=NOTHING, type=a[k].node.typ if type(a[k].node) is N.PiNode else a[k].type)
    erased = ours.with_ir(IR(tuple(stmts), ours.blocks, ours.linetable, ours.catch_entry))
    text = jlir.format(erased)
    if text.rstrip("\n") == theirs_text.rstrip("\n"):
        return True
    from jlir.compare import diff_functions   # the erasure and a difference in display only (an untyped φ)
    return diff_functions(_as_read(erased, text), theirs).outcome in ("equal", "equivalent")


def check_compact(stage_text: str, julia_text: str, types: tuple = ((), ())) -> Outcome:
    """jlir's `compact()` of a pipeline stage's print against Julia's print of `compact!` of that IRCode
    (`types`: what jlir knows of Julia's `IRCode.argtypes` and `sptypes`, from the method instance)."""
    from jlir.edit import IRCode
    fn = jlir.functions(parsed(stage_text))[0]
    ours = IRCode(fn, *types).compact()
    text = jlir.format(ours)
    if text.rstrip("\n") == julia_text.rstrip("\n"):   # Julia's REPL display adds a blank line
        return EQUAL
    for objects in _as_objects(fn):
        if jlir.format(IRCode(objects, *types).compact()).rstrip("\n") == julia_text.rstrip("\n"):
            return Outcome("rule", "object-or-global")
    for calls in _as_negations(fn):
        if jlir.format(IRCode(calls, *types).compact()).rstrip("\n") == julia_text.rstrip("\n"):
            return Outcome("rule", "negated-literal-or-call")
    return _judge(ours, julia_text, "compact-equivalent")


# How many ambiguous statements a check reads each way (2**k compactions): past it, all or none only.
_OBJECT_SUBSETS = 6


def _as_objects(fn):
    """`fn` with the statements that print like a global typed `Const` or `Type` of itself
    (`jlir.edit.compact.object_like_global`) taken as that object: all of them, then (a function may hold both
    kinds: a module's binding kept, a folded `getproperty` the inliner made an object) each other subset of at
    most `_OBJECT_SUBSETS` of them; nothing if it has none."""
    from jlir.edit.compact import object_like_global
    return _rereadings(fn, [(k, name) for k, s in enumerate(fn.stmts)
                            if (name := object_like_global(s, typed_type=True)) is not None])


def _as_negations(fn):
    """`fn` with the statements whose value prints as a negative number (`%12 = -3.0`) taken as the call of unary
    minus on the positive literal (`-(3.0)`, which Julia's `show_unquoted` prints alike: `- ` then the argument):
    `compact!` renames a constant statement into its uses and keeps a call, and the print cannot say which it was
    (`u1 = -3.0` and `u1 = -(3.0)` both reach slot2reg).  All of them, then each other subset, as `_as_objects`."""
    from jlir.edit.negation import negated_call
    return _rereadings(fn, [(k, call) for k, s in enumerate(fn.stmts) if (call := negated_call(s.node)) is not None])


def _rereadings(fn, found):
    """`fn` with the statements `found` (index, other reading) read the other way: all of them, then each other
    non-empty subset where there are at most `_OBJECT_SUBSETS`; where there are more, each subset of the groups
    that read as one text (nine `Pkg.PlatformEngines` a logging macro spliced, two globals `Pkg.TOML.parsefile`),
    where there are at most `_OBJECT_SUBSETS` such groups; past that, each group alone and all groups but each one
    (`#update_registries#105`: the module `Pkg.Types` beside nine LibGit2 functions kept as globals)."""
    from dataclasses import replace
    from itertools import combinations
    from jlir.ir.function import IR
    groups: dict = {}
    for k, node in found:
        groups.setdefault(str(node), []).append((k, node))
    kinds = [[x] for x in found] if len(found) <= _OBJECT_SUBSETS else list(groups.values())
    if len(kinds) <= _OBJECT_SUBSETS:   # every subset of the statements, or of the groups
        chosen = [found] + [[x for g in c for x in g] for n in range(1, len(kinds)) for c in combinations(kinds, n)]
    else:   # each group alone, then all groups but each one
        chosen = [found] + kinds + [[x for g in kinds if g is not left for x in g] for left in kinds]
    for subset in chosen:
        if not subset:
            continue
        stmts = list(fn.stmts)
        for k, node in subset:
            stmts[k] = replace(stmts[k], node=node)
        yield fn.with_ir(IR(tuple(stmts), fn.blocks, fn.linetable, fn.catch_entry))


def ssa_of(fn, argnames=None, types: tuple = ((), ()), self_name: str | None = None):
    """`jlir ssa --argnames …` of an `optimize=false` or lowered print, told what Julia's slot2reg knew: the
    argument names, the instance's `(argtypes, sptypes)` and the name of slot 1 (see `check_ssa`)."""
    from jlir.ssa import into_ssa
    names = tuple(argnames) if argnames is not None else None
    slotnames = (self_name, *names) if names is not None and self_name not in (None, "#self#") else None
    return into_ssa(fn, argnames=names, slotnames=slotnames, slottypes=types[0] or None, argtypes=types[0],
                    sptypes=types[1])


def check_ssa(fn, julia_text: str, argnames=None, types: tuple = ((), ()), self_name: str | None = None) -> Outcome:
    """`jlir ssa --argnames …` of the `optimize=false` print against slot2reg + compact! (as `jlir diff` judges).

    `types`, the instance's `(argtypes, sptypes)` (`jlir.oracle.run.instance_types`): the print does not show
    them; Julia's slot2reg types a ϒ or φ of an argument with them and its compaction proves with them.
    `self_name`, the name of slot 1 where it is not `#self#` (a keyword sorter's `#s827`, a callable's `op`):
    with it the function itself reads `_1`, as in Julia's IR."""
    ours = ssa_of(fn, argnames, types, self_name)
    text = jlir.format(ours)
    if text.rstrip("\n") == julia_text.rstrip("\n"):
        return EQUAL
    def same(f) -> bool:
        return jlir.format(f).rstrip("\n") == julia_text.rstrip("\n")

    theirs = jlir.functions(parsed(julia_text))[0]
    if reordered_like(ours, theirs, same) is not None:
        return Outcome("rule", "slot-order")
    for objects in _rereadings(fn, _assigned_objects(fn)):
        other = ssa_of(objects, argnames, types, self_name)
        if same(other) or reordered_like(other, theirs, same) is not None:
            return Outcome("rule", "object-or-global")
    return _judge(ours, julia_text, "ssa-equivalent")


def _assigned_objects(fn):
    """The assignments to a slot of a global typed `Const` of itself (`(_module = Base)::Const(Base, false)`:
    a logging macro splices the module object, `m = Filesystem` in Base reads the global: both print so), taken as
    that object (`_as_objects` for an assignment's value), as `(index, assignment)` pairs: `_rereadings` takes
    all of them, then each other subset."""
    from jlir.edit.compact import object_like_global
    found = []
    for k, s in enumerate(fn.stmts):
        node = s.node
        if type(node) is N.Expr and node.head == "=" and len(node.args) == 2:
            name = object_like_global(replace(s, node=node.args[1]))
            if name is not None:
                found.append((k, N.Expr("=", (node.args[0], name))))
    return found


def check_adce(before_text: str, julia_text: str) -> Outcome:
    """`dce,compact` on the IRCode Julia hands `adce_pass!` against `compact!(adce_pass!(…))`: a report."""
    from jlir import passes
    fn = jlir.functions(parsed(before_text))[0]
    ours = passes.run(fn, ["dce", "compact"])
    text = jlir.format(ours)
    if text.rstrip("\n") == julia_text.rstrip("\n"):
        return EQUAL
    theirs = jlir.functions(parsed(julia_text))[0]
    if len(ours.blocks) < len(theirs.blocks):
        return Outcome("rule", "dce-unreachable-blocks")
    if len(ours.positional) > len(theirs.positional):
        return Outcome("rule", "dce-weaker")
    return Outcome("rule", "dce-mixed")   # a report: what a function computes is the interpreter's check
