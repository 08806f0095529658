import BeaconJSON

/// The features of the wanted ways and relations, once the positions of their nodes are known.
extension PBFFeatureReader {
  /// The positions of `refs`, or `nil` when some node is not in the file.
  private func positions(_ refs: [Int64]) -> [JSONValue]? {
    var positions: [JSONValue] = []
    positions.reserveCapacity(refs.count)
    for ref in refs {
      guard let location = locations[ref] else { return nil }
      positions.append([.double(location.lon), .double(location.lat)])
    }
    return positions
  }

  /// A wanted way at its line's or ring's centroid: `missingNodes` when some node is not in the file.
  func way(_ way: Pending) -> OSMFeature {
    var shape = OSMFeature.PBFShape.missingNodes
    let refs = way.refs
    if refs.isEmpty {
      shape = .noGeometry
    } else if let positions = positions(refs) {
      shape = .geometry(["type": "LineString", "coordinates": .array(positions)])
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
    let memberIDs = relation.refs
    for id in memberIDs {
      guard let refs = memberWays[id] else {
        shape = .missingNodes
        break
      }
      members.append(refs)
    }
    if members.count == memberIDs.count, let rings = PBFRings.assemble(members) {
      var polygons: [JSONValue] = []
      for ring in rings {
        guard let positions = positions(ring) else {
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
