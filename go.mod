module github.com/whatenc/whatenc

go 1.26.0

require (
	github.com/mattn/go-pointer v0.0.1
	golang.org/x/text v0.43.0
)
