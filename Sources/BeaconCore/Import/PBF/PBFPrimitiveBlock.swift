/// A `PrimitiveBlock` of an OSM PBF file (an `OSMData` blob): its string table, its coordinate scale and its
/// groups of nodes (plain and `DenseNodes`), ways and relations, decoded on demand.
struct PBFPrimitiveBlock {
  /// The elements a caller wants decoded (others are skipped without decoding).
  struct Selection: OptionSet {
    let rawValue: Int
    static let nodes = Selection(rawValue: 1)
    static let ways = Selection(rawValue: 2)
    static let relations = Selection(rawValue: 4)
    static let all: Selection = [.nodes, .ways, .relations]
  }

  /// The string table; index 0 is the empty string by convention.
  private(set) var strings: [String] = []
  /// Nanodegrees per unit of a coordinate.
  private(set) var granularity: Int64 = 100
  /// Nanodegrees added to every latitude and longitude.
  private(set) var latOffset: Int64 = 0
  private(set) var lonOffset: Int64 = 0

  private let bytes: [UInt8]
  private var groups: [Range<Int>] = []

  /// Reads the block's string table and scale, and finds its groups.
  init(_ bytes: [UInt8]) throws(ProtobufReader.Malformed) {
    self.bytes = bytes
    var reader = ProtobufReader(bytes)
    while let field = try reader.nextField() {
      switch (field.number, field.type) {
      case (1, .lengthDelimited):
        var table = try reader.message()
        while let entry = try table.nextField() {
          if entry.number == 1, entry.type == .lengthDelimited {
            strings.append(try table.string())
          } else {
            try table.skip(entry.type)
          }
        }
      case (2, .lengthDelimited): groups.append(try reader.lengthDelimited())
      case (17, .varint): granularity = try reader.int64()
      case (19, .varint): latOffset = try reader.int64()
      case (20, .varint): lonOffset = try reader.int64()
      default: try reader.skip(field.type)
      }
    }
  }

  /// The selected elements of every group, in block order.
  func elements(_ selection: Selection = .all) throws(ProtobufReader.Malformed) -> PBFElements {
    var elements = PBFElements()
    for group in groups {
      var reader = ProtobufReader(bytes, range: group)
      while let field = try reader.nextField() {
        switch (field.number, field.type) {
        case (1, .lengthDelimited) where selection.contains(.nodes):
          elements.nodes.append(try node(try reader.message()))
        case (2, .lengthDelimited) where selection.contains(.nodes):
          try denseNodes(try reader.message(), into: &elements.nodes)
        case (3, .lengthDelimited) where selection.contains(.ways):
          elements.ways.append(try way(try reader.message()))
        case (4, .lengthDelimited) where selection.contains(.relations):
          elements.relations.append(try relation(try reader.message()))
        default:
          try reader.skip(field.type)
        }
      }
    }
    return elements
  }

  // MARK: - Elements

  /// Degrees from a coordinate in this block's units (wrapping, never trapping, on absurd values).
  private func degrees(_ value: Int64, offset: Int64) -> Double {
    Double(offset &+ granularity &* value) * 1e-9
  }

  private func string(_ index: UInt64, at offset: Int) throws(ProtobufReader.Malformed) -> String {
    guard index < UInt64(strings.count) else { throw ProtobufReader.Malformed(offset: offset) }
    return strings[Int(index)]
  }

  private func tags(
    keys: [UInt64],
    values: [UInt64],
    at offset: Int
  ) throws(ProtobufReader.Malformed) -> [String:
    String]
  {
    guard keys.count == values.count else { throw ProtobufReader.Malformed(offset: offset) }
    var tags: [String: String] = [:]
    for (key, value) in zip(keys, values) {
      tags[try string(key, at: offset)] = try string(value, at: offset)
    }
    return tags
  }

  private func node(_ message: ProtobufReader) throws(ProtobufReader.Malformed) -> PBFElements.Node {
    var reader = message
    var id: Int64 = 0
    var lat: Int64 = 0
    var lon: Int64 = 0
    var keys: [UInt64] = []
    var values: [UInt64] = []
    while let field = try reader.nextField() {
      switch (field.number, field.type) {
      case (1, .varint): id = try reader.sint64()
      case (2, _): try reader.varints(field.type, into: &keys)
      case (3, _): try reader.varints(field.type, into: &values)
      case (8, .varint): lat = try reader.sint64()
      case (9, .varint): lon = try reader.sint64()
      default: try reader.skip(field.type)
      }
    }
    return PBFElements.Node(
      id: id,
      lat: degrees(lat, offset: latOffset),
      lon: degrees(lon, offset: lonOffset),
      tags: try tags(keys: keys, values: values, at: message.offset)
    )
  }

