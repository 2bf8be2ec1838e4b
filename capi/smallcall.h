// Small calls answered in C (included by wrappers.c alone, so that its
// functions stay static and inline into the public entry points).

#ifndef WHATENC_SMALLCALL_H
#define WHATENC_SMALLCALL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "registry.h"
#include "whatenc.h"

// Calls answered here: a streaming call that is not the last, whose input
// is all ASCII and fits the output, to a handle whose state passes ASCII
// through unchanged (Go keeps that bit in the handle's slot after every
// call); such a call to a decoder whose encoding maps every byte on its
// own (a single-byte encoding, x-user-defined), whatever its bytes, if none
// is an error (Go keeps a pointer to the encoding's byte table in the
// slot); such a call to a double-byte decoder (gb18030, GBK, Big5, EUC-JP,
// Shift_JIS, EUC-KR) whose input is ASCII and pairs that its encoding's
// pair table maps (another pointer in the slot); such a call to a UTF-8
// decoder whose input is valid, complete UTF-8 (another bit); such a call
// to a UTF-16 decoder between characters whose input is whole code units of
// valid UTF-16 (two more bits); such a call to an encoder with a table
// (single-byte encodings, x-user-defined and those six) whose input's
// characters the table maps; such a call to an encoder whose output is
// UTF-8 (another bit) whose input is valid, complete UTF-8 or UTF-16; and
// such a call to an ISO-2022-JP decoder or encoder in its ASCII state
// whose input leaves it there (another bit; the decoder without errors,
// through EUC-JP's pair table, the encoder through its own table). Go's
// answer would be the same output with the same status and lengths, so
// the call skips the transition into Go, which costs more than converting
// a few hundred bytes. Larger inputs go to Go's vector code.

// passing_slot returns h's slot head if h is a live handle with the given
// tag whose calls word has the bit, else NULL, with the validation of
// lookup in handles.go: no memory outside the slabs is read.
static const struct whatencgo_slot_head *passing_slot(const void *h, uint32_t tag, uint32_t bit) {
    int n = __atomic_load_n(&whatencgo_slabs.n, __ATOMIC_ACQUIRE);
    uintptr_t a = (uintptr_t)h;
    for (int k = 0; k < n; k++) {
        uintptr_t off = a - (uintptr_t)whatencgo_slabs.base[k];
        if (off < whatencgo_slabs.bytes[k]) {
            if (off % whatencgo_slabs.slot_size != 0) return NULL;
            const struct whatencgo_slot_head *s = h;
            if (__atomic_load_n(&s->tag, __ATOMIC_ACQUIRE) == tag &&
                (__atomic_load_n(&s->calls, __ATOMIC_RELAXED) & bit) != 0)
                return s;
            return NULL;
        }
    }
    return NULL;
}

// small_call_fits reports whether a call's buffers are ones Go would accept
// (non-NULL, the output aligned for its unit, no length that overflows, no
// overlap) and the n input units fit the output.
static int small_call_fits(const void *src, size_t n, size_t src_unit,
                           const void *dst, size_t m, size_t dst_unit) {
    if (n == 0 || n > WHATENCGO_SMALL_CALL_MAX || n > m || src == NULL || dst == NULL) return 0;
    if ((uintptr_t)dst % dst_unit != 0 || (uintptr_t)src % src_unit != 0) return 0;
    if (m > (size_t)PTRDIFF_MAX / dst_unit) return 0;
    uintptr_t s = (uintptr_t)src, d = (uintptr_t)dst;
    if (d + m * dst_unit < d || s + n * src_unit < s) return 0;
    return s + n * src_unit <= d || d + m * dst_unit <= s;
}

// all_ascii stops at the first 32 bytes with a byte of the upper half: a
// call over WHATENCGO_SMALL_CALL_MIXED_MAX that has one goes to Go.
static inline __attribute__((always_inline)) int all_ascii(const uint8_t *p, size_t n) {
    uint64_t acc = 0;
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        uint64_t w[4];
        memcpy(w, p + i, 32);
        if (((w[0] | w[1] | w[2] | w[3]) & 0x8080808080808080ull) != 0) return 0;
    }
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        acc |= w;
    }
    for (; i < n; i++) acc |= p[i];
    return (acc & 0x8080808080808080ull) == 0;
}

static inline __attribute__((always_inline)) int all_ascii16(const uint16_t *p, size_t n) {
    uint16_t acc = 0;
    for (size_t i = 0; i < n; i++) acc |= p[i];
    return (acc & 0xFF80) == 0;
}

