/// Everything `beacon store copy` carries from one store to another, column for column as stored (nothing parsed,
/// so nothing is lost or normalised on the way): the places, every rating with its author, one user's
/// favourites and settings, the imported area, and the features' own rows (``parts``, read and written by their ``StoreCopier``s).
package struct StoreSnapshot: Sendable, Equatable {
  /// One feature's rows, as its ``StoreCopier`` read them (and alone knows how to write them).
  package struct Part: Sendable, Equatable {
    /// The copier's name.
    package let name: String
    /// Its rows (the copier's `Rows`).
    package let rows: any Sendable & Equatable

    /// The rows `rows` of the copier called `name`.
    package init(name: String, rows: some Sendable & Equatable) {
      self.name = name
      self.rows = rows
    }

    package static func == (a: Part, b: Part) -> Bool {
      a.name == b.name && Self.equal(a.rows, b.rows)
    }

    private static func equal<Rows: Equatable>(_ rows: Rows, _ other: any Sendable & Equatable) -> Bool {
      (other as? Rows) == rows
    }
  }

  /// A place as stored.
  package struct PlaceRow: Sendable, Equatable {
    package var id: String
    package var name: String
    package var category: String
    package var latitude: Double
    package var longitude: Double
    package var address: String?
    package var cuisine: String?
    package var details: String?
    package var openingHours: String?
    package var timeZone: String?
    package var source: String
    package var fetchedAt: Double

    /// A place row with these columns.
    package init(
      id: String,
      name: String,
      category: String,
      latitude: Double,
      longitude: Double,
      address: String?,
      cuisine: String?,
      details: String?,
      openingHours: String?,
      timeZone: String?,
      source: String,
      fetchedAt: Double
    ) {
      self.id = id
      self.name = name
      self.category = category
      self.latitude = latitude
      self.longitude = longitude
      self.address = address
      self.cuisine = cuisine
      self.details = details
      self.openingHours = openingHours
      self.timeZone = timeZone
      self.source = source
      self.fetchedAt = fetchedAt
    }

    /// The place in `row`, read in the order ``StoreSnapshot/placeColumns`` names the columns.
    package init(stored row: some StoredColumns) {
      self.init(
        id: row.string(0) ?? "",
        name: row.string(1) ?? "",
        category: row.string(2) ?? "",
        latitude: row.double(3) ?? 0,
        longitude: row.double(4) ?? 0,
        address: row.string(5),
        cuisine: row.string(6),
        details: row.string(7),
        openingHours: row.string(8),
        timeZone: row.string(9),
        source: row.string(10) ?? "",
        fetchedAt: row.double(11) ?? 0
      )
    }

    /// The columns in the order ``StoreSnapshot/placeColumns`` names them.
    package var values: [String?] {
      [
        id, name, category, "\(latitude)", "\(longitude)", address, cuisine, details, openingHours, timeZone, source,
        "\(fetchedAt)",
      ]
    }
  }

  /// A rating as stored; `author` is `nil` from a SQLite store (every rating there is its user's).
  package struct RatingRow: Sendable, Equatable {
    package var id: Int
    package var placeId: String
    package var stars: Int
    package var comment: String?
    package var createdAt: Double
    package var author: String?

    /// A rating row with these columns.
    package init(id: Int, placeId: String, stars: Int, comment: String?, createdAt: Double, author: String?) {
      self.id = id
      self.placeId = placeId
      self.stars = stars
      self.comment = comment
      self.createdAt = createdAt
      self.author = author
    }

    /// The rating in `row`, whose columns are id, place_id, stars, comment and created_at, by `author`.
    package init(stored row: some StoredColumns, author: String?) {
      self.init(
        id: row.int(0) ?? 0,
        placeId: row.string(1) ?? "",
        stars: row.int(2) ?? 0,
        comment: row.string(3),
        createdAt: row.double(4) ?? 0,
        author: author
      )
    }
  }

  /// A favourite of the user the copy is for.
  package struct FavoriteRow: Sendable, Equatable {
    package var placeId: String
    package var addedAt: Double

    /// A favourite row.
    package init(placeId: String, addedAt: Double) {
      self.placeId = placeId
      self.addedAt = addedAt
    }
  }

  /// The place columns both stores have, in one order.
  package static let placeColumns =
    "id, name, category, latitude, longitude, address, cuisine, details, opening_hours, time_zone, source, fetched_at"

  package var places: [PlaceRow] = []
  package var ratings: [RatingRow] = []
  package var favorites: [FavoriteRow] = []
  /// The user's settings, key and stored value (JSON text).
  package var settings: [String: String] = [:]
  /// The imported area (the team's on a PostgreSQL store), or `nil` when nothing was ever imported.
  package var importedArea: ImportedAreaCopy.Row?
  /// The features' own rows, one part per feature with a copier, in the order of the built features.
  package var parts: [Part] = []
  /// Tables of the source that the copy does not carry and that hold rows (name and row count): data that only
  /// a SQLite store keeps so far.
  package var leftBehind: [(table: String, rows: Int)] = []

  /// Creates an empty snapshot.
  package init() {}

  package static func == (a: StoreSnapshot, b: StoreSnapshot) -> Bool {
    a.places == b.places && a.ratings == b.ratings && a.favorites == b.favorites && a.settings == b.settings
      && a.importedArea == b.importedArea && a.parts == b.parts
      && a.leftBehind.map(\.table) == b.leftBehind.map(\.table) && a.leftBehind.map(\.rows) == b.leftBehind.map(\.rows)
  }
}

/// What a copy changed in its target; a second run of the same copy adds and changes nothing.
package struct StoreCopyReport: Sendable, Equatable {
  /// Places the target did not have.
  package var placesAdded = 0
  /// Places the target had with other values (the source's replace them).
  package var placesUpdated = 0
  /// Places the target already had as they are.
  package var placesUnchanged = 0
  /// Ratings the target did not have.
  package var ratingsAdded = 0
  /// Ratings the target already had (the same place, stars, comment and time).
  package var ratingsPresent = 0
  /// Added ratings whose id the target had already given another rating, so they got a new one.
  package var ratingsRenumbered = 0
  /// Favourites the user did not have in the target.
  package var favoritesAdded = 0
  /// Settings the target had not, or had with another value.
  package var settingsChanged = 0
  /// What became of the imported area (the later import's wins: ``ImportedAreaCopy``).
  package var importedArea = ImportedAreaCopy.noneInSource
  /// What the features' copiers changed, kind by kind, in the order of the built features.
  package var parts: [StoreCopyCount] = []

  /// An empty report.
  package init() {}
}
