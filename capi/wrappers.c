// The public entry points of libwhatenc.
//
// Every function declared in whatenc.h is defined here, in C, so that the
// compiler checks each definition against its declaration, and so that a
// call in a child forked after the library was loaded returns
// WHATENC_ERR_FORKED before it enters the Go runtime (whose threads did not
// survive the fork: entering it could hang). The work is done by the Go
// functions whatencgo_* (exports.go), which the linker version script keeps
// out of the shared library's dynamic symbol table.

#include <pthread.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

#include <string.h>

#include "whatenc.h"
#include "_cgo_export.h"
#include "registry.h"

// forked is set in every child forked after the library was loaded: the
// pthread_atfork handler is registered by a constructor, so it also covers
// a fork before whatenc_init() or before the Go runtime finished starting.
static int forked;
// init_pid is the process that called whatenc_init(), to catch children
// created by a raw clone() that skips the atfork handlers.
static pid_t init_pid;

static void on_fork_child(void) { __atomic_store_n(&forked, 1, __ATOMIC_RELAXED); }

__attribute__((constructor)) static void whatenc_load(void) {
    pthread_atfork(NULL, NULL, on_fork_child);
}

static int in_forked_child(void) {
    return __builtin_expect(__atomic_load_n(&forked, __ATOMIC_RELAXED), 0);
}

// in_other_process is the slower check for the functions that are not
// per-buffer: a pid different from the one recorded by whatenc_init().
static int in_other_process(void) {
    if (in_forked_child()) return 1;
    pid_t p = __atomic_load_n(&init_pid, __ATOMIC_ACQUIRE);
    if (p != 0 && p != getpid()) {
        on_fork_child();
        return 1;
    }
    return 0;
}

#define GUARD(ret) do { if (in_forked_child()) return (ret); } while (0)
#define GUARD_PID(ret) do { if (in_other_process()) return (ret); } while (0)

// forked_status zeroes the length and info out-parameters it is given
// (those not NULL), as every error return does, and returns
// WHATENC_ERR_FORKED: what the functions with such parameters return in a
// forked child.
static whatenc_status forked_status(size_t *len1, size_t *len2, void *info, size_t info_size) {
    if (len1 != NULL) *len1 = 0;
    if (len2 != NULL) *len2 = 0;
    if (info != NULL) memset(info, 0, info_size);
    return WHATENC_ERR_FORKED;
}

// The slab table (registry.h), shared with Go (handles.go).
struct whatencgo_registry whatencgo_slabs;

// The calls answered here without entering Go: smallcall.h.
#include "smallcall.h"

unsigned whatenc_version_number(void) { return WHATENC_VERSION_NUMBER; }

const char *whatenc_version_string(void) { return WHATENC_VERSION_STRING; }

const char *whatenc_strerror(int status) {
    switch (status) {
    case WHATENC_OK: return "ok: input consumed";
    case WHATENC_OUTPUT_FULL: return "output full";
    case WHATENC_MALFORMED: return "malformed input";
    case WHATENC_UNMAPPABLE: return "unmappable character";
    case WHATENC_ERR_UNKNOWN_LABEL: return "unknown encoding label";
    case WHATENC_ERR_INVALID_ENCODING: return "invalid encoding ID";
    case WHATENC_ERR_INVALID_HANDLE: return "invalid handle";
    case WHATENC_ERR_NULL_POINTER: return "NULL pointer";
    case WHATENC_ERR_INVALID_ARGUMENT: return "invalid argument";
    case WHATENC_ERR_OVERFLOW: return "length overflow";
    case WHATENC_ERR_OUT_OF_MEMORY: return "out of memory";
    case WHATENC_ERR_FORKED: return "called in a forked child process";
    case WHATENC_ERR_INTERNAL: return "internal error";
    }
    return "unknown status";
}

whatenc_status whatenc_init(void) {
    GUARD_PID(WHATENC_ERR_FORKED);
    int st = whatencgo_init();
    if (st != WHATENC_OK) return (whatenc_status)st;
    pid_t expected = 0;
    __atomic_compare_exchange_n(&init_pid, &expected, getpid(), 0,
                                __ATOMIC_RELEASE, __ATOMIC_RELAXED);
    return WHATENC_OK;
}

void whatenc_free(void *p) { free(p); }

int whatenc_encoding_for_label(const char *label, size_t len) {
    GUARD(WHATENC_ERR_FORKED);
    return whatencgo_encoding_for_label((void *)label, len);
}

int whatenc_encoding_count(void) {
    GUARD(WHATENC_ERR_FORKED);
    return whatencgo_encoding_count();
}

const char *whatenc_kernels(void) {
    GUARD(NULL);
    static const char *const names[] = {"generic", "avx2", "avx512", "neon"};
    int k = whatencgo_kernels();
    return k >= 0 && k < 4 ? names[k] : NULL;
}

