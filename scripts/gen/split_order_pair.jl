# Two functions whose IR Julia 1.5.3 prints after `type_lift_pass!` as the same bytes, while the `ir.cfg`s it
# keeps list a union split's successors in the two orders: in `made_here` that function's inlining split the
# call `g(…)` on the union (`cfg_inline_unionsplit!`: the case's block first), in `callee` the split was made
# when `h` was optimized and came in with `h`'s code (`compute_basic_blocks` of that code: the branch target
# first).  `compact!` removed what told them apart right after inlining (the emptied call of `h`), so no
# reader of the type_lift print can know which order Julia has: the proof behind the oracle's split-order rule.
#
#   julia scripts/gen/split_order_pair.jl OUTFILE
#
# OUTFILE: one JSON record a line, in the shape of scripts/check/oracle.jl's records (target, stages), for
# each function: its inlining and type_lift prints and Julia's cfg, idoms and verify verdict of each.
include(joinpath(@__DIR__, "..", "..", "jlir", "live", "jlir.jl"))
const CC = JlirLive.CC

g(x::Int) = x + 1
g(x::Float64) = x * 2.0
fail() = error("no")
# `h` does what `made_here`'s `f` does, with its returns where `f` joins: once inlined, `h`'s returns are
# gotos to the block after its code, as `f`'s branches are gotos to its join.
function h(a, c1, c2)
    y = g(a > 0 ? a : 1.0)
    c1 && return y
    c2 && return -y
    fail()
end
# Each function on line 1 of its own file, one line long: every row prints that line (an inlined callee's rows
# print the line of the call).  Both live in Main, so the globals they read print alike (`Main.fail`).
const SOURCES = ("made_here" => "made_here(a::Int, c1::Bool, c2::Bool) = (y = g(a > 0 ? a : 1.0); " *
                                "if c1; r = y; elseif c2; r = -y; else; fail(); end; return r)",
                 "callee" => "callee(a::Int, c1::Bool, c2::Bool) = h(a, c1, c2)")

function stage_json(name, ir)
    return string("{\"name\": ", JlirLive.json_string(name), ", \"text\": ",
                  JlirLive.json_string(JlirLive.displayed(ir, Main)), ", \"julia\": {\"cfg\": ",
                  rstrip(JlirLive.cfg_json(ir.cfg)), ", \"idoms\": [",
                  join(JlirLive.idoms(CC.construct_domtree(ir.cfg)), ", "), "], \"verify\": ",
                  JlirLive.json_string(JlirLive.verify_verdict(ir)), "}}")
end

"1.5's run_passes (driver.jl) up to the type_lift print, as scripts/check/oracle.jl's `pipeline!` has it."
function record(tag, f)
    mi = JlirLive.first_result(JlirLive.method_instances(f, Tuple{Int,Bool,Bool}), "method_instances")
    ci, ir, nargs, opt = JlirLive.pre_ssa_ircode(mi)
    ir = CC.compact!(CC.slot2reg(ir, ci, nargs, opt))
    ir = CC.ssa_inlining_pass!(ir, ir.linetable, opt)
    inlining = stage_json("inlining", ir)
    ir = CC.compact!(ir)
    ir = CC.adce_pass!(CC.getfield_elim_pass!(ir, CC.construct_domtree(ir.cfg)))
    type_lift = stage_json("type_lift", CC.type_lift_pass!(ir))
    return string("{\"target\": ", JlirLive.json_string(tag), ", \"stages\": [", inlining, ", ", type_lift, "]}")
end

open(ARGS[1], "w") do io
    for (tag, src) in SOURCES
        f = Base.include_string(Main, src, "$tag.jl")
        println(io, Base.invokelatest(record, tag, f))
    end
end
