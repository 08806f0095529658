import BeaconCore
import Foundation
import JSONRPC
import Testing

/// The user a store's ratings, favourites and settings belong to, as the binary reads it: given empty (`--user ""`,
/// `initializationOptions.user: ""`, `BEACON_USER=`) it is refused in the user's language, never taken for the
/// account's name in silence.
extension EndToEnd {
  @Suite struct StoreUserEndToEndTests {
    static let sentences = [
      "nb": "Brukernavnet kan ikke være tomt; oppgi et navn med --user NAVN (eller BEACON_USER), eller utelat det "
        + "for å bruke kontonavnet",
      "nn": "Brukarnamnet kan ikkje vere tomt; oppgi eit namn med --user NAMN (eller BEACON_USER), eller utelat det "
        + "for å bruke kontonamnet",
      "en": "The user name cannot be empty; give a name with --user NAME (or BEACON_USER), or leave it out to use "
        + "the account's name",
    ]

    @Test func anEmptyUserOnTheCommandLineIsAUsageErrorInEachLanguage() throws {
      for (locale, sentence) in Self.sentences {
        for user in ["", "  "] {
          let result = try BeaconProcess.run(
            ["--user", user, "favorites", "--locale", locale],
            environment: ["BEACON_OFFLINE": "1"]
          )
          #expect(result.termination == .exited(64), "\(result.stderr)")
          #expect(result.stdout.isEmpty)
          #expect(result.stderr.contains(sentence), "\(locale): \(result.stderr)")
        }
      }
      let inline = try BeaconProcess.run(["--user=", "favorites"], environment: ["BEACON_OFFLINE": "1"])
      #expect(inline.termination == .exited(64), "\(inline.stderr)")
      #expect(inline.stderr.contains(try #require(Self.sentences["nb"])), "\(inline.stderr)")
    }

    @Test func anEmptyBeaconUserStopsTheCommandAndTouchesNoStore() throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("beacon-user-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let store = directory.appendingPathComponent("store.sqlite").path
      let result = try BeaconProcess.run(
        ["--store", store, "favorites", "--locale", "en"],
        environment: ["BEACON_USER": "", "BEACON_OFFLINE": "1"]
      )
      #expect(result.termination != .exited(0))
      #expect(result.stderr.contains(try #require(Self.sentences["en"])), "\(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test func anEmptyUserInInitializationOptionsIsAnInvalidParamNamingTheField() throws {
      for (locale, sentence) in Self.sentences {
        let beacon = try BeaconProcess(arguments: ["serve"], environment: ["BEACON_OFFLINE": "1"])
        beacon.request(
          "initialize",
          id: 1,
          params: ["locale": .string(locale), "initializationOptions": ["user": ""]]
        )
        let error = try beacon.response(id: 1)["error"]
        #expect(error?["code"] == -32602, "\(String(describing: error))")
        #expect(error?["data"]?["field"] == "initializationOptions.user")
        #expect(error?["message"]?.stringValue == sentence)
        // The session is not started; a good user afterwards is.
        try beacon.initialize(["locale": .string(locale), "initializationOptions": ["user": "ola"]])
        #expect(try beacon.shutdownAndExit() == .exited(0))
      }
    }
  }
}
