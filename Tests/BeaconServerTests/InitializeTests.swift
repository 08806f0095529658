import BeaconCore
import BeaconSync
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

@Suite struct InitializeTests {
  final class Notifications: Sendable {
    let items = Locked<[(String, JSONValue?)]>([])
    func append(_ method: String, _ params: JSONValue?) { items.withLock { $0.append((method, params)) } }
    var all: [(String, JSONValue?)] { items.withLock { $0 } }
  }

  @Test func reportsServerInfoCapabilitiesAndConfiguration() async throws {
    let client = InProcessClient(options: .inMemory())
    let result = try await client.send(InitializeRequest(locale: "en"))
    #expect(result.serverInfo.name == "beacon")
    #expect(result.serverInfo.version == BeaconVersion.current)
    #expect(result.capabilities.methods.contains("ping"))
    #expect(result.capabilities.methods.contains("shutdown"))
    #expect(result.capabilities.methods == result.capabilities.methods.sorted())
    #expect(result.capabilities.locales == ["nb", "nn", "en"])
    #expect(result.locale == "en")
    #expect(result.configuration.geoapifyBaseURL == "https://api.geoapify.com")
    #expect(result.configuration.geoapifyAPIKeyConfigured == false)
  }

  @Test func aPasswordInAServiceURLIsNotShown() async throws {
    let options = ServerOptions(
      environment: BeaconOptions(storePath: ":memory:", geoapifyBaseURL: "http://user:hunter2pass@10.0.0.77:18080/")
    )
    let client = InProcessClient(options: options)
    let result = try await client.send(InitializeRequest(locale: "en"))
    #expect(result.configuration.geoapifyBaseURL == "http://user:***@10.0.0.77:18080/")
  }

  @Test func flagsBeatInitializationOptionsWhichBeatTheEnvironment() async throws {
    let temporary = TemporaryDirectory()
    let directory = temporary.path
    let options = ServerOptions(
      flags: BeaconOptions(storePath: directory + "/flag.sqlite"),
      environment: BeaconOptions(
        storePath: directory + "/env.sqlite",
        offline: false,
        geoapifyAPIKey: APIKey("env-key"),
        geoapifyBaseURL: "https://env.example"
      )
    )
    let client = InProcessClient(options: options)
    let result = try await client.send(
      InitializeRequest(
        initializationOptions: .init(
          storePath: directory + "/init.sqlite",
          offline: true,
          geoapify: .init(baseURL: "http://127.0.0.1:8080")
        )
      )
    )
    #expect(result.configuration.storePath == directory + "/flag.sqlite")
    #expect(FileManager.default.fileExists(atPath: directory + "/flag.sqlite"))
    #expect(!FileManager.default.fileExists(atPath: directory + "/init.sqlite"))
    #expect(!FileManager.default.fileExists(atPath: directory + "/env.sqlite"))
    #expect(result.configuration.offline == true)
    #expect(result.configuration.geoapifyBaseURL == "http://127.0.0.1:8080")
    #expect(result.configuration.geoapifyAPIKeyConfigured == true)
    let configuration = try #require(client.beaconServer?.configuration)
    #expect(configuration.geoapifyAPIKey?.revealedForRequest == "env-key")
  }

  @Test func theAPIKeyIsNeverInTheResult() async throws {
    let client = InProcessClient(options: .inMemory())
    let result = await client.call(
      "initialize",
      params: ["initializationOptions": ["geoapify": ["apiKey": "sk-SECRET-42"]]]
    )
    let value = try result.get()
    #expect(!value.description.contains("SECRET"))
    #expect(value["configuration"]?["geoapifyAPIKeyConfigured"] == true)
  }

