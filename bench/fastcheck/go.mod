module github.com/whatenc/whatenc/bench/fastcheck

go 1.22
