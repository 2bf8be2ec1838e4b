/*
 * whatenc.h - the WHATWG Encoding Standard for C and C++.
 *
 * libwhatenc implements every encoding, label, decoder and encoder of the
 * Encoding Standard (https://encoding.spec.whatwg.org/) exactly as browsers
 * do, for streaming conversion between caller-provided buffers.
 *
 * Compile with any C89/C99 or C++ compiler; link with -lwhatenc
 * (pkg-config: whatenc; CMake: find_package(whatenc 1) and whatenc::whatenc).
 *
 * ===========================================================================
 * CONVENTIONS (they hold for every function unless its comment says otherwise)
 * ===========================================================================
 *
 * Status codes.  Functions that can fail return a whatenc_status (or an int
 * that is a status when negative).  Values >= 0 are outcomes of a successful
 * call; values < 0 are errors, and a call that returns an error has read,
 * written and changed nothing except that it zeroes the length and info
 * out-parameters it was given.  whatenc_strerror() names every status.
 *
 * Lengths.  Every length is a size_t counting BYTES, except where a function
 * says "code units": UTF-16 buffers (uint16_t, in the machine's byte order)
 * are counted in 16-bit code units.  A buffer of more than PTRDIFF_MAX
 * bytes (PTRDIFF_MAX / 2 code units), or one that would run past the end of
 * the address space, is rejected with WHATENC_ERR_OVERFLOW.  UTF-16 buffers
 * must be aligned to 2 bytes (WHATENC_ERR_INVALID_ARGUMENT otherwise).
 *
 * Pointers.  A NULL buffer is accepted wherever its length is 0; a NULL
 * buffer with a non-zero length, or a NULL out-parameter that is not marked
 * "may be NULL", is rejected with WHATENC_ERR_NULL_POINTER.  Input and output
 * buffers must not overlap (WHATENC_ERR_INVALID_ARGUMENT).  The library never
 * keeps a pointer you pass after the call returns, and never writes past the
 * length you give for a buffer.
 *
 * Ownership.  The caller owns every buffer it passes.  Handles belong to the
 * caller from *_new() until *_free().  Memory returned through a uint8_t **out
 * parameter is allocated with malloc() and belongs to the caller, who releases
 * it with whatenc_free() (or free()).  Strings returned as const char * are
 * static: never free or modify them; they live as long as the process.
 *
 * Encodings.  An encoding is a small integer ID: its position in the
 * standard's table (section 4.2), 0 (UTF-8) to whatenc_encoding_count() - 1
 * (39, x-user-defined).  IDs are stable across releases.  Encodings are
 * immutable: the encoding functions may be called from any thread at any time.
 *
 * Handles.  whatenc_decoder and whatenc_encoder are opaque.  Distinct handles
 * may be used concurrently from any threads; ONE HANDLE MUST NOT BE USED BY
 * TWO THREADS AT ONCE (including freeing it while another thread uses it).
 * A handle may move between threads between calls.  A NULL handle, a freed
 * handle, a pointer that never was a handle, and a decoder passed where an
 * encoder is expected (or the reverse) are detected and rejected with
 * WHATENC_ERR_INVALID_HANDLE (free functions ignore them).  Detection of a
 * freed handle is exact until its memory is reused by a later *_new() (from
 * any thread; a freed handle waits until 256 more have been freed), after
 * which the stale pointer names the new handle, as with any allocator: so a
 * second free of a handle is harmless only while no other thread may have
 * reused it.
 *
 * ===========================================================================
 * PROCESS LIFECYCLE (the library is written in Go: read this)
 * ===========================================================================
 *
 * - Call whatenc_init() before anything else, and in particular before the
 *   process forks or creates threads that use the library.  The Go runtime
 *   inside the library starts asynchronously when the library is loaded;
 *   whatenc_init() returns once it is ready.  It is idempotent and
 *   thread-safe.  Other functions also wait for the runtime, so init is
 *   required only for fork safety, but calling it is the documented habit.
 * - One Go runtime per process: loading a second Go-built shared library
 *   into the same process is not supported by Go.
 * - The library cannot be unloaded: dlclose() does not unload it, and its
 *   threads keep running until the process exits.
 * - fork(): the Go runtime's threads do not survive fork().  In a child
 *   forked after the library was loaded (Python's multiprocessing "fork"
 *   start method does this), call nothing but whatenc_version_number(),
 *   whatenc_version_string(), whatenc_strerror() and whatenc_free() (of
 *   what the parent's one-shot calls returned).  Every other function
 *   returns WHATENC_ERR_FORKED immediately (NULL, or nothing, for those
 *   without a status) instead of hanging.  Use exec(), posix_spawn() or a
 *   "spawn" start method instead.  Detection relies on pthread_atfork(),
 *   which a raw clone() system call bypasses.
 * - Signals: the Go runtime installs handlers for SIGSEGV, SIGBUS, SIGFPE
 *   and SIGPIPE (and uses signal-based preemption on its own threads).  A
 *   handler the host installs for these signals, before or after loading,
 *   must be installed with SA_ONSTACK, or crashes on Go threads become
 *   silent hangs or wrong stack traces.
 * - Threads: the first call on a thread new to the library costs a few
 *   microseconds; later calls cost tens of nanoseconds.  Convert whole
 *   buffers per call, never a character at a time.
 * - Small calls: a streaming call that is not the last, with at most 512
 *   bytes (or UTF-16 units) of ASCII input, or at most 192 bytes a decoder's
 *   byte or pair table maps, or at most 96 bytes (units) of other input, is
 *   answered without entering the Go runtime when the handle's state and
 *   the input allow it (ASCII, valid UTF-8 or UTF-16, characters the
 *   encoding's tables map), with exactly the result Go would give.  For
 *   the double-byte encodings and the encoders these tables are built in
 *   the background after the first call small enough for them (192 bytes
 *   to a decoder, 96 to an encoder) to a handle of that encoding (a few
 *   milliseconds, up to 128 KiB each, kept until the process exits); until
 *   then such calls go to Go.  The validation functions answer inputs of at
 *   most 512 units of ASCII, or 96 of other text, without Go as well.
 */
