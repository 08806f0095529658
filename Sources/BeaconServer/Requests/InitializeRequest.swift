import JSONRPC

/// Starts a session: the first request a client sends.
///
/// Reads `locale` (BCP 47: `nb` default, `nn`, `en`) and `initializationOptions` (`storePath`,
/// `offline`, `geoapify {apiKey, baseURL}`, `timeZone`, and `{baseURL}` of each feature's upstream service).
/// When `processId` names a process that dies, the server exits.
package struct InitializeRequest: RequestType, Encodable, Equatable {
  package static let method = "initialize"
  package typealias Response = InitializeResult

  /// The client's process id; the server exits when that process is gone.
  package var processId: Int?
  /// Who the client is.
  package var clientInfo: ClientInfo?
  /// The language the client shows, as a BCP 47 tag.
  package var locale: String?
  /// Beacon's own settings.
  package var initializationOptions: InitializationOptions?
  /// The client's capabilities (read for future use; nothing depends on them yet).
  package var capabilities: JSONValue?

  /// Creates the request.
  package init(
    processId: Int? = nil,
    clientInfo: ClientInfo? = nil,
    locale: String? = nil,
    initializationOptions: InitializationOptions? = nil,
    capabilities: JSONValue? = nil
  ) {
    self.processId = processId
    self.clientInfo = clientInfo
    self.locale = locale
    self.initializationOptions = initializationOptions
    self.capabilities = capabilities
  }

  /// The name and version of a client.
  package struct ClientInfo: Codable, Sendable, Equatable {
    package var name: String
    package var version: String?
  }

  /// Beacon's settings in `initialize`; flags win over these, these win over the environment.
  package struct InitializationOptions: Codable, Sendable, Equatable {
    /// The SQLite store file.
    package var storePath: String?
    /// The user of a PostgreSQL store (default the account's name).
    package var user: String?
    /// Work from the store only.
    package var offline: Bool?
    /// Geoapify access.
    package var geoapify: Geoapify?
    /// The IANA time zone for places without one of their own (default Europe/Oslo).
    package var timeZone: String?
    /// The access to each feature's upstream service by its option's key (`fruityvice: {baseURL}`): a member for
    /// each base-URL option of the built features (``Feature/serviceURLOptions``).
    package var services: [String: Service]

    /// Creates options.
    package init(
      storePath: String? = nil,
      user: String? = nil,
      offline: Bool? = nil,
      geoapify: Geoapify? = nil,
      timeZone: String? = nil,
      services: [String: Service] = [:]
    ) {
      self.storePath = storePath
      self.user = user
      self.offline = offline
      self.geoapify = geoapify
      self.timeZone = timeZone
      self.services = services
    }

    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: MemberKey.self)
      storePath = try container.decodeIfPresent(String.self, forKey: "storePath")
      user = try container.decodeIfPresent(String.self, forKey: "user")
      offline = try container.decodeIfPresent(Bool.self, forKey: "offline")
      geoapify = try container.decodeIfPresent(Geoapify.self, forKey: "geoapify")
      timeZone = try container.decodeIfPresent(String.self, forKey: "timeZone")
      services = [:]
      for option in Feature.serviceURLOptions {
        services[option.key] = try container.decodeIfPresent(Service.self, forKey: MemberKey(option.key))
      }
    }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: MemberKey.self)
      try container.encodeIfPresent(storePath, forKey: "storePath")
      try container.encodeIfPresent(user, forKey: "user")
      try container.encodeIfPresent(offline, forKey: "offline")
      try container.encodeIfPresent(geoapify, forKey: "geoapify")
      try container.encodeIfPresent(timeZone, forKey: "timeZone")
      for (key, service) in services { try container.encode(service, forKey: MemberKey(key)) }
    }

    /// Access settings of a feature's upstream service.
    package struct Service: Codable, Sendable, Equatable {
      /// The API's base URL, e.g. a local test server.
      package var baseURL: String?

      /// Creates settings.
      package init(baseURL: String? = nil) {
        self.baseURL = baseURL
      }
    }

    /// Geoapify access settings.
    package struct Geoapify: Codable, Sendable, Equatable {
      /// The API key; never echoed, logged or stored.
      package var apiKey: String?
      /// The API's base URL, e.g. a local test server.
      package var baseURL: String?

      /// Creates settings.
      package init(apiKey: String? = nil, baseURL: String? = nil) {
        self.apiKey = apiKey
        self.baseURL = baseURL
      }
    }
  }
}

