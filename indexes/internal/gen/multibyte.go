package main

// multiByteGens generates the multi-byte indexes' tables.
var multiByteGens []struct {
	name string
	fn   func(*source, *file) error
}
