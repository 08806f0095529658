"""A Python client for Beacon's JSON-RPC 2.0 server (``beacon serve``).

Beacon speaks JSON-RPC 2.0 over stdin/stdout with LSP-style framing: every message is
``Content-Length: N\\r\\n\\r\\n`` followed by exactly N bytes of UTF-8 JSON. This module starts
``beacon serve`` as a child process and talks to it:

    >>> from beacon_client import BeaconClient
    >>> with BeaconClient(store="beacon.sqlite", offline=True, locale="en") as beacon:
    ...     for place in beacon.search(category="cafe", limit=3)["places"]:
    ...         print(place["name"], place.get("distanceMeters"))

It uses only the standard library (Python 3.9 or later) and is a single file: copy it next to your
code. The client is thread-safe: several threads may call requests at the same time; responses are
matched to requests by id on a background reader thread.
"""

from __future__ import annotations

import collections
import itertools
import json
import logging
import os
import queue
import shutil
import subprocess
import threading
from concurrent.futures import CancelledError as _FutureCancelledError
from concurrent.futures import Future
from concurrent.futures import TimeoutError as _FutureTimeoutError
from typing import IO, Any, Callable, Deque, Dict, List, Mapping, Optional, Sequence, Union

__all__ = [
    "BeaconClient",
    "BeaconClientError",
    "BeaconConnectionError",
    "BeaconError",
    "BeaconTimeout",
    "FrameParser",
    "FramingError",
    "PendingRequest",
    "encode_frame",
]

__version__ = "0.1.0"

_log = logging.getLogger("beacon_client")

#: Default seconds to wait for a response.
DEFAULT_TIMEOUT = 30.0

#: The largest body the client accepts (the server's own limit is 64 MiB).
MAX_CONTENT_LENGTH = 64 * 1024 * 1024

#: The longest header line the client accepts.
MAX_HEADER_LINE = 8 * 1024

JSONValue = Any
NotificationHandler = Callable[[str, Any], None]


# --------------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------------


class BeaconClientError(Exception):
    """Base class of every error this module raises."""


class BeaconError(BeaconClientError):
    """An error response from the server (a JSON-RPC error object).

    Attributes:
        code: The JSON-RPC error code, e.g. ``-32602`` for invalid params.
        message: The human-readable message, in the session's language.
        data: The error's ``data`` member (a dict for Beacon's errors), or ``None``.
        method: The method of the request that failed, when known.
    """

    def __init__(self, code: int, message: str, data: Any = None, method: Optional[str] = None) -> None:
        super().__init__(code, message, data)
        self.code = code
        self.message = message
        self.data = data
        self.method = method

    @property
    def kind(self) -> Optional[str]:
        """The stable machine-readable kind (``data.kind``), e.g. ``"invalidParams"``, or ``None``."""
        if isinstance(self.data, dict):
            kind = self.data.get("kind")
            return kind if isinstance(kind, str) else None
        return None

    def __str__(self) -> str:
        where = f" ({self.method})" if self.method else ""
        kind = f" [{self.kind}]" if self.kind else ""
        return f"{self.code}{kind}{where}: {self.message}"

    def __repr__(self) -> str:
        return f"BeaconError(code={self.code!r}, message={self.message!r}, data={self.data!r})"


class BeaconTimeout(BeaconClientError, TimeoutError):
    """A request was not answered in time (the client sent ``$/cancelRequest`` for it)."""


class BeaconConnectionError(BeaconClientError, ConnectionError):
    """The server process is gone, or the connection was closed."""


class FramingError(BeaconClientError, ValueError):
    """The server sent bytes that are not a valid ``Content-Length`` frame."""


# --------------------------------------------------------------------------------------------------
# Framing
# --------------------------------------------------------------------------------------------------


