import BeaconSchemas
import JSONRPC

/// OpenRPC service discovery: returns `Schemas/openrpc.json`, the contract of every method.
///
/// Allowed before `initialize` (it reads no session state); other `rpc.*` names are -32601.
package struct DiscoverRequest: RequestType, Encodable, Equatable {
  package static let method = "rpc.discover"
  package typealias Response = JSONValue

  package init() {}

  /// The document, parsed from the copy compiled into the binary.
  static func document() throws(ResponseError) -> JSONValue {
    guard let document = try? JSONParser.parse(BeaconSchemas.openRPCDocument()) else {
      throw ResponseError(
        code: .internalError,
        message: "The OpenRPC document compiled into this binary cannot be read",
        kind: .schemaUnavailable
      )
    }
    return document
  }
}
