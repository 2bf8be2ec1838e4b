/*
 * whatenc.hpp - a header-only C++17 wrapper of whatenc.h.
 *
 * It uses only the public C API of libwhatenc (link with -lwhatenc, as for
 * C): RAII owners for the decoder and encoder handles, an Encoding value
 * type, enums for the C constants, and one-shot conversions into
 * std::string / std::u16string.  It throws nothing itself (only the
 * std::string allocations it makes may throw std::bad_alloc), needs no RTTI,
 * and builds with -fno-exceptions: every failure is a whatenc::Status in the
 * value returned, never dropped.  whatenc.h is the reference for what each
 * call does: the streaming contract, buffer minimums (4 bytes or 2 code
 * units for a decoder, 13 bytes for an encoder), threads (one thread at a
 * time per Decoder or Encoder), fork and signals.  Call whatenc::init()
 * first, as in C.
 *
 *   #include <whatenc.hpp>
 *
 *   whatenc::init();                                       // first, before fork or threads
 *   auto sjis = whatenc::Encoding::for_label("shift_jis"); // std::optional<Encoding>
 *   auto r = whatenc::decode("\x93\xfa\x96\x7b", *sjis);   // the decode hook: BOM sniffing
 *   if (r) std::puts(r.text.c_str());                      // "日本" (r.encoding: Shift_JIS)
 *   whatenc::Decoder d(*sjis, whatenc::BomHandling::sniff, whatenc::DecoderMode::fatal);
 *   std::string out;
 *   auto s = d.decode_append(chunk, out, false);            // not last; s.status, .read, .written
 *   auto e = whatenc::encode("café ☃", whatenc::Encoding::windows_1252); // "caf\xE9 &#9731;"
 */
#ifndef WHATENC_HPP
#define WHATENC_HPP

#ifndef __cplusplus
#error "whatenc.hpp is C++ (C++17 or later); C programs include whatenc.h"
#endif
/* MSVC keeps __cplusplus at 199711L unless /Zc:__cplusplus; _MSVC_LANG
 * tells its real language level.  Before C++17 only the #error is shown. */
#if defined(_MSVC_LANG)
#define WHATENC_HPP_CPLUSPLUS _MSVC_LANG
#else
#define WHATENC_HPP_CPLUSPLUS __cplusplus
#endif
#if WHATENC_HPP_CPLUSPLUS < 201703L
#error "whatenc.hpp needs C++17 or later (-std=c++17; MSVC: /std:c++17); before C++17, use whatenc.h"
#else

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "whatenc.h"