def encode_frame(message: JSONValue) -> bytes:
    """Encodes one JSON-RPC message as ``Content-Length: N\\r\\n\\r\\n`` + N bytes of compact UTF-8 JSON."""
    body = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class FrameParser:
    """An incremental, byte-exact parser of ``Content-Length`` framed messages.

    Feed it bytes as they arrive, in chunks of any size (a frame may be split anywhere, even inside
    a multi-byte UTF-8 character); it returns every complete body. ``Content-Length`` counts bytes.
    Header names are case-insensitive, spaces around values and bare ``\\n`` line ends are tolerated,
    unknown headers (such as ``Content-Type``) are ignored, and blank lines between messages are
    skipped.

    >>> parser = FrameParser()
    >>> parser.feed(b'Content-Length: 2\\r\\n\\r\\n{}Content-Le')
    [b'{}']
    >>> parser.feed(b'ngth: 4\\r\\n\\r\\nnull')
    [b'null']
    """

    def __init__(self, max_content_length: int = MAX_CONTENT_LENGTH) -> None:
        self._buffer = bytearray()
        self._headers: Dict[str, str] = {}
        self._length: Optional[int] = None  # set once the blank line after the headers was read
        self._max_content_length = max_content_length

    @property
    def buffered(self) -> int:
        """How many bytes are waiting for the rest of their frame."""
        return len(self._buffer)

    def feed(self, data: bytes) -> List[bytes]:
        """Adds ``data`` and returns the bodies of all frames it completed, oldest first.

        Raises:
            FramingError: when the headers are malformed (the parser then drops what it buffered).
        """
        self._buffer += data
        bodies: List[bytes] = []
        while True:
            if self._length is None:
                if not self._read_headers():
                    return bodies
            assert self._length is not None
            if len(self._buffer) < self._length:
                return bodies
            bodies.append(bytes(self._buffer[: self._length]))
            del self._buffer[: self._length]
            self._length = None
            self._headers = {}

    def _read_headers(self) -> bool:
        """Consumes header lines; True once the blank line ending the headers was read."""
        while True:
            newline = self._buffer.find(b"\n")
            if newline < 0:
                if len(self._buffer) > MAX_HEADER_LINE:
                    self._fail("header line longer than %d bytes" % MAX_HEADER_LINE)
                return False
            line = bytes(self._buffer[:newline])
            del self._buffer[: newline + 1]
            if line.endswith(b"\r"):
                line = line[:-1]
            if not line.strip():
                if not self._headers:
                    continue  # blank line between messages
                self._length = self._content_length()
                return True
            name, colon, value = line.partition(b":")
            if not colon:
                self._fail("header line without a colon: %r" % line[:80])
            key = name.strip().decode("ascii", "replace").lower()
            if key in self._headers:
                self._fail("duplicate header %r" % key)
            self._headers[key] = value.strip().decode("ascii", "replace")

    def _content_length(self) -> int:
        raw = self._headers.get("content-length")
        if raw is None:
            self._fail("missing Content-Length header")
        assert raw is not None
        if not raw.isdigit():
            self._fail("invalid Content-Length %r" % raw)
        length = int(raw)
        if length > self._max_content_length:
            self._fail("Content-Length %d exceeds %d" % (length, self._max_content_length))
        return length

    def _fail(self, reason: str) -> None:
        self._buffer.clear()
        self._headers = {}
        self._length = None
        raise FramingError(reason)


# --------------------------------------------------------------------------------------------------
# Requests in flight
# --------------------------------------------------------------------------------------------------


