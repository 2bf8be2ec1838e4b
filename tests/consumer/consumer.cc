// A tiny C++ program using an installed libwhatenc through whatenc.hpp
// only: prints the library version and "café" decoded from windows-1252,
// as consumer.c does, after a streaming round trip through a Decoder and an
// Encoder. The install tests build it with pkg-config and CMake
// find_package and check its output; make test-header compiles it with
// -std=c++17 and -std=c++20, -pedantic, -fno-exceptions and -fno-rtti.
#include <whatenc.hpp>

#include <cstdio>
#include <string>

int main() {
    if (whatenc::init() != whatenc::Status::ok) return 1;
    if (whatenc::version_number() != WHATENC_VERSION_NUMBER) return 2;
    auto latin1 = whatenc::Encoding::for_label("latin1");
    if (!latin1 || whatenc::Encoding::for_label("no such label")) return 3;
    const std::string bytes = "caf\xE9";
    whatenc::Decoded text = whatenc::decode(bytes, *latin1);
    if (!text) {
        std::fprintf(stderr, "decode: %s\n", text.message());
        return 4;
    }
    // The same, streamed a byte at a time, and encoded back.
    whatenc::Decoder decoder(*latin1, whatenc::BomHandling::sniff, whatenc::DecoderMode::fatal);
    whatenc::Encoder encoder(*latin1, whatenc::EncoderMode::fatal);
    if (!decoder || !encoder) return 5;
    std::string streamed, back;
    for (size_t i = 0; i < bytes.size(); i++) {
        whatenc::DecodeResult r = decoder.decode_append(bytes.substr(i, 1), streamed, i + 1 == bytes.size());
        if (r.status != whatenc::Status::ok) return 6;
    }
    whatenc::Decoder moved = std::move(decoder);
    if (decoder || !moved || streamed != text.text) return 7;
    if (encoder.encode_append(streamed, back, true).status != whatenc::Status::ok || back != bytes) return 8;
    std::printf("%s %s %s\n", whatenc::version_string(), text.encoding.name(), text.text.c_str());
    return 0;
}
