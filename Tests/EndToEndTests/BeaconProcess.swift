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

// MARK: - Results and failures

/// A failure of the harness itself (a deadline passed, the binary is missing, the wire is malformed):
/// thrown so that the test fails with a message saying what was awaited and what arrived instead.
struct HarnessError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}

/// How a child process ended.
enum Termination: Equatable, CustomStringConvertible {
  /// It called `exit` with this status.
  case exited(Int32)
  /// A signal ended it.
  case signalled(Int32)

  var description: String {
    switch self {
    case .exited(let code): "exit code \(code)"
    case .signalled(let signal): "signal \(signal)"
    }
  }
}

/// What a finished one-shot run of `beacon` left behind.
struct CommandResult {
  var termination: Termination
  var stdout: String
  var stderr: String
}

// MARK: - Locating the binary

/// Finds the `beacon` executable that the build put next to the test bundle.
enum BeaconBinary {
  /// The path of the binary: `BEACON_BINARY` when set, otherwise the first `beacon` found in the test
  /// bundle's directory or one of its parents (a few levels up, to get out of a macOS `.xctest` bundle).
  static func url() throws -> URL {
    if let override = ProcessInfo.processInfo.environment["BEACON_BINARY"], !override.isEmpty {
      let url = URL(fileURLWithPath: override)
      guard isExecutable(url) else { throw HarnessError("BEACON_BINARY=\(override) is not an executable file") }
      return url
    }
    var starts: [URL] = [Bundle.main.bundleURL]
    if let first = CommandLine.arguments.first {
      starts.append(URL(fileURLWithPath: first).deletingLastPathComponent())
    }
    var tried: [String] = []
    for start in starts {
      var directory = start.standardizedFileURL
      for _ in 0..<5 {
        let candidate = directory.appendingPathComponent("beacon")
        tried.append(candidate.path)
        if isExecutable(candidate) { return candidate }
        directory = directory.deletingLastPathComponent()
      }
    }
    throw HarnessError("No built 'beacon' binary found (set BEACON_BINARY); tried: \(tried.joined(separator: ", "))")
  }

  private static func isExecutable(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
      && FileManager.default.isExecutableFile(atPath: url.path)
  }
}

// MARK: - Reading a pipe

/// Drains one pipe of the child on a background thread, keeping every byte and, for stdout, the
/// messages a ``MessageFramer`` finds in them.
final class OutputCollector: @unchecked Sendable {
  // `@unchecked Sendable`: every mutable property is guarded by `condition`.
  private let condition = NSCondition()
  private let handle: FileHandle
  private let parsesMessages: Bool
  private var storage: [UInt8] = []
  private var framer = MessageFramer(framing: .automatic)
  private var parsed: [JSONValue] = []
  private var problems: [String] = []
  private var isFinished = false
  private var isPaused = false

  /// Starts reading `handle`; with `slowReads > 0` the first that many reads take at most 512 bytes
  /// each and pause 20 ms before reading, like a client that is slow to drain its end of the pipe.
  /// With `reads: false` the pipe is never read, like a client that ignores it (its buffer fills up).
  init(handle: FileHandle, name: String, parsesMessages: Bool, slowReads: Int = 0, reads: Bool = true) {
    self.handle = handle
    self.parsesMessages = parsesMessages
    guard reads else { return }
    let thread = Thread { [self] in self.readLoop(slowReads: slowReads) }
    thread.name = "e2e.\(name)"
    thread.start()
  }

  /// Stops reading after the read in progress, like a client that stops draining the pipe, until ``resume()``.
  func pause() {
    condition.lock()
    isPaused = true
    condition.unlock()
  }

  /// Reads again after ``pause()``.
  func resume() {
    condition.lock()
    isPaused = false
    condition.broadcast()
    condition.unlock()
  }

  private func readLoop(slowReads: Int) {
    let descriptor = handle.fileDescriptor
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    var reads = 0
    while true {
      condition.lock()
      while isPaused { condition.wait() }
      condition.unlock()
      let isSlow = reads < slowReads
      if isSlow { Thread.sleep(forTimeInterval: 0.02) }
      let size = isSlow ? 512 : buffer.count
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, size) }
      if count > 0 {
        reads += 1
        append(Array(buffer[0..<count]))
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    condition.lock()
    if parsesMessages {
      for event in framer.finish() { record(event) }
    }
    isFinished = true
    condition.broadcast()
    condition.unlock()
  }

