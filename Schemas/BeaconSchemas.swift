/// The contract files in `Schemas/`, compiled into the binary.
///
/// The `EmbedOpenRPC` build-tool plugin generates `openRPCText` from `Schemas/openrpc.json` on every build
/// where the file changed, so a copied `beacon` needs nothing beside it and the file stays the one source.
public enum BeaconSchemas {
  /// The bytes of `Schemas/openrpc.json`.
  public static func openRPCDocument() -> [UInt8] {
    openRPCText.withUTF8Buffer { Array($0) }
  }
}
