import Foundation

/// A `PrimitiveBlock` of an OSM PBF file (an `OSMData` blob): its string table, its coordinate scale and its
/// groups of nodes (plain and `DenseNodes`), ways and relations, decoded on demand and only as far as a
/// ``Filter`` needs: strings are made only for the tags of the elements kept, coordinates only for the nodes kept.
struct PBFPrimitiveBlock: Sendable {
  /// The elements a caller wants decoded (others are skipped without decoding).
  struct Selection: OptionSet {
    let rawValue: Int
    static let nodes = Selection(rawValue: 1)
    static let ways = Selection(rawValue: 2)
    static let relations = Selection(rawValue: 4)
    static let all: Selection = [.nodes, .ways, .relations]
    /// With ``nodes``: every node's id and position as well (``PBFElements/positions``), kept or not.
    static let positions = Selection(rawValue: 8)
  }

  /// Which of the selected elements are kept.
  enum Filter: Sendable {
    /// Every element, with its tags.
    case all
    /// Only elements that may be restaurants, cafés or hotels (an `amenity` or `tourism` key with a value that is
    /// `restaurant`, `cafe` or `hotel` once trimmed), with their tags; the caller decides on the tags.
    case candidates
    /// Only elements with one of these ids, without their tags.
    case ids(Set<Int64>)
    /// What ``candidates`` keeps, and the nodes and ways with one of these ids, all with their tags.
    case candidatesOr(nodes: Set<Int64>, ways: Set<Int64>)
  }

  /// The kinds of element, for a ``Filter`` that keeps some by id.
  enum Kind {
    case node
    case way
    case relation
  }

  /// The string table (ranges of ``bytes``); index 0 is the empty string by convention.
  private var strings: [Range<Int>] = []
  /// Nanodegrees per unit of a coordinate.
  private(set) var granularity: Int64 = 100
  /// Nanodegrees added to every latitude and longitude.
  private(set) var latOffset: Int64 = 0
  private(set) var lonOffset: Int64 = 0

  private let bytes: [UInt8]
  private var groups: [Range<Int>] = []

