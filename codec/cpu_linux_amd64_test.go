//go:build linux && amd64 && !purego

package codec

import (
	"os"
	"strings"
	"testing"
)

// The CPUID bits the kernels are chosen by, against what Linux reports in
// /proc/cpuinfo (which also drops the vector features the kernel did not
// enable in XCR0): a wrong bit would turn a kernel off, or on where it
// faults, without any other test noticing.
func TestCPUFeaturesMatchLinux(t *testing.T) {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skipf("skipping: %v", err)
	}
	var flags map[string]bool
	vendor := ""
	for _, line := range strings.Split(string(data), "\n") {
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		switch strings.TrimSpace(key) {
		case "vendor_id":
			vendor = strings.TrimSpace(value)
		case "flags":
			if flags == nil {
				flags = map[string]bool{}
				for _, f := range strings.Fields(value) {
					flags[f] = true
				}
			}
		}
	}
	if flags == nil {
		t.Skip("skipping: no flags line in /proc/cpuinfo")
	}
	all := func(names ...string) bool {
		for _, n := range names {
			if !flags[n] {
				return false
			}
		}
		return true
	}
	for _, c := range []struct {
		name      string
		got, want bool
	}{
		{"AVX2 kernels", hasAVX2(), all("avx", "avx2", "popcnt")},
		{"AVX-512 kernels", hasAVX512(), all("avx512f", "avx512bw", "avx512vl", "avx512vbmi", "avx512_vbmi2", "bmi2")},
		{"AVX512-FP16 (lookupGather)", hasAVX512FP16(), flags["avx512_fp16"]},
		{"Intel", isIntel(), vendor == "GenuineIntel"},
	} {
		if c.got != c.want {
			t.Errorf("%s: CPUID says %v, /proc/cpuinfo %v", c.name, c.got, c.want)
		}
	}
}
