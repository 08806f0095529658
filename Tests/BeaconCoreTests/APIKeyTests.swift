import Testing

@testable import BeaconCore

@Suite struct APIKeyTests {
  @Test func neverPrintsItself() throws {
    let key = try #require(APIKey("sk-very-secret"))
    #expect(!"\(key)".contains("secret"))
    #expect(!String(describing: key).contains("secret"))
    #expect(!String(reflecting: key).contains("secret"))
    #expect(!"\(BeaconOptions(geoapifyAPIKey: key))".contains("secret"))
    #expect(key.revealedForRequest == "sk-very-secret")
  }

  @Test func emptyKeysAreNoKeys() {
    #expect(APIKey("") == nil)
    #expect(APIKey(" \n\t") == nil)
  }
}
