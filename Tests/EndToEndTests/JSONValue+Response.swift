import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension JSONValue {
  /// Whether this is an object with a member named `key` (whatever its value, `null` included).
  ///
  /// Prefer this to `value[key] == nil`: `JSONValue` is `ExpressibleByNilLiteral`, so `nil` can mean JSON null.
  func has(_ key: String) -> Bool { objectValue?.keys.contains(key) ?? false }

  /// `error.code` of a response.
  var errorCode: Int? { self["error"]?["code"]?.intValue }
  /// `error.message` of a response.
  var errorMessage: String? { self["error"]?["message"]?.stringValue }
  /// `error.data.kind` of a response.
  var errorKind: String? { self["error"]?["data"]?["kind"]?.stringValue }
}
