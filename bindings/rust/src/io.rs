//! `std::io` adapters: [`DecodeReader`] and [`EncodeWriter`].

#[allow(unused_imports)]
use crate::{Decoder, DecoderMode, Encoder, EncoderMode, Encoding, ffi};
use std::io::{self, BufRead, Read, Write};

const IN_SIZE: usize = 16 * 1024;

/// Reads bytes in some encoding from `R` and yields them as UTF-8.
///
/// ```
/// use std::io::Read;
/// use whatenc::{DecodeReader, Encoding};
///
/// let koi8 = &b"\xf0\xd2\xc9\xd7\xc5\xd4"[..];
/// let mut text = String::new();
/// DecodeReader::new(koi8, Encoding::KOI8_R).read_to_string(&mut text).unwrap();
/// assert_eq!(text, "Привет");
/// ```
///
/// With a [`DecoderMode::Fatal`] decoder, malformed input is an
/// [`io::ErrorKind::InvalidData`] error.
pub struct DecodeReader<R> {
    inner: R,
    decoder: Decoder,
    input: Box<[u8]>,
    in_pos: usize,
    in_end: usize,
    eof: bool,
    done: bool,
    out: Vec<u8>,
    out_pos: usize,
    pending: Option<io::Error>,
}

impl<R: Read> DecodeReader<R> {
    /// Decodes `inner` as `encoding`, sniffing a BOM (as
    /// [`Encoding::decode`]) and replacing malformed input with U+FFFD.
    pub fn new(inner: R, encoding: Encoding) -> Self {
        Self::with_decoder(inner, encoding.new_decoder())
    }

    /// Decodes `inner` with `decoder`, which should be at the start of a
    /// stream.
    pub fn with_decoder(inner: R, decoder: Decoder) -> Self {
        DecodeReader {
            inner,
            decoder,
            input: vec![0; IN_SIZE].into_boxed_slice(),
            in_pos: 0,
            in_end: 0,
            eof: false,
            done: false,
            out: Vec::with_capacity(3 * IN_SIZE + 16),
            out_pos: 0,
            pending: None,
        }
    }

    /// The decoder (its [`encoding`](Decoder::encoding) tells a sniffed BOM).
    pub fn decoder(&self) -> &Decoder {
        &self.decoder
    }

    /// The reader this one reads from.
    pub fn into_inner(self) -> R {
        self.inner
    }

    /// Decodes until there is output, an error or the end.
    fn fill(&mut self) -> io::Result<()> {
        loop {
            if self.out_pos < self.out.len() {
                return Ok(());
            }
            if let Some(e) = self.pending.take() {
                return Err(e);
            }
            if self.done {
                return Ok(());
            }
            if self.in_pos == self.in_end && !self.eof {
                let n = loop {
                    match self.inner.read(&mut self.input) {
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                        r => break r?,
                    }
                };
                self.in_pos = 0;
                self.in_end = n;
                self.eof = n == 0;
            }
            self.out.clear();
            self.out_pos = 0;
            let src = &self.input[self.in_pos..self.in_end];
            let spare = self.out.spare_capacity_mut();
            // SAFETY: spare capacity is valid for writes and distinct from
            // the input buffer.
            let r = unsafe { self.decoder.raw_utf8(src, spare.as_mut_ptr().cast(), spare.len(), self.eof) };
            // SAFETY: the library wrote r.written bytes of whole UTF-8.
            unsafe { self.out.set_len(r.written) };
            self.in_pos += r.read;
            match r.status {
                // The text before it is delivered first; reading on after
                // the error continues after the malformed bytes.
                ffi::WHATENC_MALFORMED => {
                    self.pending = Some(io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!("malformed {} input: {:?}", self.decoder.encoding(), self.decoder.malformed(&r)),
                    ))
                }
                ffi::WHATENC_OK if self.eof => self.done = true,
                _ => {}
            }
        }
    }
}

impl<R: Read> Read for DecodeReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        self.fill()?;
        let avail = &self.out[self.out_pos..];
        let n = avail.len().min(buf.len());
        buf[..n].copy_from_slice(&avail[..n]);
        self.out_pos += n;
        Ok(n)
    }
}

impl<R: Read> BufRead for DecodeReader<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.fill()?;
        Ok(&self.out[self.out_pos..])
    }

    fn consume(&mut self, amt: usize) {
        self.out_pos = (self.out_pos + amt).min(self.out.len());
    }
}