namespace whatenc {

// ---------------------------------------------------------------- statuses

// whatenc_status: the same values, one for one.  >= 0: outcomes of a
// successful call; < 0: errors (the call read, wrote and changed nothing).
enum class Status : int {
    ok = WHATENC_OK,                                // all input consumed (stream finished if last)
    output_full = WHATENC_OUTPUT_FULL,              // no room for the next character: call again
    malformed = WHATENC_MALFORMED,                  // fatal decoder: malformed input
    unmappable = WHATENC_UNMAPPABLE,                // fatal encoder: a code point the encoding lacks
    unknown_label = WHATENC_ERR_UNKNOWN_LABEL,      // no encoding has that label
    invalid_encoding = WHATENC_ERR_INVALID_ENCODING,
    invalid_handle = WHATENC_ERR_INVALID_HANDLE,    // also: an empty Decoder or Encoder
    null_pointer = WHATENC_ERR_NULL_POINTER,
    invalid_argument = WHATENC_ERR_INVALID_ARGUMENT,  // bad mode, overlapping or misaligned buffers
    overflow = WHATENC_ERR_OVERFLOW,
    out_of_memory = WHATENC_ERR_OUT_OF_MEMORY,
    forked = WHATENC_ERR_FORKED,                    // a child forked after the library was loaded
    internal = WHATENC_ERR_INTERNAL,                // a library bug was caught: reset or drop the handle
};

// A short English description of s (whatenc_strerror); static, never null.
inline const char *message(Status s) noexcept { return whatenc_strerror(static_cast<int>(s)); }

// True for the error statuses (< 0), false for ok, output_full, malformed
// and unmappable.
inline constexpr bool is_error(Status s) noexcept { return static_cast<int>(s) < 0; }

namespace detail {
inline Status status(int c) noexcept { return static_cast<Status>(c); }
inline const uint8_t *bytes(const char *p) noexcept { return reinterpret_cast<const uint8_t *>(p); }
inline uint8_t *bytes(char *p) noexcept { return reinterpret_cast<uint8_t *>(p); }
inline const uint16_t *units(const char16_t *p) noexcept { return reinterpret_cast<const uint16_t *>(p); }
inline uint16_t *units(char16_t *p) noexcept { return reinterpret_cast<uint16_t *>(p); }

// bound(f, h, n): what f, one of the C API's max-length functions, gives
// for handle h and n units of input; nullopt where it fails (overflow, an
// empty handle, a forked child).
template <typename Handle>
std::optional<size_t> bound(whatenc_status (*f)(const Handle *, size_t, size_t *), const Handle *h,
                            size_t n) noexcept {
    size_t out = 0;
    if (f(h, n, &out) != WHATENC_OK) return std::nullopt;
    return out;
}
// Frees a one-shot function's buffer (whatenc_free) however the scope ends.
struct OneShotBuffer {
    uint8_t *p = nullptr;
    size_t len = 0;
    OneShotBuffer() = default;
    OneShotBuffer(const OneShotBuffer &) = delete;
    OneShotBuffer &operator=(const OneShotBuffer &) = delete;
    ~OneShotBuffer() { whatenc_free(p); }
};
}  // namespace detail

// ---------------------------------------------------------------- library

// whatenc_init(): waits for the library's Go runtime and prepares fork
// detection.  Call it first, before forking or starting threads.
inline Status init() noexcept { return detail::status(whatenc_init()); }

// whatenc_version_number(): the loaded library's version, as
// WHATENC_VERSION_NUMBER (10000 for 1.0.0).
inline unsigned version_number() noexcept { return whatenc_version_number(); }

// whatenc_version_string(): the loaded library's version, "1.0.0".
inline const char *version_string() noexcept { return whatenc_version_string(); }

// whatenc_kernels(): "avx512", "avx2" or "generic"; null in a forked child.
inline const char *kernels() noexcept { return whatenc_kernels(); }

// ---------------------------------------------------------------- enums

// whatenc_bom_mode: what a decoder does with a byte order mark.
enum class BomHandling : int {
    sniff = WHATENC_BOM_SNIFF,    // the decode hook: a UTF-8/16 BOM picks the encoding, removed
    remove = WHATENC_BOM_REMOVE,  // remove the encoding's own BOM (TextDecoder's default)
    keep = WHATENC_BOM_KEEP,      // decode a BOM as U+FEFF (TextDecoder's ignoreBOM)
};

// whatenc_error_mode for decoders.
enum class DecoderMode : int {
    replacement = WHATENC_REPLACEMENT,  // malformed input becomes U+FFFD
    fatal = WHATENC_FATAL,              // stop with Status::malformed
};

// whatenc_error_mode for encoders.
enum class EncoderMode : int {
    html = WHATENC_HTML,    // unmappable code points become "&#NNNN;"
    fatal = WHATENC_FATAL,  // stop with Status::unmappable
};

// ---------------------------------------------------------------- Encoding

// An encoding of the standard (section 4.2): a small immutable value over
// the C API's encoding ID, usable from any thread.  Always a valid ID:
// obtained from for_label(), from_id(), bom_sniff() or the constants.
class Encoding {
   public:
    // whatenc_encoding_for_label(): "get an encoding" (ASCII whitespace
    // around the label ignored, ASCII case-insensitive).  nullopt for an
    // unknown label (and in a forked child).
    static std::optional<Encoding> for_label(std::string_view label) noexcept {
        int id = whatenc_encoding_for_label(label.data(), label.size());
        if (id < 0) return std::nullopt;
        return Encoding(id);
    }

    // The encoding whose ID (position in the standard's table) is id;
    // nullopt if there is none (checked with whatenc_encoding_count()).
    static std::optional<Encoding> from_id(int id) noexcept {
        if (id < 0 || id >= count()) return std::nullopt;
        return Encoding(id);
    }

    // whatenc_encoding_count(): the number of encodings, 40 (IDs 0 to 39);
    // Status::forked as a negative int in a forked child.
    static int count() noexcept { return whatenc_encoding_count(); }

    // whatenc_bom_sniff(): the encoding (UTF-8, UTF-16BE, UTF-16LE) whose
    // byte order mark the bytes start with; nullopt if none (or an error:
    // a forked child).
    static std::optional<Encoding> bom_sniff(const uint8_t *src, size_t len) noexcept {
        int id = whatenc_bom_sniff(src, len);
        if (id < 0) return std::nullopt;
        return Encoding(id);
    }
    static std::optional<Encoding> bom_sniff(std::string_view src) noexcept {
        return bom_sniff(detail::bytes(src.data()), src.size());
    }

    // The C API's encoding ID (WHATENC_UTF_8 ... WHATENC_X_USER_DEFINED).
    constexpr int id() const noexcept { return id_; }

    // whatenc_encoding_name(): the name as the standard spells it
    // ("Shift_JIS"); static; null only in a forked child.
    const char *name() const noexcept { return whatenc_encoding_name(id_); }

    // whatenc_encoding_output_encoding(): the encoding an encoder for this
    // one writes (UTF-8 for replacement, UTF-16BE and UTF-16LE; itself
    // otherwise).  nullopt only in a forked child.
    std::optional<Encoding> output_encoding() const noexcept {
        int id = whatenc_encoding_output_encoding(id_);
        if (id < 0) return std::nullopt;
        return Encoding(id);
    }

