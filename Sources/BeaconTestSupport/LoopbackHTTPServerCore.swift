import BeaconSync
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The engine behind ``LoopbackHTTPServer``: owns the sockets and threads.
///
/// Threads capture the core, never the public server, so releasing the server runs its `deinit`, which stops
/// the core. Every blocking wait polls a wake pipe as well; stopping closes the pipe's write end, which wakes
/// them all at once.
final class LoopbackHTTPServerCore: Sendable {
  typealias Handler = @Sendable (LoopbackHTTPServer.RecordedRequest) -> LoopbackHTTPServer.Response

  private struct State {
    var isStopped = false
    var connections: Set<Int32> = []
    var nextConnectionIndex = 0
    var requests: [LoopbackHTTPServer.RecordedRequest] = []
    var handler: Handler = { _ in .notFound }
    var scripted: [String: [LoopbackHTTPServer.Response]] = [:]
  }

  /// The largest request head accepted before the connection is dropped.
  private static let maximumHeadLength = 64 * 1024
  /// The reply to a request that cannot be parsed.
  private static let badRequest = Array(
    "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8
  )
  /// How long stopping waits for threads before giving up on them.
  private static let stopTimeout = DispatchTimeInterval.seconds(5)

  let port: UInt16
  private let listener: Int32
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let state = Locked(State())
  /// Held for the whole of `stop()`, so that concurrent callers all return only once it is complete.
  private let stopGate = Locked(false)
  private let acceptThread = DispatchGroup()
  private let connectionThreads = DispatchGroup()

  init() throws {
    let (listener, port) = try LoopbackSocket.listening()
    let wake: (read: Int32, write: Int32)
    do {
      wake = try LoopbackSocket.wakePipe()
    } catch {
      close(listener)
      throw error
    }
    self.listener = listener
    self.port = port
    wakeRead = wake.read
    wakeWrite = wake.write
  }

  /// Starts the accepting thread; call once.
  func start() {
    acceptThread.enter()
    let thread = Thread { [self] in
      acceptConnections()
      acceptThread.leave()
    }
    thread.name = "loopback-http.accept"
    thread.start()
  }

  var handler: Handler {
    get { state.withLock { $0.handler } }
    set { state.withLock { $0.handler = newValue } }
  }

  var requests: [LoopbackHTTPServer.RecordedRequest] { state.withLock { $0.requests } }

  func enqueue(_ response: LoopbackHTTPServer.Response, path: String) {
    state.withLock { $0.scripted[path, default: []].append(response) }
  }

  /// Closes the listener and every connection, and waits (boundedly) for all threads to end. Idempotent.
  func stop() {
    stopGate.withLock { isComplete in
      guard !isComplete else { return }
      isComplete = true
      state.withLock { state in
        state.isStopped = true
        for connection in state.connections {
          shutdown(connection, Int32(SHUT_RDWR))
        }
      }
      close(wakeWrite)
      let acceptEnded = acceptThread.wait(timeout: .now() + Self.stopTimeout) == .success
      close(listener)
      let connectionsEnded = connectionThreads.wait(timeout: .now() + Self.stopTimeout) == .success
      // A thread that did not end may still poll the wake pipe; leaking its read end beats closing a
      // descriptor number that could be reused under it.
      if acceptEnded && connectionsEnded { close(wakeRead) }
    }
  }

  // MARK: Accepting

  private func acceptConnections() {
    while true {
      switch LoopbackSocket.waitReadable(listener, wake: wakeRead) {
      case .woken: return
      case .timedOut: continue
      case .readable: break
      }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else {
        switch errno {
        case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED, EPROTO: continue
        default: return
        }
      }
      let index: Int? = state.withLock { state in
        guard !state.isStopped else { return nil }
        state.connections.insert(connection)
        connectionThreads.enter()
        defer { state.nextConnectionIndex += 1 }
        return state.nextConnectionIndex
      }
      guard let index else {
        close(connection)
        return
      }
      LoopbackSocket.setNoDelay(connection)
      let thread = Thread { [self] in
        serve(connection, index: index)
        state.withLock { state in
          // Closed under the lock so that `stop()` never shuts down a reused descriptor number.
          state.connections.remove(connection)
          close(connection)
        }
        connectionThreads.leave()
      }
      thread.name = "loopback-http.connection-\(index)"
      thread.start()
    }
  }

  // MARK: Serving one connection

  /// Reads requests and answers them until either side closes, a fault ends the connection or the server stops.
  private func serve(_ connection: Int32, index: Int) {
    var buffer: [UInt8] = []
    while true {
      guard let request = readRequest(connection, index: index, buffer: &buffer) else { return }
      guard let (head, recorded) = request else {
        _ = LoopbackSocket.sendAll(connection, Self.badRequest)
        return
      }
      let response = respond(to: recorded)
      let closes = response.headers.contains { $0.key.lowercased() == "connection" && $0.value.lowercased() == "close" }
      let keepAlive = head.wantsKeepAlive && !closes
      guard send(response, on: connection, keepAlive: keepAlive, isHead: head.method == "HEAD") else { return }
    }
  }

