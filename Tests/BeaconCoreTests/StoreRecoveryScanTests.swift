import Testing

@testable import BeaconCore

/// `StoreRecovery.scan`'s walk over a damaged table (`beacon store check` and `recover`), on rows out of order: it
/// ends. A store damaged so (found by hand: a place page overwritten with noise, so that `rowid > 95` gave rowid 56)
/// made `store check` read the same rows for ever.
@Suite struct StoreRecoveryScanTests {
  @Test func rowsOutOfOrderEndTheWalkInsteadOfGoingBackForEver() {
    // Rows 1…100; a bound from 95 to 99 lands on row 56, as the damaged file's did.
    var reads = 0
    var seen: [Int64] = []
    let complete = StoreRecovery.scan(
      reading: { bound in
        reads += 1
        if reads > 10_000 { return .some(nil) }  // The old walk never ended: end it here, and fail below.
        if (95..<100).contains(bound) { return (56, [.integer(56)]) }
        let next = max(bound, 0) + 1
        return next <= 100 ? (next, [.integer(next)]) : .some(nil)
      },
      row: { values in if case .integer(let rowid) = values.first { seen.append(rowid) } }
    )
    #expect(reads < 10_000, "the walk went back to rows it had read")
    #expect(!complete, "rows out of order are damage")
    #expect(seen == Array(1...95), "every readable row once, in order")
  }
}
