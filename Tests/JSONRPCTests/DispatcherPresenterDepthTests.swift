import BeaconSync
import Foundation
import Testing

@testable import JSONRPC

/// The error presenter must cost the same on the millionth error as on the first.
///
/// Regression: the presenter used to live in a `Mutex` whose value was the function itself, and every
/// `withLock { $0 }` wrote it back wrapped in two more reabstraction thunks. After some tens of thousands of
/// dispatcher-made errors (cancelled requests, malformed frames) calling it nested that deep: the soak test saw
/// RSS grow by ~0.5 KiB per error, and a long session would have overflowed a thread's stack.
@Suite struct DispatcherPresenterDepthTests {
  /// Makes 100 000 errors on a thread whose stack is 256 KiB: with a presenter that nests one level per call,
  /// the last calls need megabytes of stack and the process crashes (a failure no one can miss).
  @Test func manyDispatcherErrorsDoNotDeepenThePresenter() async {
    let answers = Locked((count: 0, last: ""))
    let dispatcher = Dispatcher(send: { body in
      answers.withLock { $0 = ($0.count + 1, String(decoding: body, as: UTF8.self)) }
    })
    dispatcher.setErrorPresenter { error in
      ResponseError(code: error.code, message: "Presented", data: error.data)
    }
    dispatcher.onShutdown {}
    let errors = 100_000
    await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
      let thread = Thread {
        for _ in 0..<errors { dispatcher.receive(FramingError.zeroContentLength) }
        finished.resume()
      }
      thread.stackSize = 256 * 1024
      thread.start()
    }
    let (count, last) = answers.withLock { $0 }
    #expect(count == errors)
    #expect(last.contains(#""message":"Presented""#))
    #expect(last.contains(#""id":null"#))
  }
}
