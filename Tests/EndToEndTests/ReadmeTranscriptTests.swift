import Foundation
import JSONRPC
import Testing

/// The README's "A session on the wire" block is real: replaying its input gives its output exactly.
extension EndToEnd {
  @Suite struct ReadmeTranscriptTests {
    /// The README beside the package.
    static func readme() throws -> String {
      let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
      return try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    @Test func theReadmeSessionIsWhatBeaconAnswers() throws {
      let text = try Self.readme()
      let section = try #require(text.range(of: "## A session on the wire"))
      let blockStart = try #require(text.range(of: "```console\n", range: section.upperBound..<text.endIndex))
      let blockEnd = try #require(text.range(of: "\n```", range: blockStart.upperBound..<text.endIndex))
      let lines = text[blockStart.upperBound..<blockEnd.lowerBound].split(
        separator: "\n",
        omittingEmptySubsequences: false
      )

      // Input: the bodies given to `frame '…'`; the command's arguments: what follows `beacon`.
      var bodies: [String] = []
      var arguments: [String] = []
      var outputStart = 0
      for (index, line) in lines.enumerated() {
        if let open = line.range(of: "frame '"), let close = line.range(of: "'", range: open.upperBound..<line.endIndex)
        {
          bodies.append(String(line[open.upperBound..<close.lowerBound]))
        }
        if let command = line.range(of: "| beacon ") {
          let rest = line[command.upperBound...].prefix { $0 != ";" }
          arguments = rest.split(separator: " ").map(String.init)
          outputStart = index + 1
        }
      }
      try #require(bodies.count == 4 && !arguments.isEmpty, "the README block changed shape: \(bodies) \(arguments)")
      let expectedLines = lines[outputStart...]
      let expectedOutput = expectedLines.dropLast().joined(separator: "\n")
      let expectedExit = try #require(
        expectedLines.last.flatMap { Int32($0.replacingOccurrences(of: "exit code: ", with: "")) }
      )

      let beacon = try BeaconProcess(arguments: arguments, environment: ["BEACON_TEST_METHODS": nil])
      beacon.send(bodies.flatMap(BeaconProcess.frame))
      #expect(try beacon.waitForExit() == .exited(expectedExit))
      try beacon.waitForOutputEnd()
      // Markdown cannot show "\r"; the README's "echo" adds the final newline.
      let actual = beacon.stdout.text.replacingOccurrences(of: "\r\n", with: "\n") + "\n"
      #expect(actual == expectedOutput + "\n")
    }
  }
}
