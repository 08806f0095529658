import BeaconCore
import BeaconSync
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// The import's bar when stderr is not a terminal: plain lines at the quarters of a long work, none for a short one,
/// with the time counted from the bar's making (the command's start), on a clock the test moves.
@Suite struct ProgressBarTests {
  /// A clock the test moves, and what the bar wrote.
  final class Recorder: Sendable {
    let time = Locked(ContinuousClock.now)
    let lines = Locked<[String]>([])

    func bar(size: Int? = 20_000_000) -> ProgressBar {
      ProgressBar(
        mode: .lines,
        title: "Importerer steder …",
        output: HumanOutput(language: .nb),
        size: size,
        now: { self.time.withLock { $0 } },
        write: { text in self.lines.withLock { $0.append(text) } }
      )
    }

    func advance(_ duration: Duration) { time.withLock { $0 = $0.advanced(by: duration) } }
  }

  static func report(_ percentage: Int) -> JSONValue { ["kind": "report", "percentage": .int(percentage)] }

  @Test func aLongWorkGetsALineAtEachQuarterWithItsRateAndTimeLeft() {
    let recorder = Recorder()
    let bar = recorder.bar()
    bar.update(["kind": "begin", "title": "Importerer steder …", "percentage": 0])
    for percentage in stride(from: 5, through: 95, by: 5) {
      recorder.advance(.milliseconds(500))
      bar.update(Self.report(percentage))
    }
    bar.update(Self.report(100))
    bar.update(["kind": "end"])
    #expect(
      recorder.lines.withLock { $0 } == [
        "Importerer steder … 25 % · 2,0 MB/s · ca. 8 s igjen\n",
        "Importerer steder … 50 % · 2,0 MB/s · ca. 5 s igjen\n",
        "Importerer steder … 75 % · 2,0 MB/s · ca. 3 s igjen\n",
      ]
    )
  }

  /// Reports that come late and close together (a busy machine) still get their lines once the work has run long:
  /// the delay counts from the bar's making, not from the first report.
  @Test func reportsThatComeLateStillGetTheirLines() {
    let recorder = Recorder()
    let bar = recorder.bar(size: nil)
    recorder.advance(.seconds(3))
    bar.update(["kind": "begin", "title": "Importerer steder …", "percentage": 0])
    bar.update(Self.report(30))
    recorder.advance(.milliseconds(100))
    bar.update(Self.report(80))
    #expect(
      recorder.lines.withLock { $0 }.map { $0.prefix(24) } == ["Importerer steder … 30 %", "Importerer steder … 80 %"]
    )
  }

  @Test func aShortWorkGetsNoLine() {
    let recorder = Recorder()
    let bar = recorder.bar()
    bar.update(["kind": "begin", "title": "Importerer steder …", "percentage": 0])
    for percentage in stride(from: 10, through: 100, by: 10) {
      recorder.advance(.milliseconds(150))
      bar.update(Self.report(percentage))
    }
    bar.update(["kind": "end"])
    #expect(recorder.lines.withLock { $0 }.isEmpty)
  }
}
