import BeaconSync
import Foundation
import Testing

@testable import JSONRPC

private struct InitializeRequest: RequestType {
  typealias Response = EmptyResult
  static let method = "initialize"
}

/// A concurrent request whose handler hops to an actor and back, or waits for ``Parked`` when `parks`.
private struct WhereRequest: RequestType {
  typealias Response = EmptyResult
  static let method = "test/where"
  var parks: Bool?
}

/// An exclusive request whose handler blocks its thread (no suspension) until the request is cancelled.
private struct BlockingWriteRequest: RequestType {
  typealias Response = EmptyResult
  static let method = "test/blockingWrite"
  static let ordering = RequestOrdering.exclusive
}

/// A request whose handler records that it ran.
private struct MarkRequest: RequestType {
  typealias Response = EmptyResult
  static let method = "test/mark"
}

private actor Counter {
  private(set) var value = 0
  func increment() -> Int {
    value += 1
    return value
  }
}

/// Holds a continuation for the test to resume from its own thread.
private final class Parked: Sendable {
  private let continuation = Locked<CheckedContinuation<Void, Never>?>(nil)
  var isParked: Bool { continuation.withLock { $0 != nil } }
  func park() async {
    await withCheckedContinuation { continuation in self.continuation.withLock { $0 = continuation } }
  }
  func resume() { continuation.withLock { $0.take() }?.resume() }
}

/// What each handler saw: the threads it ran on, by request id.
private final class Threads: Sendable {
  private let seen = Locked<[String: [pthread_t]]>([:])
  func record(_ id: RequestID) { seen.withLock { $0[id.description, default: []].append(pthread_self()) } }
  func of(_ id: String) -> [pthread_t] { seen.withLock { $0[id] ?? [] } }
}

/// A dispatcher with the handlers above, initialized.
private func makeDispatcher(
  output: Output,
  threads: Threads,
  parked: Parked,
  marks: Recorder
) async -> Dispatcher {
  let dispatcher = Dispatcher(send: { output.send($0) })
  let counter = Counter()
  dispatcher.register(InitializeRequest.self) { _, _ in EmptyResult() }
  dispatcher.register(WhereRequest.self) { request, context in
    threads.record(context.id)
    _ = await counter.increment()
    threads.record(context.id)
    if request.parks == true {
      await parked.park()
      threads.record(context.id)
    }
    return EmptyResult()
  }
  dispatcher.register(BlockingWriteRequest.self) { _, context in
    threads.record(context.id)
    let released = DispatchSemaphore(value: 0)
    await withTaskCancellationHandler {
      block(until: released)
    } onCancel: {
      released.signal()
    }
    return EmptyResult()
  }
  dispatcher.register(MarkRequest.self) { _, context in
    marks.append(context.id.description)
    return EmptyResult()
  }
  dispatcher.receive(Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize"}"#.utf8))
  _ = await output.response(0)
  return dispatcher
}

/// A thread standing in for a connection's reader: runs the closures given to ``deliver(_:)`` one by one, as reads.
private final class ReaderThread: Sendable {
  private let work = Locked<[@Sendable () -> Void]>([])
  private let ready = DispatchSemaphore(value: 0)
  private let identity = Locked<pthread_t?>(nil)

  init() {
    let thread = Thread { [work, ready, identity] in
      identity.withLock { $0 = pthread_self() }
      while true {
        ready.wait()  // Blocked, as in `read(2)`.
        guard let next = work.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return }
        next()
      }
    }
    thread.start()
  }

  var thread: pthread_t? { identity.withLock { $0 } }

  /// Runs `body` on the thread; returns at once.
  func deliver(_ body: @escaping @Sendable () -> Void) {
    work.withLock { $0.append(body) }
    ready.signal()
  }

  /// Ends the thread once it has run what it was given.
  func stop() { ready.signal() }
}

