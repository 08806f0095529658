import BeaconJSON
import BeaconTestSupport
import Testing

/// `$ref` and the combinators.
extension JSONSchemaValidatorTests {
  // MARK: - $ref

  @Test func refResolvesIntoComponentsSchemas() throws {
    let document = try Self.json(
      #"""
      {"components": {"schemas": {
        "Stars": {"type": "integer", "minimum": 1, "maximum": 5},
        "Review": {"type": "object", "required": ["stars"],
          "properties": {"stars": {"$ref": "#/components/schemas/Stars"}}}
      }}}
      """#
    )
    let validator = JSONSchemaValidator(root: document)
    let schema: JSONValue = ["type": "array", "items": ["$ref": "#/components/schemas/Review"]]
    #expect(validator.validate(try Self.json(#"[{"stars": 1}, {"stars": 5}]"#), against: schema).isEmpty)
    let violations = validator.validate(try Self.json(#"[{"stars": 1}, {"stars": 0}, {}]"#), against: schema)
    #expect(violations.map(\.path) == ["/1/stars", "/2"])
    #expect(violations.map(\.keyword) == ["minimum", "required"])
  }

  @Test func refResolvesEscapedPointersAndArrayIndices() throws {
    let document = try Self.json(
      #"""
      {"defs": {"a/b": {"c~d": {"type": "string"}}, "100%": {"const": 1},
       "list": [{"type": "null"}, {"type": "boolean"}]}}
      """#
    )
    let validator = JSONSchemaValidator(root: document)
    let escaped: JSONValue = ["$ref": "#/defs/a~1b/c~0d"]
    #expect(validator.validate("x", against: escaped).isEmpty)
    #expect(validator.validate(1, against: escaped).map(\.keyword) == ["type"])
    let percent: JSONValue = ["$ref": "#/defs/100%25"]
    #expect(validator.validate(1, against: percent).isEmpty)
    #expect(validator.validate(2, against: percent).map(\.keyword) == ["const"])
    let index: JSONValue = ["$ref": "#/defs/list/1"]
    #expect(validator.validate(true, against: index).isEmpty)
    #expect(validator.validate(nil, against: index).map(\.keyword) == ["type"])
  }

  @Test(arguments: [
    "#/components/schemas/Missing", "#/defs/list/2", "#/defs/list/01", "#/defs/list/-", "#defs", "other.json#/defs",
    "https://example.com/schema", "#/defs/leaf/deeper",
  ])
  func anUnresolvableRefIsAViolation(_ reference: String) throws {
    let document = try Self.json(#"{"defs": {"list": [true, true], "leaf": 1}}"#)
    let violations = JSONSchemaValidator(root: document).validate(1, against: ["$ref": .string(reference)])
    #expect(violations.count == 1)
    #expect(violations.first?.keyword == "$ref")
    #expect(violations.first?.message.contains(reference) == true)
  }

  @Test func refIsEvaluatedAlongsideItsSiblings() throws {
    let document = try Self.json(#"{"defs": {"named": {"type": "object", "required": ["name"]}}}"#)
    let validator = JSONSchemaValidator(root: document)
    let schema = try Self.json(##"{"$ref": "#/defs/named", "required": ["id"]}"##)
    #expect(validator.validate(try Self.json(#"{"id": 1, "name": "x"}"#), against: schema).isEmpty)
    let violations = validator.validate(try Self.json(#"{"id": 1}"#), against: schema)
    #expect(violations.map(\.keyword) == ["required"])
    #expect(violations.first?.message.contains("name") == true)
    #expect(validator.validate(try Self.json("{}"), against: schema).count == 2)
  }

  @Test(arguments: ["#", "#/defs/a", "#/defs/self"])
  func aRefCycleTerminatesWithAViolation(_ reference: String) throws {
    let document = try Self.json(
      #"""
      {"$ref": "#", "defs": {"a": {"$ref": "#/defs/b"}, "b": {"allOf": [{"$ref": "#/defs/a"}]},
       "self": {"$ref": "#/defs/self"}}}
      """#
    )
    let violations = JSONSchemaValidator(root: document).validate(1, against: ["$ref": .string(reference)])
    #expect(violations.count == 1)
    #expect(violations.first?.keyword == "$ref")
    #expect(violations.first?.message.contains("cycle") == true)
  }

  @Test func recursiveSchemasFollowTheInstance() throws {
    let document = try Self.json(
      #"""
      {"defs": {"tree": {"type": "object", "required": ["value"], "additionalProperties": false,
        "properties": {"value": {"type": "integer"}, "children": {"type": "array", "items": {"$ref": "#/defs/tree"}}}}}}
      """#
    )
    let validator = JSONSchemaValidator(root: document)
    let schema: JSONValue = ["$ref": "#/defs/tree"]
    var tree: JSONValue = ["value": 0]
    for depth in 1...100 {
      tree = ["value": .int(depth), "children": [tree, ["value": 0]]]
    }
    #expect(validator.validate(tree, against: schema).isEmpty)
    let broken = try Self.json(#"{"value": 1, "children": [{"value": 2, "children": [{"value": "3"}]}]}"#)
    let violations = validator.validate(broken, against: schema)
    #expect(violations.map(\.path) == ["/children/0/children/0/value"])
  }

  @Test func anOverlyDeepReferenceChainIsAViolation() throws {
    var definitions: [String: JSONValue] = [:]
    let length = JSONSchemaValidator.maximumReferenceDepth + 10
    for index in 0..<length {
      definitions["s\(index)"] = index == length - 1 ? true : ["$ref": .string("#/defs/s\(index + 1)")]
    }
    let validator = JSONSchemaValidator(root: ["defs": .object(definitions)])
    let violations = validator.validate(1, against: ["$ref": "#/defs/s0"])
    #expect(violations.map(\.keyword) == ["$ref"])
    #expect(violations.first?.message.contains("nested references") == true)
    #expect(validator.validate(1, against: ["$ref": "#/defs/s20"]).isEmpty)
  }

  // MARK: - Combinators

  @Test(arguments: [("1.5", 0), (#""a""#, 1), ("2", 2)])
  func oneOfNeedsExactlyOneMatch(instance: String, matches: Int) throws {
    let schema = try Self.json(
      #"{"oneOf": [{"type": "string"}, {"type": "integer"}, {"type": "number", "minimum": 2}]}"#
    )
    let violations = JSONSchemaValidator(root: schema).validate(try Self.json(instance), against: schema)
    if matches == 1 {
      #expect(violations.isEmpty, "\(violations)")
    } else {
      #expect(violations.map(\.keyword) == ["oneOf"])
      let expected = matches == 0 ? "matches none" : "matches 2 alternatives (1, 2)"
      #expect(violations.first?.message.contains(expected) == true, "\(violations)")
    }
  }

  @Test func anyOfAndAllOfCombine() throws {
    let schema = try Self.json(
      #"{"allOf": [{"anyOf": [{"type": "string", "minLength": 3}, {"type": "null"}]}, {"not": {"const": "xxx"}}]}"#
    )
    let validator = JSONSchemaValidator(root: schema)
    #expect(validator.validate("abc", against: schema).isEmpty)
    #expect(validator.validate(nil, against: schema).isEmpty)
    #expect(validator.validate("ab", against: schema).map(\.keyword) == ["anyOf"])
    #expect(validator.validate("xxx", against: schema).map(\.keyword) == ["not"])
  }
}
