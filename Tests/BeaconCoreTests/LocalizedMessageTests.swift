import Testing

@testable import BeaconCore

@Suite struct LocalizedMessageTests {
  static let samples: [LocalizedMessage] = [
    .parseError, .framingError("x"), .invalidRequest, .emptyBatch, .methodNotFound("a/b"),
    .invalidParams(field: "stars"), .invalidParams(field: nil), .internalError, .serverNotInitialized,
    .alreadyInitialized, .shuttingDown, .requestCancelled, .serverOverloaded(8), .invalidBaseURL("u"),
    .invalidTimeZone("Mars/Base"), .keyInTheClear("example.com"),
    .unrecognizedLocale("de", using: .nn),
    .invalidJSONArgument("d"), .unknownCommand("c"), .unknownOption("--o"), .missingValue("--store"),
    .missingArgument("METHOD"),
  ]

  @Test(arguments: samples)
  func everyMessageExistsInEveryLanguage(message: LocalizedMessage) {
    for language in Language.allCases {
      #expect(!message.text(in: language).isEmpty)
    }
    // Bokmål and English always differ; a copy-paste slip would make them equal.
    #expect(message.text(in: .nb) != message.text(in: .en))
  }

  @Test func userInputIsQuoted() {
    #expect(LocalizedMessage.methodNotFound("places/serch").text(in: .nb) == "Ukjent metode 'places/serch'")
    #expect(LocalizedMessage.methodNotFound("places/serch").text(in: .nn) == "Ukjend metode 'places/serch'")
    #expect(LocalizedMessage.methodNotFound("places/serch").text(in: .en) == "Unknown method 'places/serch'")
  }

  @Test func sentencesQuoteClientInputOnlyUpToABound() {
    let long = String(repeating: "z", count: 100_000)
    let bound: Int = LocalizedMessage.maxLength + 1
    for message in [LocalizedMessage.unknownCommand(long), .placeNotFound(long), .invalidTimeZone(long)] {
      for language in Language.allCases {
        #expect(message.text(in: language).count <= bound)
      }
    }
  }
}

extension LocalizedMessage: CustomTestStringConvertible {
  public var testDescription: String { text(in: .en) }

}
