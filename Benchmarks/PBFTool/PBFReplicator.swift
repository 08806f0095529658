import BeaconSync
import BeaconTestSupport
import CZlib
import Dispatch
import Foundation

/// Makes a large OSM PBF file from a real one: its data blocks written again `copies` times, each copy's ids
/// shifted by `copy × idStride` and its coordinates moved by whole blocks (`lat_offset`/`lon_offset`), so that
/// the copies are distinct objects in distinct places. The output is sorted like an extract (every copy's node
/// blocks, then their way blocks, then their relation blocks, ids ascending) and its blobs are zlib-compressed
/// again at the default level, like an extract. Only the ids (the first of each delta-coded run) and the block
/// offsets change; strings, tags, metadata and the blocks' sizes are the source's.
struct PBFReplicator {
  /// Larger than any OSM id, so a copy's ids never meet another's.
  static let idStride: Int64 = 1 << 35

  /// The source's header blob, as it is.
  let header: [UInt8]
  /// The source's data blocks (uncompressed), grouped by what they hold: nodes, ways, relations.
  let blocks: [[[UInt8]]]

  init(source: [UInt8]) throws {
    var header: [UInt8]?
    var blocks: [[[UInt8]]] = [[], [], []]
    for (type, blob) in try Self.blobs(source) {
      if type == "OSMHeader" {
        header = blob
      } else if type == "OSMData" {
        for (kind, block) in try Self.split(try Self.inflate(blob)) { blocks[kind].append(block) }
      }
    }
    guard let header else { throw ToolError("the source has no OSMHeader blob") }
    (self.header, self.blocks) = (header, blocks)
  }

