import BeaconCore
import JSONRPC
import Testing

@testable import BeaconServer

/// A number that is valid JSON but too large for the parameter that reads it is "out of range", in the session's
/// language, with `data.outOfRange`. It was "must be a number" (or "an integer", "text or an integer"): the kind it
/// already was.
@Suite struct ParamOutOfRangeTests {
  @Test(arguments: [
    (Language.nb, "Ugyldig parameter 'center.lat': tallet er utenfor gyldig område"),
    (.nn, "Ugyldig parameter 'center.lat': talet er utanfor gyldig område"),
    (.en, "Invalid parameter 'center.lat': the number is out of range"),
  ])
  func aNumberBeyondADoubleIsOutOfRange(language: Language, message: String) async throws {
    for lat: JSONValue in [.exactNumber("1e400"), .exactNumber("-1E+999")] {
      let params: JSONValue = ["center": ["lat": lat, "lon": 10.75]]
      let error = try #require(try await FilterMethodTests.failure("places/search", params, language: language))
      #expect(error.code == .invalidParams)
      #expect(error.message == message)
      #expect(error.data?["field"] == "center.lat")
      #expect(error.data?["expected"] == "number")
      #expect(error.data?["outOfRange"] == true)
    }
  }

  @Test func anIntegerBeyondItsTypeIsOutOfRangeAndAFractionIsNoInteger() async throws {
    for limit: JSONValue in [.exactNumber("1e30"), .largeInteger("99999999999999999999"), .exactNumber("-1e400")] {
      let error = try #require(try await FilterMethodTests.failure("places/search", ["limit": limit], language: .en))
      #expect(error.message == "Invalid parameter 'limit': the number is out of range", "\(limit)")
      #expect(error.data?["expected"] == "integer")
      #expect(error.data?["outOfRange"] == true)
    }
    let fraction = try #require(try await FilterMethodTests.failure("places/search", ["limit": 2.5], language: .en))
    #expect(fraction.message == "Invalid parameter 'limit': must be an integer")
    #expect(fraction.data?["outOfRange"] == nil)
  }

  @Test(arguments: [
    JSONValue.largeInteger("123456789012345678901234567890"), .exactNumber("1e400"), .exactNumber("-1e400"),
    .double(1e308),
  ])
  func aProgressTokenBeyondAnIntegerIsOutOfRange(token: JSONValue) async throws {
    let params: JSONValue = ["workDoneToken": token]
    let error = try #require(try await FilterMethodTests.failure("places/search", params, language: .nn))
    #expect(error.message == "Ugyldig parameter 'workDoneToken': talet er utanfor gyldig område")
    #expect(error.data?["expected"] == "string or integer")
    #expect(error.data?["outOfRange"] == true)
  }

  @Test func aProgressTokenWithAFractionIsOfTheWrongKind() async throws {
    let params: JSONValue = ["workDoneToken": 2.5]
    let error = try #require(try await FilterMethodTests.failure("places/search", params, language: .en))
    #expect(error.message == "Invalid parameter 'workDoneToken': must be a string or an integer")
    #expect(error.data?["outOfRange"] == nil)
  }
}
