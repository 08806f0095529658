import Foundation

extension OSMImporter {
  /// What ``stream(_:source:maxBytes:progress:parallel:cancelled:store:)`` read, besides the places it handed on.
  package struct Streamed: Sendable {
    /// Features left out, by reason (as ``Parsed/skipped``).
    package var skipped: [String: Int] = [:]
    /// How many places have an id derived from their content.
    package var derivedIDs = 0
    /// The format the input was in.
    package var format = OSMImportFormat.geoJSON
    /// The ids of the places handed on, with what storing each did.
    package var ids = ImportedIDs()
    /// The ids of places in the file that could not be placed because the file lacks some of their nodes (an extract
    /// cut through a way): they are still there, so a re-import must not remove them as gone.
    package var unplaced: Set<String> = []
    /// The input's name, for a fault of the ids' temporary file (``ImportedIDsSpill``).
    var file = ""

    /// Folds a built place into what was handed on so far and hands it to `store`, unless it is osmium's second
    /// drawing of a closed way (as a line after its area). A later object with an id already handed on is handed
    /// on again (it replaces the earlier one) with what storing the earlier one did.
    mutating func handOn(
      _ place: Place,
      facts: ImportFacts,
      kind: OSMFeature.Kind,
      store: (Place, ImportFacts, _ earlier: ImportOutcome?, _ provisional: Bool) throws(BeaconError) -> ImportOutcome
    ) throws(BeaconError) {
      let earlier: ImportedIDs.Entry?
      do throws(SQLiteError) {
        earlier = try ids.entry(place.id)
      } catch {
        throw spillFailure
      }
      if let earlier {
        // osmium writes a closed way as a LineString and again as an area: one place, at the area's centroid.
        switch (earlier.kind, kind) {
        case (.area, .closedLine): return
        case (.closedLine, .area): break
        default: skipped["duplicate", default: 0] += 1
        }
      } else if place.id.hasPrefix(contentIDPrefix) {
        derivedIDs += 1
      }
      let outcome = try store(place, facts, earlier?.outcome, kind == .closedLine)
      do throws(SQLiteError) {
        let entry = ImportedIDs.Entry(kind: kind, category: place.category, outcome: outcome)
        try ids.set(place.id, entry, isNew: earlier == nil)
      } catch {
        throw spillFailure
      }
    }

    /// A fault of the ids' temporary file (``ImportedIDsSpill``, made by SQLite in `TMPDIR` or where it finds room):
    /// the import cannot go on, and the user can give it a directory with room.
    private var spillFailure: BeaconError {
      .importFailed(file: file, position: nil, reason: .temporaryFile(directory: UnlinkedFile.directories[0]))
    }
  }

  /// How many places the reading thread hands on at a time (``PlacePipe``).
  static let batchSize = 256
  /// How many batches may wait for the writer: with ~1 KB a place, a few MB.
  static let queuedBatches = 16
  /// The bytes read after which the reading thread hands on a batch even with few places in it (for progress).
  static let progressBytes = 1 << 20

  /// Reads `input` to its end, one object at a time, handing each place to `store` as soon as it is read: memory
  /// holds one object (with `parallel`, a few thousand built places) and the ids seen so far (``ImportedIDs``),
  /// never all the places.
  ///
  /// With `parallel`, reading, parsing and building the places runs on a second thread, which hands them on in
  /// batches through a bounded queue (``PlacePipe``); `store`, `progress` and the folding of duplicates stay on the
  /// calling thread (the one owning the store's connection), in file order. A reading error is thrown after the
  /// places read before it were stored, as without `parallel`; when `store` throws, or the calling task is cancelled
  /// (then `cancelled` is thrown), the reading thread stops at its next object or chunk of input, and this returns
  /// only once it has ended.
  ///
  /// A later object with an id already handed on is handed on again (it replaces the earlier one) with what
  /// storing the earlier one did; osmium's second drawing of a closed way (as a line after its area) is not.
  ///
  /// - Parameters:
  ///   - maxBytes: The largest object (a feature, an element, a GeoJSONSeq record).
  ///   - progress: Called with the number of bytes read so far: after each object, or with `parallel` after each
  ///     batch stored.
  ///   - idsInMemory: The most ids kept in memory (``ImportedIDs/memoryLimit``).
  ///   - store: Stores a place (given what storing an earlier object with its id did, and whether the place may
  ///     come again in a final form: osmium's closed way as a line, before its area) and says what it did.
  package static func stream(
    _ input: ImportInput,
    source: String = "osm",
    maxBytes: Int = .max,
    progress: (Int) -> Void = { _ in },
    parallel: Bool = false,
    cancelled: @autoclosure () -> BeaconError = .storage(
      SQLiteError(code: 9, message: "interrupted: the import was cancelled")
    ),
    idsInMemory: Int = ImportedIDs.memoryLimit,
    store: (Place, ImportFacts, _ earlier: ImportOutcome?, _ provisional: Bool) throws(BeaconError) -> ImportOutcome
  ) throws(BeaconError) -> Streamed {
    var streamed = Streamed()
    streamed.ids = ImportedIDs(memoryLimit: idsInMemory)
    streamed.file = input.name
    guard parallel else {
      let (format, skipped, unplaced) = try produce(input, source: source, maxBytes: maxBytes) {
        progress(input.bytesRead)
      } emit: {
        place,
        facts,
        kind throws(BeaconError) in
        try streamed.handOn(place, facts: facts, kind: kind, store: store)
      }
      streamed.format = format
      streamed.skipped.merge(skipped, uniquingKeysWith: +)
      streamed.unplaced = unplaced
      return streamed
    }
    let pipe = PlacePipe(capacity: queuedBatches)
    startProducer(input, source: source, maxBytes: maxBytes, pipe: pipe)
    defer {
      pipe.stop()
      pipe.waitForProducer()
      // What the reading thread held (a PBF's ways waiting for their nodes) is freed now, but glibc keeps the pages in
      // the thread's arena, where the writing thread's index building does not reuse them: they go back to the system.
      _ = mallocTrim?(0)
    }
    while true {
      guard let message = pipe.take(timeout: 0.05) else {
        if Task.isCancelled { throw cancelled() }
        continue
      }
      switch message {
      case .batch(let batch):
        for item in batch.items {
          try streamed.handOn(item.place, facts: item.facts, kind: item.kind, store: store)
        }
        progress(batch.bytesRead)
      case .end(let format, let skipped, let unplaced):
        streamed.format = format
        streamed.skipped.merge(skipped, uniquingKeysWith: +)
        streamed.unplaced = unplaced
        return streamed
      case .failed(let error):
        throw error
      }
    }
  }

