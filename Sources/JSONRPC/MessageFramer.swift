/// Splits a byte stream into JSON-RPC message bodies: a pure state machine with no I/O.
///
/// Two framings are understood:
/// - **Content-Length** (the LSP base protocol): header fields `Name: value`, a blank line, then exactly
///   `Content-Length` bytes. Names are case-insensitive, spaces around values are tolerated, bare `\n`
///   line ends are accepted, unknown fields are ignored, and `Content-Type` must name UTF-8 if it names a
///   charset at all.
/// - **Newline-delimited JSON** (MCP's stdio framing): one message per line, `\r\n` accepted, blank lines
///   skipped.
///
/// With ``Framing/automatic`` the first non-whitespace byte decides: `{` or `[` selects newline-delimited
/// JSON, anything else Content-Length headers.
///
/// Memory stays bounded whatever arrives: a declared length is never allocated up front, oversized
/// messages are skipped without being stored, header lines and header counts are capped, and the
/// resynchronisation scan keeps only a few bytes. A declared length over the cap is reported at once and
/// not waited for: the framer scans for the next `Content-Length` header instead of counting bytes, so
/// the messages after a wrong length are still read.
package struct MessageFramer: Sendable {
  /// How messages are delimited on the stream.
  package enum Framing: Sendable, Equatable {
    /// Decide from the first non-whitespace byte.
    case automatic
    /// LSP base protocol headers.
    case contentLength
    /// One JSON text per line.
    case newlineDelimited
  }

  /// What the framer found in the bytes pushed so far.
  package enum Event: Sendable, Equatable {
    /// A complete message body.
    case message([UInt8])
    /// A framing fault; the framer has already resynchronised.
    case error(FramingError)
  }

  /// Caps that keep hostile input from using unbounded memory.
  package struct Limits: Sendable, Equatable {
    /// The largest message body accepted, in bytes.
    package var maxMessageBytes: Int
    /// The longest header line accepted, in bytes.
    package var maxHeaderLineBytes: Int
    /// The most header fields accepted in one header block.
    package var maxHeaderFields: Int

    /// Creates limits; the defaults are 64 MiB messages, 8 KiB header lines and 32 header fields.
    package init(maxMessageBytes: Int = 64 << 20, maxHeaderLineBytes: Int = 8 << 10, maxHeaderFields: Int = 32) {
      self.maxMessageBytes = maxMessageBytes
      self.maxHeaderLineBytes = maxHeaderLineBytes
      self.maxHeaderFields = maxHeaderFields
    }
  }

  private struct HeaderBlock: Sendable {
    var line: [UInt8] = []
    var fieldCount = 0
    var contentLength: Int?
    var contentLengthCount = 0
    var error: FramingError?
    var lengthIsReliable = true
  }

  private enum State: Sendable {
    case detecting
    case header(HeaderBlock)
    case body(remaining: Int, buffer: [UInt8])
    case skipping(remaining: Int)
    case resynchronising(window: [UInt8])
    case line([UInt8])
    case discardingLine
  }

  /// The limits in force.
  package let limits: Limits
  private var state: State
  /// The framing in use: ``Framing/automatic`` until the first significant byte has been seen.
  package private(set) var framing: Framing

  /// Creates a framer.
  package init(framing: Framing = .automatic, limits: Limits = Limits()) {
    self.limits = limits
    self.framing = framing
    switch framing {
    case .automatic: state = .detecting
    case .contentLength: state = .header(HeaderBlock())
    case .newlineDelimited: state = .line([])
    }
  }

  static let contentLengthName = Array("content-length".utf8)
  static let contentTypeName = Array("content-type".utf8)

  /// Feeds bytes and returns the events they complete, in order.
  package mutating func push(_ bytes: [UInt8]) -> [Event] {
    var events: [Event] = []
    push(bytes) { events.append($0) }
    return events
  }

  /// Feeds bytes and calls `emit` for every event they complete, in order.
  package mutating func push(_ bytes: [UInt8], emit: (Event) -> Void) {
    push(bytes, whole: { emit(.message(Array($0))) }, emit: emit)
  }

  /// ``push(_:emit:)`` handing the body of each frame found whole in `bytes` to `whole` as a slice of `bytes` (not
  /// copied); every other event goes to `emit`, in order with them.
  package mutating func push(_ bytes: [UInt8], whole: (ArraySlice<UInt8>) -> Void, emit: (Event) -> Void) {
    push(bytes[...], whole: whole, emit: emit)
  }

  /// ``push(_:whole:emit:)`` for the first bytes of a buffer (`bytes` starts at index 0): a reader reads into one
  /// buffer again and again, with no array made per read.
  package mutating func push(_ bytes: ArraySlice<UInt8>, whole: (ArraySlice<UInt8>) -> Void, emit: (Event) -> Void) {
    precondition(bytes.startIndex == 0, "the bytes must start at index 0")
    var index = 0
    while index < bytes.count {
      switch state {
      case .detecting:
        let byte = bytes[index]
        if Self.isWhitespace(byte) {
          index += 1
        } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
          framing = .newlineDelimited
          state = .line([])
        } else {
          framing = .contentLength
          state = .header(HeaderBlock())
        }

      case .header(var block):
        if block.line.isEmpty, block.fieldCount == 0, let (body, end) = wholeMessage(in: bytes, at: index) {
          // The usual frame, whole in this read: taken in one step (the general path below gives the same body).
          whole(bytes[body])
          index = end
          continue
        }
        state = .detecting  // Release the block's storage while it is mutated.
        // Set when a line may exceed the limit: it is then read byte by byte up to its end, as before.
        var bytewise = false
        while index < bytes.count {
          // Whole lines that cannot exceed the line limit are taken as slices, without copying them byte by byte.
          let newline = bytewise ? nil : bytes[index...].firstIndex(of: 0x0A)
          let segmentEnd = newline ?? bytes.count
          let length = block.line.count + segmentEnd - index
          let lastByte = segmentEnd > index ? bytes[segmentEnd - 1] : block.line.last
          if !bytewise,
            length <= limits.maxHeaderLineBytes
              || (newline != nil && length == limits.maxHeaderLineBytes + 1
                && lastByte == 0x0D)
          {
            guard let newline else {
              block.line.append(contentsOf: bytes[index...])
              index = bytes.count
              break
            }
            let next: State?
            if block.line.isEmpty {
              let end = newline > index && bytes[newline - 1] == 0x0D ? newline - 1 : newline
              next = finishHeaderLine(bytes[index..<end], &block, emit: emit)
            } else {
              var line = block.line
              block.line.removeAll(keepingCapacity: true)
              line.append(contentsOf: bytes[index..<newline])
              if line.last == 0x0D { line.removeLast() }
              next = finishHeaderLine(line[...], &block, emit: emit)
            }
            index = newline + 1
            if let next {
              state = next
              break
            }
            continue
          }
          bytewise = true
          let byte = bytes[index]
          index += 1
          if byte == 0x0A {
            bytewise = false
            if block.line.last == 0x0D { block.line.removeLast() }
            let line = block.line
            block.line.removeAll(keepingCapacity: true)
            if let next = finishHeaderLine(line[...], &block, emit: emit) {
              state = next
              break
            }
          } else if block.line.count >= limits.maxHeaderLineBytes + (byte == 0x0D ? 1 : 0) {
            // The `\r` of a `\r\n` line end does not count against the limit.
            state = resynchronise(after: .headerLineTooLong(limit: limits.maxHeaderLineBytes), emit: emit)
            break
          } else {
            block.line.append(byte)
          }
        }
        if case .detecting = state { state = .header(block) }

      case .body(let remaining, var buffer):
        state = .detecting
        let take = min(remaining, bytes.count - index)
        buffer.append(contentsOf: bytes[index..<(index + take)])
        index += take
        if take == remaining {
          emit(.message(buffer))
          state = .header(HeaderBlock())
        } else {
          state = .body(remaining: remaining - take, buffer: buffer)
        }

      case .skipping(let remaining):
        let take = min(remaining, bytes.count - index)
        index += take
        state = take == remaining ? .header(HeaderBlock()) : .skipping(remaining: remaining - take)

      case .resynchronising(var window):
        state = .detecting
        var found = false
        while index < bytes.count {
          window.append(Self.lowercased(bytes[index]))
          index += 1
          if window.count > Self.contentLengthName.count { window.removeFirst() }
          if window == Self.contentLengthName {
            found = true
            break
          }
        }
        if found {
          var block = HeaderBlock()
          block.line = Self.contentLengthName
          state = .header(block)
        } else {
          state = .resynchronising(window: window)
        }

      case .line(var buffer):
        state = .detecting
        if let newline = bytes[index...].firstIndex(of: 0x0A) {
          // The `\r` of a `\r\n` line end is not part of the message.
          let endsWithReturn = (newline > index ? bytes[newline - 1] : buffer.last) == 0x0D
          let length = buffer.count + (newline - index) - (endsWithReturn ? 1 : 0)
          if length > limits.maxMessageBytes {
            emit(.error(.messageTooLarge(length: length, limit: limits.maxMessageBytes)))
          } else {
            buffer.append(contentsOf: bytes[index..<newline])
            emitLine(buffer, emit: emit)
          }
          index = newline + 1
          state = .line([])
        } else {
          // A final `\r` may be the first half of a `\r\n` line end, which does not count.
          let length = buffer.count + bytes.count - index - (bytes.last == 0x0D ? 1 : 0)
          if length > limits.maxMessageBytes {
            emit(.error(.messageTooLarge(length: length, limit: limits.maxMessageBytes)))
            state = .discardingLine
          } else {
            buffer.append(contentsOf: bytes[index...])
            state = .line(buffer)
          }
          index = bytes.count
        }

      case .discardingLine:
        if let newline = bytes[index...].firstIndex(of: 0x0A) {
          index = newline + 1
          state = .line([])
        } else {
          index = bytes.count
        }
      }
    }
  }

  /// Signals the end of input and returns what that completes: a final unterminated line in
  /// newline-delimited mode, or a ``FramingError/truncatedMessage`` when a message was cut off.
  package mutating func finish() -> [Event] {
    defer { state = .detecting }
    switch state {
    case .header(let block) where !block.line.isEmpty || block.fieldCount > 0:
      return [.error(.truncatedMessage)]
    case .body:
      return [.error(.truncatedMessage)]
    case .line(let buffer):
      var events: [Event] = []
      emitLine(buffer) { events.append($0) }
      return events
    default:
      return []
    }
  }

  // MARK: - Helpers

  private func emitLine(_ line: [UInt8], emit: (Event) -> Void) {
    var end = line.count
    while end > 0, Self.isWhitespace(line[end - 1]) { end -= 1 }
    var start = 0
    while start < end, Self.isWhitespace(line[start]) { start += 1 }
    guard start < end else { return }  // A blank line.
    emit(.message(start == 0 && end == line.count ? line : Array(line[start..<end])))
  }

  /// Handles one complete header line; returns the next state when the header block ends or fails.
  private func finishHeaderLine(
    _ line: ArraySlice<UInt8>,
    _ block: inout HeaderBlock,
    emit: (Event) -> Void
  ) -> State? {
    if line.isEmpty {
      // Blank lines before a header block are tolerated; one after fields ends the block.
      return block.fieldCount == 0 ? nil : endOfHeaders(block, emit: emit)
    }
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
      return resynchronise(after: .malformedHeaderLine(Self.printable(Array(line))), emit: emit)
    }
    block.fieldCount += 1
    if block.fieldCount > limits.maxHeaderFields {
      return resynchronise(after: .tooManyHeaderFields(limit: limits.maxHeaderFields), emit: emit)
    }
    let rawName = Self.trimmed(line[..<colon])
    // Compared in place: lower-casing a copy of every header name cost an allocation per message.
    let isContentLength = Self.equalsLowercased(rawName, Self.contentLengthName)
    var isContentType = false
    if !isContentLength {
      let name = rawName.map(Self.lowercased)
      if let start = Self.contentLengthStart(in: name), start > 0 {
        // Garbage glued to the front of a header ("xyz}Content-Length: 8"): report it and start a new
        // header block at `Content-Length`, so the message that follows is not lost.
        let garbageEnd = line.startIndex + Self.leadingBlankCount(line[..<colon]) + start
        emit(.error(.malformedHeaderLine(Self.printable(Array(line[..<garbageEnd])))))
        block = HeaderBlock()
        return finishHeaderLine(line[garbageEnd...], &block, emit: emit)
      }
      isContentType = name == Self.contentTypeName
    }
    let value = Self.trimmed(line[(colon + 1)...])
    if isContentLength {
      block.contentLengthCount += 1
      if block.contentLengthCount > 1 {
        block.lengthIsReliable = false
        block.error = block.error ?? .duplicateContentLength
      } else if let length = Self.parseLength(value) {
        block.contentLength = length
      } else {
        block.lengthIsReliable = false
        block.error = block.error ?? .invalidContentLength(Self.printable(Array(value)))
      }
    } else if isContentType, let charset = Self.charset(in: value) {
      if charset != "utf-8" && charset != "utf8" {
        block.error = block.error ?? .unsupportedCharset(charset)
      }
    }
    return nil
  }

  private func endOfHeaders(_ block: HeaderBlock, emit: (Event) -> Void) -> State {
    guard block.lengthIsReliable, let length = block.contentLength else {
      return resynchronise(after: block.error ?? .missingContentLength, emit: emit)
    }
    if length == 0 {
      emit(.error(.zeroContentLength))
      return .header(HeaderBlock())
    }
    if length > limits.maxMessageBytes {
      // A length over the cap is not trusted: skipping it could swallow every later message (a client that
      // declares 2 GiB and sends nothing would never be answered again). Whatever body follows is discarded
      // by the scan for the next `Content-Length` header.
      return resynchronise(after: .messageTooLarge(length: length, limit: limits.maxMessageBytes), emit: emit)
    }
    if let error = block.error {
      emit(.error(error))
      return .skipping(remaining: length)
    }
    var buffer: [UInt8] = []
    buffer.reserveCapacity(min(length, 64 << 10))
    return .body(remaining: length, buffer: buffer)
  }

  private func resynchronise(after error: FramingError, emit: (Event) -> Void) -> State {
    emit(.error(error))
    return .resynchronising(window: [])
  }
}
