import Dispatch

/// One pass over the data blocks of an OSM PBF file, decompressing and decoding `batch` blocks at a time in
/// parallel (`DispatchQueue.concurrentPerform`: as many threads as cores) and handing the kept elements of each
/// block to the caller in file order, on the calling thread.
///
/// Memory stays bounded: a batch holds at most `batch` compressed blobs (and at most ``maxBatchBytes`` of them,
/// unless one blob alone is larger), each thread one decompressed block at a time, and what is handed on is only
/// what the filter keeps. A fault is reported as reading one block after the other would: the first in the file.
struct PBFBlockStream {
  /// The compressed bytes a batch gathers at most (one blob more, if alone it is larger).
  static let maxBatchBytes = 32 << 20

  let input: ImportInput
  let batch: Int
  let selection: PBFPrimitiveBlock.Selection
  let filter: PBFPrimitiveBlock.Filter

  /// Reads the file from its start (checking its header) and calls `body` with each data block's kept elements
  /// and the block's file offset; blocks for whose offset `skip` says `true` are neither decompressed nor decoded.
  func forEach(
    skip: (Int) -> Bool = { _ in false },
    _ body: (PBFElements, Int) throws(PBFFailure) -> Void
  ) throws(PBFFailure) {
    guard input.rewind() else { throw PBFFailure(problem: .pbfNeedsFile, offset: 0) }
    var blobs = PBFBlobReader(input: input)
    guard let first = try blobs.next() else { throw PBFFailure(problem: .emptyInput, offset: 0) }
    try Self.checkHeader(first)
    var ended = false
    while !ended {
      var pending: [PBFBlobReader.Blob] = []
      var bytes = 0
      // A fault in the framing comes after the blocks before it, which may have faults of their own.
      var framing: PBFFailure?
      while pending.count < batch, bytes < Self.maxBatchBytes {
        do {
          guard let blob = try blobs.next() else {
            ended = true
            break
          }
          // Unknown blob types are skipped, as the format says (and the blocks the caller needs not).
          guard blob.type == "OSMData", !skip(blob.offset) else { continue }
          bytes += blob.bytes.count
          pending.append(blob)
        } catch {
          framing = error
          ended = true
          break
        }
      }
      for result in decode(pending) {
        let (elements, offset) = try result.get()
        try body(elements, offset)
      }
      if let framing { throw framing }
    }
  }

  /// The kept elements and offsets of the blobs at `locations`, read from the input on this thread, then
  /// decompressed and decoded on all cores.
  func decode(_ locations: ArraySlice<PBFBlobIndex.Location>) -> [Result<(PBFElements, Int), PBFFailure>] {
    var blobs: [PBFBlobReader.Blob] = []
    blobs.reserveCapacity(locations.count)
    for location in locations {
      do {
        blobs.append(try PBFBlobIndex.blob(location, in: input))
      } catch {
        return decode(blobs) + [.failure(error)]
      }
    }
    return decode(blobs)
  }

  /// Decompresses and decodes `blobs` on all cores.
  private func decode(_ blobs: [PBFBlobReader.Blob]) -> [Result<(PBFElements, Int), PBFFailure>] {
    let selection = selection
    let filter = filter
    guard blobs.count > 1 else { return blobs.map { Self.decode($0, selection, filter) } }
    var results = [Result<(PBFElements, Int), PBFFailure>?](repeating: nil, count: blobs.count)
    results.withUnsafeMutableBufferPointer { slots in
      // Each iteration writes its own slot only.
      nonisolated(unsafe) let slots = slots
      DispatchQueue.concurrentPerform(iterations: blobs.count) { index in
        slots[index] = Self.decode(blobs[index], selection, filter)
      }
    }
    return results.map { $0 ?? .failure(PBFFailure(problem: .pbfMalformed(message: "PrimitiveBlock"), offset: 0)) }
  }

  /// One blob's kept elements and offset.
  private static func decode(
    _ blob: PBFBlobReader.Blob,
    _ selection: PBFPrimitiveBlock.Selection,
    _ filter: PBFPrimitiveBlock.Filter
  ) -> Result<(PBFElements, Int), PBFFailure> {
    do throws(PBFFailure) {
      let block: [UInt8] = try PBFBlobReader.decompress(blob)
      do {
        return .success((try PBFPrimitiveBlock(block).elements(selection, filter), blob.offset))
      } catch {
        throw PBFFailure(problem: .pbfMalformed(message: "PrimitiveBlock"), offset: blob.offset)
      }
    } catch {
      return .failure(error)
    }
  }

  /// Checks that the first blob is an `OSMHeader` whose required features this reader supports.
  static func checkHeader(_ blob: PBFBlobReader.Blob) throws(PBFFailure) {
    guard blob.type == "OSMHeader" else { throw PBFFailure(problem: .pbfNoHeader, offset: blob.offset) }
    let header: PBFHeaderBlock
    let bytes = try PBFBlobReader.decompress(blob)
    do {
      header = try PBFHeaderBlock(bytes)
    } catch {
      throw PBFFailure(problem: .pbfMalformed(message: "HeaderBlock"), offset: blob.offset)
    }
    let unsupported = header.unsupportedFeatures
    if !unsupported.isEmpty {
      throw PBFFailure(problem: .pbfUnsupportedFeatures(names: unsupported), offset: blob.offset)
    }
  }
}