#ifndef WHATENC_H
#define WHATENC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Version
 * ------------------------------------------------------------------------ */

#define WHATENC_VERSION_MAJOR 1
#define WHATENC_VERSION_MINOR 0
#define WHATENC_VERSION_PATCH 0
/* major * 10000 + minor * 100 + patch: 10000 for 1.0.0. */
#define WHATENC_VERSION_NUMBER \
    (WHATENC_VERSION_MAJOR * 10000 + WHATENC_VERSION_MINOR * 100 + WHATENC_VERSION_PATCH)
#define WHATENC_VERSION_STRING "1.0.0"

/* The version of the library actually loaded, as WHATENC_VERSION_NUMBER.
 * Compare with the macro to detect a header/library mismatch.  Any thread;
 * also in a forked child. */
unsigned whatenc_version_number(void);

/* The version of the library loaded, as "1.0.0".  Static string.  Any
 * thread; also in a forked child. */
const char *whatenc_version_string(void);

/* The vector kernels the library uses, chosen when it is loaded by what the
 * CPU has: "avx512" (AVX-512 with VBMI and VBMI2, as from Ice Lake and Zen 4
 * on, beside AVX2), "avx2", "neon" (arm64: UTF-8 validation, ASCII runs,
 * the single-byte decoders, UTF-16 to UTF-16, UTF-16 to UTF-8 of one- and
 * two-byte forms), or "generic" (portable code alone; also on other CPUs).  The environment
 * variable WHATENC_CPU, read when the library is loaded, can hold them
 * below that: "avx2" or "generic" ("avx512" or anything else: what the CPU
 * has; on arm64 only "generic" changes anything); it never selects kernels
 * the CPU lacks.  Output is the same with any of them: the variable is for
 * measuring what a CPU without AVX-512 or AVX2 gets, and for ruling a
 * kernel out when looking into a problem.  Static string; any thread; NULL
 * in a forked child. */
const char *whatenc_kernels(void);

/* ------------------------------------------------------------------------
 * Status codes (values are pinned; they never change)
 * ------------------------------------------------------------------------ */

