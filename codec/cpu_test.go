package codec

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestCPULevelOf(t *testing.T) {
	for v, want := range map[string]int{"": 2, "avx512": 2, "AVX512": 2, "avx2": 1, " AVX2\n": 1, "generic": 0, "Generic": 0, "sse2": 2, "none": 2} {
		if got := cpuLevelOf(v); got != want {
			t.Errorf("cpuLevelOf(%q) = %d, want %d", v, got, want)
		}
	}
}

// WHATENC_CPU, read when the package is initialised: a child test process
// with each value reports the kernels it runs, never more than the CPU has.
func TestCPUVariable(t *testing.T) {
	if os.Getenv("WHATENC_CPU_CHILD") != "" {
		os.Stdout.WriteString("kernels=" + Kernels() + "\n")
		return
	}
	best := "generic"
	if hasAVX512Kernels() {
		best = "avx512"
	} else if hasAVX2Kernels() {
		best = "avx2"
	}
	capped := best
	if best == "avx512" {
		capped = "avx2"
	}
	for v, want := range map[string]string{"": best, "avx512": best, "bogus": best, "avx2": capped, "generic": "generic"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCPUVariable$")
		cmd.Env = append(os.Environ(), "WHATENC_CPU_CHILD=1", "WHATENC_CPU="+v)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("WHATENC_CPU=%q: %v", v, err)
		}
		if !strings.Contains(string(out), "kernels="+want+"\n") {
			t.Errorf("WHATENC_CPU=%q: %q, want kernels=%s", v, out, want)
		}
	}
}
