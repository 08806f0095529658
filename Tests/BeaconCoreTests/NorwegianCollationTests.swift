import Testing

@testable import BeaconCore

@Suite struct NorwegianCollationTests {
  @Test func sortsAEOAAfterZ() {
    let names = ["Åpent Bakeri", "Zorba", "Ærlig Kaffe", "Østbanehallen", "Apotekeren", "bislett kebab", "Éclair"]
    let sorted = names.sorted { NorwegianCollation.key($0) < NorwegianCollation.key($1) }
    #expect(
      sorted == ["Apotekeren", "bislett kebab", "Éclair", "Zorba", "Ærlig Kaffe", "Østbanehallen", "Åpent Bakeri"]
    )
  }
}
