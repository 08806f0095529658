import Testing

@testable import BeaconCore

/// `ImportedAreaCopy.outcome`: the later import's area wins; a tie, or an older source, keeps the target's.
struct ImportedAreaCopyTests {
  static let oslo = ImportedAreaCopy.Row(latitude: 59.91, longitude: 10.75, places: 4, importedAt: 1_000)
  static let bergen = ImportedAreaCopy.Row(latitude: 60.39, longitude: 5.32, places: 1, importedAt: 2_000)

  @Test func theLaterImportWinsAndATieKeepsTheTargets() {
    #expect(ImportedAreaCopy.outcome(source: nil, target: Self.oslo) == .noneInSource)
    #expect(ImportedAreaCopy.outcome(source: nil, target: nil) == .noneInSource)
    #expect(ImportedAreaCopy.outcome(source: Self.oslo, target: nil) == .added)
    #expect(ImportedAreaCopy.outcome(source: Self.oslo, target: Self.oslo) == .unchanged)
    #expect(ImportedAreaCopy.outcome(source: Self.bergen, target: Self.oslo) == .replaced)
    #expect(ImportedAreaCopy.outcome(source: Self.oslo, target: Self.bergen) == .keptTarget)
    var tie = Self.bergen
    tie.importedAt = Self.oslo.importedAt
    #expect(ImportedAreaCopy.outcome(source: tie, target: Self.oslo) == .keptTarget)
    #expect(
      [.added, .replaced]
        == [ImportedAreaCopy.noneInSource, .added, .replaced, .unchanged, .keptTarget].filter(\.writes)
    )
  }
}