class PendingRequest:
    """A request that was sent and may not have been answered yet (see ``BeaconClient.send_request``).

    Attributes:
        id: The request's JSON-RPC id (use it with ``BeaconClient.cancel``).
        method: The request's method.
    """

    def __init__(self, client: "BeaconClient", request_id: int, method: str) -> None:
        self.id = request_id
        self.method = method
        self._client = client
        self._future: "Future[Any]" = Future()

    def done(self) -> bool:
        """True once the response (or a failure) arrived."""
        return self._future.done()

    def result(self, timeout: Optional[float] = None) -> Any:
        """Waits for the response and returns its ``result``.

        Args:
            timeout: Seconds to wait; ``None`` uses the client's default timeout.

        Raises:
            BeaconError: for an error response.
            BeaconTimeout: when no response arrived in time; the request is then cancelled.
            BeaconConnectionError: when the server went away first.
        """
        if timeout is None:
            timeout = self._client.timeout
        try:
            return self._future.result(timeout)
        except _FutureTimeoutError:
            self._client._abandon(self)
            raise BeaconTimeout(f"no response to {self.method} (id {self.id}) within {timeout} s") from None
        except _FutureCancelledError:  # pragma: no cover - futures are never cancelled directly
            raise BeaconConnectionError(f"{self.method} (id {self.id}) was abandoned") from None

    def add_done_callback(self, callback: Callable[["PendingRequest"], None]) -> None:
        """Calls ``callback(self)`` once the request is answered (on the reader thread)."""
        self._future.add_done_callback(lambda _: callback(self))

    def _resolve(self, message: Mapping[str, Any]) -> None:
        if self._future.done():
            return
        if "error" in message and message["error"] is not None:
            error = message["error"]
            if isinstance(error, dict):
                exc = BeaconError(
                    int(error.get("code", 0)), str(error.get("message", "")), error.get("data"), self.method
                )
            else:
                exc = BeaconError(0, repr(error), None, self.method)
            self._future.set_exception(exc)
        else:
            self._future.set_result(message.get("result"))

    def _fail(self, exc: BaseException) -> None:
        if not self._future.done():
            self._future.set_exception(exc)

    def __repr__(self) -> str:
        state = "done" if self.done() else "pending"
        return f"<PendingRequest id={self.id} method={self.method!r} {state}>"


# --------------------------------------------------------------------------------------------------
# The client
# --------------------------------------------------------------------------------------------------