  /// Starts the thread that reads `input` and hands its places to `pipe` in batches, then its ending.
  private static func startProducer(_ input: ImportInput, source: String, maxBytes: Int, pipe: PlacePipe) {
    // The input is the reading thread's alone until it ends (the caller waits for that before returning).
    let owned = Owned(input)
    input.shouldStop = { pipe.isStopped }
    let thread = Thread {
      defer { pipe.producerDidEnd() }
      let input = owned.value
      var batch = PlacePipe.Batch()
      batch.items.reserveCapacity(batchSize)
      var handedOnBytes = 0
      var stopped = false
      func flush() {
        guard !stopped else { return }
        stopped = !pipe.put(.batch(batch))
        handedOnBytes = batch.bytesRead
        batch = PlacePipe.Batch()
        batch.items.reserveCapacity(batchSize)
      }
      let ending: PlacePipe.Message
      do throws(BeaconError) {
        let (format, skipped, unplaced) = try produce(input, source: source, maxBytes: maxBytes) {
          batch.bytesRead = input.bytesRead
          if batch.items.count >= batchSize || batch.bytesRead - handedOnBytes >= progressBytes { flush() }
        } emit: { place, facts, kind throws(BeaconError) in
          // The writer stopped: what it throws is the import's error, not this one.
          if stopped { throw .importFailed(file: input.name, position: nil, reason: .unreadable) }
          batch.items.append(PlacePipe.Item(place: place, facts: facts, kind: kind))
        }
        if !batch.items.isEmpty || batch.bytesRead > handedOnBytes { flush() }
        ending = .end(format: format, skipped: skipped, unplaced: unplaced)
      } catch {
        if !batch.items.isEmpty { flush() }
        ending = .failed(error)
      }
      if !stopped { _ = pipe.put(ending) }
    }
    // The JSON parser and the PBF decoder recurse: the main thread's stack size, not a secondary thread's default.
    thread.stackSize = 8 << 20
    thread.name = "beacon-import-reader"
    thread.start()
  }

  /// Reads `input` to its end and hands each place it keeps to `emit` with the kind of drawing it came from, calling
  /// `progress` after each object; returns the input's format, the features left out by reason, and the ids of those
  /// left out for nodes the file lacks.
  static func produce(
    _ input: ImportInput,
    source: String,
    maxBytes: Int,
    progress: () -> Void,
    emit: (Place, ImportFacts, OSMFeature.Kind) throws(BeaconError) -> Void
  ) throws(BeaconError) -> (OSMImportFormat, [String: Int], Set<String>) {
    var reader = OSMFeatureReader(input: input, maxBytes: maxBytes)
    var skipped: [String: Int] = [:]
    var unplaced: Set<String> = []
    func handOn(_ feature: OSMFeature) throws(BeaconError) {
      defer { progress() }
      let built = try place(from: feature, file: input.name, source: source, skipped: &skipped, unplaced: &unplaced)
      guard let (place, facts) = built else { return }
      try emit(place, facts, feature.kind)
    }
    if try reader.isPBF() {
      // Nodes go on as their blocks are read, so memory does not hold the extract's places; progress goes on after
      // each batch of blocks, also while the ways and relations at the file's end are read first.
      try PBFFeatureReader.read(input, progress: progress, handOn)
    } else {
      while let feature = try reader.next() { try handOn(feature) }
    }
    return (reader.format ?? .geoJSON, skipped, unplaced)
  }
}

/// A value handed to another thread that alone uses it from then on.
private struct Owned<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// glibc's `malloc_trim`, where the C library has one (not on macOS): looked up, since Glibc's module leaves it out.
private let mallocTrim: (@convention(c) (Int) -> Int32)? = {
  guard let symbol = dlsym(dlopen(nil, RTLD_LAZY), "malloc_trim") else { return nil }
  return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
}()
