import CZlib

/// Writes OSM PBF files (the OSM wiki's "PBF Format") for tests: any mix of blocks, groups, compressions and
/// coordinate scales, and the pieces to build broken files from.
package enum PBFWriter {
  /// An OSM node; `lat`/`lon` in degrees.
  package struct Node: Sendable {
    package var id: Int64
    package var lat: Double
    package var lon: Double
    package var tags: [(String, String)]
    package init(id: Int64, lat: Double, lon: Double, tags: [(String, String)] = []) {
      (self.id, self.lat, self.lon, self.tags) = (id, lat, lon, tags)
    }
  }

  /// An OSM way; `locations` are its nodes' positions in degrees, written on the way (`LocationsOnWays`) when given.
  package struct Way: Sendable {
    package var id: Int64
    package var refs: [Int64]
    package var tags: [(String, String)]
    package var locations: [(lat: Double, lon: Double)]?
    package init(
      id: Int64,
      refs: [Int64],
      tags: [(String, String)] = [],
      locations: [(lat: Double, lon: Double)]? = nil
    ) {
      (self.id, self.refs, self.tags, self.locations) = (id, refs, tags, locations)
    }
  }

  /// An OSM relation; member types 0 node, 1 way, 2 relation.
  package struct Relation: Sendable {
    package var id: Int64
    package var members: [(type: Int, id: Int64, role: String)]
    package var tags: [(String, String)]
    package init(id: Int64, members: [(type: Int, id: Int64, role: String)], tags: [(String, String)] = []) {
      (self.id, self.members, self.tags) = (id, members, tags)
    }
  }

  /// A `PrimitiveGroup`: one kind of element.
  package enum Group: Sendable {
    case dense([Node])
    case nodes([Node])
    case ways([Way])
    case relations([Relation])
  }

  /// A `PrimitiveBlock`'s groups and coordinate scale.
  package struct Block: Sendable {
    package var groups: [Group]
    package var granularity: Int64
    package var latOffset: Int64
    package var lonOffset: Int64
    package init(_ groups: [Group], granularity: Int64 = 100, latOffset: Int64 = 0, lonOffset: Int64 = 0) {
      (self.groups, self.granularity, self.latOffset, self.lonOffset) = (groups, granularity, latOffset, lonOffset)
    }
  }

  /// How blobs are stored.
  package enum Compression: Sendable {
    case raw, zlib
  }

  /// A whole file: an `OSMHeader` blob requiring `features`, then one `OSMData` blob per block.
  package static func file(
    _ blocks: [Block],
    features: [String] = ["OsmSchema-V0.6", "DenseNodes"],
    compression: Compression = .zlib
  ) -> [UInt8] {
    var bytes = frame(type: "OSMHeader", blob: blob(headerBlock(features: features), compression: compression))
    for block in blocks {
      bytes += frame(type: "OSMData", blob: blob(primitiveBlock(block), compression: compression))
    }
    return bytes
  }

  /// A `HeaderBlock`.
  package static func headerBlock(features: [String]) -> [UInt8] {
    var writer = ProtobufWriter()
    for feature in features { writer.field(4, string: feature) }
    writer.field(16, string: "BeaconTestSupport")
    return writer.bytes
  }

  /// A `Blob` holding `data`, raw or zlib-compressed (with its `raw_size`).
  package static func blob(_ data: [UInt8], compression: Compression) -> [UInt8] {
    var writer = ProtobufWriter()
    switch compression {
    case .raw:
      writer.field(1, bytes: data)
    case .zlib:
      writer.field(2, varint: UInt64(data.count))
      writer.field(3, bytes: deflate(data))
    }
    return writer.bytes
  }

  /// `blob` framed: its 4-byte big-endian header length, a `BlobHeader` of `type` and the blob; `dataSize`
  /// overrides the header's `datasize`.
  package static func frame(type: String, blob: [UInt8], dataSize: Int? = nil) -> [UInt8] {
    var header = ProtobufWriter()
    header.field(1, string: type)
    header.field(3, varint: UInt64(dataSize ?? blob.count))
    let length = UInt32(header.bytes.count)
    return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
      + header.bytes + blob
  }

  /// zlib-compresses `data`.
  package static func deflate(_ data: [UInt8]) -> [UInt8] {
    var size = compressBound(UInt(data.count))
    var output = [UInt8](repeating: 0, count: Int(size))
    let status = output.withUnsafeMutableBufferPointer { target in
      data.withUnsafeBufferPointer { source in
        compress2(target.baseAddress, &size, source.baseAddress, UInt(data.count), 6)
      }
    }
    precondition(status == Z_OK, "zlib compress2 failed: \(status)")
    return Array(output.prefix(Int(size)))
  }

  /// A `PrimitiveBlock`. Its string table has the empty string at 0 and again wherever a tag uses it.
  package static func primitiveBlock(_ block: Block) -> [UInt8] {
    var strings = [""]
    var indexes: [String: Int] = [:]
    func index(_ string: String) -> UInt64 {
      if let known = indexes[string] { return UInt64(known) }
      strings.append(string)
      indexes[string] = strings.count - 1
      return UInt64(strings.count - 1)
    }
    func coordinate(_ degrees: Double, offset: Int64) -> Int64 {
      // A granularity of 0 (a broken file's) writes the nanodegrees as they are.
      (Int64((degrees * 1e9).rounded()) - offset) / (block.granularity == 0 ? 1 : block.granularity)
    }
    var groups: [[UInt8]] = []
    for group in block.groups {
      var writer = ProtobufWriter()
      switch group {
      case .dense(let nodes):
        var dense = ProtobufWriter()
        dense.field(1, packedSInt: nodes.map(\.id), delta: true)
        dense.field(8, packedSInt: nodes.map { coordinate($0.lat, offset: block.latOffset) }, delta: true)
        dense.field(9, packedSInt: nodes.map { coordinate($0.lon, offset: block.lonOffset) }, delta: true)
        if nodes.contains(where: { !$0.tags.isEmpty }) {
          dense.field(10, packed: nodes.flatMap { $0.tags.flatMap { [index($0.0), index($0.1)] } + [0] })
        }
        writer.field(2, bytes: dense.bytes)
      case .nodes(let nodes):
        for node in nodes {
          var message = ProtobufWriter()
          message.field(1, sint: node.id)
          message.field(2, packed: node.tags.map { index($0.0) })
          message.field(3, packed: node.tags.map { index($0.1) })
          message.field(8, sint: coordinate(node.lat, offset: block.latOffset))
          message.field(9, sint: coordinate(node.lon, offset: block.lonOffset))
          writer.field(1, bytes: message.bytes)
        }
      case .ways(let ways):
        for way in ways {
          var message = ProtobufWriter()
          message.field(1, varint: UInt64(bitPattern: way.id))
          message.field(2, packed: way.tags.map { index($0.0) })
          message.field(3, packed: way.tags.map { index($0.1) })
          message.field(8, packedSInt: way.refs, delta: true)
          if let locations = way.locations {
            message.field(9, packedSInt: locations.map { coordinate($0.lat, offset: block.latOffset) }, delta: true)
            message.field(10, packedSInt: locations.map { coordinate($0.lon, offset: block.lonOffset) }, delta: true)
          }
          writer.field(3, bytes: message.bytes)
        }
      case .relations(let relations):
        for relation in relations {
          var message = ProtobufWriter()
          message.field(1, varint: UInt64(bitPattern: relation.id))
          message.field(2, packed: relation.tags.map { index($0.0) })
          message.field(3, packed: relation.tags.map { index($0.1) })
          message.field(8, packed: relation.members.map { index($0.role) })
          message.field(9, packedSInt: relation.members.map(\.id), delta: true)
          message.field(10, packed: relation.members.map { UInt64($0.type) })
          writer.field(4, bytes: message.bytes)
        }
      }
      groups.append(writer.bytes)
    }
    var table = ProtobufWriter()
    for string in strings { table.field(1, string: string) }
    var writer = ProtobufWriter()
    writer.field(1, bytes: table.bytes)
    for group in groups { writer.field(2, bytes: group) }
    if block.granularity != 100 { writer.field(17, varint: UInt64(bitPattern: block.granularity)) }
    if block.latOffset != 0 { writer.field(19, varint: UInt64(bitPattern: block.latOffset)) }
    if block.lonOffset != 0 { writer.field(20, varint: UInt64(bitPattern: block.lonOffset)) }
    return writer.bytes
  }
}
