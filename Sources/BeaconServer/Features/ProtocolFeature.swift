import BeaconCore
import JSONRPC

extension Feature.Name {
  /// The protocol feature's name, and its tool set's.
  package static let `protocol` = Self(rawValue: "protocol")
}

extension Feature {
  /// `initialize`, `ping` and `rpc.discover`: the session itself.
  package static let `protocol` = Feature(
    .protocol,
    toolSet: .none
  )

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
