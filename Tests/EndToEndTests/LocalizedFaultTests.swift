import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

/// Faults in what the user sent (JSON that does not parse, bad framing, params that are not an object, a file
/// that cannot be imported) are said wholly in the chosen language: no English fragment inside Norwegian.
extension EndToEnd {
  @Suite struct LocalizedFaultTests {
    /// English words the old messages carried inside Norwegian ones.
    static let englishFragments = [
      "Unterminated", "Expected", "expected", "Invalid", "invalid", "cannot", "line ", "column", "exceeds",
      "bytes", "Header", "params", "string", "nothing", "Message", "stored",
    ]

    static func englishFragments(in text: String) -> [String] {
      englishFragments.filter { text.contains($0) }
    }

    /// The messages of the parse, framing and params faults a server answers in `locale`.
    private func faultMessages(locale: String) throws -> (parse: String, key: String, framing: String, params: String) {
      let beacon = try BeaconProcess(arguments: ["serve", "--locale", locale])
      try beacon.initialize()
      beacon.sendFramed(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":"x}}"#)
      beacon.sendFramed("{,}")
      beacon.send("Content-Length: 2147483648\r\n\r\n")
      beacon.sendFramed(#"{"jsonrpc":"2.0","id":2,"method":"places/search","params":[1]}"#)
      let params = try beacon.response(id: 2)
      let nullIDs = beacon.messages.filter { $0["id"] == .null && $0.errorCode == -32700 }
      #expect(nullIDs.count == 3, "\(beacon.messages)")
      #expect(params.errorCode == -32602)
      #expect(params["error"]?["data"]?["expected"] == "object")
      #expect(try beacon.shutdownAndExit() == .exited(0))
      let parse = nullIDs.first { $0.errorKind == "parseError" && $0["error"]?["data"]?["offset"] != 1 }
      let key = nullIDs.first { $0.errorKind == "parseError" && $0["error"]?["data"]?["offset"] == 1 }
      let framing = nullIDs.first { $0.errorKind == "framingError" }
      #expect(parse?["error"]?["data"]?["reason"] == "unterminatedString")
      #expect(key?["error"]?["data"]?["reason"] == "expectedObjectKey")
      #expect(framing?["error"]?["data"]?["reason"] == "messageTooLarge")
      return (
        parse?.errorMessage ?? "", key?.errorMessage ?? "", framing?.errorMessage ?? "", params.errorMessage ?? ""
      )
    }

