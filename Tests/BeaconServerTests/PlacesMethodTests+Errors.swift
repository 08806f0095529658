import BeaconCore
import BeaconSync
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// Upstream faults as JSON-RPC errors, and progress notifications.
extension PlacesMethodTests {
  // MARK: - Upstream errors

  @Test func withoutAKeySearchRunsOfflineOnTheDemoDataAndExplainsHowToGetOne() async throws {
    let server = try Self.fakeGeoapify()
    let client = try await Self.session(server, apiKey: nil)
    let result = try await client.call("places/search", params: ["category": "cafe"]).get()
    #expect(result["source"] == "offline")
    #expect(result["centerSource"] == "demo")
    #expect(Self.coordinate(result["center"]) == DemoDataset.center)
    #expect((result["places"]?.arrayValue?.count ?? 0) == 10)
    #expect(result["attribution"]?.stringValue?.contains("© OpenStreetMap contributors") == true)
    let message = try #require(result["message"]?.stringValue)
    #expect(message.contains("https://myprojects.geoapify.com"))
    #expect(message.contains("GEOAPIFY_API_KEY"))
    // Autocomplete has no offline answer: there the missing key is an error that says what to do.
    let error = try #require(failure(await client.call("places/autocomplete", params: ["text": "kaf"])))
    #expect(error.code == ApplicationErrorCode.missingAPIKey)
    #expect(error.code.rawValue == -33020)
    #expect(error.kind == "missingApiKey")
    #expect(error.message.contains("https://myprojects.geoapify.com"))
    #expect(error.message.contains("--offline"))
    #expect(server.requests.isEmpty)
  }

  struct UpstreamFailure: Sendable, CustomTestStringConvertible {
    var status: Int
    var fixture: String
    var headers: [String: String] = [:]
    var code: Int
    var kind: String
    var data: [String: JSONValue]
    var testDescription: String { "HTTP \(status)" }
  }

  @Test(arguments: [
    UpstreamFailure(status: 401, fixture: "error-401.json", code: -33021, kind: "invalidApiKey", data: [:]),
    UpstreamFailure(
      status: 429,
      fixture: "error-429.json",
      headers: ["Retry-After": "5"],
      code: -33022,
      kind: "rateLimited",
      data: ["retryAfterSeconds": 5]
    ),
    UpstreamFailure(
      status: 400,
      fixture: "error-400.json",
      code: -33023,
      kind: "upstreamRejected",
      data: ["upstreamMessage": #""limit" must be less than or equal to 500"#]
    ),
    UpstreamFailure(
      status: 500,
      fixture: "error-500.json",
      code: -33024,
      kind: "upstreamUnavailable",
      data: ["reason": "HTTP 500"]
    ),
  ])
  func upstreamStatusesBecomeBeaconErrors(_ failure: UpstreamFailure) async throws {
    let server = try Self.fakeGeoapify()
    server.enqueue(
      .json(GeoapifyFixtures.text(failure.fixture), status: failure.status, headers: failure.headers),
      forPath: "/v2/places"
    )
    let client = try await Self.session(server)
    let error = try #require(BeaconTestSupport.failure(await client.call("places/search")))
    #expect(error.code.rawValue == failure.code)
    #expect(error.kind == failure.kind)
    for (key, value) in failure.data {
      #expect(error.data?[key] == value, "data.\(key)")
    }
    #expect(!error.message.isEmpty)
    #expect(server.requestCount(path: "/v2/places") == 1)
  }

  /// A refused key is to be checked where it was given: the environment, or the client's `initialize`.
  @Test func aRefusedKeyIsToBeCheckedWhereItWasGiven() async throws {
    let server = try Self.fakeGeoapify()
    for _ in 0..<2 {
      server.enqueue(.json(GeoapifyFixtures.text("error-401.json"), status: 401), forPath: "/v2/places")
    }
    let fromEnvironment = try await Self.session(server)
    let first = try #require(BeaconTestSupport.failure(await fromEnvironment.call("places/search")))
    #expect(first.message == "Geoapify godtok ikke nøkkelen; sjekk GEOAPIFY_API_KEY")

    let fromClient = InProcessClient(
      options: .inMemory(environment: BeaconOptions(geoapifyBaseURL: server.baseURL.absoluteString))
    )
    let options: JSONValue = ["geoapify": ["apiKey": .string(Self.apiKey)]]
    _ = try await fromClient.call("initialize", params: ["locale": "en", "initializationOptions": options]).get()
    let second = try #require(BeaconTestSupport.failure(await fromClient.call("places/search")))
    #expect(second.message == "Geoapify did not accept the key; check initializationOptions.geoapify.apiKey")
    #expect(!second.message.contains(Self.apiKey))
  }

  // MARK: - Progress

  /// A `workDoneToken` is LSP's `ProgressToken`, a string or an integer: another type is refused by name, in the
  /// session's language, rather than echoed into every `$/progress`; `null` is none.
  @Test func aWorkDoneTokenOfAnotherTypeIsRefused() async throws {
    let server = try Self.fakeGeoapify()
    let notifications = NotificationRecorder()
    let client = try await Self.session(server, locale: "nn") { method, params in notifications.record(method, params) }
    for token: JSONValue in [true, ["a": 1], 1.5, [1]] {
      let error = try #require(
        BeaconTestSupport.failure(await client.call("places/search", params: ["workDoneToken": token]))
      )
      #expect(error.code == .invalidParams)
      #expect(error.data?["field"] == "workDoneToken")
      #expect(error.message == "Ugyldig parameter 'workDoneToken': må vere tekst eller eit heiltal", "\(token)")
    }
    _ = try await client.call("places/search", params: ["workDoneToken": .null]).get()
    #expect(notifications.params(of: "$/progress").isEmpty, "\(notifications.params(of: "$/progress"))")
  }

  @Test func aWorkDoneTokenGetsProgressBeginAndEnd() async throws {
    let server = try Self.fakeGeoapify()
    let notifications = NotificationRecorder()
    let client = try await Self.session(server) { method, params in notifications.record(method, params) }
    _ = try await client.call("places/search").get()
    #expect(notifications.params(of: "$/progress").isEmpty, "no token, no progress")

    _ = try await client.call("places/search", params: ["workDoneToken": "t1", "refresh": true]).get()
    let progress = notifications.params(of: "$/progress")
    #expect(progress.allSatisfy { $0?["token"] == "t1" }, "\(progress)")
    let kinds = progress.compactMap { $0?["value"]?["kind"]?.stringValue }
    #expect(kinds.first == "begin")
    #expect(kinds.last == "end")
    #expect(kinds.filter { $0 == "begin" }.count == 1)
    #expect(kinds.filter { $0 == "end" }.count == 1)
  }
}