const char *whatenc_encoding_name(int encoding) {
    GUARD(NULL);
    return whatencgo_encoding_name(encoding);
}

int whatenc_encoding_output_encoding(int encoding) {
    GUARD(WHATENC_ERR_FORKED);
    return whatencgo_encoding_output_encoding(encoding);
}

int whatenc_encoding_has_encoder(int encoding) {
    GUARD(WHATENC_ERR_FORKED);
    return whatencgo_encoding_has_encoder(encoding);
}

int whatenc_bom_sniff(const uint8_t *src, size_t len) {
    GUARD(WHATENC_ERR_FORKED);
    return whatencgo_bom_sniff((void *)src, len);
}

whatenc_status whatenc_utf8_valid_up_to(const uint8_t *src, size_t len, size_t *valid_len) {
    if (valid_len != NULL) *valid_len = 0;
    GUARD(WHATENC_ERR_FORKED);
    if (valid_len != NULL && small_valid_prefix(src, len, 1, valid_len))
        return *valid_len == len ? WHATENC_OK : WHATENC_MALFORMED;
    return (whatenc_status)whatencgo_utf8_valid_up_to((void *)src, len, valid_len);
}

whatenc_status whatenc_utf16_valid_up_to(const uint16_t *src, size_t len, size_t *valid_len) {
    if (valid_len != NULL) *valid_len = 0;
    GUARD(WHATENC_ERR_FORKED);
    if (valid_len != NULL && small_valid_prefix(src, len, 2, valid_len))
        return *valid_len == len ? WHATENC_OK : WHATENC_MALFORMED;
    return (whatenc_status)whatencgo_utf16_valid_up_to((void *)src, len, valid_len);
}

whatenc_status whatenc_decoder_new(int encoding, whatenc_bom_mode bom,
                                   whatenc_error_mode mode, whatenc_decoder **out) {
    if (out != NULL) *out = NULL;
    GUARD_PID(WHATENC_ERR_FORKED);
    return (whatenc_status)whatencgo_decoder_new(encoding, (int)bom, (int)mode, (void **)out);
}

void whatenc_decoder_free(whatenc_decoder *decoder) {
    GUARD((void)0);
    if (decoder != NULL) whatencgo_handle_free(decoder, 0);
}

whatenc_status whatenc_decoder_reset(whatenc_decoder *decoder) {
    GUARD(WHATENC_ERR_FORKED);
    return (whatenc_status)whatencgo_decoder_reset(decoder);
}

int whatenc_decoder_encoding(const whatenc_decoder *decoder) {
    GUARD(WHATENC_ERR_FORKED);
    return whatencgo_decoder_encoding((void *)decoder);
}

whatenc_status whatenc_decoder_max_utf8_length(const whatenc_decoder *decoder,
                                               size_t src_len, size_t *out) {
    if (in_forked_child()) return forked_status(out, NULL, NULL, 0);
    return (whatenc_status)whatencgo_decoder_max_length((void *)decoder, src_len, out, 0);
}

whatenc_status whatenc_decoder_max_utf16_length(const whatenc_decoder *decoder,
                                                size_t src_len, size_t *out) {
    if (in_forked_child()) return forked_status(out, NULL, NULL, 0);
    return (whatenc_status)whatencgo_decoder_max_length((void *)decoder, src_len, out, 1);
}

whatenc_status whatenc_decoder_decode_to_utf8(whatenc_decoder *decoder,
                                              const uint8_t *src, size_t *src_len,
                                              uint8_t *dst, size_t *dst_len,
                                              int last, whatenc_decode_info *info) {
    if (in_forked_child()) return forked_status(src_len, dst_len, info, sizeof *info);
    if (small_call(decoder, WHATENCGO_DECODER_TAG, DECODER_PASSES,
                   src, src_len, 1, dst, dst_len, 1, last, info, sizeof *info))
        return WHATENC_OK;
    return (whatenc_status)whatencgo_decode(decoder, (void *)src, src_len, dst, dst_len,
                                            last, info, 0);
}

whatenc_status whatenc_decoder_decode_to_utf16(whatenc_decoder *decoder,
                                               const uint8_t *src, size_t *src_len,
                                               uint16_t *dst, size_t *dst_len,
                                               int last, whatenc_decode_info *info) {
    if (in_forked_child()) return forked_status(src_len, dst_len, info, sizeof *info);
    if (small_call(decoder, WHATENCGO_DECODER_TAG, DECODER_PASSES,
                   src, src_len, 1, dst, dst_len, 2, last, info, sizeof *info))
        return WHATENC_OK;
    return (whatenc_status)whatencgo_decode(decoder, (void *)src, src_len, dst, dst_len,
                                            last, info, 1);
}

whatenc_status whatenc_encoder_new(int encoding, whatenc_error_mode mode,
                                   whatenc_encoder **out) {
    if (out != NULL) *out = NULL;
    GUARD_PID(WHATENC_ERR_FORKED);
    return (whatenc_status)whatencgo_encoder_new(encoding, (int)mode, (void **)out);
}

