module github.com/whatenc/whatenc

go 1.24
