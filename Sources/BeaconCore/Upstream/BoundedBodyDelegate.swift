import BeaconSync
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects the body of each data task of a session and cancels a task as soon as its body would pass the
/// cap: a declared `Content-Length` above it is refused before any of the body is read, and an undeclared
/// (chunked) body is cut off when the bytes received so far pass it. Memory per request stays below the cap.
///
/// It also ends an exchange that takes longer than its whole time (FoundationNetworking on Linux lets a body that
/// trickles in a few bytes at a time run on for as long as it trickles), and follows a redirect only to the same
/// scheme, host and port: the request's headers (an API key) never go to another server.
final class BoundedBodyDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // `@unchecked Sendable`: the only mutable state is behind `pending`'s mutex.
  private struct Pending {
    var body = Data()
    var response: URLResponse?
    var isTooLarge = false
    var timedOut = false
    let continuation: CheckedContinuation<(Data, URLResponse), any Error>
  }

  /// Thrown through the continuation when a body passed the cap.
  struct TooLarge: Error {}

  private let maxBytes: Int
  private let totalTimeout: Double
  private let pending = Locked<[Int: Pending]>([:])

  init(maxBytes: Int, totalTimeout: Double) {
    self.maxBytes = maxBytes
    self.totalTimeout = totalTimeout
  }

  /// Runs `request` on `session` (whose delegate is `self`) and returns its whole body and response.
  ///
  /// - Throws: ``TooLarge`` past the cap, `URLError.timedOut` past the whole time, the session's `URLError`
  ///   otherwise; cancelling the calling task cancels the data task.
  func data(for request: URLRequest, on session: URLSession) async throws -> (Data, URLResponse) {
    let task = session.dataTask(with: request)
    let identifier = task.taskIdentifier
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        pending.withLock { $0[identifier] = Pending(continuation: continuation) }
        task.resume()
        DispatchQueue.global().asyncAfter(deadline: .now() + totalTimeout) { [pending] in
          let running = pending.withLock { tasks -> Bool in
            guard tasks[identifier] != nil else { return false }
            tasks[identifier]?.timedOut = true
            return true
          }
          if running { task.cancel() }
        }
      }
    } onCancel: {
      task.cancel()
    }
  }

  func urlSession(
    _ session: URLSession,
    dataTask: URLSessionDataTask,
    didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let declaredTooLarge = response.expectedContentLength > Int64(maxBytes)
    pending.withLock { tasks in
      tasks[dataTask.taskIdentifier]?.response = response
      if declaredTooLarge { tasks[dataTask.taskIdentifier]?.isTooLarge = true }
    }
    completionHandler(declaredTooLarge ? .cancel : .allow)
    // FoundationNetworking on Linux does not end the task on `.cancel` until its timeout; this does.
    if declaredTooLarge { dataTask.cancel() }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let passedCap = pending.withLock { tasks -> Bool in
      guard var entry = tasks[dataTask.taskIdentifier], !entry.isTooLarge else { return false }
      if entry.body.count + data.count > maxBytes {
        entry.isTooLarge = true
        entry.body = Data()
      } else {
        entry.body.append(data)
      }
      tasks[dataTask.taskIdentifier] = entry
      return entry.isTooLarge
    }
    if passedCap { dataTask.cancel() }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
    if entry.isTooLarge {
      entry.continuation.resume(throwing: TooLarge())
    } else if entry.timedOut {
      entry.continuation.resume(throwing: URLError(.timedOut))
    } else if let error {
      entry.continuation.resume(throwing: error)
    } else if let response = entry.response ?? task.response {
      entry.continuation.resume(returning: (entry.body, response))
    } else {
      entry.continuation.resume(throwing: URLError(.badServerResponse))
    }
  }

  func urlSession(
    _ session: URLSession,
    task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    let from = task.originalRequest?.url
    let to = request.url
    let sameServer = from?.scheme == to?.scheme && from?.host == to?.host && from?.port == to?.port
    // Not followed: the redirect itself is the answer (a 3xx, which callers refuse).
    completionHandler(sameServer ? request : nil)
  }
}
