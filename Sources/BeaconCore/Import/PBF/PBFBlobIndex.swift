/// Where the data blobs of an OSM PBF file are, found by reading only the framing (each blob's length prefix and
/// `BlobHeader`, its data skipped), so that a reader can take the blocks in any order (``ImportInput/read(at:count:)``).
///
/// The first blob must be an `OSMHeader` whose required features are supported; blobs of unknown types are left out.
/// There is no index of a file with a fault in its framing or header: its reader then reads it in order, which reports
/// the first fault where it is.
struct PBFBlobIndex {
  /// One `OSMData` blob: where its framing starts (where messages point) and where its `Blob` message is.
  struct Location {
    let offset: Int
    let dataOffset: Int
    let dataSize: Int
  }

  private(set) var blobs: [Location] = []

  /// Reads the framing of `input` from its start (``ImportInput/rewind()`` first, so a pipe becomes a file); `nil`
  /// at a fault in the framing or the header.
  init?(_ input: ImportInput) throws(PBFFailure) {
    guard input.rewind() else { throw PBFFailure(problem: .pbfNeedsFile, offset: 0) }
    var offset = 0
    var first = true
    do throws(PBFFailure) {
      while true {
        let prefix = try Self.read(input, at: offset, count: 4)
        if prefix.isEmpty {
          if first { throw PBFFailure(problem: .emptyInput, offset: 0) }
          return
        }
        guard prefix.count == 4 else { throw PBFFailure(problem: .pbfTruncated, offset: offset) }
        let length = try PBFBlobReader.headerLength(prefix[...], blobOffset: offset)
        let headerBytes = try Self.read(input, at: offset + 4, count: length)
        guard headerBytes.count == length else { throw PBFFailure(problem: .pbfTruncated, offset: offset) }
        let (type, dataSize) = try PBFBlobReader.header(headerBytes, blobOffset: offset)
        let dataOffset = offset + 4 + length
        // The blob's last byte must be there: a file cut inside a blob is truncated at the blob's start.
        let last = dataSize == 0 ? [] : try Self.read(input, at: dataOffset + dataSize - 1, count: 1)
        guard last.count == min(dataSize, 1) else { throw PBFFailure(problem: .pbfTruncated, offset: offset) }
        if first {
          let bytes = try Self.read(input, at: dataOffset, count: dataSize)
          try PBFBlockStream.checkHeader(PBFBlobReader.Blob(type: type, offset: offset, bytes: bytes))
          first = false
        } else if type == "OSMData" {
          blobs.append(Location(offset: offset, dataOffset: dataOffset, dataSize: dataSize))
        }
        offset = dataOffset + dataSize
      }
    } catch {
      return nil
    }
  }

  /// The blobs of a batch ending before `end`: at most `count` of them, and at most ``PBFBlockStream/maxBatchBytes``
  /// of them unless one alone is larger.
  func batch(endingAt end: Int, count: Int) -> Range<Int> {
    var start = end - 1
    var bytes = blobs[start].dataSize
    while start > 0, end - start < count, bytes + blobs[start - 1].dataSize <= PBFBlockStream.maxBatchBytes {
      start -= 1
      bytes += blobs[start].dataSize
    }
    return start..<end
  }

  /// The blobs of a batch from `start`, before `end`, bounded as ``batch(endingAt:count:)``'s.
  func batch(startingAt start: Int, before end: Int, count: Int) -> Range<Int> {
    var next = start + 1
    var bytes = blobs[start].dataSize
    while next < end, next - start < count, bytes + blobs[next].dataSize <= PBFBlockStream.maxBatchBytes {
      bytes += blobs[next].dataSize
      next += 1
    }
    return start..<next
  }

  /// The index of the blobs that `isIncluded`, in the same order.
  func filter(_ isIncluded: (Location) -> Bool) -> PBFBlobIndex {
    var index = self
    index.blobs = blobs.filter(isIncluded)
    return index
  }

  /// The blob at `location`, read from `input`.
  static func blob(_ location: Location, in input: ImportInput) throws(PBFFailure) -> PBFBlobReader.Blob {
    let bytes = try read(input, at: location.dataOffset, count: location.dataSize)
    guard bytes.count == location.dataSize else { throw PBFFailure(problem: .pbfTruncated, offset: location.offset) }
    return PBFBlobReader.Blob(type: "OSMData", offset: location.offset, bytes: bytes)
  }

  private static func read(_ input: ImportInput, at offset: Int, count: Int) throws(PBFFailure) -> [UInt8] {
    do {
      return try input.read(at: offset, count: count)
    } catch {
      throw PBFFailure(problem: .unreadable, offset: offset)
    }
  }
}
