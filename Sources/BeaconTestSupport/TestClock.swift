import BeaconSync
import Foundation

/// A clock a test sets and moves by hand; services read it as `now: { clock.now }`.
package final class TestClock: Sendable {
  private let date: Locked<Date>

  /// A clock that shows `start` until it is moved.
  package init(_ start: Date) {
    date = Locked(start)
  }

  /// The instant the clock shows.
  package var now: Date { date.withLock { $0 } }

  /// Moves the clock on by `seconds` (back, when negative).
  package func advance(by seconds: TimeInterval) { date.withLock { $0 += seconds } }

  /// Sets the clock to `instant`.
  package func set(_ instant: Date) { date.withLock { $0 = instant } }
}
