/// Requests answered on the reader thread: no task, no thread hop.
///
/// A request whose handler only computes its answer from its params (`ping`) needs no task of its own. When
/// no exclusive request is running or waiting, such a request is answered at once on the thread that received
/// it, which with ``MessageWriter``'s direct writes takes the round trip down to one read and one write.
/// Behind a running write it waits like any concurrent request, so ordering is the same as for a task.
extension Dispatcher {
  /// Registers a request whose answer needs no waiting: `handler` must not block, and `R` must be concurrent.
  package func registerImmediate<R: RequestType>(
    _ type: R.Type,
    handler: @escaping @Sendable (R) throws -> R.Response
  ) {
    precondition(R.ordering == .concurrent, "\(R.method): only concurrent requests can be answered at once")
    register(type) { request, _ in try handler(request) }
    let answersEmpty = R.Response.self == EmptyResult.self
    let emptyObject = Array("{}".utf8)
    let runNow: @Sendable (JSONValue?) throws -> [UInt8]
    if let withoutParams = try? Self.decodeParams(R.self, from: nil) {
      // Decoding is pure: the request without params is decoded once, not for every `ping`.
      runNow = { params in
        let response = try handler(params == nil ? withoutParams : try Self.decodeParams(R.self, from: params))
        // `{}` needs no encoder (`ping` answers it thousands of times a second).
        return answersEmpty ? emptyObject : try JSONStreamEncoder().encode(response)
      }
    } else {
      runNow = { params in
        let response = try handler(try Self.decodeParams(R.self, from: params))
        return answersEmpty ? emptyObject : try JSONStreamEncoder().encode(response)
      }
    }
    state.withLock { state in
      let updated = state.requestHandlers[R.method]?.with(runNow: runNow)
      state.setHandler(updated, for: R.method)
    }
  }

  /// Answers the request at once unless an exclusive request is running or waiting; `false` when it must wait.
  func answerImmediately(
    id: RequestID,
    method: String,
    params: JSONValue?,
    runNow: @Sendable (JSONValue?) throws -> [UInt8],
    reply: Reply?
  ) -> Bool {
    guard state.withLock({ $0.lastExclusive == nil }) else { return false }
    answer(id, runImmediately(method: method, params: params, runNow: runNow), through: reply)
    return true
  }

  /// The outcome of a request answered at once.
  func runImmediately(
    method: String,
    params: JSONValue?,
    runNow: @Sendable (JSONValue?) throws -> [UInt8]
  ) -> Result<[UInt8], ResponseError> {
    do {
      return .success(try runNow(params))
    } catch {
      return .failure(responseError(for: error, method: method))
    }
  }
}