class BeaconClient:
    """Starts ``beacon serve`` as a child process and talks JSON-RPC 2.0 to it.

    Use it as a context manager so the server is shut down cleanly::

        with BeaconClient(store="/tmp/beacon.sqlite", offline=True) as beacon:
            places = beacon.search(category="restaurant", limit=5)["places"]

    Args:
        binary: Path of the ``beacon`` executable; default: env ``BEACON_BINARY``, else ``beacon`` on PATH.
        store: ``--store PATH`` (``":memory:"`` keeps everything in memory).
        offline: ``--offline``: never touch the network.
        locale: The session's language (``"nb"``, ``"nn"``, ``"en"``), sent in ``initialize``.
        initialization_options: ``initializationOptions`` for ``initialize``
            (``{storePath?, offline?, geoapify?: {apiKey?, baseURL?}}``).
        args: Further command-line arguments for ``beacon`` (after ``serve``).
        env: Environment overrides for the child; a value of ``None`` removes that variable.
        inherit_env: Start from this process's environment (default) or from an empty one.
        on_notification: ``callback(method, params)`` for server notifications such as ``$/progress``
            and ``window/logMessage``. It runs on a dedicated thread, so it may call the client.
        timeout: Default seconds to wait for each response.
        initialize: Send ``initialize`` right after starting (default True).
        client_info: ``clientInfo`` for ``initialize``.
        stderr: Where the server's log goes: a file object or ``subprocess.DEVNULL``; by default it is
            captured, and the last lines are available from ``stderr_tail()``.
        cwd: Working directory of the server.

    Attributes:
        initialize_result: The result of ``initialize`` (``serverInfo``, ``capabilities``, ...), once sent.
        process: The ``subprocess.Popen`` of the server.
    """

    def __init__(
        self,
        binary: Optional[Union[str, "os.PathLike[str]"]] = None,
        *,
        store: Optional[Union[str, "os.PathLike[str]"]] = None,
        offline: bool = False,
        locale: Optional[str] = None,
        initialization_options: Optional[Mapping[str, Any]] = None,
        args: Sequence[str] = (),
        env: Optional[Mapping[str, Optional[str]]] = None,
        inherit_env: bool = True,
        on_notification: Optional[NotificationHandler] = None,
        timeout: float = DEFAULT_TIMEOUT,
        initialize: bool = True,
        client_info: Optional[Mapping[str, Any]] = None,
        stderr: Optional[Union[IO[Any], int]] = None,
        cwd: Optional[Union[str, "os.PathLike[str]"]] = None,
    ) -> None:
        self.timeout = timeout
        self.on_notification = on_notification
        self.initialize_result: Optional[Dict[str, Any]] = None
        self._locale = locale
        self._initialization_options = dict(initialization_options) if initialization_options else None
        self._client_info = dict(client_info) if client_info else {"name": "beacon-python", "version": __version__}

        self._ids = itertools.count(1)
        self._pending: Dict[int, PendingRequest] = {}
        self._pending_lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._closed = False
        self._close_lock = threading.Lock()
        self._exit_code: Optional[int] = None
        self._connection_error: Optional[BaseException] = None
        self._stderr_lines: Deque[str] = collections.deque(maxlen=200)
        self._notifications: "queue.Queue[Optional[tuple]]" = queue.Queue()
        #: Error responses whose id is ``null`` (the server could not read something we sent).
        self.protocol_errors: List[BeaconError] = []

        command = [self._resolve_binary(binary), "serve"]
        if store is not None:
            command += ["--store", os.fspath(store)]
        if offline:
            command.append("--offline")
        command += list(args)
        self.command = command

        child_env: Dict[str, str] = dict(os.environ) if inherit_env else {}
        for key, value in (env or {}).items():
            if value is None:
                child_env.pop(key, None)
            else:
                child_env[key] = value

        capture_stderr = stderr is None
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE if capture_stderr else stderr,
            env=child_env,
            cwd=os.fspath(cwd) if cwd is not None else None,
            bufsize=0,
        )
        self._reader = threading.Thread(target=self._read_loop, name="beacon-reader", daemon=True)
        self._reader.start()
        self._dispatcher = threading.Thread(
            target=self._dispatch_loop, name="beacon-notifications", daemon=True
        )
        self._dispatcher.start()
        self._stderr_reader: Optional[threading.Thread] = None
        if capture_stderr:
            self._stderr_reader = threading.Thread(target=self._stderr_loop, name="beacon-stderr", daemon=True)
            self._stderr_reader.start()

        if initialize:
            options: Dict[str, Any] = {}
            if locale is not None:
                options["locale"] = locale
            if self._initialization_options is not None:
                options["initializationOptions"] = self._initialization_options
            try:
                self.initialize(**options)
            except BaseException:
                self._terminate()
                raise

    # ---------------------------------------------------------------------------------------------
    # Lifecycle

    @staticmethod
    def _resolve_binary(binary: Optional[Union[str, "os.PathLike[str]"]]) -> str:
        if binary is not None:
            return os.fspath(binary)
        from_env = os.environ.get("BEACON_BINARY")
        if from_env:
            return from_env
        found = shutil.which("beacon")
        if found:
            return found
        raise FileNotFoundError("beacon binary not found: pass its path, set BEACON_BINARY or put beacon on PATH")

    def initialize(self, **options: Any) -> Dict[str, Any]:
        """Sends ``initialize`` and returns its result (``serverInfo``, ``capabilities``, ``locale``,
        ``configuration``).

        ``processId`` (this process, so the server ends if we die) and ``clientInfo`` are filled in
        unless given. Other options are passed as they are: ``locale``, ``initializationOptions``.
        It is called automatically by the constructor unless ``initialize=False`` was passed.
        """
        params: Dict[str, Any] = {"processId": os.getpid(), "clientInfo": self._client_info}
        params.update(options)
        result = self.request("initialize", params)
        self.initialize_result = result
        return result

    @property
    def capabilities(self) -> Dict[str, Any]:
        """The server's ``capabilities`` from ``initialize`` (empty before it)."""
        return dict((self.initialize_result or {}).get("capabilities") or {})

    @property
    def server_info(self) -> Dict[str, Any]:
        """The server's ``serverInfo`` (``name``, ``version``) from ``initialize`` (empty before it)."""
        return dict((self.initialize_result or {}).get("serverInfo") or {})

    @property
    def closed(self) -> bool:
        """True once ``close()`` was called."""
        return self._closed

    @property
    def returncode(self) -> Optional[int]:
        """The server's exit code, or ``None`` while it runs."""
        return self.process.poll()

    def close(self, timeout: float = 10.0) -> int:
        """Shuts the server down (``shutdown``, then ``exit``) and returns its exit code.

        Waits up to ``timeout`` seconds for the process to end and kills it after that. Calling it
        again returns the same exit code.
        """
        with self._close_lock:
            if self._closed:
                return self._exit_code if self._exit_code is not None else self.process.wait()
            self._closed = True
        try:
            if self.process.poll() is None and self._connection_error is None:
                try:
                    self.request("shutdown", timeout=timeout)
                except BeaconClientError as error:
                    _log.debug("shutdown failed: %s", error)
                try:
                    self.notify("exit")
                except BeaconClientError as error:
                    _log.debug("exit failed: %s", error)
            self._close_stdin()
            try:
                code = self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                _log.warning("beacon did not exit within %s s; killing it", timeout)
                self.process.kill()
                code = self.process.wait()
        finally:
            self._finish_threads()
        self._exit_code = code
        return code

    def _terminate(self) -> None:
        """Ends the process without the shutdown handshake (used when start-up fails)."""
        self._closed = True
        self._close_stdin()
        if self.process.poll() is None:
            self.process.kill()
        self._exit_code = self.process.wait()
        self._finish_threads()

    def _close_stdin(self) -> None:
        with self._write_lock:
            try:
                if self.process.stdin and not self.process.stdin.closed:
                    self.process.stdin.close()
            except OSError:
                pass

    def _finish_threads(self) -> None:
        self._reader.join(timeout=5)
        if self._stderr_reader is not None:
            self._stderr_reader.join(timeout=5)
        self._notifications.put(None)
        if threading.current_thread() is not self._dispatcher:
            self._dispatcher.join(timeout=5)
        for stream in (self.process.stdout, self.process.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass

    def __enter__(self) -> "BeaconClient":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    def __del__(self) -> None:  # pragma: no cover - best effort only
        try:
            if not self._closed and self.process.poll() is None:
                self.process.kill()
        except Exception:
            pass

    def stderr_tail(self, lines: int = 50) -> str:
        """The last ``lines`` lines the server wrote to stderr (when stderr is captured)."""
        return "\n".join(list(self._stderr_lines)[-lines:])

    # ---------------------------------------------------------------------------------------------
    # Sending

    def send_request(self, method: str, params: Optional[Union[Mapping[str, Any], Sequence[Any]]] = None) -> PendingRequest:
        """Sends a request without waiting; returns a ``PendingRequest`` (``.id``, ``.result(timeout)``)."""
        request_id = next(self._ids)
        pending = PendingRequest(self, request_id, method)
        message: Dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        with self._pending_lock:
            if self._connection_error is not None:
                raise BeaconConnectionError(str(self._connection_error))
            self._pending[request_id] = pending
        try:
            self._write(message)
        except BaseException:
            with self._pending_lock:
                self._pending.pop(request_id, None)
            raise
        return pending

    def request(
        self,
        method: str,
        params: Optional[Union[Mapping[str, Any], Sequence[Any]]] = None,
        timeout: Optional[float] = None,
    ) -> Any:
        """Sends a request, waits for its response and returns the ``result``.

        Args:
            method: The JSON-RPC method, e.g. ``"places/search"``.
            params: The params object (or array); omitted when ``None``.
            timeout: Seconds to wait; ``None`` uses the client's default (``self.timeout``).

        Raises:
            BeaconError: for an error response (``code``, ``message``, ``data``, ``kind``).
            BeaconTimeout: when no response arrived in time (the request is then cancelled).
            BeaconConnectionError: when the server is gone.
        """
        return self.send_request(method, params).result(timeout)

    def notify(self, method: str, params: Optional[Union[Mapping[str, Any], Sequence[Any]]] = None) -> None:
        """Sends a notification (no id, never answered)."""
        message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self._write(message)

    def cancel(self, request_id: Union[int, str, PendingRequest]) -> None:
        """Asks the server to cancel a request (``$/cancelRequest``); it then answers ``-32800``."""
        if isinstance(request_id, PendingRequest):
            request_id = request_id.id
        self.notify("$/cancelRequest", {"id": request_id})

    def _write(self, message: Any) -> None:
        frame = encode_frame(message)
        with self._write_lock:
            stdin = self.process.stdin
            if stdin is None or stdin.closed:
                raise BeaconConnectionError("the connection to beacon is closed")
            try:
                stdin.write(frame)
                stdin.flush()
            except (BrokenPipeError, ValueError, OSError) as error:
                raise BeaconConnectionError(f"beacon is not running: {error}") from error

    def _abandon(self, pending: PendingRequest) -> None:
        """Forgets a timed-out request and asks the server to cancel it."""
        with self._pending_lock:
            self._pending.pop(pending.id, None)
        try:
            self.cancel(pending.id)
        except BeaconClientError:
            pass

    # ---------------------------------------------------------------------------------------------
    # Receiving

    def _read_loop(self) -> None:
        parser = FrameParser()
        stdout = self.process.stdout
        assert stdout is not None
        fd = stdout.fileno()
        reason = "beacon closed its stdout"
        try:
            while True:
                try:
                    chunk = os.read(fd, 65536)
                except OSError as error:
                    reason = f"reading from beacon failed: {error}"
                    break
                if not chunk:
                    break
                try:
                    bodies = parser.feed(chunk)
                except FramingError as error:
                    _log.error("invalid frame from beacon: %s", error)
                    continue
                for body in bodies:
                    try:
                        message = json.loads(body.decode("utf-8"))
                    except (UnicodeDecodeError, ValueError) as error:
                        _log.error("invalid JSON from beacon: %s", error)
                        continue
                    for item in message if isinstance(message, list) else [message]:
                        self._handle_message(item)
        finally:
            code = self.process.poll()
            if code is not None:
                reason += f" (exit code {code})"
            self._fail_all(BeaconConnectionError(reason))

    def _handle_message(self, message: Any) -> None:
        if not isinstance(message, dict):
            _log.error("unexpected message from beacon: %r", message)
            return
        method = message.get("method")
        if isinstance(method, str):
            if "id" in message:
                self._answer_server_request(message)
            else:
                self._notifications.put((method, message.get("params")))
            return
        request_id = message.get("id")
        if request_id is None:
            error = message.get("error") or {}
            exc = BeaconError(int(error.get("code", 0)), str(error.get("message", "")), error.get("data"))
            self.protocol_errors.append(exc)
            _log.error("beacon could not read a message: %s", exc)
            return
        with self._pending_lock:
            pending = self._pending.pop(request_id, None) if isinstance(request_id, int) else None
        if pending is None:
            _log.debug("response to an unknown or abandoned request id %r", request_id)
            return
        pending._resolve(message)

    def _answer_server_request(self, message: Mapping[str, Any]) -> None:
        """Answers a request from the server; Beacon sends none today, so it is refused politely."""
        try:
            self._write(
                {
                    "jsonrpc": "2.0",
                    "id": message["id"],
                    "error": {"code": -32601, "message": f"Unsupported method {message.get('method')!r}"},
                }
            )
        except BeaconClientError:
            pass

    def _fail_all(self, error: BaseException) -> None:
        with self._pending_lock:
            self._connection_error = error
            pending = list(self._pending.values())
            self._pending.clear()
        for item in pending:
            item._fail(BeaconConnectionError(str(error)))

    def _dispatch_loop(self) -> None:
        while True:
            item = self._notifications.get()
            if item is None:
                return
            method, params = item
            handler = self.on_notification
            if handler is None:
                continue
            try:
                handler(method, params)
            except Exception:  # a broken callback must not stop the client
                _log.exception("notification handler failed for %s", method)

    def _stderr_loop(self) -> None:
        stream = self.process.stderr
        assert stream is not None
        for raw in iter(stream.readline, b""):
            line = raw.decode("utf-8", "replace").rstrip("\n")
            self._stderr_lines.append(line)
            _log.debug("beacon: %s", line)

    # ---------------------------------------------------------------------------------------------
    # Methods

    def ping(self, *, timeout: Optional[float] = None) -> Dict[str, Any]:
        """``ping``: returns ``{}``."""
        return self.request("ping", timeout=timeout)

    def search(self, *, timeout: Optional[float] = None, **params: Any) -> Dict[str, Any]:
        """``places/search``: ``center``, ``category``, ``radiusMeters``, ``text``, ``sort``, ``scope``,
        ``limit``, ``refresh``, ``debounceMs``, ``nearMe``, ``openNow``, ``includeDemo``, ``workDoneToken``, and
        the filters ``diet`` (list of ``vegan``, ``vegetarian``, ``gluten_free``, ``halal``, ``kosher``),
        ``cuisine`` (list of OSM values), ``wheelchair`` (``yes`` | ``limited``), ``outdoorSeating``,
        ``takeaway``, ``openAt`` (``2026-11-25T19:00``), ``openFor`` (minutes), ``minRating`` (1–5).

        Returns ``{places, center, category, radiusMeters, sort, scope, source, stale, fetchedAt,
        attribution, message?, centerSource, city?, excludedUnknown?}``; ``excludedUnknown`` counts, per filter,
        the places left out because their data says nothing about it.
        """
        return self.request("places/search", params, timeout=timeout)

    def search_along_route(self, route: Dict[str, Any], *, timeout: Optional[float] = None, **params: Any) -> Dict[str, Any]:
        """``places/searchAlongRoute``: the places within ``corridorMeters`` (50–2000, default 500) of ``route``, a
        GeoJSON LineString ``{"type": "LineString", "coordinates": [[lon, lat], ...]}`` or an encoded polyline
        ``{"polyline": "...", "precision": 5}`` (or 6), in route order; also ``category``, ``sort``, ``limit``
        (default 20), ``refresh``, ``openNow``, ``includeDemo``, ``workDoneToken`` and the filters of :meth:`search`.

        Returns ``{places, lengthMeters, corridorMeters, category, sort, source, stale, fetchedAt, attribution,
        message?, excludedUnknown?, upstreamQueries}``; each place has ``alongRouteMeters`` and ``detourMeters``.
        """
        return self.request("places/searchAlongRoute", dict(params, route=route), timeout=timeout)

    def details(self, place_id: str, refresh: Optional[bool] = None, *, timeout: Optional[float] = None) -> Dict[str, Any]:
        """``places/details``: returns ``{place, source, stale, fetchedAt, attribution}``; a place that is no
        restaurant, café or hotel raises ``BeaconError`` with kind ``unsupportedPlace`` (-33002)."""
        params: Dict[str, Any] = {"id": place_id}
        if refresh is not None:
            params["refresh"] = refresh
        return self.request("places/details", params, timeout=timeout)

    def rate(self, place_id: str, stars: int, comment: Optional[str] = None, *, timeout: Optional[float] = None) -> Dict[str, Any]:
        """``rating/add``: rates a place 1–5 stars; returns ``{rating, summary}``."""
        params: Dict[str, Any] = {"placeId": place_id, "stars": stars}
        if comment is not None:
            params["comment"] = comment
        return self.request("rating/add", params, timeout=timeout)

    def ratings(
        self,
        place_id: str,
        *,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
        timeout: Optional[float] = None,
    ) -> Dict[str, Any]:
        """``rating/list``: returns ``{ratings (newest first), summary, nextCursor?}``: a page of at most ``limit``
        ratings (default 100); pass ``nextCursor`` back as ``cursor`` for the next page."""
        params: Dict[str, Any] = {"placeId": place_id}
        if limit is not None:
            params["limit"] = limit
        if cursor is not None:
            params["cursor"] = cursor
        return self.request("rating/list", params, timeout=timeout)

    def favorites(self, *, timeout: Optional[float] = None, **params: Any) -> Dict[str, Any]:
        """``favorites/list``: ``text``, ``category``, ``sort``, ``center``, ``openNow`` and the filters of
        :meth:`search`; returns
        ``{places, center, centerSource}`` (the centre distances are measured from, as ``search`` uses it)."""
        return self.request("favorites/list", params, timeout=timeout)

    def add_favorite(self, place_id: str, *, timeout: Optional[float] = None) -> Dict[str, Any]:
        """``favorites/add``: returns ``{favorite, added}`` (``added`` is False if it already was one)."""
        return self.request("favorites/add", {"placeId": place_id}, timeout=timeout)

    def remove_favorite(self, place_id: str, *, timeout: Optional[float] = None) -> Dict[str, Any]:
        """``favorites/remove``: returns ``{removed}``."""
        return self.request("favorites/remove", {"placeId": place_id}, timeout=timeout)

    def autocomplete(self, text: str, *, timeout: Optional[float] = None, **params: Any) -> Dict[str, Any]:
        """``places/autocomplete``: ``text`` plus ``center``, ``limit``, ``debounceMs``; returns
        ``{suggestions}``. Needs a Geoapify key (else ``BeaconError`` with kind ``missingApiKey``)."""
        return self.request("places/autocomplete", {"text": text, **params}, timeout=timeout)

    def settings(self, *, timeout: Optional[float] = None) -> Dict[str, Any]:
        """``settings/get``: returns ``{center, radiusMeters, category, sort, locale}``."""
        return self.request("settings/get", timeout=timeout)

    def update_settings(self, *, timeout: Optional[float] = None, **fields: Any) -> Dict[str, Any]:
        """``settings/update``: changes any of the settings' fields; returns the new settings."""
        return self.request("settings/update", fields, timeout=timeout)

    def reset_settings(self, *, timeout: Optional[float] = None) -> Dict[str, Any]:
        """``settings/reset``: restores and returns the defaults."""
        return self.request("settings/reset", timeout=timeout)

    def import_file(
        self,
        path: Union[str, "os.PathLike[str]"],
        *,
        work_done_token: Optional[Union[str, int]] = None,
        timeout: Optional[float] = None,
    ) -> Dict[str, Any]:
        """``places/import``: stores the restaurants, cafés and hotels of an OSM export (GeoJSON or
        GeoJSONSeq from ``osmium export``, Overpass JSON; recognised by content).

        The path is made absolute (the server may run elsewhere). With ``work_done_token`` the server
        sends ``$/progress`` notifications carrying that token to ``on_notification``.
        Returns ``{file, format, total, imported, derivedIds, skipped}``; a file with no named
        restaurant, café or hotel raises ``BeaconError`` with kind ``nothingImported``.
        """
        params: Dict[str, Any] = {"path": os.path.abspath(os.fspath(path))}
        if work_done_token is not None:
            params["workDoneToken"] = work_done_token
        return self.request("places/import", params, timeout=timeout)

    def discover(self, *, timeout: Optional[float] = None) -> Dict[str, Any]:
        """``rpc.discover``: the server's OpenRPC document (``BeaconError`` -32601 on servers without it)."""
        return self.request("rpc.discover", timeout=timeout)