  private func denseNodes(
    _ message: ProtobufReader,
    into nodes: inout [PBFElements.Node]
  ) throws(ProtobufReader.Malformed) {
    var reader = message
    var ids: [Int64] = []
    var lats: [Int64] = []
    var lons: [Int64] = []
    var keysValues: [UInt64] = []
    while let field = try reader.nextField() {
      switch (field.number, field.type) {
      case (1, _): try reader.sint64s(field.type, into: &ids, delta: true)
      case (8, _): try reader.sint64s(field.type, into: &lats, delta: true)
      case (9, _): try reader.sint64s(field.type, into: &lons, delta: true)
      case (10, _): try reader.varints(field.type, into: &keysValues)
      default: try reader.skip(field.type)
      }
    }
    guard ids.count == lats.count, ids.count == lons.count else {
      throw ProtobufReader.Malformed(offset: message.offset)
    }
    var next = 0
    nodes.reserveCapacity(nodes.count + ids.count)
    for index in ids.indices {
      var tags: [String: String] = [:]
      // key, value, key, value, …, 0 per node; absent when no node of the group has tags.
      while next < keysValues.count {
        let key = keysValues[next]
        next += 1
        if key == 0 { break }
        guard next < keysValues.count else { throw ProtobufReader.Malformed(offset: message.offset) }
        tags[try string(key, at: message.offset)] = try string(keysValues[next], at: message.offset)
        next += 1
      }
      nodes.append(
        PBFElements.Node(
          id: ids[index],
          lat: degrees(lats[index], offset: latOffset),
          lon: degrees(lons[index], offset: lonOffset),
          tags: tags
        )
      )
    }
  }

  private func way(_ message: ProtobufReader) throws(ProtobufReader.Malformed) -> PBFElements.Way {
    var reader = message
    var id: Int64 = 0
    var keys: [UInt64] = []
    var values: [UInt64] = []
    var refs: [Int64] = []
    while let field = try reader.nextField() {
      switch (field.number, field.type) {
      case (1, .varint): id = try reader.int64()
      case (2, _): try reader.varints(field.type, into: &keys)
      case (3, _): try reader.varints(field.type, into: &values)
      case (8, _): try reader.sint64s(field.type, into: &refs, delta: true)
      default: try reader.skip(field.type)
      }
    }
    return PBFElements.Way(id: id, tags: try tags(keys: keys, values: values, at: message.offset), refs: refs)
  }

  private func relation(_ message: ProtobufReader) throws(ProtobufReader.Malformed) -> PBFElements.Relation {
    var reader = message
    var id: Int64 = 0
    var keys: [UInt64] = []
    var values: [UInt64] = []
    var roles: [UInt64] = []
    var memberIDs: [Int64] = []
    var types: [UInt64] = []
    while let field = try reader.nextField() {
      switch (field.number, field.type) {
      case (1, .varint): id = try reader.int64()
      case (2, _): try reader.varints(field.type, into: &keys)
      case (3, _): try reader.varints(field.type, into: &values)
      case (8, _): try reader.varints(field.type, into: &roles)
      case (9, _): try reader.sint64s(field.type, into: &memberIDs, delta: true)
      case (10, _): try reader.varints(field.type, into: &types)
      default: try reader.skip(field.type)
      }
    }
    guard roles.count == memberIDs.count, types.count == memberIDs.count else {
      throw ProtobufReader.Malformed(offset: message.offset)
    }
    var members: [PBFElements.Relation.Member] = []
    for index in memberIDs.indices {
      guard let kind = PBFElements.Relation.Member.Kind(rawValue: types[index]) else {
        throw ProtobufReader.Malformed(offset: message.offset)
      }
      members.append(.init(kind: kind, id: memberIDs[index], role: try string(roles[index], at: message.offset)))
    }
    return PBFElements.Relation(
      id: id,
      tags: try tags(keys: keys, values: values, at: message.offset),
      members: members
    )
  }
}
