import Foundation
import PackagePlugin

/// Compiles `Schemas/openrpc.json` (the contract) into the target as `openRPCText`, a `StaticString`, so a
/// copied `beacon` needs no resource bundle and the document keeps one source: the generated file is made
/// from it whenever it changes (SwiftPM reruns the command when its input file changes) and never by hand.
///
/// The command is a POSIX shell script (`/bin/sh` and `awk` are on every Linux and macOS), not a tool built
/// from this package: `Scripts/fuzz.sh` builds everything with `-sanitize=fuzzer`, and a helper executable
/// built that way cannot be linked.
///
/// The text goes into one multi-line raw string literal with more `#` than any run of `#` in it, so no
/// content can end it early or start an escape; the closing delimiter is at the start of its line, so no
/// indentation is removed, and a final line break is kept by an extra empty line.
@main
struct EmbedOpenRPC: BuildToolPlugin {
  static let script = #"""
    set -eu
    input=$1
    output=$2
    count=$(awk '{ while (match($0, /#+/)) { if (RLENGTH > m) m = RLENGTH; $0 = substr($0, RSTART + RLENGTH) } }
      END { print m + 1 }' "$input")
    hashes=$(printf "%${count}s" "" | tr ' ' '#')
    {
      printf '// Generated from Schemas/openrpc.json by the EmbedOpenRPC plugin: do not edit.\n\n'
      printf 'extension BeaconSchemas {\n'
      printf '  /// The bytes of `Schemas/openrpc.json`, compiled into the binary.\n'
      printf '  static let openRPCText: StaticString = %s"""\n' "$hashes"
      cat "$input"
      if [ -z "$(tail -c 1 "$input")" ]; then printf '\n'; fi
      printf '"""%s\n}\n' "$hashes"
    } > "$output.new"
    if cmp -s "$output.new" "$output"; then rm -f "$output.new"; else mv -f "$output.new" "$output"; fi
    """#

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let input = context.package.directoryURL.appendingPathComponent("Schemas/openrpc.json")
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("OpenRPCDocument.swift")
    return [
      .buildCommand(
        displayName: "Embedding Schemas/openrpc.json in \(target.name)",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: ["-c", Self.script, "sh", input.path, output.path],
        inputFiles: [input],
        outputFiles: [output]
      )
    ]
  }
}
