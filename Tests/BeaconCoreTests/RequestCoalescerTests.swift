import BeaconSync
import Testing

@testable import BeaconCore

@Suite struct RequestCoalescerTests {
  /// A latch the test opens by hand.
  actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private(set) var arrivals = 0

    func wait() async {
      arrivals += 1
      if isOpen { return }
      await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
      isOpen = true
      waiters.forEach { $0.resume() }
      waiters.removeAll()
    }
  }

  static func eventually(_ condition: () async -> Bool) async -> Bool {
    for _ in 0..<2_000 {
      if await condition() { return true }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return false
  }

  @Test func concurrentCallersShareOneRun() async {
    let coalescer = RequestCoalescer<Int>()
    let gate = Gate()
    let callers = (0..<5).map { _ in
      Task {
        await coalescer.run(key: "k") {
          await gate.wait(); return .success(42)
        }
      }
    }
    #expect(await Self.eventually { await gate.arrivals == 1 })
    try? await Task.sleep(for: .milliseconds(50))  // Give the other callers time to join.
    await gate.open()
    for caller in callers { #expect(await caller.value == .success(42)) }
    #expect(await gate.arrivals == 1)
  }

  @Test func aCancelledCallerStopsWaitingWhileTheRunGoesOnForOthers() async {
    let coalescer = RequestCoalescer<Int>()
    let gate = Gate()
    let first = Task {
      await coalescer.run(key: "k") {
        await gate.wait(); return .success(7)
      }
    }
    #expect(await Self.eventually { await gate.arrivals == 1 })
    let second = Task { await coalescer.run(key: "k") { .success(-1) } }
    #expect(await Self.eventually { await coalescer.waiters(for: "k") == 2 })
    first.cancel()
    // The gate is still closed, so only cancellation can have ended the first caller's wait.
    #expect(await first.value == .failure(.upstream(.geoapify, .unavailable(reason: "cancelled"))))
    await gate.open()
    #expect(await second.value == .success(7))
    #expect(await gate.arrivals == 1)
    // Once the run has ended, the same key runs anew.
    #expect(await coalescer.run(key: "k") { .success(8) } == .success(8))
  }

  @Test func whenTheLastCallerIsCancelledTheRunIsCancelledToo() async {
    let coalescer = RequestCoalescer<Int>()
    let sawCancellation = Locked(false)
    let caller = Task {
      await coalescer.run(key: "k") {
        // Stands for an HTTP request: it ends early only if it is cancelled.
        try? await Task.sleep(for: .seconds(60))
        sawCancellation.withLock { $0 = Task.isCancelled }
        return .success(1)
      }
    }
    #expect(await Self.eventually { await coalescer.waiters(for: "k") == 1 })
    caller.cancel()
    #expect(await caller.value == .failure(.upstream(.geoapify, .unavailable(reason: "cancelled"))))
    #expect(await Self.eventually { sawCancellation.withLock { $0 } }, "the run was cancelled with its last caller")
    #expect(await coalescer.waiters(for: "k") == 0)
    // A new caller for the same key starts a new run rather than joining the cancelled one.
    #expect(await coalescer.run(key: "k") { .success(2) } == .success(2))
  }
}
