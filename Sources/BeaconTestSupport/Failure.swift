import BeaconCore
import Testing

/// The error a throwing call ended with, or `nil` when it returned.
package func failure<T>(_ body: () throws(BeaconError) -> T) -> BeaconError? {
  do {
    _ = try body()
    return nil
  } catch {
    return error
  }
}

/// The error an asynchronous throwing call ended with, or `nil` when it returned.
package func failure<T>(_ body: () async throws(BeaconError) -> T) async -> BeaconError? {
  do {
    _ = try await body()
    return nil
  } catch {
    return error
  }
}

/// The error of a result (e.g. the `ResponseError` a call was answered with), or `nil` (and a recorded issue)
/// when it succeeded.
package func failure<Success, Failure: Error>(
  _ result: Result<Success, Failure>,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Failure? {
  if case .failure(let error) = result { return error }
  Issue.record("expected an error, got \(result)", sourceLocation: sourceLocation)
  return nil
}
