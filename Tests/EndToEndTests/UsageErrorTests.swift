import Testing

/// A command line `beacon` cannot run: one line saying what is wrong (and what was probably meant) and how to
/// get help, in the language asked for, exit code 64.
extension EndToEnd {
  @Suite struct UsageErrorTests {
    typealias Workspace = HumanCLITests.Workspace

    /// The lines `text` has, without the final line break.
    static func lines(_ text: String) -> [Substring] {
      text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0).map { $0 }
    }

    @Test func aMistypedOptionGetsOneLineWithASuggestionInTheChosenLanguage() throws {
      let workspace = try Workspace()
      let english = try workspace.run(["search", "--limt", "3", "--locale", "en"])
      #expect(english.termination == .exited(64))
      #expect(english.stdout.isEmpty)
      #expect(
        Self.lines(english.stderr) == [
          "Unknown option '--limt'; did you mean '--limit'? Run 'beacon --help' to see every command and option."
        ]
      )
      let norwegian = try workspace.run(["--offlne", "search"])
      #expect(norwegian.termination == .exited(64))
      #expect(
        Self.lines(norwegian.stderr) == [
          "Ukjent valg '--offlne'; mente du '--offline'? Skriv 'beacon --help' for å se alle kommandoer og valg."
        ]
      )
      let nynorsk = try BeaconProcess.run(["search", "--jsn"], environment: ["BEACON_LOCALE": "nn"])
      #expect(nynorsk.termination == .exited(64))
      #expect(Self.lines(nynorsk.stderr).count == 1)
      #expect(nynorsk.stderr.contains("Ukjent val '--jsn'; meinte du '--json'?"), "\(nynorsk.stderr)")
      let farOff = try workspace.run(["search", "--colour", "--locale=en"])
      #expect(
        Self.lines(farOff.stderr) == ["Unknown option '--colour'. Run 'beacon --help' to see every command and option."]
      )
      let command = try workspace.run(["serach", "--locale", "en"])
      #expect(command.termination == .exited(64))
      #expect(command.stderr.contains("Unknown command 'serach'; did you mean 'search'?"), "\(command.stderr)")
    }

    @Test(arguments: [
      (["search", "--limit", "0"], "'--limit' må være fra 1 til 100, ikke 0"),
      (["search", "--limit", "101"], "'--limit' må være fra 1 til 100, ikke 101"),
      (["search", "--limit", "abc"], "'abc' er ikke et heltall ('--limit')"),
      (["search", "--radius", "0"], "'--radius' må være fra 1 til 10 km, ikke 0 km"),
      (["search", "--radius", "100000"], "'--radius' må være fra 1 til 10 km, ikke 100000 km"),
      (["search", "--radius", "0,5"], "'--radius' må være fra 1 til 10 km, ikke 0,5 km"),
      (["search", "--radius", "1e300"], "'1e300' er ikke et tall ('--radius')"),
    ])
    func aValueOutOfRangeIsAUsageErrorInTheOptionsOwnUnit(_ arguments: [String], _ expected: String) throws {
      try Self.expectUsageError(arguments, expected)
    }

    /// An argument is named as the help names it, in the user's language.
    @Test(arguments: [
      (["rate", "osm:node/317766538", "x"], "'x' er ikke et heltall ('STJERNER')"),
      (["import"], "Mangler argumentet 'FIL'"),
      (["store", "copy", "a.sqlite"], "Mangler argumentet 'TIL'"),
    ])
    func anArgumentIsNamedAsTheHelpNamesIt(_ arguments: [String], _ expected: String) throws {
      try Self.expectUsageError(arguments, expected)
    }

    /// `arguments` stop with exit code 64 and one Bokmål line on stderr that starts with `expected`; a feature's own
    /// commands are checked with it in the feature's own tests.
    static func expectUsageError(_ arguments: [String], _ expected: String) throws {
      let workspace = try Workspace()
      let result = try workspace.run(arguments)
      #expect(result.termination == .exited(64), "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty)
      #expect(Self.lines(result.stderr).count == 1, "\(result.stderr)")
      #expect(result.stderr.hasPrefix(expected + ". Skriv 'beacon --help'"), "\(arguments): \(result.stderr)")
    }

    /// A value only the server can judge is a bad command line too: exit code 64, the server's sentence, with the
    /// option named as the user typed it.
    @Test(arguments: [
      (["search", "--near", "91,0"], "Ugyldig posisjon; breddegrad må være −90…90 og lengdegrad −180…180"),
      (["rate", "osm:node/317766538", "6"], "Vurderingen må være fra 1 til 5 stjerner, ikke 6"),
      (
        ["search", "--near", "59.9,10.7", "--open-at", "25:00"],
        "'25:00' er ikke et gyldig tidspunkt for '--open-at'; bruk lokal dato og tid uten sone, som 2026-11-25T19:00"
      ),
      (["call", "places/search", #"{"limit": 0}"#], "'limit' må være fra 1 til 100, ikke 0"),
    ])
    func aValueTheServerRefusesIsAUsageErrorNamingTheOption(_ arguments: [String], _ expected: String) throws {
      let workspace = try Workspace()
      let result = try workspace.run(["--offline"] + arguments)
      #expect(result.termination == .exited(64), "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty)
      #expect(Self.lines(result.stderr) == [Substring(expected)], "\(arguments)")
    }

    @Test func theHelpIsInTheLanguageAskedFor() throws {
      let english = try BeaconProcess.run(["--help", "--locale", "en"])
      #expect(english.termination == .exited(0))
      #expect(english.stdout.contains("find restaurants, cafés and hotels near a point."), "\(english.stdout)")
      #expect(english.stdout.contains("Global options:"))
      let nynorsk = try BeaconProcess.run(["help"], environment: ["BEACON_LOCALE": "nn"])
      #expect(nynorsk.stdout.contains("finn restaurantar, kafear og hotell nær eit punkt."), "\(nynorsk.stdout)")
      let bokmal = try BeaconProcess.run(["--help"])
      #expect(bokmal.stdout.contains("finn restauranter, kafeer og hoteller nær et punkt."), "\(bokmal.stdout)")
      let search = try BeaconProcess.run(["search", "--locale", "en", "--help"])
      #expect(search.termination == .exited(0))
      #expect(search.stdout.contains("  beacon search [OPTIONS]") && search.stdout.contains("Global options:"))
      #expect(!search.stdout.contains("beacon rate"), "\(search.stdout)")
    }

    @Test func theRadiusRangeIsSpokenInEnglishToo() throws {
      let workspace = try Workspace()
      let result = try workspace.run(["--locale", "en", "search", "--radius", "100000"])
      #expect(result.termination == .exited(64))
      #expect(result.stderr.hasPrefix("'--radius' must be 1 to 10 km, not 100000 km."), "\(result.stderr)")
    }
  }
}
