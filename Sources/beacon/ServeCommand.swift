import BeaconCore
import BeaconServer
import Foundation
import JSONRPC

/// `beacon serve` and `beacon mcp`: a server on stdin/stdout until the input ends, `exit` or a signal.
enum ServeCommand {
  /// The protocol a server speaks.
  enum Mode {
    /// Beacon's JSON-RPC methods, framed with `Content-Length` or as NDJSON (detected), LSP lifecycle.
    case jsonRPC
    /// MCP tools, one JSON message per line; the session ends with the input (exit code 0).
    case mcp(toolSets: Set<MCPToolSet>)
  }

  /// How long in-flight requests may still run after stdin ends or a signal arrives.
  static let gracePeriod: Duration = .seconds(10)

  static func run(_ mode: Mode, options: ServerOptions, logger terminalLogger: Logger) -> Never {
    // A client that never reads stderr must not stall the server: log lines go through a bounded queue
    // (BEACON_LOG_QUEUE lines, default 1000) written by its own thread, dropped and counted when full.
    let queueCapacity = ProcessInfo.processInfo.environment["BEACON_LOG_QUEUE"].flatMap(Int.init) ?? 1000
    let standardError = StandardErrorQueue(capacity: queueCapacity)
    let logger = Logger(minimumLevel: terminalLogger.minimumLevel) { standardError.enqueue($0) }
    let wire = StandardIO.protect()
    let coordinator = ExitCoordinator()
    let environment = ProcessInfo.processInfo.environment
    func limit(_ name: String) -> Int? { environment[name].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } }
    let connection = Connection(
      input: wire.input,
      output: wire.output,
      framing: { if case .mcp = mode { .newlineDelimited } else { .automatic } }(),
      // A message larger than BEACON_MAX_MESSAGE_BYTES (default 64 MiB) is answered -32700 at its header and
      // skipped unread up to the next Content-Length header (Documentation/Protocol.md, "Framing limits").
      limits: MessageFramer.Limits(maxMessageBytes: limit("BEACON_MAX_MESSAGE_BYTES") ?? 64 << 20),
      // Answers a client has not read: past BEACON_MAX_OUTPUT_QUEUE bytes (default 16 MiB) no more requests are read.
      maxQueuedOutputBytes: limit("BEACON_MAX_OUTPUT_QUEUE") ?? Connection.defaultMaxQueuedOutputBytes,
      log: { logger.warning($0) }
    )
    let send: @Sendable ([UInt8]) -> Void = { connection.writer.enqueue($0) }
    let sendInPlace: Dispatcher.SendInPlace = { connection.writer.enqueue(length: $0, start: $1, rest: $2) }
    let dispatcher: Dispatcher
    let endOfInput: @Sendable () async -> Int32
    switch mode {
    case .jsonRPC:
      let server = BeaconServer(
        options: options,
        logger: logger,
        send: send,
        sendInPlace: sendInPlace,
        exit: { coordinator.requestExit($0) }
      )
      dispatcher = server.dispatcher
      endOfInput = { server.dispatcher.hasReceivedShutdown ? 0 : 1 }
    case .mcp(let toolSets):
      let server = MCPServer(options: options, logger: logger, toolSets: toolSets, send: send, sendInPlace: sendInPlace)
      dispatcher = server.dispatcher
      endOfInput = {
        await server.close()
        return 0
      }
    }
    let signalSources = [SIGTERM, SIGINT].map { signalNumber in
      SignalSource.make(signalNumber) {
        logger.info("Signal \(signalNumber); shutting down")
        dispatcher.cancelAll()
        Task {
          await finish(dispatcher)
          coordinator.requestExit(signalNumber == SIGINT ? 130 : 0)
        }
      }
    }
    connection.start(dispatcher: dispatcher) {
      Task {
        await finish(dispatcher)
        coordinator.requestExit(await endOfInput())
      }
    }
    let code = coordinator.wait()
    signalSources.forEach { $0.cancel() }
    connection.writer.flush(timeout: 2)
    standardError.flush(timeout: 1)
    exit(code)
  }

  /// Lets in-flight requests answer, cancelling them once the grace period is over.
  private static func finish(_ dispatcher: Dispatcher) async {
    let deadline = Task {
      try? await Task.sleep(for: gracePeriod)
      dispatcher.cancelAll()
    }
    await dispatcher.drain()
    deadline.cancel()
  }
}