void whatenc_encoder_free(whatenc_encoder *encoder) {
    GUARD((void)0);
    if (encoder != NULL) whatencgo_handle_free(encoder, 1);
}

whatenc_status whatenc_encoder_reset(whatenc_encoder *encoder) {
    GUARD(WHATENC_ERR_FORKED);
    return (whatenc_status)whatencgo_encoder_reset(encoder);
}

int whatenc_encoder_encoding(const whatenc_encoder *encoder) {
    GUARD(WHATENC_ERR_FORKED);
    return whatencgo_encoder_encoding((void *)encoder);
}

whatenc_status whatenc_encoder_max_length_from_utf8(const whatenc_encoder *encoder,
                                                    size_t src_len, size_t *out) {
    if (in_forked_child()) return forked_status(out, NULL, NULL, 0);
    return (whatenc_status)whatencgo_encoder_max_length((void *)encoder, src_len, out, 0);
}

whatenc_status whatenc_encoder_max_length_from_utf16(const whatenc_encoder *encoder,
                                                     size_t src_len, size_t *out) {
    if (in_forked_child()) return forked_status(out, NULL, NULL, 0);
    return (whatenc_status)whatencgo_encoder_max_length((void *)encoder, src_len, out, 1);
}

whatenc_status whatenc_encoder_encode_from_utf8(whatenc_encoder *encoder,
                                                const uint8_t *src, size_t *src_len,
                                                uint8_t *dst, size_t *dst_len,
                                                int last, whatenc_encode_info *info) {
    if (in_forked_child()) return forked_status(src_len, dst_len, info, sizeof *info);
    if (small_call(encoder, WHATENCGO_ENCODER_TAG, WHATENCGO_ASCII_PASSES | WHATENCGO_ISO2022JP_PASSES,
                   src, src_len, 1, dst, dst_len, 1, last, info, sizeof *info))
        return WHATENC_OK;
    return (whatenc_status)whatencgo_encode(encoder, (void *)src, src_len, dst, dst_len,
                                            last, info, 0);
}

whatenc_status whatenc_encoder_encode_from_utf16(whatenc_encoder *encoder,
                                                 const uint16_t *src, size_t *src_len,
                                                 uint8_t *dst, size_t *dst_len,
                                                 int last, whatenc_encode_info *info) {
    if (in_forked_child()) return forked_status(src_len, dst_len, info, sizeof *info);
    if (small_call(encoder, WHATENCGO_ENCODER_TAG, WHATENCGO_ASCII_PASSES_UTF16 | WHATENCGO_ISO2022JP_PASSES,
                   src, src_len, 2, dst, dst_len, 1, last, info, sizeof *info))
        return WHATENC_OK;
    return (whatenc_status)whatencgo_encode(encoder, (void *)src, src_len, dst, dst_len,
                                            last, info, 1);
}

whatenc_status whatenc_encode_into(const uint16_t *src, size_t src_len,
                                   uint8_t *dst, size_t dst_len,
                                   size_t *read, size_t *written) {
    if (in_forked_child()) return forked_status(read, written, NULL, 0);
    return (whatenc_status)whatencgo_encode_into((void *)src, src_len, dst, dst_len,
                                                 read, written);
}

whatenc_status whatenc_decode(int fallback_encoding, const uint8_t *src, size_t src_len,
                              uint8_t **out, size_t *out_len, int *used_encoding) {
    return whatenc_decode_advanced(fallback_encoding, WHATENC_BOM_SNIFF, WHATENC_REPLACEMENT,
                                   src, src_len, out, out_len, used_encoding, NULL);
}

whatenc_status whatenc_decode_advanced(int encoding, whatenc_bom_mode bom,
                                       whatenc_error_mode mode,
                                       const uint8_t *src, size_t src_len,
                                       uint8_t **out, size_t *out_len,
                                       int *used_encoding, size_t *error_offset) {
    if (out != NULL) *out = NULL;
    if (out_len != NULL) *out_len = 0;
    if (error_offset != NULL) *error_offset = 0;
    GUARD(WHATENC_ERR_FORKED);
    return (whatenc_status)whatencgo_decode_all(encoding, (int)bom, (int)mode, (void *)src,
                                                src_len, (void **)out, out_len,
                                                used_encoding, error_offset);
}

whatenc_status whatenc_encode(int encoding, const uint8_t *utf8, size_t len,
                              whatenc_error_mode mode, uint8_t **out, size_t *out_len,
                              uint32_t *unmappable) {
    if (out != NULL) *out = NULL;
    if (out_len != NULL) *out_len = 0;
    if (unmappable != NULL) *unmappable = 0;
    GUARD(WHATENC_ERR_FORKED);
    return (whatenc_status)whatencgo_encode_all(encoding, (void *)utf8, len, (int)mode,
                                                (void **)out, out_len, unmappable);
}
