import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// The import's two threads (``PlacePipe``): places are read and built on one while the other stores them; the
/// result is the one-thread import's, a reading error still leaves the store as it was, and cancelling stops both.
@Suite struct ImportPipelineTests {
  let directory = TemporaryDirectory()

  /// `count` cafés from `first` on, as GeoJSONSeq lines (RFC 8142: each after a record separator).
  static func sequence(from first: Int = 1, count: Int, name: (Int) -> String = { "Kafé \($0)" }) -> String {
    (first..<first + count).map { index in
      "\u{1E}" + ImportStreamingTests.feature(index, name: name(index), lon: 10.7 + Double(index % 997) * 1e-4)
        + "\n"
    }.joined()
  }

  @Test func readingGoesOnWhileAPlaceIsStored() throws {
    // The file comes through a pipe (64 KiB of buffer): while storing the first place waits, only a reader on
    // another thread can take in the rest of the 0.8 MB, so the test's writing thread can finish.
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let bytes = Array(Self.sequence(count: 5_000).utf8)
    #expect(bytes.count > 700_000)
    let written = DispatchSemaphore(value: 0)
    let writeEnd = ends[1]
    Thread.detachNewThread {
      var done = 0
      bytes.withUnsafeBytes { buffer in
        while done < buffer.count {
          let count = write(writeEnd, buffer.baseAddress?.advanced(by: done), buffer.count - done)
          guard count > 0 else { break }
          done += count
        }
      }
      written.signal()
      close(writeEnd)
    }
    let input = try ImportInput.file(path: "/dev/fd/\(ends[0])")
    var overlapped: Bool?
    let streamed = try OSMImporter.stream(input, parallel: true) { _, _, earlier, _ in
      if overlapped == nil { overlapped = written.wait(timeout: .now() + 10) == .success }
      return earlier ?? .added
    }
    if overlapped == false { written.wait() }
    close(ends[0])
    #expect(overlapped == true)
    #expect(streamed.ids.count == 5_000)
  }

  @Test func helsinkiIsStoredAsWithOneThread() async throws {
    let bytes = try [UInt8](Data(contentsOf: ImportSwiftFactTests.helsinki))
    try await expectSameImports(first: bytes, second: bytes, name: "Helsinki.osm.pbf")
  }

  @Test func generatedFilesAreStoredAsWithOneThread() async throws {
    // GeoJSON with every fact tag; then GeoJSONSeq with duplicates, renames and places gone (updated, unchanged,
    // removed), several batches long.
    try await expectSameImports(
      first: ImportSwiftFactTests.generated(count: 1_500),
      second: ImportSwiftFactTests.generated(count: 1_200),
      name: "generated.geojson"
    )
    let first = Self.sequence(count: 3_000)
    let second =
      Self.sequence(count: 2_500) { $0 % 7 == 0 ? "Nytt navn \($0)" : "Kafé \($0)" }
      + Self.sequence(from: 100, count: 300) + Self.sequence(from: 5_000, count: 900)
    try await expectSameImports(first: Array(first.utf8), second: Array(second.utf8), name: "generated.geojsonseq")
  }

  /// Imports `first` then `second` into a store with the demo's places, once with two threads and once with one:
  /// the reports, every table (the R*Tree's and full text's too) and text searches must be the same.
  func expectSameImports(first: [UInt8], second: [UInt8], name: String) async throws {
    let date = Date(timeIntervalSince1970: 1_790_000_000)
    var dumps: [[String]] = []
    var reports: [[ImportReport]] = []
    var searches: [[[String]]] = []
    for parallel in [true, false] {
      let store = try Store.open(path: directory.file("\(name)-\(parallel).sqlite"))
      var done: [ImportReport] = []
      for bytes in [first, second] {
        done.append(
          try await store.importPlaces(from: .bytes(bytes, name: name), at: date, parallel: parallel) { _ in }
        )
      }
      reports.append(done)
      dumps.append(try await store.dump())
      var found: [[String]] = []
      for text in ["kafe", "sted", "navn 14", "pizza", "cafe"] {
        let places = try await store.places(
          near: Coordinate(lat: 59.95, lon: 10.75),
          radiusMeters: 30_000,
          category: nil,
          text: text
        )
        found.append(places.map(\.id))
      }
      let helsinki = Coordinate(lat: 60.17, lon: 24.94)
      found.append(
        try await store.places(near: helsinki, radiusMeters: 3_000, category: nil, text: nil).map(\.id)
      )
      searches.append(found)
    }
    #expect(reports[0] == reports[1])
    #expect(reports[0].last?.total ?? 0 > 0)
    #expect(dumps[0].count > 1_000)
    #expect(dumps[0] == dumps[1])
    #expect(searches[0] == searches[1])
  }

