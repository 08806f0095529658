// libFuzzer target: the OSM PBF reader (PBFBlobReader, Zlib, ProtobufReader, PBFHeaderBlock, PBFPrimitiveBlock,
// PBFFeatureReader), fed whole files the way `places/import` reads them.
//
// Input: an OSM PBF file. The first byte is forced to 0, so that every input is read as PBF (what the format
// detection does for a file starting with a NUL byte) rather than mostly as broken JSON.
//
// Checked on every input (a failed check is a crash, which libFuzzer reports and saves):
// - reading either returns features or throws `importFailed` with a PBF problem (or an empty input), whose
//   position is a byte offset inside the file;
// - every feature's location, when it has one, is on the globe or reported as outside it (never NaN);
// - ASan and libFuzzer's -rss_limit_mb catch allocations beyond the format's limits (64 KiB headers, 32 MiB blobs).
//
// Seeds (Fuzz/Corpus/pbf): real data written by libosmium (pyosmium's SimpleWriter) from the Helsinki fixture,
// zlib and uncompressed, and that fixture cut after its first blob's start.
//
// Built by Scripts/fuzz.sh against the SwiftPM-built modules (with -enable-testing); not part of the package.

@testable import BeaconCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, size > 0 else { return 0 }
  var bytes = Array(UnsafeBufferPointer(start: data, count: size))
  bytes[0] = 0
  do {
    let features = try PBFFeatureReader.read(.bytes(bytes, name: "fuzz"))
    for feature in features {
      if let location = try? feature.location() {
        precondition(!location.lat.isNaN && !location.lon.isNaN, "a NaN location")
      }
    }
  } catch {
    guard case .importFailed(let file, let position, let reason) = error, file == "fuzz" else {
      preconditionFailure("unexpected error \(error)")
    }
    switch reason {
    case .pbfTruncated, .pbfNoHeader, .pbfBlobHeaderTooLarge, .pbfBlobTooLarge, .pbfCompression, .pbfCorruptZlib,
      .pbfUnsupportedFeatures, .pbfMalformed, .emptyInput:
      break
    default:
      preconditionFailure("not a PBF problem: \(reason)")
    }
    if case .byteOffset(let offset) = position {
      precondition(offset >= 0 && offset < size, "offset \(offset) outside the file of \(size) bytes")
    } else {
      preconditionFailure("no byte offset: \(String(describing: position))")
    }
  }
  return 0
}
