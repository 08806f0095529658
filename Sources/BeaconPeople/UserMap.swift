import BeaconCore
import Foundation

/// What `users/map` answers: a pin for every user with a location (or only the one asked for), and the region
/// to show.
package struct UserMapResult: Sendable, Equatable, Codable {
  package var pins: [UserMapPin]
  /// The region that shows every pin, or the one user's surroundings; absent when there is no pin.
  package var region: MapRegion?
  /// The user the map is centred on, when one was asked for (the "show on map" from the profile).
  package var focus: String?
  package var source: DataSource
  package var stale: Bool
  package var fetchedAt: Date
  package var attribution: String
}

/// One user on the map, marked with their picture; tapping it opens `users/get` with ``id``.
package struct UserMapPin: Sendable, Equatable, Codable {
  package var id: String
  /// `First Last`.
  package var name: String
  package var location: Coordinate
  package var picture: UserPicture

  /// The pin of `user`, or `nil` when the user has no location.
  package init?(_ user: User) {
    guard let location = user.location else { return nil }
    id = user.id
    name = user.name
    self.location = location
    picture = user.picture
  }
}

/// A map region as MapKit describes one: a centre and how many degrees it spans.
package struct MapRegion: Sendable, Equatable, Codable {
  package var center: Coordinate
  package var latitudeDelta: Double
  package var longitudeDelta: Double

  /// How far the map around one user reaches, in degrees (about 55 km north to south).
  package static let singleUserSpan = 0.5

  /// Creates a region.
  package init(center: Coordinate, latitudeDelta: Double, longitudeDelta: Double) {
    self.center = center
    self.latitudeDelta = latitudeDelta
    self.longitudeDelta = longitudeDelta
  }

  /// The region around one point.
  package init(around point: Coordinate) {
    self.init(center: point, latitudeDelta: Self.singleUserSpan, longitudeDelta: Self.singleUserSpan)
  }

  /// The smallest region holding every point, with a 10 % margin (at least ``singleUserSpan``, at most the
  /// whole world); `nil` without points.
  package init?(fitting points: [Coordinate]) {
    guard let first = points.first else { return nil }
    var (south, north, west, east) = (first.lat, first.lat, first.lon, first.lon)
    for point in points.dropFirst() {
      south = min(south, point.lat)
      north = max(north, point.lat)
      west = min(west, point.lon)
      east = max(east, point.lon)
    }
    self.init(
      center: Coordinate(lat: (south + north) / 2, lon: (west + east) / 2),
      latitudeDelta: min(180, max(Self.singleUserSpan, (north - south) * 1.1)),
      longitudeDelta: min(360, max(Self.singleUserSpan, (east - west) * 1.1))
    )
  }
}
