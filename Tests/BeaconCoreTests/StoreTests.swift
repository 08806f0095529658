import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

@Suite struct StoreTests {
  let directory = TemporaryDirectory()

  static func place(
    _ id: String,
    _ name: String,
    lat: Double = 59.91,
    lon: Double = 10.75,
    category: PlaceCategory = .restaurant,
    address: String? = nil,
    cuisine: String? = nil
  ) -> Place {
    Place(
      id: id,
      name: name,
      category: category,
      location: Coordinate(lat: lat, lon: lon),
      address: address,
      cuisine: cuisine,
      source: "test",
      fetchedAt: Date(timeIntervalSince1970: 1_700_000_000)
    )
  }

  // MARK: Opening and migrations

  @Test func createsTheFileWithMode0600AndTheLatestSchema() async throws {
    let path = directory.file("nested/dir/beacon.sqlite")
    let store = try Store.open(path: path)
    #expect(try await store.schemaVersion == Migrations.latestVersion)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let directoryAttributes = try FileManager.default.attributesOfItem(atPath: directory.file("nested/dir"))
    #expect((directoryAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
  }

  @Test func usesWALAndForeignKeys() throws {
    let path = directory.file("b.sqlite")
    _ = try Store.open(path: path)
    let database = try Database(path: path)
    #expect(try database.query("PRAGMA journal_mode").first?.string(0) == "wal")
    #expect(try database.query("PRAGMA foreign_keys").first?.int(0) == 1)
    #expect(try database.query("PRAGMA synchronous").first?.int(0) == 1)  // NORMAL
  }

  @Test func upgradesAStoreWrittenByAnOlderVersion() async throws {
    let path = directory.file("old.sqlite")
    do {
      let old = try Store.open(path: path, upTo: 1)
      #expect(try await old.schemaVersion == 1)
    }
    do {
      // Written as version 1 wrote places: only the columns it had.
      let database = try Database(path: path)
      try database.run(
        "INSERT INTO place (id, name, category, latitude, longitude, source, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        ["p1", "Gamle Christiania", "restaurant", 59.91, 10.75, "test", 1_700_000_000.0]
      )
    }
    let store = try Store.open(path: path)
    #expect(try await store.schemaVersion == Migrations.latestVersion)
    #expect(try await store.place(id: "p1")?.name == "Gamle Christiania")
    // The tables of later migrations work on the upgraded file.
    let added = try await store.addRating(placeId: "p1", stars: 4, comment: nil)
    #expect(added.summary.count == 1)
    #expect(try await store.settings() == Settings.defaults)
  }

  @Test func everyMigrationStepOpensFromTheOneBefore() async throws {
    for version in 0...Migrations.latestVersion {
      let path = directory.file("step-\(version).sqlite")
      _ = try Store.open(path: path, upTo: version)
      let reopened = try Store.open(path: path)
      #expect(try await reopened.schemaVersion == Migrations.latestVersion)
      #expect(try await reopened.integrityCheck() == "ok")
    }
  }

