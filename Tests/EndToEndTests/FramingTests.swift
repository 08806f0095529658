import Foundation
import JSONRPC
import Testing

/// Every framing fault is answered with `-32700`, `"id": null` and `data.kind` `framingError`, and the
/// next well-framed request is still answered: the reader resynchronises and the process survives.
extension EndToEnd {
  @Suite struct FramingTests {
    /// A `ping` with id 2, well framed: the probe that must be answered after each fault.
    private static let probe = BeaconProcess.frame(BeaconProcess.requestBody("ping", id: 2))

    /// Sends `fault` then the probe to an initialized server; expects exactly one framing error with
    /// `reason`, an answer to the probe, and a clean shutdown afterwards.
    private func expectResynchronisation(
      after fault: [UInt8],
      reason: String,
      sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.send(fault + Self.probe)

      let error = try beacon.framingError()
      #expect(error["jsonrpc"] == "2.0", sourceLocation: sourceLocation)
      #expect(error.errorCode == -32700, sourceLocation: sourceLocation)
      #expect(error["error"]?["data"]?["reason"]?.stringValue == reason, "\(error)", sourceLocation: sourceLocation)
      #expect(!(error.errorMessage ?? "").isEmpty, sourceLocation: sourceLocation)

      let pong = try beacon.response(id: 2)
      #expect(pong["result"] == [:], "probe after the fault got \(pong)", sourceLocation: sourceLocation)
      let framingErrors = beacon.messages.filter(BeaconProcess.isFramingError)
      #expect(framingErrors.count == 1, "expected one framing error: \(framingErrors)", sourceLocation: sourceLocation)

      #expect(try beacon.shutdownAndExit() == .exited(0), sourceLocation: sourceLocation)
      #expect(beacon.stdout.faults.isEmpty, "\(beacon.stdout.faults)", sourceLocation: sourceLocation)
    }

    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// A body that is valid JSON but must never be dispatched, because its header block was bad.
    private static let orphanBody = BeaconProcess.requestBody("ping", id: 99)

    @Test func missingContentLength() throws {
      let fault = Self.bytes("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n\(Self.orphanBody)")
      try expectResynchronisation(after: fault, reason: "missingContentLength")
    }

    @Test func duplicateContentLength() throws {
      let length = Self.orphanBody.utf8.count
      let fault = Self.bytes("Content-Length: \(length)\r\nContent-Length: \(length)\r\n\r\n\(Self.orphanBody)")
      try expectResynchronisation(after: fault, reason: "duplicateContentLength")
    }

    @Test func nonNumericContentLength() throws {
      let fault = Self.bytes("Content-Length: forty\r\n\r\n\(Self.orphanBody)")
      try expectResynchronisation(after: fault, reason: "invalidContentLength")
    }

    @Test func negativeContentLength() throws {
      let fault = Self.bytes("Content-Length: -40\r\n\r\n\(Self.orphanBody)")
      try expectResynchronisation(after: fault, reason: "invalidContentLength")
    }

    @Test func overflowingContentLength() throws {
      let fault = Self.bytes("Content-Length: 123456789012345678901234567890\r\n\r\n\(Self.orphanBody)")
      try expectResynchronisation(after: fault, reason: "invalidContentLength")
    }

    @Test func zeroContentLength() throws {
      try expectResynchronisation(after: Self.bytes("Content-Length: 0\r\n\r\n"), reason: "zeroContentLength")
    }

    @Test func headerLineWithoutColon() throws {
      let fault = Self.bytes("This is not a header\r\n\r\n\(Self.orphanBody)")
      try expectResynchronisation(after: fault, reason: "malformedHeaderLine")
    }

    @Test func endlessHeaderLine() throws {
      let fault = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
      try expectResynchronisation(after: fault, reason: "headerLineTooLong")
    }

    @Test func tooManyHeaderFields() throws {
      let fields = (1...40).map { "X-Field-\($0): \($0)\r\n" }.joined()
      let fault = Self.bytes(fields + "Content-Length: \(Self.orphanBody.utf8.count)\r\n\r\n\(Self.orphanBody)")
      try expectResynchronisation(after: fault, reason: "tooManyHeaderFields")
    }

    @Test func garbageLineBetweenMessages() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      var input = BeaconProcess.frame(BeaconProcess.requestBody("ping", id: 1))
      input += [0x00, 0xFF, 0xFE, 0x07] + Self.bytes("garbage ¤%& {not; json}\r\n")
      input += Self.probe
      beacon.send(input)

      #expect(try beacon.response(id: 1)["result"] == [:])
      let error = try beacon.framingError()
      #expect(error.errorCode == -32700)
      #expect(error["error"]?["data"]?["reason"] == "malformedHeaderLine")
      #expect(try beacon.response(id: 2)["result"] == [:])
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    /// Stray bytes with no line end, glued to the next header (`garbage!!!Content-Length: 40`).
    @Test func garbageWithoutLineEndBetweenMessages() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      var input = BeaconProcess.frame(BeaconProcess.requestBody("ping", id: 1))
      input += Self.bytes("garbage!!!")
      input += Self.probe
      // `shutdown` runs only after every earlier request has answered, so once it has answered, the
      // probe has too, if it was read at all.
      input += BeaconProcess.frame(BeaconProcess.requestBody("shutdown", id: 3))
      beacon.send(input)

