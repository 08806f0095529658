import BeaconTestSupport
import Foundation

/// A sorted PBF where a third of the wanted objects are ways: `nodes` nodes, every 20th a named restaurant, café or
/// hotel, then `nodes / 4` closed ways of five nodes, every 10th one of them (the file the import's memory is
/// measured with as its wanted ways grow: 1 M nodes give 75 000 places, 25 000 of them ways). With `waysAmongNodes`,
/// the ways come after the first half of the nodes: a file that is not sorted, whose ways are merged with the nodes
/// before them only when those are read again.
struct WaysFile {
  let nodes: Int
  var waysAmongNodes = false

  /// How many elements a block holds.
  static let blockSize = 8_000

  /// Writes the file at `path`, a block at a time.
  func write(to path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path)
    else { throw ToolError("cannot write \(path)") }
    defer { try? file.close() }
    let header = PBFWriter.headerBlock(features: ["OsmSchema-V0.6", "DenseNodes"])
    try file.write(contentsOf: PBFWriter.frame(type: "OSMHeader", blob: PBFWriter.blob(header, compression: .zlib)))
    func write(_ block: PBFWriter.Block) throws {
      let blob = PBFWriter.blob(PBFWriter.primitiveBlock(block), compression: .zlib)
      try file.write(contentsOf: PBFWriter.frame(type: "OSMData", blob: blob))
    }
    let half = waysAmongNodes ? nodes / 2 : nodes
    try writeNodes(1...max(1, half), write)
    try writeWays(write)
    if half < nodes { try writeNodes(half + 1...nodes, write) }
  }

  private static let kinds = [("amenity", "restaurant"), ("amenity", "cafe"), ("tourism", "hotel")]

  private func writeNodes(_ ids: ClosedRange<Int>, _ write: (PBFWriter.Block) throws -> Void) throws {
    let kinds = Self.kinds
    for start in stride(from: ids.lowerBound, through: ids.upperBound, by: Self.blockSize) {
      let block = (start..<min(ids.upperBound + 1, start + Self.blockSize)).map { id in
        let tags = id % 20 == 0 ? [kinds[id / 20 % 3], ("name", "N\(id)")] : []
        return PBFWriter.Node(
          id: Int64(id),
          lat: 59.0 + Double(id % 10_007) * 1e-4,
          lon: 10.0 + Double(id / 10_007) * 1e-4,
          tags: tags
        )
      }
      try write(PBFWriter.Block([.dense(block)]))
    }
  }

  private func writeWays(_ write: (PBFWriter.Block) throws -> Void) throws {
    let kinds = Self.kinds
    let ways = nodes / 4
    for start in stride(from: 1, through: ways, by: Self.blockSize) {
      let block = (start..<min(ways + 1, start + Self.blockSize)).map { id in
        let first = Int64((id - 1) * 4 + 1)
        let tags = id % 10 == 0 ? [kinds[id / 10 % 3], ("name", "W\(id)")] : [("building", "yes")]
        return PBFWriter.Way(id: Int64(id), refs: [first, first + 1, first + 2, first + 3, first], tags: tags)
      }
      try write(PBFWriter.Block([.ways(block)]))
    }
  }
}
