import BeaconCore
import Testing

@testable import BeaconServer

/// `beacon --help` names every option each command accepts, and only those: the parser itself is asked which
/// options each command takes, so a new option cannot be left out of the help.
@Suite struct HelpCompletenessTests {
  /// A command line for each command, and the start of its entry in the help.
  static let commands: [(arguments: [String], help: String)] = [
    (["search"], "beacon search"),
    (["route", "f.geojson"], "beacon route"),
    (["details", "x"], "beacon details"),
    (["rate", "x", "5"], "beacon rate"),
    (["favorites"], "beacon favorites ["),
    (["favorites", "add", "x"], "beacon favorites add|remove"),
    (["favorites", "remove", "x"], "beacon favorites add|remove"),
    (["settings"], "beacon settings ["),
    (["settings", "reset"], "beacon settings reset"),
    (["import", "f"], "beacon import"),
    (["fruits"], "beacon fruits [list]"),
    (["fruits", "show", "1"], "beacon fruits show"),
    (["fruits", "groups"], "beacon fruits groups"),
    (["fruits", "family", "x"], "beacon fruits family|genus|order"),
    (["fruits", "eat", "1"], "beacon fruits eat"),
    (["fruits", "log"], "beacon fruits log ["),
    (["fruits", "log", "remove", "1"], "beacon fruits log remove"),
    (["users"], "beacon users [list]"),
    (["users", "show", "1"], "beacon users show"),
    (["users", "edit", "1"], "beacon users edit"),
    (["users", "delete", "1"], "beacon users delete"),
    (["users", "map"], "beacon users map"),
    (["users", "seed", "x"], "beacon users seed"),
    (["store", "check"], "beacon store check"),
    (["store", "recover"], "beacon store recover"),
  ]

  /// The command options (global ones such as `--store` are listed once, under "Globale valg").
  static let commandOptions = CommandLineArguments.valueOptions.union(CommandLineArguments.switchOptions)

  /// A value each option accepts, so only "not allowed here" can make the parser refuse it.
  static func sample(for option: String) -> String? {
    guard CommandLineArguments.valueOptions.contains(option) else { return nil }
    switch option {
    case "--near": return "59.9,10.7"
    case "--radius", "--limit", "--start": return "2"
    case "--category": return "cafe"
    case "--at": return "2026-01-01T00:00:00Z"
    case "--from", "--to", "--birth-date": return "2026-01-01"
    case "--corridor": return "500"
    default: return "x"
    }
  }

  /// Whether the parser takes `option` for the command `arguments` names.
  static func accepts(_ option: String, _ arguments: [String]) -> Bool {
    var options = CommandOptions()
    // `users edit` needs a field to change before it looks further; `--city` stands in for "some field".
    if arguments.starts(with: ["users", "edit"]), option != "--city" { options.append("--city", "Oslo") }
    options.append(option, sample(for: option))
    let parser = HumanCommandParser(command: arguments[0], arguments: Array(arguments.dropFirst()), options: options)
    do {
      _ = try parser.parse()
      return true
    } catch {
      if case .optionNotAllowed(let refused, _) = error.message, refused == option { return false }
      return true
    }
  }

  /// The help entry starting with `prefix`: its line and the more deeply indented lines under it.
  static func entry(_ prefix: String, in help: String) -> String? {
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(prefix) }) else {
      return nil
    }
    let indent = lines[start].prefix { $0 == " " }.count
    var entry = [lines[start]]
    for line in lines[(start + 1)...] {
      let depth = line.prefix { $0 == " " }.count
      guard depth > indent, !line.trimmingCharacters(in: .whitespaces).hasPrefix("beacon ") else { break }
      entry.append(line)
    }
    return entry.joined(separator: "\n")
  }

  /// Whether `text` names `option` as a whole word (`--to` is not found in `--top`).
  static func names(_ text: String, _ option: String) -> Bool {
    var rest = Substring(text)
    while let range = rest.range(of: option) {
      guard let next = rest[range.upperBound...].first, next.isLetter || next == "-" else { return true }
      rest = rest[range.upperBound...]
    }
    return false
  }

  @Test(arguments: commands.map { $0.arguments.joined(separator: " ") })
  func theHelpNamesExactlyTheOptionsTheCommandAccepts(_ commandLine: String) throws {
    let command = try #require(Self.commands.first { $0.arguments.joined(separator: " ") == commandLine })
    try Self.expectHelpNamesExactlyTheOptions(of: command.arguments, entry: command.help)
  }

  /// In every language the help entry starting with `prefix` names exactly the options the command `arguments`
  /// accepts; a feature's own commands are checked with it in the feature's own tests.
  static func expectHelpNamesExactlyTheOptions(of arguments: [String], entry prefix: String) throws {
    let commandLine = arguments.joined(separator: " ")
    for language in Language.allCases {
      let help = HelpText.text(in: language)
      let entry = try #require(Self.entry(prefix, in: help), "no \(language) help for \(prefix)")
      for option in Self.commandOptions.sorted() {
        let accepted = Self.accepts(option, arguments)
        let documented = Self.names(entry, option)
        #expect(
          accepted == documented,
          "beacon \(commandLine) \(option) (\(language)): accepted \(accepted), in the help \(documented)"
        )
      }
    }
  }

  /// `beacon search --help` (or `beacon help search`): the title, that command's entries whole, no other command's,
  /// and the global options, in every language; the whole help for no command or one that is not there.
  @Test func aCommandsHelpHoldsItsEntriesAndTheGlobalOptionsOnly() throws {
    for language in Language.allCases {
      let whole = HelpText.text(in: language)
      for (word, entries) in Dictionary(grouping: Self.commands, by: { $0.arguments[0] }) {
        let help = HelpText.text(in: language, for: word)
        #expect(help.count < whole.count / 2, "\(word) (\(language))")
        #expect(help.hasPrefix(whole.prefix { $0 != "\n" }))
        #expect(help.contains("  --store ") && help.contains("  --locale nb|nn|en "), "\(word) (\(language))")
        for entry in entries {
          let lines = try #require(Self.entry(entry.help, in: whole), "\(entry.help)").split(separator: "\n")
          #expect(lines.allSatisfy { help.contains($0) }, "\(entry.help) (\(language))")
        }
        for other in Self.commands where other.arguments[0] != word {
          #expect(!help.contains("  \(other.help)"), "\(other.help) in the help of \(word) (\(language))")
        }
      }
      #expect(HelpText.text(in: language, for: nil) == whole)
      #expect(HelpText.text(in: language, for: "nothing") == whole)
    }
    for (arguments, topic) in [(["search", "--help"], "search"), (["help", "store"], "store"), (["--help"], nil)] {
      #expect(try CommandLineArguments(arguments).command == .help(topic: topic), "\(arguments)")
    }
    #expect(try CommandLineArguments(["--locale", "en", "help", "fruits"]).command == .help(topic: "fruits"))
  }
}