typedef enum whatenc_status {
    /* The call consumed all of its input.  After a call with last != 0 the
     * stream is finished and the handle is ready for a new stream. */
    WHATENC_OK = 0,
    /* The output buffer has no room for the next character: call again with
     * the unread input (src + *src_len) and an emptied or new buffer. */
    WHATENC_OUTPUT_FULL = 1,
    /* A decoder in WHATENC_FATAL mode met malformed input; see
     * whatenc_decode_info.  The caller may continue with the next call.
     * (From whatenc_utf8_valid_up_to() and whatenc_utf16_valid_up_to():
     * the input is not all valid.) */
    WHATENC_MALFORMED = 2,
    /* An encoder in WHATENC_FATAL mode met a code point its encoding cannot
     * represent; see whatenc_encode_info.  The caller may continue. */
    WHATENC_UNMAPPABLE = 3,

    /* The label names no encoding of the standard. */
    WHATENC_ERR_UNKNOWN_LABEL = -1,
    /* The encoding ID is not between 0 and whatenc_encoding_count() - 1. */
    WHATENC_ERR_INVALID_ENCODING = -2,
    /* NULL, freed, foreign, or wrong-kind (decoder for encoder) handle. */
    WHATENC_ERR_INVALID_HANDLE = -3,
    /* A NULL buffer with a non-zero length, or a required out-parameter
     * that is NULL. */
    WHATENC_ERR_NULL_POINTER = -4,
    /* A mode or flag out of range, or overlapping input and output. */
    WHATENC_ERR_INVALID_ARGUMENT = -5,
    /* A buffer over PTRDIFF_MAX bytes or past the end of the address
     * space, or a result that does not fit a size_t. */
    WHATENC_ERR_OVERFLOW = -6,
    /* Memory allocation failed. */
    WHATENC_ERR_OUT_OF_MEMORY = -7,
    /* Called in a child process forked after the library was loaded. */
    WHATENC_ERR_FORKED = -8,
    /* A bug in the library was caught (a Go panic, recovered); the state of
     * the handle used is unspecified: reset or free it. */
    WHATENC_ERR_INTERNAL = -9
} whatenc_status;

/* A short English description of status ("output full", "unknown encoding
 * label"); "unknown status" for a value that is no status.  Static string,
 * never NULL.  Any thread; also in a forked child. */
const char *whatenc_strerror(int status);

/* ------------------------------------------------------------------------
 * Initialisation
 * ------------------------------------------------------------------------ */

/* Waits until the library's Go runtime is ready and prepares fork
 * detection.  Idempotent; any thread.  Returns WHATENC_OK, or
 * WHATENC_ERR_FORKED in a forked child. */
whatenc_status whatenc_init(void);

/* ------------------------------------------------------------------------
 * Encodings
 * ------------------------------------------------------------------------ */

/* The standard's encodings in table order (section 4.2), by ID. */
#define WHATENC_UTF_8 0
#define WHATENC_IBM866 1
#define WHATENC_ISO_8859_2 2
#define WHATENC_ISO_8859_3 3
#define WHATENC_ISO_8859_4 4
#define WHATENC_ISO_8859_5 5
#define WHATENC_ISO_8859_6 6
#define WHATENC_ISO_8859_7 7
#define WHATENC_ISO_8859_8 8
#define WHATENC_ISO_8859_8_I 9
#define WHATENC_ISO_8859_10 10
#define WHATENC_ISO_8859_13 11
#define WHATENC_ISO_8859_14 12
#define WHATENC_ISO_8859_15 13
#define WHATENC_ISO_8859_16 14
#define WHATENC_KOI8_R 15
#define WHATENC_KOI8_U 16
#define WHATENC_MACINTOSH 17
#define WHATENC_WINDOWS_874 18
#define WHATENC_WINDOWS_1250 19
#define WHATENC_WINDOWS_1251 20
#define WHATENC_WINDOWS_1252 21
#define WHATENC_WINDOWS_1253 22
#define WHATENC_WINDOWS_1254 23
#define WHATENC_WINDOWS_1255 24
#define WHATENC_WINDOWS_1256 25
#define WHATENC_WINDOWS_1257 26
#define WHATENC_WINDOWS_1258 27
#define WHATENC_X_MAC_CYRILLIC 28
#define WHATENC_GBK 29
#define WHATENC_GB18030 30
#define WHATENC_BIG5 31
#define WHATENC_EUC_JP 32
#define WHATENC_ISO_2022_JP 33
#define WHATENC_SHIFT_JIS 34
#define WHATENC_EUC_KR 35
#define WHATENC_REPLACEMENT_ENCODING 36
#define WHATENC_UTF_16BE 37
#define WHATENC_UTF_16LE 38
#define WHATENC_X_USER_DEFINED 39

