"""A minimal pygls server answering ping (initialize, shutdown and exit are built in)."""
from pygls.lsp.server import LanguageServer

server = LanguageServer("echo-peer", "0.1")


@server.feature("ping")
def ping(ls: LanguageServer, params):
    return {}


server.start_io()
