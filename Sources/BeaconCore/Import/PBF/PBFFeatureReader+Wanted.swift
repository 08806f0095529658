import BeaconJSON
import Foundation

/// What the reader keeps of a block: the restaurants, cafés and hotels among its elements.
extension PBFFeatureReader {
  /// Whether tags make a restaurant, café or hotel (as ``OSMImporter`` decides).
  static func isWanted(_ tags: [String: String]) -> Bool {
    func tag(_ key: String) -> String? { tags[key]?.trimmingCharacters(in: .whitespaces) }
    return ["restaurant", "cafe"].contains(tag("amenity")) || tag("tourism") == "hotel"
  }

  /// A wanted node of the block at `offset`, at its position.
  static func feature(_ node: PBFElements.Node, _ offset: Int) -> OSMFeature {
    OSMFeature(
      position: .byteOffset(offset),
      tags: json(node.tags),
      identity: ("node", Int(node.id)),
      shape: .pbf(.point(Coordinate(lat: node.lat, lon: node.lon)))
    )
  }

  /// The block's wanted ways, waiting for their nodes' positions (unless they have them).
  static func wantedWays(_ blockWays: [PBFElements.Way], _ offset: Int) -> [Pending] {
    blockWays.enumerated().compactMap { index, way in
      guard Self.isWanted(way.tags) else { return nil }
      return Pending(
        id: way.id,
        offset: offset,
        index: index,
        refs: way.refs,
        tags: way.tags,
        latitudes: way.latitudes,
        longitudes: way.longitudes
      )
    }
  }

  /// The block's wanted multipolygon relations, waiting for their outer member ways.
  static func wantedRelations(_ elements: PBFElements, _ offset: Int) -> [Pending] {
    elements.relations.enumerated().compactMap { index, relation in
      guard relation.tags["type"] == "multipolygon", Self.isWanted(relation.tags) else { return nil }
      let outer = relation.members.filter { $0.kind == .way && ($0.role == "outer" || $0.role.isEmpty) }
      return Pending(id: relation.id, offset: offset, index: index, refs: outer.map(\.id), tags: relation.tags)
    }
  }

  static func json(_ tags: [String: String]) -> ImportTags {
    ImportTags(strings: tags)
  }
}
