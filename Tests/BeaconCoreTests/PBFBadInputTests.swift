import BeaconTestSupport
import Testing

@testable import BeaconCore

/// Broken OSM PBF files: each is one localized error naming the file, the byte offset of the block at fault and
/// what is wrong, before anything is stored.
@Suite struct PBFBadInputTests {
  static let cafe = PBFWriter.Block([
    .dense([PBFWriter.Node(id: 1, lat: 59.9, lon: 10.7, tags: [("amenity", "cafe"), ("name", "Kafé")])])
  ])
  static let header = PBFWriter.frame(
    type: "OSMHeader",
    blob: PBFWriter.blob(PBFWriter.headerBlock(features: ["OsmSchema-V0.6"]), compression: .raw)
  )
  static let data = PBFWriter.primitiveBlock(cafe)

  static func failure(_ bytes: [UInt8]) -> BeaconError? {
    do {
      _ = try OSMImporter.read(.bytes(bytes, name: "city.osm.pbf"))
      return nil
    } catch {
      return error
    }
  }

  static func expect(_ bytes: [UInt8], _ reason: ImportProblem, at offset: Int?) {
    let expected = BeaconError.importFailed(
      file: "city.osm.pbf",
      position: offset.map { .byteOffset($0) },
      reason: reason
    )
    #expect(failure(bytes) == expected)
  }