  private func append(_ chunk: [UInt8]) {
    condition.lock()
    storage.append(contentsOf: chunk)
    if parsesMessages {
      for event in framer.push(chunk) { record(event) }
    }
    condition.broadcast()
    condition.unlock()
  }

  /// Called with `condition` held.
  private func record(_ event: MessageFramer.Event) {
    switch event {
    case .message(let body):
      do {
        parsed.append(try JSONParser.parse(body))
      } catch {
        problems.append("unparsable message (\(error)): \(excerpt(body))")
      }
    case .error(let error):
      problems.append("framing fault on stdout: \(error)")
    }
  }

  /// Every byte read so far.
  var bytes: [UInt8] { locked { storage } }
  /// Every byte read so far, as UTF-8 text.
  var text: String { String(decoding: bytes, as: UTF8.self) }
  /// Every message (object or batch array) framed so far, in arrival order.
  var messages: [JSONValue] { locked { parsed } }
  /// What the framer or parser could not make sense of.
  var faults: [String] { locked { problems } }
  /// Whether the pipe has reached end of file.
  var hasEnded: Bool { locked { isFinished } }

  /// Waits until `extract` returns a value or the deadline passes; `extract` sees the messages so far
  /// and whether the stream has ended, under the lock.
  func wait<T>(timeout: Double, _ extract: ([JSONValue], _ ended: Bool) -> T?) -> T? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let value = extract(parsed, isFinished) { return value }
      if isFinished { return nil }
      if !condition.wait(until: deadline) { return extract(parsed, isFinished) }
    }
  }

  /// Waits until the pipe reaches end of file; `false` when the deadline passed first.
  func waitForEnd(timeout: Double) -> Bool {
    wait(timeout: timeout) { _, ended in ended ? true : nil } ?? false
  }

  private func locked<T>(_ body: () -> T) -> T {
    condition.lock()
    defer { condition.unlock() }
    return body()
  }
}

/// A short printable rendering of bytes for failure messages.
func excerpt(_ bytes: some Collection<UInt8>, limit: Int = 600) -> String {
  let text = String(decoding: bytes.prefix(limit), as: UTF8.self)
    .replacingOccurrences(of: "\r", with: "\\r")
    .replacingOccurrences(of: "\n", with: "\\n")
  return bytes.count > limit ? text + "… (\(bytes.count) bytes)" : text
}

// MARK: - Writing a pipe

/// Writes to the child's stdin on a serial background queue, so that a test never blocks on a full
/// pipe: every write and the final close happen in the order they were asked for.
final class InputWriter: @unchecked Sendable {
  // `@unchecked Sendable`: `isClosed` is only touched on `queue`, `failure` only under `lock` (so that it
  // can be read while a write is blocked on a full pipe).
  private let queue = DispatchQueue(label: "e2e.stdin")
  private let lock = NSLock()
  private let handle: FileHandle
  private var isClosed = false
  private var failure: String?

  init(handle: FileHandle) {
    self.handle = handle
  }

  func write(_ bytes: [UInt8]) {
    queue.async { [self] in
      guard !isClosed, writeFailure == nil else { return }
      let descriptor = handle.fileDescriptor
      bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
          let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
          if written > 0 {
            offset += written
          } else if written < 0 && errno == EINTR {
            continue
          } else {
            let message = "write to beacon's stdin failed (errno \(errno)) after \(offset) of \(buffer.count) bytes"
            lock.withLock { failure = message }
            return
          }
        }
      }
    }
  }

  func close() {
    queue.async { [self] in
      guard !isClosed else { return }
      isClosed = true
      try? handle.close()
    }
  }

  /// Waits until everything queued so far has been written; `false` when the deadline passed first.
  func waitUntilWritten(timeout: Double) -> Bool {
    let done = DispatchSemaphore(value: 0)
    queue.async { done.signal() }
    return done.wait(timeout: .now() + timeout) == .success
  }

  /// Why writing stopped, if it failed (usually: the process is gone).
  var writeFailure: String? { lock.withLock { failure } }
}

/// `write(2)`: inside a method named `write` the bare name would mean the method.
private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, pointer, count)
}

// MARK: - The client

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

// MARK: - Strict wire checks

