# target: digit_local2(3)
macro digloop(n)
    s = Symbol("253")
    t = Symbol("17")
    esc(quote
        local $t
        $s = 0
        for i in 1:$n
            $s += i
            if i > 100
                $t = i
            end
        end
        (@isdefined $t) ? $s + $t : $s
    end)
end
function digit_local2(n::Int)
    return @digloop n
end
