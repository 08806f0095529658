import Foundation
import Testing

@testable import BeaconSync

@Suite struct LockedTests {
  @Test func threadsThatChangeTheValueTogetherLoseNothing() async {
    let counter = Locked((count: 0, log: [Int]()))
    let threads = 8
    let rounds = 5_000
    await withTaskGroup(of: Void.self) { group in
      for thread in 0..<threads {
        group.addTask {
          for round in 0..<rounds {
            counter.withLock { value in
              value.count += 1
              if round % 1_000 == 0 { value.log.append(thread) }
            }
          }
        }
      }
    }
    let (count, log) = counter.withLock { ($0.count, $0.log) }
    #expect(count == threads * rounds)
    #expect(log.count == threads * 5)
  }

  @Test func returnsWhatTheClosureReturnsAndPassesItsErrorOn() {
    struct Refused: Error, Equatable {}
    let locked = Locked([1, 2, 3])
    #expect(locked.withLock { $0.reduce(0, +) } == 6)
    #expect(throws: Refused.self) {
      try locked.withLock { (values: inout [Int]) throws(Refused) in
        values.append(4)
        throw Refused()
      }
    }
    // What the closure changed before it threw stays changed, and the lock is free again.
    #expect(locked.withLock { $0 } == [1, 2, 3, 4])
  }

  @Test func holdsAValueThatCannotBeCopied() {
    struct Token: ~Copyable {
      var uses = 0
    }
    let locked = Locked(Token())
    locked.withLock { $0.uses += 1 }
    #expect(locked.withLock { $0.uses } == 1)
  }
}
