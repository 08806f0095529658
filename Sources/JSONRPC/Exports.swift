// JSON-RPC speaks in `JSONValue`s: users of this module get the JSON types with it.
@_exported import BeaconJSON
