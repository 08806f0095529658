import BeaconCore

/// A top-level command a feature brings to `beacon` (`beacon fruits …`): its name, the options of its own that take a
/// value, its parser, and its lines in `beacon --help` (its commands, and its environment variable). The parser and the
/// help iterate ``all``; each verb is declared in its feature's CLI file (`CLI/CryptoCommands.swift`) and named by its
/// feature (``Feature/verbs``), so no list of verbs is kept apart from ``Feature/built``.
struct FeatureVerb: Sendable {
  /// The command's name, e.g. `fruits`.
  let name: String
  /// The options of its own that take a value (`--at`).
  let valueOptions: Set<String>
  /// Reads the rest of the command line (after the name) into a command.
  let parse: @Sendable (HumanCommandParser) throws(CommandLineArguments.UsageError) -> CommandLineArguments.Command
  /// Its command lines in `beacon --help`, indented as the help's.
  let help: LocalizedLines
  /// Its lines in the help's environment section.
  let environment: LocalizedLines

  /// The verbs of the features the program is built with, in the order `tools/list` shows those features' tools
  /// (``Feature/listed``), which is the order `beacon --help` has always listed them.
  static let all: [FeatureVerb] = {
    var seen: Set<Feature.Name> = []
    let order = Feature.listed.map(\.feature).filter { seen.insert($0).inserted }
    let features = order.compactMap(Feature.named) + Feature.built.filter { !seen.contains($0.name) }
    return features.flatMap(\.verbs)
  }()

  /// Every verb's command lines, in the order of ``all``.
  static func helpLines(in language: Language) -> String {
    all.map { $0.help.text(in: language) }.filter { !$0.isEmpty }.joined(separator: "\n")
  }

  /// Every verb's environment lines, in the order of ``all``.
  static func environmentLines(in language: Language) -> String {
    all.map { $0.environment.text(in: language) }.filter { !$0.isEmpty }.joined(separator: "\n")
  }
}

/// Help text in Bokmål, Nynorsk and English.
struct LocalizedLines: Sendable {
  /// Bokmål.
  let nb: String
  /// Nynorsk.
  let nn: String
  /// English.
  let en: String

  /// The text in `language`.
  func text(in language: Language) -> String {
    language.choose((nb, nn, en))
  }
}

/// A feature's command, parsed: what `beacon` runs for it, and a description of what was parsed (commands compare
/// by it).
package struct FeatureCommand: Equatable, Sendable {
  /// What was parsed, e.g. `crypto list(…) table`.
  let description: String
  /// Runs the command with the session's options and logger; the exit code.
  package let run: @Sendable (ServerOptions, Logger) async -> Int32

  /// A command described by `description`.
  init(_ description: String, run: @escaping @Sendable (ServerOptions, Logger) async -> Int32) {
    self.description = description
    self.run = run
  }

  package static func == (lhs: FeatureCommand, rhs: FeatureCommand) -> Bool {
    lhs.description == rhs.description
  }
}
