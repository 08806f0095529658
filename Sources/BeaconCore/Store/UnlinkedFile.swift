import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary file without a name: made in `TMPDIR` (or `/var/tmp`, or `/tmp`) and unlinked at once, so that it goes
/// when its descriptor is closed, or the process ends, whatever way it ends.
final class UnlinkedFile {
  /// The open descriptor, closed when this goes.
  let descriptor: Int32
  /// The directory it was made in.
  let directory: String

  /// A new empty file, its name starting with `prefix`, in the first of `directories` where one can be made; `nil`
  /// when none can be made.
  init?(prefix: String, in directories: [String] = directories) {
    guard let (descriptor, directory) = Self.open(prefix: prefix, in: directories) else { return nil }
    (self.descriptor, self.directory) = (descriptor, directory)
  }

  deinit { close(descriptor) }

  /// The directories a temporary file is made in, the first that works: `TMPDIR`, then `/var/tmp` and `/tmp` (as
  /// SQLite looks for its own).
  static var directories: [String] {
    let chosen = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
    var directories = chosen.map { [$0] } ?? []
    for fallback in ["/var/tmp", "/tmp"] where !directories.contains(fallback) { directories.append(fallback) }
    return directories
  }

  /// The descriptor of a new empty file, its name starting with `prefix`, in the first of `directories` where one
  /// can be made (and that directory); the caller closes it. `nil` when none can be made.
  static func open(
    prefix: String,
    in directories: [String] = directories
  ) -> (descriptor: Int32, directory: String)? {
    for directory in directories {
      var template = Array("\(directory)/\(prefix)-XXXXXX".utf8CString)
      let file = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
      guard file >= 0 else { continue }
      template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
      return (file, directory)
    }
    return nil
  }

  /// Writes all of `bytes` at the end of what was written; `false` when the system refuses (a full disk).
  func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
    Self.write(bytes, to: descriptor)
  }

  /// Writes all of `bytes` after the file's first `size` bytes (all it holds); when the system refuses (a full disk),
  /// copies those `size` bytes to a new file in the next of `directories` after this one's where that works, and
  /// writes `bytes` there. The file that holds them all, `nil` when none could.
  func appending(
    _ bytes: UnsafeRawBufferPointer,
    after size: Int,
    prefix: String,
    directories: [String]
  ) -> UnlinkedFile? {
    if append(bytes) { return self }
    for next in directories.drop(while: { $0 != directory }).dropFirst() {
      guard let moved = UnlinkedFile(prefix: prefix, in: [next]) else { continue }
      if moved.copy(size, from: self), moved.append(bytes) { return moved }
    }
    return nil
  }

  /// Writes `bytes` after the first `size` bytes of `file`, made in the first of `directories` that works when there
  /// is none yet, or of the file it moved to (``appending(_:after:prefix:directories:)``): the file that holds them.
  static func append(
    _ bytes: UnsafeRawBufferPointer,
    to file: UnlinkedFile?,
    after size: Int,
    prefix: String,
    directories: [String]
  ) throws(TemporaryFileError) -> UnlinkedFile {
    guard let file = file ?? UnlinkedFile(prefix: prefix, in: directories) else {
      throw TemporaryFileError(in: directories.first ?? "")
    }
    guard let holder = file.appending(bytes, after: size, prefix: prefix, directories: directories) else {
      throw TemporaryFileError(in: file.directory)
    }
    return holder
  }

  /// Appends the first `size` bytes of `other`; `false` when the system refuses.
  private func copy(_ size: Int, from other: UnlinkedFile) -> Bool {
    var chunk = [UInt8](repeating: 0, count: min(size, 1 << 20))
    var done = 0
    while done < size {
      let count = min(chunk.count, size - done)
      let read = chunk.withUnsafeMutableBytes {
        other.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[..<count]), at: done)
      }
      guard read == count, chunk.withUnsafeBytes({ append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }) else {
        return false
      }
      done += count
    }
    return true
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

/// A temporary file could not be made, written or read (a directory that is not there or not writable, a full
/// disk).
struct TemporaryFileError: Error {
  /// The directory the file was in, or was first looked for in.
  var directory: String
  /// What the system said, if it said anything.
  var systemErrno: Int32?
}

extension TemporaryFileError {
  /// The file in `directory` failed, with what the system said last (`errno`).
  init(in directory: String) {
    self.init(directory: directory, systemErrno: errno == 0 ? nil : errno)
  }
}
