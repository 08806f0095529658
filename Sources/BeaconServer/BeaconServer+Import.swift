import BeaconCore
import Foundation
import JSONRPC

extension BeaconServer {
  /// The largest file `places/import` reads (parsing holds about ten times its size in memory).
  static let maxImportBytes = 256 << 20

  /// Registers `places/import`.
  func registerImportMethod() {
    dispatcher.register(ImportPlacesRequest.self) { [weak self] request, context in
      guard let self else { throw ResponseError.internalError }
      let language = language
      context.reportProgress(.begin(title: LocalizedMessage.importing.text(in: language), percentage: 0))
      defer { context.reportProgress(.end()) }
      return try await withStore { store throws(BeaconError) in
        let bytes: [UInt8]
        let size = (try? FileManager.default.attributesOfItem(atPath: request.path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= Self.maxImportBytes else {
          throw BeaconError.importFailed(
            file: request.path,
            position: nil,
            reason: .tooLarge(limitMiB: Self.maxImportBytes >> 20)
          )
        }
        do {
          bytes = Array(try Data(contentsOf: URL(fileURLWithPath: request.path)))
        } catch {
          throw BeaconError.importFailed(file: request.path, position: nil, reason: .unreadable)
        }
        context.reportProgress(.report(percentage: 30))
        let parsed = try OSMImporter.parse(bytes, file: request.path)
        context.reportProgress(.report(percentage: 60))
        try await store.upsert(parsed.places)
        context.reportProgress(.report(percentage: 100))
        func count(_ category: PlaceCategory) -> Int { parsed.places.count { $0.category == category } }
        return ImportPlacesRequest.Response(
          file: request.path,
          total: parsed.places.count,
          imported: .init(restaurant: count(.restaurant), cafe: count(.cafe), hotel: count(.hotel)),
          skipped: parsed.skipped
        )
      }
    }
  }
}
