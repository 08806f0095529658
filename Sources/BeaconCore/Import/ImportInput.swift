import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of an import, read in chunks from a file, the standard input or memory, so a reader need not
/// hold the whole input at once.
package final class ImportInput {
  /// The name the input has in messages: the path as given, or `-` for the standard input.
  package let name: String
  /// The size in bytes when known beforehand (a regular file), for progress.
  package let size: Int?
  /// How many bytes have been read so far.
  package private(set) var bytesRead = 0
  /// Asked before each chunk is read: `true` ends the reading with an error (the import's writer stopped, and a
  /// reading thread must not go on through the rest of the file).
  var shouldStop: (@Sendable () -> Bool)?

  private var descriptor: Int32
  private let closesDescriptor: Bool
  /// Whether the descriptor is not a regular file (a FIFO, a pipe), so that reads wait for bytes in ``waitStep``
  /// steps, asking ``shouldStop`` between them: a FIFO with no writer yet holds nothing up, and a cancelled import
  /// stops waiting for one.
  private var waitsInSteps = false
  private var memory: [UInt8]?
  /// All of an input in memory, for ``rewind()``.
  private let original: [UInt8]?
  /// What has been read so far from a descriptor that cannot seek (a pipe), while it is at most
  /// ``maxRetained`` bytes: enough for ``rewind()`` to copy the input to a temporary file after a format was
  /// recognised from its first bytes. `nil` once more was read.
  private var retained: [UInt8]? = []
  /// The temporary file a pipe was copied to (unlinked at once: nothing is left behind, even after kill -9).
  private var spool: Int32 = -1

  /// The most bytes of a pipe kept for ``rewind()``.
  static let maxRetained = 1 << 20

  private init(name: String, descriptor: Int32, closesDescriptor: Bool, size: Int?, memory: [UInt8]?) {
    self.name = name
    self.descriptor = descriptor
    self.closesDescriptor = closesDescriptor
    self.size = size
    self.memory = memory
    self.original = memory
  }

  deinit {
    if closesDescriptor, descriptor >= 0, descriptor != spool { close(descriptor) }
    if spool >= 0 { close(spool) }
  }

  /// How long a read of a FIFO waits for bytes before it asks ``shouldStop`` again, in milliseconds.
  static let waitStep: Int32 = 100

  /// Opens the file at `path` for reading. The file is opened without blocking: opening a FIFO would otherwise wait
  /// for a writer, beyond the reach of a cancellation (see ``waitsInSteps``).
  package static func file(path: String) throws(BeaconError) -> ImportInput {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let reason: ImportProblem
      switch errno {
      case ENOENT, ENOTDIR: reason = .notFound
      case EACCES, EPERM: reason = .permissionDenied
      case EISDIR: reason = .isDirectory
      default: reason = .unreadable
      }
      throw .importFailed(file: path, position: nil, reason: reason)
    }
    var status = stat()
    let isRegular = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    if (status.st_mode & S_IFMT) == S_IFDIR {
      close(descriptor)
      throw .importFailed(file: path, position: nil, reason: .isDirectory)
    }
    let input = ImportInput(
      name: path,
      descriptor: descriptor,
      closesDescriptor: true,
      size: isRegular ? Int(status.st_size) : nil,
      memory: nil
    )
    input.waitsInSteps = !isRegular
    return input
  }

  /// The process's standard input (named `-`); it is not closed when done.
  ///
  /// A pipe is read in waits too (``waitsInSteps``), so that a cancelled import (Ctrl-C) does not wait for a writer
  /// that sends nothing; the descriptor stays blocking (its flags are shared with the process that gave it), which
  /// `poll(2)` makes safe: a read comes only once there are bytes or an end.
  package static func standardInput() -> ImportInput {
    let input = ImportInput(name: "-", descriptor: STDIN_FILENO, closesDescriptor: false, size: nil, memory: nil)
    var status = stat()
    input.waitsInSteps = fstat(STDIN_FILENO, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG
    return input
  }

  /// Bytes already in memory, named `name` in messages.
  package static func bytes(_ bytes: [UInt8], name: String) -> ImportInput {
    ImportInput(name: name, descriptor: -1, closesDescriptor: false, size: bytes.count, memory: bytes)
  }

  /// Starts reading again from the first byte (for formats read in passes); `false` when the input cannot be
  /// read again. A pipe of which no more than ``maxRetained`` bytes were read is copied to an unlinked temporary
  /// file (in `TMPDIR`, else /tmp) first: the rest of it streamed there, so memory stays bounded; `false` when
  /// that fails (no room, no such directory).
  func rewind() -> Bool {
    if let original {
      memory = original
    } else if descriptor >= 0, lseek(descriptor, 0, SEEK_SET) == 0 {
      // A regular file, or a pipe already copied.
    } else {
      guard let retained, spoolPipe(retained) else { return false }
    }
    bytesRead = 0
    retained = nil
    return true
  }

  /// Copies `prefix` and the rest of the pipe to an unlinked temporary file and reads from it from now on.
  private func spoolPipe(_ prefix: [UInt8]) -> Bool {
    guard let file = UnlinkedFile.open(prefix: "beacon-import")?.descriptor else { return false }
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool { UnlinkedFile.write(bytes, to: file) }
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    var copied = prefix.withUnsafeBytes(write)
    while copied {
      let read = chunk.withUnsafeMutableBytes { buffer in
        Result { () throws(BeaconError) in try readSome(into: buffer) }
      }
      guard let count = try? read.get() else {
        copied = false
        break
      }
      if count == 0 { break }
      copied = chunk.withUnsafeBytes { write(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
    }
    guard copied, lseek(file, 0, SEEK_SET) == 0 else {
      close(file)
      return false
    }
    if closesDescriptor { close(descriptor) }
    descriptor = file
    spool = file
    waitsInSteps = false
    return true
  }

  /// Up to `count` bytes from `offset` (fewer at the end of the input), without moving where ``read()`` goes on: for
  /// formats read out of order, after ``rewind()`` (which makes a pipe a file).
  func read(at offset: Int, count: Int) throws(BeaconError) -> [UInt8] {
    if let shouldStop, shouldStop() { throw .importFailed(file: name, position: nil, reason: .unreadable) }
    if let original {
      guard offset < original.count else { return [] }
      return Array(original[offset..<min(original.count, offset + count)])
    }
    guard descriptor >= 0, offset >= 0, count >= 0 else { return [] }
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let read = bytes.withUnsafeMutableBytes { buffer in
        pread(descriptor, buffer.baseAddress?.advanced(by: done), count - done, off_t(offset + done))
      }
      if read < 0, errno == EINTR { continue }
      guard read >= 0 else { throw .importFailed(file: name, position: nil, reason: .unreadable) }
      if read == 0 { break }
      done += read
    }
    if done < count { bytes.removeSubrange(done...) }
    return bytes
  }

  /// Says how far a reader that does not read the input from start to end (``read(at:count:)``) has come, as a
  /// fraction of all it will read: ``bytesRead`` becomes that fraction of the input's size.
  func reportProgress(_ fraction: Double, of total: Int) {
    bytesRead = Int((min(max(fraction, 0), 1) * Double(size ?? total)).rounded())
  }

  /// The next chunk of bytes, or `nil` at the end of the input.
  func read() throws(BeaconError) -> [UInt8]? {
    if let shouldStop, shouldStop() { throw .importFailed(file: name, position: nil, reason: .unreadable) }
    if let memory {
      self.memory = []
      guard !memory.isEmpty else { return nil }
      bytesRead += memory.count
      return memory
    }
    guard descriptor >= 0 else { return nil }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    let count = try chunk.withUnsafeMutableBytes { buffer in
      Result { () throws(BeaconError) in try readSome(into: buffer) }
    }.get()
    guard count > 0 else { return nil }
    bytesRead += count
    let bytes = Array(chunk.prefix(count))
    if retained != nil {
      if bytesRead <= Self.maxRetained, spool < 0 { retained?.append(contentsOf: bytes) } else { retained = nil }
    }
    return bytes
  }

  /// `read(2)` of the descriptor into `buffer`: how many bytes, 0 at the end. One that ``waitsInSteps`` waits for
  /// bytes (or the writer's end) in `poll(2)` steps, asking ``shouldStop`` between them.
  private func readSome(into buffer: UnsafeMutableRawBufferPointer) throws(BeaconError) -> Int {
    while true {
      if waitsInSteps {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&request, 1, Self.waitStep)
        if ready == 0 || (ready < 0 && errno == EINTR) {
          if let shouldStop, shouldStop() { throw .importFailed(file: name, position: nil, reason: .unreadable) }
          continue
        }
      }
      let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      // EAGAIN: the bytes `poll` saw are gone (or there were none); wait again.
      if errno == EINTR || (waitsInSteps && (errno == EAGAIN || errno == EWOULDBLOCK)) { continue }
      throw .importFailed(file: name, position: nil, reason: .unreadable)
    }
  }
}

/// `read(2)`, under a name that the method ``ImportInput/read()`` does not shadow.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
