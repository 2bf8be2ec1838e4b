package reference

import "fmt"

// Section 3, "Terminology": I/O queues.
//
// An I/O queue is a list of items of one type (bytes, scalar values or, for
// TextEncoderStream, code units) that may end with the special item
// end-of-queue. The list is modelled literally: end-of-queue is an item of the
// list, not a flag beside it.

// item is an item of an I/O queue: either a value or end-of-queue.
type item[T any] struct {
	value T
	end   bool // end-of-queue
}

// endOfQueue returns the end-of-queue item.
func endOfQueue[T any]() item[T] { return item[T]{end: true} }

// valueItem returns an item holding v.
func valueItem[T any](v T) item[T] { return item[T]{value: v} }

// ioQueue is an I/O queue.
type ioQueue[T any] struct {
	list []item[T]
}

// newIOQueue returns an I/O queue holding items, without end-of-queue: the
// form the standard writes « » (a streaming queue, or an output queue whose
// end-of-queue is pushed when its producer is finished).
func newIOQueue[T any](items ...item[T]) *ioQueue[T] {
	q := &ioQueue[T]{}
	q.list = append(q.list, items...)
	return q
}

// toIOQueue is "convert a list into an I/O queue": the items of input, in
// order, followed by end-of-queue.
func toIOQueue[T any](input []T) *ioQueue[T] {
	q := &ioQueue[T]{list: make([]item[T], 0, len(input)+1)}
	for _, v := range input {
		q.list = append(q.list, valueItem(v))
	}
	q.list = append(q.list, endOfQueue[T]())
	return q
}

// read is "read an item from an I/O queue".
//
// Step 1 waits until the queue is non-empty. This package never reads from a
// queue that is empty (every queue it reads from ends with end-of-queue), so
// waiting would be a deadlock: it panics instead.
func (q *ioQueue[T]) read() item[T] {
	// 1. If ioQueue is empty, then wait until its size is at least 1.
	if len(q.list) == 0 {
		panic("reference: read from an empty I/O queue would block forever")
	}
	// 2. If ioQueue[0] is end-of-queue, then return end-of-queue.
	if q.list[0].end {
		return endOfQueue[T]()
	}
	// 3. Remove ioQueue[0] and return it.
	it := q.list[0]
	q.list = q.list[1:]
	return it
}

// readItems is "read a number number of items from ioQueue".
func (q *ioQueue[T]) readItems(number int) []T {
	// 1. Let readItems be « ».
	var readItems []item[T]
	// 2. Perform the following step number times: append the result of reading.
	for range number {
		readItems = append(readItems, q.read())
	}
	// 3. Remove end-of-queue from readItems.
	// 4. Return readItems.
	var out []T
	for _, it := range readItems {
		if !it.end {
			out = append(out, it.value)
		}
	}
	return out
}

// peek is "peek a number number of items from an I/O queue".
//
// The standard's step 3 iterates "n in the range 1 to number, inclusive" and
// looks at ioQueue[n]; Infra lists are indexed from 0 (read uses ioQueue[0]),
// so read literally it would skip the first item. Every use (BOM sniff, UTF-8
// decode) needs the first number items, so this looks at ioQueue[0] to
// ioQueue[number-1].
func (q *ioQueue[T]) peek(number int) []T {
	// 1. Wait until size >= number or the queue contains end-of-queue.
	if len(q.list) < number && !q.containsEnd() {
		panic("reference: peek on an I/O queue without enough items would block forever")
	}
	// 2. Let prefix be « ».
	var prefix []T
	// 3. For each n of the first number items:
	for n := 0; n < number && n < len(q.list); n++ {
		// 1. If ioQueue[n] is end-of-queue, break.
		if q.list[n].end {
			break
		}
		// 2. Otherwise, append ioQueue[n] to prefix.
		prefix = append(prefix, q.list[n].value)
	}
	// 4. Return prefix.
	return prefix
}

// push is "push an item to an I/O queue".
func (q *ioQueue[T]) push(it item[T]) {
	// 1. If the last item in ioQueue is end-of-queue:
	if n := len(q.list); n > 0 && q.list[n-1].end {
		// 1. If item is end-of-queue, do nothing.
		if it.end {
			return
		}
		// 2. Otherwise, insert item before the last item in ioQueue.
		q.list = append(q.list, item[T]{})
		copy(q.list[n:], q.list[n-1:n])
		q.list[n-1] = it
		return
	}
	// 2. Otherwise, append item to ioQueue.
	q.list = append(q.list, it)
}

