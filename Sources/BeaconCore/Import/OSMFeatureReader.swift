import BeaconJSON
import Foundation

/// The formats `places/import` reads, recognised by their content (never by the file name).
package enum OSMImportFormat: String, Sendable, Codable {
  /// A GeoJSON FeatureCollection (`osmium export -f geojson`, overpass turbo's GeoJSON export).
  case geoJSON = "geojson"
  /// GeoJSON Text Sequences (RFC 8142, `osmium export -f geojsonseq`): one Feature per record, each after an
  /// RS (0x1E) or simply one per line.
  case geoJSONSeq = "geojsonseq"
  /// Overpass API JSON (`[out:json]`): `elements` of type node, way and relation.
  case overpass
  /// An OpenStreetMap PBF file (`.osm.pbf`), read in passes (see ``PBFFeatureReader``).
  case pbf
}

/// Reads the OpenStreetMap objects of an import one at a time.
///
/// Nothing is read whole: GeoJSONSeq record by record, and a GeoJSON FeatureCollection or Overpass JSON document
/// member by member, each element of its `features` or `elements` array parsed on its own (see
/// `OSMFeatureReader+Document.swift`). Memory holds one object (at most `maxBytes`) and a megabyte or two of
/// input, whatever the length of the file; errors still name the line and column in the whole file.
struct OSMFeatureReader {
  /// The format, known after the first ``next()``.
  var format: OSMImportFormat?

  let input: ImportInput
  let maxBytes: Int
  var state = State.start
  /// The bytes read but not yet used, from `start`.
  var buffer: [UInt8] = []
  var start = 0
  var ended = false
  /// The line `start` is on (sequences), and how many objects came before.
  var line = 1
  var count = 0
  /// The line and column of `buffer[mark]` (documents), so a position anywhere after it can be told.
  var mark = 0
  var markLine = 1
  var markColumn = 1
  /// The members of a document's top-level object read so far (all but the streamed array), their size, and
  /// where the object starts (valid until the buffer is first compacted, which only streaming does).
  var members: [String: JSONValue] = [:]
  var memberBytes = 0
  var objectStart = 0
  var streamed = false

  enum State {
    case start
    /// In a document's top-level object, before a member (`first`) or after one.
    case members(first: Bool)
    /// In the streamed `features` or `elements` array, before its first element (`first`) or after one.
    case elements(first: Bool)
    case sequence(separator: UInt8)
    /// An OSM PBF file, not yet read: ``PBFFeatureReader`` reads it in passes.
    case pbf
    case features([OSMFeature], next: Int)
    case finished
  }

  static let recordSeparator: UInt8 = 0x1E
  static let lineFeed: UInt8 = 0x0A

  init(input: ImportInput, maxBytes: Int) {
    self.input = input
    self.maxBytes = maxBytes
  }

  /// Whether the input is an OSM PBF file not read yet, which its caller may read with ``PBFFeatureReader``
  /// (objects handed on as the passes find them) instead of with ``next()``.
  mutating func isPBF() throws(BeaconError) -> Bool {
    if case .start = state { try begin() }
    if case .pbf = state { return true }
    return false
  }

  /// The next object, or `nil` at the end of the input.
  mutating func next() throws(BeaconError) -> OSMFeature? {
    if case .start = state { try begin() }
    switch state {
    case .start, .finished:
      return nil
    case .members, .elements:
      guard let item = try nextDocumentItem() else {
        // The object was a Feature alone on the first line: a sequence, read again from its start.
        if case .sequence = state { return try next() }
        return nil
      }
      count += 1
      return try format == .overpass ? element(item) : feature(item)
    case .sequence(let separator):
      return try nextRecord(separator: separator)
    case .pbf:
      // Read whole here; ``isPBF()`` lets a caller have the objects handed on as they are found instead.
      state = .features(try PBFFeatureReader.read(input), next: 0)
      return try next()
    case .features(let features, let next):
      guard next < features.count else { return nil }
      state = .features(features, next: next + 1)
      count += 1
      return features[next]
    }
  }

  // MARK: - Recognising the format

