// swift-tools-version: 6.0
import PackageDescription

// Formatting style (as in sourcekit-lsp):
//  - One section per target, followed by its test target
//  - Dependencies on separate lines, sorted

/// Linux: no `-lcurl` from FoundationNetworking's autolink entries. `CCurlLoader` defines every libcurl function
/// FoundationNetworking calls and loads libcurl on first use, so the binary does not load it (and the ~30
/// libraries it needs) at start-up, and the static build needs no libcurl development files.
let lazyCurl: [SwiftSetting] = [
  .unsafeFlags(["-Xfrontend", "-disable-autolink-library", "-Xfrontend", "curl"], .when(platforms: [.linux]))
]

let package = Package(
  name: "beacon",
  platforms: [
    .macOS(.v14)
  ],
  products: [
    .executable(name: "beacon", targets: ["beacon"])
  ],
  targets: [
    // MARK: beacon (the executable: stdout protection, the server loop, wiring only; the commands are BeaconServer's)

    .executableTarget(
      name: "beacon",
      dependencies: [
        "BeaconCore",
        "BeaconServer",
        "BeaconSync",
        "JSONRPC",
      ],
      swiftSettings: lazyCurl,
      plugins: [
        "BuildInfo"
      ]
    ),

    // MARK: BuildInfo (build-tool plugin: the commit a binary was built from, for `beacon --version`)

    .plugin(
      name: "BuildInfo",
      capability: .buildTool()
    ),

    // MARK: beacon-demo-data (developer tool behind Scripts/make-demo-data.sh)

    .executableTarget(
      name: "beacon-demo-data",
      dependencies: [
        "BeaconCore"
      ]
    ),

    // MARK: beacon-pbf-tool (the import benchmarks' helper: a large PBF from a real one, the decoder alone)

    .executableTarget(
      name: "beacon-pbf-tool",
      dependencies: [
        "BeaconCore",
        "BeaconSync",
        "BeaconTestSupport",
        "CZlib",
      ],
      path: "Benchmarks/PBFTool"
    ),

    // MARK: BeaconCore (the domain; knows no JSON-RPC)

    .target(
      name: "BeaconCore",
      dependencies: [
        "BeaconJSON",
        "BeaconSync",
        "CCurlLoader",
        "CSQLite",
        "CZlib",
      ],
      swiftSettings: lazyCurl
    ),
    .testTarget(
      name: "BeaconCoreTests",
      dependencies: [
        "BeaconCore",
        "BeaconJSON",
        "BeaconSync",
        "BeaconTestSupport",
      ]
    ),

    // MARK: BeaconCrypto (the crypto feature's domain: CoinLore's prices, its tables, sentences and requests)

    .target(
      name: "BeaconCrypto",
      dependencies: [
        "BeaconCore",
        "BeaconJSON",
        "BeaconPostgres",
        "JSONRPC",
      ],
      swiftSettings: lazyCurl
    ),
    .testTarget(
      name: "BeaconCryptoTests",
      dependencies: [
        "BeaconCore",
        "BeaconCrypto",
        "BeaconJSON",
        "BeaconTestSupport",
      ]
    ),

    // MARK: BeaconFruits (the fruits feature's domain: Fruityvice's catalogue, the fruit log, their tables, sentences
    // and requests)

    .target(
      name: "BeaconFruits",
      dependencies: [
        "BeaconCore",
        "BeaconJSON",
        "BeaconPostgres",
        "JSONRPC",
      ],
      swiftSettings: lazyCurl
    ),
    .testTarget(
      name: "BeaconFruitsTests",
      dependencies: [
        "BeaconCore",
        "BeaconFruits",
        "BeaconJSON",
        "BeaconTestSupport",
      ]
    ),

    // MARK: BeaconJSON (JSON values, parsing, writing, Codable bridges; knows no protocol and no domain)

    .target(name: "BeaconJSON"),
    .testTarget(
      name: "BeaconJSONTests",
      dependencies: [
        "BeaconJSON"
      ]
    ),

    // MARK: BeaconPeople (the people feature's domain: the directory of random users, their tables, sentences and
    // requests)

    .target(
      name: "BeaconPeople",
      dependencies: [
        "BeaconCore",
        "BeaconJSON",
        "BeaconPostgres",
        "JSONRPC",
      ],
      swiftSettings: lazyCurl
    ),
    .testTarget(
      name: "BeaconPeopleTests",
      dependencies: [
        "BeaconCore",
        "BeaconJSON",
        "BeaconPeople",
        "BeaconTestSupport",
      ]
    ),

    // MARK: BeaconPostgres (the shared store on PostgreSQL/PostGIS: libpq connection, migrations, per-user data)

    .target(
      name: "BeaconPostgres",
      dependencies: [
        "BeaconCore",
        "CLibPQ",
        "CLibPQLoader",
      ],
      swiftSettings: lazyCurl,
      linkerSettings: [
        // On Linux CLibPQLoader loads libpq on first use; on macOS the binary links it (Homebrew's keg-only libpq).
        .linkedLibrary("pq", .when(platforms: [.macOS])),
        .unsafeFlags(
          ["-L/opt/homebrew/opt/libpq/lib", "-L/usr/local/opt/libpq/lib"],
          .when(platforms: [.macOS])
        ),
      ]
    ),
    .testTarget(
      name: "BeaconPostgresTests",
      dependencies: [
        "BeaconCore",
        "BeaconPostgres",
        "BeaconTestSupport",
      ]
    ),

    // MARK: BeaconSchemas (Schemas/openrpc.json compiled into the binary by the EmbedOpenRPC plugin)

    .target(
      name: "BeaconSchemas",
      path: "Schemas",
      exclude: [
        "README.md",
        "openrpc.json",
      ],
      plugins: [
        "EmbedOpenRPC"
      ]
    ),

    // MARK: BeaconSync (the lock every module shares; see Locked.swift for why not Synchronization.Mutex)

    .target(name: "BeaconSync"),
    .testTarget(
      name: "BeaconSyncTests",
      dependencies: [
        "BeaconSync"
      ]
    ),

    // MARK: BeaconServer (the method catalogue, and the command line's commands in CLI/)

    .target(
      name: "BeaconServer",
      dependencies: [
        "BeaconCore",
        "BeaconCrypto",
        "BeaconFruits",
        "BeaconPeople",
        "BeaconPostgres",
        "BeaconSchemas",
        "BeaconSync",
        "JSONRPC",
      ],
      swiftSettings: lazyCurl
    ),
    .testTarget(
      name: "BeaconServerTests",
      dependencies: [
        "BeaconCore",
        "BeaconCrypto",
        "BeaconFruits",
        "BeaconPeople",
        "BeaconServer",
        "BeaconSync",
        "BeaconTestSupport",
        "JSONRPC",
      ]
    ),

    // MARK: BeaconTestSupport (what test targets share: a loopback HTTP server, fixtures, a clock, temporary
    // directories, failure helpers)

    .target(
      name: "BeaconTestSupport",
      dependencies: [
        "BeaconCore",
        "BeaconJSON",
        "BeaconSync",
        "CZlib",
      ]
    ),
    .testTarget(
      name: "BeaconTestSupportTests",
      dependencies: [
        "BeaconCore",
        "BeaconJSON",
        "BeaconSync",
        "BeaconTestSupport",
      ]
    ),

    // MARK: CCurlLoader (libcurl loaded on the first request instead of at start-up; Linux)

    .target(name: "CCurlLoader"),

    // MARK: CLibPQLoader (Linux: libpq loaded on first use of a PostgreSQL store, so `beacon` starts without it)

    .target(name: "CLibPQLoader"),

    // MARK: CSQLite (the system SQLite library)

    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [
        .apt(["libsqlite3-dev"]),
        .brew(["sqlite"]),
      ]
    ),

    // MARK: CLibPQ (the system libpq: the PostgreSQL client library behind BeaconPostgres)

    .systemLibrary(
      name: "CLibPQ",
      providers: [
        .apt(["libpq-dev"]),
        .brew(["libpq"]),
      ]
    ),

    // MARK: CZlib (the system zlib library: OSM PBF blobs)

    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [
        .apt(["zlib1g-dev"]),
        .brew(["zlib"]),
      ]
    ),

    // MARK: EmbedOpenRPC (build-tool plugin: generates BeaconSchemas.openRPCText from Schemas/openrpc.json)

    .plugin(
      name: "EmbedOpenRPC",
      capability: .buildTool()
    ),

    // MARK: EndToEndTests (spawn the built binary)

    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "BeaconCore",
        "BeaconJSON",
        "BeaconPostgres",
        "BeaconServer",
        "BeaconTestSupport",
        "JSONRPC",
        "beacon",
      ]
    ),

    // MARK: JSONRPC (framing, messages, dispatch; knows no domain)

    .target(
      name: "JSONRPC",
      dependencies: [
        "BeaconJSON",
        "BeaconSync",
      ]
    ),
    .testTarget(
      name: "JSONRPCTests",
      dependencies: [
        "BeaconSync",
        "JSONRPC",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
