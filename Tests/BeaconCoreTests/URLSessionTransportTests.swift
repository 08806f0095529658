import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``URLSessionTransport``'s size cap (`maxResponseBytes`), against a real loopback server.
@Suite struct URLSessionTransportTests {
  let server: LoopbackHTTPServer

  init() throws {
    server = try LoopbackHTTPServer()
  }

  func send(path: String, maxResponseBytes: Int, totalTimeout: Double = 30) async -> Result<
    HTTPResponse, HTTPTransportError
  > {
    let transport = URLSessionTransport(
      connectTimeout: 30,
      totalTimeout: totalTimeout,
      maxResponseBytes: maxResponseBytes
    )
    let request = HTTPRequest(url: server.baseURL.appendingPathComponent(path))
    do {
      return .success(try await transport.send(request))
    } catch {
      return .failure(error)
    }
  }

  @Test func aBodyOfExactlyTheCapIsAcceptedAndOneByteMoreIsRefused() async {
    server.enqueue(LoopbackHTTPServer.Response(body: Data(repeating: 0x41, count: 4096)), forPath: "/exact")
    server.enqueue(LoopbackHTTPServer.Response(body: Data(repeating: 0x41, count: 4097)), forPath: "/over")
    let exact = await send(path: "exact", maxResponseBytes: 4096)
    #expect((try? exact.get())?.body.count == 4096)
    let over = await send(path: "over", maxResponseBytes: 4096)
    #expect(over.failureValue == .responseTooLarge(limit: 4096))
  }

  @Test func anOversizedBodyIsRefusedWhileItArrivesNotAfterTheTimeout() async {
    // The server declares 1 MiB, sends half of it and then never finishes: waiting for the whole body (the
    // old behaviour) would end only with the 30 s timeout, as `timedOut`.
    server.enqueue(
      LoopbackHTTPServer.Response(body: Data(repeating: 0x42, count: 1 << 20), fault: .neverFinish),
      forPath: "/huge"
    )
    let result = await send(path: "huge", maxResponseBytes: 64 << 10)
    #expect(result.failureValue == .responseTooLarge(limit: 64 << 10))
  }
}

extension Result {
  fileprivate var failureValue: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}