// utf8_scalar returns the length (1 to 4) of the valid, complete UTF-8
// sequence at the start of the n > 0 bytes at s, and stores its scalar
// value in *c; 0 if the bytes are not UTF-8 or cut short (the standard's
// UTF-8 decoder and Unicode agree on what that is: no overlong form,
// surrogate or code point past U+10FFFF).
static inline __attribute__((always_inline)) size_t utf8_scalar(const uint8_t *s, size_t n, uint32_t *c) {
    uint32_t b = s[0], v;
    size_t len;
    if (b < 0x80) {
        *c = b;
        return 1;
    } else if (b >= 0xC2 && b <= 0xDF) {
        v = b & 0x1F, len = 2;
    } else if (b >= 0xE0 && b <= 0xEF) {
        v = b & 0x0F, len = 3;
    } else if (b >= 0xF0 && b <= 0xF4) {
        v = b & 0x07, len = 4;
    } else {
        return 0;
    }
    if (n < len) return 0;
    for (size_t k = 1; k < len; k++) {
        if ((s[k] & 0xC0) != 0x80) return 0;
        v = v << 6 | (s[k] & 0x3F);
    }
    if ((len == 3 && (v < 0x800 || (v >= 0xD800 && v <= 0xDFFF))) || (len == 4 && (v < 0x10000 || v > 0x10FFFF))) return 0;
    *c = v;
    return len;
}

// utf8_length is the number of bytes UTF-8 takes for the scalar value c.
static inline __attribute__((always_inline)) size_t utf8_length(uint32_t c) { return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4; }

// put_utf8 writes the scalar value c as UTF-8 at d and returns its length.
static inline __attribute__((always_inline)) size_t put_utf8(uint8_t *d, uint32_t c) {
    if (c < 0x80) {
        d[0] = (uint8_t)c;
        return 1;
    }
    if (c < 0x800) {
        d[0] = (uint8_t)(0xC0 | c >> 6);
        d[1] = (uint8_t)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        d[0] = (uint8_t)(0xE0 | c >> 12);
        d[1] = (uint8_t)(0x80 | (c >> 6 & 0x3F));
        d[2] = (uint8_t)(0x80 | (c & 0x3F));
        return 3;
    }
    d[0] = (uint8_t)(0xF0 | c >> 18);
    d[1] = (uint8_t)(0x80 | (c >> 12 & 0x3F));
    d[2] = (uint8_t)(0x80 | (c >> 6 & 0x3F));
    d[3] = (uint8_t)(0x80 | (c & 0x3F));
    return 4;
}

// surrogate_pair is the code point of the lead surrogate hi and the trail
// surrogate lo.
static inline __attribute__((always_inline)) uint32_t surrogate_pair(uint32_t hi, uint32_t lo) {
    return 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
}

// utf16_unit reads the code unit at s, big-endian if be.
static inline __attribute__((always_inline)) uint32_t utf16_unit(const uint8_t *s, int be) {
    return be ? (uint32_t)s[0] << 8 | s[1] : (uint32_t)s[1] << 8 | s[0];
}

// put_utf16 writes the scalar value c as UTF-16 at d and returns the code
// units written.
static inline __attribute__((always_inline)) size_t put_utf16(uint16_t *d, uint32_t c) {
    if (c < 0x10000) {
        d[0] = (uint16_t)c;
        return 1;
    }
    d[0] = (uint16_t)(0xD800 + ((c - 0x10000) >> 10));
    d[1] = (uint16_t)(0xDC00 + ((c - 0x10000) & 0x3FF));
    return 2;
}

// byte_call decodes the n bytes at src through a decoder's byte table
// into dst (m units of dst_unit bytes) and returns the units written, or
// -1 if a byte is an error (unless replace: the replacement error mode,
// where it becomes U+FFFD, setting *replaced) or the output might not fit:
// Go answers those calls (it may write into dst first, which Go's answer
// overwrites). Go writes a character only while MinUTF8Output (4) bytes or
// MinUTF16Output (2) units are left, so the output is taken only where
// every character meets that rule whatever the bytes are: then Go too
// would decode all of src, with the status OK.
static ptrdiff_t byte_call(const struct whatencgo_byte_table *t, const uint8_t *src, size_t n,
                           void *dst, size_t m, size_t dst_unit, int replace, int *replaced) {
    size_t w = 0;
    if (dst_unit == 1) {
        if (m < 3 * n + 4) return -1;
        uint8_t *d = dst;
        for (size_t i = 0; i < n; i++) {
            uint32_t v = t->utf8[src[i]];
            if (v == 0) {
                if (!replace) return -1;
                v = 0x03BDBFEF; // U+FFFD: EF BF BD, 3 bytes
                *replaced = 1;
            }
            // Three bytes stored whatever the length (w + 3 <= 3n <= m):
            // the ones past it are scratch the next character overwrites,
            // or past what the call reports written, which whatenc.h allows.
            d[w] = (uint8_t)v;
            d[w + 1] = (uint8_t)(v >> 8);
            d[w + 2] = (uint8_t)(v >> 16);
            w += v >> 24;
        }
    } else {
        if (m < n + 2) return -1;
        uint16_t *d = dst;
        for (size_t i = 0; i < n; i++) {
            if (t->utf8[src[i]] != 0) {
                d[w++] = t->utf16[src[i]];
            } else {
                if (!replace) return -1;
                d[w++] = 0xFFFD;
                *replaced = 1;
            }
        }
    }
    return (ptrdiff_t)w;
}

