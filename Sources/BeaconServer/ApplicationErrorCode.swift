import JSONRPC

/// Beacon's own error codes, outside JSON-RPC's reserved −32768…−32000 and LSP's −32899…−32800.
///
/// Each comes with a stable `data.kind`; the list is also in the README and in
/// `Schemas/openrpc.json`.
public enum ApplicationErrorCode {
  /// `notFound`: no place with that id has been seen.
  public static let notFound = ErrorCode(rawValue: -33001)
  /// `unsupportedPlace`: the place exists, but is none of the kinds Beacon shows (`data.placeId`).
  public static let unsupportedPlace = ErrorCode(rawValue: -33002)
  /// `storeUnavailable`: the store file cannot be opened (path in `data.path`).
  public static let storeUnavailable = ErrorCode(rawValue: -33010)
  /// `storeTooNew`: the store was written by a newer Beacon.
  public static let storeTooNew = ErrorCode(rawValue: -33011)
  /// `storageFailure`: SQLite failed while reading or writing.
  public static let storageFailure = ErrorCode(rawValue: -33012)
  /// `missingApiKey`: no Geoapify key is configured (the message says how to get one, and that `--offline` works).
  public static let missingAPIKey = ErrorCode(rawValue: -33020)
  /// `invalidApiKey`: Geoapify refused the key.
  public static let invalidAPIKey = ErrorCode(rawValue: -33021)
  /// `rateLimited`: Geoapify's rate limit or quota; `data.retryAfterSeconds` says when to retry.
  public static let rateLimited = ErrorCode(rawValue: -33022)
  /// `upstreamRejected`: Geoapify rejected the request; `data.upstreamMessage` is its own message.
  public static let upstreamRejected = ErrorCode(rawValue: -33023)
  /// `upstreamUnavailable`: Geoapify could not be reached or answered unusably.
  public static let upstreamUnavailable = ErrorCode(rawValue: -33024)
  /// `importFailed`: a file could not be imported (`data.file`, `data.position`), or held no named restaurant,
  /// café or hotel (`data.kind` `nothingImported`, `data.skipped`); nothing was stored.
  public static let importFailed = ErrorCode(rawValue: -33030)
}
