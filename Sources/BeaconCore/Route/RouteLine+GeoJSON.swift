import BeaconJSON

extension RouteLine {
  /// The route a `route` param describes: a GeoJSON LineString (also as a Feature), or
  /// `{"polyline": "…", "precision": 5|6}` (precision 5 when left out).
  ///
  /// - Throws: ``RouteMessage`` naming what is wrong: the shape, a position, the polyline's first fault.
  package init(json value: JSONValue) throws(RouteMessage) {
    if let polyline = value["polyline"] {
      guard let text = polyline.stringValue else { throw .invalidShape }
      var precision = 5
      if let given = value["precision"] {
        guard let number = given.intValue else { throw .invalidShape }
        precision = number
      }
      try self.init(try Polyline.decode(text, precision: precision))
      return
    }
    try self.init(try Self.positions(ofLineString: value))
  }

  /// The positions of a LineString geometry or of a Feature whose geometry is one.
  static func positions(ofLineString value: JSONValue) throws(RouteMessage) -> [Coordinate] {
    var geometry = value
    if value["type"]?.stringValue == "Feature", let inner = value["geometry"] { geometry = inner }
    guard geometry["type"]?.stringValue == "LineString", let coordinates = geometry["coordinates"]?.arrayValue else {
      throw .invalidShape
    }
    var positions: [Coordinate] = []
    positions.reserveCapacity(coordinates.count)
    for (index, position) in coordinates.enumerated() {
      // [lon, lat] or [lon, lat, altitude]: the altitude is ignored.
      guard let pair = position.arrayValue, (2...3).contains(pair.count), let lon = pair[0].doubleValue,
        let lat = pair[1].doubleValue
      else { throw .invalidPosition(index: index) }
      let coordinate = Coordinate(lat: lat, lon: lon)
      guard coordinate.isValid else { throw .invalidPosition(index: index) }
      positions.append(coordinate)
    }
    return positions
  }

  /// The first LineString in a GeoJSON document: a geometry, a Feature, or a FeatureCollection's first Feature
  /// with a LineString geometry; `nil` when there is none.
  package static func lineString(in document: JSONValue) -> JSONValue? {
    if document["type"]?.stringValue == "FeatureCollection" {
      return document["features"]?.arrayValue?.first { $0["geometry"]?["type"]?.stringValue == "LineString" }?[
        "geometry"
      ]
    }
    if document["type"]?.stringValue == "Feature" {
      return document["geometry"]?["type"]?.stringValue == "LineString" ? document["geometry"] : nil
    }
    return document["type"]?.stringValue == "LineString" ? document : nil
  }
}
