import Foundation

/// One HTTP GET as Beacon's upstream clients make it.
package struct HTTPRequest: Sendable, Equatable {
  /// The full URL, query included; never carries the API key (that goes in a header).
  package var url: URL
  /// Header fields to send.
  package var headers: [String: String]

  /// Creates a request.
  package init(url: URL, headers: [String: String] = [:]) {
    self.url = url
    self.headers = headers
  }
}

/// What came back.
package struct HTTPResponse: Sendable, Equatable {
  /// The status code.
  package var status: Int
  /// Header fields with lower-cased names.
  package var headers: [String: String]
  /// The body.
  package var body: [UInt8]

  /// Creates a response.
  package init(status: Int, headers: [String: String] = [:], body: [UInt8]) {
    self.status = status
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
    self.body = body
  }
}

/// Why no response arrived.
package enum HTTPTransportError: Error, Sendable, Equatable {
  /// The connect or total timeout passed.
  case timedOut
  /// The server could not be reached (refused, unknown host, no network).
  case cannotConnect(String)
  /// The connection broke before the whole response arrived.
  case connectionLost(String)
  /// The response was larger than allowed.
  case responseTooLarge(limit: Int)
  /// Anything else.
  case failed(String)
}

/// Sends HTTP requests: URLSession in production, a loopback server or an in-process fake in tests.
package protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the complete response.
  func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse
}
