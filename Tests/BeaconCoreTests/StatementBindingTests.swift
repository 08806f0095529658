import Foundation
import Testing

@testable import BeaconCore

/// Text and blobs bound from the statement's own buffers (``ParameterBytes``, handed to SQLite without its copy): the
/// stored values are the bound ones whatever happened to the bound `String` or array before the step, for every
/// parameter at once, at any length (the buffers grow; past their limit SQLite copies), empty text stays text, and a
/// bind SQLite refuses leaves the running statement's values alone.
@Suite struct StatementBindingTests {
  /// A value of `length` bytes, different for each `seed`: ASCII, a NUL and multi-byte characters.
  static func text(_ seed: Int, length: Int) -> String {
    var text = "\(seed):"
    let pieces = ["a", "ø", "\u{0}", "€", "b", "'", "🙂"]
    var index = seed
    while text.utf8.count < length {
      text += pieces[index % pieces.count]
      index = (index &* 31 &+ 7) & 0xFFFF
    }
    return text
  }

  @Test func storedRowsHoldWhatWasBoundByBothWaysOfBinding() throws {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, a, b, c)")
    let insert = try database.statement("INSERT INTO t (k, a, b, c) VALUES (?1, ?2, ?3, ?4)")
    // Lengths up and down, so that buffers grow and are then reused for shorter values, and past the limit.
    let lengths = [0, 1, 15, 16, 64, 65, 300, 5, 2_000, 0, ParameterBytes.limit, ParameterBytes.limit + 1, 70_000, 3]
    var expected: [Row] = []
    for (row, length) in lengths.enumerated() {
      let a = Self.text(row, length: length)
      let b = Self.text(row + 100, length: lengths[(row + 3) % lengths.count])
      let c = Array(Self.text(row + 200, length: lengths[(row + 5) % lengths.count]).utf8)
      if row.isMultiple(of: 2) {
        insert.reset()
        try insert.bind(Int64(row), at: 1)
        try insert.bind(a, at: 2)
        try insert.bind(b, at: 3)
        try insert.bind(String(decoding: c, as: UTF8.self), at: 4)
        expected.append(
          Row(values: [.integer(Int64(row)), .text(a), .text(b), .text(String(decoding: c, as: UTF8.self))])
        )
      } else {
        try insert.bind([Int64(row), a, DatabaseValue.text(b), DatabaseValue.blob(c)])
        expected.append(Row(values: [.integer(Int64(row)), .text(a), .text(b), .blob(c)]))
      }
      while try insert.step() {}
    }
    let stored = try database.query("SELECT k, a, b, c FROM t ORDER BY k")
    #expect(stored.count == expected.count)
    for (one, other) in zip(stored, expected) {
      let same = one == other  // A Bool, so that a failure names the row rather than printing 70 kB.
      #expect(same, "row \(one.values.first.map(String.init(describing:)) ?? "?") differs")
    }
    // Empty text is text (a null address would have bound `NULL`); an empty blob likewise.
    #expect(try database.query("SELECT typeof(a) FROM t WHERE k = 0").first?.string(0) == "text")
    try database.run("INSERT INTO t (k, a, b, c) VALUES (?, ?, ?, ?)", [100, "", DatabaseValue.blob([]), "x"])
    #expect(
      try database.query("SELECT typeof(a), typeof(b), length(b) FROM t WHERE k = 100").first?.values
        == [.text("text"), .text("blob"), .integer(0)]
    )
  }

  @Test func theBoundBytesOutliveTheBoundValues() throws {
    let database = try Database(path: ":memory:")
    try database.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, a, b)")
    let insert = try database.statement("INSERT INTO t (k, a, b) VALUES (?1, ?2, ?3)")
    var expected: [[DatabaseValue]] = []
    var noise: [String] = []
    for row in 0..<200 {
      let length = [3, 40, 700, 4_000][row % 4]
      func other() -> String { String(Self.text(row + 1_000, length: length + 1).reversed()) }
      // The values are made, bound and let go of here, before the step: only their bound bytes remain.
      func bindFreshValues() throws {
        if row.isMultiple(of: 2) {
          insert.reset()
          try insert.bind(Int64(row), at: 1)
          try insert.bind(Self.text(row, length: length), at: 2)
          try insert.bind(other(), at: 3)
        } else {
          try insert.bind([Int64(row), Self.text(row, length: length), DatabaseValue.blob(Array(other().utf8))])
        }
      }
      try bindFreshValues()
      // Memory the freed values had is likely handed out again now, and filled with other bytes.
      noise = (0..<8).map { String(repeating: "#", count: length + $0) }
      while try insert.step() {}
      let b: DatabaseValue = row.isMultiple(of: 2) ? .text(other()) : .blob(Array(other().utf8))
      expected.append([.integer(Int64(row)), .text(Self.text(row, length: length)), b])
    }
    #expect(noise.count == 8)
    let stored = try database.query("SELECT k, a, b FROM t ORDER BY k").map(\.values)
    #expect(stored.count == expected.count)
    let same = stored == expected  // A Bool, so that a failure does not print every row.
    #expect(same)
  }

  @Test func aRefusedBindLeavesTheRunningStatementsValuesAlone() throws {
    let database = try Database(path: ":memory:")
    let select = try database.statement("SELECT ?1, ?2")
    select.reset()
    try select.bind("first value", at: 1)
    try select.bind("second value", at: 2)
    #expect(try select.step())
    // The statement stands on its row: SQLite refuses the bind (`SQLITE_MISUSE`, as before), and the row's values,
    // which SQLite reads from the bound bytes, are still the first ones.
    let refusal = #expect(throws: SQLiteError.self) { try select.bind("SECOND VALUE!", at: 1) }
    #expect(refusal?.code == 21)
    #expect(select.string(0) == "first value")
    #expect(select.string(1) == "second value")
    // An index past the parameters is refused as before (`SQLITE_RANGE`), whatever the length.
    select.reset()
    for text in ["", "short", Self.text(1, length: ParameterBytes.limit + 10)] {
      let outOfRange = #expect(throws: SQLiteError.self) { try select.bind(text, at: 3) }
      #expect(outOfRange?.code == 25)
    }
    try select.bind("again", at: 1)
    #expect(try select.step())
    #expect(select.string(0) == "again")
    #expect(select.string(1) == "second value")
  }

  @Test func sqliteCountsNoMemoryOnLinux() throws {
    _ = try Database(path: ":memory:")
    #if canImport(SQLite3)
    #expect(!SQLiteLibrary.configured)
    #else
    #expect(SQLiteLibrary.configured)
    #endif
  }
}