// gb18030_four decodes the four bytes at s, a gb18030 lead byte and a
// byte 0x30 to 0x39, if they are a four-byte sequence whose pointer has a
// code point (the standard's gb18030 decoder, section 10.2.1, step 3, and
// index gb18030 ranges code point, section 5: pointers below 39420 through
// the table Go built from the decoder, 189000 to 1237575 as U+10000
// onwards); else returns 0, for Go to answer.
static uint32_t gb18030_four(const uint16_t *four, const uint8_t *s) {
    if (s[2] < 0x81 || s[2] == 0xFF || (uint8_t)(s[3] - 0x30) > 9) return 0;
    uint32_t p = (uint32_t)(s[0] - 0x81) * 12600 + (uint32_t)(s[1] - 0x30) * 1260 +
                 (uint32_t)(s[2] - 0x81) * 10 + (uint32_t)(s[3] - 0x30);
    if (p < WHATENCGO_GB18030_BMP_POINTERS) return four[p];
    if (p >= 189000 && p <= 1237575) return 0x10000 + (p - 189000);
    return 0;
}

// put_ncr writes "&#" c ";", c in decimal, to d if it fits in room bytes,
// and returns its length, or 0 if it does not fit.
static size_t put_ncr(uint8_t *d, size_t room, uint32_t c) {
    uint8_t digits[7];
    size_t k = 0;
    do {
        digits[k++] = (uint8_t)('0' + c % 10);
        c /= 10;
    } while (c != 0);
    if (room < k + 3) return 0;
    d[0] = '&', d[1] = '#';
    for (size_t j = 0; j < k; j++) d[2 + j] = digits[k - 1 - j];
    d[2 + k] = ';';
    return k + 3;
}

// put_gb18030_four writes the four bytes of gb18030 pointer p to d (the
// last steps of the gb18030 encoder, section 10.2.2).
static inline __attribute__((always_inline)) void put_gb18030_four(uint8_t *d, uint32_t p) {
    d[0] = (uint8_t)(0x81 + p / 12600);
    d[1] = (uint8_t)(0x30 + p / 1260 % 10);
    d[2] = (uint8_t)(0x81 + p / 10 % 126);
    d[3] = (uint8_t)(0x30 + p % 10);
}

// pair_call decodes the n bytes at src, for a double-byte decoder between
// characters, through its encoding's pair table into dst (m units of
// dst_unit bytes): ASCII bytes as themselves, pairs as the table says, and
// for gb18030 and GBK four-byte sequences (gb18030_four). It returns the
// units written, or -1 for a byte or sequence the tables do not map (an
// error, a byte that is a character on its own, a lead the input ends
// with, a sequence it cuts) or if the output might not fit Go's output
// rule (see byte_call: a pair or four bytes make at most 4 bytes or 2
// units, an ASCII byte 1, so 2n + 4 bytes or n + 2 units always do), for
// Go to answer.
static ptrdiff_t pair_call(const struct whatencgo_pair_table *t, const uint8_t *src, size_t n,
                           void *dst, size_t m, size_t dst_unit) {
    if (dst_unit == 1 ? m < 2 * n + 4 : m < n + 2) return -1;
    uint8_t *d8 = dst;
    uint16_t *d16 = dst;
    size_t w = 0;
    for (size_t i = 0; i < n;) {
        uint32_t c = src[i];
        if (c < 0x80) {
            i++;
        } else {
            if (n - i < 2) return -1;
            uint32_t pair = t->cp[c - 0x80][src[i + 1]];
            if (pair != 0) {
                c = pair;
                i += 2;
            } else {
                // A lead (0x81 to 0xFE) and 0x30 to 0x39 start a four-byte
                // sequence. (Were 0x80 or 0xFF let through, their pointers
                // would have no code point: the tests cannot tell.)
                if (t->four == NULL || c - 0x81 > 0xFE - 0x81 || (uint8_t)(src[i + 1] - 0x30) > 9 || n - i < 4)
                    return -1;
                c = gb18030_four(t->four, src + i);
                if (c == 0) return -1;
                i += 4;
            }
        }
        w += dst_unit == 2 ? put_utf16(d16 + w, c) : put_utf8(d8 + w, c);
    }
    return (ptrdiff_t)w;
}

// iso2022jp_plain reports whether b (a byte or a code point) is ASCII
// that ISO-2022-JP's ASCII and Roman states take as a character: not
// 0x0E or 0x0F (errors in both directions) or 0x1B (ESC: an escape
// sequence's start to the decoder, an error to the encoder).
static inline __attribute__((always_inline)) int iso2022jp_plain(uint32_t b) {
    return b < 0x80 && b != 0x1B && b != 0x0E && b != 0x0F;
}

