import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One running `beacon` child process with pipes on stdin, stdout and stderr: a small JSON-RPC test
/// client. The process is killed when this object goes away, so no test leaves one behind.
final class BeaconProcess: @unchecked Sendable {
  // `@unchecked Sendable`: all stored properties are immutable references to thread-safe objects.

  /// The default time to wait for anything: generous, because the machine may be busy.
  static let defaultTimeout: Double = 15

  let process: Process
  /// The child's stdout: the wire.
  let stdout: OutputCollector
  /// The child's stderr: the log.
  let stderr: OutputCollector
  let input: InputWriter
  /// A private directory for this process (the store lives here); removed at teardown, after the process.
  private let temporary = TemporaryDirectory("beacon-e2e")

  /// The sanitizer settings of this test run (`ASAN_OPTIONS`, `LSAN_OPTIONS`, `TSAN_OPTIONS` and where to find the
  /// symbolizer), for children started with an environment of their own, so a sanitized run applies the same
  /// suppressions to them.
  static var sanitizerVariables: [String: String] {
    // PATH too: the sanitizers find `llvm-symbolizer` through it, and suppressions match symbolized frames only.
    ProcessInfo.processInfo.environment.filter {
      ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "ASAN_SYMBOLIZER_PATH", "PATH"].contains($0.key)
    }
  }

  private static let ignoreSIGPIPE: Void = {
    // A write to a child that has gone away must be an error, not the death of the test runner.
    _ = signal(SIGPIPE, SIG_IGN)
  }()

  /// Starts `beacon` with `arguments` in an isolated environment: `BEACON_TEST_METHODS=1`, a fresh
  /// `BEACON_STORE`, and no `GEOAPIFY_API_KEY` or other `BEACON_*` settings from the outside.
  ///
  /// - Parameters:
  ///   - arguments: The command line after the program name.
  ///   - environment: Extra variables; a `nil` value removes a variable.
  ///   - slowReads: How many initial reads of stdout are small and slow (see ``OutputCollector``).
  ///   - readsStandardError: `false` leaves stderr unread, like a client that never drains it.
  init(
    arguments: [String] = ["serve"],
    environment: [String: String?] = [:],
    slowReads: Int = 0,
    readsStandardError: Bool = true
  ) throws {
    Self.ignoreSIGPIPE
    let binary = try BeaconBinary.url()
    let directory = temporary.url

    var variables = ProcessInfo.processInfo.environment.filter { name, _ in
      !name.hasPrefix("BEACON_") && name != "GEOAPIFY_API_KEY"
    }
    variables["BEACON_TEST_METHODS"] = "1"
    variables["BEACON_STORE"] = directory.appendingPathComponent("store.sqlite").path
    for (name, value) in environment {
      variables[name] = value
    }

    let stdinPipe = Pipe()
    let stdoutPipe = Pipe()
    let stderrPipe = Pipe()
    process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = variables
    process.currentDirectoryURL = directory
    process.standardInput = stdinPipe
    process.standardOutput = stdoutPipe
    process.standardError = stderrPipe
    try process.run()

    input = InputWriter(handle: stdinPipe.fileHandleForWriting)
    stdout = OutputCollector(
      handle: stdoutPipe.fileHandleForReading,
      name: "stdout",
      parsesMessages: true,
      slowReads: slowReads
    )
    stderr = OutputCollector(
      handle: stderrPipe.fileHandleForReading,
      name: "stderr",
      parsesMessages: false,
      reads: readsStandardError
    )
  }

  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      let deadline = Date(timeIntervalSinceNow: 5)
      while process.isRunning && Date() < deadline { usleep(2_000) }
    }
    input.close()
    stderr.closeUnread()
  }

  /// The private directory of this process (the store lives here).
  var directory: URL { temporary.url }

  /// The child's process id.
  var pid: Int32 { process.processIdentifier }

  /// Stops reading the child's stdout (after the read in progress) until ``resumeReadingStandardOutput()``.
  func pauseReadingStandardOutput() { stdout.pause() }

  /// Reads the child's stdout again.
  func resumeReadingStandardOutput() { stdout.resume() }

  // MARK: Sending

  /// Writes raw bytes to stdin.
  func send(_ bytes: [UInt8]) {
    input.write(bytes)
  }

  /// Writes raw text to stdin.
  func send(_ text: String) {
    input.write(Array(text.utf8))
  }

  /// Writes `body` framed with a `Content-Length` header.
  func sendFramed(_ body: String) {
    input.write(Self.frame(body))
  }

  /// Sends a request framed with `Content-Length`.
  func request(_ method: String, id: JSONValue, params: JSONValue? = nil) {
    sendFramed(Self.requestBody(method, id: id, params: params))
  }

  /// Sends a notification framed with `Content-Length`.
  func notify(_ method: String, params: JSONValue? = nil) {
    sendFramed(Self.notificationBody(method, params: params))
  }

  /// Closes stdin (after everything written before).
  func closeInput() {
    input.close()
  }

  /// `Content-Length: N\r\n\r\n` followed by `body`.
  static func frame(_ body: String) -> [UInt8] {
    Array("Content-Length: \(body.utf8.count)\r\n\r\n".utf8) + Array(body.utf8)
  }

  /// The JSON text of a request.
  static func requestBody(_ method: String, id: JSONValue, params: JSONValue? = nil) -> String {
    var message: [String: JSONValue] = ["jsonrpc": "2.0", "id": id, "method": .string(method)]
    if let params { message["params"] = params }
    return JSONValue.object(message).description
  }

  /// The JSON text of a notification.
  static func notificationBody(_ method: String, params: JSONValue? = nil) -> String {
    var message: [String: JSONValue] = ["jsonrpc": "2.0", "method": .string(method)]
    if let params { message["params"] = params }
    return JSONValue.object(message).description
  }

  // MARK: Receiving

  /// Every message received so far (objects, and batch answers as arrays), in order.
  var messages: [JSONValue] { stdout.messages }

  /// Every message object received so far, with batch answers flattened into their elements.
  var messageObjects: [JSONValue] { messages.flatMap { $0.arrayValue ?? [$0] } }

  /// The responses (not notifications) with `id`, batch elements included.
  func responses(id: JSONValue) -> [JSONValue] {
    messageObjects.filter { Self.isResponse($0, id: id) }
  }

  static func isResponse(_ message: JSONValue, id: JSONValue) -> Bool {
    !message.has("method") && message["id"] == id && (message.has("result") || message.has("error"))
  }

  static func isFramingError(_ message: JSONValue) -> Bool {
    message["id"] == .null && message["error"]?["data"]?["kind"] == "framingError"
  }

  /// Waits for the first message (in arrival order) that satisfies `predicate`.
  ///
  /// - Throws: ``HarnessError`` naming `what` when stdout ends or `timeout` passes without one.
  @discardableResult
  func waitForMessage(
    _ what: String,
    timeout: Double = defaultTimeout,
    where predicate: (JSONValue) -> Bool
  ) throws -> JSONValue {
    if let message = stdout.wait(timeout: timeout, { messages, _ in messages.first(where: predicate) }) {
      return message
    }
    let why = stdout.hasEnded ? "stdout ended" : "\(timeout) s passed"
    throw HarnessError("\(why) without \(what).\n\(diagnostics())")
  }

  /// Waits for the response to the request with `id`.
  @discardableResult
  func response(id: JSONValue, timeout: Double = defaultTimeout) throws -> JSONValue {
    try waitForMessage("a response with id \(id)", timeout: timeout) { Self.isResponse($0, id: id) }
  }

  /// Waits for the `nth` (1-based) framing error answer.
  @discardableResult
  func framingError(_ nth: Int = 1, timeout: Double = defaultTimeout) throws -> JSONValue {
    let found = stdout.wait(timeout: timeout) { messages, _ -> JSONValue? in
      let errors = messages.filter(Self.isFramingError)
      // Not `cond ? value : nil`: `JSONValue` is `ExpressibleByNilLiteral`, so that `nil` would be JSON null.
      guard errors.count >= nth else { return Optional.none }
      return errors[nth - 1]
    }
    if let found { return found }
    throw HarnessError("No framing error answer number \(nth) (id null, data.kind framingError).\n\(diagnostics())")
  }

  // MARK: Lifecycle

  /// Sends `initialize` (id `"init"`) and returns its result.
  ///
  /// - Throws: ``HarnessError`` when it is answered with an error or not at all.
  @discardableResult
  func initialize(_ params: JSONValue = [:]) throws -> JSONValue {
    request("initialize", id: "init", params: params)
    let answer = try response(id: "init")
    guard let result = answer["result"] else { throw HarnessError("initialize failed: \(answer)") }
    return result
  }

  /// Sends `shutdown` (id `"shutdown"`), waits for its answer, sends `exit` and waits for the process
  /// to end.
  func shutdownAndExit(timeout: Double = defaultTimeout) throws -> Termination {
    request("shutdown", id: "shutdown")
    let answer = try response(id: "shutdown", timeout: timeout)
    guard answer["result"] == .null else { throw HarnessError("shutdown failed: \(answer)") }
    notify("exit")
    return try waitForExit(timeout: timeout)
  }

  /// Waits for the process to end, without closing stdin or sending anything.
  ///
  /// - Throws: ``HarnessError`` when it is still running after `timeout` seconds.
  func waitForExit(timeout: Double = defaultTimeout) throws -> Termination {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while process.isRunning {
      guard Date() < deadline else {
        throw HarnessError("beacon (pid \(pid)) was still running after \(timeout) s.\n\(diagnostics())")
      }
      usleep(5_000)
    }
    let status = process.terminationStatus
    return process.terminationReason == .exit ? .exited(status) : .signalled(status)
  }

  /// Waits until both stdout and stderr have reached end of file (the process is gone).
  func waitForOutputEnd(timeout: Double = defaultTimeout) throws {
    guard stdout.waitForEnd(timeout: timeout), stderr.waitForEnd(timeout: timeout) else {
      throw HarnessError("stdout/stderr of beacon did not reach end of file.\n\(diagnostics())")
    }
  }

  /// What the process said so far, for failure messages.
  func diagnostics() -> String {
    var lines = [
      "stdout so far: \(excerpt(stdout.bytes, limit: 2_000))",
      "stderr so far: \(excerpt(stderr.bytes, limit: 2_000))",
    ]
    if !stdout.faults.isEmpty { lines.append("stdout faults: \(stdout.faults)") }
    if let failure = input.writeFailure { lines.append("stdin: \(failure)") }
    return lines.joined(separator: "\n")
  }

  // MARK: One-shot runs

  /// Runs `beacon arguments` with `stdin` as its whole input and returns how it ended and what it printed.
  static func run(
    _ arguments: [String],
    environment: [String: String?] = [:],
    stdin: [UInt8] = [],
    timeout: Double = defaultTimeout
  ) throws -> CommandResult {
    let beacon = try BeaconProcess(arguments: arguments, environment: environment)
    if !stdin.isEmpty { beacon.send(stdin) }
    beacon.closeInput()
    let termination = try beacon.waitForExit(timeout: timeout)
    try beacon.waitForOutputEnd(timeout: timeout)
    return CommandResult(termination: termination, stdout: beacon.stdout.text, stderr: beacon.stderr.text)
  }
}
