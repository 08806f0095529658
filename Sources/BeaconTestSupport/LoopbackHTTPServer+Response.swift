import Foundation

extension LoopbackHTTPServer {
  /// What the server sends back for one request: a status, headers and a body, optionally delayed or broken.
  package struct Response: Sendable {
    /// A way to misbehave instead of sending a complete response.
    package enum Fault: Sendable, Equatable {
      /// Sends the head (declaring the full `Content-Length`) and the first half of the body, then keeps the
      /// connection open without sending more until the client goes away or the server stops.
      case neverFinish
      /// Sends the head (declaring the full `Content-Length`) and the first half of the body, then closes the
      /// connection.
      case truncateBody
      /// Closes the connection without sending a single byte.
      case closeWithoutResponse
      /// Sends the head (declaring the full `Content-Length`) at once, then the body `bytes` at a time with a pause
      /// of `every` seconds before each piece: an answer that is never idle long enough to time out.
      case trickle(bytes: Int, every: TimeInterval)
    }

    /// The status code, e.g. 200 or 429.
    package var status: Int
    /// Response headers; `Content-Length` (and `Connection: close` when the server closes) are added unless
    /// present.
    package var headers: [String: String]
    /// The body bytes, sent as they are (they need not be valid JSON or UTF-8).
    package var body: Data
    /// Seconds to wait before responding (or misbehaving); cut short when the server stops.
    package var delay: TimeInterval
    /// How to misbehave, or `nil` for a complete response.
    package var fault: Fault?

    /// Creates a response.
    package init(
      status: Int = 200,
      headers: [String: String] = [:],
      body: Data = Data(),
      delay: TimeInterval = 0,
      fault: Fault? = nil
    ) {
      self.status = status
      self.headers = headers
      self.body = body
      self.delay = delay
      self.fault = fault
    }

    /// A response whose body is `json` (UTF-8) with `Content-Type: application/json`.
    package static func json(
      _ json: String,
      status: Int = 200,
      headers: [String: String] = [:],
      delay: TimeInterval = 0
    ) -> Response {
      var allHeaders = ["Content-Type": "application/json"]
      allHeaders.merge(headers) { _, new in new }
      return Response(status: status, headers: allHeaders, body: Data(json.utf8), delay: delay)
    }

    /// A response whose body is `text` (UTF-8) with `Content-Type: text/plain; charset=utf-8`.
    package static func text(
      _ text: String,
      status: Int = 200,
      headers: [String: String] = [:],
      delay: TimeInterval = 0
    ) -> Response {
      var allHeaders = ["Content-Type": "text/plain; charset=utf-8"]
      allHeaders.merge(headers) { _, new in new }
      return Response(status: status, headers: allHeaders, body: Data(text.utf8), delay: delay)
    }

    /// A response that misbehaves as `fault` describes, with `body` as the (partly sent) body.
    package static func fault(
      _ fault: Fault,
      status: Int = 200,
      headers: [String: String] = [:],
      body: Data = Data("{\"partial\": \"response body that never completes\"}".utf8),
      delay: TimeInterval = 0
    ) -> Response {
      Response(status: status, headers: headers, body: body, delay: delay, fault: fault)
    }

    /// The default reply when no handler and no scripted response applies: 404 with a short text body.
    package static let notFound = Response.text("no response configured", status: 404)
  }
}