// iso2022jp_call decodes the n bytes at src for an ISO-2022-JP decoder at
// rest in its ASCII state (section 12.2.1) into dst (m units of dst_unit
// bytes): escape sequences select the ASCII, Roman, Katakana or leading
// byte state, and a pair in the last is looked up in pt, EUC-JP's pair
// table (its bytes with 0x80 added; NULL until Go has built it). It
// returns the units written, or -1 for Go to answer: at an error (an
// escape sequence the standard does not name, or one right after another,
// a byte the state does not take, a pair index jis0208 lacks), if the
// input does not leave the decoder as it found it (in the ASCII state with
// the output flag unset: the wrappers keep no state), or if the output
// might not fit Go's output rule (see byte_call: a byte makes at most 3
// bytes or 1 unit, so 3n + 4 bytes or n + 2 units always do).
static ptrdiff_t iso2022jp_call(const struct whatencgo_pair_table *pt, const uint8_t *src, size_t n,
                                void *dst, size_t m, size_t dst_unit) {
    if (dst_unit == 1 ? m < 3 * n + 4 : m < n + 2) return -1;
    enum { ASCII, ROMAN, KATAKANA, LEAD_BYTE } state = ASCII;
    int output = 0;  // the output flag: set by an escape sequence, unset by a character
    uint8_t *d8 = dst;
    uint16_t *d16 = dst;
    size_t w = 0;
    for (size_t i = 0; i < n;) {
        uint32_t b = src[i], c;
        if (b == 0x1B) {
            if (n - i < 3 || output) return -1;
            uint32_t lead = src[i + 1], kind = src[i + 2];
            if (lead == 0x28 && kind == 0x42) state = ASCII;          // ESC ( B
            else if (lead == 0x28 && kind == 0x4A) state = ROMAN;     // ESC ( J
            else if (lead == 0x28 && kind == 0x49) state = KATAKANA;  // ESC ( I
            else if (lead == 0x24 && (kind == 0x40 || kind == 0x42)) state = LEAD_BYTE;  // ESC $ @, ESC $ B
            else return -1;
            output = 1;
            i += 3;
            continue;
        }
        if (state == ASCII) {
            // A run of ASCII (the common case), up to the next escape
            // sequence or a byte the state does not take.
            size_t k = i;
            while (k < n && iso2022jp_plain(src[k])) k++;
            if (k == i) return -1;
            for (; i < k; i++, w++) {
                if (dst_unit == 2) d16[w] = src[i];
                else d8[w] = src[i];
            }
            output = 0;
            continue;
        }
        if (state == LEAD_BYTE) {
            if (pt == NULL || n - i < 2 || b - 0x21 > 0x7E - 0x21 || (uint32_t)src[i + 1] - 0x21 > 0x7E - 0x21)
                return -1;
            c = pt->cp[b][src[i + 1] + 0x80];
            if (c == 0) return -1;
            i += 2;
        } else if (state == KATAKANA) {
            if (b - 0x21 > 0x5F - 0x21) return -1;
            c = 0xFF61 - 0x21 + b;
            i++;
        } else {
            if (!iso2022jp_plain(b)) return -1;  // Roman
            c = b == 0x5C ? 0xA5 : b == 0x7E ? 0x203E : b;
            i++;
        }
        output = 0;
        w += dst_unit == 2 ? put_utf16(d16 + w, c) : put_utf8(d8 + w, c);
    }
    return state == ASCII && !output ? (ptrdiff_t)w : -1;
}

// Go lays the rows of an encode table out from the struct's size.
_Static_assert(offsetof(struct whatencgo_encode_table, entry) == sizeof(struct whatencgo_encode_table),
               "an encode table's rows start at its size");

// read_scalar reads the scalar value at unit *i of the n units at src
// (UTF-8 bytes, or UTF-16 code units if src_unit is 2) into *c and moves
// *i past it; 0 for invalid or unfinished UTF-8, a lone surrogate or a
// pair the input cuts (Go answers those).
static inline __attribute__((always_inline)) int read_scalar(const void *src, size_t n, size_t src_unit, size_t *i,
                                                             uint32_t *c) {
    if (src_unit == 2) {
        const uint16_t *s16 = src;
        *c = s16[(*i)++];
        if (*c - 0xD800 < 0x400 && *i < n && s16[*i] - 0xDC00u < 0x400)
            *c = surrogate_pair(*c, s16[(*i)++]);
        else if (*c - 0xD800 < 0x800)
            return 0;
        return 1;
    }
    size_t len = utf8_scalar((const uint8_t *)src + *i, n - *i, c);
    *i += len;
    return len != 0;
}

// small_valid_prefix answers a validation call of n units (UTF-8 bytes, or
// UTF-16 code units if unit is 2) at src here when Go would accept its
// arguments (src non-NULL, aligned for its unit, not running past the end
// of the address space) and the transition into Go would cost more than
// the answer (ASCII up to WHATENCGO_SMALL_CALL_MAX units, other text up to
// WHATENCGO_SMALL_CALL_MIXED_MAX): it stores Go's answer (UTF8ValidUpTo or
// UTF16ValidUpTo: how many leading units are whole scalar values, up to
// the first that read_scalar refuses) in *k and returns 1; else 0.
static int small_valid_prefix(const void *src, size_t n, size_t unit, size_t *k) {
    if (n == 0 || n > WHATENCGO_SMALL_CALL_MAX || src == NULL || (uintptr_t)src % unit != 0) return 0;
    if ((uintptr_t)src + n * unit < (uintptr_t)src) return 0;
    if (unit == 1 ? all_ascii(src, n) : all_ascii16(src, n)) {
        *k = n;
        return 1;
    }
    if (n > WHATENCGO_SMALL_CALL_MIXED_MAX) return 0;
    uint32_t c;
    size_t i = 0;
    for (*k = 0; i < n && read_scalar(src, n, unit, &i, &c);) *k = i;
    return 1;
}

