/// Byte strings kept to be read back later, in bounded memory: held in memory until they reach `memoryLimit` bytes,
/// then written to a temporary file (``UnlinkedFile``) and the memory emptied.
///
/// Each string added is read back whole by the range ``append(_:)`` gave it, in any order.
final class ByteSpill {
  private let memoryLimit: Int
  private let directories: [String]
  /// The bytes not written yet: those after the file's.
  private var memory: [UInt8] = []
  private var file: UnlinkedFile?
  /// How many bytes the file holds.
  private var written = 0

  /// Holds at most about `memoryLimit` bytes (one string more, if alone it is larger); the file is made in the first
  /// of `directories` that works.
  init(memoryLimit: Int, directories: [String] = UnlinkedFile.directories) {
    self.memoryLimit = max(1, memoryLimit)
    self.directories = directories
  }

  /// How many bytes were added.
  var count: Int { written + memory.count }

  /// Keeps `bytes`, and where they are among all those added.
  func append(_ bytes: [UInt8]) throws(TemporaryFileError) -> Range<Int> {
    let start = count
    memory += bytes
    if memory.count >= memoryLimit {
      let holder = memory.withUnsafeBytes { bytes in
        Result { () throws(TemporaryFileError) in
          try UnlinkedFile.append(bytes, to: file, after: written, prefix: "beacon-spill", directories: directories)
        }
      }
      file = try holder.get()
      written += memory.count
      memory.removeAll(keepingCapacity: true)
    }
    return start..<start + bytes.count
  }

  /// The bytes added at `range` (a range ``append(_:)`` gave).
  func read(_ range: Range<Int>) throws(TemporaryFileError) -> [UInt8] {
    guard range.lowerBound < written else {
      return Array(memory[range.lowerBound - written..<range.upperBound - written])
    }
    guard let file else { throw TemporaryFileError(in: directories.first ?? "") }
    let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, initialized in
      initialized =
        file.read(into: UnsafeMutableRawBufferPointer(buffer), at: range.lowerBound) == range.count
        ? range.count : 0
    }
    guard bytes.count == range.count else { throw TemporaryFileError(in: file.directory) }
    return bytes
  }
}