  /// The next request: `nil` if the connection ended, `.some(nil)` if the request was malformed.
  private func readRequest(
    _ connection: Int32,
    index: Int,
    buffer: inout [UInt8]
  ) -> (HTTPRequestHead, LoopbackHTTPServer.RecordedRequest)?? {
    var headEnd = HTTPRequestHead.end(in: buffer)
    while headEnd == nil {
      guard buffer.count <= Self.maximumHeadLength else { return .some(nil) }
      guard let bytes = LoopbackSocket.receive(connection, wake: wakeRead) else { return nil }
      buffer.append(contentsOf: bytes)
      headEnd = HTTPRequestHead.end(in: buffer)
    }
    guard let headEnd, let head = HTTPRequestHead(buffer[0..<headEnd]), let length = head.contentLength else {
      return .some(nil)
    }
    if head.expectsContinue && buffer.count - headEnd < length {
      guard LoopbackSocket.sendAll(connection, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return nil }
    }
    while buffer.count - headEnd < length {
      guard let bytes = LoopbackSocket.receive(connection, wake: wakeRead) else { return nil }
      buffer.append(contentsOf: bytes)
    }
    let body = Data(buffer[headEnd..<(headEnd + length)])
    buffer.removeFirst(headEnd + length)
    let recorded = LoopbackHTTPServer.RecordedRequest(
      method: head.method,
      target: head.target,
      headers: head.headers,
      body: body,
      connectionIndex: index
    )
    return .some((head, recorded))
  }

  /// Records `request` and picks its response: the next scripted one for its path, else the handler's.
  private func respond(to request: LoopbackHTTPServer.RecordedRequest) -> LoopbackHTTPServer.Response {
    let (scripted, handler) = state.withLock { state in
      state.requests.append(request)
      let next = state.scripted[request.path]?.isEmpty == false ? state.scripted[request.path]?.removeFirst() : nil
      return (next, state.handler)
    }
    return scripted ?? handler(request)
  }

  /// Sends (or deliberately botches) `response`; `true` if the connection should serve another request.
  private func send(
    _ response: LoopbackHTTPServer.Response,
    on connection: Int32,
    keepAlive: Bool,
    isHead: Bool
  ) -> Bool {
    if response.delay > 0 {
      guard LoopbackSocket.sleep(seconds: response.delay, wake: wakeRead) else { return false }
    }
    let body = [UInt8](response.body)
    switch response.fault {
    case .closeWithoutResponse:
      return false
    case .truncateBody:
      let head = Self.head(for: response, contentLength: max(body.count, 1), keepAlive: false)
      guard LoopbackSocket.sendAll(connection, head + body.prefix(body.count / 2)) else { return false }
      shutdown(connection, Int32(SHUT_WR))
      return false
    case .neverFinish:
      let head = Self.head(for: response, contentLength: max(body.count, 1), keepAlive: keepAlive)
      guard LoopbackSocket.sendAll(connection, head + body.prefix(body.count / 2)) else { return false }
      // Hang: drain whatever the client sends until it goes away or the server stops.
      while LoopbackSocket.receive(connection, wake: wakeRead) != nil {}
      return false
    case .trickle(let bytes, let every):
      guard LoopbackSocket.sendAll(connection, Self.head(for: response, contentLength: body.count, keepAlive: false))
      else { return false }
      var offset = 0
      while offset < body.count {
        guard LoopbackSocket.sleep(seconds: every, wake: wakeRead) else { return false }
        let end = min(body.count, offset + max(1, bytes))
        guard LoopbackSocket.sendAll(connection, Array(body[offset..<end])) else { return false }
        offset = end
      }
      shutdown(connection, Int32(SHUT_WR))
      return false
    case nil:
      let head = Self.head(for: response, contentLength: body.count, keepAlive: keepAlive)
      guard LoopbackSocket.sendAll(connection, isHead ? head : head + body) else { return false }
      if !keepAlive { shutdown(connection, Int32(SHUT_WR)) }
      return keepAlive
    }
  }

  /// The status line and headers, adding `Content-Length` and `Connection: close` unless already present.
  private static func head(for response: LoopbackHTTPServer.Response, contentLength: Int, keepAlive: Bool) -> [UInt8] {
    var text = "HTTP/1.1 \(response.status) \(reasonPhrase(response.status))\r\n"
    let names = Set(response.headers.keys.map { $0.lowercased() })
    for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) {
      text += "\(name): \(value)\r\n"
    }
    if !names.contains("content-length") { text += "Content-Length: \(contentLength)\r\n" }
    if !keepAlive && !names.contains("connection") { text += "Connection: close\r\n" }
    text += "\r\n"
    return Array(text.utf8)
  }

  private static func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 100: "Continue"
    case 200: "OK"
    case 201: "Created"
    case 204: "No Content"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 304: "Not Modified"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 408: "Request Timeout"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    default: "Status \(status)"
    }
  }
}