// encode_call encodes the n units at src (UTF-8 bytes, or UTF-16 code
// units if src_unit is 2), for an encoder between characters, through its
// encoding's table into the m bytes at dst: ASCII as itself, the other
// code points as the table says (for gb18030 also in four bytes), for
// gb18030 those past U+FFFF in four bytes, and if html (the HTML error
// mode) those it cannot encode as "&#NNNN;", setting *replaced. It returns
// the bytes written, or -1 for input the tables do not take (invalid or
// unfinished UTF-8, a lone surrogate, a code point the encoding cannot
// encode in the fatal mode, Big5's past U+FFFF), or if the output does not
// fit (Go writes each character whose bytes fit, so it then answers with
// the output full).
static ptrdiff_t encode_call(const struct whatencgo_encode_table *t, const void *src, size_t n, size_t src_unit,
                             uint8_t *dst, size_t m, int html, int *replaced) {
    size_t w = 0;
    for (size_t i = 0; i < n;) {
        uint32_t c;
        if (!read_scalar(src, n, src_unit, &i, &c)) return -1;
        if (c >= 0x10000 && t->supplementary != WHATENCGO_SUPPLEMENTARY_UNMAPPABLE) {
            // gb18030's four bytes for pointer 189000 + (c - 0x10000)
            // (index gb18030 ranges pointer, section 5; section 10.2.2);
            // Big5's, some of which its index maps, are Go's.
            if (t->supplementary != WHATENCGO_SUPPLEMENTARY_FOUR_BYTES || m - w < 4) return -1;
            put_gb18030_four(dst + w, 189000 + (c - 0x10000));
            w += 4;
            continue;
        }
        if (c < 0x80) {
            if (w == m) return -1;
            dst[w++] = (uint8_t)c;
            continue;
        }
        uint32_t e = c < 0x10000 ? t->entry[t->block[c >> 8]][c & 0xFF] : 0;
        if (e == 0) {
            // Unmappable: in the HTML error mode "&#" c ";" (section 4.1,
            // process an item, step 7), written if it fits; in
            // the fatal mode Go answers (the call ends there).
            if (!html) return -1;
            size_t k = put_ncr(dst + w, m - w, c);
            if (k == 0) return -1;
            w += k;
            *replaced = 1;
            continue;
        }
        if (e < 0x100) {
            if (w == m) return -1;
            dst[w++] = (uint8_t)e;
        } else if (e < WHATENCGO_FOUR_BYTE_ENTRY_END) {
            // gb18030's four bytes for the pointer of c's range.
            if (m - w < 4) return -1;
            put_gb18030_four(dst + w, (uint32_t)((int32_t)c + t->four_delta[e - WHATENCGO_FOUR_BYTE_ENTRY]));
            w += 4;
        } else {
            if (m - w < 2) return -1;
            dst[w++] = (uint8_t)(e >> 8);
            dst[w++] = (uint8_t)e;
        }
    }
    return (ptrdiff_t)w;
}

// iso2022jp_encode_call encodes the n units at src (as encode_call) for an
// ISO-2022-JP encoder in its ASCII state holding nothing (section 12.2.2)
// into the m bytes at dst, switching states with escape sequences where
// the standard's encoder does: ASCII, U+00A5 and U+203E in the Roman state
// and the code points of index jis0208 in the jis0208 state, through t,
// the encoding's table (pairs with 0x80 added to both bytes, 0x5C and 0x7E
// for the Roman state's two; NULL until Go has built it); U+000E, U+000F
// and U+001B in the ASCII and Roman states, and code points the table
// lacks, are errors: "&#NNNN;" if html, setting *replaced. It returns the
// bytes written, or -1 for Go to answer: input read_scalar does not take,
// an error in the fatal mode, output that does not fit, or input that
// leaves the encoder in another state (the wrappers keep no state).
static ptrdiff_t iso2022jp_encode_call(const struct whatencgo_encode_table *t, const void *src, size_t n,
                                       size_t src_unit, uint8_t *dst, size_t m, int html, int *replaced) {
    enum { ASCII, ROMAN, JIS0208 } state = ASCII;
    size_t w = 0;
    for (size_t i = 0; i < n;) {
        if (state == ASCII) {
            // A run of ASCII (the common case), up to a character that
            // is not ASCII or is an error in this state.
            for (; i < n && w < m; i++, w++) {
                uint32_t u = src_unit == 2 ? ((const uint16_t *)src)[i] : ((const uint8_t *)src)[i];
                if (!iso2022jp_plain(u)) break;
                dst[w] = (uint8_t)u;
            }
            if (i == n) break;
        }
        uint32_t c, e = 0;
        if (!read_scalar(src, n, src_unit, &i, &c)) return -1;
        if (c >= 0x80 && c < 0x10000) {
            if (t == NULL) return -1;
            e = t->entry[t->block[c >> 8]][c & 0xFF];
        }
        // The standard's steps for c, again after an escape sequence (it
        // restores c): at most two rounds.
        for (;;) {
            uint32_t escape = 0;  // the escape sequence's last two bytes
            if (c < 0x80 && state != JIS0208 && !iso2022jp_plain(c)) {
                c = 0xFFFD;  // an error, with U+FFFD rather than c (step 3)
            } else if (c < 0x80 && (state == ASCII || (c != 0x5C && c != 0x7E))) {
                if (state == JIS0208) {
                    escape = 0x2842, state = ASCII;  // ESC ( B
                } else {
                    if (w == m) return -1;
                    dst[w++] = (uint8_t)c;
                    break;
                }
            } else if (c < 0x80) {
                escape = 0x2842, state = ASCII;  // \ or ~ in the Roman state
            } else if (e != 0 && e < 0x100) {
                // U+00A5 or U+203E
                if (state != ROMAN) {
                    escape = 0x284A, state = ROMAN;  // ESC ( J
                } else {
                    if (w == m) return -1;
                    dst[w++] = (uint8_t)e;
                    break;
                }
            } else if (e != 0) {
                if (state != JIS0208) {
                    escape = 0x2442, state = JIS0208;  // ESC $ B
                } else {
                    if (m - w < 2) return -1;
                    dst[w++] = (uint8_t)((e >> 8) - 0x80);
                    dst[w++] = (uint8_t)((e & 0xFF) - 0x80);
                    break;
                }
            } else if (state == JIS0208) {
                escape = 0x2842, state = ASCII;  // unmappable: first back to ASCII
            }
            if (escape != 0) {
                if (m - w < 3) return -1;
                dst[w++] = 0x1B, dst[w++] = (uint8_t)(escape >> 8), dst[w++] = (uint8_t)escape;
                continue;
            }
            // An error with c (section 4.1, process an item, step 7), in
            // the ASCII or Roman state, where "&#NNNN;" is ASCII
            // without \ or ~.
            if (!html) return -1;
            size_t k = put_ncr(dst + w, m - w, c);
            if (k == 0) return -1;
            w += k;
            *replaced = 1;
            break;
        }
    }
    return state == ASCII ? (ptrdiff_t)w : -1;
}

