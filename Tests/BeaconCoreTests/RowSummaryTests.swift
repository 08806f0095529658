import Foundation
import Testing

@testable import BeaconCore

/// A plain search by distance summarizes its rows where they stand (`Store.rowSummary(from:distance:center:)`, then
/// `Store.summaries(of:at:)`), without making `Place`s. Those summaries are exactly what `Place.summary` gives for the
/// same rows read the plain way — every column filled or empty, odd strings, rows `Place(stored:)` refuses, ratings and
/// favourites, the facts memo empty and then knowing every row — and a search answers what the `Place` path answers.
@Suite struct RowSummaryTests {
  static let date = Date(timeIntervalSince1970: 1_790_000_000)
  static let center = Coordinate(lat: 60.39, lon: 5.32)

  /// ``BoxReadingTests``' store, with rows no import writes (categories by Geoapify's key or unknown, numbers where
  /// text belongs, empty texts, details that are no JSON, an unknown time zone, unreadable hours), ratings and
  /// favourites.
  static func store() async throws -> Store {
    let store = try await BoxReadingTests.store(count: 600, seed: 23, around: center)
    try await store.addOddRows(around: center)
    for index in stride(from: 0, to: 600, by: 7) {
      _ = try await store.addRating(placeId: "b:\(index)", stars: 1 + index % 5, comment: nil, at: date)
    }
    for index in stride(from: 3, to: 600, by: 11) { _ = try await store.addFavorite(placeId: "b:\(index)", at: date) }
    return store
  }

  @Test func rowsSummarizeAsTheirPlacesDo() async throws {
    let store = try await Self.store()
    // The first pass parses every details text; the second finds each in the memo.
    for pass in 0..<2 {
      let (fromRows, fromPlaces, refused) = try await store.everyRowSummarizedBothWays(at: Self.date)
      #expect(fromRows.count == fromPlaces.count, "pass \(pass)")
      for (row, place) in zip(fromRows, fromPlaces) { #expect(row == place, "pass \(pass): \(place.id)") }
      #expect(fromRows.count > 600, "pass \(pass)")
      #expect(refused == 3, "pass \(pass)")
      #expect(fromRows.contains { $0.rating != nil } && fromRows.contains(where: \.isFavorite))
      #expect(fromRows.contains { $0.openNow != nil } && fromRows.contains { $0.diet != nil })
    }
  }

  @Test func searchesAnswerWhatThePlacePathAnswers() async throws {
    let store = try await Self.store()
    var random = NearestSearchTests.SplitMix(state: 5)
    var compared = 0
    for round in 0..<40 {
      let here = NearestCandidatesTests.offset(
        Self.center,
        north: (random.next() - 0.5) * 3_000,
        east: (random.next() - 0.5) * 3_000
      )
      let search = PlaceSearch(
        center: here,
        category: PlaceCategory.allCases[round % PlaceCategory.allCases.count],
        radiusMeters: [150, 400, 900, 2_500][round % 4],
        text: round % 5 == 4 ? "Gate" : nil,
        limit: [1, 3, 10, 40][round % 4]
      )
      // Twice: the second search finds every listed place's facts in the memo.
      for pass in 0..<2 {
        let found = try await store.storedSummaries(for: search, at: Self.date)
        let expected = try await store.summariesThroughPlaces(for: search, at: Self.date)
        #expect(found.excludedUnknown == nil)
        #expect(search.answer(found.places) == search.answer(expected), "round \(round), pass \(pass)")
        compared += found.places.count
      }
    }
    #expect(compared > 200)
  }
}

extension Store {
  /// Rows no import writes, all within a few hundred metres of `center`: three that `Place(stored:)` refuses (an
  /// unknown category, a number for a name, text for a latitude) and some it reads with odd values.
  fileprivate func addOddRows(around center: Coordinate) throws {
    let columns =
      "id, name, category, latitude, longitude, address, cuisine, details, source, fetched_at, "
      + "opening_hours, time_zone"
    let null = DatabaseValue.null
    let rows: [[any DatabaseValueConvertible]] = [
      [
        "odd:geoapify", "Geoapify-kategori", "catering.restaurant.pizza", center.lat, center.lon, "",
        " Pizza ;; BURGER ",
        "not json", "geoapify", 1.5, "Mo-Su 00:00-24:00", "Mars/Olympus",
      ],
      ["odd:empty", "", "cafe", center.lat + 0.001, center.lon, "", "", "", 7, "yesterday", "", ""],
      [
        "odd:integer", "Heltall", "bar", 60, 5, "Gate 1", "coffee", #"{"properties":{}}"#, "test", 0,
        "nonsense hours", "Europe/Oslo",
      ],
      ["odd:unknown", "Ukjent", "spaceport", center.lat, center.lon, null, null, null, "test", 0, null, null],
      ["odd:number", 42, "cafe", center.lat, center.lon, null, null, null, "test", 0, null, null],
      ["odd:latitude", "Tekst", "cafe", "north", center.lon, null, null, null, "test", 0, null, null],
    ]
    for values in rows {
      try database.run("INSERT INTO place (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", values)
    }
  }

  /// Every stored row summarized from the row (``rowSummary(from:distance:center:)``, ``summaries(of:at:)``) and
  /// through its `Place` read the plain way (``Place/summary(center:rating:isFavorite:at:defaultTimeZone:facts:)``
  /// with ``Place/resolvedFacts`` and the ratings and favourites looked up apart), with the distance from ``center``;
  /// and how many rows both refuse.
  fileprivate func everyRowSummarizedBothWays(
    at date: Date
  ) throws -> (fromRows: [PlaceSummary], fromPlaces: [PlaceSummary], refused: Int) {
    let center = RowSummaryTests.center
    let sql = "SELECT \(Self.placeColumns) FROM place ORDER BY rowid"
    var refusedRows = 0
    let read: [RowSummary] = try database.query(sql, []) { row in
      let summary = rowSummary(from: row, distance: nil, center: center)
      if summary == nil { refusedRows += 1 }
      return summary
    }
    let fromRows = try summaries(of: read, at: date)
    let rows = try database.query(sql)
    let places = rows.compactMap { Place(stored: $0) }
    let ratings = try ratingSummaries(for: places.map(\.id))
    let favorites = try favoriteIDs(among: places.map(\.id))
    let fromPlaces = places.map { place in
      place.summary(
        center: center,
        rating: ratings[place.id],
        isFavorite: favorites.contains(place.id),
        at: date,
        defaultTimeZone: defaultTimeZone,
        facts: place.resolvedFacts
      )
    }
    #expect(rows.count - places.count == refusedRows)
    return (fromRows, fromPlaces, refusedRows)
  }

  /// What ``storedSummaries(for:at:)`` answered before summaries were made from rows: the nearest `Place`s, then
  /// ``filteredSummaries(of:filters:center:at:)``.
  fileprivate func summariesThroughPlaces(for search: PlaceSearch, at date: Date) throws -> [PlaceSummary] {
    let places = try nearest(
      search.limit,
      to: search.center,
      within: search.radiusMeters,
      category: search.category,
      text: search.text
    )
    return try filteredSummaries(of: places, filters: search.filters, center: search.center, at: date).places
  }
}
