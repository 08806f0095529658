import BeaconJSON
import Testing

@testable import BeaconCore

/// Every JSON syntax fault, framing fault and import problem is said in each language, and the Norwegian ones
/// carry none of the English text they replace.
@Suite struct ProtocolFaultMessageTests {
  static let kinds: [JSONParseError.Kind] = [
    .unexpectedEndOfInput, .unexpectedCharacter, .invalidLiteral, .expectedObjectKey, .expectedColon,
    .expectedCommaOrClosingBrace, .expectedCommaOrClosingBracket, .invalidNumber, .leadingZero, .numberOutOfRange,
    .nestedTooDeep(limit: 4), .unterminatedString, .controlCharacterInString, .invalidEscape, .invalidUnicodeEscape,
    .invalidUTF8, .dataAfterValue,
  ]

  static let framingReasons = [
    "missingContentLength", "duplicateContentLength", "invalidContentLength", "zeroContentLength",
    "messageTooLarge", "headerLineTooLong", "tooManyHeaderFields", "malformedHeaderLine", "unsupportedCharset",
    "truncatedMessage",
  ]

  static let problems: [ImportProblem] = [
    .unreadable, .tooLarge(limitMiB: 256), .invalidJSON(.unterminatedString), .notFeatureCollection, .notFeature,
    .geometryWithoutType, .withoutCoordinates(type: "Point"), .multiPolygonWithoutPolygons, .polygonWithoutRings,
    .invalidPosition, .positionOutsideGlobe(longitude: 10, latitude: 95), .emptyPositions, .emptyInput, .osmXML,
    .unknownFormat, .recordTooLarge(limitMiB: 256), .overpassIncomplete(remark: "runtime error: timeout"),
    .notOverpassElement, .incompleteBounds, .positionWithoutLatLon, .pbfTruncated, .pbfNoHeader,
    .pbfBlobHeaderTooLarge(bytes: 70000), .pbfBlobTooLarge(bytes: 40_000_000), .pbfCompression(name: "zstd"),
    .pbfCorruptZlib, .pbfUnsupportedFeatures(names: ["HistoricalInformation", "Sort.Fancy"]),
    .pbfMalformed(message: "PrimitiveBlock"), .notFound, .isDirectory, .permissionDenied, .compressed(name: "gzip"),
    .pbfNeedsFile, .temporaryFile(directory: "/tmp"),
  ]

  @Test(arguments: kinds)
  func everyJSONFaultIsSaidInEveryLanguage(kind: JSONParseError.Kind) {
    #expect(JSONParseError.Kind(name: kind.name, limit: 4) == kind)
    let message = JSONSyntaxMessage(kind: kind, offset: 3)
    let english = JSONParseError(offset: 3, kind: kind).reason
    for language in [Language.nb, .nn] {
      #expect(!message.text(in: language).contains(english), "\(language): \(message.text(in: language))")
    }
    #expect(message.text(in: .nb) != message.text(in: .en))
    #expect(message.text(in: .nb).hasSuffix("(byte 3)"))
  }

  @Test(arguments: framingReasons)
  func everyFramingFaultIsSaidInEveryLanguage(reason: String) throws {
    let fault = FramingFaultMessage(reason: reason, length: 10, limit: 5, value: "v")
    let nb = try #require(fault.text(in: .nb))
    let nn = try #require(fault.text(in: .nn))
    let en = try #require(fault.text(in: .en))
    #expect(!nb.isEmpty && !nn.isEmpty && !en.isEmpty)
    #expect(nb != en || reason == "zeroContentLength")
    for text in [nb, nn] {
      #expect(!text.contains("header") && !text.contains("bytes") && !text.contains("message"), "\(text)")
    }
  }

  @Test func anUnknownFramingFaultHasNoText() {
    #expect(FramingFaultMessage(reason: "somethingNew").text(in: .nb) == nil)
  }

  @Test(arguments: problems)
  func everyImportProblemIsSaidInEveryLanguage(problem: ImportProblem) {
    #expect(problem.text(in: .nb) != problem.text(in: .en))
    #expect(!problem.text(in: .nn).isEmpty)
    // The wire keeps the English text clients may already show or match.
    #expect(!problem.wireText.isEmpty)
  }

  @Test func theWireKeepsTheEnglishImportTexts() {
    #expect(ImportProblem.unreadable.wireText == "cannot read the file")
    #expect(ImportProblem.invalidJSON(.unterminatedString).wireText == "Unterminated string")
    #expect(ImportPosition.lineColumn(line: 2, column: 1).wireText == "line 2, column 1")
    #expect(ImportPosition.feature(3).text(in: .nb) == "objekt 3")
  }
}

extension JSONParseError.Kind: CustomTestStringConvertible {
  public var testDescription: String { name }
}

extension ImportProblem: CustomTestStringConvertible {
  public var testDescription: String { wireText }
}
