import BeaconCore
import BeaconSync
import Foundation
import JSONRPC

extension BeaconServer {
  /// The largest object (a feature of a FeatureCollection, an Overpass element, a GeoJSONSeq record) `places/import`
  /// reads (parsing holds about ten times its size in memory); the file itself may be of any length.
  static let maxImportBytes = 256 << 20

  /// `places/import`: reads an OSM file into the store in one transaction, reporting progress.
  func importPlaces(
    _ request: ImportPlacesRequest,
    context: RequestContext
  ) async throws
    -> ImportPlacesRequest.Response
  {
    let language = language
    let readsStandardInput = options.importsFromStandardInput
    context.reportProgress(.begin(title: LocalizedMessage.importing.text(in: language), percentage: 0))
    defer { context.reportProgress(.end()) }
    // A SQLite store or a PostgreSQL store: both import the same way (the latter streams with COPY).
    return try await run(.places) { (store: any PlaceImporting) throws(BeaconError) in
      let input: ImportInput
      if request.path == "-" {
        guard readsStandardInput else {
          throw BeaconError.invalidArgument(field: "path", message: .osmImport(.standardInputUnavailable))
        }
        input = .standardInput()
      } else {
        input = try .file(path: request.path)
      }
      // Reading and storing go together, in one transaction: 0–95 % as the bytes come in (when the size is
      // known), then the removal of places gone from the area and the commit.
      let size = input.size
      let reported = Locked(0)
      let report = try await store.importPlaces(
        from: input,
        source: "osm",
        maxBytes: Self.maxImportBytes,
        at: self.now
      ) { bytesRead in
        guard let size, size > 0 else { return }
        let percentage = min(95, bytesRead * 95 / size)
        let due = reported.withLock { last in
          guard percentage >= last + 5 else { return false }
          last = percentage
          return true
        }
        if due { context.reportProgress(.report(percentage: percentage)) }
      }
      context.reportProgress(.report(percentage: 100))
      return ImportPlacesRequest.Response(file: request.path, report: report)
    }
  }
}