// utf8_call takes the n bytes at src, for a UTF-8 decoder, if they are
// valid, complete UTF-8 (the standard's UTF-8 decoder and Unicode agree on
// what that is: no overlong form, surrogate or code point past U+10FFFF),
// copying them to dst, or their code units (m units of dst_unit bytes), and
// returns the units written; -1 otherwise, or if the output might not fit
// Go's output rule (see byte_call: 4 bytes or 2 units left before each
// character), for Go to answer.
static ptrdiff_t utf8_call(const uint8_t *src, size_t n, void *dst, size_t m, size_t dst_unit) {
    if (m < n + 4) return -1;
    size_t w = 0;
    for (size_t i = 0; i < n;) {
        uint32_t c;
        size_t len = utf8_scalar(src + i, n - i, &c);
        if (len == 0) return -1;
        if (dst_unit == 2) w += put_utf16((uint16_t *)dst + w, c);
        i += len;
    }
    if (dst_unit == 1) {
        memcpy(dst, src, n);
        return (ptrdiff_t)n;
    }
    return (ptrdiff_t)w;
}

// utf8_replace_call decodes the n bytes at src, for a UTF-8 decoder in the
// replacement error mode between characters, into dst (m units of dst_unit
// bytes), each error as U+FFFD (setting *replaced), and returns the units
// written; -1 if the input ends inside a sequence (the decoder keeps it:
// Go answers) or the output might not fit Go's output rule (see byte_call:
// a byte makes at most 3 bytes or 1 unit, so with 3n + 1 bytes or n + 1
// units at least 4 bytes or 2 units are left before each character). The
// UTF-8 decoder of section 8.1.1: a byte outside the bounds a sequence
// expects ends it with an error and is read again.
static ptrdiff_t utf8_replace_call(const uint8_t *src, size_t n, void *dst, size_t m, size_t dst_unit, int *replaced) {
    if (dst_unit == 1 ? m < 3 * n + 1 : m < n + 1) return -1;
    size_t w = 0;
    for (size_t i = 0; i < n;) {
        uint32_t b = src[i++], c, needed, lower = 0x80, upper = 0xBF;
        if (b < 0x80) {
            c = b, needed = 0;
        } else if (b >= 0xC2 && b <= 0xDF) {
            c = b & 0x1F, needed = 1;
        } else if (b >= 0xE0 && b <= 0xEF) {
            c = b & 0x0F, needed = 2;
            if (b == 0xE0) lower = 0xA0;
            if (b == 0xED) upper = 0x9F;
        } else if (b >= 0xF0 && b <= 0xF4) {
            c = b & 0x07, needed = 3;
            if (b == 0xF0) lower = 0x90;
            if (b == 0xF4) upper = 0x8F;
        } else {
            c = 0xFFFD, needed = 0, *replaced = 1;
        }
        for (; needed > 0; needed--) {
            if (i == n) return -1;
            if (src[i] < lower || src[i] > upper) {
                c = 0xFFFD, *replaced = 1; // src[i] is read again
                break;
            }
            c = c << 6 | (src[i++] & 0x3F);
            lower = 0x80, upper = 0xBF;
        }
        if (dst_unit == 1)
            w += put_utf8((uint8_t *)dst + w, c);
        else
            w += put_utf16((uint16_t *)dst + w, c);
    }
    return (ptrdiff_t)w;
}

