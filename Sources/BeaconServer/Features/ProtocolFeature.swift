import BeaconCore
import JSONRPC

extension Feature {
  /// `initialize`, `ping` and `rpc.discover`.
  static let protocolMethods: [MethodDescriptor] = [
    MethodDescriptor(InitializeRequest.self, feature: .protocol) { server, request, context in
      try await server.initialize(request, context: context)
    },
    MethodDescriptor(PingRequest.self, feature: .protocol) { server in
      server.dispatcher.registerImmediate(PingRequest.self) { _ in EmptyResult() }
    },
    MethodDescriptor(DiscoverRequest.self, feature: .protocol) { _, _, _ in try DiscoverRequest.document() },
  ]
}
