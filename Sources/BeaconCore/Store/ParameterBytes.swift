import Foundation

/// Memory of a ``Statement``'s own for the bytes of its text and blob parameters, one growing buffer a parameter,
/// so that SQLite can be handed them as `SQLITE_STATIC` (read where they are, at each step) instead of copying them
/// into an allocation of its own at every bind and freeing it at the next (`SQLITE_TRANSIENT`).
///
/// Why the bytes outlive every use SQLite makes of them: a parameter's buffer is written only by the bind of that
/// parameter, while the statement is not running (no row of it can be read: ``Statement`` checks
/// `sqlite3_stmt_busy` first), and it moves (the old one freed) only after SQLite has let go of it (``keep(_:at:)``
/// binds `NULL` first); all of them are freed only once the statement is finalized (``deallocate()`` after
/// `sqlite3_finalize`). Values longer than ``limit`` are left to SQLite's copy, so a cached statement keeps at most
/// that much a parameter.
struct ParameterBytes {
  /// The longest value kept here; a longer one is copied by SQLite (its copy then costs little next to its length).
  static let limit = 16_384
  /// The smallest buffer made: never a null address, which SQLite would bind as `NULL` rather than as empty text.
  private static let smallest = 64

  /// The buffer of each parameter (`index - 1`), empty until its first value. Memory of its own (not an array), so
  /// that writing it from a bind needs no exclusivity check.
  private let buffers: UnsafeMutablePointer<UnsafeMutableRawBufferPointer>
  /// How many parameters there are.
  private let count: Int32

  /// Buffers for `count` parameters.
  init(count: Int32) {
    self.count = max(0, count)
    buffers = .allocate(capacity: Int(max(1, count)))
    buffers.initialize(repeating: UnsafeMutableRawBufferPointer(start: nil, count: 0), count: Int(max(1, count)))
  }

  /// Copies `bytes` into the buffer of parameter `index` (1-based) and returns where they are; `nil` when they are
  /// longer than ``limit`` or there is no such parameter. Only while the statement is not running. When the buffer
  /// must grow, `unbind` is called first (it binds `NULL`, so that SQLite lets go of the old buffer) and its code,
  /// when not `SQLITE_OK`, returned instead (the buffer then unchanged).
  func keep(_ bytes: UnsafeRawBufferPointer, at index: Int32, unbind: () -> Int32) -> (UnsafeRawPointer?, Int32)? {
    guard bytes.count <= Self.limit, index >= 1, index <= count else { return nil }
    let slot = buffers + Int(index - 1)
    if slot.pointee.count < bytes.count || slot.pointee.baseAddress == nil {
      let code = unbind()
      guard code == 0 else { return (nil, code) }
      slot.pointee.deallocate()
      slot.pointee = .allocate(byteCount: max(Self.smallest, bytes.count.nextPowerOfTwo), alignment: 16)
    }
    let buffer = slot.pointee
    if let source = bytes.baseAddress, !bytes.isEmpty {
      buffer.baseAddress?.copyMemory(from: source, byteCount: bytes.count)
    }
    return (UnsafeRawPointer(buffer.baseAddress), 0)
  }

  /// Frees the buffers: only once SQLite can no longer read them (the statement finalized).
  func deallocate() {
    for slot in 0..<Int(max(1, count)) { buffers[slot].deallocate() }
    buffers.deallocate()
  }
}

extension Int {
  /// The smallest power of two not below this (positive) number.
  fileprivate var nextPowerOfTwo: Int { self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
}
