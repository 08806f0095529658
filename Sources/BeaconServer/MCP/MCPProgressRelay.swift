import BeaconSync
import JSONRPC

/// Turns the LSP work-done progress of a Beacon method (`begin`, `report` with a percentage) into MCP
/// `notifications/progress` for the call's `progressToken`: `progress` out of `total` 100, always increasing, with
/// the step's title or message. The 100 comes from ``complete()``, once the call succeeded: LSP's `end` also ends the
/// progress of a call that failed or was cancelled, which must not look finished.
final class MCPProgressRelay: Sendable {
  private let token: JSONValue
  private let context: RequestContext
  private let lastSent = Locked<Int?>(nil)

  init(token: JSONValue, context: RequestContext) {
    self.token = token
    self.context = context
  }

  /// Forwards one `$/progress` value; steps that would not increase the progress are dropped.
  @Sendable func forward(_ value: JSONValue) {
    let kind = value["kind"]?.stringValue
    let percentage: Int?
    switch kind {
    case "begin": percentage = value["percentage"]?.intValue ?? 0
    case "end": return
    default: percentage = value["percentage"]?.intValue
    }
    guard let percentage else { return }
    send(min(max(percentage, 0), 99), message: value["message"]?.stringValue ?? value["title"]?.stringValue)
  }

  /// Sends 100 (the call succeeded), unless it was sent already.
  func complete() {
    send(100, message: nil)
  }

  /// Sends `progress` when it is more than the last sent.
  private func send(_ progress: Int, message: String?) {
    let isIncrease = lastSent.withLock { last -> Bool in
      if let last, progress <= last { return false }
      last = progress
      return true
    }
    guard isIncrease else { return }
    var params: [String: JSONValue] = ["progressToken": token, "progress": .int(progress), "total": 100]
    if let message { params["message"] = .string(message) }
    context.sendNotification("notifications/progress", params: .object(params))
  }
}