    // whatenc_encoding_has_encoder(): whether the standard defines an
    // encoder for it (false for replacement, UTF-16BE, UTF-16LE; false too
    // in a forked child).
    bool has_encoder() const noexcept { return whatenc_encoding_has_encoder(id_) == 1; }

    // Comparison by ID (the standard's table order).
    friend constexpr bool operator==(Encoding a, Encoding b) noexcept { return a.id_ == b.id_; }
    friend constexpr bool operator!=(Encoding a, Encoding b) noexcept { return a.id_ != b.id_; }
    friend constexpr bool operator<(Encoding a, Encoding b) noexcept { return a.id_ < b.id_; }
    friend constexpr bool operator<=(Encoding a, Encoding b) noexcept { return a.id_ <= b.id_; }
    friend constexpr bool operator>(Encoding a, Encoding b) noexcept { return a.id_ > b.id_; }
    friend constexpr bool operator>=(Encoding a, Encoding b) noexcept { return a.id_ >= b.id_; }

    // The 40 encodings, named after whatenc.h's IDs (WHATENC_SHIFT_JIS is
    // Encoding::shift_jis); defined below the class.
    static const Encoding utf_8, ibm866, iso_8859_2, iso_8859_3, iso_8859_4, iso_8859_5, iso_8859_6,
        iso_8859_7, iso_8859_8, iso_8859_8_i, iso_8859_10, iso_8859_13, iso_8859_14, iso_8859_15,
        iso_8859_16, koi8_r, koi8_u, macintosh, windows_874, windows_1250, windows_1251, windows_1252,
        windows_1253, windows_1254, windows_1255, windows_1256, windows_1257, windows_1258,
        x_mac_cyrillic, gbk, gb18030, big5, euc_jp, iso_2022_jp, shift_jis, euc_kr, replacement,
        utf_16be, utf_16le, x_user_defined;

