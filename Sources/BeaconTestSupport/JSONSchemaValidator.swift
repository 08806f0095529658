import BeaconJSON
import Foundation

/// One way an instance fails a schema.
package struct SchemaViolation: Sendable, Hashable, CustomStringConvertible {
  /// The JSON pointer of the failing instance location, e.g. `/places/0/rating/stars`; empty for the root.
  package let path: String
  /// The schema keyword that failed, e.g. `required`, `type` or `$ref`.
  package let keyword: String
  /// What went wrong, in English.
  package let message: String

  /// Creates a violation.
  package init(path: String, keyword: String, message: String) {
    self.path = path
    self.keyword = keyword
    self.message = message
  }

  /// `path: keyword: message`, with `(root)` for the empty path.
  package var description: String { "\(path.isEmpty ? "(root)" : path): \(keyword): \(message)" }
}

/// A small JSON Schema (2020-12 subset) validator for tests.
///
/// Supported keywords: `type`, `enum`, `const`, `properties`, `patternProperties`, `required`,
/// `additionalProperties`, `minProperties`, `maxProperties`, `items`, `prefixItems`, `minItems`, `maxItems`,
/// `uniqueItems`, `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `minLength`, `maxLength`,
/// `pattern`, `format` (`date-time` per RFC 3339 and `uri` as "has a scheme and no whitespace"; other formats
/// are ignored), `oneOf`, `anyOf`, `allOf`, `not`, `$ref` (evaluated alongside its siblings) and the boolean
/// schemas `true` and `false`. Every other keyword (`description`, `title`, `default`, `examples`, `$schema`,
/// `$defs`, `x-…`) is ignored.
///
/// `$ref` accepts only same-document fragments: `#` (the root) or a JSON pointer such as
/// `#/components/schemas/Place`, with `~0`/`~1` and percent escapes decoded. A reference that cannot be resolved
/// is itself a violation (keyword `$ref`), and so is a reference cycle that makes no progress through the
/// instance (e.g. `A → B → A` at the same location) or a chain of references deeper than
/// ``maximumReferenceDepth``.
///
/// ```swift
/// let document = try JSONParser.parse(Array(openRPCText.utf8))
/// let validator = JSONSchemaValidator(root: document)
/// let violations = validator.validate(result, against: ["$ref": "#/components/schemas/PlaceSummary"])
/// #expect(violations.isEmpty, "\(violations)")
/// ```
package struct JSONSchemaValidator {
  /// How many `$ref`s may be followed along one evaluation path before validation gives up with a violation.
  package static let maximumReferenceDepth = 256

  /// The document that `$ref`s point into.
  package let root: JSONValue

  /// Creates a validator whose `$ref`s resolve against `root`.
  package init(root: JSONValue) {
    self.root = root
  }

  /// Every violation of `schema` by `instance`; empty when the instance is valid.
  ///
  /// The order is deterministic: keywords in a fixed order, object members by name.
  package func validate(_ instance: JSONValue, against schema: JSONValue) -> [SchemaViolation] {
    evaluate(instance, schema, Context())
  }

  // MARK: - Evaluation

  /// Where evaluation is: the instance location and the references followed to get there.
  struct Context {
    /// The instance location as unescaped reference tokens.
    var path: [String] = []
    /// The references followed at the current instance location (cleared on descent), to detect cycles.
    var activeReferences: Set<String> = []
    /// How many references have been followed in total along this evaluation path.
    var referenceDepth = 0

    /// The instance location as a JSON pointer.
    var pointer: String {
      path.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
        .joined()
    }

    /// The context for the child instance named `token`.
    func descending(_ token: String) -> Context {
      var child = self
      child.path.append(token)
      child.activeReferences = []
      return child
    }

    /// A violation at this location.
    func violation(_ keyword: String, _ message: String) -> SchemaViolation {
      SchemaViolation(path: pointer, keyword: keyword, message: message)
    }
  }

  /// Evaluates one (sub)schema against one instance.
  ///
  /// `applicator` names the keyword that applied a subschema to a child instance (`items`, `properties`, …); a
  /// `false` subschema is reported under that keyword, else under `false`.
  func evaluate(
    _ instance: JSONValue,
    _ schema: JSONValue,
    _ context: Context,
    applicator: String? = nil
  )
    -> [SchemaViolation]
  {
    switch schema {
    case .bool(true):
      return []
    case .bool(false):
      if let applicator {
        return [context.violation(applicator, "no value is allowed here (`\(applicator)` is `false`)")]
      }
      return [context.violation("false", "the schema `false` allows no value")]
    case .object(let keywords):
      var violations: [SchemaViolation] = []
      if let reference = keywords["$ref"] {
        violations += evaluateReference(instance, reference, context)
      }
      violations += evaluateGeneric(instance, keywords, context)
      violations += evaluateNumber(instance, keywords, context)
      violations += evaluateString(instance, keywords, context)
      violations += evaluateArray(instance, keywords, context)
      violations += evaluateObject(instance, keywords, context)
      violations += evaluateCombinators(instance, keywords, context)
      return violations
    default:
      return [context.violation("schema", "a schema must be an object or a Boolean, not \(Self.describe(schema))")]
    }
  }

  /// `$ref`: resolves the reference and evaluates the target at the same instance location.
  func evaluateReference(
    _ instance: JSONValue,
    _ reference: JSONValue,
    _ context: Context
  )
    -> [SchemaViolation]
  {
    guard case .string(let text) = reference else {
      return [context.violation("$ref", "the reference must be a string, not \(Self.describe(reference))")]
    }
    guard context.referenceDepth < Self.maximumReferenceDepth else {
      return [context.violation("$ref", "more than \(Self.maximumReferenceDepth) nested references at \(text)")]
    }
    guard !context.activeReferences.contains(text) else {
      return [context.violation("$ref", "reference cycle through \(text)")]
    }
    guard let target = resolve(text) else {
      return [context.violation("$ref", "cannot resolve \(text)")]
    }
    var inner = context
    inner.activeReferences.insert(text)
    inner.referenceDepth += 1
    return evaluate(instance, target, inner)
  }

  /// `type`, `enum` and `const`.
  func evaluateGeneric(
    _ instance: JSONValue,
    _ keywords: [String: JSONValue],
    _ context: Context
  )
    -> [SchemaViolation]
  {
    var violations: [SchemaViolation] = []
    if let type = keywords["type"] {
      let names: [String]
      switch type {
      case .string(let name): names = [name]
      case .array(let elements): names = elements.compactMap(\.stringValue)
      default: names = []
      }
      if !names.contains(where: { Self.instance(instance, hasType: $0) }) {
        let expected = names.count == 1 ? names[0] : "one of \(names.joined(separator: ", "))"
        violations.append(context.violation("type", "expected \(expected), found \(Self.describe(instance))"))
      }
    }
    if case .array(let allowed) = keywords["enum"], !allowed.contains(where: { Self.equal($0, instance) }) {
      violations.append(
        context.violation("enum", "\(Self.render(instance)) is not one of \(Self.render(.array(allowed)))")
      )
    }
    if let constant = keywords["const"], !Self.equal(constant, instance) {
      violations.append(context.violation("const", "\(Self.render(instance)) is not \(Self.render(constant))"))
    }
    return violations
  }

  /// `minimum`, `maximum`, `exclusiveMinimum` and `exclusiveMaximum`; only numbers are constrained.
  func evaluateNumber(
    _ instance: JSONValue,
    _ keywords: [String: JSONValue],
    _ context: Context
  )
    -> [SchemaViolation]
  {
    guard Self.isNumber(instance) else { return [] }
    var violations: [SchemaViolation] = []
    let checks: [(keyword: String, allows: (Int) -> Bool, relation: String)] = [
      ("minimum", { $0 >= 0 }, "at least"),
      ("maximum", { $0 <= 0 }, "at most"),
      ("exclusiveMinimum", { $0 > 0 }, "greater than"),
      ("exclusiveMaximum", { $0 < 0 }, "less than"),
    ]
    for check in checks {
      guard let bound = keywords[check.keyword], let order = Self.compare(instance, bound) else { continue }
      if !check.allows(order) {
        violations.append(
          context.violation(check.keyword, "\(Self.render(instance)) is not \(check.relation) \(Self.render(bound))")
        )
      }
    }
    return violations
  }

  /// `minLength`, `maxLength` (in Unicode scalars), `pattern` and `format`; only strings are constrained.
  func evaluateString(
    _ instance: JSONValue,
    _ keywords: [String: JSONValue],
    _ context: Context
  )
    -> [SchemaViolation]
  {
    guard case .string(let text) = instance else { return [] }
    var violations: [SchemaViolation] = []
    let length = text.unicodeScalars.count
    if let minimum = keywords["minLength"]?.intValue, length < minimum {
      violations.append(context.violation("minLength", "length \(length) is shorter than \(minimum)"))
    }
    if let maximum = keywords["maxLength"]?.intValue, length > maximum {
      violations.append(context.violation("maxLength", "length \(length) is longer than \(maximum)"))
    }
    if case .string(let pattern) = keywords["pattern"] {
      if let regex = try? NSRegularExpression(pattern: pattern) {
        if !Self.matches(regex, text) {
          violations.append(context.violation("pattern", "\(Self.render(instance)) does not match /\(pattern)/"))
        }
      } else {
        violations.append(context.violation("pattern", "invalid regular expression /\(pattern)/"))
      }
    }
    if case .string(let format) = keywords["format"] {
      let conforms: Bool
      switch format {
      case "date-time": conforms = Self.isDateTime(text)
      case "uri": conforms = Self.isURI(text)
      default: conforms = true
      }
      if !conforms {
        violations.append(context.violation("format", "\(Self.render(instance)) is not a valid \(format)"))
      }
    }
    return violations
  }

  /// `prefixItems`, `items`, `minItems`, `maxItems` and `uniqueItems`; only arrays are constrained.
  func evaluateArray(
    _ instance: JSONValue,
    _ keywords: [String: JSONValue],
    _ context: Context
  )
    -> [SchemaViolation]
  {
    guard case .array(let elements) = instance else { return [] }
    var violations: [SchemaViolation] = []
    if let minimum = keywords["minItems"]?.intValue, elements.count < minimum {
      violations.append(context.violation("minItems", "\(elements.count) items are fewer than \(minimum)"))
    }
    if let maximum = keywords["maxItems"]?.intValue, elements.count > maximum {
      violations.append(context.violation("maxItems", "\(elements.count) items are more than \(maximum)"))
    }
    if keywords["uniqueItems"] == .bool(true) {
      outer: for (index, element) in elements.enumerated() {
        for earlier in elements[..<index] where Self.equal(earlier, element) {
          violations.append(context.violation("uniqueItems", "item \(index) repeats an earlier item"))
          break outer
        }
      }
    }
    var prefixCount = 0
    if case .array(let prefix) = keywords["prefixItems"] {
      prefixCount = prefix.count
      for (index, (element, schema)) in zip(elements, prefix).enumerated() {
        violations += evaluate(element, schema, context.descending(String(index)), applicator: "prefixItems")
      }
    }
    if let items = keywords["items"] {
      for (index, element) in elements.enumerated().dropFirst(prefixCount) {
        violations += evaluate(element, items, context.descending(String(index)), applicator: "items")
      }
    }
    return violations
  }

  /// `required`, `minProperties`, `maxProperties`, `properties`, `patternProperties` and `additionalProperties`;
  /// only objects are constrained.
  func evaluateObject(
    _ instance: JSONValue,
    _ keywords: [String: JSONValue],
    _ context: Context
  )
    -> [SchemaViolation]
  {
    guard case .object(let members) = instance else { return [] }
    var violations: [SchemaViolation] = []
    if case .array(let required) = keywords["required"] {
      for case .string(let name) in required where members[name] == nil {
        violations.append(context.violation("required", "missing required property \(Self.render(.string(name)))"))
      }
    }
    if let minimum = keywords["minProperties"]?.intValue, members.count < minimum {
      violations.append(context.violation("minProperties", "\(members.count) properties are fewer than \(minimum)"))
    }
    if let maximum = keywords["maxProperties"]?.intValue, members.count > maximum {
      violations.append(context.violation("maxProperties", "\(members.count) properties are more than \(maximum)"))
    }
    let properties = keywords["properties"]?.objectValue ?? [:]
    var patterns: [(NSRegularExpression, JSONValue)] = []
    for (pattern, schema) in (keywords["patternProperties"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
      if let regex = try? NSRegularExpression(pattern: pattern) {
        patterns.append((regex, schema))
      } else {
        violations.append(context.violation("patternProperties", "invalid regular expression /\(pattern)/"))
      }
    }
    let additional = keywords["additionalProperties"]
    for (name, value) in members.sorted(by: { $0.key < $1.key }) {
      let child = context.descending(name)
      var isDescribed = false
      if let schema = properties[name] {
        isDescribed = true
        violations += evaluate(value, schema, child, applicator: "properties")
      }
      for (regex, schema) in patterns where Self.matches(regex, name) {
        isDescribed = true
        violations += evaluate(value, schema, child, applicator: "patternProperties")
      }
      guard !isDescribed, let additional else { continue }
      if additional == .bool(false) {
        violations.append(
          child.violation("additionalProperties", "property \(Self.render(.string(name))) is not allowed")
        )
      } else {
        violations += evaluate(value, additional, child, applicator: "additionalProperties")
      }
    }
    return violations
  }

  /// `allOf`, `anyOf`, `oneOf` and `not`.
  func evaluateCombinators(
    _ instance: JSONValue,
    _ keywords: [String: JSONValue],
    _ context: Context
  )
    -> [SchemaViolation]
  {
    var violations: [SchemaViolation] = []
    if case .array(let schemas) = keywords["allOf"] {
      for schema in schemas {
        violations += evaluate(instance, schema, context)
      }
    }
    if case .array(let schemas) = keywords["anyOf"] {
      let outcomes = schemas.map { evaluate(instance, $0, context) }
      if !outcomes.contains(where: \.isEmpty) {
        violations.append(context.violation("anyOf", "matches none of the alternatives: " + Self.summarize(outcomes)))
      }
    }
    if case .array(let schemas) = keywords["oneOf"] {
      let outcomes = schemas.map { evaluate(instance, $0, context) }
      let matching = outcomes.indices.filter { outcomes[$0].isEmpty }
      if matching.isEmpty {
        violations.append(context.violation("oneOf", "matches none of the alternatives: " + Self.summarize(outcomes)))
      } else if matching.count > 1 {
        let list = matching.map(String.init).joined(separator: ", ")
        violations.append(
          context.violation("oneOf", "matches \(matching.count) alternatives (\(list)), not exactly one")
        )
      }
    }
    if let negated = keywords["not"], evaluate(instance, negated, context).isEmpty {
      violations.append(context.violation("not", "\(Self.render(instance)) matches the schema under `not`"))
    }
    return violations
  }
}
