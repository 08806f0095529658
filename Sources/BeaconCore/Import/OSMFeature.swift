import BeaconJSON

/// One OpenStreetMap object as an input describes it: a GeoJSON feature or an Overpass element, its tags
/// read but its geometry not yet (only the objects Beacon keeps are read further).
struct OSMFeature {
  /// Where the object is in the input, for messages: `feature 3`, `element 3`.
  var position: ImportPosition
  /// The OSM tags something reads (GeoJSON properties with any nested `tags`; an Overpass element's `tags`).
  var tags: ImportTags
  /// The OSM type (`node`, `way`, `relation`) and id, when the input carries them.
  var identity: (type: String, id: Int)?
  /// The geometry, as the input wrote it.
  var shape: Shape

  /// A GeoJSON `geometry`, an Overpass element (its `lat`/`lon`, `center`, `bounds` or `geometry`), or what an
  /// OSM PBF file gave.
  enum Shape {
    case geoJSON(JSONValue?)
    /// A GeoJSON `Point` written plainly (`{"type":"Point","coordinates":[lon,lat]}`, nothing else), its two
    /// numbers read without a value for the geometry: the same as `.geoJSON` of that geometry.
    case geoJSONPoint(longitude: JSONValue, latitude: JSONValue)
    case overpass(JSONValue)
    case pbf(PBFShape)
  }

  /// Where an object of an OSM PBF file is: a node's position, a way's line or a relation's outer rings (as a
  /// GeoJSON geometry), or why it has no position.
  enum PBFShape {
    case point(Coordinate)
    case geometry(JSONValue)
    /// Some of the way's (or relation's) nodes or member ways are not in the file.
    case missingNodes
    /// A way without nodes, or a relation whose outer ways form no closed ring.
    case noGeometry
  }

  /// How an object was drawn: osmium writes a closed way twice, as a closed `LineString` and as an area
  /// (`MultiPolygon`); the two are one place.
  enum Kind: Equatable {
    case point, line, closedLine, area
  }

  /// The GeoJSON geometry, as the input wrote it (`nil` when it had none, or is not GeoJSON).
  var geoJSONGeometry: JSONValue? {
    switch shape {
    case .geoJSON(let geometry): geometry
    case .geoJSONPoint(let longitude, let latitude): ["type": "Point", "coordinates": [longitude, latitude]]
    case .overpass, .pbf: nil
    }
  }

  /// The kind of drawing this is.
  var kind: Kind {
    guard case .geoJSON(let geometry) = shape else { return .point }
    switch geometry?["type"]?.stringValue {
    case "Polygon", "MultiPolygon": return .area
    case "LineString":
      let positions = geometry?["coordinates"]?.arrayValue ?? []
      return positions.count >= 4 && positions.first == positions.last ? .closedLine : .line
    default: return .point
    }
  }

  /// The representative point (see ``GeoJSONGeometry/centroid(of:)``; an Overpass way or relation is at its
  /// `center`, else the middle of its `bounds`, else the centroid of its `geometry`), or `nil` when there is none.
  func location() throws(GeoJSONGeometry.Malformed) -> Coordinate? {
    switch shape {
    case .geoJSON(let geometry):
      return try GeoJSONGeometry.centroid(of: geometry)
    case .geoJSONPoint(let longitude, let latitude):
      return try GeoJSONGeometry.point(longitude: longitude, latitude: latitude)
    case .pbf(.point(let point)):
      guard point.isValid else {
        throw GeoJSONGeometry.Malformed(problem: .positionOutsideGlobe(longitude: point.lon, latitude: point.lat))
      }
      return point
    case .pbf(.geometry(let geometry)):
      return try GeoJSONGeometry.centroid(of: geometry)
    case .pbf(.missingNodes), .pbf(.noGeometry):
      return nil
    case .overpass(let element):
      if element["lat"] != nil || element["lon"] != nil { return try Self.point(element) }
      if let center = element["center"] { return try Self.point(center) }
      if let bounds = element["bounds"] {
        guard let minLat = bounds["minlat"]?.doubleValue, let minLon = bounds["minlon"]?.doubleValue,
          let maxLat = bounds["maxlat"]?.doubleValue, let maxLon = bounds["maxlon"]?.doubleValue
        else { throw GeoJSONGeometry.Malformed(problem: .incompleteBounds) }
        return try Self.point(["lat": .double((minLat + maxLat) / 2), "lon": .double((minLon + maxLon) / 2)])
      }
      if let points = element["geometry"]?.arrayValue, !points.isEmpty {
        var positions: [JSONValue] = []
        for point in points {
          let coordinate = try Self.point(point)
          positions.append([.double(coordinate.lon), .double(coordinate.lat)])
        }
        return try GeoJSONGeometry.centroid(of: ["type": "LineString", "coordinates": .array(positions)])
      }
      return nil
    }
  }

  /// The point of an Overpass `{"lat": …, "lon": …}`.
  private static func point(_ value: JSONValue) throws(GeoJSONGeometry.Malformed) -> Coordinate {
    guard let lat = value["lat"]?.doubleValue, let lon = value["lon"]?.doubleValue else {
      throw GeoJSONGeometry.Malformed(problem: .positionWithoutLatLon)
    }
    let point = Coordinate(lat: lat, lon: lon)
    guard point.isValid else {
      throw GeoJSONGeometry.Malformed(problem: .positionOutsideGlobe(longitude: lon, latitude: lat))
    }
    return point
  }
}