/// What `initialize` answers.
package struct InitializeResult: Codable, Sendable, Equatable {
  /// `{name: "beacon", version}`.
  package var serverInfo: ServerInfo
  /// What this server can do.
  package var capabilities: ServerCapabilities
  /// The language the session speaks (`nb`, `nn` or `en`).
  package var locale: String
  /// The settings in force, without secrets.
  package var configuration: ConfigurationSummary

  /// The server's name and version.
  package struct ServerInfo: Codable, Sendable, Equatable {
    package var name: String
    package var version: String
  }

  /// The server's capabilities.
  package struct ServerCapabilities: Codable, Sendable, Equatable {
    /// Every request method served, sorted.
    package var methods: [String]
    /// `$/cancelRequest` is honoured.
    package var cancelRequest: Bool
    /// `$/progress` is sent for requests that carry a `workDoneToken`.
    package var workDoneProgress: Bool
    /// JSON-RPC batches are accepted.
    package var batches: Bool
    /// The languages messages come in.
    package var locales: [String]
  }

  /// The resolved settings, with the API key reduced to whether one is set.
  package struct ConfigurationSummary: Codable, Sendable, Equatable {
    package var storePath: String?
    /// Whether the store could only be opened for reading (reads answer, writes fail with `reason: "readOnly"`).
    package var storeReadOnly: Bool
    package var offline: Bool
    package var geoapifyBaseURL: String
    package var geoapifyAPIKeyConfigured: Bool
    /// The zone opening hours are read in for places without one of their own.
    package var timeZone: String
    /// Each feature's upstream base URL by its option's key, on the wire as `<key>BaseURL` (`fruityviceBaseURL`).
    package var serviceBaseURLs: [String: String]

    /// A summary.
    init(
      storePath: String?,
      storeReadOnly: Bool,
      offline: Bool,
      geoapifyBaseURL: String,
      geoapifyAPIKeyConfigured: Bool,
      timeZone: String,
      serviceBaseURLs: [String: String]
    ) {
      self.storePath = storePath
      self.storeReadOnly = storeReadOnly
      self.offline = offline
      self.geoapifyBaseURL = geoapifyBaseURL
      self.geoapifyAPIKeyConfigured = geoapifyAPIKeyConfigured
      self.timeZone = timeZone
      self.serviceBaseURLs = serviceBaseURLs
    }

    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: MemberKey.self)
      storePath = try container.decodeIfPresent(String.self, forKey: "storePath")
      storeReadOnly = try container.decode(Bool.self, forKey: "storeReadOnly")
      offline = try container.decode(Bool.self, forKey: "offline")
      geoapifyBaseURL = try container.decode(String.self, forKey: "geoapifyBaseURL")
      geoapifyAPIKeyConfigured = try container.decode(Bool.self, forKey: "geoapifyAPIKeyConfigured")
      timeZone = try container.decode(String.self, forKey: "timeZone")
      serviceBaseURLs = [:]
      for member in container.allKeys where member.stringValue.hasSuffix(Self.suffix) && member != "geoapifyBaseURL" {
        serviceBaseURLs[String(member.stringValue.dropLast(Self.suffix.count))] = try container.decode(
          String.self,
          forKey: member
        )
      }
    }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: MemberKey.self)
      try container.encodeIfPresent(storePath, forKey: "storePath")
      try container.encode(storeReadOnly, forKey: "storeReadOnly")
      try container.encode(offline, forKey: "offline")
      try container.encode(geoapifyBaseURL, forKey: "geoapifyBaseURL")
      try container.encode(geoapifyAPIKeyConfigured, forKey: "geoapifyAPIKeyConfigured")
      try container.encode(timeZone, forKey: "timeZone")
      for (key, url) in serviceBaseURLs { try container.encode(url, forKey: MemberKey(key + Self.suffix)) }
    }

    /// What follows a service's key in its member's name.
    private static let suffix = "BaseURL"
  }
}
