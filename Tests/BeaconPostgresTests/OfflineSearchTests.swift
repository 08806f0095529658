import BeaconCore
import BeaconPostgres
import Foundation
import Testing

/// Offline search, the same on both backends: radius, category, words as prefixes (case, accents and apostrophes
/// ignored; control characters separate words; text with no words matches nothing, blank text is no filter), nearest
/// first, and the nearest few.
@Suite struct OfflineSearchTests {
  static let center = Coordinate(lat: 59.9110, lon: 10.7528)

  /// A place `meters` north of the centre.
  static func place(_ id: String, _ name: String, _ category: PlaceCategory, _ meters: Double, cuisine: String? = nil)
    -> Place
  {
    let lat = center.lat + meters / Coordinate.earthRadiusMeters * 180 / .pi
    return Place(
      id: id,
      name: name,
      category: category,
      location: Coordinate(lat: lat, lon: center.lon),
      cuisine: cuisine,
      source: "test"
    )
  }

  static let places = [
    place("a", "Café Ørken", .cafe, 100),
    place("f", "Hotel Continental", .hotel, 200),
    place("b", "Robert’s Coffee", .cafe, 300),
    place("c", "Hus", .restaurant, 500, cuisine: "kebab"),
    place("d", "Cafe Lille", .cafe, 1_200),
    place("e", "Far CAFÉ", .cafe, 5_000),
  ]

  struct Search: Sendable, CustomTestStringConvertible {
    var radius: Int
    var category: PlaceCategory?
    var text: String?
    var limit: Int?
    var expected: [String]
    var testDescription: String { "\(radius) m \(category?.rawValue ?? "any") '\(text ?? "")' limit \(limit ?? 0)" }
  }

  static let searches = [
    Search(radius: 1_000, category: .cafe, expected: ["a", "b"]),
    Search(radius: 2_000, category: .cafe, expected: ["a", "b", "d"]),
    Search(radius: 10_000, expected: ["a", "f", "b", "c", "d", "e"]),
    Search(radius: 2_000, limit: 2, expected: ["a", "f"]),
    Search(radius: 10_000, category: .cafe, limit: 3, expected: ["a", "b", "d"]),
    Search(radius: 10_000, text: "cafe", expected: ["a", "d", "e"]),
    Search(radius: 10_000, text: "CAF", limit: 1, expected: ["a"]),
    Search(radius: 10_000, text: "robert's", expected: ["b"]),
    Search(radius: 10_000, text: "roberts co", expected: ["b"]),
    Search(radius: 10_000, text: "keb hus", expected: ["c"]),
    Search(radius: 10_000, text: "kebab cafe", expected: []),
    Search(radius: 400, category: .restaurant, expected: []),
    Search(radius: 10_000, text: " \t\n ", expected: ["a", "f", "b", "c", "d", "e"]),
    Search(radius: 10_000, text: "  ...  ", expected: []),
    Search(radius: 10_000, text: "\u{1F355}", expected: []),
    Search(radius: 10_000, text: "hus\u{0}keb", expected: ["c"]),
    Search(radius: 10_000, text: "\u{0}", expected: []),
  ]

  @Test(arguments: StoreBackend.available, searches)
  func search(_ backend: StoreBackend, _ search: Search) async throws {
    let (store, keep) = try backend.open()
    try await store.upsert(Self.places, replacing: true)
    let found = try await store.offlinePlaces(
      near: Self.center,
      radiusMeters: search.radius,
      category: search.category,
      text: search.text,
      limit: search.limit
    )
    #expect(found.map(\.id) == search.expected)
    withExtendedLifetime(keep) {}
  }
}
