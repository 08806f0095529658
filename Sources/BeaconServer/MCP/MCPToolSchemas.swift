import BeaconCore
import JSONRPC

/// The `inputSchema` and `outputSchema` of each tool, made from the OpenRPC contract so that there is one
/// source of truth: a method's by-name params become an object schema, its result schema the output schema.
///
/// Every `$ref` is inlined (many MCP clients do not resolve references), and the JSON Schema keywords that
/// only the contract needs (`title`, examples) are kept as they are.
enum MCPToolSchemas {
  /// A tool definition as `tools/list` gives it, titled in `language`.
  static func definition(
    of tool: MCPTool,
    in document: JSONValue,
    language: Language
  ) throws(ResponseError)
    -> JSONValue
  {
    guard let method = document["methods"]?.arrayValue?.first(where: { $0["name"]?.stringValue == tool.method })
    else { throw schemaUnavailable("no method '\(tool.method)' in the contract") }
    let components = document["components"]?["schemas"]?.objectValue ?? [:]
    var output = try inline(method["result"]?["schema"] ?? .null, components: components)
    if case .object(var members) = output {
      members["title"] = nil
      output = .object(members)
    }
    guard output["type"] == "object" else { throw schemaUnavailable("the result of '\(tool.method)' is no object") }
    return [
      "name": .string(tool.name),
      "title": .string(tool.title.text(in: language)),
      "description": .string(tool.description),
      "inputSchema": try inputSchema(
        params: method["params"]?.arrayValue ?? [],
        hiding: tool.hiddenParams,
        components: components
      ),
      "outputSchema": output,
      "annotations": tool.annotations.jsonValue,
    ]
  }

  /// The names of the arguments a tool accepts.
  static func argumentNames(of definition: JSONValue) -> [String] {
    (definition["inputSchema"]?["properties"]?.objectValue?.keys).map { $0.sorted() } ?? []
  }

  private static func inputSchema(
    params: [JSONValue],
    hiding hidden: Set<String>,
    components: [String: JSONValue]
  )
    throws(ResponseError) -> JSONValue
  {
    var properties: [String: JSONValue] = [:]
    var required: [JSONValue] = []
    for param in params {
      guard let name = param["name"]?.stringValue, !hidden.contains(name) else { continue }
      var schema = try inline(param["schema"] ?? [:], components: components)
      if let description = param["description"], case .object(var members) = schema {
        members["description"] = description
        schema = .object(members)
      }
      properties[name] = schema
      if param["required"] == true { required.append(.string(name)) }
    }
    var schema: [String: JSONValue] = ["type": "object", "additionalProperties": false]
    if !properties.isEmpty { schema["properties"] = .object(properties) }
    if !required.isEmpty { schema["required"] = .array(required) }
    return .object(schema)
  }

  /// `schema` with every `#/components/schemas/…` reference replaced by the schema it names.
  private static func inline(
    _ schema: JSONValue,
    components: [String: JSONValue],
    depth: Int = 0
  )
    throws(ResponseError) -> JSONValue
  {
    guard depth < 32 else { throw schemaUnavailable("references nest too deeply") }
    switch schema {
    case .object(let members):
      if let reference = members["$ref"]?.stringValue {
        let prefix = "#/components/schemas/"
        guard reference.hasPrefix(prefix), let target = components[String(reference.dropFirst(prefix.count))] else {
          throw schemaUnavailable("unresolvable reference '\(reference)'")
        }
        return try inline(target, components: components, depth: depth + 1)
      }
      var result: [String: JSONValue] = [:]
      for (key, value) in members {
        // Examples illustrate the contract; a tool schema needs none.
        if key == "examples" { continue }
        result[key] = try inline(value, components: components, depth: depth + 1)
      }
      return .object(result)
    case .array(let elements):
      var result: [JSONValue] = []
      for element in elements { result.append(try inline(element, components: components, depth: depth + 1)) }
      return .array(result)
    default:
      return schema
    }
  }

  private static func schemaUnavailable(_ detail: String) -> ResponseError {
    ResponseError(
      code: .internalError,
      message: "The tool schemas cannot be made from the OpenRPC document: \(detail)",
      data: ["kind": "schemaUnavailable"]
    )
  }
}
