import Foundation

/// Encodes `Encodable` values straight to compact JSON text: byte for byte what ``JSONValueEncoder`` followed by
/// ``JSONWriter`` write, without building a ``JSONValue`` tree on the way.
///
/// Values are written into one buffer as they are encoded; a ``JSONWritable`` value writes its own text. An
/// object's members are written in the order they are encoded and put in key order when the object is complete (its
/// `encode(to:)` returned), as ``JSONWriter`` sorts keys. What it does not stream — nested containers, super encoders, a key encoded twice, a second value in a
/// single-value container, a container used after its value was complete — makes ``encode(_:into:)`` return
/// `false`, and ``encode(_:)`` fall back to the tree.
package struct JSONStreamEncoder: Sendable {
  /// Creates an encoder.
  package init() {}

  /// Returns the compact JSON text of `value`, streamed where it can be and through the tree otherwise.
  package func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
    var output: [UInt8] = []
    if let writable = T.self as? any JSONWritable.Type {
      // A value that writes its own text (a result, mostly) is written where it is: no stream, and no existential
      // box holding a copy of it, as `value as? any JSONWritable` would make.
      Self.write(value, as: writable, into: &output)
      return output
    }
    if try encode(value, into: &output) { return output }
    return JSONWriter.serialize(try JSONValueEncoder().encode(value))
  }

  /// Appends the text of `value`, whose type is `type`, as its ``JSONWritable/writeJSON(into:)`` writes it.
  private static func write<T, Writable: JSONWritable>(
    _ value: T,
    as type: Writable.Type,
    into output: inout [UInt8]
  ) {
    withUnsafePointer(to: value) { pointer in
      pointer.withMemoryRebound(to: Writable.self, capacity: 1) { $0.pointee.writeJSON(into: &output) }
    }
  }

  /// Appends the compact JSON text of `value` to `output`; `false`, with `output` as it was, when `value` encodes
  /// in a way only the tree encoder handles.
  package func encode<T: Encodable>(_ value: T, into output: inout [UInt8]) throws -> Bool {
    let stream = Stream()
    let start = output.count
    swap(&stream.buffer, &output)
    defer { swap(&stream.buffer, &output) }
    do {
      try Self.write(value, in: stream, parent: nil, key: nil)
    } catch {
      stream.buffer.removeSubrange(start...)
      throw error
    }
    if stream.isUnsupported {
      stream.buffer.removeSubrange(start...)
      return false
    }
    return true
  }

  /// The text being written, shared by all encoders and containers of one value.
  final class Stream {
    var buffer: [UInt8] = []
    /// The depth of the encoder being filled now; only its containers may write.
    var depth = 0
    /// Set when the value used something this encoder does not stream: the caller falls back to the tree.
    var isUnsupported = false
  }

  /// Writes `value`: JSON values and dates as ``JSONValueEncoder`` stores them, anything else through a child
  /// encoder one level deeper.
  static func write<T: Encodable>(
    _ value: T,
    in stream: Stream,
    parent: Implementation?,
    key: (any CodingKey)?
  ) throws {
    if stream.isUnsupported { return }
    if T.self == JSONValue.self, let direct = value as? JSONValue {
      JSONWriter.write(direct, into: &stream.buffer)
      return
    }
    if T.self == Date.self, let date = value as? Date {
      JSONWriter.writeDate(date, into: &stream.buffer)
      return
    }
    if let writable = value as? any JSONWritable {
      // Writes its own text, the same as its `encode(to:)` gives: no child encoder, no containers.
      writable.writeJSON(into: &stream.buffer)
      return
    }
    let depth = (parent?.depth ?? -1) + 1
    let child = Implementation(stream: stream, parent: parent, key: key, depth: depth)
    let outer = stream.depth
    stream.depth = depth
    try value.encode(to: child)
    stream.depth = outer
    child.finish()
  }

  /// One value being encoded: where its text starts, and what kind of container writes it.
  final class Implementation: Encoder {
    enum State { case empty, object, array, single }

    let stream: Stream
    let parent: Implementation?
    let key: (any CodingKey)?
    let depth: Int
    let start: Int
    var state = State.empty
    var isFinished = false
    /// An object's members: key and where the value's text lies in the buffer, in the order encoded.
    var members: [(key: String, start: Int, end: Int)] = []
    var count = 0

    init(stream: Stream, parent: Implementation?, key: (any CodingKey)?, depth: Int) {
      self.stream = stream
      self.parent = parent
      self.key = key
      self.depth = depth
      start = stream.buffer.count
    }

    var codingPath: [any CodingKey] {
      var path: [any CodingKey] = []
      var encoder: Implementation? = self
      while let current = encoder {
        if let key = current.key { path.append(key) }
        encoder = current.parent
      }
      return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Whether a container of this encoder may write now; marks the stream unsupported when it may not.
    func canWrite(as kind: State) -> Bool {
      guard !stream.isUnsupported, !isFinished, stream.depth == depth, state == kind || state == .empty else {
        stream.isUnsupported = true
        return false
      }
      if state == .empty, kind == .array { stream.buffer.append(UInt8(ascii: "[")) }
      state = kind
      return true
    }

    /// Starts an array element: the separator before all but the first.
    func beginElement() {
      if count > 0 { stream.buffer.append(UInt8(ascii: ",")) }
      count += 1
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      if !canWrite(as: .object) { return Self.detached().container(keyedBy: type) }
      return KeyedEncodingContainer(JSONStreamKeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
      if !canWrite(as: .array) { return Self.detached().unkeyedContainer() }
      return JSONStreamUnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
      JSONStreamSingleValueContainer(encoder: self)
    }

    /// An encoder whose writes go nowhere, for what this one cannot stream (the stream is marked unsupported).
    static func detached() -> Implementation {
      Implementation(stream: Stream(), parent: nil, key: nil, depth: 0)
    }

    /// Marks the stream unsupported: what the caller wanted needs the tree encoder.
    func unsupported() -> Implementation {
      stream.isUnsupported = true
      return Self.detached()
    }

    /// Completes the value: `{}` when nothing was encoded, the closing bracket of an array, an object's members
    /// in key order.
    func finish() {
      isFinished = true
      guard !stream.isUnsupported else { return }
      switch state {
      case .empty: stream.buffer.append(contentsOf: "{}".utf8)
      case .single: break
      case .array: stream.buffer.append(UInt8(ascii: "]"))
      case .object: writeObject()
      }
    }

    private func writeObject() {
      let values = Array(stream.buffer[start...])
      stream.buffer.removeSubrange(start...)
      let sorted = members.sorted { $0.key < $1.key }
      stream.buffer.append(UInt8(ascii: "{"))
      for (position, member) in sorted.enumerated() {
        if position > 0 {
          // The tree keeps one value per key: a key encoded twice is left to it.
          if sorted[position - 1].key == member.key {
            stream.isUnsupported = true
            return
          }
          stream.buffer.append(UInt8(ascii: ","))
        }
        JSONWriter.writeString(member.key, into: &stream.buffer)
        stream.buffer.append(UInt8(ascii: ":"))
        stream.buffer.append(contentsOf: values[(member.start - start)..<(member.end - start)])
      }
      stream.buffer.append(UInt8(ascii: "}"))
    }
  }
}