  @Test func theWriterSFileIsReadWhole() throws {
    #expect(
      Self.failure(Self.header + PBFWriter.frame(type: "OSMData", blob: PBFWriter.blob(Self.data, compression: .zlib)))
        == nil
    )
  }

  @Test func aFileCutAnywhereIsTruncatedAtTheStartOfTheCutBlock() {
    let whole = PBFWriter.file([Self.cafe, Self.cafe])
    let firstData = PBFWriter.file([]).count
    let second = whole.count - (whole.count - firstData) / 2
    for cut in [1, 3, 4, 10, firstData - 1] {
      Self.expect(Array(whole.prefix(cut)), .pbfTruncated, at: 0)
    }
    Self.expect(Array(whole.prefix(firstData + 2)), .pbfTruncated, at: firstData)
    Self.expect(Array(whole.prefix(whole.count - 1)), .pbfTruncated, at: second)
  }

  @Test func aFileThatDoesNotStartWithAnOSMHeaderIsRefused() {
    let dataFirst = PBFWriter.frame(type: "OSMData", blob: PBFWriter.blob(Self.data, compression: .raw))
    Self.expect(dataFirst, .pbfNoHeader, at: 0)
    Self.expect([0, 0, 0, 3, 0x0A, 0x01, 0x41, 0, 0], .pbfMalformed(message: "BlobHeader"), at: 0)
  }

  @Test func blobHeadersAndBlobsOverTheFormatsLimitsAreRefusedBeforeReadingThem() {
    Self.expect([0, 1, 0, 1] + Array(repeating: 0, count: 16), .pbfBlobHeaderTooLarge(bytes: 65_537), at: 0)
    let huge = PBFWriter.frame(type: "OSMData", blob: [], dataSize: 32 << 20 + 1)
    Self.expect(Self.header + huge, .pbfBlobTooLarge(bytes: 32 << 20 + 1), at: Self.header.count)
    // A zlib blob claiming to inflate to more than 32 MiB.
    var blob = ProtobufWriter()
    blob.field(2, varint: 64 << 20)
    blob.field(3, bytes: PBFWriter.deflate(Self.data))
    Self.expect(
      Self.header + PBFWriter.frame(type: "OSMData", blob: blob.bytes),
      .pbfBlobTooLarge(bytes: 64 << 20),
      at: Self.header.count
    )
  }

  @Test(arguments: [(4, "lzma"), (6, "lz4"), (7, "zstd")])
  func otherCompressionsAreRefusedByName(field: Int, name: String) {
    var blob = ProtobufWriter()
    blob.field(2, varint: UInt64(Self.data.count))
    blob.field(field, bytes: [1, 2, 3])
    Self.expect(
      Self.header + PBFWriter.frame(type: "OSMData", blob: blob.bytes),
      .pbfCompression(name: name),
      at: Self.header.count
    )
  }

  @Test func aCorruptZlibStreamIsRefused() {
    var compressed = PBFWriter.deflate(Self.data)
    compressed[compressed.count / 2] ^= 0xFF
    compressed[compressed.count - 1] ^= 0xFF  // the Adler-32 checksum too
    for (stream, size) in [
      (compressed, Self.data.count), (PBFWriter.deflate(Self.data), Self.data.count + 1),
      (PBFWriter.deflate(Self.data), Self.data.count - 1),
      (Array(PBFWriter.deflate(Self.data).dropLast(3)), Self.data.count),
    ] {
      var blob = ProtobufWriter()
      blob.field(2, varint: UInt64(size))
      blob.field(3, bytes: stream)
      Self.expect(
        Self.header + PBFWriter.frame(type: "OSMData", blob: blob.bytes),
        .pbfCorruptZlib,
        at: Self.header.count
      )
    }
  }

  @Test func requiredFeaturesBeyondTheSchemaAndDenseNodesAreRefusedByName() {
    Self.expect(
      PBFWriter.file([Self.cafe], features: ["OsmSchema-V0.6", "HistoricalInformation", "DenseNodes", "Sort.Fancy"]),
      .pbfUnsupportedFeatures(names: ["HistoricalInformation", "Sort.Fancy"]),
      at: 0
    )
    #expect(Self.failure(PBFWriter.file([Self.cafe], features: ["OsmSchema-V0.6", "DenseNodes"])) == nil)
  }

  @Test func damagedBlocksAreMalformedAtTheirOffset() {
    var damaged = Self.data
    damaged[damaged.count - 3] = 0xFF
    Self.expect(
      Self.header + PBFWriter.frame(type: "OSMData", blob: PBFWriter.blob(damaged + [0x80], compression: .raw)),
      .pbfMalformed(message: "PrimitiveBlock"),
      at: Self.header.count
    )
    // A tag pointing past the string table.
    var block = ProtobufWriter()
    var group = ProtobufWriter()
    var node = ProtobufWriter()
    node.field(1, sint: 1)
    node.field(2, packed: [5])
    node.field(3, packed: [6])
    group.field(1, bytes: node.bytes)
    block.field(2, bytes: group.bytes)
    Self.expect(
      Self.header + PBFWriter.frame(type: "OSMData", blob: PBFWriter.blob(block.bytes, compression: .raw)),
      .pbfMalformed(message: "PrimitiveBlock"),
      at: Self.header.count
    )
  }

  /// A granularity of 0 (or below) put every node at the offsets: Null Island, for a file without them.
  @Test(arguments: [0, -100])
  func aBlockWithoutAScaleIsMalformed(granularity: Int64) {
    var block = Self.cafe
    block.granularity = granularity
    Self.expect(PBFWriter.file([block]), .pbfMalformed(message: "PrimitiveBlock"), at: PBFWriter.file([]).count)
  }

  @Test func unknownBlobTypesAreSkipped() throws {
    let other = PBFWriter.frame(type: "SomethingNew", blob: [1, 2, 3])
    let data = PBFWriter.frame(type: "OSMData", blob: PBFWriter.blob(Self.data, compression: .raw))
    let parsed = try OSMImporter.read(.bytes(Self.header + other + data, name: "x"))
    #expect(parsed.places.map(\.name) == ["Kafé"])
  }

  @Test func theMessagesNameTheFileAndTheByteInEachLanguage() throws {
    let error = try #require(Self.failure(Array(PBFWriter.file([Self.cafe]).dropLast())))
    #expect(error.message(in: .nb).hasPrefix("Kunne ikke importere 'city.osm.pbf' (byte "), "\(error.message(in: .nb))")
    #expect(error.message(in: .nn).contains("fila sluttar midt i ei PBF-blokk"))
    #expect(error.message(in: .en).contains("the file ends in the middle of a PBF block; nothing was stored"))
  }
}
