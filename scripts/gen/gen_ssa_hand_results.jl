# gen_ssa_hand_results.jl -- Julia's own results for the hand-written out-of-SSA cases of tests/ssa/test_out.py.
#
# Usage: julia scripts/gen/gen_ssa_hand_results.jl > fixtures/julia-1.5.3/ssa-hand-results.tsv
#
# Each case's φ form in the test stands for the Julia source below; one line per call:
# `case<TAB>args (space-separated)<TAB>result`.
function swap(a, b, n)
    i = 0
    while i < n
        a, b = b, a
        i += 1
    end
    return 10a + b
end
function lost_copy(n)
    x = 1
    while true
        y = x + 1
        n <= y && break
        x = y
    end
    return x
end
function fib(n)
    a, b, i = 0, 1, 0
    while i < n
        a, b = b, a + b
        i += 1
    end
    return a
end
same_pred_twice(n) = n + 1
function branch_reads_phi(n)
    flag, k = false, 0
    while true
        old, last = flag, k
        flag = n <= k
        k += 1
        old && return last
    end
end
function gcd_loop(a, b)
    while b != 0
        a, b = b, rem(a, b)
    end
    return a
end
const RUNS = [
    (swap, [(1, 2, 0), (1, 2, 1), (1, 2, 2), (1, 2, 3)]),
    (lost_copy, [(1,), (5,), (-3,)]),
    (fib, [(0,), (1,), (10,)]),
    (same_pred_twice, [(1,), (-3,)]),
    (branch_reads_phi, [(-5,), (0,), (3,)]),
    (gcd_loop, [(12, 18), (7, 0), (-4, 6), (35, 21)]),
]
for (f, calls) in RUNS, args in calls
    println(nameof(f), "\t", join(args, " "), "\t", f(args...))
end
