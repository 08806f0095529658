import Testing

@testable import BeaconJSON

/// `JSONWriter.writeShortDecimal`, which writes coordinates and ratings without `description`'s `String`, against
/// `description`: byte for byte wherever it writes, and nothing where it declines.
@Suite struct JSONWriterDecimalTests {
  static func check(_ number: Double) -> Bool {
    var output: [UInt8] = Array("x".utf8)
    let wrote = JSONWriter.writeShortDecimal(number, into: &output)
    let text = String(decoding: output, as: UTF8.self)
    #expect(text == (wrote ? "x" + number.description : "x"), "\(number.bitPattern)")
    return wrote
  }

  @Test func decimalsAreWrittenAsDescriptionWritesThem() {
    var generator = SystemRandomNumberGenerator()
    var written = 0
    var numbers: [Double] = [
      0.001, 0.0011, 0.000999, 0.1, 0.2, 0.3, 0.5, 1.5, 59.9111, 10.7503, -10.7503, 4.333333333333333, 2.05, 1e7 - 0.5,
      9_999_999.9999999, 1e7 + 0.5, 0.1 + 0.2, 1.0000001, 1.00000001, 123_456.789_012_3, -0.0015, .pi, -.pi,
      Double.ulpOfOne + 1, 0.999_999_9, 0.999_999_99,
    ]
    for places in 1...9 {
      let power = (0..<places).reduce(1.0) { value, _ in value * 10 }
      for _ in 0..<20_000 {
        let whole = Double(Int.random(in: -10_000_000...10_000_000, using: &generator))
        let scale = [1.0, 1e-3, 1e-5][Int.random(in: 0..<3, using: &generator)]
        numbers.append((whole + Double(Int.random(in: 0..<Int(power), using: &generator)) / power) * scale)
      }
    }
    for _ in 0..<100_000 {
      numbers.append(Double.random(in: -1e8...1e8, using: &generator))
      numbers.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)))
    }
    for number in numbers where number.isFinite && number.rounded() != number && Self.check(number) { written += 1 }
    // Most short decimals (those with up to seven places, in range) take the direct path.
    #expect(written > 50_000)
  }

  @Test func coordinatesAndRatingsComeOutAsBefore() {
    var output: [UInt8] = []
    JSONWriter.writeDouble(59.9111, into: &output)
    output.append(UInt8(ascii: ","))
    JSONWriter.writeDouble(-0.000_123, into: &output)
    output.append(UInt8(ascii: ","))
    JSONWriter.writeDouble(4.333333333333333, into: &output)
    #expect(String(decoding: output, as: UTF8.self) == "59.9111,-0.000123,4.333333333333333")
  }
}
