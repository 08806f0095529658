import BeaconSync
import Foundation

/// Collects the first request to end the process and lets the main thread carry it out.
final class ExitCoordinator: Sendable {
  private let code = Locked<Int32?>(nil)
  private let semaphore = DispatchSemaphore(value: 0)

  /// Asks the process to end with `code`; later requests are ignored.
  func requestExit(_ code: Int32) {
    let first = self.code.withLock { current -> Bool in
      guard current == nil else { return false }
      current = code
      return true
    }
    if first { semaphore.signal() }
  }

  /// Blocks until an exit is requested and returns its code.
  func wait() -> Int32 {
    semaphore.wait()
    return code.withLock { $0 } ?? 1
  }
}
