import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// The search filters on the Helsinki demo data, checked against the raw OSM tags read independently of Beacon's
/// importer (Foundation's JSON parser on the embedded GeoJSON).
@Suite struct FilterDemoDataTests {
  /// One demo place as the raw GeoJSON has it: its store id, category and tags.
  struct RawPlace {
    var id: String
    var category: PlaceCategory
    var tags: [String: Any]

    func tag(_ key: String) -> String? { (tags[key] as? String)?.lowercased() }
  }

  /// The named restaurants, cafés and hotels of the embedded GeoJSON.
  static func rawPlaces() throws -> [RawPlace] {
    let json = try JSONSerialization.jsonObject(with: Data(DemoDataset.geoJSON.utf8)) as? [String: Any]
    let features = try #require(json?["features"] as? [[String: Any]])
    return features.compactMap { feature in
      guard let tags = feature["properties"] as? [String: Any], let id = tags["@id"] as? Int,
        let type = tags["@type"] as? String, let name = tags["name"] as? String,
        !name.trimmingCharacters(in: .whitespaces).isEmpty
      else { return nil }
      let category: PlaceCategory
      switch (tags["amenity"] as? String, tags["tourism"] as? String) {
      case ("restaurant", _): category = .restaurant
      case ("cafe", _): category = .cafe
      case (_, "hotel"): category = .hotel
      default: return nil
      }
      return RawPlace(id: "osm:\(type)/\(id)", category: category, tags: tags)
    }
  }

  /// An offline service on a fresh store with the demo data, at `now`.
  static func service(at now: Date = Date()) throws -> (PlacesService, Store) {
    let store = try Store.open(path: ":memory:")
    let client = GeoapifyClient(baseURL: URL(fileURLWithPath: "/"), apiKey: nil, transport: URLSessionTransport())
    return (PlacesService(store: store, client: client, offline: true, now: { now }), store)
  }

  /// Every demo place of `category` (they all lie within 1.5 km of the station) that passes `filters`.
  static func search(
    _ service: PlacesService,
    _ category: PlaceCategory,
    _ filters: PlaceFilters
  ) async throws -> PlaceSearchResult {
    try await service.search(
      PlaceSearch(center: DemoDataset.center, category: category, radiusMeters: 5_000, limit: 100, filters: filters)
    )
  }

  @Test func theIssuesCountsHoldInTheRawData() throws {
    let places = try Self.rawPlaces()
    #expect(places.count == 324)
    #expect(places.count { ["yes", "only"].contains($0.tag("diet:vegan")) } == 31)
    #expect(places.count { $0.tags["wheelchair"] != nil } == 132)
    #expect(places.count { $0.tags["opening_hours"] != nil } == 146)
  }

  @Test func aDietFilterFindsExactlyThePlacesThatSayYesAndCountsTheSilentOnes() async throws {
    let (service, _) = try Self.service()
    let raw = try Self.rawPlaces()
    var found: Set<String> = []
    for category in PlaceCategory.allCases {
      let result = try await Self.search(service, category, PlaceFilters(diet: [.vegan]))
      #expect(result.places.allSatisfy { $0.diet?.contains(.vegan) == true })
      found.formUnion(result.places.map(\.id))
      let silent = raw.count { $0.category == category && $0.tags["diet:vegan"] == nil }
      #expect(result.excludedUnknown == ["diet": silent], "\(category)")
    }
    let vegan = raw.filter { ["yes", "only"].contains($0.tag("diet:vegan")) }
    #expect(found == Set(vegan.map(\.id)))
    #expect(found.count == 31)
  }

  @Test func wheelchairLimitedAcceptsYesAndUnknownIsNotNo() async throws {
    let (service, _) = try Self.service()
    let raw = try Self.rawPlaces()
    var total = 0
    var unknown = 0
    for category in PlaceCategory.allCases {
      let limited = try await Self.search(service, category, PlaceFilters(wheelchair: .limited))
      let expected = raw.filter { $0.category == category && ["yes", "limited"].contains($0.tag("wheelchair")) }
      #expect(Set(limited.places.map(\.id)) == Set(expected.map(\.id)), "\(category)")
      let yes = try await Self.search(service, category, PlaceFilters(wheelchair: .yes))
      #expect(yes.places.allSatisfy { $0.wheelchair == .yes })
      #expect(yes.places.count == expected.count { $0.tag("wheelchair") == "yes" })
      total += limited.places.count
      unknown += limited.excludedUnknown?["wheelchair"] ?? -1000
    }
    #expect(total == 104)
    #expect(unknown == 324 - 132)
  }

  @Test func openAtKeepsPlacesOpenThenForLongEnoughAndCountsTheUnreadable() async throws {
    let (service, _) = try Self.service()
    let raw = try Self.rawPlaces()
    let zone = try #require(TimeZone(identifier: "Europe/Helsinki"))
    // Wednesday 25 November 2026, 19:00 in Helsinki (UTC+2).
    let moment = try #require(ISO8601DateFormatter().date(from: "2026-11-25T19:00:00+02:00"))
    let filters = PlaceFilters(openAt: PlaceFilters.LocalTime(parsing: "2026-11-25T19:00"), openFor: 60)
    var kept = 0
    var unknown = 0
    var expected = 0
    var expectedUnknown = 0
    for category in PlaceCategory.allCases {
      let result = try await Self.search(service, category, filters)
      kept += result.places.count
      unknown += result.excludedUnknown?["openAt"] ?? -1000
      for place in raw where place.category == category {
        guard let hours = place.tags["opening_hours"] as? String else {
          expectedUnknown += 1
          continue
        }
        let status = OpeningHours.status(of: hours, at: moment, timeZone: zone)
        switch status.openNow {
        case nil: expectedUnknown += 1
        case true?:
          let until = status.closesAt.map { $0.date.timeIntervalSince(moment) } ?? .infinity
          if until >= 3_600 { expected += 1 }
        case false?: break
        }
      }
    }
    #expect(kept == expected)
    #expect(kept > 0)
    #expect(unknown == expectedUnknown)
    #expect(unknown >= 324 - 146)
  }

