import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// `InProcessClient.call` from a task cancelled before the request is sent (Ctrl-C as `beacon import` starts): the
/// request is still cancelled. The first `$/cancelRequest` reaches the server before the request and finds nothing to
/// cancel, so the client sends it again once the request is there; without that, an import of a pipe that sends
/// nothing would wait for good.
@Suite struct InProcessClientCancelTests {
  @Test func aCallWhoseTaskWasCancelledBeforeItWasSentIsCancelled() async throws {
    let directory = TemporaryDirectory()
    let fifo = directory.file("places.geojsonseq")
    try #require(mkfifo(fifo, 0o600) == 0)
    let client = try await ImportMethodTests.session()
    let finished = DispatchSemaphore(value: 0)
    let call = Task {
      defer { finished.signal() }
      withUnsafeCurrentTask { $0?.cancel() }
      return await client.call("places/import", params: ["path": .string(fifo)])
    }
    // Waited for off the cooperative pool, up to 120 s (the whole suite may be running).
    let ended = await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: finished.wait(timeout: .now() + 120) == .success) }
    }
    #expect(ended, "the import of a FIFO with no writer ended when cancelled")
    guard ended else {
      // A writer that opens and closes ends the reading, so that the test leaves nothing running.
      close(open(fifo, O_WRONLY | O_NONBLOCK))
      return
    }
    #expect(ImportMethodTests.failure(await call.value)?.code == .requestCancelled)
  }
}
