import Foundation
import JSONRPC

/// Sleeps, reporting progress; exists only when `BEACON_TEST_METHODS=1`, so end-to-end tests can
/// exercise cancellation and `$/progress` on the real binary.
struct TestSleepRequest: RequestType {
  static let method = "test/sleep"
  typealias Response = EmptyResult

  /// How long to sleep, in milliseconds (0…60 000).
  var milliseconds: Int
}

/// Prints to stdout from inside a handler; exists only when `BEACON_TEST_METHODS=1`, so end-to-end
/// tests can prove that nothing a handler prints reaches the wire.
struct TestPrintRequest: RequestType {
  static let method = "test/print"
  typealias Response = EmptyResult

  /// What to print.
  var text: String
}

enum TestMethods {
  static func register(on dispatcher: Dispatcher) {
    dispatcher.register(TestSleepRequest.self) { request, context in
      guard (0...60_000).contains(request.milliseconds) else {
        throw ResponseError.invalidParams(field: "milliseconds", detail: "Must be between 0 and 60000")
      }
      let steps = 4
      context.reportProgress(.begin(title: "test/sleep", percentage: 0))
      for step in 1...steps {
        try await Task.sleep(for: .milliseconds(request.milliseconds / steps))
        context.reportProgress(.report(percentage: step * 100 / steps))
      }
      context.reportProgress(.end())
      return EmptyResult()
    }
    dispatcher.register(TestPrintRequest.self) { request, _ in
      print(request.text)
      fflush(nil)  // Flush every C stream, stdout included.
      FileHandle.standardOutput.write(Data(request.text.utf8))
      return EmptyResult()
    }
  }
}
