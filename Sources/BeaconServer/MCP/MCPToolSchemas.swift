import BeaconCore
import JSONRPC

/// The `inputSchema` and `outputSchema` of each tool, made from the OpenRPC contract so that there is one
/// source of truth: a method's by-name params become an object schema, its result schema the output schema.
///
/// Every `$ref` is inlined (many MCP clients do not resolve references); ``MCPSchemaCompactor`` then keeps
/// what a model needs. An argument's description may be the tool's own (``MCPTool/argumentDescriptions``),
/// shorter than the contract's.
///
/// A shape that several results share (``sharedShapes``, such as a place summary) is spelled out in the
/// output schema of the first listed tool that returns it; later tools name that tool instead of repeating
/// the shape, so a model reads each shape once.
enum MCPToolSchemas {
  /// The contract's result shapes that are spelled out once per tool list: the built features' (``Feature/sharedShapes``).
  static let sharedShapes = Set(Feature.built.flatMap(\.sharedShapes))

  /// A tool definition as `tools/list` gives it, titled in `language`.
  ///
  /// - Parameter owners: For each shared shape, the tool whose output schema spells it out; a shape
  ///   not in it yet is spelled out here, and this tool becomes its owner. Each tool listed before is in it too
  ///   (under ``listedKey(_:)``), for the tools that share its arguments.
  static func definition(
    of tool: MCPTool,
    in document: JSONValue,
    language: Language,
    owners: inout [String: String]
  ) throws(ResponseError)
    -> JSONValue
  {
    guard let method = document["methods"]?.arrayValue?.first(where: { $0["name"]?.stringValue == tool.method })
    else { throw schemaUnavailable("no method '\(tool.method)' in the contract") }
    let components = listedComponents(document["components"]?["schemas"]?.objectValue ?? [:])
    var shapeOwners = owners
    let result = try inline(method["result"]?["schema"] ?? .null, components: components) { shape in
      guard sharedShapes.contains(shape) else { return nil }
      guard let owner = shapeOwners[shape], owner != tool.name else {
        shapeOwners[shape] = tool.name
        return nil
      }
      return ["type": "object", MCPSchemaCompactor.sharedShapeKey: .string(owner)]
    }
    owners = shapeOwners
    owners[listedKey(tool.name)] = tool.name
    let output = MCPSchemaCompactor.output(result)
    guard output["type"] == "object" else { throw schemaUnavailable("the result of '\(tool.method)' is no object") }
    return [
      "name": .string(tool.name),
      "title": .string(tool.title.text(in: language)),
      "description": .string(tool.description),
      "inputSchema": try inputSchema(
        params: method["params"]?.arrayValue ?? [],
        of: tool,
        components: components,
        sharing: tool.sharedArguments.flatMap { owners[listedKey($0.owner)] != nil ? $0.names : nil } ?? []
      ),
      "outputSchema": output,
      "annotations": tool.annotations.jsonValue,
    ]
  }

  /// `components` less the members no output schema lists: the place summary's facts, which only `full` places
  /// have (``MCPDetailLevel/fullOnlyFacts``).
  private static func listedComponents(_ components: [String: JSONValue]) -> [String: JSONValue] {
    var components = components
    if case .object(var summary)? = components["PlaceSummary"], case .object(var properties)? = summary["properties"] {
      for fact in MCPDetailLevel.fullOnlyFacts.union(MCPDetailLevel.routeOnlyFields) {
        properties.removeValue(forKey: fact)
      }
      summary["properties"] = .object(properties)
      components["PlaceSummary"] = .object(summary)
    }
    return components
  }

  /// The key under which `owners` says that the tool `name` is listed.
  static func listedKey(_ name: String) -> String { "tool:\(name)" }

  /// The names of the arguments a tool accepts.
  static func argumentNames(of definition: JSONValue) -> [String] {
    (definition["inputSchema"]?["properties"]?.objectValue?.keys).map { $0.sorted() } ?? []
  }

  private static func inputSchema(
    params: [JSONValue],
    of tool: MCPTool,
    components: [String: JSONValue],
    sharing: Set<String>
  )
    throws(ResponseError) -> JSONValue
  {
    var properties: [String: JSONValue] = [:]
    var required: [JSONValue] = []
    for param in params {
      guard let name = param["name"]?.stringValue, !tool.hiddenParams.contains(name) else { continue }
      var schema = MCPSchemaCompactor.input(try inline(param["schema"] ?? [:], components: components))
      // The tool's own description wins; an empty one means the name and schema say enough.
      let description = tool.argumentDescriptions[name].map(JSONValue.string) ?? param["description"]
      if let description, case .object(var members) = schema {
        if description == "" {
          members.removeValue(forKey: "description")
        } else {
          members["description"] = description
        }
        schema = .object(members)
      }
      properties[name] = sharing.contains(name) ? shared(tool.argumentDescriptions[name]) : schema
      if param["required"] == true { required.append(.string(name)) }
    }
    if tool.hasDetailLevels {
      let shares = sharing.contains(MCPDetailLevel.argument)
      properties[MCPDetailLevel.argument] = shares ? shared(nil) : MCPDetailLevel.schema
    }
    if tool.hasFieldGroups { properties[MCPPlaceFields.argument] = MCPPlaceFields.schema }
    var schema: [String: JSONValue] = ["type": "object", "additionalProperties": false]
    if !properties.isEmpty { schema["properties"] = .object(properties) }
    if !required.isEmpty { schema["required"] = .array(required) }
    return .object(schema)
  }

  /// An argument's schema where the tool's description says it is as in another tool's (which spells it out): only
  /// the tool's own `description` of it, if any.
  private static func shared(_ description: String?) -> JSONValue {
    guard let description, !description.isEmpty else { return [:] }
    return ["description": .string(description)]
  }

  /// `schema` with every `#/components/schemas/…` reference replaced by the schema it names.
  ///
  /// `standIn` may answer a reference to a component by name with a schema that stands in for it.
  private static func inline(
    _ schema: JSONValue,
    components: [String: JSONValue],
    depth: Int = 0,
    standIn: (String) -> JSONValue? = { _ in nil }
  )
    throws(ResponseError) -> JSONValue
  {
    guard depth < 32 else { throw schemaUnavailable("references nest too deeply") }
    switch schema {
    case .object(let members):
      if let reference = members["$ref"]?.stringValue {
        let prefix = "#/components/schemas/"
        let name = String(reference.dropFirst(prefix.count))
        guard reference.hasPrefix(prefix), let target = components[name] else {
          throw schemaUnavailable("unresolvable reference '\(reference)'")
        }
        if let replacement = standIn(name) { return replacement }
        return try inline(target, components: components, depth: depth + 1, standIn: standIn)
      }
      var result: [String: JSONValue] = [:]
      for (key, value) in members {
        // Examples illustrate the contract; a tool schema needs none.
        if key == "examples" { continue }
        result[key] = try inline(value, components: components, depth: depth + 1, standIn: standIn)
      }
      return .object(result)
    case .array(let elements):
      var result: [JSONValue] = []
      for element in elements {
        result.append(try inline(element, components: components, depth: depth + 1, standIn: standIn))
      }
      return .array(result)
    default:
      return schema
    }
  }

  private static func schemaUnavailable(_ detail: String) -> ResponseError {
    ResponseError(
      code: .internalError,
      message: "The tool schemas cannot be made from the OpenRPC document: \(detail)",
      kind: .schemaUnavailable
    )
  }
}
