/// Keeps upstream calls under a rate (Geoapify's free plan: 5 requests per second) and pauses them all
/// after a 429 until the server's `Retry-After` has passed.
package actor RateLimiter {
  private let maxRequests: Int
  private let window: Duration
  private var recent: [ContinuousClock.Instant] = []
  private var pausedUntil: ContinuousClock.Instant?

  /// Creates a limiter allowing `maxRequests` per `window`.
  package init(maxRequests: Int = 5, per window: Duration = .seconds(1)) {
    self.maxRequests = max(1, maxRequests)
    self.window = window
  }

  /// How long calls are paused after a 429, if they are.
  package var remainingPause: Duration? {
    guard let pausedUntil else { return nil }
    let remaining = pausedUntil - .now
    return remaining > .zero ? remaining : nil
  }

  /// Waits until one more request fits in the window, then counts it.
  package func acquire() async throws {
    while true {
      let now = ContinuousClock.now
      recent.removeAll { now - $0 >= window }
      if recent.count < maxRequests {
        recent.append(now)
        return
      }
      guard let oldest = recent.first else { continue }
      try await Task.sleep(until: oldest + window, clock: .continuous)
    }
  }

  /// Pauses every caller for `duration` (after a 429).
  package func pause(for duration: Duration) {
    let until = ContinuousClock.now + duration
    if let pausedUntil, pausedUntil > until { return }
    pausedUntil = until
  }
}