/* "Get an encoding" (section 4.2): the ID of the encoding that label names,
 * or WHATENC_ERR_UNKNOWN_LABEL.  label is len bytes, not NUL-terminated
 * (it may contain NUL bytes, which match nothing); leading and trailing
 * ASCII whitespace is removed and ASCII letters match case-insensitively,
 * so "  UTF8\n" is UTF-8 and "utf8\xc2\xa0" is unknown.  label may be NULL
 * if len is 0 (WHATENC_ERR_UNKNOWN_LABEL); otherwise
 * WHATENC_ERR_NULL_POINTER.  Also WHATENC_ERR_OVERFLOW, WHATENC_ERR_FORKED. */
int whatenc_encoding_for_label(const char *label, size_t len);

/* The number of encodings: 40.  IDs are 0 to this minus 1.  Also
 * WHATENC_ERR_FORKED. */
int whatenc_encoding_count(void);

/* The encoding's name as the standard spells it ("UTF-8", "Shift_JIS",
 * "gb18030"), a static NUL-terminated string; NULL for an invalid ID (or in
 * a forked child). */
const char *whatenc_encoding_name(int encoding);

/* "Get an output encoding" (section 4.3): the ID of the encoding an encoder
 * for this encoding writes: UTF-8 for replacement, UTF-16BE and UTF-16LE,
 * the encoding itself otherwise.  WHATENC_ERR_INVALID_ENCODING,
 * WHATENC_ERR_FORKED. */
int whatenc_encoding_output_encoding(int encoding);

/* 1 if the standard defines an encoder for the encoding, 0 if not
 * (replacement, UTF-16BE, UTF-16LE: their encoders write UTF-8).
 * WHATENC_ERR_INVALID_ENCODING, WHATENC_ERR_FORKED. */
int whatenc_encoding_has_encoder(int encoding);

/* "BOM sniff" (section 6.1): the ID of the encoding whose byte order mark
 * src starts with (UTF-8 EF BB BF, UTF-16BE FE FF, UTF-16LE FF FE), or -1
 * if there is none (including len < 2).  src is len bytes; NULL is fine if
 * len is 0, otherwise WHATENC_ERR_NULL_POINTER.  Also WHATENC_ERR_FORKED. */
int whatenc_bom_sniff(const uint8_t *src, size_t len);

/* ------------------------------------------------------------------------
 * Validation
 * ------------------------------------------------------------------------ */

/* How many leading bytes of src (len bytes) are valid UTF-8, in *valid_len:
 * len if all of them are, else the offset of the first byte of the first
 * sequence that the UTF-8 decoder (section 8.1.1) finds malformed, or that
 * src ends before it is complete.  src[0 .. *valid_len) decodes without an
 * error.  Returns WHATENC_OK if all of src is valid, WHATENC_MALFORMED if
 * not (a sequence cut short at the end included: when more input follows,
 * go on from *valid_len with the rest).  A byte order mark is valid UTF-8
 * like any other character.  src may be NULL if len is 0.  Errors:
 * WHATENC_ERR_NULL_POINTER (also for a NULL valid_len),
 * WHATENC_ERR_OVERFLOW, WHATENC_ERR_FORKED; *valid_len is then 0.  Nothing
 * is written but *valid_len. */
whatenc_status whatenc_utf8_valid_up_to(const uint8_t *src, size_t len, size_t *valid_len);

/* The same for UTF-16 (len code units in the machine's byte order, src
 * aligned to 2 bytes): *valid_len is len if every surrogate in src is half
 * of a pair, else the index of the first that is not (a low surrogate
 * without a high one before it, or a high one without a low one after it,
 * also at the end of src).  Those are the code units that TextEncoder and
 * whatenc_encoder_encode_from_utf16() encode as U+FFFD.  WHATENC_OK or
 * WHATENC_MALFORMED; errors as above, and WHATENC_ERR_INVALID_ARGUMENT for
 * a misaligned src. */
whatenc_status whatenc_utf16_valid_up_to(const uint16_t *src, size_t len, size_t *valid_len);

