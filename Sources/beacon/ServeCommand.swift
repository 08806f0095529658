import BeaconCore
import BeaconServer
import Foundation
import JSONRPC

/// `beacon serve`: the JSON-RPC server on stdin/stdout.
enum ServeCommand {
  /// How long in-flight requests may still run after stdin ends or a signal arrives.
  static let gracePeriod: Duration = .seconds(10)

  static func run(options: ServerOptions, logger: Logger) -> Never {
    let wire = StandardIO.protect()
    let coordinator = ExitCoordinator()
    let connection = Connection(input: wire.input, output: wire.output, log: { logger.warning($0) })
    let server = BeaconServer(
      options: options,
      logger: logger,
      send: { connection.writer.enqueue($0) },
      exit: { coordinator.requestExit($0) }
    )
    let dispatcher = server.dispatcher
    let signalSources = [SIGTERM, SIGINT].map { signalNumber in
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler {
        logger.info("Signal \(signalNumber); shutting down")
        dispatcher.cancelAll()
        Task {
          await finish(dispatcher)
          coordinator.requestExit(signalNumber == SIGINT ? 130 : 0)
        }
      }
      source.resume()
      return source
    }
    connection.start(dispatcher: dispatcher) {
      Task {
        await finish(dispatcher)
        coordinator.requestExit(dispatcher.hasReceivedShutdown ? 0 : 1)
      }
    }
    let code = coordinator.wait()
    signalSources.forEach { $0.cancel() }
    connection.writer.flush(timeout: 2)
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
