import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary file without a name: made in `TMPDIR` (or `/tmp`) and unlinked at once, so that it goes when its
/// descriptor is closed, or the process ends, whatever way it ends.
final class UnlinkedFile {
  /// The open descriptor, closed when this goes.
  let descriptor: Int32

  /// A new empty file, its name starting with `prefix`; `nil` when none can be made.
  init?(prefix: String) {
    guard let descriptor = Self.open(prefix: prefix) else { return nil }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// The descriptor of a new empty file, its name starting with `prefix`, which the caller closes; `nil` when none
  /// can be made.
  static func open(prefix: String) -> Int32? {
    let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(directory)/\(prefix)-XXXXXX".utf8CString)
    let file = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
    guard file >= 0 else { return nil }
    template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
    return file
  }

  /// Writes all of `bytes` at the end of what was written; `false` when the system refuses (a full disk).
  func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
    Self.write(bytes, to: descriptor)
  }

  /// Reads up to `buffer.count` bytes from `offset` (fewer at the end of the file); `nil` when the system refuses.
  func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int? {
    var done = 0
    while done < buffer.count {
      let count = pread(descriptor, buffer.baseAddress?.advanced(by: done), buffer.count - done, off_t(offset + done))
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { break }
      done += count
    }
    return done
  }

  /// Writes all of `bytes` to `descriptor`; `false` when the system refuses.
  static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
    var done = 0
    while done < bytes.count {
      let count = Foundation.write(descriptor, bytes.baseAddress?.advanced(by: done), bytes.count - done)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return false }
      done += count
    }
    return true
  }
}