   private:
    constexpr explicit Encoding(int id) noexcept : id_(id) {}
    int id_;
};

inline constexpr Encoding Encoding::utf_8{WHATENC_UTF_8};
inline constexpr Encoding Encoding::ibm866{WHATENC_IBM866};
inline constexpr Encoding Encoding::iso_8859_2{WHATENC_ISO_8859_2};
inline constexpr Encoding Encoding::iso_8859_3{WHATENC_ISO_8859_3};
inline constexpr Encoding Encoding::iso_8859_4{WHATENC_ISO_8859_4};
inline constexpr Encoding Encoding::iso_8859_5{WHATENC_ISO_8859_5};
inline constexpr Encoding Encoding::iso_8859_6{WHATENC_ISO_8859_6};
inline constexpr Encoding Encoding::iso_8859_7{WHATENC_ISO_8859_7};
inline constexpr Encoding Encoding::iso_8859_8{WHATENC_ISO_8859_8};
inline constexpr Encoding Encoding::iso_8859_8_i{WHATENC_ISO_8859_8_I};
inline constexpr Encoding Encoding::iso_8859_10{WHATENC_ISO_8859_10};
inline constexpr Encoding Encoding::iso_8859_13{WHATENC_ISO_8859_13};
inline constexpr Encoding Encoding::iso_8859_14{WHATENC_ISO_8859_14};
inline constexpr Encoding Encoding::iso_8859_15{WHATENC_ISO_8859_15};
inline constexpr Encoding Encoding::iso_8859_16{WHATENC_ISO_8859_16};
inline constexpr Encoding Encoding::koi8_r{WHATENC_KOI8_R};
inline constexpr Encoding Encoding::koi8_u{WHATENC_KOI8_U};
inline constexpr Encoding Encoding::macintosh{WHATENC_MACINTOSH};
inline constexpr Encoding Encoding::windows_874{WHATENC_WINDOWS_874};
inline constexpr Encoding Encoding::windows_1250{WHATENC_WINDOWS_1250};
inline constexpr Encoding Encoding::windows_1251{WHATENC_WINDOWS_1251};
inline constexpr Encoding Encoding::windows_1252{WHATENC_WINDOWS_1252};
inline constexpr Encoding Encoding::windows_1253{WHATENC_WINDOWS_1253};
inline constexpr Encoding Encoding::windows_1254{WHATENC_WINDOWS_1254};
inline constexpr Encoding Encoding::windows_1255{WHATENC_WINDOWS_1255};
inline constexpr Encoding Encoding::windows_1256{WHATENC_WINDOWS_1256};
inline constexpr Encoding Encoding::windows_1257{WHATENC_WINDOWS_1257};
inline constexpr Encoding Encoding::windows_1258{WHATENC_WINDOWS_1258};
inline constexpr Encoding Encoding::x_mac_cyrillic{WHATENC_X_MAC_CYRILLIC};
inline constexpr Encoding Encoding::gbk{WHATENC_GBK};
inline constexpr Encoding Encoding::gb18030{WHATENC_GB18030};
inline constexpr Encoding Encoding::big5{WHATENC_BIG5};
inline constexpr Encoding Encoding::euc_jp{WHATENC_EUC_JP};
inline constexpr Encoding Encoding::iso_2022_jp{WHATENC_ISO_2022_JP};
inline constexpr Encoding Encoding::shift_jis{WHATENC_SHIFT_JIS};
inline constexpr Encoding Encoding::euc_kr{WHATENC_EUC_KR};
inline constexpr Encoding Encoding::replacement{WHATENC_REPLACEMENT_ENCODING};
inline constexpr Encoding Encoding::utf_16be{WHATENC_UTF_16BE};
inline constexpr Encoding Encoding::utf_16le{WHATENC_UTF_16LE};
inline constexpr Encoding Encoding::x_user_defined{WHATENC_X_USER_DEFINED};

// ---------------------------------------------------------------- results

// The outcome of one streaming decoder call (whatenc_decode_info and the
// in/out lengths).  With an error status, read and written are 0.
struct DecodeResult {
    Status status = Status::ok;
    size_t read = 0;            // bytes consumed from the input
    size_t written = 0;         // UTF-8 bytes or UTF-16 code units written
    bool replaced = false;      // replacement mode: a U+FFFD was written for malformed input
    size_t malformed_len = 0;   // Status::malformed: the malformed sequence's length
    size_t consumed_after = 0;  // Status::malformed: bytes consumed after it (see whatenc.h)
    // whatenc_strerror(status).
    const char *message() const noexcept { return whatenc::message(status); }
};

// The outcome of one streaming encoder call (whatenc_encode_info and the
// in/out lengths).  With an error status, read and written are 0.
struct EncodeResult {
    Status status = Status::ok;
    size_t read = 0;            // UTF-8 bytes or UTF-16 code units consumed
    size_t written = 0;         // bytes written
    bool replaced = false;      // html mode: a "&#NNNN;" was written
    char32_t unmappable = 0;    // Status::unmappable: the code point
    // whatenc_strerror(status).
    const char *message() const noexcept { return whatenc::message(status); }
};

// ---------------------------------------------------------------- handles

namespace detail {
// What Decoder and Encoder share: the C handle T, freed by Free, owned
// alone.  Move-only; a default-constructed or moved-from owner is empty
// (null handle, Status::invalid_handle), and can be destroyed or assigned
// to.  Moving an owner onto itself changes nothing.
// The loop of Decoder::decode_append and Encoder::encode_append: grows out
// by max_length(what is left of src's src_len units) (at least minimum),
// lets call(units read so far, dst, room) convert into it, and goes on
// while the status is output_full.  The result is the last call's, with
// read and replaced over all calls and written the length appended; an
// error of max_length ends it with that status.
template <typename Result, typename String, typename MaxLength, typename Call>
Result append_loop(size_t src_len, String &out, size_t minimum, MaxLength max_length, Call call) {
    Result total;
    const size_t start = out.size();
    for (;;) {
        size_t room = 0;
        int st = max_length(src_len - total.read, &room);
        if (st != WHATENC_OK) {
            total.status = status(st);
            break;
        }
        if (room < minimum) room = minimum;
        const size_t used = out.size();
        out.resize(used + room);
        Result r = call(total.read, &out[used], room);
        out.resize(used + r.written);
        r.read += total.read;
        r.replaced = r.replaced || total.replaced;
        total = r;
        if (r.status != Status::output_full) break;
    }
    total.written = out.size() - start;
    return total;
}

template <typename T, void (*Free)(T *)>
class Owner {
   public:
    Owner() noexcept = default;
    ~Owner() { Free(handle_); }
    Owner(const Owner &) = delete;
    Owner &operator=(const Owner &) = delete;
    // Takes other's handle; other becomes empty.
    Owner(Owner &&other) noexcept
        : handle_(std::exchange(other.handle_, nullptr)),
          status_(std::exchange(other.status_, Status::invalid_handle)) {}
    // Frees this handle and takes other's; other becomes empty.
    Owner &operator=(Owner &&other) noexcept {
        if (this != &other) {
            Free(handle_);
            handle_ = std::exchange(other.handle_, nullptr);
            status_ = std::exchange(other.status_, Status::invalid_handle);
        }
        return *this;
    }
    void swap(Owner &other) noexcept {
        std::swap(handle_, other.handle_);
        std::swap(status_, other.status_);
    }

    // Whether it holds a handle.
    bool valid() const noexcept { return handle_ != nullptr; }
    explicit operator bool() const noexcept { return valid(); }
    // Status::ok while it holds a handle; the *_new() function's error if
    // creation failed; Status::invalid_handle if default-constructed or
    // moved from.
    Status status() const noexcept { return status_; }

    // The C handle (null when empty), for calls the wrapper lacks; still
    // owned here.
    T *native_handle() const noexcept { return handle_; }
    // Gives up the handle (null when empty): the caller frees it (Free).
    // The owner becomes empty.
    T *release() noexcept {
        status_ = Status::invalid_handle;
        return std::exchange(handle_, nullptr);
    }

   protected:
    // For the constructors: the *_new() function's status and handle.
    void adopt(int status, T *handle) noexcept {
        status_ = detail::status(status);
        handle_ = status_ == Status::ok ? handle : nullptr;
    }