/// Parses a whole captured stream strictly, failing on any byte that is not part of a well-formed frame.
enum Wire {
  /// Splits `bytes` into `Content-Length: N\r\n\r\n{json}` frames exactly as Beacon writes them (no
  /// other headers, no stray bytes between or after frames) and parses every body.
  static func contentLengthMessages(_ bytes: [UInt8]) throws -> [JSONValue] {
    let prefix = Array("Content-Length: ".utf8)
    var messages: [JSONValue] = []
    var index = 0
    while index < bytes.count {
      func fail(_ reason: String) -> HarnessError {
        HarnessError("stdout is not only well-formed frames: \(reason) at byte \(index): \(excerpt(bytes[index...]))")
      }
      guard bytes[index...].starts(with: prefix) else { throw fail("expected 'Content-Length: '") }
      var cursor = index + prefix.count
      var length = 0
      var digits = 0
      while cursor < bytes.count, bytes[cursor] >= UInt8(ascii: "0"), bytes[cursor] <= UInt8(ascii: "9") {
        length = length * 10 + Int(bytes[cursor] - UInt8(ascii: "0"))
        digits += 1
        cursor += 1
        guard digits <= 12 else { throw fail("absurd Content-Length") }
      }
      guard digits > 0, length > 0 else { throw fail("missing or zero Content-Length value") }
      guard bytes[cursor...].starts(with: Array("\r\n\r\n".utf8)) else { throw fail("expected CRLF CRLF after length") }
      cursor += 4
      guard cursor + length <= bytes.count else { throw fail("body shorter than its Content-Length \(length)") }
      let body = Array(bytes[cursor..<(cursor + length)])
      do {
        messages.append(try JSONParser.parse(body))
      } catch {
        throw fail("body is not JSON (\(error))")
      }
      index = cursor + length
    }
    return messages
  }

  /// Splits `bytes` into newline-terminated compact JSON lines (no `\r`, no blank lines, no header,
  /// nothing after the last newline) and parses every line.
  static func newlineDelimitedMessages(_ bytes: [UInt8]) throws -> [JSONValue] {
    guard let last = bytes.last else { return [] }
    guard last == 0x0A else { throw HarnessError("stdout does not end with a newline: \(excerpt(bytes))") }
    var messages: [JSONValue] = []
    for line in bytes.dropLast().split(separator: 0x0A, omittingEmptySubsequences: false) {
      guard let first = line.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
        throw HarnessError("stdout line does not start a JSON object or array: \(excerpt(line))")
      }
      guard !line.contains(0x0D) else { throw HarnessError("stdout line contains a carriage return: \(excerpt(line))") }
      do {
        messages.append(try JSONParser.parse(Array(line)))
      } catch {
        throw HarnessError("stdout line is not JSON (\(error)): \(excerpt(line))")
      }
    }
    return messages
  }
}

// MARK: - Small helpers

extension JSONValue {
  /// Whether this is an object with a member named `key` (whatever its value, `null` included).
  ///
  /// Prefer this to `value[key] == nil`: `JSONValue` is `ExpressibleByNilLiteral`, so `nil` can mean JSON null.
  func has(_ key: String) -> Bool { objectValue?.keys.contains(key) ?? false }

  /// `error.code` of a response.
  var errorCode: Int? { self["error"]?["code"]?.intValue }
  /// `error.message` of a response.
  var errorMessage: String? { self["error"]?["message"]?.stringValue }
  /// `error.data.kind` of a response.
  var errorKind: String? { self["error"]?["data"]?["kind"]?.stringValue }
}

/// The peak resident set size of a process in bytes, where the platform tells (Linux `/proc`).
func peakResidentBytes(of pid: Int32) -> Int? {
  statusBytes("VmHWM:", of: pid)
}

/// The resident set size of `pid` now, from `/proc/<pid>/status` (`VmRSS`), or `nil` where there is no `/proc`.
func residentBytes(of pid: Int32) -> Int? {
  statusBytes("VmRSS:", of: pid)
}

/// A `… kB` field of `/proc/<pid>/status`, in bytes.
private func statusBytes(_ field: String, of pid: Int32) -> Int? {
  guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
  for line in status.split(separator: "\n") where line.hasPrefix(field) {
    let fields = line.split(separator: " ")
    guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
    return kilobytes * 1024
  }
  return nil
}
