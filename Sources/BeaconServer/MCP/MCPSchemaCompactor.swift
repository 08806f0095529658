import JSONRPC

/// Tool schemas written for a model, not for a validator: every `tools/list` costs tokens in every
/// conversation, so a schema says what a model needs to call a tool and read its answer, once.
///
/// An output schema keeps the shape only (property names, types, arrays and nullable objects); an input
/// schema keeps each argument's type, bounds, enum, default (but `false`) and description, and drops what only the
/// contract needs (titles, examples, the descriptions of an argument's own properties, such as a coordinate's `lat` and `lon`).
/// Dropping keywords only loosens a schema, and `oneOf` becomes `anyOf` in output schemas (loosened
/// branches may overlap), so a result that conforms to the contract conforms to its tool's output schema.
enum MCPSchemaCompactor {
  /// The keywords an output schema keeps.
  static let outputKeywords: Set<String> = ["type", "properties", "items", "anyOf"]

  /// Result properties that only the app's screens use (an emoji and its animation); no output schema
  /// names them.
  static let screenOnlyProperties: Set<String> = ["presentation"]

  /// The member of a stand-in for a shared shape (``MCPToolSchemas/sharedShapes``) that names the tool
  /// whose output schema spells the shape out; it becomes a description.
  static let sharedShapeKey = "x-beacon-sharedShape"

  /// The keywords no input schema keeps.
  static let droppedInputKeywords: Set<String> = ["title", "examples", "additionalProperties", "$comment"]

  /// The keywords a nested input schema (a property of an argument, such as `center.lat`) drops too.
  static let droppedNestedInputKeywords: Set<String> = ["description"]

  /// The shape of a result, for a model reading it.
  static func output(_ schema: JSONValue, top: Bool = true) -> JSONValue {
    guard case .object(var members) = schema else { return schema }
    mergeSingleAllOf(&members)
    if let one = members.removeValue(forKey: "oneOf") { members["anyOf"] = one }
    collapseNullable(&members)
    if let owner = members[sharedShapeKey]?.stringValue {
      return ["type": members["type"] ?? "object", "description": .string("As in \(owner)'s output.")]
    }
    var result: [String: JSONValue] = [:]
    for (key, value) in members where outputKeywords.contains(key) {
      // Below the top, `properties` says "object" and `items` says "array".
      if key == "type", !top,
        value == "object" && members["properties"] != nil || value == "array" && members["items"] != nil
      {
        continue
      }
      switch key {
      case "properties":
        var properties: [String: JSONValue] = [:]
        for (name, property) in value.objectValue ?? [:] where !screenOnlyProperties.contains(name) {
          properties[name] = output(property, top: false)
        }
        result[key] = .object(properties)
      case "items":
        result[key] = output(value, top: false)
      case "anyOf":
        result[key] = .array((value.arrayValue ?? []).map { output($0, top: false) })
      default:
        result[key] = value
      }
    }
    return .object(result)
  }

  /// One argument's schema, for a model writing it; `nested` for the properties of an argument.
  static func input(_ schema: JSONValue, nested: Bool = false) -> JSONValue {
    guard case .object(var members) = schema else { return schema }
    mergeSingleAllOf(&members)
    var result: [String: JSONValue] = [:]
    // An enum of strings says the type already.
    let stringEnum = members["enum"]?.arrayValue?.allSatisfy { $0.stringValue != nil } == true
    for (key, value) in members {
      if droppedInputKeywords.contains(key) || (nested && droppedNestedInputKeywords.contains(key)) { continue }
      // A flag is off unless set.
      if key == "default", value == false { continue }
      if key == "type", value == "string", stringEnum { continue }
      // `properties` says "object" and `items` says "array", as in output schemas.
      if key == "type", value == "object" && members["properties"] != nil || value == "array" && members["items"] != nil
      {
        continue
      }
      switch key {
      case "properties":
        result[key] = .object((value.objectValue ?? [:]).mapValues { input($0, nested: true) })
      case "items":
        result[key] = input(value, nested: true)
      case "anyOf", "oneOf", "allOf":
        result[key] = .array((value.arrayValue ?? []).map { input($0, nested: nested) })
      default:
        result[key] = value
      }
    }
    return .object(result)
  }

  /// An `allOf` of one schema merged into the schema holding it; the holder's own keywords win.
  private static func mergeSingleAllOf(_ members: inout [String: JSONValue]) {
    guard let all = members["allOf"]?.arrayValue, all.count == 1, case .object(let inner) = all[0] else { return }
    members["allOf"] = nil
    members.merge(inner) { outer, _ in outer }
  }

  /// `anyOf: [X, {type: null}]` as X whose `type` also allows `null` (the same values, fewer bytes).
  private static func collapseNullable(_ members: inout [String: JSONValue]) {
    let null: JSONValue = ["type": "null"]
    guard let any = members["anyOf"]?.arrayValue, any.count == 2, let nullIndex = any.firstIndex(of: null),
      case .object(var other) = any[1 - nullIndex]
    else { return }
    mergeSingleAllOf(&other)
    let types: [JSONValue]
    switch other["type"] {
    case .string(let type)?: types = [.string(type), "null"]
    case .array(let list)?: types = list.contains(null["type"] ?? "null") ? list : list + ["null"]
    default: return
    }
    members["anyOf"] = nil
    members.merge(other) { outer, _ in outer }
    members["type"] = .array(types)
  }
}