    T *handle_ = nullptr;
    Status status_ = Status::invalid_handle;
};
}  // namespace detail

// ---------------------------------------------------------------- Decoder

// Owns a whatenc_decoder (bytes in an encoding -> UTF-8 or UTF-16), freed
// by the destructor.  Move-only; a default-constructed or moved-from
// Decoder is empty: its calls return Status::invalid_handle, and it can be
// destroyed or assigned to.  The streaming contract is whatenc.h's: each
// call consumes all the input it can (an incomplete sequence is kept inside
// and counted as read), pass last = true with the final input and call
// again with the unread rest while the status is output_full.  One thread
// at a time per Decoder.
class Decoder : public detail::Owner<whatenc_decoder, whatenc_decoder_free> {
   public:
    // An empty decoder (status() is Status::invalid_handle).
    Decoder() noexcept = default;

    // whatenc_decoder_new(): a decoder for encoding.  If the C call fails
    // the Decoder is empty and status() tells why.  The destructor calls
    // whatenc_decoder_free(); valid(), status(), native_handle(), release()
    // and the moves are detail::Owner's.
    explicit Decoder(Encoding encoding, BomHandling bom = BomHandling::sniff,
                     DecoderMode mode = DecoderMode::replacement) noexcept {
        whatenc_decoder *h = nullptr;
        int st = whatenc_decoder_new(encoding.id(), static_cast<whatenc_bom_mode>(bom),
                                     static_cast<whatenc_error_mode>(mode), &h);
        adopt(st, h);
    }
    friend void swap(Decoder &a, Decoder &b) noexcept { a.swap(b); }

    // whatenc_decoder_reset(): back to the state after creation.
    Status reset() noexcept { return detail::status(whatenc_decoder_reset(handle_)); }

    // whatenc_decoder_encoding(): the encoding decoded (with
    // BomHandling::sniff, the one a BOM chose).  nullopt when empty (or in
    // a forked child).
    std::optional<Encoding> encoding() const noexcept {
        return Encoding::from_id(whatenc_decoder_encoding(handle_));
    }

    // whatenc_decoder_max_utf8_length() / _max_utf16_length(): an upper
    // bound of the output of src_len more bytes with last = true.  nullopt
    // if the bound exceeds PTRDIFF_MAX (overflow), or on another error
    // (empty Decoder, forked child).
    std::optional<size_t> max_utf8_length(size_t src_len) const noexcept {
        return detail::bound(whatenc_decoder_max_utf8_length, handle_, src_len);
    }
    std::optional<size_t> max_utf16_length(size_t src_len) const noexcept {
        return detail::bound(whatenc_decoder_max_utf16_length, handle_, src_len);
    }

    // whatenc_decoder_decode_to_utf8(): decodes src (src_len bytes) into
    // dst (dst_len bytes of UTF-8).
    DecodeResult decode_to_utf8(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_len,
                                bool last) noexcept {
        whatenc_decode_info info{};
        int st = whatenc_decoder_decode_to_utf8(handle_, src, &src_len, dst, &dst_len, last, &info);
        return result(st, src_len, dst_len, info);
    }
    DecodeResult decode_to_utf8(std::string_view src, char *dst, size_t dst_len, bool last) noexcept {
        return decode_to_utf8(detail::bytes(src.data()), src.size(), detail::bytes(dst), dst_len, last);
    }

    // whatenc_decoder_decode_to_utf16(): decodes src (src_len bytes) into
    // dst (dst_len UTF-16 code units, machine byte order, 2-byte aligned).
    DecodeResult decode_to_utf16(const uint8_t *src, size_t src_len, uint16_t *dst, size_t dst_len,
                                 bool last) noexcept {
        whatenc_decode_info info{};
        int st = whatenc_decoder_decode_to_utf16(handle_, src, &src_len, dst, &dst_len, last, &info);
        return result(st, src_len, dst_len, info);
    }
    DecodeResult decode_to_utf16(std::string_view src, char16_t *dst, size_t dst_len, bool last) noexcept {
        return decode_to_utf16(detail::bytes(src.data()), src.size(), detail::units(dst), dst_len, last);
    }

    // Decodes src and appends the UTF-8 (or UTF-16) to out, growing it by
    // max_utf8_length() (max_utf16_length()): whatenc_decoder_decode_to_utf8
    // (_utf16) until all of src is read, or Status::malformed (fatal mode:
    // go on with src.substr(read)), or an error.  written counts what was
    // appended; replaced is true if any call replaced.  Only the growth of
    // out may throw (std::bad_alloc).
    DecodeResult decode_append(std::string_view src, std::string &out, bool last) {
        return detail::append_loop<DecodeResult>(
            src.size(), out, 4,
            [this](size_t n, size_t *room) { return whatenc_decoder_max_utf8_length(handle_, n, room); },
            [&](size_t read, char *dst, size_t room) { return decode_to_utf8(src.substr(read), dst, room, last); });
    }
    DecodeResult decode_append(std::string_view src, std::u16string &out, bool last) {
        return detail::append_loop<DecodeResult>(
            src.size(), out, 2,
            [this](size_t n, size_t *room) { return whatenc_decoder_max_utf16_length(handle_, n, room); },
            [&](size_t read, char16_t *dst, size_t room) {
                return decode_to_utf16(src.substr(read), dst, room, last);
            });
    }

