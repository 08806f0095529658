import BeaconCore
import JSONRPC
import Testing

@testable import BeaconServer

@Suite struct LocalizedErrorTests {
  @Test(arguments: [
    (Language.nb, "Ukjent metode 'x/y'"), (.nn, "Ukjend metode 'x/y'"), (.en, "Unknown method 'x/y'"),
  ])
  func unknownMethodsAreReportedInTheSessionLanguage(language: Language, expected: String) async throws {
    let client = InProcessClient(options: .inMemory())
    _ = try await client.send(InitializeRequest(locale: language.rawValue))
    let result = await client.call("x/y")
    guard case .failure(let error) = result else {
      Issue.record("expected an error, got \(result)")
      return
    }
    #expect(error.code == .methodNotFound)
    #expect(error.message == expected)
    #expect(error.kind == "methodNotFound")
  }

  @Test func theLocaleFlagWinsOverInitialize() async throws {
    let client = InProcessClient(options: .inMemory(flags: BeaconOptions(locale: "nn")))
    let result = try await client.send(InitializeRequest(locale: "en"))
    #expect(result.locale == "nn")
  }

  @Test func beforeInitializeTheFlagLanguageIsUsed() async throws {
    let client = InProcessClient(options: .inMemory(flags: BeaconOptions(locale: "en")))
    let result = await client.call("ping")
    guard case .failure(let error) = result else {
      Issue.record("expected -32002, got \(result)")
      return
    }
    #expect(error.code == .serverNotInitialized)
    #expect(error.message == "The server is not initialized; send 'initialize' first")
  }

  @Test func domainErrorsKeepTheirOwnMessages() {
    let error = ResponseError(
      code: ErrorCode(rawValue: -33001),
      message: "Fant ikke stedet",
      data: ["kind": "notFound"]
    )
    #expect(BeaconServer.localized(error, in: .en) == error)
  }

  @Test func pingAnswersAnEmptyObject() async throws {
    let client = InProcessClient(options: .inMemory())
    _ = try await client.send(InitializeRequest())
    #expect(try await client.call("ping").get() == .object([:]))
  }
}