  /// The compression a whole file starts with (its magic bytes), if any: gzip, bzip2, xz or zstd.
  static func compression(of bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0x1F, 0x8B]) { return "gzip" }
    if bytes.starts(with: Array("BZh".utf8)) { return "bzip2" }
    if bytes.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return "xz" }
    if bytes.starts(with: [0x28, 0xB5, 0x2F, 0xFD]) { return "zstd" }
    return nil
  }

  private mutating func begin() throws(BeaconError) {
    // The first byte that is not white space (or a byte order mark) tells most.
    while buffer.count < 6, try fill() {}
    // An OSM PBF file starts with the big-endian length of its first BlobHeader: a NUL byte no text has.
    if buffer.first == 0 {
      format = .pbf
      buffer = []
      state = .pbf
      return
    }
    if let name = Self.compression(of: buffer) { throw failure(nil, .compressed(name: name)) }
    if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { buffer.removeFirst(3) }
    var firstIndex: Int?
    while firstIndex == nil {
      if let index = buffer[start...].firstIndex(where: { !Self.isSpace($0) }) {
        firstIndex = index
      } else if try !fill() {
        throw failure(nil, .emptyInput)
      }
    }
    guard let firstIndex else { return }
    let first = buffer[firstIndex]
    // OSM XML is not read, but named, with the way to export it.
    if first == UInt8(ascii: "<") { throw failure(nil, .osmXML) }
    if first == Self.recordSeparator {
      format = .geoJSONSeq
      state = .sequence(separator: Self.recordSeparator)
      return
    }
    // A document, or one Feature on the first line (a sequence without separators): read the object member by
    // member, streaming its `features` or `elements` array when it comes.
    start = firstIndex
    try beginDocument()
  }

  /// Whether `value` looks like a GeoJSON Feature (a Feature with properties or a geometry).
  static func isFeature(_ value: JSONValue) -> Bool {
    value["type"]?.stringValue == "Feature" && (value["properties"] != nil || value["geometry"] != nil)
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  // MARK: - Reading

  /// Reads another chunk into the buffer; `false` at the end of the input.
  mutating func fill() throws(BeaconError) -> Bool {
    guard !ended else { return false }
    guard let chunk = try input.read() else {
      ended = true
      return false
    }
    buffer.append(contentsOf: chunk)
    return true
  }

  /// The Feature of the next record of a sequence that is not only white space (``GeoJSONFeatureScanner``).
  private mutating func nextRecord(separator: UInt8) throws(BeaconError) -> OSMFeature? {
    while true {
      // Drop what was read once it is most of the buffer (indexes stay valid within one record).
      if start > 1 << 20, start * 2 > buffer.count {
        buffer.removeFirst(start)
        start = 0
      }
      var searched = start
      var end: Int?
      while end == nil {
        if let index = Self.index(of: separator, in: buffer, from: searched) {
          end = index
        } else if buffer.count - start > maxBytes {
          throw failure(.feature(count + 1), .recordTooLarge(limitMiB: maxBytes >> 20))
        } else {
          searched = buffer.count
          if try !fill() { end = buffer.count }
        }
      }
      guard let end else { return nil }
      let recordStart = start
      let recordLine = line
      // Records split at line feeds hold none.
      line +=
        separator == Self.lineFeed
        ? (end < buffer.count ? 1 : 0) : buffer[recordStart..<end].count { $0 == Self.lineFeed }
      start = min(end + 1, buffer.count)
      // Scanned where it is in the buffer (not copied); `nil` when it is only white space.
      let scanned: Result<GeoJSONFeatureScanner.Scanned, JSONParseError>? = buffer.withUnsafeBufferPointer { whole in
        let record = UnsafeBufferPointer(rebasing: whole[recordStart..<end])
        // Without trailing white space, an error at the end of a cut record is on its own line.
        guard let last = record.lastIndex(where: { !Self.isSpace($0) }) else { return nil }
        do throws(JSONParseError) {
          return .success(try GeoJSONFeatureScanner.scan(UnsafeBufferPointer(rebasing: record[...last])))
        } catch {
          return .failure(error)
        }
      }
      switch scanned {
      case nil:
        if end >= buffer.count { return nil }
        continue
      case .success(let scanned):
        count += 1
        return try feature(scanned)
      case .failure(let error):
        let record = Array(buffer[recordStart..<end])
        throw failure(Self.position(of: error.offset, in: record, firstLine: recordLine), .invalidJSON(error.kind))
      }
    }
  }

  /// The first `byte` in `buffer` at or after `start` (`memchr`: records are kilobytes long).
  private static func index(of byte: UInt8, in buffer: [UInt8], from start: Int) -> Int? {
    buffer.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress, start < bytes.count else { return nil }
      guard let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }

  /// "line L, column C" of a byte offset in a record that starts on `firstLine`.
  private static func position(of offset: Int, in record: [UInt8], firstLine: Int) -> ImportPosition {
    let skipped = record.prefix(offset).lastIndex(of: lineFeed).map { $0 + 1 } ?? 0
    let lines = record.prefix(offset).count { $0 == lineFeed }
    let column = record[skipped..<min(offset, record.count)].count { $0 & 0xC0 != 0x80 } + 1
    return .lineColumn(line: firstLine + lines, column: column)
  }

  // MARK: - Objects

  /// A GeoJSON Feature: its tags (properties and any nested `tags`) and its identity.
  func feature(_ value: JSONValue) throws(BeaconError) -> OSMFeature {
    let position = ImportPosition.feature(count)
    guard value["type"]?.stringValue == "Feature", let properties = value["properties"] else {
      throw failure(position, .notFeature)
    }
    var all = properties.objectValue ?? [:]
    if let nested = properties["tags"]?.objectValue { all.merge(nested) { _, tag in tag } }
    let tags = ImportTags(all)
    let identity = OSMImporter.identity(featureID: value["id"]?.stringValue, tags: tags)
    return OSMFeature(position: position, tags: tags, identity: identity, shape: .geoJSON(value["geometry"]))
  }

  /// A GeoJSON Feature as ``GeoJSONFeatureScanner`` read it (what ``feature(_:)`` makes of the parsed value).
  func feature(_ scanned: GeoJSONFeatureScanner.Scanned) throws(BeaconError) -> OSMFeature {
    let position = ImportPosition.feature(count)
    guard case .feature(let tags, let featureID, let shape) = scanned else { throw failure(position, .notFeature) }
    let identity = OSMImporter.identity(featureID: featureID, tags: tags)
    return OSMFeature(position: position, tags: tags, identity: identity, shape: shape)
  }

  /// An Overpass element: `type`, `id`, `tags` and where it is.
  func element(_ value: JSONValue) throws(BeaconError) -> OSMFeature {
    let position = ImportPosition.element(count)
    guard value.objectValue != nil else { throw failure(position, .notOverpassElement) }
    var identity: (type: String, id: Int)?
    if let type = value["type"]?.stringValue, ["node", "way", "relation"].contains(type), let id = value["id"]?.intValue
    {
      identity = (type, id)
    }
    return OSMFeature(
      position: position,
      tags: ImportTags(value["tags"]?.objectValue ?? [:]),
      identity: identity,
      shape: .overpass(value)
    )
  }

  func failure(_ position: ImportPosition?, _ reason: ImportProblem) -> BeaconError {
    .importFailed(file: input.name, position: position, reason: reason)
  }
}