  @Test func theStoresFactsAgreeWithTheSwiftReadingForEveryDemoPlace() async throws {
    let (_, store) = try Self.service()
    try await store.loadDemoDataIfNeeded()
    let stored = try await store.storedFacts()
    let places = try DemoDataset.places()
    #expect(stored.count > 100)
    for place in places {
      let facts = place.resolvedFacts
      if facts.isEmpty {
        #expect(stored[place.id] == nil || stored[place.id]?.isEmpty == true, "\(place.id)")
      } else {
        #expect(stored[place.id] == facts, "\(place.id)")
      }
    }
  }

  /// Tag values the demo data lacks: `only`, `designated`, Geoapify's conditions, a spaced cuisine list, a
  /// cuisine only in the column, details that are no JSON; inserted, then updated.
  @Test func theStoresRulesAgreeWithTheSwiftRulesOnEveryKindOfValue() async throws {
    let store = try Store.open(path: ":memory:")
    func place(_ id: String, _ details: String?, cuisine: String? = nil) -> Place {
      Place(
        id: id,
        name: id,
        category: .restaurant,
        location: DemoDataset.center,
        cuisine: cuisine,
        detailsJSON: details,
        source: "test"
      )
    }
    let raw = #"{"properties":{"datasource":{"raw":{"#
    let places = [
      place("a", raw + #""takeaway":"only","wheelchair":"designated","diet:halal":"only","diet:kosher":"no"}}}}"#),
      place("b", #"{"properties":{"categories":["catering","vegan.only","wheelchair.limited","gluten_free"]}}"#),
      place("c", raw + #""cuisine":"Italian ; pizza","outdoor_seating":"yes","takeaway":"no"}}}}"#),
      place("d", nil, cuisine: "burger;kebab"),
      place("e", "{not json", cuisine: " "),
      place("f", raw + #""diet:vegan":"limited","wheelchair":"no","outdoor_seating":"no"}}}}"#),
    ]
    try await store.upsert(places)
    var stored = try await store.storedFacts()
    for place in places where !place.resolvedFacts.isEmpty {
      #expect(stored[place.id] == place.resolvedFacts, "\(place.id)")
    }
    #expect(stored["e"] == nil)
    // An update replaces the facts (the upsert path), and keeps the cuisine column in step.
    try await store.upsert([place("a", raw + #""takeaway":"yes"}}}}"#, cuisine: "thai")])
    stored = try await store.storedFacts()
    #expect(stored["a"] == PlaceFacts(cuisine: ["thai"], takeaway: true))
  }

  @Test func theMigrationFillsTheFactsOfPlacesStoredBefore() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("old.sqlite")
    let old = try Store.open(path: path, upTo: 10)
    try await old.upsert(DemoDataset.places())
    let upgraded = try Store.open(path: path)
    #expect(try await upgraded.schemaVersion == Migrations.latestVersion)
    let stored = try await upgraded.storedFacts()
    for place in try DemoDataset.places() where !place.resolvedFacts.isEmpty {
      #expect(stored[place.id] == place.resolvedFacts, "\(place.id)")
    }
    #expect(try await upgraded.integrityCheck() == "ok")
  }

  @Test func favouritesAreFilteredWithTheSameRulesAndCounts() async throws {
    let (_, store) = try Self.service()
    try await store.loadDemoDataIfNeeded()
    let raw = try Self.rawPlaces().filter { $0.category == .restaurant }.prefix(60)
    for place in raw { _ = try await store.addFavorite(placeId: place.id) }
    let query = PlaceQuery(center: DemoDataset.center, filters: PlaceFilters(diet: [.vegetarian]))
    let result = try await store.filteredFavorites(query)
    let expected = raw.filter { ["yes", "only"].contains($0.tag("diet:vegetarian")) }
    #expect(Set(result.places.map(\.id)) == Set(expected.map(\.id)))
    #expect(!expected.isEmpty)
    #expect(result.excludedUnknown == ["diet": raw.count { $0.tags["diet:vegetarian"] == nil }])
  }

  @Test func minRatingUsesTheUsersOwnAverageAndUnratedPlacesAreUnknown() async throws {
    let (service, store) = try Self.service()
    try await store.loadDemoDataIfNeeded()
    let ids = try Self.rawPlaces().filter { $0.category == .cafe }.prefix(3).map(\.id)
    _ = try await store.addRating(placeId: ids[0], stars: 5, comment: nil)
    _ = try await store.addRating(placeId: ids[1], stars: 4, comment: nil)
    _ = try await store.addRating(placeId: ids[1], stars: 3, comment: nil)
    _ = try await store.addRating(placeId: ids[2], stars: 4, comment: nil)
    let result = try await Self.search(service, .cafe, PlaceFilters(minRating: 4))
    #expect(Set(result.places.map(\.id)) == [ids[0], ids[2]])
    #expect(result.excludedUnknown == ["minRating": 85 - 3])
  }
}

extension Store {
  /// The facts `place_fact` holds, by place id.
  func storedFacts() throws -> [String: PlaceFacts] {
    let sql = "SELECT \(Self.placeColumns), \(Self.factColumns) FROM place JOIN place_fact ON place_rowid = place.rowid"
    let places = try storage { try database.query(sql).compactMap(Self.placeWithFacts(from:)) }
    return Dictionary(uniqueKeysWithValues: places.compactMap { place in place.facts.map { (place.id, $0) } })
  }
}