    @Test func protocolFaultsAreSaidInBokmal() throws {
      let messages = try faultMessages(locale: "nb")
      #expect(
        messages.parse == "Meldingen er ikke gyldig JSON: en tekststreng mangler avsluttende anførselstegn (byte 58)"
      )
      #expect(messages.key == "Meldingen er ikke gyldig JSON: ventet en nøkkel i anførselstegn (byte 1)")
      #expect(
        messages.framing
          == "Meldingen har feil innramming: meldingen på 2147483648 byte er større enn grensen på 67108864 byte"
      )
      #expect(messages.params == "Parameterne må være et objekt med navngitte verdier, ikke en liste")
      for message in [messages.parse, messages.key, messages.framing, messages.params] {
        #expect(Self.englishFragments(in: message).isEmpty, "\(message)")
      }
    }

    @Test func protocolFaultsAreSaidInNynorsk() throws {
      let messages = try faultMessages(locale: "nn")
      #expect(
        messages.parse == "Meldinga er ikkje gyldig JSON: ein tekststreng manglar avsluttande hermeteikn (byte 58)"
      )
      #expect(messages.key == "Meldinga er ikkje gyldig JSON: venta ein nøkkel i hermeteikn (byte 1)")
      #expect(messages.params == "Parametrane må vere eit objekt med namngjevne verdiar, ikkje ei liste")
      for message in [messages.parse, messages.key, messages.framing, messages.params] {
        #expect(Self.englishFragments(in: message).isEmpty, "\(message)")
      }
    }

    @Test func protocolFaultsAreSaidInEnglish() throws {
      let messages = try faultMessages(locale: "en")
      #expect(messages.parse == "The message is not valid JSON: a string has no closing quote (byte 58)")
      #expect(messages.key == "The message is not valid JSON: expected a key in double quotes (byte 1)")
      #expect(
        messages.framing
          == "The message is badly framed: the message of 2147483648 bytes is larger than the limit of 67108864 bytes"
      )
      #expect(messages.params == "The parameters must be an object of named values, not an array")
    }

    @Test(arguments: [
      ("nb", ["Ugyldig parameter 'stars': må være et heltall", "Parameteren 'placeId' mangler"]),
      ("nn", ["Ugyldig parameter 'stars': må vere eit heiltal", "Parameteren 'placeId' manglar"]),
      ("en", ["Invalid parameter 'stars': must be an integer", "The parameter 'placeId' is missing"]),
    ])
    func invalidParamsSayWhatIsWrongInTheUsersLanguage(locale: String, expected: [String]) throws {
      let beacon = try BeaconProcess(arguments: ["serve", "--locale", locale])
      try beacon.initialize()
      beacon.request("rating/add", id: 1, params: ["placeId": "osm:node/317766538", "stars": "five"])
      beacon.request("rating/add", id: 2, params: ["stars": 3])
      let wrongType = try beacon.response(id: 1)
      let missing = try beacon.response(id: 2)
      #expect(wrongType.errorCode == -32602)
      #expect(wrongType["error"]?["data"]?["field"] == "stars")
      #expect(wrongType["error"]?["data"]?["expected"] == "integer")
      #expect(missing["error"]?["data"]?["missing"] == true)
      #expect([wrongType.errorMessage ?? "", missing.errorMessage ?? ""] == expected)
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test(arguments: ["nb", "nn"])
    func commandLineFaultsHaveNoEnglishInNorwegian(locale: String) throws {
      let directory = TemporaryDirectory("beacon-l10n")
      let broken = directory.fileURL("broken.geojson")
      try Data(#"{"type":"FeatureCollection","features":[{"a":"b"#.utf8).write(to: broken)
      let runs: [[String]] = [
        ["--locale", locale, "call", "ping", "{"],
        ["--locale", locale, "call", "ping", #"{"a":"x"#],
        ["--locale", locale, "call", "places/search", "[1]"],
        ["--locale", locale, "call", "rating/add", #"{"placeId":"osm:node/317766538","stars":"x"}"#],
        ["--locale", locale, "--offline", "import", broken.path],
        ["--locale", locale, "--offline", "import", directory.file("missing.geojson")],
      ]
      for arguments in runs {
        let result = try BeaconProcess.run(arguments, environment: ["BEACON_OFFLINE": "1"])
        #expect(result.termination != .exited(0), "\(arguments)")
        #expect(!result.stderr.isEmpty, "\(arguments)")
        #expect(Self.englishFragments(in: result.stderr).isEmpty, "\(arguments): \(result.stderr)")
      }
    }

    @Test func aBrokenImportFileNamesLineAndColumnInTheUsersLanguage() throws {
      let directory = TemporaryDirectory("beacon-l10n")
      let broken = directory.fileURL("broken.geojson")
      try Data(#"{"type":"FeatureCollection","features":[{"a":"b"#.utf8).write(to: broken)
      let nb = try BeaconProcess.run(["--offline", "import", broken.path])
      #expect(
        nb.stderr.contains(
          "(linje 1, kolonne 48): en tekststreng mangler avsluttende anførselstegn; ingenting ble lagret"
        ),
        "\(nb.stderr)"
      )
      let en = try BeaconProcess.run(["--locale", "en", "--offline", "import", broken.path])
      #expect(
        en.stderr.contains("(line 1, column 48): a string has no closing quote; nothing was stored"),
        "\(en.stderr)"
      )
    }
  }
}