  @Test func anInvalidBaseURLIsAnInvalidParamsError() async throws {
    let client = InProcessClient(options: .inMemory())
    let result = await client.call(
      "initialize",
      params: ["initializationOptions": ["geoapify": ["baseURL": "ftp://nope"]]]
    )
    guard case .failure(let error) = result else {
      Issue.record("expected an error, got \(result)")
      return
    }
    #expect(error.code == .invalidParams)
    #expect(error.data?["field"] == "initializationOptions.geoapify.baseURL")
    #expect(error.message.contains("ftp://nope"))
    // A failed initialize may be retried.
    let retry = await client.call("initialize", params: [:])
    #expect((try? retry.get()) != nil)
  }

  @Test func theTimeZoneComesFromInitializationOptionsAndAnUnknownOneNamesItsField() async throws {
    let client = InProcessClient(options: .inMemory())
    let bad = await client.call("initialize", params: ["initializationOptions": ["timeZone": "Europe/Atlantis"]])
    guard case .failure(let error) = bad else {
      Issue.record("expected an error, got \(bad)")
      return
    }
    #expect(error.code == .invalidParams)
    #expect(error.data?["field"] == "initializationOptions.timeZone")
    #expect(error.message.contains("Europe/Atlantis"))
    let result = try await client.send(InitializeRequest(initializationOptions: .init(timeZone: "Asia/Tokyo")))
    #expect(result.configuration.timeZone == "Asia/Tokyo")
    #expect(client.beaconServer?.configuration?.timeZone.identifier == "Asia/Tokyo")
  }

  @Test func aWronglyTypedOptionNamesItsField() async throws {
    let client = InProcessClient(options: .inMemory())
    let result = await client.call("initialize", params: ["initializationOptions": ["offline": "yes"]])
    guard case .failure(let error) = result else {
      Issue.record("expected an error, got \(result)")
      return
    }
    #expect(error.code == .invalidParams)
    #expect(error.data?["field"] == "initializationOptions.offline")
  }

  @Test func anUnknownLocaleWarnsTheUserAndFallsBackToBokmal() async throws {
    let notifications = Notifications()
    let client = InProcessClient(options: .inMemory(), onNotification: notifications.append)
    let result = try await client.send(InitializeRequest(locale: "de-DE"))
    #expect(result.locale == "nb")
    let warning = try #require(notifications.all.first { $0.0 == "window/logMessage" })
    #expect(warning.1?["type"] == 2)
    #expect(warning.1?["message"]?.stringValue?.contains("'de-DE'") == true)
  }

  @Test func aKeyBoundForPlainHTTPToAnotherMachineIsWarnedAboutWithoutShowingIt() async throws {
    let notifications = Notifications()
    let client = InProcessClient(options: .inMemory(), onNotification: notifications.append)
    _ = try await client.send(
      InitializeRequest(
        initializationOptions: .init(geoapify: .init(apiKey: "sk-PLAIN-1", baseURL: "http://geo.example.com"))
      )
    )
    let warning = try #require(notifications.all.first { $0.0 == "window/logMessage" })
    #expect(warning.1?["message"]?.stringValue?.contains("geo.example.com") == true)
    #expect(warning.1?["message"]?.stringValue?.contains("PLAIN") == false)

    let quiet = Notifications()
    let local = InProcessClient(options: .inMemory(), onNotification: quiet.append)
    _ = try await local.send(
      InitializeRequest(initializationOptions: .init(geoapify: .init(apiKey: "sk-1", baseURL: "http://127.0.0.1:9")))
    )
    #expect(!quiet.all.contains { $0.0 == "window/logMessage" })
  }

  @Test func testMethodsExistOnlyWhenEnabled() async throws {
    let plain = InProcessClient(options: .inMemory())
    let plainResult = try await plain.send(InitializeRequest())
    #expect(!plainResult.capabilities.methods.contains("test/sleep"))
    let testing = InProcessClient(options: .inMemory(enablesTestMethods: true))
    let testingResult = try await testing.send(InitializeRequest())
    #expect(testingResult.capabilities.methods.contains("test/sleep"))
  }
}
