import BeaconCore
import BeaconSync
import Foundation
import JSONRPC

/// A one-line progress bar on stderr, drawn from `$/progress` notifications (`begin`, `report`, `end`) with the
/// throughput and the time left once they can be told.
///
/// On a terminal it is redrawn in place with a carriage return and leaves the line empty when it ends, so nothing
/// of it remains. When stderr is not a terminal (a log, a pipe), a work that takes long (``plainLineDelay`` since the
/// bar was made, which is when the command started) gets a plain line at each quarter instead, and a short one gets
/// none.
final class ProgressBar: Sendable {
  private struct State {
    var title = ""
    var message: String?
    var percentage: Int?
    var isVisible = false
    /// When the first notification came: the throughput and the time left count from it.
    var started: ContinuousClock.Instant?
    /// The last quarter a plain line was written for.
    var quarter = 0
  }

  /// How the bar shows.
  enum Mode: Sendable {
    /// Redrawn in place (stderr is a terminal).
    case terminal
    /// Plain lines, one per quarter of a long work.
    case lines
  }

  /// How it shows.
  let mode: Mode
  private let output: HumanOutput
  /// The size of the input in bytes, for the throughput; `nil` when not known (a pipe).
  private let size: Int?
  private let state = Locked(State())
  private let barWidth = 24
  /// The time now (the continuous clock's, but in tests).
  private let clock: @Sendable () -> ContinuousClock.Instant
  /// Where the bar goes (stderr, but in tests).
  private let write: @Sendable (String) -> Void
  /// When the bar was made: plain lines wait ``plainLineDelay`` from then.
  private let created: ContinuousClock.Instant
  /// How long a work runs before plain lines are written.
  static let plainLineDelay = Duration.seconds(2)

  /// Creates a bar for a work on `size` bytes (by default it draws in place when stderr is a terminal).
  init(
    mode: Mode = isatty(STDERR_FILENO) == 1 ? .terminal : .lines,
    title: String,
    output: HumanOutput,
    size: Int? = nil,
    now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
    write: @escaping @Sendable (String) -> Void = { Logger.writeAll(Array($0.utf8), to: STDERR_FILENO) }
  ) {
    self.mode = mode
    self.output = output
    self.size = size
    self.clock = now
    self.write = write
    self.created = now()
    state.withLock { $0.title = title }
  }

  /// Updates the bar from the `value` of a `$/progress` notification.
  func update(_ value: JSONValue) {
    let kind = value["kind"]?.stringValue
    if kind == "end" {
      clear()
      return
    }
    let now = clock()
    let line = state.withLock { state -> String? in
      if kind == "begin", let title = value["title"]?.stringValue, !title.isEmpty { state.title = title }
      if state.started == nil { state.started = now }
      if let message = value["message"]?.stringValue { state.message = message }
      if let percentage = value["percentage"]?.intValue { state.percentage = min(100, max(0, percentage)) }
      switch mode {
      case .terminal:
        state.isVisible = true
        return "\r\u{1B}[K" + render(state, now: now, bar: true)
      case .lines:
        let quarter = (state.percentage ?? 0) / 25
        guard quarter > state.quarter, quarter < 4, created.duration(to: now) >= Self.plainLineDelay else { return nil }
        state.quarter = quarter
        return render(state, now: now, bar: false) + "\n"
      }
    }
    if let line { write(line) }
  }

  /// Removes the bar from the screen, if it is there.
  func clear() {
    guard mode == .terminal else { return }
    let wasVisible = state.withLock { state -> Bool in
      defer { state.isVisible = false }
      return state.isVisible
    }
    if wasVisible { write("\r\u{1B}[K") }
  }

  private func render(_ state: State, now: ContinuousClock.Instant, bar: Bool) -> String {
    var line = state.title
    if let percentage = state.percentage {
      if bar {
        let filled = percentage * barWidth / 100
        line += " [" + String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled) + "]"
      }
      line += " \(percentage) %"
      let rate = rateAndTimeLeft(percentage: percentage, since: state.started, now: now)
      if !rate.isEmpty { line += " · " + rate.joined(separator: " · ") }
    }
    if let message = state.message, !message.isEmpty { line += " " + HumanOutput.singleLine(message) }
    // One cell short of the width, so the terminal never wraps the line.
    return bar ? TableFormatter.truncate(line, to: Self.terminalColumns() - 1) : line
  }

  /// The throughput (when the size is known) and the time left, once half a second has passed and some of the work
  /// is done.
  private func rateAndTimeLeft(
    percentage: Int,
    since started: ContinuousClock.Instant?,
    now: ContinuousClock.Instant
  )
    -> [String]
  {
    guard let started, percentage > 0, percentage < 100 else { return [] }
    let elapsed = started.duration(to: now)
    guard elapsed >= .milliseconds(500) else { return [] }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    var parts: [String] = []
    if let size {
      let megabytesPerSecond = Double(size) * Double(percentage) / 100 / seconds / 1_000_000
      parts.append(output.text(.importRate(output.decimal(megabytesPerSecond))))
    }
    let left = seconds * Double(100 - percentage) / Double(percentage)
    parts.append(output.text(.importTimeLeft(max(1, Int(left.rounded(.up))))))
    return parts
  }

  /// The terminal's width in columns (80 when it cannot be told).
  static func terminalColumns() -> Int {
    var size = winsize()
    guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }
}
