import CZlib

/// zlib (RFC 1950) decompression through the system library, for OSM PBF blobs.
enum Zlib {
  /// Why a stream could not be inflated.
  enum Failure: Error, Equatable {
    /// The stream is damaged, cut short, or inflates to other than the expected size.
    case corrupt
  }

  /// Inflates `input` into exactly `expectedSize` bytes; anything else (a longer or shorter result, a damaged or
  /// truncated stream) is ``Failure/corrupt``. The caller bounds `expectedSize`.
  static func inflate(_ input: ArraySlice<UInt8>, expectedSize: Int) throws(Failure) -> [UInt8] {
    guard expectedSize >= 0, !input.isEmpty else { throw .corrupt }
    var output = [UInt8](repeating: 0, count: expectedSize)
    var stream = z_stream()
    guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw .corrupt }
    defer { inflateEnd(&stream) }
    var extra: UInt8 = 0
    let status: Int32 = input.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
        stream.avail_in = UInt32(source.count)
        stream.next_out = target.baseAddress
        stream.avail_out = UInt32(target.count)
        var status = CZlib.inflate(&stream, Z_FINISH)
        // A stream that inflates to more than expected ends in `extra` (one byte more is enough to know).
        if status == Z_BUF_ERROR || status == Z_OK, stream.avail_out == 0 {
          withUnsafeMutablePointer(to: &extra) { pointer in
            stream.next_out = pointer
            stream.avail_out = 1
            status = CZlib.inflate(&stream, Z_FINISH)
          }
        }
        return status
      }
    }
    guard status == Z_STREAM_END, stream.total_out == UInt(expectedSize) else { throw .corrupt }
    return output
  }
}
