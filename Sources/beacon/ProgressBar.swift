import BeaconCore
import BeaconServer
import BeaconSync
import Foundation
import JSONRPC

/// A one-line progress bar on stderr, drawn from `$/progress` notifications (`begin`, `report`, `end`) and
/// redrawn in place with a carriage return. It draws only when stderr is a terminal and leaves the line empty
/// when it ends, so nothing of it remains in logs or pipes.
final class ProgressBar: Sendable {
  private struct State {
    var title = ""
    var message: String?
    var percentage: Int?
    var isVisible = false
  }

  /// Whether drawing is on (stderr is a terminal).
  let isEnabled: Bool
  private let state = Locked(State())
  private let barWidth = 24

  /// Creates a bar that draws when `isEnabled` (by default: when stderr is a terminal).
  init(isEnabled: Bool = isatty(STDERR_FILENO) == 1, title: String) {
    self.isEnabled = isEnabled
    state.withLock { $0.title = title }
  }

  /// Updates the bar from the `value` of a `$/progress` notification.
  func update(_ value: JSONValue) {
    guard isEnabled else { return }
    let kind = value["kind"]?.stringValue
    if kind == "end" {
      clear()
      return
    }
    let line = state.withLock { state -> String in
      if kind == "begin", let title = value["title"]?.stringValue, !title.isEmpty { state.title = title }
      if let message = value["message"]?.stringValue { state.message = message }
      if let percentage = value["percentage"]?.intValue { state.percentage = min(100, max(0, percentage)) }
      state.isVisible = true
      return render(state)
    }
    Self.write("\r\u{1B}[K" + line)
  }

  /// Removes the bar from the screen, if it is there.
  func clear() {
    guard isEnabled else { return }
    let wasVisible = state.withLock { state -> Bool in
      defer { state.isVisible = false }
      return state.isVisible
    }
    if wasVisible { Self.write("\r\u{1B}[K") }
  }

  private func render(_ state: State) -> String {
    var line = state.title
    if let percentage = state.percentage {
      let filled = percentage * barWidth / 100
      let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
      line += " [\(bar)] \(percentage) %"
    }
    if let message = state.message, !message.isEmpty { line += " " + HumanOutput.singleLine(message) }
    // One cell short of the width, so the terminal never wraps the line.
    return TableFormatter.truncate(line, to: Self.terminalColumns() - 1)
  }

  /// The terminal's width in columns (80 when it cannot be told).
  static func terminalColumns() -> Int {
    var size = winsize()
    guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }

  private static func write(_ text: String) {
    Logger.writeAll(Array(text.utf8), to: STDERR_FILENO)
  }
}