/* ------------------------------------------------------------------------
 * Modes
 * ------------------------------------------------------------------------ */

/* Error modes (section 4.1).  Decoders take WHATENC_REPLACEMENT or
 * WHATENC_FATAL; encoders take WHATENC_HTML or WHATENC_FATAL; anything else
 * is WHATENC_ERR_INVALID_ARGUMENT. */
typedef enum whatenc_error_mode {
    /* Decoders: malformed input becomes U+FFFD. */
    WHATENC_REPLACEMENT = 0,
    /* Stop with WHATENC_MALFORMED or WHATENC_UNMAPPABLE. */
    WHATENC_FATAL = 1,
    /* Encoders: an unmappable code point becomes "&#NNNN;". */
    WHATENC_HTML = 2
} whatenc_error_mode;

/* What a decoder does with a byte order mark at the start of a stream. */
typedef enum whatenc_bom_mode {
    /* The legacy "decode" hook (section 6.1): a UTF-8, UTF-16BE or UTF-16LE
     * BOM overrides the decoder's encoding and is removed;
     * whatenc_decoder_encoding() tells the encoding in use. */
    WHATENC_BOM_SNIFF = 0,
    /* Remove the encoding's own BOM (UTF-8, UTF-16BE, UTF-16LE only):
     * TextDecoder's default, "UTF-8 decode".  As TextDecoder's "BOM seen",
     * it is the stream's first character that is removed if it is U+FEFF:
     * in WHATENC_FATAL mode, one that follows errors alone (which write
     * nothing) when the caller goes on after them. */
    WHATENC_BOM_REMOVE = 1,
    /* Decode a BOM like any other bytes (U+FEFF): TextDecoder's ignoreBOM,
     * "UTF-8 decode without BOM". */
    WHATENC_BOM_KEEP = 2
} whatenc_bom_mode;

/* ------------------------------------------------------------------------
 * The streaming contract (decoders and encoders)
 * ------------------------------------------------------------------------
 *
 * Every conversion call takes src with an in/out length *src_len, dst with
 * an in/out length *dst_len, and a last flag.  On entry *src_len and
 * *dst_len are the sizes of the buffers; on return they are the units read
 * from src and written to dst.  Then:
 *
 * - A call consumes as much of src as it can.  An incomplete sequence at the
 *   end of src (or a UTF-16 high surrogate) is kept inside the handle and
 *   counted as read: never pass input twice.
 * - Output never splits a character: dst receives only whole UTF-8
 *   sequences, whole surrogate pairs, whole multi-byte characters and whole
 *   escape sequences.
 * - Only the first *dst_len units of dst (on return) are output.  The vector
 *   code may have stored scratch bytes after them, never past the size given
 *   on entry: do not expect the rest of dst to be left as it was.
 * - WHATENC_OUTPUT_FULL: dst had no room for the next character.  Consume
 *   dst, then call again with src + *src_len (the unread rest).
 * - Pass last != 0 with the final input, and repeat (with the unread rest)
 *   while the result is WHATENC_OUTPUT_FULL.  Once a call with last returns
 *   WHATENC_OK the stream is finished: the next call starts a new stream, as
 *   on a new handle.  (Until then whatenc_decoder_encoding() still tells the
 *   encoding the finished stream used.)
 * - In WHATENC_FATAL mode a call stops after an error (WHATENC_MALFORMED,
 *   WHATENC_UNMAPPABLE); the caller may report it and continue with the next
 *   call from src + *src_len.
 * - A decoder makes progress whenever dst has room for 4 bytes (UTF-8) or 2
 *   code units (UTF-16); an encoder whenever dst has room for 13 bytes.  The
 *   output is identical however the input is split and however small the
 *   buffers are, down to those sizes.
 *
 * Threads: one thread at a time per handle (see CONVENTIONS).
 */

typedef struct whatenc_decoder whatenc_decoder;
typedef struct whatenc_encoder whatenc_encoder;

