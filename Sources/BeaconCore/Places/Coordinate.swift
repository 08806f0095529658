import Foundation

/// A point on Earth in WGS 84 degrees; on the wire `{"lat": …, "lon": …}`.
package struct Coordinate: Sendable, Hashable, Codable {
  /// Latitude, −90…90.
  package var lat: Double
  /// Longitude, −180…180.
  package var lon: Double

  /// Creates a coordinate (not validated; see ``isValid``).
  package init(lat: Double, lon: Double) {
    self.lat = lat
    self.lon = lon
  }

  /// Oslo S, the default starting point.
  package static let osloCentralStation = Coordinate(lat: 59.9111, lon: 10.7503)

  /// Whether both values are finite and in range.
  package var isValid: Bool {
    lat.isFinite && lon.isFinite && (-90...90).contains(lat) && (-180...180).contains(lon)
  }

  /// The mean Earth radius (IUGG) that distances are measured on.
  package static let earthRadiusMeters = 6_371_008.8

  /// The great-circle distance to `other` in metres (haversine, mean Earth radius).
  package func distance(to other: Coordinate) -> Double {
    let radius = Self.earthRadiusMeters
    let phi1 = lat * .pi / 180
    let phi2 = other.lat * .pi / 180
    let deltaPhi = (other.lat - lat) * .pi / 180
    let deltaLambda = (other.lon - lon) * .pi / 180
    let a = sin(deltaPhi / 2) * sin(deltaPhi / 2) + cos(phi1) * cos(phi2) * sin(deltaLambda / 2) * sin(deltaLambda / 2)
    return 2 * radius * atan2(a.squareRoot(), (1 - a).squareRoot())
  }
}
