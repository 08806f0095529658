#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a lock: ``withLock(_:)`` runs a closure with exclusive access to it.
///
/// The same shape as `Synchronization.Mutex`, over a `pthread_mutex_t`. The reason is ThreadSanitizer: `Mutex`
/// waits for a contended lock in `libswiftSynchronization`, which is not instrumented, so ThreadSanitizer misses
/// that synchronization and reports the next access under the lock as a race (a 20-line program shows it), and
/// every such false report fails a sanitized test run. ThreadSanitizer intercepts `pthread_mutex_lock`, so with
/// this lock a report is a real race (see `Documentation/Reliability.md`).
///
/// Keep function values inside a struct rather than as the whole value: a generic `inout` of a function type is
/// rewrapped on every access (see `Dispatcher.Hooks`).
package final class Locked<Value: ~Copyable>: @unchecked Sendable {
  // `@unchecked Sendable`: `value` is only touched with `mutex` held, and it only goes in and out as `sending`.
  // `@usableFromInline` so that `withLock` inlines into its callers: as fast as `Mutex` uncontended (7–12 ns
  // against 6–9 ns in a loop of 20 M), where a call across the module boundary cost 27 ns.
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  // `@exclusivity(unchecked)`: the mutex already keeps accesses apart; the dynamic check cost two runtime calls a hold.
  @usableFromInline @exclusivity(unchecked) var value: Value

  /// Creates the lock, holding `initialValue`.
  package init(_ initialValue: consuming sending Value) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    value = initialValue
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with the lock held and the value to read or change; not reentrant.
  @inlinable
  package func withLock<Result: ~Copyable, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