/* Details of a decoder call (the out-parameter info). */
typedef struct whatenc_decode_info {
    /* WHATENC_REPLACEMENT mode: non-zero if this call wrote at least one
     * U+FFFD for malformed input. */
    int replaced;
    /* With WHATENC_MALFORMED: the malformed sequence is malformed_len bytes
     * long and ends consumed_after bytes before the end of all input
     * consumed so far (this call's *src_len bytes after earlier calls'
     * input).  consumed_after is non-zero when the standard "restores"
     * bytes already consumed; the decoder decodes them on the next call.
     * So the stream offset of the malformed bytes is
     *   total_consumed - consumed_after - malformed_len.
     * Both are 0 for other statuses. */
    size_t malformed_len;
    size_t consumed_after;
} whatenc_decode_info;

/* Details of an encoder call (the out-parameter info). */
typedef struct whatenc_encode_info {
    /* WHATENC_HTML mode: non-zero if this call wrote at least one numeric
     * character reference. */
    int replaced;
    /* With WHATENC_UNMAPPABLE: the code point the encoding cannot
     * represent.  It was consumed: it lies within this call's input, or
     * was completed by it, or (a call with last) it is the U+FFFD of a
     * sequence or high surrogate that earlier calls left incomplete.
     * ISO-2022-JP reports U+FFFD for U+000E, U+000F and
     * U+001B, as the standard does.  0 for other statuses. */
    uint32_t unmappable;
} whatenc_encode_info;

/* ------------------------------------------------------------------------
 * Decoders: bytes in an encoding -> UTF-8 or UTF-16
 * ------------------------------------------------------------------------ */

/* Creates a decoder for encoding (any of the 40, replacement included) with
 * the given BOM handling and error mode (WHATENC_REPLACEMENT or
 * WHATENC_FATAL), and stores it in *out, which the caller frees with
 * whatenc_decoder_free().  On error *out is set to NULL (if out is not
 * NULL).  WHATENC_ERR_INVALID_ENCODING, WHATENC_ERR_INVALID_ARGUMENT,
 * WHATENC_ERR_NULL_POINTER (out), WHATENC_ERR_OUT_OF_MEMORY,
 * WHATENC_ERR_FORKED. */
whatenc_status whatenc_decoder_new(int encoding, whatenc_bom_mode bom,
                                   whatenc_error_mode mode,
                                   whatenc_decoder **out);

/* Frees a decoder.  NULL, an already freed handle, an encoder and foreign
 * pointers are ignored (nothing happens).  In a forked child this does
 * nothing. */
void whatenc_decoder_free(whatenc_decoder *decoder);

/* Returns the decoder to its state right after whatenc_decoder_new(),
 * forgetting any partial input and the sniffed encoding.
 * WHATENC_ERR_INVALID_HANDLE, WHATENC_ERR_FORKED. */
whatenc_status whatenc_decoder_reset(whatenc_decoder *decoder);

/* The ID of the encoding the decoder decodes: with WHATENC_BOM_SNIFF, the
 * encoding of a BOM found at the start of the stream (known once the first
 * 3 bytes, or the end of a shorter stream, were passed; still reported after
 * the stream's last call), otherwise the one it was created for.  WHATENC_ERR_INVALID_HANDLE, WHATENC_ERR_FORKED. */
int whatenc_decoder_encoding(const whatenc_decoder *decoder);

/* Stores in *out an upper bound of the UTF-8 bytes (UTF-16 code units for
 * _max_utf16_length) that decoding src_len more bytes with last != 0
 * writes, counting the input the decoder holds: a dst of that size finishes
 * the stream in one call.  WHATENC_ERR_OVERFLOW if the bound exceeds
 * PTRDIFF_MAX; WHATENC_ERR_INVALID_HANDLE, WHATENC_ERR_NULL_POINTER (out),
 * WHATENC_ERR_FORKED.  *out is 0 on error. */
whatenc_status whatenc_decoder_max_utf8_length(const whatenc_decoder *decoder,
                                               size_t src_len, size_t *out);
whatenc_status whatenc_decoder_max_utf16_length(const whatenc_decoder *decoder,
                                                size_t src_len, size_t *out);

/* Decodes src (*src_len bytes) into dst (*dst_len bytes of UTF-8) following
 * the streaming contract above.  info may be NULL; otherwise it receives
 * the call's details.  Returns WHATENC_OK, WHATENC_OUTPUT_FULL,
 * WHATENC_MALFORMED (fatal mode), or an error: WHATENC_ERR_INVALID_HANDLE,
 * WHATENC_ERR_NULL_POINTER, WHATENC_ERR_INVALID_ARGUMENT (overlap),
 * WHATENC_ERR_OVERFLOW, WHATENC_ERR_FORKED. */