// pushValues is "push a sequence of items": push each, in the given order.
func (q *ioQueue[T]) pushValues(values ...T) {
	for _, v := range values {
		q.push(valueItem(v))
	}
}

// pushEnd pushes end-of-queue.
func (q *ioQueue[T]) pushEnd() { q.push(endOfQueue[T]()) }

// restore is "restore a list of items excluding end-of-queue to an I/O
// queue": insert those items, in the given order, before the first item in
// the queue. Restoring one item is the list prepend operation.
func (q *ioQueue[T]) restore(values ...T) {
	restored := make([]item[T], 0, len(values)+len(q.list))
	for _, v := range values {
		restored = append(restored, valueItem(v))
	}
	q.list = append(restored, q.list...)
}

// toList is "convert an I/O queue into a list": read an indefinite number
// of items, that is, until end-of-queue. (It is only used on queues that end
// with end-of-queue.)
func (q *ioQueue[T]) toList() []T {
	var out []T
	for {
		it := q.read()
		if it.end {
			return out
		}
		out = append(out, it.value)
	}
}

// values returns the items of q other than end-of-queue without reading them.
// It is for observing a queue (how much input is left, what output was
// pushed so far), not a standard operation.
func (q *ioQueue[T]) values() []T {
	var out []T
	for _, it := range q.list {
		if !it.end {
			out = append(out, it.value)
		}
	}
	return out
}

// containsEnd reports whether q contains end-of-queue.
func (q *ioQueue[T]) containsEnd() bool {
	for _, it := range q.list {
		if it.end {
			return true
		}
	}
	return false
}

// String formats the queue as the standard writes it, for debugging.
func (q *ioQueue[T]) String() string {
	s := "«"
	for i, it := range q.list {
		if i > 0 {
			s += ","
		}
		if it.end {
			s += " end-of-queue"
		} else {
			s += fmt.Sprintf(" %v", any(it.value))
		}
	}
	return s + " »"
}

// Section 4.1, "Encoders and decoders": handlers, error modes, and processing.

// resultKind tells which of the four kinds of results a handler returned.
type resultKind int

const (
	resultContinue resultKind = iota // continue
	resultFinished                   // finished
	resultItems                      // one or more items
	resultError                      // error, optionally with a code point
)

// result is what a handler returns: finished, one or more items, error
// (optionally with a code point), or continue.
type result[O any] struct {
	kind         resultKind
	items        []O
	codePoint    rune // the code point of an error, if hasCodePoint
	hasCodePoint bool
}

func continueResult[O any]() result[O] { return result[O]{kind: resultContinue} }
func finishedResult[O any]() result[O] { return result[O]{kind: resultFinished} }
func itemsResult[O any](items ...O) result[O] {
	return result[O]{kind: resultItems, items: items}
}
func errorResult[O any]() result[O] { return result[O]{kind: resultError} }
func errorWithCodePoint[O any](cp rune) result[O] {
	return result[O]{kind: resultError, codePoint: cp, hasCodePoint: true}
}

// handler is a decoder or encoder instance: its handler algorithm takes an
// input I/O queue and an item.
type handler[I, O any] interface {
	handler(ioQueue *ioQueue[I], it item[I]) result[O]
}

// decoder is a decoder instance: bytes in, scalar values out.
type decoder = handler[byte, rune]

// encoder is an encoder instance: scalar values in, bytes out.
type encoder = handler[rune, byte]

// errorMode is "replacement" or "fatal" for a decoder and "fatal" or "html"
// for an encoder.
type errorMode string

const (
	modeReplacement errorMode = "replacement"
	modeFatal       errorMode = "fatal"
	modeHTML        errorMode = "html"
)

// processAQueue is "process a queue" (section 4.1).
func processAQueue[I, O any](encoderDecoder handler[I, O], input *ioQueue[I], output *ioQueue[O], mode errorMode) result[O] {
	// 1. While true:
	for {
		// 1. Let result be the result of processing an item with the result of
		//    reading from input, encoderDecoder, input, output, and mode.
		result := processAnItem(input.read(), encoderDecoder, input, output, mode)
		// 2. If result is not continue, then return result.
		if result.kind != resultContinue {
			return result
		}
	}
}

