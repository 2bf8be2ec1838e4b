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
/// With an [`EncoderMode::Fatal`] encoder, an unmappable character is an
/// [`io::ErrorKind::InvalidData`] error (it was consumed).
pub struct EncodeWriter<W: Write> {
    inner: Option<W>,
    encoder: Encoder,
    out: Vec<u8>,
}

impl<W: Write> EncodeWriter<W> {
    /// Encodes into the output encoding of `encoding`, HTML mode.
    pub fn new(inner: W, encoding: Encoding) -> Self {
        Self::with_encoder(inner, Encoder::new(encoding, EncoderMode::Html))
    }

    /// Encodes with `encoder`, which should be at the start of a stream.
    pub fn with_encoder(inner: W, encoder: Encoder) -> Self {
        EncodeWriter { inner: Some(inner), encoder, out: Vec::with_capacity(IN_SIZE) }
    }

    /// The encoder.
    pub fn encoder(&self) -> &Encoder {
        &self.encoder
    }

    fn inner(&mut self) -> &mut W {
        self.inner.as_mut().expect("EncodeWriter used after finish")
    }

    fn encode(&mut self, mut buf: &[u8], last: bool) -> io::Result<()> {
        loop {
            if self.out.capacity() - self.out.len() < 64 {
                let out = std::mem::take(&mut self.out);
                self.inner().write_all(&out)?;
                self.out = out;
                self.out.clear();
            }
            let (status, read, info) = self.encoder.encode_bytes(buf, &mut self.out, last);
            buf = &buf[read..];
            match status {
                ffi::WHATENC_OUTPUT_FULL => {
                    let out = std::mem::take(&mut self.out);
                    self.inner().write_all(&out)?;
                    self.out = out;
                    self.out.clear();
                }
                ffi::WHATENC_UNMAPPABLE => {
                    let c = char::from_u32(info.unmappable).unwrap_or('\u{FFFD}');
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!("{} cannot represent {c:?} (U+{:04X})", self.encoder.encoding(), c as u32),
                    ));
                }
                _ => return Ok(()),
            }
        }
    }

    /// Ends the stream (writing what the encoding needs at the end, such as
    /// ISO-2022-JP's return to ASCII), flushes and returns the writer.
    pub fn finish(mut self) -> io::Result<W> {
        self.finish_stream()?;
        Ok(self.inner.take().unwrap())
    }

    fn finish_stream(&mut self) -> io::Result<()> {
        self.encode(&[], true)?;
        self.flush()
    }
}

impl<W: Write> Write for EncodeWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.encode(buf, false)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let out = std::mem::take(&mut self.out);
        let r = self.inner().write_all(&out);
        self.out = out;
        self.out.clear();
        r?;
        self.inner().flush()
    }
}

impl<W: Write> Drop for EncodeWriter<W> {
    fn drop(&mut self) {
        if self.inner.is_some() && !std::thread::panicking() {
            let _ = self.finish_stream();
        }
    }
}
