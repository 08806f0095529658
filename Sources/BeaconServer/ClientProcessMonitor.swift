import Foundation

/// Watches the client's process (`initialize`'s `processId`) and reports when it is gone.
///
/// Checks once a second with `kill(pid, 0)`; when the client is this process's parent, a change of
/// parent also counts as its death (a dead parent that is a zombie still answers `kill`).
// `@unchecked Sendable`: the only stored property is an immutable reference to a dispatch source, and
// dispatch sources are thread-safe.
final class ClientProcessMonitor: @unchecked Sendable {
  private let timer: DispatchSourceTimer

  /// Starts watching `processID`; `onDeath` is called once, on a background queue.
  init(processID: Int32, interval: Double = 1, onDeath: @escaping @Sendable () -> Void) {
    let watchesParent = processID == getppid()
    let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "beacon.client-monitor"))
    self.timer = timer
    timer.schedule(deadline: .now(), repeating: interval)
    timer.setEventHandler {
      if !Self.isAlive(processID) || (watchesParent && getppid() != processID) {
        timer.cancel()
        onDeath()
      }
    }
    timer.resume()
  }

  deinit { timer.cancel() }

  static func isAlive(_ processID: Int32) -> Bool {
    processID > 0 && (kill(processID, 0) == 0 || errno == EPERM)
  }
}
