module github.com/whatenc/whatenc/bench/fastcheck

go 1.26.0

require github.com/whatenc/whatenc v0.0.0

replace github.com/whatenc/whatenc => ../..
