#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the usual request or notification straight from its body's bytes: `jsonrpc`, `id`, `method` and
/// `params` in any order, with no `JSONValue` made for the envelope and no member name made into a string.
///
/// It only ever answers for what it is sure of, and leaves everything else to the general path
/// (``JSONParser/parseMembers(_:maxDepth:exactNumberKeys:member:)`` and ``IncomingMessage``), which makes every
/// error: `nil` for anything that is not one JSON object holding `"jsonrpc":"2.0"` and a `method` string, whose
/// member names are plain ASCII without escapes, none of them twice, with no `result` or `error`, an `id` a request
/// may have and `params` an object, an array or `null` — and for any byte that is not valid JSON. The values of `id`,
/// `method` and `params` (and of members it ignores) are read by ``JSONParser`` itself, at the depth and with the
/// exact numbers the general path gives them, so whatever it returns is what the general path would classify the
/// body as; only the common cases (an integer id, an ASCII method name without escapes, `{}` and `[]` params) are
/// read in place.
package struct EnvelopeScanner: Sendable {
  /// The deepest nesting accepted (the message object is depth 1).
  let maxDepth: Int
  /// The members whose numbers are kept as written (``JSONParser/parse(_:maxDepth:exactNumberKeys:)``).
  let exactNumberKeys: Set<String>
  private let exactID: Bool

  /// Creates a scanner with the general path's depth limit and exact-number members.
  package init(maxDepth: Int, exactNumberKeys: Set<String>) {
    self.maxDepth = maxDepth
    self.exactNumberKeys = exactNumberKeys
    exactID = exactNumberKeys.contains("id")
  }

  /// The request or notification `body` holds, or `nil` when the general path must read it.
  package func scan(_ body: UnsafeBufferPointer<UInt8>) -> IncomingMessage? {
    var cursor = Cursor(buffer: body)
    cursor.skipWhitespace()
    guard maxDepth >= 1 else { return nil }
    // The usual start, `{"jsonrpc":"2.0",` with a member after it, in one comparison; any other start member by member.
    var seenVersion = cursor.take(Self.usualStart)
    guard seenVersion || cursor.take(UInt8(ascii: "{")) else { return nil }
    var id: RequestID?
    var method: String?
    var params: JSONValue?
    var seenParams = false
    while true {
      cursor.skipWhitespace()
      guard let key = cursor.plainString() else { return nil }
      cursor.skipWhitespace()
      guard cursor.take(UInt8(ascii: ":")) else { return nil }
      cursor.skipWhitespace()
      switch Member(key, in: body) {
      case .jsonrpc:
        guard !seenVersion, cursor.take(Self.version) else { return nil }
        seenVersion = true
      case .id:
        guard id == nil, let read = readID(&cursor) else { return nil }
        id = read
      case .method:
        guard method == nil, let read = readMethod(&cursor) else { return nil }
        method = read
      case .params:
        guard !seenParams, let read = readParams(&cursor) else { return nil }
        seenParams = true
        params = read
      case .responseMember:
        return nil
      case .other:
        let name = String(decoding: UnsafeBufferPointer(rebasing: body[key]), as: UTF8.self)
        guard value(&cursor, exactNumber: exactNumberKeys.contains(name)) != nil else { return nil }
      }
      cursor.skipWhitespace()
      if cursor.take(UInt8(ascii: ",")) { continue }
      guard cursor.take(UInt8(ascii: "}")) else { return nil }
      break
    }
    cursor.skipWhitespace()
    guard cursor.isAtEnd, seenVersion, let method else { return nil }
    if case .null? = params { params = nil }  // Tolerated: some clients send "params": null for "no params".
    if let id { return .request(id: id, method: method, params: params) }
    return .notification(method: method, params: params)
  }

  private static let version: StaticString = "\"2.0\""
  private static let usualStart: StaticString = "{\"jsonrpc\":\"2.0\","

  /// The members the scanner tells apart.
  private enum Member {
    case jsonrpc, id, method, params, responseMember, other

    init(_ key: Range<Int>, in body: UnsafeBufferPointer<UInt8>) {
      let name = UnsafeBufferPointer(rebasing: body[key])
      switch name.count {
      case 2 where Self.equal(name, "id"): self = .id
      case 5 where Self.equal(name, "error"): self = .responseMember
      case 6 where Self.equal(name, "method"): self = .method
      case 6 where Self.equal(name, "params"): self = .params
      case 6 where Self.equal(name, "result"): self = .responseMember
      case 7 where Self.equal(name, "jsonrpc"): self = .jsonrpc
      default: self = .other
      }
    }

    /// Whether `bytes` begin with `literal`'s bytes (the caller compared the lengths).
    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
      guard let base = bytes.baseAddress else { return bytes.isEmpty }
      return memcmp(base, literal.utf8Start, bytes.count) == 0
    }
  }

  /// An id: an integer of up to 18 digits read in place; anything else by the parser, kept as exactly as the general
  /// path keeps it.
  private func readID(_ cursor: inout Cursor) -> RequestID? {
    if let integer = cursor.shortInteger() { return .integer(integer) }
    guard let value = value(&cursor, exactNumber: exactID) else { return nil }
    return RequestID(value)
  }

  /// A method name: plain ASCII read in place; one with escapes or other characters by the parser.
  private func readMethod(_ cursor: inout Cursor) -> String? {
    if let plain = cursor.plainString() {
      return String(decoding: UnsafeBufferPointer(rebasing: cursor.buffer[plain]), as: UTF8.self)
    }
    guard cursor.peek == UInt8(ascii: "\""), case .string(let name)? = value(&cursor, exactNumber: false) else {
      return nil
    }
    return name
  }

  /// Params: `{}` and `[]` read in place, any other object, array or `null` by the parser; `nil` for other types.
  private func readParams(_ cursor: inout Cursor) -> JSONValue? {
    if maxDepth >= 2, let empty = cursor.emptyContainer() { return empty }  // Depth 2, as the general path counts.
    guard let byte = cursor.peek, byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "n")
    else { return nil }
    return value(&cursor, exactNumber: false)
  }

  /// One member's value read by the parser, as the general path reads it; `nil` for invalid JSON.
  private func value(_ cursor: inout Cursor, exactNumber: Bool) -> JSONValue? {
    try? JSONParser.parseValue(
      in: cursor.buffer,
      at: &cursor.index,
      depth: 1,
      maxDepth: maxDepth,
      exactNumberKeys: exactNumberKeys,
      exactNumber: exactNumber
    )
  }
}
