import JSONRPC

/// The kinds of errors only the MCP server and the OpenRPC document make; Beacon's domain kinds are
/// ``BeaconCore/BeaconError/kind``, the protocol's are ``ErrorKind``'s own.
extension ErrorKind {
  /// `tools/call` names no tool, or one of a tool set that is off (`data.tool`, `data.toolSet`).
  static let unknownTool: ErrorKind = "unknownTool"
  /// The OpenRPC document compiled into the binary cannot be read or turned into tool schemas.
  static let schemaUnavailable: ErrorKind = "schemaUnavailable"
}