      #expect(try beacon.response(id: 1)["result"] == [:])
      #expect(try beacon.framingError().errorCode == -32700)
      #expect(try beacon.response(id: 3)["result"] == .null)
      #expect(
        beacon.responses(id: 2).first?["result"] == [:],
        "the ping after the garbage was never answered: \(beacon.messages)"
      )
      beacon.notify("exit")
      #expect(try beacon.waitForExit() == .exited(0))
    }

    @Test func bodyThatIsNotJSONIsAParseErrorWithNullID() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.sendFramed(#"{"jsonrpc":"2.0","id":5,"method":"ping""#)  // Cut short: not JSON.
      beacon.send(Self.probe)

      let error = try beacon.waitForMessage("a parse error") { $0.has("error") && $0["id"] == .null }
      #expect(error.errorCode == -32700)
      #expect(error.errorKind == "parseError")
      #expect(try beacon.response(id: 2)["result"] == [:])
      #expect(beacon.responses(id: 5).isEmpty)
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func unsupportedCharsetIsRejectedAndTheNextMessageWorks() throws {
      let body = BeaconProcess.requestBody("ping", id: 50)
      let fault = Self.bytes(
        "Content-Length: \(body.utf8.count)\r\nContent-Type: application/vscode-jsonrpc; charset=latin1\r\n\r\n\(body)"
      )
      try expectResynchronisation(after: fault, reason: "unsupportedCharset")
    }

    @Test func lowerCaseContentLengthIsAccepted() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      let body = BeaconProcess.requestBody("ping", id: 1)
      beacon.send("content-length: \(body.utf8.count)\r\n\r\n\(body)")
      #expect(try beacon.response(id: 1)["result"] == [:])
      #expect(!beacon.messages.contains(where: BeaconProcess.isFramingError))
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func utf8CharsetSpellingsAndBareNewlinesAreAccepted() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      let first = BeaconProcess.requestBody("ping", id: 1)
      let second = BeaconProcess.requestBody("ping", id: 2)
      beacon.send(
        "CONTENT-LENGTH:\(first.utf8.count)\r\ncontent-type: application/vscode-jsonrpc; charset=\"UTF-8\"\r\n\r\n"
          + first
          + "Content-Length:  \(second.utf8.count) \nContent-Type: application/json; charset=utf8\n\n\(second)"
      )
      for id: JSONValue in [1, 2] {
        #expect(try beacon.response(id: id)["result"] == [:])
      }
      #expect(!beacon.messages.contains(where: BeaconProcess.isFramingError))
      #expect(try beacon.shutdownAndExit() == .exited(0))
    }

    @Test func lengthAboveTheCapIsRejectedWithoutWaitingForTheBody() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.request("shutdown", id: "shutdown")
      try beacon.response(id: "shutdown")
      let before = residentBytes(of: beacon.pid)
      // Declares 100 MiB, sends a few bytes, then ends the input.
      beacon.send("Content-Length: \(100 << 20)\r\n\r\n{\"jsonrpc\":")

      let error = try beacon.framingError()
      #expect(error.errorCode == -32700)
      #expect(error["error"]?["data"]?["reason"] == "messageTooLarge")
      // Measured from where the process stood, so a sanitizer's shadow memory does not count.
      if let before, let peak = peakResidentBytes(of: beacon.pid) {
        #expect(peak - before < 32 << 20, "beacon's peak RSS grew by \(peak - before) bytes after a 100 MiB header")
      }
      beacon.closeInput()
      #expect(try beacon.waitForExit() == .exited(0))
    }

    @Test func aLengthOfTwoGibibytesWithNoBodyIsRefusedAtOnceAndTheServerKeepsAnswering() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      // Declares 2 GiB (over the 64 MiB limit) and sends nothing of it.
      beacon.send("Content-Length: 2147483648\r\n\r\n")
      let error = try beacon.framingError(timeout: 5)
      #expect(error.errorCode == -32700)
      #expect(error["id"] == .null)
      #expect(error["error"]?["data"]?["reason"] == "messageTooLarge")
      #expect(error["error"]?["data"]?["length"] == 2_147_483_648, "\(error)")
      // The declared body is not waited for: the next request is answered.
      beacon.send(Self.probe)
      #expect(try beacon.response(id: 2)["result"] == [:])
      #expect(try beacon.shutdownAndExit() == .exited(0))
      #expect(beacon.stderr.text.contains("2147483648"), "\(beacon.stderr.text)")
    }

    @Test func inputCutOffInTheBodyEndsTheProcess() throws {
      let beacon = try BeaconProcess()
      beacon.send("Content-Length: 100\r\n\r\n{\"jsonrpc\":\"2.0\",")
      beacon.closeInput()

      let error = try beacon.framingError()
      #expect(error["error"]?["data"]?["reason"] == "truncatedMessage")
      #expect(try beacon.waitForExit() == .exited(1))
    }

    @Test func inputCutOffInTheHeaderEndsTheProcess() throws {
      let beacon = try BeaconProcess()
      try beacon.initialize()
      beacon.request("shutdown", id: "shutdown")
      try beacon.response(id: "shutdown")
      beacon.send("Content-Len")
      beacon.closeInput()

      let error = try beacon.framingError()
      #expect(error["error"]?["data"]?["reason"] == "truncatedMessage")
      #expect(try beacon.waitForExit() == .exited(0))
    }
  }
}
