# jlir.jl -- the Julia side of jlir: print Julia's SSA IR exactly as a user sees
# it at the REPL (without colour), for `jlir fetch`, the `jlir.live.Julia` API
# and the golden fixtures (scripts/gen/regen_fixtures.py).
#
# Base/Core/InteractiveUtils only, for Julia 1.5 to 1.12: version
# differences are decided by what is defined (`code_ircode` from 1.9, the
# compiler in `Base.Compiler` from 1.12, ...), never by comparing VERSION.
# This file is the entry point (`julia jlir.jl …`, or `include` it for module
# JlirLive) and says what the Julia side does; the code is in julia/*.jl, one
# file per job, included below in one module.
#
# Forms (what `render` prints; fixtures are `<case>.<form>.txt`, domtree `.json`):
#   typed              code_typed(f, T)[1]                       (CodeInfo => RT pair)
#   typed-unoptimized  code_typed(f, T; optimize=false)[1]
#   typed-source       code_typed(f, T; debuginfo=:source)[1]
#   typed-vector       code_typed(f, T)                          (the Vector display)
#   lowered            code_lowered(f, T)[1]
#   lowered-source     code_lowered(f, T; debuginfo=:source)[1]
#   warntype           code_warntype(io, f, T)
#   ircode             Base.code_ircode(f, T)[1][1] where it exists (1.9+); before,
#                      Compiler.inflate_ir(ci, mi) of code_typed(f, T; debuginfo=:source)[1]
#                      and the matching MethodInstance
#   ircode-noline      inflate_ir of code_typed(f, T)[1] (line info stripped: the
#                      line-number column is a single space); needs inflate_ir
#   cfg                the `ircode` IRCode's `ir.cfg`
#   domtree            the immediate dominator of each block of that CFG, from the
#                      compiler's own construct_domtree, as JSON {"idoms": [...]}
#                      (1-based blocks; 0 for the entry and unreachable blocks)
#   costs              Base.print_statement_costs(io, f, T), where it exists (1.7+)
#   ssa                the IRCode of Julia's SSA construction: 1.5's `run_passes` first
#                      steps (`convert_to_ircode`, `slot2reg`, then its `compact!`) on the
#                      inferred, unoptimized CodeInfo, before inlining, line info stripped;
#                      1.5 only (the compiler internals it calls), see `ssa_ircode`
# Forms that are values (displayed at the REPL) are `show(io, MIME"text/plain"(), x)`
# plus the one "\n" the REPL's display appends; warntype and costs print straight
# to io and are exactly what they print.  The IOContext mirrors the REPL's:
# :limit=>true, :module=>Main, plus :color=>false and a fixed :displaysize=>(24, 80).
#
# Targets (a string; user code comes as data, never through a shell):
#   "f(1.0, 2)"                      a call with values: their types (Core.Typeof)
#   "f(::Float64, ::Vector{Int})"    a call with types (may mix with values; `xs...` splats)
#   "f(1.0; scale=2)"                a keyword call: like @code_typed, the keyword
#                                    sorter Core.kwfunc(f) with (NamedTuple, typeof(f), args...)
#   "Tuple{typeof(sort!), Vector{Int}}"  a signature whose function type is a singleton
#
# Protocol (`julia jlir.jl serve`; jlir/live/protocol.py is the Python side).
# A message is a header line `JLIR <n>` and n fields, each `<byte length>\n<bytes>`.
# Requests go to Julia's stdin, replies come on its stdout; anything user code
# prints to stdout goes to stderr instead.  The client's first request is
# `session NONCE` (a random token): from then on every reply's header is
# `JLIR <nonce> <n>`, so that nothing user code writes to the reply pipe can be
# taken for a reply (the client skips lines without it).  Julia then writes the
# reply to `hello`, then answers one request at a time:
#   hello                               ok, info (`key\tvalue` lines)
#   define CODE NAME                    ok        (evaluate CODE in Main as file NAME,
#                                                  once per distinct (NAME, CODE))
#   render FORM TARGET                  ok, text, command
#   cfg TARGET                          ok, JSON of the CFG: blocks with stmts, preds, succs
#   reference TARGET                    ok, JSON of Julia's analyses of the `ircode-noline` IRCode
#                                                 (cfg, idoms, verify) and of its SSA construction
#                                                 (ssa: pre-SSA cfg, idoms, per-slot defs/live_in/idf);
#                                                 1.5 only (see `reference_json`)
#   load_case CODE NAME RANK            ok, target, forms (comma-separated), f, T, warning
#   runs TARGET CALLS                   ok, rows, structs, callee dumps…: Julia's outcome of each
#                                                 call (CALLS: one call text a line) of TARGET's
#                                                 function, and the callees (see `record_runs`)
#   struct TYPE                         ok, `mutable`|`immutable` then `name<TAB>type` lines (the interpreter's %new)
#   method TARGET                       ok, `argnames<TAB>…`, `vararg<TAB>…`, `sparams<TAB>…` lines (its calls)
#   callable SIG FORM                   ok, the callee dump of a closure's call `Tuple{T, A…}` (julia/closures.jl)
#   global NAME                         ok, `owner<TAB>const|var<TAB>kind<TAB>text` of a global (`global_text`)
#   literals SIG                        ok, the typed print of SIG's method instance, then its number literals'
#                                                 types (`statement<TAB>kind<TAB>value<TAB>type` lines)
#   quit                                ok, then exit
# A request that fails in Julia gets `error, STAGE, message`, STAGE being where it
# failed: request, define, target, render, load_case, runs.  The juliacall backend calls
# `JlirLive.handle_encoded` with one encoded request and gets one encoded reply.
#
# Command line:
#   julia jlir.jl serve                          the protocol on stdin/stdout
#   julia jlir.jl render FORM TARGET [CASEFILE]  print one form (CASEFILE evaluated first)
#   julia jlir.jl forms                          the forms this Julia can print
#
# Case files (fixtures/cases/*.jl): plain Julia source whose first line is
# `# target: <target>`; an optional `# forms: typed, lowered, ...` comment line in the
# leading comment block restricts the forms.  A case is evaluated with
# include_string(Main, code, "<case>.jl"), so location lines print `<case>.jl:<line>`
# and nothing of this machine's paths.
#
# Why Main: code typed at the REPL lives in Main, and Julia's printers treat
# Main specially in ways an IOContext cannot imitate: a function object prints
# unqualified only if its module `=== Main`, and the argument types of `invoke`
# statements are printed through a context-free `sprint`, i.e. relative to
# Main.  (Evaluating each case in its own module gives `Main.Mod.f`, or with a
# module merely named Main, `Main.f` and `Main.var"#1#3"`, where the REPL
# prints `f` and `var"#1#3"`.)  So all cases share Main in one process, and:
#   * the names a case defines at top level must not be defined yet (cases
#     must use distinct names; load_case checks this);
#   * each case starts with Main's closure counter and both gensym counters
#     advanced to fixed values that depend only on the case's rank (its line in
#     fixtures/cases/order.txt), so closure names (`var"#101#102"`) and gensyms
#     (`r#43001`) do not depend on which other cases ran before it: a run over
#     a subset of the cases prints the same text as a full run.

