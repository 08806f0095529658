import Foundation

extension LoopbackHTTPServer {
  /// One request as the server received it.
  package struct RecordedRequest: Sendable, Equatable {
    /// The method, e.g. `GET`.
    package let method: String
    /// The request target exactly as sent, e.g. `/v2/places?categories=catering&limit=20`.
    package let target: String
    /// The percent-decoded path of the target, e.g. `/v2/places`.
    package let path: String
    /// The percent-decoded query items; when a name repeats, the last value wins.
    package let queryItems: [String: String]
    /// The headers, names lowercased; repeated headers are joined with `, `.
    package let headers: [String: String]
    /// The body (empty without `Content-Length`).
    package let body: Data
    /// Which connection carried the request: 0 for the first accepted connection, 1 for the next, and so on.
    package let connectionIndex: Int

    /// Creates a recorded request; `path` and `queryItems` are derived from `target`, header names lowercased.
    package init(method: String, target: String, headers: [String: String], body: Data, connectionIndex: Int) {
      self.method = method
      self.target = target
      var lowercased: [String: String] = [:]
      for (name, value) in headers {
        lowercased[name.lowercased()] = value
      }
      self.headers = lowercased
      self.body = body
      self.connectionIndex = connectionIndex
      let components = URLComponents(string: target)
      let rawPath = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      self.path = components?.path ?? String(rawPath).removingPercentEncoding ?? String(rawPath)
      var items: [String: String] = [:]
      for item in components?.queryItems ?? [] {
        items[item.name] = item.value ?? ""
      }
      self.queryItems = items
    }

    /// The value of the header `name`, compared case-insensitively.
    package func header(_ name: String) -> String? { headers[name.lowercased()] }
  }
}
