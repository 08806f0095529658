import BeaconJSON
import JSONRPC
import Testing

/// The Geoapify key is used, but never printed, logged or returned.
extension EndToEnd {
  @Suite struct SecretTests {
    @Test func apiKeyFromTheEnvironmentNeverAppearsInOutput() throws {
      let secret = "sk-SECRET-123"
      let beacon = try BeaconProcess(environment: ["GEOAPIFY_API_KEY": secret, "BEACON_LOG": "debug"])
      let result = try beacon.initialize()
      #expect(result["configuration"]?["geoapifyAPIKeyConfigured"] == true)
      beacon.request("x/unknown", id: 2, params: ["apiKey": "not the secret"])
      try beacon.response(id: 2)
      #expect(try beacon.shutdownAndExit() == .exited(0))
      try beacon.waitForOutputEnd()

      #expect(!beacon.stdout.text.contains(secret))
      #expect(!beacon.stderr.text.contains(secret))
      #expect(!beacon.stdout.text.contains("SECRET"))
      #expect(!beacon.stderr.text.contains("SECRET"))
    }

    @Test func apiKeyFromInitializationOptionsIsNeverEchoed() throws {
      let secret = "sk-OTHER-456"
      let beacon = try BeaconProcess(environment: ["BEACON_LOG": "debug"])
      let result = try beacon.initialize(["initializationOptions": ["geoapify": ["apiKey": .string(secret)]]])
      #expect(result["configuration"]?["geoapifyAPIKeyConfigured"] == true)
      #expect(try beacon.shutdownAndExit() == .exited(0))
      try beacon.waitForOutputEnd()

      #expect(!beacon.stdout.text.contains(secret))
      #expect(!beacon.stderr.text.contains(secret))
    }

    @Test func errorsNeverEchoAnUnboundedAmountOfInput() throws {
      let beacon = try BeaconProcess()
      _ = try beacon.initialize()
      let method = "x/" + String(repeating: "m", count: 200_000)
      beacon.request(method, id: 2)
      let unknownMethod = try beacon.response(id: 2)
      #expect(unknownMethod["error"]?["code"] == -32601)
      let id = String(repeating: "p", count: 200_000)
      beacon.request("rating/add", id: 3, params: ["placeId": .string(id), "stars": 3])
      let unknownPlace = try beacon.response(id: 3)
      #expect(unknownPlace["error"]?["code"] == -33001)
      for response in [unknownMethod, unknownPlace] {
        let text = JSONWriter.serialize(response).count
        #expect(text < 2_000, "the error echoes \(text) bytes")
      }
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func withoutAKeyNoneIsConfigured() throws {
      let beacon = try BeaconProcess()
      let result = try beacon.initialize()
      #expect(result["configuration"]?["geoapifyAPIKeyConfigured"] == false)
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }
  }
}
