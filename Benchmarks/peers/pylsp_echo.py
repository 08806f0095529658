"""A minimal python-lsp-jsonrpc server: initialize, ping, shutdown, exit over Content-Length stdio."""
import sys

from pylsp_jsonrpc.dispatchers import MethodDispatcher
from pylsp_jsonrpc.endpoint import Endpoint
from pylsp_jsonrpc.streams import JsonRpcStreamReader, JsonRpcStreamWriter


class Echo(MethodDispatcher):
    def m_initialize(self, **_):
        return {"capabilities": {}}

    def m_ping(self, **_):
        return {}

    def m_shutdown(self, **_):
        return None

    def m_exit(self, **_):
        sys.exit(0)


reader, writer = JsonRpcStreamReader(sys.stdin.buffer), JsonRpcStreamWriter(sys.stdout.buffer)
reader.listen(Endpoint(Echo(), writer.write).consume)
