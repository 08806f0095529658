import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A dispatch source for a signal (SIGINT, SIGTERM) that sees the signal from the moment it is made.
///
/// On Linux libdispatch installs its own handler for the signal on its manager thread a moment after the source is
/// resumed. The usual `signal(…, SIG_IGN)` before it leaves a window in which the signal is ignored and lost: a
/// Ctrl-C at that moment did nothing, and `beacon import -` waited for good on a pipe that sent nothing more. Here a
/// stand-in handler notes the signal until libdispatch's is in place, and a noted signal is then handled.
package enum SignalSource {
  /// A resumed source calling `handler` on `queue` for each `signalNumber` (SIGINT or SIGTERM; a signal that came
  /// while it was being made is handled once it is made).
  package static func make(
    _ signalNumber: Int32,
    queue: DispatchQueue = .global(),
    handler: @escaping @Sendable () -> Void
  ) -> any DispatchSourceSignal {
    #if canImport(Glibc)
    earlySignals[signalNumber == SIGINT ? 0 : 1] = 0
    let standIn: @convention(c) (Int32) -> Void = { number in earlySignals[number == SIGINT ? 0 : 1] = 1 }
    signal(signalNumber, standIn)
    #else
    signal(signalNumber, SIG_IGN)
    #endif
    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
    source.setEventHandler(handler: handler)
    source.resume()
    #if canImport(Glibc)
    let deadline = ContinuousClock.now + .seconds(1)
    while installedHandler(signalNumber) == unsafeBitCast(standIn, to: Int.self), ContinuousClock.now < deadline {
      usleep(1_000)
    }
    // libdispatch installs its handler once a process: a second source for the signal finds the stand-in still there,
    // which would swallow the signal for good. The signal's default action (ending the process) is safer than that.
    if installedHandler(signalNumber) == unsafeBitCast(standIn, to: Int.self) { signal(signalNumber, SIG_DFL) }
    if earlySignals[signalNumber == SIGINT ? 0 : 1] != 0 {
      earlySignals[signalNumber == SIGINT ? 0 : 1] = 0
      queue.async(execute: handler)
    }
    #endif
    return source
  }

  #if canImport(Glibc)
  /// The address of the handler installed for `signalNumber`.
  private static func installedHandler(_ signalNumber: Int32) -> Int {
    var current = sigaction()
    sigaction(signalNumber, nil, &current)
    return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
  }
  #endif
}

/// Two words the stand-in handler sets, for SIGINT and for SIGTERM: raw memory, so that the handler runs no Swift
/// runtime code (no exclusivity check, no allocation), only a store.
nonisolated(unsafe) private let earlySignals: UnsafeMutablePointer<sig_atomic_t> = {
  let words = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 2)
  words.initialize(repeating: 0, count: 2)
  return words
}()
