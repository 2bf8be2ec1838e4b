//go:build !linux

package codec

import "testing"

// atPageEnd returns t: only Linux tests reads past a table.
func atPageEnd(tb testing.TB, t []uint16) []uint16 { return t }

// bytesAtPageEnd returns t.
func bytesAtPageEnd(tb testing.TB, t []byte) []byte { return t }

// bytesAtPageStart returns t.
func bytesAtPageStart(tb testing.TB, t []byte) []byte { return t }
