import BeaconCore
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// A feature's own part of the contract session (`OpenRPCContractTests`): its fake upstreams and its calls. A feature
/// with one is run in a session of its own, and the shared session leaves its methods alone; the file that declares
/// it is the feature's and goes with it.
///
/// The type is found by its name, with no list to keep: the feature `crypto`'s is `CryptoContractSession` in this
/// test module (``ContractSession/featureSession(of:)``). A feature without one is the shared session's, which has
/// no fake of the features' upstreams: a feature with an upstream of its own and no session fails there.
protocol FeatureContractSession {
  /// The feature's fake upstreams, started, and the service URLs that point at them (by ``ServiceURLOption/key``).
  static func upstreams() throws -> ContractUpstreams

  /// The calls after `initialize`, in order: the params and the order the OpenRPC examples alone do not give. Every
  /// method of the feature it leaves out is called with its examples.
  static var script: [(String, JSONValue?)] { get }
}

/// Fake upstream servers, kept running for a session, and the base URLs that point at them.
struct ContractUpstreams {
  /// The servers (they stop when released).
  let servers: [LoopbackHTTPServer]
  /// Service base URLs by option key (`coinlore`), as `BeaconOptions.serviceURLs`.
  let serviceURLs: [String: String]
}

/// Runs a contract session: each call's params and result checked against `Schemas/openrpc.json`.
enum ContractSession {
  /// The test module's name, for ``featureSession(of:)``.
  private static let module = "BeaconServerTests"

  /// The contract session of the feature called `name`, found by its type's name (`<Name>ContractSession`, a struct
  /// or an enum of this module); `nil` when the feature has none.
  static func featureSession(of name: Feature.Name) -> (any FeatureContractSession.Type)? {
    let type = name.rawValue.prefix(1).uppercased() + name.rawValue.dropFirst() + "ContractSession"
    // The runtime finds a type by its mangled name: module and type, each with its length, then V (struct) or O (enum).
    for kind in ["V", "O"] {
      let mangled = "\(module.count)\(module)\(type.count)\(type)\(kind)"
      if let found = _typeByName(mangled) as? any FeatureContractSession.Type { return found }
    }
    return nil
  }

  /// The feature whose own session calls `method`, or `nil` when the shared session does.
  static func owner(of method: String) -> Feature.Name? {
    guard let feature = MethodDescriptor.named(method)?.feature, featureSession(of: feature) != nil else { return nil }
    return feature
  }

  /// Calls `script`, then every method of `covered` the script does not call with each of its examples' params, then
  /// `last`; checks each call's params and result against the contract. Returns the methods called.
  static func run(
    _ script: [(String, JSONValue?)],
    covering covered: Set<String>,
    then last: [(String, JSONValue?)] = [],
    on client: InProcessClient
  ) async throws -> Set<String> {
    let document = try OpenRPCContractTests.document()
    let methods = OpenRPCContractTests.methods(document)
    let validator = JSONSchemaValidator(root: document)
    let scripted = Set(script.map(\.0))
    let examples = (document["methods"]?.arrayValue ?? []).flatMap { method -> [(String, JSONValue?)] in
      guard let name = method["name"]?.stringValue, covered.contains(name), !scripted.contains(name),
        !last.contains(where: { $0.0 == name })
      else { return [] }
      return ProjectDocuments.exampleParams(of: method).map { (name, $0) }
    }
    var exercised: Set<String> = []
    for (method, params) in script + examples + last {
      let description = try #require(methods[method], "\(method) is not in the document")
      exercised.insert(method)
      var violations = OpenRPCContractTests.validate(
        params: params ?? [:],
        of: description,
        with: validator,
        in: document
      )
      let result = try await client.call(method, params: params).get()
      if let schema = description["result"]?["schema"] {
        violations += validator.validate(result, against: schema).map { "result\($0.path): \($0.message)" }
      }
      #expect(violations.isEmpty, "\(method): \(violations.prefix(5))")
    }
    return exercised
  }
}