whatenc_status whatenc_decoder_decode_to_utf8(whatenc_decoder *decoder,
                                              const uint8_t *src, size_t *src_len,
                                              uint8_t *dst, size_t *dst_len,
                                              int last, whatenc_decode_info *info);

/* As whatenc_decoder_decode_to_utf8(), writing UTF-16 code units in the
 * machine's byte order; *dst_len counts code units, *src_len bytes. */
whatenc_status whatenc_decoder_decode_to_utf16(whatenc_decoder *decoder,
                                               const uint8_t *src, size_t *src_len,
                                               uint16_t *dst, size_t *dst_len,
                                               int last, whatenc_decode_info *info);

/* ------------------------------------------------------------------------
 * Encoders: UTF-8 or UTF-16 -> bytes in an OUTPUT encoding
 * ------------------------------------------------------------------------ */

/* Creates an encoder and stores it in *out (free with
 * whatenc_encoder_free()); *out is NULL on error.
 *
 *   !!! AN ENCODER WRITES THE *OUTPUT ENCODING* OF `encoding` !!!
 *   An encoder created for UTF-16BE, UTF-16LE or replacement writes UTF-8
 *   ("get an output encoding", section 4.3); whatenc_encoder_encoding()
 *   tells which encoding it writes.  To produce UTF-16, decode to UTF-16.
 *
 * mode is WHATENC_HTML or WHATENC_FATAL.  WHATENC_ERR_INVALID_ENCODING,
 * WHATENC_ERR_INVALID_ARGUMENT, WHATENC_ERR_NULL_POINTER (out),
 * WHATENC_ERR_OUT_OF_MEMORY, WHATENC_ERR_FORKED. */
whatenc_status whatenc_encoder_new(int encoding, whatenc_error_mode mode,
                                   whatenc_encoder **out);

/* Frees an encoder.  NULL, an already freed handle, a decoder and foreign
 * pointers are ignored.  In a forked child this does nothing. */
void whatenc_encoder_free(whatenc_encoder *encoder);

/* Returns the encoder to its initial state, forgetting held input.
 * WHATENC_ERR_INVALID_HANDLE, WHATENC_ERR_FORKED. */
whatenc_status whatenc_encoder_reset(whatenc_encoder *encoder);

/* The ID of the encoding the encoder writes: always an output encoding.
 * WHATENC_ERR_INVALID_HANDLE, WHATENC_ERR_FORKED. */
int whatenc_encoder_encoding(const whatenc_encoder *encoder);

/* Stores in *out an upper bound of the bytes that encoding src_len more
 * bytes of UTF-8 (code units of UTF-16 for _from_utf16) with last != 0
 * writes in the encoder's mode: a dst of that size finishes the stream in
 * one call.  Errors as whatenc_decoder_max_utf8_length(). */
whatenc_status whatenc_encoder_max_length_from_utf8(const whatenc_encoder *encoder,
                                                    size_t src_len, size_t *out);
whatenc_status whatenc_encoder_max_length_from_utf16(const whatenc_encoder *encoder,
                                                     size_t src_len, size_t *out);

/* Encodes the UTF-8 text src (*src_len bytes) into dst (*dst_len bytes)
 * following the streaming contract above.  Invalid UTF-8 is read as the
 * standard's UTF-8 decoder reads it: one U+FFFD per maximal invalid
 * subsequence.  info may be NULL.  Returns WHATENC_OK, WHATENC_OUTPUT_FULL,
 * WHATENC_UNMAPPABLE (fatal mode) or an error as for the decoders. */
whatenc_status whatenc_encoder_encode_from_utf8(whatenc_encoder *encoder,
                                                const uint8_t *src, size_t *src_len,
                                                uint8_t *dst, size_t *dst_len,
                                                int last, whatenc_encode_info *info);

/* As whatenc_encoder_encode_from_utf8() for UTF-16 input in the machine's
 * byte order; *src_len counts code units.  A lone surrogate is encoded as
 * U+FFFD; a high surrogate ending src is held for the next call. */
