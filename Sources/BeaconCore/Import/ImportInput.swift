#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of an import, read in chunks from a file, the standard input or memory, so a reader need not
/// hold the whole input at once.
public final class ImportInput {
  /// The name the input has in messages: the path as given, or `-` for the standard input.
  public let name: String
  /// The size in bytes when known beforehand (a regular file), for progress.
  public let size: Int?
  /// How many bytes have been read so far.
  public private(set) var bytesRead = 0

  private var descriptor: Int32
  private let closesDescriptor: Bool
  private var memory: [UInt8]?
  /// All of an input in memory, for ``rewind()``.
  private let original: [UInt8]?

  private init(name: String, descriptor: Int32, closesDescriptor: Bool, size: Int?, memory: [UInt8]?) {
    self.name = name
    self.descriptor = descriptor
    self.closesDescriptor = closesDescriptor
    self.size = size
    self.memory = memory
    self.original = memory
  }

  deinit {
    if closesDescriptor, descriptor >= 0 { close(descriptor) }
  }

  /// Opens the file at `path` for reading.
  public static func file(path: String) throws(BeaconError) -> ImportInput {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .importFailed(file: path, position: nil, reason: .unreadable)
    }
    var status = stat()
    let isRegular = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    return ImportInput(
      name: path,
      descriptor: descriptor,
      closesDescriptor: true,
      size: isRegular ? Int(status.st_size) : nil,
      memory: nil
    )
  }

  /// The process's standard input (named `-`); it is not closed when done.
  public static func standardInput() -> ImportInput {
    ImportInput(name: "-", descriptor: STDIN_FILENO, closesDescriptor: false, size: nil, memory: nil)
  }

  /// Bytes already in memory, named `name` in messages.
  public static func bytes(_ bytes: [UInt8], name: String) -> ImportInput {
    ImportInput(name: name, descriptor: -1, closesDescriptor: false, size: bytes.count, memory: bytes)
  }

  /// Starts reading again from the first byte (for formats read in passes); `false` when the input cannot be
  /// read again (a pipe).
  func rewind() -> Bool {
    if let original {
      memory = original
    } else {
      guard descriptor >= 0, lseek(descriptor, 0, SEEK_SET) == 0 else { return false }
    }
    bytesRead = 0
    return true
  }

  /// The next chunk of bytes, or `nil` at the end of the input.
  func read() throws(BeaconError) -> [UInt8]? {
    if let memory {
      self.memory = []
      guard !memory.isEmpty else { return nil }
      bytesRead += memory.count
      return memory
    }
    guard descriptor >= 0 else { return nil }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytesRead += count
        return Array(chunk.prefix(count))
      }
      if count == 0 { return nil }
      if errno == EINTR { continue }
      throw .importFailed(file: name, position: nil, reason: .unreadable)
    }
  }
}

/// `read(2)`, under a name that the method ``ImportInput/read()`` does not shadow.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
