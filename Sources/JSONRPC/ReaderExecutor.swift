import Foundation

/// Runs the tasks a reader thread starts while it delivers a read's messages on that thread, right after the
/// delivery, instead of waking a cooperative-pool thread for each (a task executor, SE-0417).
///
/// A task started with this executor as its preference (`Task(executorPreference:)`) has each of its jobs handed to
/// ``enqueue(_:)``: its first step, and every step after it waited (for an actor, another task, a continuation). A
/// job enqueued on the thread inside ``run(_:)`` stays with that thread and runs before `run` returns; any other goes
/// to the global concurrent executor at once. So a request that never waits for another thread (an offline search:
/// the store's actor, then its answer) runs wholly on the reader thread between two reads, and one that does (a
/// network call, a sleep, a lock held elsewhere) goes on in the pool when that thread resumes it, never waiting for
/// the reader, which may be blocked in `read(2)`.
///
/// Jobs kept on the thread run in the order they were enqueued, each to its next suspension; those they enqueue in
/// turn run in the same `run`. Nothing is kept once `run` has returned.
package final class ReaderExecutor: TaskExecutor {
  /// The jobs kept by one ``run(_:)``, on its thread's stack; the thread's specific value points to it.
  private struct Kept {
    let executor: ObjectIdentifier
    var jobs: [UnownedJob] = []
  }

  /// The thread-specific key of the ``Kept`` jobs of the `run` in progress on a thread (none: `nil`).
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
  }()

  package init() {}

  /// Whether the calling thread is inside this executor's ``run(_:)``: tasks it starts with this executor as their
  /// preference run on it.
  package var isRunningOnCurrentThread: Bool { kept() != nil }

  /// The jobs of this executor's `run` in progress on the calling thread, if any.
  private func kept() -> UnsafeMutablePointer<Kept>? {
    guard let raw = pthread_getspecific(Self.key) else { return nil }
    let kept = raw.assumingMemoryBound(to: Kept.self)
    return kept.pointee.executor == ObjectIdentifier(self) ? kept : nil
  }

  /// Keeps `job` when called on the thread inside ``run(_:)``; otherwise hands it to the global concurrent executor.
  package func enqueue(_ job: consuming ExecutorJob) {
    if let kept = kept() {
      kept.pointee.jobs.append(UnownedJob(job))
    } else {
      globalConcurrentExecutor.enqueue(job)
    }
  }

  /// Runs `body`, then every job enqueued on this thread meanwhile and since, until none is left.
  ///
  /// Nested in a `run` of this executor on the same thread, runs only `body` (the outer one runs the jobs).
  package func run(_ body: () -> Void) {
    if isRunningOnCurrentThread {
      body()
      return
    }
    var state = Kept(executor: ObjectIdentifier(self))
    let outer = pthread_getspecific(Self.key)
    withUnsafeMutablePointer(to: &state) { kept in
      pthread_setspecific(Self.key, kept)
      body()
      var next = 0
      // Read through the pointer each time: a job that runs appends to the same array.
      while next < kept.pointee.jobs.count {
        let job = kept.pointee.jobs[next]
        next += 1
        job.runSynchronously(on: asUnownedTaskExecutor())
      }
      pthread_setspecific(Self.key, outer)
    }
  }
}