private func message(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Blocks the calling thread until `semaphore` is signalled: long work that never suspends.
private func block(until semaphore: DispatchSemaphore) { semaphore.wait() }

@Suite struct ReaderThreadTests {
  @Test func aRequestThatWaitsForNoOtherThreadRunsOnTheReaderAndIsAnsweredBeforeTheNextRead() async throws {
    let (output, threads, parked, marks) = (Output(), Threads(), Parked(), Recorder())
    let dispatcher = await makeDispatcher(output: output, threads: threads, parked: parked, marks: marks)
    let reader = ReaderThread()
    let answeredInTheRead = Locked<[Bool]>([])
    reader.deliver {
      dispatcher.runningTasksOnThisThread {
        dispatcher.receive(contentsOf: [
          message(#"{"jsonrpc":"2.0","id":1,"method":"test/where"}"#),
          message(#"{"jsonrpc":"2.0","id":2,"method":"test/where"}"#),
        ])
      }
      // Nothing more is read before both answers are out.
      answeredInTheRead.withLock { $0.append(output.responses.count == 3) }
    }
    #expect(await eventually { answeredInTheRead.withLock { !$0.isEmpty } })
    reader.stop()
    #expect(answeredInTheRead.withLock { $0 } == [true])
    let readerThread = try #require(reader.thread)
    for id in ["1", "2"] {
      // Before the actor, and after it: the hop to the store's actor and back stays on the thread.
      #expect(threads.of(id).count == 2)
      #expect(threads.of(id).allSatisfy { pthread_equal($0, readerThread) != 0 }, "\(id)")
    }
    #expect(output.responses.map { $0["id"] } == [0, 1, 2])
  }

  @Test func aConnectionRunsTheRequestsOfAReadOnItsReaderThread() async throws {
    var inbound: [Int32] = [-1, -1]
    var outbound: [Int32] = [-1, -1]
    #expect(pipe(&inbound) == 0 && pipe(&outbound) == 0)
    let connection = Connection(input: inbound[0], output: outbound[1])
    let dispatcher = Dispatcher(send: { connection.writer.enqueue($0) })
    let threads = Threads()
    let counter = Counter()
    dispatcher.register(InitializeRequest.self) { _, _ in EmptyResult() }
    dispatcher.register(WhereRequest.self) { _, context in
      _ = await counter.increment()
      threads.record(context.id)
      return EmptyResult()
    }
    let readerThread = Locked<pthread_t?>(nil)
    connection.start(dispatcher: dispatcher) { readerThread.withLock { $0 = pthread_self() } }  // On the reader.
    func send(_ body: String) {
      let frame = Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
      #expect(frame.withUnsafeBytes { write(inbound[1], $0.baseAddress, $0.count) } == frame.count)
    }
    send(#"{"jsonrpc":"2.0","id":0,"method":"initialize"}"#)
    #expect(await eventually { dispatcher.phase == .initialized })
    send(#"{"jsonrpc":"2.0","id":1,"method":"test/where"}"#)
    #expect(await eventually { !threads.of("1").isEmpty })
    close(inbound[1])
    #expect(await eventually { readerThread.withLock { $0 != nil } })
    let reader = try #require(readerThread.withLock { $0 })
    #expect(threads.of("1").map { pthread_equal($0, reader) != 0 } == [true])
    await dispatcher.drain()
    #expect(connection.writer.flush())
    close(outbound[1])
    close(outbound[0])
    close(inbound[0])
  }

  @Test func aRequestResumedByAnotherThreadGoesOnWhileTheReaderWaitsForInput() async throws {
    let (output, threads, parked, marks) = (Output(), Threads(), Parked(), Recorder())
    let dispatcher = await makeDispatcher(output: output, threads: threads, parked: parked, marks: marks)
    let reader = ReaderThread()
    reader.deliver {
      dispatcher.runningTasksOnThisThread {
        dispatcher.receive(message(#"{"jsonrpc":"2.0","id":1,"method":"test/where","params":{"parks":true}}"#))
      }
    }
    #expect(await eventually { parked.isParked })
    // The reader thread is blocked now (waiting for its next "read"); the request goes on in the pool.
    parked.resume()
    let answer = await output.response(1)
    #expect(answer?["result"] == [:])
    reader.stop()
    let readerThread = try #require(reader.thread)
    #expect(threads.of("1").count == 3)
    #expect(threads.of("1").prefix(2).allSatisfy { pthread_equal($0, readerThread) != 0 })
    #expect(threads.of("1").last.map { pthread_equal($0, readerThread) == 0 } == true)
  }

  @Test func anExclusiveRequestRunsInThePoolSoItsLongWorkDoesNotStopReading() async throws {
    let (output, threads, parked, marks) = (Output(), Threads(), Parked(), Recorder())
    let dispatcher = await makeDispatcher(output: output, threads: threads, parked: parked, marks: marks)
    let reader = ReaderThread()
    reader.deliver {
      dispatcher.runningTasksOnThisThread {
        dispatcher.receive(message(#"{"jsonrpc":"2.0","id":1,"method":"test/blockingWrite"}"#))
      }
    }
    #expect(await eventually { !threads.of("1").isEmpty })
    // Read while the write still blocks its thread: only a reader that is free again sees the cancellation.
    reader.deliver {
      dispatcher.runningTasksOnThisThread {
        dispatcher.receive(message(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#))
      }
    }
    let answer = await output.response(1)
    reader.stop()
    #expect(errorCode(answer) == -32800)
    let readerThread = try #require(reader.thread)
    #expect(threads.of("1").allSatisfy { pthread_equal($0, readerThread) == 0 })
  }

  @Test func orderingAndCancellationInOneReadAreKept() async throws {
    let (output, threads, parked, marks) = (Output(), Threads(), Parked(), Recorder())
    let dispatcher = await makeDispatcher(output: output, threads: threads, parked: parked, marks: marks)
    let reader = ReaderThread()
    reader.deliver {
      dispatcher.runningTasksOnThisThread {
        dispatcher.receive(contentsOf: [
          message(#"{"jsonrpc":"2.0","id":1,"method":"test/mark"}"#),
          // Cancelled in the read that brought it: it has not started, and never runs.
          message(#"{"jsonrpc":"2.0","id":2,"method":"test/mark"}"#),
          message(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2}}"#),
          message(#"{"jsonrpc":"2.0","id":3,"method":"test/mark"}"#),
          message(#"[{"jsonrpc":"2.0","id":4,"method":"test/mark"},{"jsonrpc":"2.0","id":5,"method":"test/mark"}]"#),
          message(#"{"jsonrpc":"2.0","id":6,"method":"test/missing"}"#),
        ])
      }
    }
    let batch = await output.messages(count: 6).first { $0.arrayValue != nil }
    reader.stop()
    #expect(marks.all == ["1", "3", "4", "5"])
    #expect(errorCode(await output.response(2)) == -32800)
    #expect(batch?.arrayValue?.map { $0["id"] } == [4, 5])
    #expect(errorCode(await output.response(6)) == -32601)
    // Answered in arrival order: each ran to its end on the reader, one after the other.
    #expect(output.responses.map { $0["id"] } == [0, 1, 2, 3, 6])
  }
}
