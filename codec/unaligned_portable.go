//go:build !(386 || amd64 || arm64 || ppc64le || loong64)

package codec

// fastStores is false here: the kernels use bounds-checked, byte-order
// independent stores.
const fastStores = false
