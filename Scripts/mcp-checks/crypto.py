"""Crypto's part of the MCP SDK check (Scripts/mcp-sdk-check.py): a fake CoinLore and the crypto tools' checks.

CoinLore (`/api/global/`, `/api/tickers/?start&limit`, `/api/ticker/?id=…`) from small bodies in the shape of real
answers, with their quirks: numbers as strings, and `volume24` a number on `/tickers/` but a string on `/ticker/`.
"""

# The base-URL option pointed at the loopback fake, and the paths the check must have asked of it.
ENVIRONMENT = "BEACON_COINLORE_URL"
PATHS = ["/api/global/", "/api/tickers/"]

COINLORE_GLOBAL = [{
    "coins_count": 6812, "active_markets": 18044, "total_mcap": 2610441873022.512, "total_volume": 98177305411.2087,
    "btc_d": "56.12", "eth_d": "12.40", "mcap_change": "1.08", "volume_change": "-6.31", "avg_change_percent": "0.42",
    "volume_ath": 344187126190825200, "mcap_ath": 3701553291818.4714,
}]

COINS = [
    {"id": "90", "symbol": "BTC", "name": "Bitcoin", "nameid": "bitcoin", "rank": 1, "price_usd": "87311.40",
     "percent_change_24h": "0.84", "percent_change_1h": "-0.12", "percent_change_7d": "-3.05", "price_btc": "1.00",
     "market_cap_usd": "1738561127461.33", "volume24": 41853664528.12, "volume24a": 45127765310.02,
     "csupply": "19912218.00", "tsupply": "19912218", "msupply": "21000000"},
    {"id": "80", "symbol": "ETH", "name": "Ethereum", "nameid": "ethereum", "rank": 2, "price_usd": "2957.66",
     "percent_change_24h": "-1.71", "percent_change_1h": "0.31", "percent_change_7d": "-6.48",
     "price_btc": "0.033875", "market_cap_usd": "356993618772.41", "volume24": 19820233477.9,
     "volume24a": 21002911803.51, "csupply": "120700812.00", "tsupply": "120700812", "msupply": ""},
    {"id": "518", "symbol": "USDT", "name": "Tether", "nameid": "tether", "rank": 3, "price_usd": "1.00",
     "percent_change_24h": "0.01", "percent_change_1h": "0.00", "percent_change_7d": "-0.02",
     "price_btc": "0.000011", "market_cap_usd": "184276018112.06", "volume24": 88713902266.4,
     "volume24a": 93555091711.3, "csupply": "184239017556.00", "tsupply": "187013301733.89", "msupply": None},
    {"id": "45088", "symbol": "SHIB", "name": "Shiba Inu", "nameid": "shiba-inu", "rank": 19,
     "price_usd": "0.00000871", "percent_change_24h": "4.20", "percent_change_1h": "0.52", "percent_change_7d": "9.87",
     "price_btc": "9.97E-11", "market_cap_usd": "5132482231.55", "volume24": 158340712.6, "volume24a": 171208833.1,
     "csupply": "589260140338910.00", "tsupply": "5.8926014033891E+14", "msupply": ""},
]


def ticker(coin):
    """A coin in `/api/ticker/`'s shape: `volume24` a string, `volume24_native` instead of `volume24a`."""
    shaped = {k: v for k, v in coin.items() if k != "volume24a"}
    shaped["volume24"] = f"{coin['volume24']:.2f}"
    shaped["volume24_native"] = f"{coin['volume24'] / float(coin['price_usd']):.2f}"
    return shaped


def answer(path, segments, query):
    """The fake CoinLore's status and body for a GET of `path`, or None for a path that is not CoinLore's."""
    if path == "/api/global/":
        return 200, COINLORE_GLOBAL
    if path == "/api/tickers/":
        start, limit = int(query.get("start", "0")), int(query.get("limit", "100"))
        return 200, {"data": COINS[start: start + limit], "info": {"coins_num": 13877, "time": 1795608000}}
    if path == "/api/ticker/":
        ids = query.get("id", "").split(",")
        return 200, [ticker(c) for i in ids for c in COINS if c["id"] == i.strip()]
    return None


async def check(tools):
    """The market, a page of coins, one coin, a comparison, and the crypto settings."""
    market, _ = await tools.call("crypto_global")
    assert market["global"]["coinsCount"] == 6812, market
    page, _ = await tools.call("crypto_tickers", {"limit": 3, "sort": "change24h"})
    assert [c["symbol"] for c in page["coins"]] == ["BTC", "USDT", "ETH"], page
    bitcoin, _ = await tools.call("crypto_ticker", {"id": "90"})
    assert bitcoin["details"]["coin"]["name"] == "Bitcoin", bitcoin
    stats, _ = await tools.call("crypto_stats", {"ids": ["90", "80"]})
    assert "Ethereum" in str(stats), stats
    await tools.call("crypto_settings_get")
    settings, _ = await tools.call("crypto_settings_update", {"alertThreshold": 5, "nokRate": 10.85})
    assert settings["alertThreshold"] == 5, settings