// processAnItem is "process an item" (section 4.1).
func processAnItem[I, O any](it item[I], encoderDecoder handler[I, O], input *ioQueue[I], output *ioQueue[O], mode errorMode) result[O] {
	_, isEncoder := any(encoderDecoder).(encoder)
	_, isDecoder := any(encoderDecoder).(decoder)
	// 1. Assert: encoderDecoder is not an encoder instance or mode is not "replacement".
	if isEncoder && mode == modeReplacement {
		panic("reference: assertion failed: encoder with error mode replacement")
	}
	// 2. Assert: encoderDecoder is not a decoder instance or mode is not "html".
	if isDecoder && mode == modeHTML {
		panic("reference: assertion failed: decoder with error mode html")
	}
	// 3. Assert: encoderDecoder is not an encoder instance or item is not a surrogate.
	if isEncoder && !it.end {
		if cp := any(it.value).(rune); isSurrogate(cp) {
			panic(fmt.Sprintf("reference: assertion failed: encoder given surrogate U+%04X", cp))
		}
	}
	// 4. Let result be the result of running encoderDecoder's handler on input and item.
	result := encoderDecoder.handler(input, it)
	switch result.kind {
	case resultFinished:
		// 5. If result is finished: push end-of-queue to output and return result.
		output.pushEnd()
		return result
	case resultItems:
		// 6. Otherwise, if result is one or more items:
		// 1. Assert: encoderDecoder is not a decoder instance or result does not contain any surrogates.
		if isDecoder {
			for _, v := range result.items {
				if cp := any(v).(rune); isSurrogate(cp) || cp < 0 || cp > 0x10FFFF {
					panic(fmt.Sprintf("reference: assertion failed: decoder returned non-scalar value %#x", cp))
				}
			}
		}
		// 2. Push result to output.
		output.pushValues(result.items...)
	case resultError:
		// 7. Otherwise, if result is an error, switch on mode and run the associated steps:
		switch mode {
		case modeReplacement:
			// Push U+FFFD (�) to output.
			any(output).(*ioQueue[rune]).pushValues(0xFFFD)
		case modeHTML:
			// Push 0x26 (&), 0x23 (#), followed by the shortest sequence of 0x30 (0) to
			// 0x39 (9), inclusive, representing result's code point's value in base ten,
			// followed by 0x3B (;) to output.
			if !result.hasCodePoint {
				panic("reference: assertion failed: html error mode needs an error with a code point")
			}
			bytes := []byte("&#" + fmt.Sprint(int64(result.codePoint)) + ";")
			any(output).(*ioQueue[byte]).pushValues(bytes...)
		case modeFatal:
			// Return result.
			return result
		default:
			panic("reference: unknown error mode " + string(mode))
		}
	case resultContinue:
	}
	// 8. Return continue.
	return continueResult[O]()
}

// isSurrogate reports whether cp is a surrogate (U+D800 to U+DFFF, inclusive).
func isSurrogate(cp rune) bool { return cp >= 0xD800 && cp <= 0xDFFF }

// isLeadingSurrogate reports whether cu is a leading surrogate (0xD800 to 0xDBFF).
func isLeadingSurrogate(cu rune) bool { return cu >= 0xD800 && cu <= 0xDBFF }

// isTrailingSurrogate reports whether cu is a trailing surrogate (0xDC00 to 0xDFFF).
func isTrailingSurrogate(cu rune) bool { return cu >= 0xDC00 && cu <= 0xDFFF }

// scalarValueFromSurrogates is "scalar value from surrogates" (section 3).
func scalarValueFromSurrogates(leading, trailing rune) rune {
	return 0x10000 + ((leading - 0xD800) << 10) + (trailing - 0xDC00)
}

// isASCIIByte reports whether b is an ASCII byte (0x00 to 0x7F).
func isASCIIByte(b byte) bool { return b <= 0x7F }

// isASCIICodePoint reports whether cp is an ASCII code point (U+0000 to U+007F).
func isASCIICodePoint(cp rune) bool { return cp >= 0 && cp <= 0x7F }
