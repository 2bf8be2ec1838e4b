// Package indexes holds the WHATWG Encoding Standard's indexes (section 5,
// "Indexes") as Go tables, generated from the standard's data files by
// ./internal/gen, and small lookup functions named after the standard's
// concepts ("index code point", "index pointer", "index Shift_JIS pointer",
// "index Big5 pointer").
//
// Decode tables are flat arrays indexed by pointer; encode tables are
// two-level per-block arrays, so every lookup is O(1) and allocation-free.
//
// The data is the standard's (CC BY 4.0; portions incorporated into source
// code are BSD-3-Clause); the generated files record the source commit and
// each index's Identifier and Date.
package indexes

//go:generate go run ./internal/gen
