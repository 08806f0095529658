import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``URLSessionTransport``'s size cap (`maxResponseBytes`), its whole time (`totalTimeout`) and its redirects, against
/// real loopback servers.
@Suite struct URLSessionTransportTests {
  let server: LoopbackHTTPServer

  init() throws {
    server = try LoopbackHTTPServer()
  }

  func send(
    path: String,
    maxResponseBytes: Int = 1 << 20,
    totalTimeout: Double = 30,
    headers: [String: String] = [:]
  ) async -> Result<HTTPResponse, HTTPTransportError> {
    let transport = URLSessionTransport(
      connectTimeout: 30,
      totalTimeout: totalTimeout,
      maxResponseBytes: maxResponseBytes
    )
    let request = HTTPRequest(url: server.baseURL.appendingPathComponent(path), headers: headers)
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

  /// A failure is said in words (`data.reason` and the log show them), not as URLSession's number.
  @Test func aRefusedConnectionIsSaidInWords() async {
    let transport = URLSessionTransport(connectTimeout: 30, totalTimeout: 30, maxResponseBytes: 1 << 20)
    // Port 1 on the loopback has no listener here: the connection is refused at once.
    let request = HTTPRequest(url: URL(string: "http://127.0.0.1:1/places")!, headers: [:])
    do {
      _ = try await transport.send(request)
      Issue.record("port 1 answered")
    } catch {
      #expect(error == .cannotConnect("connection refused"))
    }
    #expect(URLSessionTransport.describe(.cannotFindHost) == "host not found")
    #expect(URLSessionTransport.describe(.serverCertificateUntrusted) == "certificate not accepted")
    #expect(URLSessionTransport.describe(.fileDoesNotExist) == "URLError -1100")
  }
}

extension URLSessionTransportTests {
  @Test func anAnswerThatTricklesInForLongerThanTheWholeTimeTimesOut() async {
    // 40 bytes, 4 at a time every half second: 5 s, never idle as long as the 30 s idle timeout; the whole time is
    // 1 s. Before, the exchange ran on to its end and succeeded.
    server.enqueue(
      LoopbackHTTPServer.Response(body: Data(repeating: 0x43, count: 40), fault: .trickle(bytes: 4, every: 0.5)),
      forPath: "/slow"
    )
    let result = await send(path: "slow", totalTimeout: 1)
    #expect(result.failureValue == .timedOut)
  }

  @Test func aRedirectIsFollowedOnlyToTheSameServerSoTheKeyGoesNowhereElse() async throws {
    let other = try LoopbackHTTPServer()
    other.enqueue(.json(#"{"stolen":true}"#), forPath: "/elsewhere")
    let elsewhere = other.baseURL.appendingPathComponent("elsewhere").absoluteString
    server.enqueue(LoopbackHTTPServer.Response(status: 302, headers: ["Location": elsewhere]), forPath: "/away")
    server.enqueue(LoopbackHTTPServer.Response(status: 302, headers: ["Location": "/here"]), forPath: "/near")
    server.enqueue(.json(#"{"ok":true}"#), forPath: "/here")
    let key = ["X-Api-Key": "secret-key"]

    let away = try await send(path: "away", headers: key).get()
    #expect(away.status == 302, "the redirect is the answer")
    #expect(other.requests.isEmpty, "the other server got nothing: \(other.requests)")

    let near = try await send(path: "near", headers: key).get()
    #expect(near.status == 200)
    #expect(String(decoding: near.body, as: UTF8.self) == #"{"ok":true}"#)
    #expect(server.requests.last?.path == "/here")
    #expect(server.requests.last?.header("x-api-key") == "secret-key")
  }
}

extension Result {
  fileprivate var failureValue: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}
