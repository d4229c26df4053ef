function f1(n)
    for i in 1:n, j in 1:2
        c = 0
        local u
        k = i + j
    end
end
function f2(n)
    for i in 1:n, j in 1:2
        try
            q = 1
        catch e
            v = j
        end
        c = 0
        local u
        k = 1
    end
end
function f3(n)
    for i in 1:n
        c = 0
        local u
        k = 1
    end
end
function f4(n)
    for i in 1:n, j in 1:2, m in 1:3
        c = 0
        k = 1
    end
end
function g1(n)
    a = n + 1
    b = 2
    try
        c = a * 2
        a += c
    finally
        a = a
        q = 3
    end
    d = a + b
    return d
end
function g2(n)
    a = n + 1
    f = x -> x + 1
    try
        c = f(a)
    catch e
        a = 0
    finally
        a = a + 1
        z = a
    end
    b = a
    return b
end
function g3(n)
    s = 0
    while s < n && (n > 2 ? true : false)
        s += 1
        t = s * 2
    end
    u = s
    return u
end
