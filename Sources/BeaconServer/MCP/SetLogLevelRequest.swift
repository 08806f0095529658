import JSONRPC

/// MCP's `logging/setLevel`: the least severe `notifications/message` the client wants.
package struct SetLogLevelRequest: RequestType, Codable, Equatable {
  package static let method = "logging/setLevel"
  package typealias Response = EmptyResult

  /// An RFC 5424 level: `debug`, `info`, `notice`, `warning`, `error`, `critical`, `alert`, `emergency`.
  package var level: MCPLogLevel

  /// Creates the request.
  package init(level: MCPLogLevel) {
    self.level = level
  }
}

/// The severity of an MCP log message (RFC 5424), least severe first.
package enum MCPLogLevel: String, Codable, Sendable, Comparable, CaseIterable {
  case debug, info, notice, warning, error, critical, alert, emergency

  package static func < (lhs: MCPLogLevel, rhs: MCPLogLevel) -> Bool { lhs.rank < rhs.rank }

  private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

  /// The level of a `window/logMessage` type (1 error, 2 warning, 3 info, 4 log).
  init(logMessageType type: Int) {
    switch type {
    case 1: self = .error
    case 2: self = .warning
    case 3: self = .info
    default: self = .debug
    }
  }
}
