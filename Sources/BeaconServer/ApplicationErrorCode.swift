import JSONRPC

/// Beacon's own error codes, outside JSON-RPC's reserved −32768…−32000 and LSP's −32899…−32800.
///
/// Each comes with a stable `data.kind`; the list is also in the README and in
/// `Schemas/openrpc.json`.
package enum ApplicationErrorCode {
  /// `notFound`: no place, fruit, fruit group, coin or user with that id is known (`data.placeId`, `data.fruitId`,
  /// `data.groupKind` and `data.groupName`, `data.coinId`, `data.userId`).
  package static let notFound = ErrorCode(rawValue: -33001)
  /// `unsupportedPlace`: the place exists, but is none of the kinds Beacon shows (`data.placeId`).
  package static let unsupportedPlace = ErrorCode(rawValue: -33002)
  /// `storeUnavailable`: the store file cannot be opened (path in `data.path`).
  package static let storeUnavailable = ErrorCode(rawValue: -33010)
  /// `storeTooNew`: the store was written by a newer Beacon.
  package static let storeTooNew = ErrorCode(rawValue: -33011)
  /// `storageFailure`: SQLite failed while reading or writing.
  package static let storageFailure = ErrorCode(rawValue: -33012)
  /// `missingApiKey`: no Geoapify key is configured (the message says how to get one, and that `--offline` works).
  package static let missingAPIKey = ErrorCode(rawValue: -33020)
  /// `invalidApiKey`: Geoapify refused the key.
  package static let invalidAPIKey = ErrorCode(rawValue: -33021)
  /// `rateLimited`: an upstream API's rate limit or quota (Geoapify, Fruityvice, CoinLore, randomuser.me);
  /// `data.retryAfterSeconds` says when to retry.
  package static let rateLimited = ErrorCode(rawValue: -33022)
  /// `upstreamRejected`: an upstream API rejected the request; `data.upstreamMessage` is its own message.
  package static let upstreamRejected = ErrorCode(rawValue: -33023)
  /// `upstreamUnavailable`: an upstream API could not be reached or answered unusably (`data.reason`).
  package static let upstreamUnavailable = ErrorCode(rawValue: -33024)
  /// `importFailed`: a file could not be imported (`data.file`, `data.position`), or held no named restaurant,
  /// café or hotel (`data.kind` `nothingImported`, `data.skipped`); nothing was stored.
  package static let importFailed = ErrorCode(rawValue: -33030)
}
