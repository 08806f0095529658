import BeaconCore
import JSONRPC

/// An error of Beacon's domain that knows its wire form: its code, its `data` (with `data.kind`) and its message in
/// the session's language. Domain errors reach the client only through ``responseError(in:)``.
protocol ResponseErrorConvertible: Error {
  /// The error as it goes on the wire, with its message in `language`.
  func responseError(in language: Language) -> ResponseError
}
