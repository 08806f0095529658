import Testing

@testable import BeaconJSON

/// `JSONWriter.writeInteger` and `writeLiteral`, which write numbers and literals without making a `String`, against
/// what the writer wrote before (`String(number)`, the literal's text).
@Suite struct JSONWriterIntegerTests {
  static func written(_ number: Int) -> String {
    var output: [UInt8] = Array("x".utf8)
    JSONWriter.writeInteger(number, into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  @Test func integersAreSpelledAsStringSpellsThem() {
    var numbers = [0, 1, 9, 10, 11, 99, 100, 101, -1, -9, -10, -11, Int.max, Int.min, Int.max - 1, Int.min + 1]
    var power = 1
    while power <= Int.max / 10 {
      power *= 10
      numbers += [power, power - 1, power + 1, -power, -power + 1, -power - 1]
    }
    var generator = SystemRandomNumberGenerator()
    numbers += (0..<5_000).map { _ in Int.random(in: Int.min...Int.max, using: &generator) >> Int.random(in: 0..<63) }
    for number in numbers {
      #expect(Self.written(number) == "x" + String(number))
    }
  }

  @Test func integralDoublesAndLiteralsAreUnchanged() {
    for number in [0.0, -0.0, 5, -5, 1e14, -1e14, 999_999_999_999_999] {
      var output: [UInt8] = []
      JSONWriter.writeDouble(number, into: &output)
      #expect(String(decoding: output, as: UTF8.self) == String(Int(number)))
    }
    var output: [UInt8] = []
    JSONWriter.writeLiteral("null", into: &output)
    JSONWriter.writeLiteral("true", into: &output)
    #expect(String(decoding: output, as: UTF8.self) == "nulltrue")
    #expect(JSONWriter.serialize([true, false, nil, 0, -12, 345]) == Array("[true,false,null,0,-12,345]".utf8))
  }
}
