import BeaconCore
import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

@testable import BeaconServer

/// `Schemas/openrpc.json` is the contract: it matches the registry, it is well-formed, and it describes
/// what the server really sends.
@Suite struct OpenRPCContractTests {
  static let schemaFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Schemas/openrpc.json")

  static func document() throws -> JSONValue {
    try JSONParser.parse(Array(try Data(contentsOf: schemaFile)))
  }

  static func methods(_ document: JSONValue) -> [String: JSONValue] {
    var methods: [String: JSONValue] = [:]
    for method in document["methods"]?.arrayValue ?? [] {
      if let name = method["name"]?.stringValue { methods[name] = method }
    }
    return methods
  }

  @Test func everyRegisteredMethodHasASchemaEntryAndEveryEntryAHandler() async throws {
    let client = InProcessClient(options: .inMemory())
    let registered = Set(try await client.send(InitializeRequest()).capabilities.methods)
    let described = Set((try Self.document()["methods"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue })
    #expect(registered.subtracting(described).isEmpty, "no schema entry: \(registered.subtracting(described).sorted())")
    #expect(described.subtracting(registered).isEmpty, "no handler: \(described.subtracting(registered).sorted())")
    // The one list every part iterates: each descriptor is in the contract, and only `shutdown` (the
    // dispatcher's own) is not a descriptor.
    let descriptors = MethodDescriptor.all.map(\.method)
    #expect(descriptors.count == Set(descriptors).count, "a method described twice")
    #expect(described.subtracting(descriptors) == [Dispatcher.shutdownMethod])
    #expect(Set(descriptors).subtracting(described).isEmpty)
  }

  @Test func rpcDiscoverServesTheSchemaFileItselfEvenBeforeInitialize() async throws {
    let client = InProcessClient(options: .inMemory())
    let served = try await client.call("rpc.discover").get()
    #expect(served == (try Self.document()))
    let other = await client.call("rpc.other")
    guard case .failure(let error) = other else {
      Issue.record("expected -32601, got \(other)")
      return
    }
    #expect(error.code == .methodNotFound)
  }

  @Test func theDocumentIsStructurallyValidOpenRPC() throws {
    let document = try Self.document()
    let version = try #require(document["openrpc"]?.stringValue)
    #expect(version.range(of: #"^1\.3\.\d+$"#, options: .regularExpression) != nil)
    #expect(document["info"]?["title"]?.stringValue?.isEmpty == false)
    #expect(document["info"]?["version"]?.stringValue == BeaconVersion.current)
    let names = (document["methods"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    #expect(names.count == Set(names).count, "duplicate method names")
    let validator = JSONSchemaValidator(root: document)
    for method in document["methods"]?.arrayValue ?? [] {
      let name = method["name"]?.stringValue ?? "?"
      #expect(method["params"]?.arrayValue != nil, "\(name): params")
      #expect(method["result"]?["schema"] != nil, "\(name): result schema")
      #expect((method["examples"]?.arrayValue?.count ?? 0) >= 1, "\(name): examples")
      for params in ProjectDocuments.exampleParams(of: method) {
        let violations = Self.validate(params: params, of: method, with: validator, in: document)
        #expect(violations.isEmpty, "\(name)'s example: \(violations.prefix(3))")
      }
      for error in method["errors"]?.arrayValue ?? [] {
        let code = Self.resolve(error, in: document)?["code"]?.intValue ?? 0
        let reserved = (-32768...(-32000)).contains(code) || (-32899...(-32800)).contains(code)
        let standard = [-32700, -32600, -32601, -32602, -32603, -32002, -32800].contains(code)
        #expect(!reserved || standard, "\(name): error code \(code) in a reserved range")
      }
    }
    var unresolved: [String] = []
    Self.walkReferences(document) { reference in
      if reference.hasPrefix("#"), Self.pointer(reference, in: document) == nil { unresolved.append(reference) }
    }
    #expect(unresolved.isEmpty, "unresolved $refs: \(unresolved)")
  }

  // MARK: - Scripted sessions

  /// The shared session: every method of the features without a session of their own (``FeatureContractSession``).
  /// The features' upstreams point at an address nothing answers: a feature with an upstream of its own belongs in a
  /// session of its own, with its fakes, and fails here without one.
  @Test func aSessionOfEveryMethodSendsAndReceivesWhatTheSchemaSays() async throws {
    let document = try Self.document()
    let server = try GeoapifyFixtures.server()
    let nowhere = "http://127.0.0.1:9"
    let client = InProcessClient(
      options: .inMemory(
        environment: BeaconOptions(
          geoapifyAPIKey: APIKey("sk-test"),
          geoapifyBaseURL: server.baseURL.absoluteString,
          serviceURLs: Dictionary(uniqueKeysWithValues: Feature.serviceURLOptions.map { ($0.key, nowhere) })
        )
      )
    )
    let directory = TemporaryDirectory()
    let importFile = directory.fileURL("contract.geojson")
    try Data(
      #"""
      {"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},
      "properties":{"@type":"node","@id":1,"amenity":"cafe","name":"Kontraktkafé"}}]}
      """#.utf8
    ).write(to: importFile)
    let detailsID = JSONValue.string(GeoapifyFixtures.detailsRestaurantID)
    let script: [(String, JSONValue?)] = [
      ("rpc.discover", nil),
      ("initialize", ["locale": "nb", "processId": .null, "clientInfo": ["name": "contract-test"]]),
      ("ping", nil),
      ("settings/get", nil),
      ("settings/update", ["radiusMeters": 3000, "sort": "distance"]),
      ("places/search", ["category": "restaurant", "limit": 5]),
      ("places/search", ["category": "cafe", "limit": 3, "openNow": true]),
      ("places/search", ["center": ["lat": 59.9111, "lon": 10.7503], "text": "Fjord", "sort": "name"]),
      ("places/details", ["id": detailsID]),
      ("places/autocomplete", ["text": "fisk", "debounceMs": 0, "limit": 5]),
      (
        "places/searchAlongRoute",
        ["route": ["type": "LineString", "coordinates": [[10.7503, 59.9111], [10.76, 59.92]]], "sort": "best"]
      ),
      ("places/searchAlongRoute", ["route": ["polyline": "_p~iF~ps|U_ulLnnqC", "precision": 5], "limit": 3]),
      ("rating/add", ["placeId": detailsID, "stars": 4, "comment": "Godt"]),
      ("rating/list", ["placeId": detailsID]),
      ("favorites/add", ["placeId": detailsID]),
      ("favorites/list", ["sort": "rating"]),
      ("favorites/list", ["openNow": true]),
      ("favorites/remove", ["placeId": detailsID]),
      ("places/import", ["path": .string(importFile.path)]),
      ("settings/reset", nil),
    ]
    // Every method no feature's own session calls is the shared session's; `shutdown` ends it.
    let shared = Set(Self.methods(document).keys.filter { ContractSession.owner(of: $0) == nil })
    let exercised = try await ContractSession.run(
      script,
      covering: shared,
      then: [(Dispatcher.shutdownMethod, nil)],
      on: client
    )
    let notExercised = shared.subtracting(exercised)
    #expect(notExercised.isEmpty, "methods the session never called: \(notExercised.sorted())")
    let notScripted = Set(MethodDescriptor.all.map(\.method).filter { ContractSession.owner(of: $0) == nil })
      .subtracting(exercised)
    #expect(notScripted.isEmpty, "descriptors the session never called: \(notScripted.sorted())")
  }

  /// A feature's own session (``FeatureContractSession``), when it has one: every method of the feature, the contract's
  /// and the descriptors', called after `initialize`, with its fake upstreams.
  @Test(arguments: Feature.built.map(\.name.rawValue))
  func aFeaturesOwnSessionCallsEveryMethodOfTheFeature(_ name: String) async throws {
    let feature = Feature.Name(rawValue: name)
    guard let session = ContractSession.featureSession(of: feature) else { return }
    let upstreams = try session.upstreams()
    let client = InProcessClient(options: .inMemory(environment: BeaconOptions(serviceURLs: upstreams.serviceURLs)))
    let initialize: (String, JSONValue?) = (
      "initialize", ["locale": "nb", "processId": .null, "clientInfo": ["name": "contract-test"]]
    )
    let own = Set(Self.methods(try Self.document()).keys.filter { ContractSession.owner(of: $0) == feature })
    let exercised = try await ContractSession.run([initialize] + session.script, covering: own, on: client)
    #expect(!own.isEmpty, "\(name) has a session of its own but no methods in the contract")
    #expect(
      own.subtracting(exercised).isEmpty,
      "methods the session never called: \(own.subtracting(exercised).sorted())"
    )
    let descriptors = Set(try #require(Feature.named(feature)).methods.map(\.method))
    #expect(
      descriptors.subtracting(exercised).isEmpty,
      "descriptors never called: \(descriptors.subtracting(exercised))"
    )
    withExtendedLifetime(upstreams.servers) {}
  }

  /// Checks a params object against a method's content descriptors: required ones present, each value valid.
  static func validate(
    params: JSONValue,
    of method: JSONValue,
    with validator: JSONSchemaValidator,
    in document: JSONValue
  ) -> [String] {
    var violations: [String] = []
    for descriptor in method["params"]?.arrayValue ?? [] {
      guard let descriptor = resolve(descriptor, in: document), let name = descriptor["name"]?.stringValue else {
        continue
      }
      guard let value = params[name] else {
        if descriptor["required"] == true { violations.append("params.\(name) is required") }
        continue
      }
      if let schema = descriptor["schema"] {
        violations += validator.validate(value, against: schema).map { "params.\(name)\($0.path): \($0.message)" }
      }
    }
    return violations
  }

  static func resolve(_ value: JSONValue, in document: JSONValue) -> JSONValue? {
    guard let reference = value["$ref"]?.stringValue else { return value }
    return pointer(reference, in: document)
  }

  static func pointer(_ reference: String, in document: JSONValue) -> JSONValue? {
    guard reference.hasPrefix("#") else { return nil }
    var node: JSONValue? = document
    for token in reference.dropFirst().split(separator: "/", omittingEmptySubsequences: true) {
      let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
      if let array = node?.arrayValue, let index = Int(key), array.indices.contains(index) {
        node = array[index]
      } else {
        node = node?[key]
      }
    }
    return node
  }

  static func walkReferences(_ value: JSONValue, _ visit: (String) -> Void) {
    switch value {
    case .object(let members):
      if let reference = members["$ref"]?.stringValue { visit(reference) }
      for member in members.values { walkReferences(member, visit) }
    case .array(let elements):
      for element in elements { walkReferences(element, visit) }
    default:
      break
    }
  }
}
