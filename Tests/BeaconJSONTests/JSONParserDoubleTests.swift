import Testing

@testable import BeaconJSON

/// Numbers with a fraction or exponent read by ``JSONParser/shortDouble(_:)`` (digits and scale small enough for
/// one exact division) against reading their text with `Double(String)`, which the parser does for the others.
@Suite struct JSONParserDoubleTests {
  /// A deterministic generator (SplitMix64), so that a failure can be run again.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// What the parser gives for `text`, and what `Double(String)` reads from it.
  static func compare(_ text: String) -> (parsed: JSONValue?, expected: Double?) {
    let parsed = try? JSONParser.parse(Array(text.utf8))
    return (parsed, Double(text))
  }

  static func expectSame(_ texts: [String]) {
    var differences = 0
    for text in texts {
      let (parsed, expected) = compare(text)
      guard let expected, expected.isFinite else {
        #expect(parsed == nil, "\(text)")
        continue
      }
      guard case .double(let value) = parsed, value.bitPattern == expected.bitPattern else {
        differences += 1
        if differences <= 5 { Issue.record("\(text): \(parsed.map { "\($0)" } ?? "nil") instead of \(expected)") }
        continue
      }
    }
    #expect(differences == 0)
  }

  @Test func edgesReadAsTheirText() {
    Self.expectSame([
      "0.0", "-0.0", "0e0", "-0e-5", "1.0", "0.1", "0.2", "0.3", "1e22", "1e23", "1e-22", "1e-23", "9007199254740992.0",
      "9007199254740993.0", "9007199254740991e22", "9007199254740993e-22", "4503599627370497.5", "24.9384563",
      "60.1699499", "-179.9999999", "1.7976931348623157e308", "5e-324", "2.2250738585072014e-308", "1E5", "1e+5",
      "123456789012345678901234567890.5", "0.000000000000000000000000001", "1.00000000000000000000001",
      "8.98846567431158e307", "1.5e400", "1e-400", "0.1e-21", "100000000000000000000000e-22", "3.14159265358979",
    ])
  }

  @Test func randomDecimalsReadAsTheirText() {
    var generator = Generator(state: 0x0D0B_1E5)
    var texts: [String] = []
    for _ in 0..<4000 {
      let sign = Bool.random(using: &generator) ? "-" : ""
      let bits = Int.random(in: 1...60, using: &generator)
      let whole = String(UInt64.random(in: 0...UInt64(1) << bits, using: &generator))
      let fractionLength = Int.random(in: 0...18, using: &generator)
      let fraction = String((0..<fractionLength).map { _ in "0123456789".randomElement(using: &generator) ?? "0" })
      var text = sign + whole
      if !fraction.isEmpty { text += "." + fraction }
      if fraction.isEmpty || Int.random(in: 0..<3, using: &generator) == 0 {
        text +=
          (Bool.random(using: &generator) ? "e" : "E") + (["", "+", "-"].randomElement(using: &generator) ?? "")
          + String(Int.random(in: 0...30, using: &generator))
      }
      texts.append(text)
    }
    Self.expectSame(texts)
    // Most take the short way, some do not.
    let short = texts.count { text in
      Array(text.utf8).withUnsafeBufferPointer { JSONParser.shortDouble($0) != nil }
    }
    #expect(short > 1000)
    #expect(short < texts.count - 500)
  }
}
