// Package codec implements the WHATWG Encoding Standard
// (https://encoding.spec.whatwg.org/): every encoding, label, decoder and
// encoder of the standard, its hooks (section 6) and the semantics of its API
// (section 7), for streaming use with caller-provided buffers.
//
// # Encodings
//
// An [*Encoding] is immutable and safe to share between goroutines. Get one
// with [ForLabel] or [Lookup] ("get an encoding", section 4.2), by [ByID], or
// through the exported variables such as [UTF8] and [ShiftJIS].
//
// # The streaming contract
//
// [Decoder] and [Encoder] convert buffer to buffer. Every conversion method
// takes src, dst and a last flag and returns a result with the number of
// input units read, output units written and a [Status]:
//
//   - A call consumes as much of src as it can. An incomplete byte sequence
//     (or a UTF-16 high surrogate) at the end of src is kept inside the
//     decoder or encoder and counted as read, so the caller never re-passes
//     input: the next call continues with new input.
//   - Output never splits a character: dst holds only whole UTF-8 sequences,
//     whole surrogate pairs, whole multi-byte characters and whole escape
//     sequences.
//   - Only dst[:Written] is output: the vector code may store scratch bytes
//     after it (never past len(dst)).
//   - [OutputFull] means dst had no room for the next character; call again
//     with src[Read:] and a fresh (or emptied) dst. Nothing is lost or
//     duplicated, whatever the sizes of the buffers.
//   - Pass last=true with the final input, and repeat the call (with the
//     unread rest of src) while it returns OutputFull. Once a call with last
//     returns [InputEmpty] the stream is finished; the next call starts a
//     new stream, as if the decoder or encoder were new.
//   - In Fatal mode a call stops at the first error: [Malformed] for a
//     decoder, [Unmappable] for an encoder. The caller may continue with the
//     next call; the standard's "restore" semantics are kept (bytes the
//     standard puts back into the input are decoded by the next call).
//
// A decoder makes progress whenever dst has room for at least
// [MinUTF8Output] bytes or [MinUTF16Output] code units; an encoder whenever
// dst has room for the next character's bytes (at most [MinEncodeOutput]).
// Output is identical however the input is split into chunks and however
// small the output buffers are, down to those minimums.
//
// Decoders write UTF-8 or UTF-16. Encoders read UTF-8 or UTF-16: invalid
// UTF-8 is decoded as the standard's UTF-8 decoder does (one U+FFFD for each
// maximal invalid subsequence) and an unpaired surrogate in UTF-16 input
// becomes U+FFFD, as the conversion to a USVString does.
//
// Encoders write the output encoding ("get an output encoding", section
// 4.3): an encoder for UTF-16BE, UTF-16LE or replacement writes UTF-8.
//
// # Errors
//
// Decoders replace malformed input with U+FFFD ([Replace]) or stop
// ([Fatal]). Encoders write a numeric character reference such as "&#8364;"
// for a code point the encoding cannot represent ([HTML]) or stop ([Fatal]).
// Nothing in this package panics on bad input.
//
// # Kernels and build tags
//
// On amd64 the hot loops are assembly (AVX2, AVX-512), chosen at run time
// by what the CPU has ([Kernels] names them; the environment variable
// WHATENC_CPU can hold them lower); on arm64 the UTF-8 validator is NEON
// assembly. Elsewhere (and the rest on arm64) they are Go, storing a
// character's bytes with one unaligned little-endian store where the
// architecture allows it (386, amd64, arm64, ppc64le, loong64) and with
// byte-order independent stores on the others (s390x, big-endian ones).
// The build tag purego (go build -tags purego) takes the Go code with the
// byte-order independent stores on every architecture: no assembly and no
// unsafe stores, the code big-endian machines run. The output is the same
// whichever code runs; `make test-go` tests the package both ways.
package codec
