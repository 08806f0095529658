import Foundation
import Testing

/// The command line speaks the language a store keeps (`settings/update` of `locale`) in everything it says, as its
/// sessions do: usage faults, help, `call`'s JSON faults and warnings included, unless `--locale` or `BEACON_LOCALE`
/// names one. Those were in nb.
extension EndToEnd {
  @Suite struct StoredLocaleCLITests {
    /// A store that keeps `locale`.
    static func store(keeping locale: String) throws -> String {
      let store = FilterCLITests.storePath()
      let update = try FilterCLITests.run(["call", "settings/update", #"{"locale":"\#(locale)"}"#], store: store)
      #expect(update.termination == .exited(0), "\(update.stderr)")
      return store
    }

    @Test func usageFaultsAndHelpSpeakTheStoresLanguage() throws {
      let store = try Self.store(keeping: "en")
      defer { try? FileManager.default.removeItem(atPath: store) }
      let unknown = try FilterCLITests.run(["search", "--bogus"], store: store)
      #expect(unknown.termination == .exited(64))
      #expect(unknown.stderr.hasPrefix("Unknown option '--bogus'."), "\(unknown.stderr)")
      let range = try FilterCLITests.run(["search", "--limit", "0"], store: store)
      #expect(range.stderr.hasPrefix("'--limit' must be 1 to 100, not 0."), "\(range.stderr)")
      let help = try FilterCLITests.run(["help"], store: store)
      #expect(help.stdout.hasPrefix("beacon 0"), "\(help.stdout.prefix(200))")
      #expect(help.stdout.contains("find restaurants, cafés and hotels"), "\(help.stdout.prefix(200))")
      // --locale still wins.
      let told = try FilterCLITests.run(["search", "--bogus"], store: store, locale: "nb")
      #expect(told.stderr.hasPrefix("Ukjent valg '--bogus'."), "\(told.stderr)")
    }

    @Test func anUnknownLocaleNamesTheLanguageSpokenInstead() throws {
      let store = try Self.store(keeping: "nn")
      defer { try? FileManager.default.removeItem(atPath: store) }
      let result = try FilterCLITests.run(["settings"], store: store, locale: "xx")
      #expect(result.stderr.contains("Ukjent språk 'xx'; brukar nynorsk"), "\(result.stderr)")
    }

    /// `1e400` is valid JSON: `call` refuses it as the parameter's, out of range, as `serve` does. It called the
    /// parameters invalid JSON.
    @Test func callRefusesANumberBeyondADoubleAsOutOfRange() throws {
      let store = try Self.store(keeping: "en")
      defer { try? FileManager.default.removeItem(atPath: store) }
      let result = try FilterCLITests.run(["call", "places/search", #"{"limit":1e400}"#], store: store)
      #expect(result.stderr.contains("Invalid parameter 'limit': the number is out of range"), "\(result.stderr)")
      let broken = try FilterCLITests.run(["call", "places/search", #"{"limit":"#], store: store)
      #expect(broken.termination == .exited(64))
      #expect(broken.stderr.hasPrefix("The parameters are not valid JSON"), "\(broken.stderr)")
    }
  }
}
