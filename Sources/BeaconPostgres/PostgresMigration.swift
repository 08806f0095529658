/// A migration a feature's module brings to the PostgreSQL store: the version it brings the schema to and its
/// statements. Like the core's (``PostgresMigrations``), it never changes once shipped.
package struct PostgresMigration: Sendable {
  /// The version in `beacon_schema` the migration brings the schema to (1-based, one sequence for the whole store).
  package let version: Int
  /// The literal SQL statements, run in order.
  package let statements: [String]

  /// The migration to `version`.
  package init(version: Int, statements: [String]) {
    self.version = version
    self.statements = statements
  }
}
