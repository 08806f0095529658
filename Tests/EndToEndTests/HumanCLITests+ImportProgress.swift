import Foundation
import Testing

/// `beacon import FILE` with stderr not a terminal: plain progress lines, with the throughput and the time left,
/// for an import that takes a while, and none for a short one.
extension EndToEnd.HumanCLITests {
  @Test func aLongImportWritesPlainProgressLinesAndAShortOneNone() throws {
    let workspace = try Workspace()
    let features = (0..<40_000).map { index in
      let lat = 59.9 + Double(index % 200) * 0.0005
      let lon = 10.7 + Double(index / 200) * 0.0005
      return #"{"type":"Feature","id":"node/\#(index + 1)","properties":{"amenity":"cafe","name":"Kafé \#(index)"},"#
        + #""geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]}}"#
    }
    let file = try workspace.write(features.joined(separator: "\n"), to: "many.geojsonseq")
    let clock = ContinuousClock()
    let started = clock.now
    // A debug build importing 40 000 places on a busy machine can take longer than a command usually may.
    let result = try workspace.run(["--locale", "en", "import", file], timeout: 90)
    let elapsed = started.duration(to: clock.now)
    #expect(result.termination == .exited(0), "stderr: \(result.stderr)")
    #expect(result.stdout.contains("Imported 40000 places"), "\(result.stdout)")
    #expect(!result.stderr.contains("\r"), "no redrawing when stderr is not a terminal: \(result.stderr)")

    let lines = result.stderr.split(separator: "\n").map(String.init).filter { $0.contains(" % ") }
    let pattern = /^Importing .* (\d+) % · \d+\.\d MB\/s · about \d+ s left$/
    if elapsed >= .milliseconds(3_500) {
      // The import itself ran for 3 s or so: at least its last quarter is over 2 s in.
      #expect(!lines.isEmpty, "a plain line for a long import (\(elapsed)): \(result.stderr)")
      let percentages = lines.compactMap { line in (try? pattern.wholeMatch(in: line)).flatMap { Int($0.1) } }
      #expect(percentages.count == lines.count, "every line says the rate and the time left: \(lines)")
      #expect(percentages == percentages.sorted() && Set(percentages.map { $0 / 25 }).count == percentages.count)
      #expect(percentages.allSatisfy { (25..<100).contains($0) }, "\(percentages)")
    } else if elapsed < .seconds(2) {
      #expect(lines.isEmpty, "no lines for a short import (\(elapsed)): \(result.stderr)")
    }
  }
}
