import Foundation

#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif

extension Database {
  /// The name of the SQL function ``defineWithoutApostrophes()`` defines.
  static let withoutApostrophesFunction = "beacon_without_apostrophes"

  /// The full-text index's text of `column` as the place triggers write it: the six apostrophes (' ’ ‘ ʼ ` ´)
  /// removed by six nested `replace` calls.
  static func apostrophesReplaced(_ column: String) -> String {
    "replace(replace(replace(replace(replace(replace(\(column), '''', ''), '’', ''), '‘', ''), 'ʼ', ''), '`', ''), "
      + "'´', '')"
  }

  /// Defines `beacon_without_apostrophes(x)` on this connection (once): the text of `x` without the six apostrophes, as
  /// ``apostrophesReplaced(_:)``'s six `replace` calls make it (`NULL` for `NULL`), in one pass over the bytes and
  /// with no copy when there is none (six `replace` calls cost ~7 k instructions a column).
  ///
  /// The same as the `replace` calls for valid UTF-8 (what Beacon stores): removing whole characters cannot make
  /// a new one of the six.
  func defineWithoutApostrophes() throws(SQLiteError) {
    guard !definesWithoutApostrophes else { return }
    let code = sqlite3_create_function_v2(
      handle,
      Self.withoutApostrophesFunction,
      1,
      SQLITE_UTF8 | SQLITE_DETERMINISTIC,
      nil,
      withoutApostrophes,
      nil,
      nil,
      nil
    )
    guard code == SQLITE_OK else { throw SQLiteError(code: code, message: String(cString: sqlite3_errstr(code))) }
    definesWithoutApostrophes = true
  }
}

/// `beacon_without_apostrophes(x)` (see ``Database/defineWithoutApostrophes()``).
private func withoutApostrophes(
  _ context: OpaquePointer?,
  _ count: Int32,
  _ values: UnsafeMutablePointer<OpaquePointer?>?
) {
  guard count == 1, let value = values?[0], sqlite3_value_type(value) != SQLITE_NULL else {
    sqlite3_result_null(context)
    return
  }
  guard let text = sqlite3_value_text(value) else {
    sqlite3_result_error_nomem(context)
    return
  }
  let length = Int(sqlite3_value_bytes(value))
  let bytes = UnsafeBufferPointer(start: text, count: length)
  /// The length of the apostrophe at `index`, or 0.
  func apostrophe(at index: Int) -> Int {
    switch bytes[index] {
    case 0x27, 0x60: return 1  // ' `
    case 0xC2: return index + 1 < length && bytes[index + 1] == 0xB4 ? 2 : 0  // ´
    case 0xCA: return index + 1 < length && bytes[index + 1] == 0xBC ? 2 : 0  // ʼ
    case 0xE2:  // ‘ ’
      return index + 2 < length && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0x98 || bytes[index + 2] == 0x99)
        ? 3 : 0
    default: return 0
    }
  }
  var first = 0
  while first < length, apostrophe(at: first) == 0 { first += 1 }
  guard first < length else {
    let characters = UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self)
    sqlite3_result_text(context, characters, Int32(length), SQLITE_TRANSIENT)
    return
  }
  var kept = [UInt8]()
  kept.reserveCapacity(length)
  kept.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<first]))
  var index = first
  while index < length {
    let skip = apostrophe(at: index)
    if skip > 0 {
      index += skip
    } else {
      kept.append(bytes[index])
      index += 1
    }
  }
  guard !kept.isEmpty else {
    // Text, not `NULL` (which a nil pointer would be): `replace` of nothing but apostrophes is ''.
    sqlite3_result_text(context, "", 0, SQLITE_TRANSIENT)
    return
  }
  kept.withUnsafeBufferPointer { buffer in
    buffer.withMemoryRebound(to: CChar.self) { characters in
      sqlite3_result_text(context, characters.baseAddress, Int32(characters.count), SQLITE_TRANSIENT)
    }
  }
}
