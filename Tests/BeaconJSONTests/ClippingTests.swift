import Testing

@testable import BeaconJSON

/// Clipping what a client sent before it is echoed.
@Suite struct ClippingTests {
  @Test func shortTextIsKeptAndLongTextIsCutWithAnEllipsis() {
    #expect("abc".clipped(to: 3) == "abc")
    #expect("abcd".clipped(to: 3) == "abc…")
    #expect("æøå😀x".clipped(to: 4) == "æøå😀…")  // Characters, not bytes: no broken UTF-8.
    #expect(String(repeating: "x", count: 1_000_000).clipped(to: 10).count == 11)
  }

  @Test func everyStringInAValueIsClippedButKeysAndOtherValuesStay() {
    let long = String(repeating: "y", count: 500)
    let value: JSONValue = ["id": .string(long), "n": 5, "list": [.string(long), true], long: "k"]
    let clipped = value.clippingStrings(to: 8)
    #expect(clipped["id"] == "yyyyyyyy…")
    #expect(clipped["n"] == 5)
    #expect(clipped["list"] == ["yyyyyyyy…", true])
    #expect(clipped[long] == "k")
  }
}
