//go:build !purego

package codec

// singleByteToUTF16AVX2 is singlebyte_amd64.s's decoder to UTF-16.
//
//go:noescape
func singleByteToUTF16AVX2(dst *uint16, src *byte, n int, t *singleByteVectorTables) int

// singleByteToUTF8AVX2 is singlebyte_amd64.s's decoder to UTF-8.
//
//go:noescape
func singleByteToUTF8AVX2(dst *byte, dstLen int, src *byte, n int, t *singleByteVectorTables, steps *utf16StepTables) (read, written int)

// singleByteToUTF16AVX512 and singleByteToUTF8AVX512 are
// singlebyte_amd64.s's decoders with AVX-512 (VBMI). Callers check
// useAVX512 first.
//
//go:noescape
func singleByteToUTF16AVX512(dst *uint16, src *byte, n int, t *singleByteWideTables) int

//go:noescape
func singleByteToUTF8AVX512(dst *byte, dstLen int, src *byte, n int, t *singleByteWideTables) (read, written int)

// encodeBlocksFromUTF16AVX512 is encodeBlocksAVX512 for UTF-16 input
// (singlebyte_amd64.s). Callers check useAVX512 first.
//
//go:noescape
func encodeBlocksFromUTF16AVX512(dst *byte, src *uint16, n int, t *singleByteBlocks) int

// encodeBlocksFromUTF16AVX2 is encodeBlocksFromUTF16AVX512 with AVX2, a
// whole step of 32 units or none (singlebyte_amd64.s). Callers check
// useAVX2 first.
//
//go:noescape
func encodeBlocksFromUTF16AVX2(dst *byte, src *uint16, n int, t *singleByteBlocks256) int

// blockToSingleByteAVX2 is singlebyte_amd64.s's encoder from UTF-8 for
// text in one block of 128 two-byte code points (an alphabet) and ASCII.
//
//go:noescape
func blockToSingleByteAVX2(dst *byte, dstLen int, src *byte, n int, t *[8][32]byte, lead int, packs *[256][8]byte) (read, written int)

// encodeBlocksAVX512 is singlebyte_amd64.s's encoder from UTF-8 for text in
// an encoding's two-byte and three-byte blocks and ASCII. Callers check
// useAVX512 first.
//
//go:noescape
func encodeBlocksAVX512(dst *byte, dstLen int, src *byte, n int, t *singleByteBlocks) (read, written int)
