import Foundation

/// Where a hot path's prepared statement waits in ``Database``'s cache: found by its number, not by hashing its SQL
/// text on every use (a search's box query is ~400 characters).
///
/// Each slot holds one SQL text for the life of the connection: the text is given every time but read only when the
/// slot is empty.
struct StatementSlot {
  let index: Int

  /// The box query of ``Store/searchSQL(category:text:excludingDemo:factConditions:columns:)`` without facts, whole
  /// rows (``Store/placeColumns``) or candidates (``Store/candidateColumns``).
  static func box(category: Bool, text: Bool, excludingDemo: Bool, candidates: Bool) -> StatementSlot {
    StatementSlot(index: (category ? 1 : 0) | (text ? 2 : 0) | (excludingDemo ? 4 : 0) | (candidates ? 8 : 0))
  }
  /// ``Store/nearestCellSQL``, with or without the demo places.
  static func nearestCell(excludingDemo: Bool) -> StatementSlot { StatementSlot(index: excludingDemo ? 17 : 16) }
  /// ``Store/rowSQL``.
  static let rows = StatementSlot(index: 18)
  /// ``Store/marksSQL``.
  static let marks = StatementSlot(index: 19)
  /// ``Store/anyMarksSQL``.
  static let anyMarks = StatementSlot(index: 20)
  /// `PRAGMA data_version` (``Database/changeStamp``).
  static let dataVersion = StatementSlot(index: 21)
  /// `BEGIN` of ``Database/readTransaction(_:)``.
  static let begin = StatementSlot(index: 22)
  /// `COMMIT` of ``Database/readTransaction(_:)``.
  static let commit = StatementSlot(index: 23)
  /// How many slots there are.
  static let count = 24
}

extension Database {
  /// The prepared statement in `slot`: the first time, the one the cache by SQL text holds for `sql` (so that both
  /// find the same statement).
  func statement(_ slot: StatementSlot, _ sql: () -> String) throws(SQLiteError) -> Statement {
    if slots.isEmpty { slots = Array(repeating: nil, count: StatementSlot.count) }
    if let cached = slots[slot.index] { return cached }
    let statement = try statement(sql())
    slots[slot.index] = statement
    return statement
  }

  /// ``query(_:_:reading:)`` with the statement in `slot` (prepared from `sql` the first time).
  func query<T>(
    _ slot: StatementSlot,
    _ sql: () -> String,
    _ values: [any DatabaseValueConvertible] = [],
    reading read: (Statement) -> T?
  ) throws(SQLiteError) -> [T] {
    let statement = try statement(slot, sql)
    try statement.bind(values)
    var rows: [T] = []
    while try statement.step() {
      if let row = read(statement) { rows.append(row) }
    }
    return rows
  }

  /// ``run(_:_:)`` with the statement in `slot`.
  func run(_ slot: StatementSlot, _ sql: () -> String) throws(SQLiteError) {
    let statement = try statement(slot, sql)
    try statement.bind([])
    while try statement.step() {}
  }
}

extension Database {
  /// ``query(_:_:_:reading:)`` with the values bound by `bind` (``Statement/bind(_:at:)``, no existential array):
  /// `bind` binds every parameter of `sql`, whatever the statement's last run bound. Room for `capacity` rows is
  /// reserved before the first (no growth for the few rows a search's box holds).
  func query<T>(
    _ slot: StatementSlot,
    _ sql: () -> String,
    capacity: Int = 0,
    binding bind: (Statement) throws(SQLiteError) -> Void,
    reading read: (Statement) -> T?
  ) throws(SQLiteError) -> [T] {
    let statement = try statement(slot, sql)
    statement.reset()
    try bind(statement)
    var rows: [T] = []
    rows.reserveCapacity(capacity)
    while try statement.step() {
      if let row = read(statement) { rows.append(row) }
    }
    return rows
  }
}
