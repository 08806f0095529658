import BeaconCore
import Foundation
import JSONRPC

extension BeaconServer {
  /// The largest JSON document (a GeoJSON FeatureCollection, Overpass JSON) or GeoJSONSeq record `places/import`
  /// reads (parsing holds about ten times its size in memory); a GeoJSONSeq file may be of any length.
  static let maxImportBytes = 256 << 20

  /// Registers `places/import`.
  func registerImportMethod() {
    dispatcher.register(ImportPlacesRequest.self) { [weak self] request, context in
      guard let self else { throw ResponseError.internalError }
      let language = language
      let readsStandardInput = options.importsFromStandardInput
      context.reportProgress(.begin(title: LocalizedMessage.importing.text(in: language), percentage: 0))
      defer { context.reportProgress(.end()) }
      return try await withStore { store throws(BeaconError) in
        let input: ImportInput
        if request.path == "-" {
          guard readsStandardInput else {
            throw BeaconError.invalidArgument(field: "path", message: .osmImport(.standardInputUnavailable))
          }
          input = .standardInput()
        } else {
          input = try .file(path: request.path)
        }
        // Reading is most of the work: 0–80 % as the bytes come in (when the size is known), then storing.
        var reported = 0
        let parsed = try OSMImporter.read(input, maxBytes: Self.maxImportBytes) { bytesRead in
          guard let size = input.size, size > 0 else { return }
          let percentage = min(80, bytesRead * 80 / size)
          if percentage >= reported + 10 {
            reported = percentage
            context.reportProgress(.report(percentage: percentage))
          }
        }
        guard !parsed.places.isEmpty else {
          throw BeaconError.nothingImported(file: request.path, skipped: parsed.skipped)
        }
        if reported < 80 { context.reportProgress(.report(percentage: 80)) }
        try await store.importPlaces(parsed.places, at: self.now)  // Their centre is the default centre now.
        context.reportProgress(.report(percentage: 100))
        func count(_ category: PlaceCategory) -> Int { parsed.places.count { $0.category == category } }
        return ImportPlacesRequest.Response(
          file: request.path,
          format: parsed.format.rawValue,
          total: parsed.places.count,
          imported: .init(restaurant: count(.restaurant), cafe: count(.cafe), hotel: count(.hotel)),
          derivedIds: parsed.derivedIDs,
          skipped: parsed.skipped
        )
      }
    }
  }
}
