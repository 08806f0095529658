import JSONRPC
import Testing

/// Error messages speak the session's language: `nb` by default, `initialize`'s `locale`, and the
/// `--locale` flag above both.
extension EndToEnd {
  @Suite struct LocaleTests {
    private func unknownMethodMessage(arguments: [String] = ["serve"], initialize params: JSONValue) throws -> String? {
      let beacon = try BeaconProcess(arguments: arguments)
      let result = try beacon.initialize(params)
      beacon.request("x/y", id: 2)
      let answer = try beacon.response(id: 2)
      #expect(answer.errorCode == -32601)
      #expect(answer.errorKind == "methodNotFound")
      #expect(answer["error"]?["data"]?["method"] == "x/y")
      #expect(try beacon.shutdownAndExit() == .exited(0))
      #expect(result["locale"]?.stringValue != nil)
      return answer.errorMessage
    }

    @Test func englishWhenInitializeAsksForIt() throws {
      #expect(try unknownMethodMessage(initialize: ["locale": "en"]) == "Unknown method 'x/y'")
    }

    @Test func norwegianBokmalByDefault() throws {
      #expect(try unknownMethodMessage(initialize: [:]) == "Ukjent metode 'x/y'")
    }

    @Test func localeFlagOverridesInitialize() throws {
      let message = try unknownMethodMessage(arguments: ["serve", "--locale", "nn"], initialize: ["locale": "en"])
      #expect(message == "Ukjend metode 'x/y'")
    }

    @Test func initializeReportsTheLocaleInForce() throws {
      let beacon = try BeaconProcess(arguments: ["--locale=en", "serve"])
      let result = try beacon.initialize(["locale": "nn"])
      #expect(result["locale"] == "en")
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func errorsBeforeInitializeUseTheFlagLanguage() throws {
      let beacon = try BeaconProcess(arguments: ["serve", "--locale", "en"])
      beacon.request("ping", id: 1)
      let answer = try beacon.response(id: 1)
      #expect(answer.errorCode == -32002)
      #expect(answer.errorMessage == "The server is not initialized; send 'initialize' first")
    }
  }
}
