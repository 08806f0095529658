import Foundation

/// Writes to a descriptor only as far as it takes bytes now, without a `poll(2)` first: Linux's
/// `pwritev2(…, RWF_NOWAIT)`, which a blocking pipe answers with `EAGAIN` when it is full.
///
/// One system call per direct answer instead of two (`poll`, then `write`). Where the call or the flag is missing
/// (an older libc or kernel, a descriptor that does not support it), it falls back to asking `poll` first.
enum WriteWithoutWaiting {
  private typealias PWriteV2 = @convention(c) (Int32, UnsafePointer<iovec>?, Int32, off_t, Int32) -> Int

  /// `RWF_NOWAIT` of `<linux/fs.h>`: return `EAGAIN` rather than wait.
  private static let noWait: Int32 = 0x08

  /// The libc's `pwritev2`, looked up once (the Swift overlay does not import it).
  private static let pwritev2: PWriteV2? = {
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "pwritev2") else { return nil }
    return unsafeBitCast(symbol, to: PWriteV2.self)
  }()

  /// Writes what `descriptor` takes of `bytes` now; returns the count written (`0`: no room now), or `-1` on an
  /// error, `errno` set.
  static func writeNow(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    if let pwritev2 {
      var vector = iovec(iov_base: UnsafeMutableRawPointer(mutating: bytes.baseAddress), iov_len: bytes.count)
      var result: Int
      repeat { result = pwritev2(descriptor, &vector, 1, -1, noWait) } while result < 0 && errno == EINTR
      if result >= 0 { return result }
      // Full (a pipe says so at once) or, for some files, would block for another reason: ask `poll`.
      guard errno == EAGAIN || errno == EOPNOTSUPP || errno == EINVAL || errno == ENOSYS else { return -1 }
    }
    var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    guard poll(&pollDescriptor, 1, 0) == 1, pollDescriptor.revents & Int16(POLLOUT) != 0 else { return 0 }
    var result: Int
    repeat { result = write(descriptor, bytes.baseAddress, bytes.count) } while result < 0 && errno == EINTR
    return result
  }
}