/// Takes UTF-8 and writes it to `W` in an encoding's output encoding.
///
/// Writes may split characters anywhere; bytes that are not UTF-8 are
/// encoded as U+FFFD would be.  Call [`finish`](Self::finish) at the end
/// (dropping the writer finishes too, ignoring errors).
///
/// ```
/// use std::io::Write;
/// use whatenc::{EncodeWriter, Encoding};
///
/// let mut w = EncodeWriter::new(Vec::new(), Encoding::KOI8_R);
/// write!(w, "{} {}", "Привет", 42).unwrap();
/// assert_eq!(w.finish().unwrap(), b"\xf0\xd2\xc9\xd7\xc5\xd4 42");
/// ```
///
/// Encoded bytes wait in a buffer of 16 KiB until it is full, or until
/// [`flush`](Write::flush) or [`finish`](Self::finish). An error of the
/// writer underneath loses nothing: the bytes it did not take stay in the
/// buffer, and a `write` that had taken some of its input before the error
/// returns how many bytes it took (as [`std::io::Write`] asks). As with
/// [`std::io::BufWriter`], the writer's error is not kept: it comes again
/// when the buffer is next written out (when it fills, or at `flush` or
/// `finish` at the latest).
///
/// With an [`EncoderMode::Fatal`] encoder, a character the encoding cannot
/// represent ends the `write` that reaches it: the write returns the number
/// of bytes up to and including the character (nothing is written for it),
/// and the next call (`write`, `flush` or `finish`) returns an
/// [`io::ErrorKind::InvalidData`] error that names it. Writing on continues
/// after the character:
///
/// ```
/// use std::io::{ErrorKind, Write};
/// use whatenc::{EncodeWriter, Encoder, EncoderMode, Encoding};
///
/// let fatal = Encoder::new(Encoding::WINDOWS_1252, EncoderMode::Fatal);
/// let mut w = EncodeWriter::with_encoder(Vec::new(), fatal);
/// assert_eq!(w.write("ab☃cd".as_bytes()).unwrap(), 5); // "ab☃"
/// let err = w.write(b"cd").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::InvalidData);
/// assert!(err.to_string().contains("U+2603"));
/// w.write_all(b"cd").unwrap();
/// assert_eq!(w.finish().unwrap(), b"abcd");
/// ```
pub struct EncodeWriter<W: Write> {
    inner: Option<W>,
    encoder: Encoder,
    // Encoded bytes the writer underneath has not taken yet.
    out: Vec<u8>,
    // A fatal encoder's error, which the call after the one that met it
    // returns.
    unmappable: Option<io::Error>,
}

// Room the buffer keeps for a call of the encoder (the header's minimum
// for encoders is 13 bytes).
const OUT_ROOM: usize = 64;

impl<W: Write> EncodeWriter<W> {
    /// Encodes into the output encoding of `encoding`, HTML mode.
    pub fn new(inner: W, encoding: Encoding) -> Self {
        Self::with_encoder(inner, Encoder::new(encoding, EncoderMode::Html))
    }

    /// Encodes with `encoder`, which should be at the start of a stream.
    pub fn with_encoder(inner: W, encoder: Encoder) -> Self {
        EncodeWriter { inner: Some(inner), encoder, out: Vec::with_capacity(IN_SIZE), unmappable: None }
    }

    /// The encoder.
    pub fn encoder(&self) -> &Encoder {
        &self.encoder
    }

    /// The writer underneath.
    pub fn get_ref(&self) -> &W {
        self.inner.as_ref().expect("EncodeWriter used after finish")
    }

    /// The writer underneath. Writing to it directly puts bytes before the
    /// ones still in this writer's buffer.
    pub fn get_mut(&mut self) -> &mut W {
        self.inner.as_mut().expect("EncodeWriter used after finish")
    }

    /// Writes the buffer to the writer underneath; on an error what it did
    /// not take stays in the buffer.
    fn write_out(&mut self) -> io::Result<()> {
        let inner = self.inner.as_mut().expect("EncodeWriter used after finish");
        let mut taken = 0;
        let r = loop {
            if taken == self.out.len() {
                break Ok(());
            }
            match inner.write(&self.out[taken..]) {
                Ok(0) => break Err(io::Error::new(io::ErrorKind::WriteZero, "the writer took no encoded bytes")),
                Ok(n) => taken += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => break Err(e),
            }
        };
        self.out.drain(..taken);
        r
    }

    /// Encodes `buf` (the end of the stream if `last`); returns how many of
    /// its bytes were taken, fewer than all only where an error stops it
    /// after some were.
    fn encode(&mut self, buf: &[u8], last: bool) -> io::Result<usize> {
        if let Some(e) = self.unmappable.take() {
            return Err(e);
        }
        let mut read = 0;
        let mut full = false; // the encoder's last call found no room
        loop {
            if full || self.out.capacity() - self.out.len() < OUT_ROOM {
                if let Err(e) = self.write_out() {
                    return if read > 0 { Ok(read) } else { Err(e) };
                }
            }
            let (status, n, info) = self.encoder.encode_bytes(&buf[read..], &mut self.out, last);
            read += n;
            match status {
                ffi::WHATENC_OUTPUT_FULL => full = true,
                ffi::WHATENC_UNMAPPABLE => {
                    let c = char::from_u32(info.unmappable).unwrap_or('\u{FFFD}');
                    let err = io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!("{} cannot represent {c:?} (U+{:04X})", self.encoder.encoding(), c as u32),
                    );
                    // At the end of the stream nothing is left to take: the
                    // error is this call's.
                    if last && read == buf.len() {
                        return Err(err);
                    }
                    self.unmappable = Some(err);
                    return Ok(read);
                }
                _ => return Ok(read),
            }
        }
    }

    /// Ends the stream (writing what the encoding needs at the end, such as
    /// ISO-2022-JP's return to ASCII), flushes and returns the writer. On
    /// an error the writer is dropped (the stream unfinished): call
    /// [`flush`](Write::flush) first to see errors while this writer still
    /// holds it.
    pub fn finish(mut self) -> io::Result<W> {
        let r = self.finish_stream();
        // Taken either way, so that dropping self does not finish again.
        let inner = self.inner.take().expect("EncodeWriter used after finish");
        r.map(|()| inner)
    }

    fn finish_stream(&mut self) -> io::Result<()> {
        self.encode(&[], true)?;
        self.flush()
    }
}

impl<W: Write> Write for EncodeWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.encode(buf, false)
    }

    fn flush(&mut self) -> io::Result<()> {
        if let Some(e) = self.unmappable.take() {
            return Err(e);
        }
        self.write_out()?;
        self.get_mut().flush()
    }
}

impl<W: Write> Drop for EncodeWriter<W> {
    fn drop(&mut self) {
        if self.inner.is_some() && !std::thread::panicking() {
            let _ = self.finish_stream();
        }
    }
}
