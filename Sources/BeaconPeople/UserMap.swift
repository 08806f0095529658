import BeaconCore
import Foundation

/// What `users/map` answers: a pin for every user with a location (or only the one asked for), and the region
/// to show.
public struct UserMapResult: Sendable, Equatable, Codable {
  public var pins: [UserMapPin]
  /// The region that shows every pin, or the one user's surroundings; absent when there is no pin.
  public var region: MapRegion?
  /// The user the map is centred on, when one was asked for (the "show on map" from the profile).
  public var focus: String?
  public var source: DataSource
  public var stale: Bool
  public var fetchedAt: Date
  public var attribution: String
}

/// One user on the map, marked with their picture; tapping it opens `users/get` with ``id``.
public struct UserMapPin: Sendable, Equatable, Codable {
  public var id: String
  /// `First Last`.
  public var name: String
  public var location: Coordinate
  public var picture: UserPicture

  /// The pin of `user`, or `nil` when the user has no location.
  public init?(_ user: User) {
    guard let location = user.location else { return nil }
    id = user.id
    name = user.name
    self.location = location
    picture = user.picture
  }
}

/// A map region as MapKit describes one: a centre and how many degrees it spans.
public struct MapRegion: Sendable, Equatable, Codable {
  public var center: Coordinate
  public var latitudeDelta: Double
  public var longitudeDelta: Double

  /// How far the map around one user reaches, in degrees (about 55 km north to south).
  public static let singleUserSpan = 0.5

  /// Creates a region.
  public init(center: Coordinate, latitudeDelta: Double, longitudeDelta: Double) {
    self.center = center
    self.latitudeDelta = latitudeDelta
    self.longitudeDelta = longitudeDelta
  }

  /// The region around one point.
  public init(around point: Coordinate) {
    self.init(center: point, latitudeDelta: Self.singleUserSpan, longitudeDelta: Self.singleUserSpan)
  }

  /// The smallest region holding every point, with a 10 % margin (at least ``singleUserSpan``, at most the
  /// whole world); `nil` without points.
  public init?(fitting points: [Coordinate]) {
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