   private:
    static DecodeResult result(int st, size_t read, size_t written, const whatenc_decode_info &info) noexcept {
        DecodeResult r;
        r.status = detail::status(st);
        r.read = read;
        r.written = written;
        r.replaced = info.replaced != 0;
        r.malformed_len = info.malformed_len;
        r.consumed_after = info.consumed_after;
        return r;
    }
};

// ---------------------------------------------------------------- Encoder

// Owns a whatenc_encoder (UTF-8 or UTF-16 -> bytes), freed by the
// destructor; move-only, empty when default-constructed or moved from, as
// Decoder.
//
//   !!! AN ENCODER WRITES THE *OUTPUT ENCODING* OF ITS ENCODING !!!
//   An Encoder for UTF-16BE, UTF-16LE or replacement writes UTF-8
//   (encoding() tells).  To produce UTF-16, decode to UTF-16.
//
// Streaming contract as Decoder's; dst needs room for 13 bytes to make
// progress.  One thread at a time per Encoder.
class Encoder : public detail::Owner<whatenc_encoder, whatenc_encoder_free> {
   public:
    // An empty encoder (status() is Status::invalid_handle).
    Encoder() noexcept = default;

    // whatenc_encoder_new(): an encoder into encoding's output encoding.
    // If the C call fails the Encoder is empty and status() tells why.  The
    // destructor calls whatenc_encoder_free(); valid(), status(),
    // native_handle(), release() and the moves are detail::Owner's.
    explicit Encoder(Encoding encoding, EncoderMode mode = EncoderMode::html) noexcept {
        whatenc_encoder *h = nullptr;
        int st = whatenc_encoder_new(encoding.id(), static_cast<whatenc_error_mode>(mode), &h);
        adopt(st, h);
    }
    friend void swap(Encoder &a, Encoder &b) noexcept { a.swap(b); }

    // whatenc_encoder_reset(): forgets held input.
    Status reset() noexcept { return detail::status(whatenc_encoder_reset(handle_)); }

    // whatenc_encoder_encoding(): the encoding written, always an output
    // encoding.  nullopt when empty (or in a forked child).
    std::optional<Encoding> encoding() const noexcept {
        return Encoding::from_id(whatenc_encoder_encoding(handle_));
    }

    // whatenc_encoder_max_length_from_utf8() / _from_utf16(): an upper
    // bound of the bytes that src_len more UTF-8 bytes (UTF-16 code units)
    // with last = true write.  nullopt on overflow or another error.
    std::optional<size_t> max_length_from_utf8(size_t src_len) const noexcept {
        return detail::bound(whatenc_encoder_max_length_from_utf8, handle_, src_len);
    }
    std::optional<size_t> max_length_from_utf16(size_t src_len) const noexcept {
        return detail::bound(whatenc_encoder_max_length_from_utf16, handle_, src_len);
    }

    // whatenc_encoder_encode_from_utf8(): encodes UTF-8 src (src_len
    // bytes; invalid UTF-8 reads as U+FFFD) into dst (dst_len bytes).
    EncodeResult encode_from_utf8(const uint8_t *src, size_t src_len, uint8_t *dst, size_t dst_len,
                                  bool last) noexcept {
        whatenc_encode_info info{};
        int st = whatenc_encoder_encode_from_utf8(handle_, src, &src_len, dst, &dst_len, last, &info);
        return result(st, src_len, dst_len, info);
    }
    EncodeResult encode_from_utf8(std::string_view src, char *dst, size_t dst_len, bool last) noexcept {
        return encode_from_utf8(detail::bytes(src.data()), src.size(), detail::bytes(dst), dst_len, last);
    }

    // whatenc_encoder_encode_from_utf16(): encodes UTF-16 src (src_len code
    // units, machine byte order; a lone surrogate reads as U+FFFD).
    EncodeResult encode_from_utf16(const uint16_t *src, size_t src_len, uint8_t *dst, size_t dst_len,
                                   bool last) noexcept {
        whatenc_encode_info info{};
        int st = whatenc_encoder_encode_from_utf16(handle_, src, &src_len, dst, &dst_len, last, &info);
        return result(st, src_len, dst_len, info);
    }
    EncodeResult encode_from_utf16(std::u16string_view src, char *dst, size_t dst_len, bool last) noexcept {
        return encode_from_utf16(detail::units(src.data()), src.size(), detail::bytes(dst), dst_len, last);
    }

