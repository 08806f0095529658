import BeaconSync

@testable import JSONRPC

// MARK: - Shared state for handlers

actor Store {
  private(set) var value = 0
  func set(_ newValue: Int) { value = newValue }
}

/// Suspends callers until `expected` of them have arrived.
actor Rendezvous {
  private let expected: Int
  private var arrived = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(expected: Int) { self.expected = expected }

  func arrive() async {
    arrived += 1
    if arrived >= expected {
      for continuation in waiting { continuation.resume() }
      waiting.removeAll()
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }
}

/// Suspends callers until the test opens it.
actor Gate {
  private var isOpen = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiting.append($0) }
  }

  func open() {
    isOpen = true
    for continuation in waiting { continuation.resume() }
    waiting.removeAll()
  }
}

final class Recorder: Sendable {
  private let entries = Locked<[String]>([])
  func append(_ entry: String) { entries.withLock { $0.append(entry) } }
  var all: [String] { entries.withLock { $0 } }
}
