//go:build (386 || amd64 || arm64 || ppc64le || loong64) && !purego

package codec

// fastStores is true where little-endian, unaligned 4-byte stores through
// unsafe are both correct and cheap; the kernels then store a whole packed
// character without bounds checks, inside room they have checked once.
const fastStores = true