  @Test func aBadRecordAfterThousandsOfGoodOnesLeavesTheStoreAsItWas() async throws {
    let path = directory.file("store.sqlite")
    let store = try Store.open(path: path)
    _ = try await store.importPlaces(from: .bytes(Array(Self.sequence(count: 2_000).utf8), name: "a"), at: Date())
    let before = try await store.dump()
    // 6 000 good places (more than the queue holds), then a record cut short.
    let text = Self.sequence(count: 6_000) { "Nytt \($0)" } + "\u{1E}" + #"{"type":"Feature","properties":{"#
    let file = directory.file("bad.geojsonseq")
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    var errors: [BeaconError] = []
    for parallel in [true, false] {
      do {
        _ = try await store.importPlaces(from: try .file(path: file), at: Date(), parallel: parallel) { _ in }
        Issue.record("the import should fail")
      } catch {
        errors.append(error)
      }
      #expect(try await store.dump() == before)
    }
    #expect(errors.count == 2)
    #expect(errors.first == errors.last, "the same error, naming the same position")
    if case .importFailed(let name, let position, _)? = errors.first {
      #expect(name == file)
      #expect(position != nil)
    } else {
      Issue.record("not an import error: \(errors)")
    }
  }

  @Test func cancellingStopsTheImportAndLeavesTheStoreAsItWas() async throws {
    let store = try Store.open(path: directory.file("store.sqlite"))
    _ = try await store.importPlaces(from: .bytes(Array(Self.sequence(count: 500).utf8), name: "a"), at: Date())
    let before = try await store.dump()
    let file = directory.file("big.geojsonseq")
    try Data(Self.sequence(count: 100_000).utf8).write(to: URL(fileURLWithPath: file))
    // The import's own task is cancelled from its first progress report, on the thread that stores the places.
    let task = Task {
      try await store.importPlaces(from: try .file(path: file), at: Date(), parallel: true) { _ in
        withUnsafeCurrentTask { $0?.cancel() }
      }
    }
    let result = await task.result
    guard case .failure(let error) = result, case .storage(let detail)? = error as? BeaconError else {
      Issue.record("the import should be cancelled: \(result)")
      return
    }
    #expect(detail.code == 9)
    #expect(try await store.dump() == before)
  }
}

/// A FIFO is opened without waiting for its writer: a writer that comes later is read whole, and an import of a FIFO
/// that never gets one ends when it is cancelled (it held the server up for good before).
@Suite struct ImportFIFOTests {
  let directory = TemporaryDirectory()

  /// A new FIFO in the test's directory.
  func fifo() throws -> String {
    let path = directory.file("places.geojsonseq")
    try #require(mkfifo(path, 0o600) == 0)
    return path
  }

  /// Whether `semaphore` is signalled within 120 s (the whole suite may be running), waited for off the cooperative
  /// pool.
  static func signalled(_ semaphore: DispatchSemaphore) async -> Bool {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: semaphore.wait(timeout: .now() + 120) == .success) }
    }
  }

  @Test func aWriterThatComesLaterIsReadWhole() async throws {
    let path = try fifo()
    let store = try Store.open(path: directory.file("store.sqlite"))
    let bytes = Array(ImportPipelineTests.sequence(count: 500).utf8)
    Thread.detachNewThread {
      Thread.sleep(forTimeInterval: 0.3)
      let writer = open(path, O_WRONLY)
      bytes.withUnsafeBytes { buffer in
        var done = 0
        while done < buffer.count {
          let count = write(writer, buffer.baseAddress?.advanced(by: done), buffer.count - done)
          guard count > 0 else { break }
          done += count
        }
      }
      close(writer)
    }
    let report = try await store.importPlaces(from: try .file(path: path), at: Date())
    #expect(report.tally.added == 500)
  }

  @Test func aCancelledImportOfAFIFOWithNoWriterEnds() async throws {
    let path = try fifo()
    let store = try Store.open(path: directory.file("store.sqlite"))
    _ = try await store.importPlaces(
      from: .bytes(Array(ImportPipelineTests.sequence(count: 5).utf8), name: "a"),
      at: Date()
    )
    let before = try await store.dump()
    let finished = DispatchSemaphore(value: 0)
    let task = Task {
      defer { finished.signal() }
      return try await store.importPlaces(from: try .file(path: path), at: Date())
    }
    // Cancelled from a Dispatch thread, not after a `Task.sleep`: the import holds a thread of the cooperative pool
    // while it waits for the FIFO, and when the rest of the suite holds the others, a sleeping task never wakes to
    // cancel it.
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { task.cancel() }
    let ended = await Self.signalled(finished)
    #expect(ended, "the import ended when cancelled")
    guard ended else {
      // A writer that opens and closes ends the reading, so that the test leaves nothing running.
      close(open(path, O_WRONLY | O_NONBLOCK))
      return
    }
    guard case .failure(let error) = await task.result, case .storage(let detail)? = error as? BeaconError else {
      Issue.record("the import should be cancelled")
      return
    }
    #expect(detail.code == 9)
    #expect(try await store.dump() == before)
  }
}

extension Store {
  /// Every row of every table (virtual tables' shadow tables included) and the schema, as sorted text.
  func dump() throws -> [String] {
    let tables = try database.query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
      .compactMap { $0.string(0) }
    var lines = try database.query("SELECT type, name, sql FROM sqlite_schema ORDER BY name").map { "\($0.values)" }
    // The full-text index itself cannot be scanned (contentless, without token counts); its shadow tables are read.
    for table in tables where !table.hasPrefix("sqlite_") && table != "place_fts" {
      lines += try database.query("SELECT * FROM \"\(table)\"").map { "\(table): \($0.values)" }.sorted()
    }
    return lines
  }
}
