import BeaconCore
import BeaconSync
import Foundation
import JSONRPC

/// One in-process session for a human command: `initialize` with the global options, then the command's
/// requests through the same handlers as `beacon serve`. Errors are printed as sentences on stderr.
struct CommandSession {
  let client: InProcessClient
  let logger: Logger
  /// The language the session speaks (from `--locale`, the environment or the stored setting).
  let language: Language
  /// Called before anything is written to stderr (to clear a progress bar).
  let beforeStderr: @Sendable () -> Void
  /// The session's clock (``ServerOptions/now``).
  let now: @Sendable () -> Date
  /// Whether the store is open for reading only, which the server's warning has already said.
  var storeReadOnly = false
  /// The exit code of a command that failed after printing an error: 64 when the server refused a value the
  /// command line gave (`invalidParams`), as for a value the command line parser refuses; else 1.
  private let failureCode = Locked<Int32>(1)

  /// Runs `body` in a new session and returns its exit code, or prints why the session could not start and returns 1.
  ///
  /// The session ends with `shutdown` before this returns, which closes the store and waits for the close: the
  /// process exits right after, and a close still running on another thread then would leave the `-wal` and `-shm`
  /// files beside the store.
  ///
  /// - Parameter onNotification: Sees every notification the server sends; `window/logMessage` is also shown.
  static func run(
    options: ServerOptions,
    logger: Logger,
    beforeStderr: @escaping @Sendable () -> Void = {},
    onNotification: @escaping @Sendable (String, JSONValue?) -> Void = { _, _ in },
    _ body: (CommandSession) async -> Int32
  ) async -> Int32 {
    guard
      let session = await start(
        options: options,
        logger: logger,
        beforeStderr: beforeStderr,
        onNotification: onNotification
      )
    else { return 1 }
    let code = await body(session)
    await session.close()
    return code == 1 ? session.failureCode.withLock { $0 } : code
  }

  /// Ends the session: `shutdown`, which closes the store before it is answered.
  func close() async {
    await Self.close(client)
  }

  /// Sends `shutdown` to `client`'s server and waits for the answer (the store is closed by then).
  static func close(_ client: InProcessClient) async {
    _ = await client.call(Dispatcher.shutdownMethod)
  }

  /// Starts a session, or prints why it could not start and returns `nil`.
  ///
  /// - Parameter onNotification: Sees every notification the server sends; `window/logMessage` is also shown.
  private static func start(
    options: ServerOptions,
    logger: Logger,
    beforeStderr: @escaping @Sendable () -> Void = {},
    onNotification: @escaping @Sendable (String, JSONValue?) -> Void = { _, _ in }
  ) async -> CommandSession? {
    let client = InProcessClient(options: options, logger: logger) { method, params in
      // The server logs each warning it sends; when the log shows warnings (BEACON_LOG), that line is the one.
      let logged = params?["type"]?.intValue == 2 && logger.minimumLevel <= .warning
      if method == "window/logMessage", !logged, let message = params?["message"]?.stringValue {
        beforeStderr()
        logger.sink(message)
      }
      onNotification(method, params)
    }
    let params: JSONValue = ["clientInfo": ["name": "beacon-cli", "version": .string(BeaconVersion.current)]]
    switch await client.call(InitializeRequest.method, params: params) {
    case .success(let result):
      let language = result["locale"]?.stringValue.flatMap(Language.init(bcp47:)) ?? options.initialLanguage
      return CommandSession(
        client: client,
        logger: logger,
        language: language,
        beforeStderr: beforeStderr,
        now: options.now,
        storeReadOnly: result["configuration"]?["storeReadOnly"]?.boolValue ?? false
      )
    case .failure(let error):
      beforeStderr()
      logger.sink(error.message)
      return nil
    }
  }

  /// The human formatting for this session's language.
  var output: HumanOutput { HumanOutput(language: language, now: now()) }

  /// Sends `method` and returns its result, or prints the error and returns `nil`.
  func call(_ method: String, _ params: JSONValue? = nil) async -> JSONValue? {
    switch await client.call(method, params: params) {
    case .success(let result):
      return result
    case .failure(let error):
      show(error)
      return nil
    }
  }

  /// Prints `error`'s sentence on stderr.
  func show(_ error: ResponseError) {
    // A write to a read-only store: the warning at the start already said so, with the file and the reason.
    if storeReadOnly, error.data?["reason"]?.stringValue == "readOnly" { return }
    beforeStderr()
    var message = error.message
    if error.code == .invalidParams {
      failureCode.withLock { $0 = 64 }
      // The server names the param; the user typed the option.
      if let field = error.data?["field"]?.stringValue, let option = HumanCommandParser.optionOfParam[field] {
        message = message.replacingOccurrences(of: "'\(field)'", with: "'\(option)'")
      }
    }
    logger.sink(HumanOutput.terminalSafe(message))
  }

  /// Calls `method` and prints its result: as JSON, or decoded as `T` and rendered as lines. Returns the exit code.
  func show<T: Decodable>(
    _ method: String,
    _ params: JSONValue,
    _ format: OutputFormat,
    _ render: (T) -> [String]
  ) async -> Int32 {
    guard let result = await call(method, params) else { return 1 }
    if format == .json {
      StandardOutput.writeJSON(result)
    } else {
      guard let decoded = decode(T.self, from: result) else { return 1 }
      StandardOutput.write(render(decoded))
    }
    return 0
  }

  /// Calls `method` and prints its result: as JSON, or as the method's text (``MethodDescriptor/text(of:arguments:output:)``,
  /// the text `beacon mcp` gives too). Returns the exit code.
  func show(_ method: String, _ params: JSONValue?, _ format: OutputFormat) async -> Int32 {
    guard let result = await call(method, params) else { return 1 }
    if format == .json {
      StandardOutput.writeJSON(result)
    } else {
      guard let lines = text(of: method, result, params ?? [:]) else { return 1 }
      StandardOutput.write(lines)
    }
    return 0
  }

  /// The text of `method`'s `result`, or `nil` after reporting a bug.
  func text(of method: String, _ result: JSONValue, _ params: JSONValue) -> [String]? {
    guard let lines = MethodDescriptor.named(method)?.text(of: result, arguments: params, output: output) else {
      logger.fault("Cannot read the result of \(method) as text")
      logger.sink(LocalizedMessage.internalError.text(in: language))
      return nil
    }
    return lines
  }

  /// Decodes a result into `type`, or reports a bug and returns `nil`.
  func decode<T: Decodable>(_ type: T.Type, from result: JSONValue) -> T? {
    do {
      return try JSONValueDecoder().decode(type, from: result)
    } catch {
      logger.fault("Cannot read the result as \(type): \(error)")
      logger.sink(LocalizedMessage.internalError.text(in: language))
      return nil
    }
  }
}

/// Writing to stdout.
enum StandardOutput {
  /// Prints `lines`, one per line, without characters a terminal would obey (``HumanOutput/terminalSafe(_:)``).
  static func write(_ lines: [String]) {
    for line in lines { print(HumanOutput.terminalSafe(line)) }
  }

  /// Prints `value` as indented JSON.
  static func writeJSON(_ value: JSONValue) {
    print(JSONWriter.prettyPrinted(value))
  }
}