// utf16_call decodes the n bytes at src, for a UTF-16 decoder (big-endian if
// be) between characters, into dst (m units of dst_unit bytes), if they are
// whole code units of valid UTF-16 (no lone surrogate; if replace, the
// replacement error mode, lone surrogates become U+FFFD, setting
// *replaced), and returns the units written; -1 otherwise (also for a lead
// surrogate the input ends with), or if the output might not fit Go's
// output rule (a code unit makes at most 3 bytes or 1 unit, so 3n/2 + 4
// bytes or n/2 + 2 units always do), for Go to answer.
static ptrdiff_t utf16_call(const uint8_t *src, size_t n, int be, void *dst, size_t m, size_t dst_unit,
                            int replace, int *replaced) {
    if (n % 2 != 0 || (dst_unit == 1 ? m < n + n / 2 + 4 : m < n / 2 + 2)) return -1;
    size_t w = 0;
    for (size_t i = 0; i < n; i += 2) {
        uint32_t c = utf16_unit(src + i, be);
        if (c >= 0xD800 && c <= 0xDFFF) {
            if (c <= 0xDBFF && n - i < 4) return -1; // a lead the input ends with: the decoder keeps it
            uint32_t low = c <= 0xDBFF ? utf16_unit(src + i + 2, be) : 0;
            if (low >= 0xDC00 && low <= 0xDFFF) {
                c = surrogate_pair(c, low);
                i += 2;
            } else {
                // A lone surrogate (section 14.2.1: the unit after a lead
                // that is not a trail is read again).
                if (!replace) return -1;
                c = 0xFFFD, *replaced = 1;
            }
        }
        w += dst_unit == 2 ? put_utf16((uint16_t *)dst + w, c) : put_utf8((uint8_t *)dst + w, c);
    }
    return (ptrdiff_t)w;
}

// utf8_encode_call encodes the n units at src (UTF-8 bytes, or UTF-16 code
// units if src_unit is 2), for an encoder whose output encoding is UTF-8,
// between characters, into the m bytes at dst, and returns the bytes
// written: valid, complete UTF-8 is copied, UTF-16 converted. -1 for input
// Go must read (invalid or unfinished UTF-8, a lone surrogate, or a high
// one the input ends with) or output that does not fit (Go writes each
// character that fits, so it then answers with the output full).
static ptrdiff_t utf8_encode_call(const void *src, size_t n, size_t src_unit, uint8_t *dst, size_t m) {
    uint32_t c;
    if (src_unit == 1) {
        for (size_t i = 0; i < n;)
            if (!read_scalar(src, n, 1, &i, &c)) return -1;
        memcpy(dst, src, n); // n <= m (small_call_fits)
        return (ptrdiff_t)n;
    }
    size_t w = 0;
    for (size_t i = 0; i < n;) {
        if (!read_scalar(src, n, 2, &i, &c) || m - w < utf8_length(c)) return -1;
        w += put_utf8(dst + w, c);
    }
    return (ptrdiff_t)w;
}

// set_info zeroes a call's info struct of info_size bytes (whatenc.h's
// whatenc_decode_info or whatenc_encode_info), if there is one, and sets
// its replaced field, the first of either.
static inline __attribute__((always_inline)) void set_info(void *info, size_t info_size, int replaced) {
    if (info == NULL) return;
    memset(info, 0, info_size);
    *(int *)info = replaced;
}

_Static_assert(offsetof(whatenc_decode_info, replaced) == 0 && offsetof(whatenc_encode_info, replaced) == 0,
               "replaced starts both info structs");

// DECODER_PASSES: the bits of a decoder's slot that let a wrapper answer.
#define DECODER_PASSES \
    (WHATENCGO_ASCII_PASSES | WHATENCGO_UTF16LE_PASSES | WHATENCGO_UTF16BE_PASSES | WHATENCGO_ISO2022JP_PASSES)

