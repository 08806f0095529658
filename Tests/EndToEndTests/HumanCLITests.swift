import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The human commands (`search`, `details`, `rate`, `favorites`, `settings`, `import`) run as the built
/// binary against a loopback fake Geoapify and a temporary store.
extension EndToEnd {
  @Suite struct HumanCLITests {
    /// Oslo S, where the fixtures' distances are measured from.
    static let oslo = "59.9111,10.7503"
    static let bryggehallen = GeoapifyFixtures.detailsRestaurantID

    /// A fake Geoapify and one store shared by every command of a test.
    final class Workspace: FakeAPIWorkspace {
      init() throws {
        let server = try GeoapifyFixtures.server()
        super.init(
          server: server,
          environment: ["GEOAPIFY_API_KEY": "sk-test", "BEACON_GEOAPIFY_URL": server.baseURL.absoluteString]
        )
      }
    }

    /// The lines of `text`.
    static func lines(_ text: String) -> [String] {
      text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The first line containing `needle`.
    static func line(containing needle: String, in text: String) -> String? {
      lines(text).first { $0.contains(needle) }
    }

    /// Where `needle` starts in `line`, counted in Characters.
    static func column(of needle: String, in line: String) -> Int? {
      line.range(of: needle).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
    }

    static func parse(_ text: String) throws -> JSONValue {
      try JSONParser.parse(Array(text.utf8))
    }

    // MARK: - search

    @Test func searchPrintsAnAlignedTableWithDistancesAndTheAttribution() throws {
      let workspace = try Workspace()
      let output = try workspace.succeed(["search", "--near", Self.oslo])
      let header = try #require(Self.line(containing: "Navn", in: output), "\(output)")
      for title in ["Kategori", "Avstand", "Vurdering", "Adresse"] {
        #expect(header.contains(title), "header: \(header)")
      }
      let nudelbaren = try #require(Self.line(containing: "Nudelbaren Jernbanetorget", in: output), "\(output)")
      #expect(nudelbaren.contains("95 m"))
      #expect(nudelbaren.contains("Restaurant"))
      // Columns line up by Characters, also after names with ø and addresses with å.
      let grønland = try #require(Self.line(containing: "Grønland Tandoori", in: output), "\(output)")
      let categoryColumn = try #require(Self.column(of: "Kategori", in: header))
      for row in [nudelbaren, grønland] {
        #expect(Self.column(of: "Restaurant", in: row) == categoryColumn, "\(header)\n\(row)")
      }
      // Distances are right-aligned: they end where the header's "Avstand" ends.
      let distanceEnd = try #require(Self.column(of: "Avstand", in: header)) + "Avstand".count
      #expect(Self.column(of: "95 m", in: nudelbaren).map { $0 + "95 m".count } == distanceEnd)
      #expect(!output.contains("Søker rundt"), "an explicit centre needs no centre line")
      let last = Self.lines(output).last { !$0.isEmpty }
      #expect(last?.contains("Geoapify") == true, "attribution last: \(output)")
    }

    @Test func searchWithoutNearSaysWhichCentreItUsed() throws {
      let workspace = try Workspace()
      let output = try workspace.succeed(["search"])
      #expect(output.contains("lagrede midtpunktet 59.9111, 10.7503"), "\(output)")
      #expect(output.contains("Nudelbaren Jernbanetorget"))
    }

    @Test func searchJSONIsThePlacesSearchResult() throws {
      let workspace = try Workspace()
      let json = try Self.parse(try workspace.succeed(["search", "--near", Self.oslo, "--json"]))
      #expect(json["places"]?.arrayValue?.count == 10)
      #expect(json["source"] == "live")
      #expect(json["center"]?["lat"] == 59.9111)
      #expect(json["centerSource"] == "request")
      let call = try Self.parse(
        try workspace.succeed(["call", "places/search", #"{"center":{"lat":59.9111,"lon":10.7503}}"#])
      )
      #expect(json.objectValue.map { Set($0.keys) } == call.objectValue.map { Set($0.keys) })
      #expect(json["places"] == call["places"])
    }

    @Test func searchGeoJSONIsAFeatureCollectionOfPoints() throws {
      let workspace = try Workspace()
      let text = try workspace.succeed(["search", "--near", Self.oslo, "--geojson"])
      #expect(text.contains("\n  "), "pretty-printed")
      let collection = try Self.parse(text)
      #expect(collection["type"] == "FeatureCollection")
      let features = try #require(collection["features"]?.arrayValue)
      #expect(features.count == 10)
      let first = try #require(features.first)
      #expect(first["type"] == "Feature")
      #expect(first["geometry"]?["type"] == "Point")
      let points = try #require(first["geometry"]?["coordinates"]?.arrayValue)
      let coordinates = points.compactMap { $0.doubleValue }
      #expect(coordinates.count == 2)
      #expect((10.7...10.8).contains(coordinates[0]), "longitude first: \(coordinates)")
      #expect((59.9...60.0).contains(coordinates[1]), "latitude second: \(coordinates)")
      let properties = try #require(first["properties"]?.objectValue)
      for key in ["id", "name", "category", "address", "distanceMeters", "rating", "isFavorite"] {
        #expect(properties.keys.contains(key), "properties lack \(key): \(properties)")
      }
      #expect(properties["name"] == "Nudelbaren Jernbanetorget")
      #expect(properties["distanceMeters"] == 95)
      #expect(properties["rating"] == .null)
      #expect(properties["isFavorite"] == false)
    }

    @Test func sortingByNamePutsÆØÅLastInNorwegianOrder() throws {
      let workspace = try Workspace()
      let output = try workspace.succeed(["search", "--near", Self.oslo, "--category", "cafe", "--sort", "name"])
      let header = try #require(Self.line(containing: "Navn", in: output), "\(output)")
      let nameColumn = try #require(Self.column(of: "Navn", in: header))
      let rows = Self.lines(output).drop { $0 != header }.dropFirst().prefix { !$0.isEmpty }
      let names = rows.map { String($0.dropFirst(nameColumn)) }
      #expect(names.count == 10, "\(output)")
      #expect(names.first?.hasPrefix("Aromakroken") == true, "\(output)")
      let lastThree = names.suffix(3).map { $0.prefix(1) }
      #expect(lastThree == ["Æ", "Ø", "Å"], "\(output)")
    }

    @Test func radiusAcceptsADecimalCommaOrPoint() throws {
      let workspace = try Workspace()
      for radius in ["1,5", "1.5"] {
        let json = try Self.parse(try workspace.succeed(["search", "--near", Self.oslo, "--radius", radius, "--json"]))
        #expect(json["radiusMeters"] == 1500, "--radius \(radius)")
      }
    }

    @Test func englishHasEnglishLabelsAndDecimalPoints() throws {
      let workspace = try Workspace()
      let english = try workspace.succeed(["--locale", "en", "search", "--near", "59.94,10.76", "--limit", "3"])
      #expect(english.contains("Name"), "\(english)")
      #expect(english.contains("Distance"))
      #expect(english.contains("Address"))
      #expect(english.range(of: #"\d\.\d km"#, options: .regularExpression) != nil, "\(english)")
      let norwegian = try workspace.succeed(["search", "--near", "59.94,10.76", "--limit", "3"])
      #expect(norwegian.range(of: #"\d,\d km"#, options: .regularExpression) != nil, "\(norwegian)")
    }

    // MARK: - rate, favorites, details, settings

    @Test func aRatingShowsUpAsAStarInTheNextSearch() throws {
      let workspace = try Workspace()
      _ = try workspace.succeed(["search", "--near", Self.oslo])
      let rated = try workspace.succeed(["rate", Self.bryggehallen, "4", "--comment", "God fisk"])
      #expect(rated.contains("★ 4,0 (1)"), "\(rated)")
      let output = try workspace.succeed(["search", "--near", Self.oslo])
      let row = try #require(Self.line(containing: "Bryggehallen Matsal", in: output), "\(output)")
      #expect(row.contains("★ 4,0 (1)"), "\(row)")
      #expect(row.contains("348 m"))
      let unrated = try #require(Self.line(containing: "Nudelbaren Jernbanetorget", in: output))
      #expect(!unrated.contains("★"))
      let english = try workspace.succeed(["--locale", "en", "search", "--near", Self.oslo])
      #expect(Self.line(containing: "Bryggehallen Matsal", in: english)?.contains("★ 4.0 (1)") == true, "\(english)")
      let json = try Self.parse(try workspace.succeed(["rate", Self.bryggehallen, "5", "--json"]))
      #expect(json["summary"]?["count"] == 2)
      #expect(json["rating"]?["stars"] == 5)
    }

    @Test func aFavouriteIsListedWithAHeartAndCanBeRemoved() throws {
      let workspace = try Workspace()
      let empty = try workspace.succeed(["favorites"])
      #expect(empty.contains("Ingen favoritter"), "\(empty)")
      _ = try workspace.succeed(["search", "--near", Self.oslo])
      let added = try workspace.succeed(["favorites", "add", Self.bryggehallen])
      #expect(added.contains("Bryggehallen Matsal"), "\(added)")
      let list = try workspace.succeed(["favorites"])
      let row = try #require(Self.line(containing: "Bryggehallen Matsal", in: list), "\(list)")
      #expect(row.contains("♥"), "\(row)")
      let search = try workspace.succeed(["search", "--near", Self.oslo])
      #expect(Self.line(containing: "Bryggehallen Matsal", in: search)?.contains("♥") == true, "\(search)")
      #expect(Self.line(containing: "Nudelbaren", in: search)?.contains("♥") == false)
      let scoped = try Self.parse(try workspace.succeed(["search", "--favorites", "--json"]))
      #expect(scoped["scope"] == "favorites")
      #expect(scoped["places"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Bryggehallen Matsal"])
      let json = try Self.parse(try workspace.succeed(["favorites", "--json"]))
      #expect(json["places"]?.arrayValue?.count == 1)
      let removed = try workspace.succeed(["favorites", "remove", Self.bryggehallen])
      #expect(removed.contains("Bryggehallen Matsal"), "\(removed)")
      #expect(try workspace.succeed(["favorites"]).contains("Ingen favoritter"))
    }

    @Test func detailsShowLabelledLinesWithPhoneAndLinks() throws {
      let workspace = try Workspace()
      _ = try workspace.succeed(["search", "--near", Self.oslo])
      let output = try workspace.succeed(["details", Self.bryggehallen])
      #expect(Self.line(containing: "Navn:", in: output)?.contains("Bryggehallen Matsal") == true, "\(output)")
      #expect(Self.line(containing: "Telefon:", in: output)?.contains("+4723108840") == true, "\(output)")
      #expect(Self.line(containing: "Kategori:", in: output)?.contains("🍽 Restaurant") == true, "\(output)")
      #expect(output.contains("https://maps.apple.com/?"))
      #expect(output.contains("geo:59."))
      #expect(output.contains("https://www.openstreetmap.org/"))
      #expect(output.contains("Favoritt:"))
      // Values start in one column.
      let phone = try #require(Self.line(containing: "Telefon:", in: output))
      let name = try #require(Self.line(containing: "Navn:", in: output))
      #expect(Self.column(of: "+4723108840", in: phone) == Self.column(of: "Bryggehallen", in: name))
      let english = try workspace.succeed(["details", Self.bryggehallen, "--locale", "en"])
      #expect(Self.line(containing: "Phone:", in: english)?.contains("+4723108840") == true, "\(english)")
      #expect(english.contains("Opening hours:"))
      let json = try Self.parse(try workspace.succeed(["details", Self.bryggehallen, "--json"]))
      #expect(json["place"]?["phone"] == "+4723108840")
    }

    @Test func settingsShowTheCentreAndResetRestoresTheDefaults() throws {
      let workspace = try Workspace()
      _ = try workspace.succeed(["search", "--near", "59.95,10.8"])
      let settings = try workspace.succeed(["settings"])
      #expect(Self.line(containing: "Midtpunkt:", in: settings)?.contains("59.95, 10.8") == true, "\(settings)")
      #expect(settings.contains("Radius:"))
      let reset = try workspace.succeed(["settings", "reset"])
      #expect(reset.contains("tilbakestilt"), "\(reset)")
      #expect(reset.contains("59.9111, 10.7503"), "\(reset)")
      let json = try Self.parse(try workspace.succeed(["settings", "--json"]))
      #expect(json["center"]?["lat"] == 59.9111)
      #expect(json["radiusMeters"] == 5000)
    }

    // MARK: - Errors

    @Test(arguments: [
      ["search", "--bogus"],
      ["search", "--near", "59.9"],
      ["search", "--near", "north,east"],
      ["search", "--near"],
      ["search", "--category", "pub"],
      ["search", "--radius", "wide"],
      ["search", "--json", "--geojson"],
      ["search", "extra"],
      ["rate", "some-id", "four"],
      ["rate", "some-id"],
      ["details"],
      ["details", "some-id", "--geojson"],
      ["favorites", "add"],
      ["favorites", "sideways"],
      ["settings", "reset", "now"],
      ["import"],
    ])
    func aBadCommandLineExitsWith64AndOneLineThatSaysHowToGetHelp(_ arguments: [String]) throws {
      let workspace = try Workspace()
      let result = try workspace.run(arguments)
      #expect(result.termination == .exited(64), "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty, "stdout: \(result.stdout)")
      #expect(result.stderr.hasSuffix(" Skriv 'beacon --help' for å se alle kommandoer og valg.\n"), "\(result.stderr)")
      #expect(result.stderr.components(separatedBy: "\n").count == 2, "one line: \(result.stderr)")
      #expect(result.stderr.components(separatedBy: "\n").first?.isEmpty == false)
    }

    @Test func aBadCommandLineIsExplainedInTheRequestedLanguage() throws {
      let workspace = try Workspace()
      let result = try workspace.run(["--locale", "en", "rate", "some-id", "four"])
      #expect(result.termination == .exited(64))
      #expect(result.stderr.contains("'four' is not a whole number"), "\(result.stderr)")
      let near = try workspace.run(["search", "--near", "59.9"])
      #expect(near.stderr.contains("'59.9' er ikke en posisjon"), "\(near.stderr)")
    }

    /// A failure is the message on stderr with exit code 1; a value the server refuses is a bad command line, 64.
    @Test func failuresPrintTheLocalizedMessageOnStderrOnlyAndExit1() throws {
      let workspace = try Workspace()
      _ = try workspace.succeed(["search", "--near", Self.oslo])
      let stars = try workspace.run(["rate", Self.bryggehallen, "9"])
      #expect(stars.termination == .exited(64))
      #expect(stars.stdout.isEmpty, "stdout: \(stars.stdout)")
      #expect(stars.stderr.contains("1 til 5 stjerner"), "\(stars.stderr)")
      let english = try workspace.run(["--locale", "en", "rate", Self.bryggehallen, "0"])
      #expect(english.termination == .exited(64))
      #expect(english.stderr.contains("1 to 5 stars"), "\(english.stderr)")
      let radius = try workspace.run(["search", "--radius", "50"])
      #expect(radius.termination == .exited(64), "a range the command line knows is a usage error")
      #expect(radius.stdout.isEmpty)
      #expect(radius.stderr.contains("'--radius' må være fra 1 til 10 km, ikke 50 km"), "\(radius.stderr)")
      let unknown = try workspace.run(["--offline", "details", "no-such-place"])
      #expect(unknown.termination == .exited(1))
      #expect(unknown.stdout.isEmpty, "stdout: \(unknown.stdout)")
      #expect(!unknown.stderr.isEmpty)
    }

    /// What an upstream says is shown, never obeyed: escape sequences and bidirectional overrides in a place's name
    /// or in a rejection's message do not reach the terminal.
    @Test func escapeSequencesFromUpstreamNeverReachTheTerminal() throws {
      let workspace = try Workspace()
      let name = #"Evil\u001b[2J\u001b]0;pwned\u0007Hotel\u202e"#
      workspace.server.enqueue(
        .json(
          #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"\#(name)","#
            + #""categories":["catering.restaurant"],"lat":59.912,"lon":10.751,"place_id":"evil1","#
            + #""formatted":"Gate 1"},"geometry":{"type":"Point","coordinates":[10.751,59.912]}}]}"#
        ),
        forPath: "/v2/places"
      )
      workspace.server.enqueue(
        .json(#"{"statusCode":400,"message":"bad \u001b]0;pwned\u0007 \u001b[2J"}"#, status: 400),
        forPath: "/v2/places"
      )
      let found = try workspace.succeed(["search", "--near", Self.oslo, "--category", "restaurant"])
      #expect(found.contains("Evil[2J]0;pwnedHotel"), "\(found)")
      let refused = try workspace.run(["search", "--near", "59.95,10.75", "--category", "restaurant", "--refresh"])
      #expect(refused.termination == .exited(1))
      #expect(refused.stderr.contains("bad ]0;pwned [2J"), "\(refused.stderr)")
      for text in [found, refused.stderr] {
        #expect(!text.unicodeScalars.contains { [0x1B, 0x07, 0x202E].contains($0.value) }, "\(text.debugDescription)")
      }
    }

    @Test func helpListsEveryCommand() throws {
      let result = try BeaconProcess.run(["--help"])
      #expect(result.termination == .exited(0))
      for command in ["search", "details", "rate", "favorites", "settings", "import", "serve", "call"] {
        #expect(result.stdout.contains("beacon \(command)"), "help lacks \(command)")
      }
    }
  }
}
