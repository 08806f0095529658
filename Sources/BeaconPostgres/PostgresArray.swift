/// A `text[]` parameter in PostgreSQL's array literal form (`{"a","b"}`), every element quoted and escaped.
package struct PostgresArray: PostgresBindable {
  /// The elements.
  package var elements: [String]

  /// Wraps `elements`.
  package init(_ elements: [String]) {
    self.elements = elements
  }

  package var postgresText: String {
    let quoted = elements.map { element in
      "\"" + element.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
    return "{" + quoted.joined(separator: ",") + "}"
  }
}
