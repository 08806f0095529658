import BeaconCore
import BeaconFruits
import BeaconPeople
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// The base URL of a feature's upstream service (Fruityvice, randomuser.me) from each configuration layer: the
/// default, the environment and `initializationOptions`, and an invalid URL naming its field.
@Suite struct ServiceURLTests {
  /// One service's option, what it defaults to, and an invalid URL with the message it gets.
  struct Service: Sendable, CustomTestStringConvertible {
    let option: ServiceURLOption
    let defaultURL: String
    let variable: String
    let invalidURL: String
    let invalidMessage: String
    var testDescription: String { option.key }
  }

  static let services = [
    Service(
      option: .fruityvice,
      defaultURL: "https://www.fruityvice.com",
      variable: "BEACON_FRUITYVICE_URL",
      invalidURL: "ftp://fruit",
      invalidMessage: "Ugyldig Fruityvice-adresse 'ftp://fruit'; bruk en http- eller https-adresse"
    ),
    Service(
      option: .randomUser,
      defaultURL: "https://randomuser.me",
      variable: "BEACON_RANDOMUSER_URL",
      invalidURL: "randomuser.me",
      invalidMessage: "Ugyldig randomuser-adresse 'randomuser.me'; bruk en http- eller https-adresse"
    ),
  ]

  @Test(arguments: services)
  func initializeReportsTheURLFromTheLayers(_ service: Service) async throws {
    let key = service.option.key
    let defaults = InProcessClient(options: .inMemory())
    #expect(try await defaults.send(InitializeRequest()).configuration.serviceBaseURLs[key] == service.defaultURL)

    let fromEnvironment = InProcessClient(
      options: .inMemory(environment: BeaconOptions(serviceURLs: [key: "http://127.0.0.1:9"]))
    )
    let initialized = try await fromEnvironment.send(
      InitializeRequest(initializationOptions: .init(services: [key: .init(baseURL: "http://127.0.0.1:8")]))
    )
    #expect(initialized.configuration.serviceBaseURLs[key] == "http://127.0.0.1:8")
  }

  @Test(arguments: services)
  func anInvalidURLNamesItsField(_ service: Service) async throws {
    let key = service.option.key
    let client = InProcessClient(options: .inMemory())
    let result = await client.call(
      "initialize",
      params: ["initializationOptions": [key: ["baseURL": .string(service.invalidURL)]]]
    )
    let error = try #require(failure(result))
    #expect(error.code == .invalidParams)
    #expect(error.data?["field"] == .string("initializationOptions.\(key).baseURL"))
    #expect(error.message == service.invalidMessage)
  }

  @Test(arguments: services)
  func theEnvironmentNamesTheURL(_ service: Service) {
    let key = service.option.key
    let layer = BeaconOptions.environment([service.variable: "http://localhost:2"], serviceURLs: [service.option])
    #expect(layer.serviceURLs[key] == "http://localhost:2")
    #expect(BeaconOptions.environment([service.variable: ""], serviceURLs: [service.option]).serviceURLs[key] == nil)
  }
}