  @Test func refusesAStoreFromANewerVersionWithoutTouchingIt() throws {
    let path = directory.file("new.sqlite")
    do {
      let database = try Database(path: path)
      try database.execute("PRAGMA user_version = 99; CREATE TABLE future (x);")
    }
    #expect(throws: BeaconError.storeTooNew(path: path, version: 99, supported: Migrations.latestVersion)) {
      try Store.open(path: path)
    }
    let database = try Database(path: path)
    #expect(try database.userVersion == 99)
    #expect(try database.query("SELECT name FROM sqlite_schema WHERE name = 'place'").isEmpty)
  }

  @Test func aCorruptFileIsAClearErrorNamingThePath() throws {
    let path = directory.file("corrupt.sqlite")
    try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: path))
    do {
      _ = try Store.open(path: path)
      Issue.record("opening a corrupt file must fail")
    } catch {
      guard case .storeDamaged(let failedPath, let atOpen, let detail) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(failedPath == path)
      #expect(atOpen)
      #expect(detail.message.contains("not a database"))
      #expect(error.message(in: .nb).contains(path))
      #expect(error.message(in: .nb).contains("beacon store recover"))
    }
  }

  @Test func aDirectoryIsAClearError() throws {
    let path = directory.file("a-directory")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    #expect(throws: BeaconError.self) { try Store.open(path: path) }
  }

  @Test func aPathBelowARegularFileIsAClearError() throws {
    let file = directory.file("plain")
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    let path = file + "/beacon.sqlite"
    do {
      _ = try Store.open(path: path)
      Issue.record("opening below a file must fail")
    } catch {
      guard case .storeUnavailable(let failedPath, _) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(failedPath == path)
    }
  }

  #if os(Linux)
  @Test func aPathWithoutPermissionIsAClearErrorEvenForRoot() throws {
    // sysfs refuses new files to everyone, root included.
    let path = "/sys/kernel/beacon-\(UUID().uuidString).sqlite"
    #expect(throws: BeaconError.storeUnavailable(path: path, reason: .system(EACCES))) {
      try Store.open(path: path)
    }
  }
  #endif

  @Test(.enabled(if: getuid() != 0, "root ignores file modes"))
  func aReadOnlyDirectoryIsAClearError() throws {
    let locked = directory.file("locked")
    try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: locked)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: locked) }
    #expect(throws: BeaconError.self) { try Store.open(path: locked + "/beacon.sqlite") }
  }

  @Test func memoryStoresWork() async throws {
    let store = try Store.open(path: ":memory:")
    try await store.upsert([Self.place("m", "Minne")])
    #expect(try await store.place(id: "m")?.name == "Minne")
  }

  // MARK: Places and indexes

  @Test func upsertKeepsTheSpatialAndTextIndexesInStep() async throws {
    let path = directory.file("idx.sqlite")
    let store = try Store.open(path: path)
    try await store.upsert([
      Self.place("a", "Fiskeriet", lat: 59.91, lon: 10.74, address: "Youngstorget 2b", cuisine: "seafood"),
      Self.place("b", "Kaffebrenneriet", lat: 59.92, lon: 10.76, category: .cafe),
    ])
    try await store.upsert([Self.place("a", "Fiskeriet Youngstorget", lat: 59.95, lon: 10.70, cuisine: "fish")])
    let database = try Database(path: path)
    let inBox = try database.query(
      """
      SELECT place.id FROM place_rtree JOIN place ON place.rowid = place_rtree.place_rowid
      WHERE min_latitude >= ? AND max_latitude <= ? AND min_longitude >= ? AND max_longitude <= ?
      """,
      [59.94, 59.96, 10.69, 10.71]
    )
    #expect(inBox.compactMap { $0.string(0) } == ["a"])
    let text = try database.query(
      "SELECT place.id FROM place_fts JOIN place ON place.rowid = place_fts.rowid WHERE place_fts MATCH ?",
      ["fish"]
    )
    #expect(text.compactMap { $0.string(0) } == ["a"])
    let stale = try database.query("SELECT rowid FROM place_fts WHERE place_fts MATCH ?", ["seafood"])
    #expect(stale.isEmpty)
    #expect(try database.query("SELECT count(*) FROM place_rtree").first?.int(0) == 2)
  }

  @Test func refetchedPlacesKeepTheirDetailsRatingsAndFavouriteMark() async throws {
    let store = try Store.open(path: directory.file("keep.sqlite"))
    var place = Self.place("k", "Kontrast")
    place.detailsJSON = #"{"phone":"+47 21 60 01 01"}"#
    try await store.upsert([place])
    _ = try await store.addRating(placeId: "k", stars: 5, comment: "Fantastisk")
    _ = try await store.addFavorite(placeId: "k")
    try await store.upsert([Self.place("k", "Kontrast Restaurant")])
    #expect(try await store.place(id: "k")?.detailsJSON == place.detailsJSON)
    let favorites = try await store.favorites(PlaceQuery())
    #expect(favorites.map(\.name) == ["Kontrast Restaurant"])
    #expect(favorites.first?.rating?.count == 1)
  }

  // MARK: Ratings

  @Test func keepsEveryRatingAndListsNewestFirst() async throws {
    let store = try Store.open(path: directory.file("r.sqlite"))
    try await store.upsert([Self.place("p", "Pjoltergeist")])
    let first = try await store.addRating(
      placeId: "p",
      stars: 2,
      comment: "  ok  ",
      at: Date(timeIntervalSince1970: 100)
    )
    #expect(first.rating.comment == "ok")
    #expect(first.summary == RatingSummary(stars: [2]))
    _ = try await store.addRating(placeId: "p", stars: 5, comment: nil, at: Date(timeIntervalSince1970: 300))
    let third = try await store.addRating(placeId: "p", stars: 4, comment: "", at: Date(timeIntervalSince1970: 200))
    #expect(third.rating.comment == nil)
    #expect(third.summary == RatingSummary(stars: [2, 5, 4]))
    let (ratings, summary, _) = try await store.ratings(placeId: "p")
    #expect(ratings.map(\.stars) == [5, 4, 2])
    #expect(summary?.stars == 4)
    #expect(Set(ratings.map(\.id)).count == 3)
  }

  @Test func ratingsNeedAKnownPlaceAndOneToFiveStars() async throws {
    let store = try Store.open(path: directory.file("v.sqlite"))
    try await store.upsert([Self.place("p", "Plah")])
    await #expect(throws: BeaconError.notFound(.place("nope"))) {
      try await store.addRating(placeId: "nope", stars: 3, comment: nil)
    }
    for stars in [0, 6, -1] {
      await #expect(throws: BeaconError.invalidArgument(field: "stars", message: .starsOutOfRange(stars))) {
        try await store.addRating(placeId: "p", stars: stars, comment: nil)
      }
    }
    let long = String(repeating: "x", count: Store.maxCommentLength + 1)
    await #expect(throws: BeaconError.self) { try await store.addRating(placeId: "p", stars: 3, comment: long) }
    await #expect(throws: BeaconError.notFound(.place("nope"))) { try await store.ratings(placeId: "nope") }
    #expect(try await store.ratings(placeId: "p").summary == nil)
  }

  // MARK: Favourites

  @Test func favouritesAreIdempotentAndRemovable() async throws {
    let store = try Store.open(path: directory.file("f.sqlite"))
    try await store.upsert([Self.place("f", "Fuglen")])
    let first = try await store.addFavorite(placeId: "f")
    #expect(first.added)
    #expect(first.favorite.isFavorite)
    let second = try await store.addFavorite(placeId: "f")
    #expect(!second.added)
    #expect(try await store.favorites(PlaceQuery()).count == 1)
    #expect(try await store.removeFavorite(placeId: "f"))
    #expect(try await !store.removeFavorite(placeId: "f"))
    #expect(try await store.favorites(PlaceQuery()).isEmpty)
    await #expect(throws: BeaconError.notFound(.place("x"))) { try await store.addFavorite(placeId: "x") }
  }

  @Test func favouritesFilterAndSortLikeSearch() async throws {
    let path = directory.file("fl.sqlite")
    do {
      let store = try Store.open(path: path)
      try await store.upsert([
        Self.place("near", "Åpent Bakeri", lat: 59.9112, lon: 10.7504, category: .cafe, address: "Inkognitogata 33"),
        Self.place("mid", "Café Løkka", lat: 59.92, lon: 10.76, category: .cafe, cuisine: "coffee"),
        Self.place("far", "Hotel Bristol", lat: 59.95, lon: 10.80, category: .hotel),
        Self.place("notfav", "Café Ikke", lat: 59.9111, lon: 10.7503, category: .cafe),
      ])
      for id in ["near", "mid", "far"] { _ = try await store.addFavorite(placeId: id) }
      _ = try await store.addRating(placeId: "far", stars: 5, comment: nil)
      _ = try await store.addRating(placeId: "mid", stars: 3, comment: nil)
    }
    // Reopened: the list works from the store alone.
    let store = try Store.open(path: path)
    let oslo = Coordinate.osloCentralStation
    let byDistance = try await store.favorites(PlaceQuery(sort: .distance, center: oslo))
    #expect(byDistance.map(\.id) == ["near", "mid", "far"])
    #expect(byDistance[0].distanceMeters.map { $0 < 50 } == true)
    #expect(byDistance.allSatisfy { $0.isFavorite })
    #expect(try await store.favorites(PlaceQuery(sort: .rating, center: oslo)).map(\.id) == ["far", "mid", "near"])
    #expect(try await store.favorites(PlaceQuery(sort: .name, center: oslo)).map(\.id) == ["mid", "far", "near"])
    #expect(try await store.favorites(PlaceQuery(category: .cafe)).map(\.id).sorted() == ["mid", "near"])
    #expect(try await store.favorites(PlaceQuery(text: "CAFE LØKKA")).map(\.id) == ["mid"])
    #expect(try await store.favorites(PlaceQuery(text: "INKOGNITO")).map(\.id) == ["near"])
    #expect(try await store.favorites(PlaceQuery(text: "coffee")).map(\.id) == ["mid"])
    #expect(try await store.favorites(PlaceQuery(text: "sushi")).isEmpty)
  }

  // MARK: Settings

  @Test func settingsStartAtTheSeedDefaults() async throws {
    let store = try Store.open(path: directory.file("s0.sqlite"))
    let settings = try await store.settings()
    #expect(settings.center == Coordinate(lat: 59.9111, lon: 10.7503))
    #expect(settings.radiusMeters == 5_000)
    #expect(settings.category == .restaurant)
    #expect(settings.sort == .distance)
    #expect(settings.locale == .nb)
    #expect(try await !store.hasStoredLocale())
  }

  @Test func settingsPersistAcrossReopenAndReset() async throws {
    let path = directory.file("s.sqlite")
    do {
      let store = try Store.open(path: path)
      let updated = try await store.updateSettings(SettingsUpdate(radiusMeters: 2_500, category: .hotel))
      #expect(updated.radiusMeters == 2_500)
      #expect(updated.category == .hotel)
      #expect(updated.sort == .distance)
      _ = try await store.updateSettings(
        SettingsUpdate(center: Coordinate(lat: 60.17, lon: 24.94), sort: .name, locale: .en)
      )
    }
    let store = try Store.open(path: path)
    let settings = try await store.settings()
    #expect(
      settings
        == Settings(
          center: Coordinate(lat: 60.17, lon: 24.94),
          radiusMeters: 2_500,
          category: .hotel,
          sort: .name,
          locale: .en
        )
    )
    #expect(try await store.hasStoredLocale())
    #expect(try await store.resetSettings() == Settings.defaults)
    #expect(try await Store.open(path: path).settings() == Settings.defaults)
  }

  @Test(arguments: [
    SettingsUpdate(radiusMeters: 999), SettingsUpdate(radiusMeters: 10_001), SettingsUpdate(radiusMeters: 0),
    SettingsUpdate(center: Coordinate(lat: 91, lon: 0)), SettingsUpdate(center: Coordinate(lat: 0, lon: -181)),
    SettingsUpdate(center: Coordinate(lat: .nan, lon: 0)),
  ])
  func invalidSettingsAreRejectedAndNothingChanges(update: SettingsUpdate) async throws {
    let store = try Store.open(path: directory.file("si-\(UUID().uuidString).sqlite"))
    _ = try await store.updateSettings(SettingsUpdate(radiusMeters: 3_000))
    await #expect(throws: BeaconError.self) { try await store.updateSettings(update) }
    #expect(try await store.settings().radiusMeters == 3_000)
  }

  @Test func radiusLimitsAreInclusive() async throws {
    let store = try Store.open(path: ":memory:")
    #expect(try await store.updateSettings(SettingsUpdate(radiusMeters: 1_000)).radiusMeters == 1_000)
    #expect(try await store.updateSettings(SettingsUpdate(radiusMeters: 10_000)).radiusMeters == 10_000)
  }

  @Test func defaultLocationFollowsXDG() {
    #if !os(macOS)
    #expect(
      StoreLocation.defaultPath(environment: ["XDG_DATA_HOME": "/x/data"], home: "/h") == "/x/data/beacon/beacon.sqlite"
    )
    #expect(StoreLocation.defaultPath(environment: [:], home: "/h") == "/h/.local/share/beacon/beacon.sqlite")
    #expect(
      StoreLocation.defaultPath(environment: ["HOME": "/home/kari"]) == "/home/kari/.local/share/beacon/beacon.sqlite"
    )
    #expect(
      StoreLocation.defaultPath(environment: ["XDG_DATA_HOME": "relative"], home: "/h")
        == "/h/.local/share/beacon/beacon.sqlite"
    )
    #endif
  }
}
