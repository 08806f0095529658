/// Why a byte sequence is not a JSON text Beacon accepts.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The byte offset at which parsing stopped.
  public var offset: Int
  /// A short English explanation, for logs and error `data`.
  public var reason: String

  /// Creates an error at `offset` with `reason`.
  public init(offset: Int, reason: String) {
    self.offset = offset
    self.reason = reason
  }

  public var description: String { "\(reason) at byte \(offset)" }
}
