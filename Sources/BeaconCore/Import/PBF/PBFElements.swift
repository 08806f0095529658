/// The elements of a `PrimitiveBlock`, in the order of the block.
struct PBFElements: Equatable {
  /// An OSM node, its position in degrees.
  struct Node: Equatable {
    var id: Int64
    var lat: Double
    var lon: Double
    var tags: [String: String]
  }

  /// An OSM way: its node ids, in order, and their positions when the file has them on its ways.
  struct Way: Equatable {
    var id: Int64
    var tags: [String: String]
    var refs: [Int64]
    /// The nodes' latitudes and longitudes in nanodegrees, one for each of `refs`, when the file has its nodes'
    /// positions on its ways (the optional feature `LocationsOnWays`, as `osmium add-locations-to-ways` writes);
    /// empty otherwise.
    var latitudes: [Int64] = []
    var longitudes: [Int64] = []

    /// Whether the way has its nodes' positions.
    var hasLocations: Bool { !latitudes.isEmpty }
  }

  /// A position in nanodegrees, in degrees; `nil` off the globe, as osmium writes a node it did not find
  /// (214.7483647°, its undefined coordinate).
  static func coordinate(latitude: Int64, longitude: Int64) -> Coordinate? {
    // Divided, not multiplied by 1e-9: the nearest double to the decimal, as for nodes.
    let lat = Double(latitude) / 1e9
    let lon = Double(longitude) / 1e9
    guard (-90...90).contains(lat), (-180...180).contains(lon) else { return nil }
    return Coordinate(lat: lat, lon: lon)
  }

  /// An OSM relation.
  struct Relation: Equatable {
    /// A member: its OSM type, id and role.
    struct Member: Equatable {
      enum Kind: UInt64 {
        case node = 0
        case way = 1
        case relation = 2
      }
      var kind: Kind
      var id: Int64
      var role: String
    }

    var id: Int64
    var tags: [String: String]
    var members: [Member]
  }

  /// The ids and positions of a block's nodes, in the block's units: every node, kept or not, when
  /// ``PBFPrimitiveBlock/Selection/positions`` is selected (a way's nodes are looked for among them by id, without
  /// a node made for each).
  struct NodePositions: Equatable {
    var ids: [Int64] = []
    var latitudes: [Int64] = []
    var longitudes: [Int64] = []
    /// The block's scale: nanodegrees per unit, and added to every latitude and longitude.
    var granularity: Int64 = 100
    var latOffset: Int64 = 0
    var lonOffset: Int64 = 0

    /// The position of the node at `index`, in degrees, as a ``Node`` has it.
    func coordinate(at index: Int) -> Coordinate {
      Coordinate(
        lat: PBFElements.degrees(latitudes[index], granularity: granularity, offset: latOffset),
        lon: PBFElements.degrees(longitudes[index], granularity: granularity, offset: lonOffset)
      )
    }
  }

  /// Degrees from a coordinate in a block's units (wrapping, never trapping, on absurd values).
  static func degrees(_ value: Int64, granularity: Int64, offset: Int64) -> Double {
    // Divided, not multiplied by 1e-9: the nearest double to the decimal, as a reader of osmium's GeoJSON gets it.
    Double(offset &+ granularity &* value) / 1e9
  }

  var nodes: [Node] = []
  /// Every node's position, when selected.
  var positions = NodePositions()
  var ways: [Way] = []
  var relations: [Relation] = []
  /// The smallest and largest id of every node and of every way in the block, kept or not (for later passes to
  /// skip blocks that cannot hold what they look for).
  var nodeIDs: ClosedRange<Int64>?
  var wayIDs: ClosedRange<Int64>?
}

extension ClosedRange<Int64>? {
  /// This range widened to hold `id`.
  func including(_ id: Int64) -> ClosedRange<Int64> {
    guard let range = self else { return id...id }
    return Swift.min(range.lowerBound, id)...Swift.max(range.upperBound, id)
  }
}
