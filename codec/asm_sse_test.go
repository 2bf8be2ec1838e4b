package codec

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestKernelsUseOnlyVEXVectorInstructions reads the assembly kernels and
// fails on any instruction that names an X, Y or Z register without being
// VEX- or EVEX-encoded (a mnemonic that does not start with V). On Intel
// cores a legacy SSE instruction after a 256- or 512-bit one that left the
// upper halves dirty waits for a state transition: on a Xeon (family 6,
// model 207) one MOVQ DX, X2 after a VPBROADCASTB into Y1 cost ~100 cycles,
// and ISO-2022-JP's ASCII scan, called once per ASCII run, ran the decoder
// at 152 MB/s where it runs at 880 with VMOVQ (Zen 4 pays nothing, which
// is why it went unseen). Go's assembler encodes MOVQ r64, Xn as SSE.
func TestKernelsUseOnlyVEXVectorInstructions(t *testing.T) {
	files, err := filepath.Glob("*_amd64.[sh]")
	if err != nil || len(files) == 0 {
		t.Fatalf("no assembly files found: %v", err)
	}
	vector := regexp.MustCompile(`\b[XYZ]([0-9]|[12][0-9]|3[01])\b`)
	mnemonic := regexp.MustCompile(`^[A-Z][A-Z0-9]*$`)
	checked := 0
	for _, name := range files {
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for n, line := range strings.Split(string(text), "\n") {
			if i := strings.Index(line, "//"); i >= 0 {
				line = line[:i]
			}
			// A macro's body is one instruction a ';'-separated piece.
			for _, piece := range strings.Split(strings.TrimSuffix(strings.TrimSpace(line), "\\"), ";") {
				fields := strings.Fields(piece)
				if len(fields) < 2 || !mnemonic.MatchString(fields[0]) || !vector.MatchString(piece) {
					continue
				}
				checked++
				if !strings.HasPrefix(fields[0], "V") {
					t.Errorf("%s:%d: %s is a legacy SSE instruction on a vector register; use its V form", name, n+1, strings.TrimSpace(piece))
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d vector instructions found in %v: the scan is broken", checked, files)
	}
}