  /// Reads the block's string table (where its strings are, not yet the strings) and scale, and finds its groups.
  init(_ bytes: [UInt8]) throws(ProtobufReader.Malformed) {
    self.bytes = bytes
    var reader = ProtobufReader(bytes)
    while let field = try reader.nextField() {
      switch (field.number, field.type) {
      case (1, .lengthDelimited):
        var table = try reader.message()
        while let entry = try table.nextField() {
          if entry.number == 1, entry.type == .lengthDelimited {
            strings.append(try table.lengthDelimited())
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
    // No scale would put every node at the offsets (0 at Null Island).
    guard granularity > 0 else { throw ProtobufReader.Malformed(offset: 0) }
  }

  /// The selected elements of every group that `filter` keeps, in block order.
  func elements(_ selection: Selection = .all, _ filter: Filter = .all) throws(ProtobufReader.Malformed) -> PBFElements
  {
    var elements = PBFElements()
    let positions = selection.contains(.positions)
    if positions {
      elements.positions = PBFElements.NodePositions(
        granularity: granularity,
        latOffset: latOffset,
        lonOffset: lonOffset
      )
    }
    var scratch = Scratch(filter: filter, strings: strings, bytes: bytes)
    for group in groups {
      var reader = ProtobufReader(bytes, range: group)
      while let field = try reader.nextField() {
        switch (field.number, field.type) {
        case (1, .lengthDelimited) where selection.contains(.nodes):
          if let node = try node(try reader.message(), &scratch, &elements, positions: positions) {
            elements.nodes.append(node)
          }
        case (2, .lengthDelimited) where selection.contains(.nodes):
          try denseNodes(try reader.message(), into: &elements, &scratch, positions: positions)
        case (3, .lengthDelimited) where selection.contains(.ways):
          if let way = try way(try reader.message(), &scratch, &elements.wayIDs) { elements.ways.append(way) }
        case (4, .lengthDelimited) where selection.contains(.relations):
          if let relation = try relation(try reader.message(), &scratch) { elements.relations.append(relation) }
        default:
          try reader.skip(field.type)
        }
      }
    }
    return elements
  }

  // MARK: - Elements

  /// Degrees from a coordinate in this block's units (``PBFElements/degrees(_:granularity:offset:)``).
  private func degrees(_ value: Int64, offset: Int64) -> Double {
    PBFElements.degrees(value, granularity: granularity, offset: offset)
  }

  private func string(_ index: UInt64, at offset: Int) throws(ProtobufReader.Malformed) -> String {
    guard index < UInt64(strings.count) else { throw ProtobufReader.Malformed(offset: offset) }
    return String(decoding: bytes[strings[Int(index)]], as: UTF8.self)
  }

  private func tags(
    keys: [UInt64],
    values: [UInt64],
    at offset: Int
  ) throws(ProtobufReader.Malformed) -> [String: String] {
    var tags: [String: String] = [:]
    for (key, value) in zip(keys, values) {
      tags[try string(key, at: offset)] = try string(value, at: offset)
    }
    return tags
  }

  /// A plain node, if the filter keeps it.
  private func node(
    _ message: ProtobufReader,
    _ scratch: inout Scratch,
    _ elements: inout PBFElements,
    positions: Bool
  ) throws(ProtobufReader.Malformed)
    -> PBFElements.Node?
  {
    var reader = message
    var id: Int64 = 0
    var lat: Int64 = 0
    var lon: Int64 = 0
    scratch.reset()
    while let field = try reader.nextField() {
      switch (field.number, field.type) {
      case (1, .varint): id = try reader.sint64()
      case (2, _): try reader.varints(field.type, into: &scratch.keys)
      case (3, _): try reader.varints(field.type, into: &scratch.values)
      case (8, .varint): lat = try reader.sint64()
      case (9, .varint): lon = try reader.sint64()
      default: try reader.skip(field.type)
      }
    }
    elements.nodeIDs = elements.nodeIDs.including(id)
    if positions {
      elements.positions.ids.append(id)
      elements.positions.latitudes.append(lat)
      elements.positions.longitudes.append(lon)
    }
    guard try scratch.keeps(id: id, as: .node, at: message.offset) else { return nil }
    return PBFElements.Node(
      id: id,
      lat: degrees(lat, offset: latOffset),
      lon: degrees(lon, offset: lonOffset),
      tags: try scratch.withTags ? tags(keys: scratch.keys, values: scratch.values, at: message.offset) : [:]
    )
  }

  private func denseNodes(
    _ message: ProtobufReader,
    into elements: inout PBFElements,
    _ scratch: inout Scratch,
    positions: Bool
  ) throws(ProtobufReader.Malformed) {
    var reader = message
    // Where the arrays are; each is decoded only when needed.
    var fields: [(number: Int, type: ProtobufReader.WireType, range: Range<Int>)] = []
    while let field = try reader.nextField() {
      let start = reader.offset
      try reader.skip(field.type)
      if [1, 8, 9, 10].contains(field.number) { fields.append((field.number, field.type, start..<reader.offset)) }
    }
    func decode(_ number: Int, signed: Bool) throws(ProtobufReader.Malformed) -> (ids: [Int64], raw: [UInt64]) {
      var ids: [Int64] = []
      var raw: [UInt64] = []
      for field in fields where field.number == number {
        var values = ProtobufReader(bytes, range: field.range)
        if signed {
          try values.sint64s(field.type, into: &ids, delta: true)
        } else {
          try values.varints(field.type, into: &raw)
        }
      }
      return (ids, raw)
    }
    var keysValues: [UInt64] = []
    if scratch.withTags { keysValues = try decode(10, signed: false).raw }
    // key, value, key, value, …, 0 per node; absent when no node of the group has tags. `tagRanges[i]` is node
    // i's, and `kept` the nodes the filter keeps.
    var tagRanges: [Range<Int>] = []
    var kept: [Int] = []
    let ids = try decode(1, signed: true).ids
    if let low = ids.min(), let high = ids.max() {
      elements.nodeIDs = elements.nodeIDs.including(low)
      elements.nodeIDs = elements.nodeIDs.including(high)
    }
    if case .ids = scratch.filter {
      for index in ids.indices {
        if try scratch.keeps(id: ids[index], as: .node, at: message.offset) { kept.append(index) }
      }
    } else {
      var wantedIDs: Set<Int64>?
      if case .candidatesOr(let nodes, _) = scratch.filter, !nodes.isEmpty { wantedIDs = nodes }
      var next = 0
      tagRanges.reserveCapacity(ids.count)
      for index in ids.indices {
        let start = next
        var candidate = false
        while next < keysValues.count {
          let key = keysValues[next]
          next += 1
          if key == 0 { break }
          guard next < keysValues.count else { throw ProtobufReader.Malformed(offset: message.offset) }
          if try scratch.isCandidate(key: key, value: keysValues[next], at: message.offset) { candidate = true }
          next += 1
        }
        tagRanges.append(start..<next)
        if candidate || scratch.filter.keepsAll || wantedIDs?.contains(ids[index]) == true { kept.append(index) }
      }
    }
    guard !kept.isEmpty || positions else { return }
    let lats = try decode(8, signed: true).ids
    let lons = try decode(9, signed: true).ids
    guard ids.count == lats.count, ids.count == lons.count else {
      throw ProtobufReader.Malformed(offset: message.offset)
    }
    if positions, elements.positions.ids.isEmpty {
      // A block's one group of dense nodes, as writers make them: its arrays handed on, not copied.
      (elements.positions.ids, elements.positions.latitudes, elements.positions.longitudes) = (ids, lats, lons)
    } else if positions {
      elements.positions.ids += ids
      elements.positions.latitudes += lats
      elements.positions.longitudes += lons
    }
    elements.nodes.reserveCapacity(elements.nodes.count + kept.count)
    for index in kept {
      var tags: [String: String] = [:]
      if scratch.withTags {
        var next = tagRanges[index].lowerBound
        while next + 1 < tagRanges[index].upperBound {
          tags[try string(keysValues[next], at: message.offset)] = try string(keysValues[next + 1], at: message.offset)
          next += 2
        }
      }
      elements.nodes.append(
        PBFElements.Node(
          id: ids[index],
          lat: degrees(lats[index], offset: latOffset),
          lon: degrees(lons[index], offset: lonOffset),
          tags: tags
        )
      )
    }
  }

  /// A way, if the filter keeps it (its node ids decoded only then).
  private func way(
    _ message: ProtobufReader,
    _ scratch: inout Scratch,
    _ ids: inout ClosedRange<Int64>?
  ) throws(ProtobufReader.Malformed)
    -> PBFElements.Way?
  {
    var reader = message
    var id: Int64 = 0
    // Where the refs (8) and the positions on the way (9, 10) are: decoded only for a way kept.
    var arrays: [(number: Int, type: ProtobufReader.WireType, range: Range<Int>)] = []
    scratch.reset()
    while let field = try reader.nextField() {
      switch (field.number, field.type) {
      case (1, .varint): id = try reader.int64()
      case (2, _) where scratch.withTags: try reader.varints(field.type, into: &scratch.keys)
      case (3, _) where scratch.withTags: try reader.varints(field.type, into: &scratch.values)
      case (8, _), (9, _), (10, _):
        let start = reader.offset
        try reader.skip(field.type)
        arrays.append((field.number, field.type, start..<reader.offset))
      default: try reader.skip(field.type)
      }
    }
    ids = ids.including(id)
    guard try scratch.keeps(id: id, as: .way, at: message.offset) else { return nil }
    func decode(_ number: Int) throws(ProtobufReader.Malformed) -> [Int64] {
      var values: [Int64] = []
      for field in arrays where field.number == number {
        var reader = ProtobufReader(bytes, range: field.range)
        try reader.sint64s(field.type, into: &values, delta: true)
      }
      return values
    }
    var way = PBFElements.Way(id: id, tags: [:], refs: try decode(8))
    if arrays.contains(where: { $0.number != 8 }) {
      let latitudes = try decode(9)
      let longitudes = try decode(10)
      // The format asks for one position for each ref, or none.
      guard latitudes.count == way.refs.count, longitudes.count == way.refs.count else {
        throw ProtobufReader.Malformed(offset: message.offset)
      }
      way.latitudes = latitudes.map { latOffset &+ granularity &* $0 }
      way.longitudes = longitudes.map { lonOffset &+ granularity &* $0 }
      // A position its writer did not have (osmium's undefined one: `osmium cat` without a node index writes it for
      // every node): the way is placed from its nodes in the file, as a way without positions is.
      let located = zip(way.latitudes, way.longitudes)
      if located.contains(where: { PBFElements.coordinate(latitude: $0, longitude: $1) == nil }) {
        way.latitudes = []
        way.longitudes = []
      }
    }
    if scratch.withTags { way.tags = try tags(keys: scratch.keys, values: scratch.values, at: message.offset) }
    return way
  }

  /// A relation, if the filter keeps it.
  private func relation(
    _ message: ProtobufReader,
    _ scratch: inout Scratch
  ) throws(ProtobufReader.Malformed)
    -> PBFElements.Relation?
  {
    var reader = message
    var id: Int64 = 0
    var roles: [UInt64] = []
    var memberIDs: [Int64] = []
    var types: [UInt64] = []
    scratch.reset()
    while let field = try reader.nextField() {
      switch (field.number, field.type) {
      case (1, .varint): id = try reader.int64()
      case (2, _) where scratch.withTags: try reader.varints(field.type, into: &scratch.keys)
      case (3, _) where scratch.withTags: try reader.varints(field.type, into: &scratch.values)
      case (8, _): try reader.varints(field.type, into: &roles)
      case (9, _): try reader.sint64s(field.type, into: &memberIDs, delta: true)
      case (10, _): try reader.varints(field.type, into: &types)
      default: try reader.skip(field.type)
      }
    }
    guard try scratch.keeps(id: id, as: .relation, at: message.offset) else { return nil }
    guard roles.count == memberIDs.count, types.count == memberIDs.count else {
      throw ProtobufReader.Malformed(offset: message.offset)
    }
    var members: [PBFElements.Relation.Member] = []
    members.reserveCapacity(memberIDs.count)
    for index in memberIDs.indices {
      guard let kind = PBFElements.Relation.Member.Kind(rawValue: types[index]) else {
        throw ProtobufReader.Malformed(offset: message.offset)
      }
      members.append(.init(kind: kind, id: memberIDs[index], role: try string(roles[index], at: message.offset)))
    }
    return PBFElements.Relation(
      id: id,
      tags: try scratch.withTags ? tags(keys: scratch.keys, values: scratch.values, at: message.offset) : [:],
      members: members
    )
  }
}
