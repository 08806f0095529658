import BeaconCore
import BeaconTestSupport
import JSONRPC
import Testing

@testable import BeaconServer

/// A hotel's OSM `stars` in its details' text (the CLI's `beacon details`, MCP's `places_details`): the data had it
/// in `tags`, and no line said it.
@Suite struct HotelStarsTextTests {
  @Test(arguments: [
    ("5", "★★★★★ (5)"), ("3S", "★★★ (3S)"), (" 4.5 ", "★★★★ (4.5)"), ("1", "★ (1)"), ("8", "8"), ("0", "0"),
    ("many", "many"), ("nan", "nan"), ("inf", "inf"), ("", nil), ("  ", nil),
  ])
  func starsAreDrawnFromOneToSevenAndOtherwiseShownAsTheyAre(value: String, shown: String?) {
    #expect(HumanOutput.stars(value) == shown)
  }

  @Test(arguments: [(Language.nb, "Stjerner"), (.nn, "Stjerner"), (.en, "Stars")])
  func aDemoHotelsDetailsSayItsStars(language: Language, label: String) async throws {
    let client = InProcessClient(options: .inMemory(flags: BeaconOptions(offline: true)))
    _ = try await client.send(InitializeRequest())
    let store = try #require(client.beaconServer?.store)
    try await store.loadDemoDataIfNeeded()
    let kamp = try #require(try DemoDataset.places().first { $0.name == "Hotel Kämp" })
    let result = try await client.send(PlaceDetailsRequest(id: kamp.id))
    let lines = HumanOutput(language: language).details(result)
    #expect(lines.contains { $0.hasPrefix(label) && $0.hasSuffix("★★★★★ (5)") }, "\(lines)")
    // In the facilities group of MCP's `fields`, and only there.
    let contact = HumanOutput(language: language).details(result) {
      MCPPlaceFields.keeps($0, groups: [.contact])
    }
    #expect(!contact.contains { $0.contains("★") })
  }
}
