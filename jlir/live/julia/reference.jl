# reference.jl -- Julia's own answers to the analyses jlir reimplements (CFG, dominators,
# iterated dominance frontiers, verify_ir), for tests/analysis/test_reference_julia.py.
# The optimized side is the `ircode-noline` IRCode; the SSA side reproduces the
# first steps of 1.5's `run_passes` on the inferred, unoptimized CodeInfo
# (`convert_to_ircode`, then what `slot2reg`/`construct_ssa!` compute before
# inserting φ nodes).  It calls compiler internals that exist in 1.5 only.
# The `ssa` form's IRCode (`ssa_ircode`) is made here too.  Included by jlir.jl into JlirLive.

"""
`verify_ir`'s verdict on `ir`: "ok", or what it printed to stderr before throwing
plus the error (1.5's `@verify_error` prints the reason, then calls `error()`).
"""
function verify_verdict(ir)
    mktemp() do _, io
        failure = nothing
        redirect_stderr(io) do
            try
                CC.verify_ir(ir)
            catch e
                e isa InterruptException && rethrow()
                failure = e
            end
        end
        failure === nothing && return "ok"
        flush(io); seekstart(io)
        printed = strip(read(io, String))
        shown = error_message(failure)
        return isempty(printed) ? shown : shown == "" ? printed : string(printed, " | ", shown)
    end
end

"""
The pre-SSA data of `mi` as 1.5's `run_passes` sees it: inference as `typeinf_code`
runs it (uncached), the OptimizationState, `convert_to_ircode` (no coverage), the
domtree `slot2reg` builds, and per slot that has uses (the slots `construct_ssa!`
places φ nodes for) the def blocks `compute_live_ins` returns (plus the catch
blocks `construct_ssa!` adds for PhiC nodes), the live-in blocks, the φ blocks
`idf` returns (pruned by liveness) and, with every block declared live-in,
`idf`'s unpruned iterated dominance frontier of the same defs.
"""
function ssa_reference_json(mi::Core.MethodInstance)
    ci, ir, nargs, opt = pre_ssa_ircode(mi)
    cfg = ir.cfg
    domtree = CC.construct_domtree(cfg)
    catch_blocks = Int[CC.block_for_inst(cfg, stmt.args[1]) for stmt in ir.stmts if isexpr(stmt, :enter)]
    all_blocks = collect(1:length(cfg.blocks))
    slots = String[]
    for (idx, slot) in enumerate(CC.scan_slot_def_use(nargs, ci, ir.stmts))
        isempty(slot.uses) && continue
        live = CC.compute_live_ins(cfg, slot)
        for li in live.live_in_bbs
            li in catch_blocks && !(li in live.def_bbs) && push!(live.def_bbs, li)
        end
        phis = CC.idf(cfg, live, domtree)
        full = CC.idf(cfg, CC.BlockLiveness(copy(live.def_bbs), all_blocks), domtree)
        push!(slots, string("{\"slot\": ", idx, ", \"defs\": ", json_ints(live.def_bbs),
                            ", \"live_in\": ", json_ints(live.live_in_bbs), ", \"idf\": ", json_ints(phis),
                            ", \"idf_full\": ", json_ints(full), "}"))
    end
    return string("{\"cfg\": ", rstrip(cfg_json(cfg)), ", \"idoms\": ", json_ints(idoms(domtree)),
                  ", \"slots\": [", join(slots, ", "), "]}")
end

"""
The inferred, unoptimized CodeInfo of `mi` and its IRCode before SSA construction, as
1.5's `run_passes` gets them: inference as `typeinf_code` runs it (uncached), the
OptimizationState, `convert_to_ircode` (no coverage).  `(ci, ir, nargs, opt)`.
"""
function pre_ssa_ircode(mi::Core.MethodInstance)
    HAS_SSA_REFERENCE || error("Julia $VERSION lacks the 1.5 compiler internals the SSA reference needs")
    frame = CC.InferenceState(CC.InferenceResult(mi), false, CC.Params(Base.get_world_counter()))
    frame === nothing && error("no code to infer for $(mi.specTypes)")
    CC.typeinf(frame) || error("inference did not finish for $(mi.specTypes)")
    opt = CC.OptimizationState(frame)
    ci = opt.src
    nargs = Int(opt.nargs) - 1
    return ci, CC.convert_to_ircode(ci, CC.copy_exprargs(ci.code), false, nargs, opt), nargs, opt
end

"""
The IRCode Julia's SSA construction makes of `mi`: 1.5's `run_passes` up to its first
`compact!` (`convert_to_ircode`, `slot2reg`, `compact!`), nothing after it (no inlining),
its line info stripped (every statement's line 0, no line table) so that it prints like
the `ircode-noline` form.  Compacted, because slot2reg leaves its φ nodes pending.
"""
function ssa_ircode(mi::Core.MethodInstance)
    ci, ir, nargs, opt = pre_ssa_ircode(mi)
    return CC.compact!(strip_lines!(CC.slot2reg(ir, ci, nargs, opt)))
end

"`ir` with its line info stripped (every statement's and pending node's line 0, no line table), in place."
function strip_lines!(ir)
    fill!(ir.lines, 0)
    for i in 1:length(ir.new_nodes)
        n = ir.new_nodes[i]
        ir.new_nodes[i] = CC.NewNode(n.pos, n.attach_after, n.typ, n.node, Int32(0))
    end
    empty!(ir.linetable)
    return ir
end

"""
Julia's reference answers for the optimized IRCode `ir` of `mi` (its CFG, its
idoms, verify_ir's verdict) and for `mi`'s SSA construction, as one JSON object.
"""
function reference_json(ir, mi::Core.MethodInstance)
    return string("{\"cfg\": ", rstrip(cfg_json(ir.cfg)), ", \"idoms\": ", json_ints(idoms(domtree(ir))),
                  ", \"verify\": ", json_string(verify_verdict(ir)), ", \"ssa\": ", ssa_reference_json(mi), "}")
end

"`reference_json` of the target's `ircode-noline` IRCode and method instance."
function reference_json(@nospecialize(f), @nospecialize(types))
    mi = first_result(method_instances(f, types), "method_instances")
    return reference_json(ircode(f, types; lines=false), mi)
end
