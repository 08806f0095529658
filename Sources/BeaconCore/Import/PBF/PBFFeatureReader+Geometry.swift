import BeaconJSON

/// The features of the wanted ways and relations, once the positions of their nodes are known.
extension PBFFeatureReader {
  /// The positions of `refs`, from `onWays` (the positions some ways have of their nodes) or else from the nodes read,
  /// or `nil` when some node is not in the file.
  private func positions(_ refs: [Int64], onWays: [Int64: Coordinate] = [:]) -> [JSONValue]? {
    var positions: [JSONValue] = []
    positions.reserveCapacity(refs.count)
    for ref in refs {
      guard let location = onWays[ref] ?? locations[ref] else { return nil }
      positions.append([.double(location.lon), .double(location.lat)])
    }
    return positions
  }

  /// A wanted way at its line's or ring's centroid: `missingNodes` when some node is not in the file (or, when the
  /// file has positions on its ways, has none on this way). Its nodes' positions are on it, or `joined` (one for each
  /// ref, `nil` for a node not in the file; ``PBFWayJoin``).
  func way(_ way: Pending, joined: [Coordinate?]?) -> OSMFeature {
    var shape = OSMFeature.PBFShape.missingNodes
    let refs = way.refs
    if refs.isEmpty {
      shape = .noGeometry
    } else if let onWay = way.locations ?? joined {
      let located = onWay.compactMap { $0 }
      if located.count == refs.count {
        let positions: [JSONValue] = located.map { [.double($0.lon), .double($0.lat)] }
        shape = .geometry(["type": "LineString", "coordinates": .array(positions)])
      }
    }
    return OSMFeature(
      position: .byteOffset(way.offset),
      tags: way.tags,
      identity: ("way", Int(way.id)),
      shape: .pbf(shape)
    )
  }

  /// A wanted multipolygon at its outer rings' centroid: `missingNodes` when some member way or node is not in the
  /// file, no geometry when its outer ways close no ring.
  func relation(_ relation: Pending) -> OSMFeature {
    var shape = OSMFeature.PBFShape.noGeometry
    var members: [[Int64]] = []
    // The positions of the nodes of members that have them on the way.
    var onWays: [Int64: Coordinate] = [:]
    let memberIDs = relation.refs
    for id in memberIDs {
      guard let refs = memberWays[id] else {
        shape = .missingNodes
        break
      }
      members.append(refs)
      for (ref, location) in zip(refs, memberLocations[id] ?? []) { onWays[ref] = location }
    }
    if members.count == memberIDs.count, let rings = PBFRings.assemble(members) {
      var polygons: [JSONValue] = []
      for ring in rings {
        guard let positions = positions(ring, onWays: onWays) else {
          shape = .missingNodes
          break
        }
        polygons.append([.array(positions)])
      }
      if polygons.count == rings.count { shape = .geometry(["type": "MultiPolygon", "coordinates": .array(polygons)]) }
    }
    return OSMFeature(
      position: .byteOffset(relation.offset),
      tags: relation.tags,
      identity: ("relation", Int(relation.id)),
      shape: .pbf(shape)
    )
  }
}