  /// Writes `copies` copies to `path`, compressing a batch of blobs on all cores at a time.
  func write(copies: Int, to path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path)
    else { throw ToolError("cannot write \(path)") }
    defer { try? file.close() }
    try file.write(contentsOf: PBFWriter.frame(type: "OSMHeader", blob: header))
    let jobs = blocks.flatMap { kind in (0..<copies).flatMap { copy in kind.map { (copy, $0) } } }
    let batch = 4 * ProcessInfo.processInfo.activeProcessorCount
    for start in stride(from: 0, to: jobs.count, by: batch) {
      let slice = Array(jobs[start..<min(start + batch, jobs.count)])
      let framed = Locked(Array(repeating: [UInt8](), count: slice.count))
      DispatchQueue.concurrentPerform(iterations: slice.count) { index in
        let (copy, block) = slice[index]
        let bytes = PBFWriter.frame(
          type: "OSMData",
          blob: PBFWriter.blob(Self.shifted(block, copy: copy), compression: .zlib)
        )
        framed.withLock { $0[index] = bytes }
      }
      for bytes in framed.withLock({ $0 }) { try file.write(contentsOf: bytes) }
    }
  }

  /// How many copies make a file of at least `megabytes` MB, given the source's size.
  static func copies(forMegabytes megabytes: Int, sourceSize: Int) -> Int {
    max(1, (megabytes * 1_000_000 + sourceSize - 1) / sourceSize)
  }

  // MARK: - Rewriting a block

  /// `block` with ids shifted for `copy` and its coordinates moved to the copy's tile of a 40-column grid.
  static func shifted(_ block: [UInt8], copy: Int) -> [UInt8] {
    let ids = Int64(copy) * idStride
    var latOffset: Int64 = 0
    var lonOffset: Int64 = 0
    var writer = ProtobufWriter()
    var reader = WireReader(block)
    while let (number, type, value) = reader.next() {
      switch (number, type) {
      case (2, 2): writer.field(2, bytes: group(value.bytes, ids: ids))
      case (19, 0): latOffset = Int64(bitPattern: value.varint)
      case (20, 0): lonOffset = Int64(bitPattern: value.varint)
      default: writer.raw(number, type, value)
      }
    }
    // 0.05° south and 0.1° east per tile: a thousand copies stay within a few degrees of the source.
    latOffset -= Int64(copy / 40) * 50_000_000
    lonOffset += Int64(copy % 40) * 100_000_000
    writer.field(19, varint: UInt64(bitPattern: latOffset))
    writer.field(20, varint: UInt64(bitPattern: lonOffset))
    return writer.bytes
  }

  /// A `PrimitiveGroup` with its elements' ids shifted.
  private static func group(_ bytes: [UInt8], ids: Int64) -> [UInt8] {
    var writer = ProtobufWriter()
    var reader = WireReader(bytes)
    while let (number, type, value) = reader.next() {
      switch (number, type) {
      case (1, 2): writer.field(1, bytes: message(value.bytes, shifting: [1: .sint], ids: ids))  // Node
      case (2, 2): writer.field(2, bytes: message(value.bytes, shifting: [1: .packed], ids: ids))  // DenseNodes
      case (3, 2): writer.field(3, bytes: message(value.bytes, shifting: [1: .int, 8: .packed], ids: ids))  // Way
      case (4, 2): writer.field(4, bytes: message(value.bytes, shifting: [1: .int, 9: .packed], ids: ids))  // Relation
      default: writer.raw(number, type, value)
      }
    }
    return writer.bytes
  }

  private enum IDField { case int, sint, packed }

  /// A message with its id fields shifted: a plain id, or the first of a delta-coded packed run.
  private static func message(_ bytes: [UInt8], shifting fields: [Int: IDField], ids: Int64) -> [UInt8] {
    var writer = ProtobufWriter()
    var reader = WireReader(bytes)
    while let (number, type, value) = reader.next() {
      switch (fields[number], type) {
      case (.int, 0): writer.field(number, varint: UInt64(bitPattern: Int64(bitPattern: value.varint) + ids))
      case (.sint, 0): writer.field(number, sint: zigzag(value.varint) + ids)
      case (.packed, 2):
        var values = WireReader(value.bytes)
        var packed = ProtobufWriter()
        var first = true
        while let raw = values.varint() {
          packed.varint(first ? ProtobufWriter.zigzag(zigzag(raw) + ids) : raw)
          first = false
        }
        writer.field(number, bytes: packed.bytes)
      default: writer.raw(number, type, value)
      }
    }
    return writer.bytes
  }

  private static func zigzag(_ value: UInt64) -> Int64 {
    Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
  }

  // MARK: - Reading the source

  /// The file's blobs: each `BlobHeader`'s type and its `Blob`.
  private static func blobs(_ file: [UInt8]) throws -> [(String, [UInt8])] {
    var blobs: [(String, [UInt8])] = []
    var offset = 0
    while offset + 4 <= file.count {
      let length = file[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      offset += 4
      guard offset + length <= file.count else { throw ToolError("a truncated BlobHeader") }
      var header = WireReader(Array(file[offset..<offset + length]))
      offset += length
      var type = ""
      var size = 0
      while let (number, _, value) = header.next() {
        if number == 1 { type = String(decoding: value.bytes, as: UTF8.self) }
        if number == 3 { size = Int(value.varint) }
      }
      guard offset + size <= file.count else { throw ToolError("a truncated Blob") }
      blobs.append((type, Array(file[offset..<offset + size])))
      offset += size
    }
    return blobs
  }

  /// A blob's block (raw or zlib).
  private static func inflate(_ blob: [UInt8]) throws -> [UInt8] {
    var reader = WireReader(blob)
    var rawSize = 0
    var data: [UInt8]?
    var compressed: [UInt8]?
    while let (number, _, value) = reader.next() {
      switch number {
      case 1: data = value.bytes
      case 2: rawSize = Int(value.varint)
      case 3: compressed = value.bytes
      default: break
      }
    }
    if let data { return data }
    guard let compressed else { throw ToolError("a blob neither raw nor zlib") }
    var output = [UInt8](repeating: 0, count: rawSize)
    var size = UInt(rawSize)
    let status = output.withUnsafeMutableBufferPointer { target in
      compressed.withUnsafeBufferPointer { uncompress(target.baseAddress, &size, $0.baseAddress, UInt($0.count)) }
    }
    guard status == Z_OK, size == UInt(rawSize) else { throw ToolError("a corrupt zlib blob") }
    return output
  }

  /// A block as one block per kind of element it holds (0 nodes, 1 ways, 2 relations), in that order: the same
  /// string table and scale, each with the groups of its kind (a real extract may end its nodes and start its
  /// ways in one block).
  private static func split(_ block: [UInt8]) throws -> [(Int, [UInt8])] {
    var common = ProtobufWriter()
    var groups: [[UInt8]] = [[], [], []]
    var reader = WireReader(block)
    while let (number, type, value) = reader.next() {
      guard number == 2, type == 2 else {
        common.raw(number, type, value)
        continue
      }
      var group = WireReader(value.bytes)
      guard let (element, _, _) = group.next() else { continue }
      let kind = element <= 2 ? 0 : element == 3 ? 1 : 2
      var field = ProtobufWriter()
      field.field(2, bytes: value.bytes)
      groups[kind] += field.bytes
    }
    let parts = groups.enumerated().filter { !$0.element.isEmpty }.map { ($0.offset, common.bytes + $0.element) }
    guard !parts.isEmpty else { throw ToolError("a data block without nodes, ways or relations") }
    return parts
  }
}
