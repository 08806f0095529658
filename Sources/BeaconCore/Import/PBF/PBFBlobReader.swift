/// Reads the framing of an OSM PBF file from an ``ImportInput``: a sequence of a 4-byte big-endian length, a
/// `BlobHeader` of that length (`type`, `datasize`) and a `Blob` of `datasize` bytes, each checked against the
/// format's limits (64 KiB for a header, 32 MiB for a blob, compressed or not) before anything is allocated.
struct PBFBlobReader {
  /// One blob, still compressed.
  struct Blob {
    /// The `BlobHeader`'s type: `OSMHeader`, `OSMData` or one to skip.
    let type: String
    /// The file offset of the blob's length prefix (where its messages point).
    let offset: Int
    /// The `Blob` message.
    let bytes: [UInt8]
  }

  /// The largest `BlobHeader` the format allows.
  static let maxHeaderSize = 64 << 10
  /// The largest `Blob`, and the largest uncompressed block, the format allows.
  static let maxBlobSize = 32 << 20

  private let input: ImportInput
  private var buffer: [UInt8] = []
  private var start = 0
  /// The file offset of `buffer[start]`.
  private(set) var offset = 0
  private var ended = false

  init(input: ImportInput) {
    self.input = input
  }

  /// The next blob, or `nil` at the end of the file.
  mutating func next() throws(PBFFailure) -> Blob? {
    let blobOffset = offset
    guard try available(4) else {
      if buffer.count > start { throw PBFFailure(problem: .pbfTruncated, offset: blobOffset) }
      return nil
    }
    let length = try Self.headerLength(buffer[start..<(start + 4)], blobOffset: blobOffset)
    consume(4)
    let (type, dataSize) = try Self.header(try take(length, blobOffset: blobOffset), blobOffset: blobOffset)
    return Blob(type: type, offset: blobOffset, bytes: try take(dataSize, blobOffset: blobOffset))
  }

  /// The length of the `BlobHeader` that a blob's first four bytes give, checked against the format's limit.
  static func headerLength(_ prefix: ArraySlice<UInt8>, blobOffset: Int) throws(PBFFailure) -> Int {
    let length = prefix.reduce(0) { $0 << 8 | Int($1) }
    guard length <= maxHeaderSize else {
      throw PBFFailure(problem: .pbfBlobHeaderTooLarge(bytes: length), offset: blobOffset)
    }
    return length
  }

  /// A `BlobHeader`'s type and the size of the blob that follows it, checked against the format's limit.
  static func header(_ bytes: [UInt8], blobOffset: Int) throws(PBFFailure) -> (type: String, dataSize: Int) {
    var type: String?
    var dataSize: Int?
    do {
      var header = ProtobufReader(bytes)
      while let field = try header.nextField() {
        switch (field.number, field.type) {
        case (1, .lengthDelimited): type = try header.string()
        case (3, .varint): dataSize = Int(clamping: try header.varint())
        default: try header.skip(field.type)
        }
      }
    } catch {
      throw PBFFailure(problem: .pbfMalformed(message: "BlobHeader"), offset: blobOffset)
    }
    guard let type, let dataSize else {
      throw PBFFailure(problem: .pbfMalformed(message: "BlobHeader"), offset: blobOffset)
    }
    guard dataSize <= maxBlobSize else {
      throw PBFFailure(problem: .pbfBlobTooLarge(bytes: dataSize), offset: blobOffset)
    }
    return (type, dataSize)
  }

  /// The block a blob holds, decompressed: `raw` or `zlib_data` (at most ``maxBlobSize`` either way); the other
  /// compressions are refused by name.
  static func decompress(_ blob: Blob) throws(PBFFailure) -> [UInt8] {
    func failure(_ problem: ImportProblem) -> PBFFailure { PBFFailure(problem: problem, offset: blob.offset) }
    var raw: ArraySlice<UInt8>?
    var zlib: ArraySlice<UInt8>?
    var rawSize: UInt64?
    var compression: String?
    do {
      var reader = ProtobufReader(blob.bytes)
      while let field = try reader.nextField() {
        switch (field.number, field.type) {
        case (1, .lengthDelimited): raw = try reader.data()
        case (2, .varint): rawSize = try reader.varint()
        case (3, .lengthDelimited): zlib = try reader.data()
        case (4, .lengthDelimited):
          _ = try reader.lengthDelimited()
          compression = "lzma"
        case (5, .lengthDelimited):
          _ = try reader.lengthDelimited()
          compression = "bzip2"
        case (6, .lengthDelimited):
          _ = try reader.lengthDelimited()
          compression = "lz4"
        case (7, .lengthDelimited):
          _ = try reader.lengthDelimited()
          compression = "zstd"
        default: try reader.skip(field.type)
        }
      }
    } catch {
      throw failure(.pbfMalformed(message: "Blob"))
    }
    if let raw { return Array(raw) }
    if let zlib {
      guard let rawSize else { throw failure(.pbfMalformed(message: "Blob")) }
      guard rawSize <= UInt64(maxBlobSize) else { throw failure(.pbfBlobTooLarge(bytes: Int(clamping: rawSize))) }
      do {
        return try Zlib.inflate(zlib, expectedSize: Int(rawSize))
      } catch {
        throw failure(.pbfCorruptZlib)
      }
    }
    if let compression { throw failure(.pbfCompression(name: compression)) }
    throw failure(.pbfMalformed(message: "Blob"))
  }

  // MARK: - Buffering

  /// Whether `count` bytes are buffered from `start`, reading more as needed.
  private mutating func available(_ count: Int) throws(PBFFailure) -> Bool {
    while buffer.count - start < count {
      guard !ended else { return false }
      let chunk: [UInt8]?
      do {
        chunk = try input.read()
      } catch {
        throw PBFFailure(problem: .unreadable, offset: offset)
      }
      guard let chunk else {
        ended = true
        return false
      }
      if start > 0 {
        buffer.removeFirst(start)
        start = 0
      }
      buffer.append(contentsOf: chunk)
    }
    return true
  }

  private mutating func consume(_ count: Int) {
    start += count
    offset += count
  }

  /// The next `count` bytes; the end of the file before them is a truncated blob.
  private mutating func take(_ count: Int, blobOffset: Int) throws(PBFFailure) -> [UInt8] {
    guard try available(count) else { throw PBFFailure(problem: .pbfTruncated, offset: blobOffset) }
    let bytes = Array(buffer[start..<(start + count)])
    consume(count)
    return bytes
  }
}