whatenc_status whatenc_encoder_encode_from_utf16(whatenc_encoder *encoder,
                                                 const uint16_t *src, size_t *src_len,
                                                 uint8_t *dst, size_t *dst_len,
                                                 int last, whatenc_encode_info *info);

/* TextEncoder's encodeInto(source, destination) (section 7.4): writes the
 * UTF-8 form of src (src_len code units) into dst (dst_len bytes) as far as
 * whole scalar values fit, never splitting a surrogate pair; a lone
 * surrogate is written as U+FFFD.  *read receives the code units read,
 * *written the bytes written (both required).  Returns WHATENC_OK if all of
 * src was read, WHATENC_OUTPUT_FULL if not, or an error. */
whatenc_status whatenc_encode_into(const uint16_t *src, size_t src_len,
                                   uint8_t *dst, size_t dst_len,
                                   size_t *read, size_t *written);

/* ------------------------------------------------------------------------
 * One-shot conversions with allocated output
 * ------------------------------------------------------------------------
 *
 * These convert a whole input held in memory.  On WHATENC_OK, *out points
 * to a new buffer of *out_len bytes followed by one NUL byte that is not
 * counted (so UTF-8 output can be used as a C string when it holds no NUL
 * itself); *out is never NULL then, even for empty output.  The caller owns
 * it and releases it with whatenc_free().  On any other status *out is NULL
 * and *out_len is 0: there is nothing to free.
 */

/* The legacy "decode" hook (section 6.1): decodes src (src_len bytes) to
 * UTF-8.  A UTF-8, UTF-16BE or UTF-16LE BOM decides the encoding (and is
 * removed); otherwise fallback_encoding does.  Malformed input becomes
 * U+FFFD.  *used_encoding (may be NULL) receives the encoding used.
 * Returns WHATENC_OK or an error (WHATENC_ERR_INVALID_ENCODING,
 * WHATENC_ERR_NULL_POINTER, WHATENC_ERR_OVERFLOW,
 * WHATENC_ERR_OUT_OF_MEMORY, WHATENC_ERR_FORKED). */
whatenc_status whatenc_decode(int fallback_encoding,
                              const uint8_t *src, size_t src_len,
                              uint8_t **out, size_t *out_len,
                              int *used_encoding);

/* The general one-shot decoder: as a decoder created with encoding, bom and
 * mode, fed all of src with last set.  *used_encoding (may be NULL)
 * receives the encoding used (after sniffing).  In WHATENC_FATAL mode,
 * malformed input returns WHATENC_MALFORMED and *error_offset (may be NULL)
 * receives the offset in src of the first malformed byte (*error_offset is
 * 0 otherwise).  So whatenc_decode_advanced(WHATENC_UTF_8, WHATENC_BOM_KEEP,
 * WHATENC_FATAL, ...) is "UTF-8 decode without BOM or fail". */
whatenc_status whatenc_decode_advanced(int encoding, whatenc_bom_mode bom,
                                       whatenc_error_mode mode,
                                       const uint8_t *src, size_t src_len,
                                       uint8_t **out, size_t *out_len,
                                       int *used_encoding, size_t *error_offset);

/* Encodes the UTF-8 text utf8 (len bytes) into the OUTPUT encoding of
 * encoding (UTF-8 for UTF-16BE, UTF-16LE and replacement), in mode
 * WHATENC_HTML (the legacy "encode" hook: unmappable code points become
 * "&#NNNN;") or WHATENC_FATAL (WHATENC_UNMAPPABLE, with the first
 * unmappable code point in *unmappable).  unmappable may be NULL; it
 * receives 0 when the status is not WHATENC_UNMAPPABLE.  Invalid UTF-8
 * input is encoded as U+FFFD.  Errors as whatenc_decode(), plus
 * WHATENC_ERR_INVALID_ARGUMENT for a bad mode. */
whatenc_status whatenc_encode(int encoding, const uint8_t *utf8, size_t len,
                              whatenc_error_mode mode,
                              uint8_t **out, size_t *out_len,
                              uint32_t *unmappable);

/* Releases memory returned by the one-shot functions.  NULL is a no-op.
 * Usable in a forked child. */
void whatenc_free(void *p);

#ifdef __cplusplus
}
#endif

#endif /* WHATENC_H */