// small_call answers a streaming call here if it can (see above), sets the
// lengths, zeroes the info struct of info_size bytes and returns 1;
// otherwise it returns 0 and the call goes to Go. Units are 1 (bytes) or 2
// (UTF-16). In turn: ISO-2022-JP at rest in its ASCII state (the decoder's
// pair table, the encoder's table), a UTF-16 decoder, then input that is
// not all ASCII (an encoder's table or UTF-8 output; a decoder's byte or
// pair table, or UTF-8), then ASCII input, copied, widened or narrowed.
// The calls word's first load serves the tests up to the UTF-16 decoder;
// after the calls that follow, each test loads it again: keeping it (or one
// shared tail, a helper returning the units) cost 9-22 more instructions a
// call (callgrind, gcc -O2: the kept value is spilled around the calls).
static int small_call(const void *h, uint32_t tag, uint32_t bit, const void *src, size_t *src_len,
                      size_t src_unit, void *dst, size_t *dst_len, size_t dst_unit, int last,
                      void *info, size_t info_size) {
    if (last || src_len == NULL || dst_len == NULL) return 0;
    size_t n = *src_len;
    const struct whatencgo_slot_head *s;
    if (!small_call_fits(src, n, src_unit, dst, *dst_len, dst_unit) || (s = passing_slot(h, tag, bit)) == NULL) return 0;
    uint32_t passes = __atomic_load_n(&s->calls, __ATOMIC_RELAXED);
    if ((passes & WHATENCGO_ISO2022JP_PASSES) != 0) {
        ptrdiff_t w = -1;
        int replaced = 0;
        if (tag == WHATENCGO_DECODER_TAG) {
            if (n <= WHATENCGO_SMALL_CALL_TABLE_MAX)
                w = iso2022jp_call(__atomic_load_n(&s->pairs, __ATOMIC_ACQUIRE), src, n, dst, *dst_len, dst_unit);
        } else if (n <= WHATENCGO_SMALL_CALL_MIXED_MAX) {
            w = iso2022jp_encode_call(__atomic_load_n(&s->encode, __ATOMIC_ACQUIRE), src, n, src_unit, dst, *dst_len,
                                      (passes & WHATENCGO_HTML_MODE) != 0, &replaced);
        }
        if (w < 0) return 0;
        *dst_len = (size_t)w;
        set_info(info, info_size, replaced);
        return 1;
    }
    if (tag == WHATENCGO_DECODER_TAG && (passes & (WHATENCGO_UTF16LE_PASSES | WHATENCGO_UTF16BE_PASSES)) != 0) {
        if (n > 2 * WHATENCGO_SMALL_CALL_MIXED_MAX) return 0;
        int replaced = 0;
        ptrdiff_t w = utf16_call(src, n, (passes & WHATENCGO_UTF16BE_PASSES) != 0, dst, *dst_len, dst_unit,
                                 (passes & WHATENCGO_REPLACE_MODE) != 0, &replaced);
        if (w < 0) return 0;
        *dst_len = (size_t)w;
        set_info(info, info_size, replaced);
        return 1;
    }
    if (src_unit == 1 ? !all_ascii(src, n) : !all_ascii16(src, n)) {
        ptrdiff_t w = -1;
        if (tag == WHATENCGO_ENCODER_TAG) {
            if (n > WHATENCGO_SMALL_CALL_MIXED_MAX) return 0;
            const struct whatencgo_encode_table *et = __atomic_load_n(&s->encode, __ATOMIC_ACQUIRE);
            int replaced = 0;
            if (et != NULL)
                w = encode_call(et, src, n, src_unit, dst, *dst_len,
                                (__atomic_load_n(&s->calls, __ATOMIC_RELAXED) & WHATENCGO_HTML_MODE) != 0, &replaced);
            else if ((__atomic_load_n(&s->calls, __ATOMIC_RELAXED) & WHATENCGO_UTF8_OUTPUT) != 0)
                w = utf8_encode_call(src, n, src_unit, dst, *dst_len);
            if (w < 0) return 0;
            *dst_len = (size_t)w;
            set_info(info, info_size, replaced);
            return 1;
        }
        const struct whatencgo_byte_table *t = __atomic_load_n(&s->bytes, __ATOMIC_ACQUIRE);
        const struct whatencgo_pair_table *pt;
        int replaced = 0;
        if (t != NULL) {
            if (n <= WHATENCGO_SMALL_CALL_TABLE_MAX)
                w = byte_call(t, src, n, dst, *dst_len, dst_unit,
                              (__atomic_load_n(&s->calls, __ATOMIC_RELAXED) & WHATENCGO_REPLACE_MODE) != 0, &replaced);
        } else if ((pt = __atomic_load_n(&s->pairs, __ATOMIC_ACQUIRE)) != NULL) {
            if (n <= WHATENCGO_SMALL_CALL_TABLE_MAX) w = pair_call(pt, src, n, dst, *dst_len, dst_unit);
        } else if ((__atomic_load_n(&s->calls, __ATOMIC_RELAXED) & WHATENCGO_UTF8_PASSES) != 0) {
            if (n <= WHATENCGO_SMALL_CALL_MIXED_MAX) {
                w = utf8_call(src, n, dst, *dst_len, dst_unit);
                if (w < 0 && (__atomic_load_n(&s->calls, __ATOMIC_RELAXED) & WHATENCGO_REPLACE_MODE) != 0)
                    w = utf8_replace_call(src, n, dst, *dst_len, dst_unit, &replaced);
            }
        }
        if (w < 0) return 0;
        *dst_len = (size_t)w;
        set_info(info, info_size, replaced);
        return 1;
    }
    if (src_unit == dst_unit) {
        memcpy(dst, src, n);
    } else if (dst_unit == 2) {
        for (size_t i = 0; i < n; i++) ((uint16_t *)dst)[i] = ((const uint8_t *)src)[i];
    } else {
        for (size_t i = 0; i < n; i++) ((uint8_t *)dst)[i] = (uint8_t)((const uint16_t *)src)[i];
    }
    *dst_len = n;
    set_info(info, info_size, 0);
    return 1;
}

#endif
