//go:build !(386 || amd64 || arm64 || ppc64le || loong64) || purego

package codec

// fastStores is false here (an architecture where unaligned little-endian
// stores are wrong or slow, or the purego build tag): the kernels use
// bounds-checked, byte-order independent stores.
const fastStores = false
