import Testing

/// Two sentences shown together are separated as sentences, in every language, never run together as in
/// "Ingen treff Uten Geoapify-nøkkel …".
extension EndToEnd {
  @Suite struct MessageJoiningTests {
    /// An offline search (no key) in Helsinki, where the demo data is, for a text nothing matches.
    @Test(arguments: [
      ("nb", "Ingen treff. Uten Geoapify-nøkkel søker Beacon", "for å søke overalt."),
      ("nn", "Ingen treff. Utan Geoapify-nøkkel søkjer Beacon", "for å søkje overalt."),
      ("en", "No results. Without a Geoapify key Beacon searches", "to search everywhere."),
    ])
    func noResultsAndTheMissingKeyAreTwoSentences(_ locale: String, _ start: String, _ end: String) throws {
      let result = try BeaconProcess.run([
        "search", "--near", "60.1699,24.9384", "--text", "zzzqqq", "--locale", locale,
      ])
      #expect(result.termination == .exited(0), "\(result.stderr)")
      let line = result.stdout.split(separator: "\n").first { $0.contains("Geoapify") }.map(String.init) ?? ""
      #expect(line.hasPrefix(start), "\(result.stdout)")
      #expect(line.hasSuffix(end), "\(result.stdout)")
    }

    @Test func noOfflineDataHereAndTheMissingKeyAreTwoSentences() throws {
      let result = try BeaconProcess.run(["search", "--near", "70,20"])
      #expect(result.termination == .exited(0), "\(result.stderr)")
      #expect(result.stdout.contains("for andre steder. Uten Geoapify-nøkkel søker"), "\(result.stdout)")
    }
  }
}