module JlirLive

using InteractiveUtils
using Base.Meta: isexpr

"The compiler: `Core.Compiler` up to 1.11, `Base.Compiler` from 1.12 (the Compiler stdlib)."
const CC = isdefined(Base, :Compiler) && getfield(Base, :Compiler) isa Module ? getfield(Base, :Compiler) : Core.Compiler

const HAS_CODE_IRCODE = isdefined(Base, :code_ircode)        # 1.9+
const HAS_INFLATE_IR = isdefined(CC, :inflate_ir)
const HAS_COSTS = isdefined(Base, :print_statement_costs)  # 1.7+
# The 1.5 compiler internals the SSA reference and the `ssa` form call (see `ssa_reference_json`).
const HAS_SSA_REFERENCE = all(n -> isdefined(CC, n),
    (:convert_to_ircode, :scan_slot_def_use, :compute_live_ins, :idf, :BlockLiveness, :verify_ir,
     :InferenceState, :InferenceResult, :OptimizationState, :construct_domtree))

# Each file adds to the one module JlirLive, in this order.  A function may call one
# of a later file (names resolve when it runs), but a type or constant must be
# defined before code that uses it as the file loads (a signature, a `const`).
include("julia/protocol.jl")   # PROTOCOL, message framing, error messages, JSON literals
include("julia/forms.jl")      # forms, targets, `render`
include("julia/reference.jl")  # Julia's answers to jlir's analyses (`reference`), `ssa_ircode`
include("julia/cases.jl")      # case files: header, counters, `load_case`
include("julia/runs.jl")       # recorded runs, callee dumps, `struct` and `method` queries
include("julia/closures.jl")   # closures' methods by signature: callee dumps, the `callable` request
include("julia/literals.jl")   # the types of an optimized CodeInfo's number literals, the `literals` request
include("julia/serve.jl")      # `handle`, `serve`, `handle_encoded`, the command line

end # module JlirLive

if abspath(PROGRAM_FILE) == abspath(@__FILE__)
    JlirLive.main(ARGS)
end
