import BeaconJSON

/// Representative points of GeoJSON geometries (RFC 7946 positions are `[lon, lat]`).
enum GeoJSONGeometry {
  /// A geometry that is not well-formed GeoJSON.
  struct Malformed: Error {
    let problem: ImportProblem
  }

  /// The point of a `Point`, the area centroid of a `Polygon` or `MultiPolygon` (outer rings) or of a closed
  /// `LineString`, the mean of an open `LineString`'s or a `MultiPoint`'s positions; `nil` for other (valid)
  /// geometry types and for a `null` geometry (RFC 7946 3.2: an unlocated feature).
  static func centroid(of geometry: JSONValue?) throws(Malformed) -> Coordinate? {
    if geometry == .null { return nil }
    guard let geometry, let type = geometry["type"]?.stringValue else {
      throw Malformed(problem: .geometryWithoutType)
    }
    guard let coordinates = geometry["coordinates"] else {
      if type == "GeometryCollection" { return nil }
      throw Malformed(problem: .withoutCoordinates(type: type))
    }
    switch type {
    case "Point":
      return try position(coordinates)
    case "LineString":
      // A closed way (osmium writes it as a LineString and again as an area) is at its area's centroid.
      let points = try positions(coordinates)
      if points.count >= 4, points.first == points.last { return try polygonCentroid([coordinates]) }
      return mean(points)
    case "MultiPoint":
      return mean(try positions(coordinates))
    case "Polygon":
      return try polygonCentroid(coordinates)
    case "MultiPolygon":
      guard let polygons = coordinates.arrayValue, !polygons.isEmpty else {
        throw Malformed(problem: .multiPolygonWithoutPolygons)
      }
      var weighted: [(Coordinate, Double)] = []
      for polygon in polygons {
        let ring = try positions(polygon.arrayValue?.first ?? .null)
        var centroid = try polygonCentroid(polygon) ?? Coordinate(lat: 0, lon: 0)
        // The parts of an area split at the antimeridian (RFC 7946 3.1.9) are averaged on the same side of it.
        if let first = weighted.first?.0 { centroid.lon += 360 * ((first.lon - centroid.lon) / 360).rounded() }
        weighted.append((centroid, abs(signedArea(ring))))
      }
      let total = weighted.reduce(0) { $0 + $1.1 }
      guard total > 0 else { return mean(weighted.map(\.0)) }
      return Coordinate(
        lat: weighted.reduce(0) { $0 + $1.0.lat * $1.1 } / total,
        lon: weighted.reduce(0) { $0 + $1.0.lon * $1.1 } / total
      ).wrapped
    default:
      return nil
    }
  }

  private static func position(_ value: JSONValue) throws(Malformed) -> Coordinate {
    guard let pair = value.arrayValue, pair.count >= 2 else { throw Malformed(problem: .invalidPosition) }
    return try point(longitude: pair[0], latitude: pair[1])
  }

  /// The position `[longitude, latitude]` (what ``centroid(of:)`` gives a `Point` with those coordinates).
  static func point(longitude: JSONValue, latitude: JSONValue) throws(Malformed) -> Coordinate {
    guard let lon = longitude.doubleValue, let lat = latitude.doubleValue else {
      throw Malformed(problem: .invalidPosition)
    }
    let point = Coordinate(lat: lat, lon: lon)
    guard point.isValid else { throw Malformed(problem: .positionOutsideGlobe(longitude: lon, latitude: lat)) }
    return point
  }

  /// The positions of a line or ring, each longitude within 180° of the one before it: a ring that crosses the
  /// antimeridian (179.9 to -179.9) goes on past 180° instead of back around the globe. What is computed from them
  /// is ``Coordinate/wrapped`` into -180…180° again.
  private static func positions(_ value: JSONValue) throws(Malformed) -> [Coordinate] {
    guard let items = value.arrayValue, !items.isEmpty else { throw Malformed(problem: .emptyPositions) }
    var points: [Coordinate] = []
    points.reserveCapacity(items.count)
    for item in items {
      var point = try position(item)
      if let previous = points.last?.lon { point.lon += 360 * ((previous - point.lon) / 360).rounded() }
      points.append(point)
    }
    return points
  }

  private static func mean(_ points: [Coordinate]) -> Coordinate? {
    guard !points.isEmpty else { return nil }
    return Coordinate(
      lat: points.reduce(0) { $0 + $1.lat } / Double(points.count),
      lon: points.reduce(0) { $0 + $1.lon } / Double(points.count)
    ).wrapped
  }

  /// The signed area of a ring in square degrees. Computed relative to the ring's first corner: with
  /// absolute coordinates the cross products (about lon × lat) are so much larger than the area of a
  /// building that rounding swamps it.
  private static func signedArea(_ ring: [Coordinate]) -> Double {
    guard ring.count >= 3 else { return 0 }
    let origin = ring[0]
    var area = 0.0
    for index in 0..<ring.count {
      let a = ring[index]
      let b = ring[(index + 1) % ring.count]
      area += (a.lon - origin.lon) * (b.lat - origin.lat) - (b.lon - origin.lon) * (a.lat - origin.lat)
    }
    return area / 2
  }

  /// The area centroid of a polygon's outer ring (the mean of its corners when it has no area, or when the centroid
  /// lies outside the ring's bounds: a ring that crosses itself has lobes of opposite sign, and when their areas
  /// nearly cancel, the quotient flies off the globe; a way drawn so was placed at latitude 7 633°).
  private static func polygonCentroid(_ value: JSONValue) throws(Malformed) -> Coordinate? {
    guard let rings = value.arrayValue, let outer = rings.first else {
      throw Malformed(problem: .polygonWithoutRings)
    }
    let ring = try positions(outer)
    let area = signedArea(ring)
    guard abs(area) > 1e-12 else { return mean(ring) }
    // Relative to the first corner, like the area.
    let origin = ring[0]
    var lat = 0.0
    var lon = 0.0
    for index in 0..<ring.count {
      let (aLon, aLat) = (ring[index].lon - origin.lon, ring[index].lat - origin.lat)
      let next = ring[(index + 1) % ring.count]
      let (bLon, bLat) = (next.lon - origin.lon, next.lat - origin.lat)
      let cross = aLon * bLat - bLon * aLat
      lon += (aLon + bLon) * cross
      lat += (aLat + bLat) * cross
    }
    let centroid = Coordinate(lat: origin.lat + lat / (6 * area), lon: origin.lon + lon / (6 * area))
    guard
      ring.contains(where: { $0.lat <= centroid.lat }), ring.contains(where: { $0.lat >= centroid.lat }),
      ring.contains(where: { $0.lon <= centroid.lon }), ring.contains(where: { $0.lon >= centroid.lon })
    else { return mean(ring) }
    return centroid.wrapped
  }
}

extension Coordinate {
  /// The same point with its longitude in -180…180° (one that went on past 180° along a line comes back).
  fileprivate var wrapped: Coordinate {
    guard lon < -180 || lon > 180 else { return self }
    return Coordinate(lat: lat, lon: lon - 360 * ((lon + 180) / 360).rounded(.down))
  }
}
