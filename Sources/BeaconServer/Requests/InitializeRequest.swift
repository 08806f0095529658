import JSONRPC

/// Starts a session: the first request a client sends.
///
/// Reads `locale` (BCP 47: `nb` default, `nn`, `en`) and `initializationOptions` (`storePath`,
/// `offline`, `geoapify {apiKey, baseURL}`, `fruityvice {baseURL}`, `coinlore {baseURL}`, `randomUser {baseURL}`).
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
    /// Work from the store only.
    package var offline: Bool?
    /// Geoapify access.
    package var geoapify: Geoapify?
    /// Fruityvice access.
    package var fruityvice: Fruityvice?
    /// The IANA time zone for places without one of their own (default Europe/Oslo).
    package var timeZone: String?
    /// CoinLore access.
    package var coinlore: CoinLore?
    /// randomuser.me access.
    package var randomUser: RandomUser?

    /// Creates options.
    package init(
      storePath: String? = nil,
      offline: Bool? = nil,
      geoapify: Geoapify? = nil,
      fruityvice: Fruityvice? = nil,
      timeZone: String? = nil,
      coinlore: CoinLore? = nil,
      randomUser: RandomUser? = nil
    ) {
      self.storePath = storePath
      self.offline = offline
      self.geoapify = geoapify
      self.fruityvice = fruityvice
      self.timeZone = timeZone
      self.coinlore = coinlore
      self.randomUser = randomUser
    }

    /// randomuser.me access settings.
    package struct RandomUser: Codable, Sendable, Equatable {
      /// The API's base URL, e.g. a local test server.
      package var baseURL: String?

      /// Creates settings.
      package init(baseURL: String? = nil) {
        self.baseURL = baseURL
      }
    }

    /// Fruityvice access settings.
    package struct Fruityvice: Codable, Sendable, Equatable {
      /// The API's base URL, e.g. a local test server.
      package var baseURL: String?

      /// Creates settings.
      package init(baseURL: String? = nil) {
        self.baseURL = baseURL
      }
    }

    /// CoinLore access settings.
    package struct CoinLore: Codable, Sendable, Equatable {
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
    package var fruityviceBaseURL: String
    /// The zone opening hours are read in for places without one of their own.
    package var timeZone: String
    package var coinloreBaseURL: String
    /// randomuser.me's base URL.
    package var randomUserBaseURL: String
  }
}