    // Encodes src and appends the bytes to out, growing it by
    // max_length_from_utf8() (_from_utf16()): until all of src is read, or
    // Status::unmappable (fatal mode: go on with src.substr(read)), or an
    // error.  written counts what was appended.  Only the growth of out
    // may throw (std::bad_alloc).
    EncodeResult encode_append(std::string_view src, std::string &out, bool last) {
        return detail::append_loop<EncodeResult>(
            src.size(), out, 13,
            [this](size_t n, size_t *room) { return whatenc_encoder_max_length_from_utf8(handle_, n, room); },
            [&](size_t read, char *dst, size_t room) { return encode_from_utf8(src.substr(read), dst, room, last); });
    }
    EncodeResult encode_append(std::u16string_view src, std::string &out, bool last) {
        return detail::append_loop<EncodeResult>(
            src.size(), out, 13,
            [this](size_t n, size_t *room) { return whatenc_encoder_max_length_from_utf16(handle_, n, room); },
            [&](size_t read, char *dst, size_t room) { return encode_from_utf16(src.substr(read), dst, room, last); });
    }

   private:
    static EncodeResult result(int st, size_t read, size_t written, const whatenc_encode_info &info) noexcept {
        EncodeResult r;
        r.status = detail::status(st);
        r.read = read;
        r.written = written;
        r.replaced = info.replaced != 0;
        r.unmappable = static_cast<char32_t>(info.unmappable);
        return r;
    }
};

// whatenc_encode_into(): TextEncoder's encodeInto: the UTF-8 of src
// (code units) into dst as far as whole scalar values fit.  Status::ok if
// all of src was read, Status::output_full if not, or an error.
inline EncodeResult encode_into(std::u16string_view src, char *dst, size_t dst_len) noexcept {
    EncodeResult r;
    r.status = detail::status(
        whatenc_encode_into(detail::units(src.data()), src.size(), detail::bytes(dst), dst_len, &r.read, &r.written));
    return r;
}

// ---------------------------------------------------------------- validation

// whatenc_utf8_valid_up_to(): how many leading bytes of src are valid UTF-8,
// src.size() if all are, else where the first sequence that is malformed
// or cut short starts.  std::nullopt only for an error (a forked child).
inline std::optional<size_t> utf8_valid_up_to(std::string_view src) noexcept {
    size_t n = 0;
    if (is_error(detail::status(whatenc_utf8_valid_up_to(detail::bytes(src.data()), src.size(), &n))))
        return std::nullopt;
    return n;
}

// whatenc_utf16_valid_up_to(): how many leading code units of src are valid
// UTF-16, src.size() if all are, else the index of the first surrogate
// that is not half of a pair.  std::nullopt only for an error.
inline std::optional<size_t> utf16_valid_up_to(std::u16string_view src) noexcept {
    size_t n = 0;
    if (is_error(detail::status(whatenc_utf16_valid_up_to(detail::units(src.data()), src.size(), &n))))
        return std::nullopt;
    return n;
}

// ---------------------------------------------------------------- one-shot

// A whole input decoded: the text (UTF-8 in std::string, or UTF-16 in
// std::u16string), the encoding used (after BOM sniffing; the requested
// one if the call failed) and, for Status::malformed (fatal mode), the
// offset of the first malformed byte.  true when status is Status::ok.
template <typename String>
struct BasicDecoded {
    explicit BasicDecoded(Encoding e) noexcept : encoding(e) {}
    Status status = Status::ok;
    String text;
    Encoding encoding;
    size_t error_offset = 0;
    explicit operator bool() const noexcept { return status == Status::ok; }
    // whatenc_strerror(status).
    const char *message() const noexcept { return whatenc::message(status); }
};
using Decoded = BasicDecoded<std::string>;
using Decoded16 = BasicDecoded<std::u16string>;

// A whole input encoded: the bytes, the encoding written (the output
// encoding), and, for Status::unmappable (fatal mode), the first code point
// the encoding cannot represent.  true when status is Status::ok.
struct Encoded {
    explicit Encoded(Encoding e) noexcept : encoding(e) {}
    Status status = Status::ok;
    std::string bytes;
    Encoding encoding;
    char32_t unmappable = 0;
    explicit operator bool() const noexcept { return status == Status::ok; }
    // whatenc_strerror(status).
    const char *message() const noexcept { return whatenc::message(status); }
};

// whatenc_decode_advanced(): src decoded by a decoder of encoding with bom
// and mode, all at once.  Fatal mode: Status::malformed and error_offset.
inline Decoded decode_advanced(std::string_view src, Encoding encoding, BomHandling bom, DecoderMode mode) {
    Decoded r(encoding);
    detail::OneShotBuffer out;
    int used = -1;
    r.status = detail::status(whatenc_decode_advanced(
        encoding.id(), static_cast<whatenc_bom_mode>(bom), static_cast<whatenc_error_mode>(mode),
        detail::bytes(src.data()), src.size(), &out.p, &out.len, &used, &r.error_offset));
    if (auto e = Encoding::from_id(used)) r.encoding = *e;
    if (out.p) r.text.assign(reinterpret_cast<const char *>(out.p), out.len);
    return r;
}

// whatenc_decode(): the standard's legacy "decode" hook: a UTF-8 or
// UTF-16 BOM picks the encoding (and is removed), fallback otherwise;
// malformed input becomes U+FFFD.
inline Decoded decode(std::string_view src, Encoding fallback) {
    Decoded r(fallback);
    detail::OneShotBuffer out;
    int used = -1;
    r.status = detail::status(
        whatenc_decode(fallback.id(), detail::bytes(src.data()), src.size(), &out.p, &out.len, &used));
    if (auto e = Encoding::from_id(used)) r.encoding = *e;
    if (out.p) r.text.assign(reinterpret_cast<const char *>(out.p), out.len);
    return r;
}
inline Decoded decode(const uint8_t *src, size_t len, Encoding fallback) {
    return decode(std::string_view(reinterpret_cast<const char *>(src), len), fallback);
}

// decode() without replacement (whatenc_decode_advanced in fatal mode):
// Status::malformed and error_offset for malformed input, with text then
// empty (the C one-shot returns no output on an error; decode_to_utf16 and
// a Decoder keep the text before it).  bom defaults to
// the decode hook's sniffing; BomHandling::keep with Encoding::utf_8 is
// "UTF-8 decode without BOM or fail".
inline Decoded decode_fatal(std::string_view src, Encoding encoding, BomHandling bom = BomHandling::sniff) {
    return decode_advanced(src, encoding, bom, DecoderMode::fatal);
}

// src decoded to UTF-16 all at once (a Decoder, whatenc_decoder_decode_to_
// utf16 with last); by default the decode hook.  Fatal mode:
// Status::malformed, error_offset, and text holds what came before.
inline Decoded16 decode_to_utf16(std::string_view src, Encoding encoding, BomHandling bom = BomHandling::sniff,
                                 DecoderMode mode = DecoderMode::replacement) {
    Decoded16 r(encoding);
    Decoder d(encoding, bom, mode);
    if (!d) {
        r.status = d.status();
        return r;
    }
    DecodeResult s = d.decode_append(src, r.text, true);
    r.status = s.status;
    if (s.status == Status::malformed) r.error_offset = s.read - s.consumed_after - s.malformed_len;
    if (auto e = d.encoding()) r.encoding = *e;
    return r;
}

// whatenc_encode() in html mode: the legacy "encode" hook.  Writes the
// OUTPUT encoding (UTF-8 for UTF-16BE, UTF-16LE, replacement); unmappable
// code points become "&#NNNN;"; invalid UTF-8 reads as U+FFFD.
inline Encoded encode(std::string_view utf8, Encoding encoding) {
    Encoded r(encoding.output_encoding().value_or(encoding));
    detail::OneShotBuffer out;
    uint32_t cp = 0;
    r.status = detail::status(whatenc_encode(encoding.id(), detail::bytes(utf8.data()), utf8.size(),
                                             WHATENC_HTML, &out.p, &out.len, &cp));
    r.unmappable = static_cast<char32_t>(cp);
    if (out.p) r.bytes.assign(reinterpret_cast<const char *>(out.p), out.len);
    return r;
}

// whatenc_encode() in fatal mode: Status::unmappable and the code point
// (the C API gives no offset) instead of "&#NNNN;"; bytes is then empty.
inline Encoded encode_fatal(std::string_view utf8, Encoding encoding) {
    Encoded r(encoding.output_encoding().value_or(encoding));
    detail::OneShotBuffer out;
    uint32_t cp = 0;
    r.status = detail::status(whatenc_encode(encoding.id(), detail::bytes(utf8.data()), utf8.size(),
                                             WHATENC_FATAL, &out.p, &out.len, &cp));
    r.unmappable = static_cast<char32_t>(cp);
    if (out.p) r.bytes.assign(reinterpret_cast<const char *>(out.p), out.len);
    return r;
}

// UTF-16 text encoded all at once (an Encoder, whatenc_encoder_encode_
// from_utf16 with last); lone surrogates read as U+FFFD.  Fatal mode:
// Status::unmappable, the code point, and bytes holds what came before.
inline Encoded encode(std::u16string_view utf16, Encoding encoding, EncoderMode mode = EncoderMode::html) {
    Encoded r(encoding.output_encoding().value_or(encoding));
    Encoder e(encoding, mode);
    if (!e) {
        r.status = e.status();
        return r;
    }
    EncodeResult s = e.encode_append(utf16, r.bytes, true);
    r.status = s.status;
    r.unmappable = s.unmappable;
    return r;
}
inline Encoded encode_fatal(std::u16string_view utf16, Encoding encoding) {
    return encode(utf16, encoding, EncoderMode::fatal);
}

}  // namespace whatenc

// Encodings as keys of unordered containers.
namespace std {
template <>
struct hash<whatenc::Encoding> {
    size_t operator()(whatenc::Encoding e) const noexcept { return hash<int>()(e.id()); }
};
}  // namespace std

#endif /* C++17 */
#undef WHATENC_HPP_CPLUSPLUS
#endif /* WHATENC_HPP */
