"""The transport (urllib), retries, errors and paging; the operations come from _generated.py.

A list method walks every page (``client.employees.list(workspace_id=…)`` yields items, following
each page's ``Link: <…>; rel="next"``); its ``*_page`` twin returns one Page; other methods return
the answer's ``data``.
"""

import json
import keyword
import os
import random
import re
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Tuple

from ._generated import OPERATIONS

VERSION = "0.1.0"
RETRIED = (429, 503)


class RateLimit:
    """The key's budget as an answer announced it (RateLimit-Policy and RateLimit)."""

    def __init__(self, limit: int, remaining: int, reset_seconds: int, window_seconds: int) -> None:
        self.limit = limit
        self.remaining = remaining
        self.reset_seconds = reset_seconds
        self.window_seconds = window_seconds

    @staticmethod
    def of(headers: Mapping[str, str]) -> "Optional[RateLimit]":
        def field(value: Optional[str], name: str) -> Optional[int]:
            match = re.search(r"(?:^|;)\s*" + name + r"=(\d+)", value or "")
            return int(match.group(1)) if match else None

        values = (
            field(headers.get("ratelimit-policy"), "q"),
            field(headers.get("ratelimit"), "r"),
            field(headers.get("ratelimit"), "t"),
            field(headers.get("ratelimit-policy"), "w"),
        )
        if any(v is None for v in values):
            return None
        return RateLimit(*values)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        return f"RateLimit(limit={self.limit}, remaining={self.remaining}, reset_seconds={self.reset_seconds})"


class ApiError(Exception):
    """The API answered with an error: status, the first entry's code and detail, every entry, the
    request id (quote it to support), the rate limit and a 429's or 503's Retry-After."""

    def __init__(
        self,
        status: int,
        code: str,
        detail: str,
        request_id: Optional[str],
        errors: List[Dict[str, Any]],
        rate_limit: Optional[RateLimit],
        retry_after_seconds: Optional[int],
    ) -> None:
        super().__init__(f"{status} {code}: {detail}" + (f" (request {request_id})" if request_id else ""))
        self.status = status
        self.code = code
        self.detail = detail
        self.request_id = request_id
        self.errors = errors
        self.rate_limit = rate_limit
        self.retry_after_seconds = retry_after_seconds


class NetworkError(Exception):
    """The API could not be reached, or did not answer in time, after every retry."""


class Page:
    """One page of a list: its items, the cursor of the next (None on the last), and the answer's
    request id, rate limit and the key's privacy (x-key-privacy: identified, pseudonymous or
    aggregate: what the key is shown of a person)."""

    def __init__(self, items: List[Any], next_cursor: Optional[str], next_url: Optional[str],
                 request_id: Optional[str], rate_limit: Optional[RateLimit],
                 key_privacy: Optional[str] = None) -> None:
        self.items = items
        self.next_cursor = next_cursor
        self.next_url = next_url
        self.request_id = request_id
        self.rate_limit = rate_limit
        self.key_privacy = key_privacy


def _next_link(value: Optional[str]) -> Optional[str]:
    for part in (value or "").split(","):
        match = re.match(r'\s*<([^>]*)>\s*;(.*)$', part)
        if match and re.search(r'(?:^|;)\s*rel="?next"?\s*(?:;|$)', match.group(2)):
            return match.group(1)
    return None


def _wire_name(argument: str) -> str:
    return argument[:-1] if argument.endswith("_") and keyword.iskeyword(argument[:-1]) else argument


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    return str(value)


class _Answer:
    def __init__(self, status: int, headers: Mapping[str, str], body: Any) -> None:
        self.status = status
        self.headers = headers
        self.body = body


class Client:
    """``Client(base_url, api_key=None)``; the key is read from AWARENESS_API_KEY when not given.

    Every operation of the API is a method of its resource: ``client.employees.list``,
    ``client.campaigns.attacks``, ``client.events.follow``, … (see the README). 429 and 503 answers
    are retried after their Retry-After (when it is at most ``max_retry_delay`` seconds), network
    failures after an exponential backoff with jitter, at most ``max_retries`` times.
    """

    def __init__(
        self,
        base_url: str,
        api_key: Optional[str] = None,
        timeout: float = 30.0,
        max_retries: int = 5,
        max_retry_delay: float = 60.0,
        retry_base: float = 0.5,
        user_agent: Optional[str] = None,
        on_retry: Optional[Callable[[int, float, str], None]] = None,
    ) -> None:
        key = api_key if api_key is not None else os.environ.get("AWARENESS_API_KEY")
        if not key:
            raise ValueError("no API key: pass api_key or set AWARENESS_API_KEY")
        self.base_url = base_url.rstrip("/")
        self._key = key
        self.timeout = timeout
        self.max_retries = max_retries
        self.max_retry_delay = max_retry_delay
        self.retry_base = retry_base
        self.on_retry = on_retry
        self.user_agent = " ".join(filter(None, [user_agent, f"awareness-api-python/{VERSION}"]))
        for namespace, methods in OPERATIONS.items():
            kind = _Events if namespace == "events" else _Namespace
            setattr(self, namespace, kind(self, namespace, methods))

    def __repr__(self) -> str:  # never the key
        return f"Client({self.base_url!r})"

    # -- transport --------------------------------------------------------------------------

    def _url(self, spec: Dict[str, Any], arguments: Dict[str, Any], extra: Dict[str, Any]) -> str:
        path = spec["path"]
        for name in spec["path_params"]:
            if arguments.get(name) is None:
                raise TypeError(f"{spec['operation']}: {name} is required")
            path = path.replace("{" + name + "}", urllib.parse.quote(str(arguments[name]), safe=""))
        unknown = set(arguments) - set(spec["path_params"]) - set(spec["query"])
        if unknown:
            raise TypeError(f"{spec['operation']}: unknown argument(s) {', '.join(sorted(unknown))}")
        # A parameter named by a Python keyword is given with a trailing underscore (from_).
        query = [(_wire_name(name), _query_value(arguments[name]))
                 for name in spec["query"] if arguments.get(name) is not None]
        query += [(name, _query_value(value)) for name, value in extra.items() if value is not None]
        return self.base_url + path + ("?" + urllib.parse.urlencode(query) if query else "")

    def _get(self, url: str) -> _Answer:
        if not url.startswith(("http://", "https://")):
            url = self.base_url + url
        attempt = 0
        while True:
            request = urllib.request.Request(
                url, headers={"x-api-key": self._key, "accept": "application/json", "user-agent": self.user_agent}
            )
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    headers = {k.lower(): v for k, v in response.headers.items()}
                    text = response.read()
                    return _Answer(response.status, headers, json.loads(text) if text else None)
            except urllib.error.HTTPError as error:
                headers = {k.lower(): v for k, v in error.headers.items()}
                text = error.read()
                retry_after = headers.get("retry-after")
                asked = int(retry_after) if retry_after and retry_after.isdigit() else None
                if error.code in RETRIED and attempt < self.max_retries and (asked is None or asked <= self.max_retry_delay):
                    self._wait(attempt, asked if asked is not None else self._backoff(attempt), str(error.code))
                    attempt += 1
                    continue
                raise self._error(error.code, headers, text, asked) from None
            except (urllib.error.URLError, socket.timeout, ConnectionError, TimeoutError) as error:
                reason = getattr(error, "reason", error)
                if attempt < self.max_retries:
                    self._wait(attempt, self._backoff(attempt), str(reason))
                    attempt += 1
                    continue
                host = urllib.parse.urlsplit(url).netloc
                raise NetworkError(f"{host}: {reason} (after {attempt + 1} attempts)") from None

    def _backoff(self, attempt: int) -> float:
        return random.random() * min(self.max_retry_delay, self.retry_base * 2 ** attempt)

    def _wait(self, attempt: int, seconds: float, reason: str) -> None:
        if self.on_retry:
            self.on_retry(attempt + 1, seconds, reason)
        time.sleep(seconds)

    @staticmethod
    def _error(status: int, headers: Mapping[str, str], text: bytes, retry_after: Optional[int]) -> ApiError:
        request_id = headers.get("x-request-id")
        try:
            body = json.loads(text)
            errors = body["errors"]
            first = errors[0]
            return ApiError(status, first["code"], first.get("detail") or first.get("title", ""), request_id,
                            errors, RateLimit.of(headers), retry_after)
        except (ValueError, KeyError, IndexError, TypeError):
            return ApiError(status, "unexpected_response", text[:200].decode("utf-8", "replace"), request_id,
                            [], RateLimit.of(headers), retry_after)

    # -- operations -------------------------------------------------------------------------

    def _page(self, spec: Dict[str, Any], arguments: Dict[str, Any], cursor: Optional[str],
              limit: Optional[int], url: Optional[str] = None) -> Page:
        answer = self._get(url or self._url(spec, arguments, {"cursor": cursor, "limit": limit}))
        next_url = _next_link(answer.headers.get("link"))
        return Page(answer.body["data"], answer.headers.get("x-next-cursor"), next_url,
                    answer.headers.get("x-request-id"), RateLimit.of(answer.headers),
                    answer.headers.get("x-key-privacy"))

    def _walk(self, spec: Dict[str, Any], arguments: Dict[str, Any], limit: Optional[int]) -> Iterator[Any]:
        page = self._page(spec, arguments, None, limit)
        while True:
            yield from page.items
            if page.next_url is None:
                return
            page = self._page(spec, arguments, None, None, url=page.next_url)


class _Namespace:
    def __init__(self, client: Client, name: str, methods: Dict[str, Dict[str, Any]]) -> None:
        self._client = client
        self._name = name
        for method, spec in methods.items():
            if "." not in method:
                setattr(self, method, self._bind(spec))
        # statistics.history hangs on statistics.
        for method, spec in methods.items():
            if "." in method:
                parent, child = method.split(".", 1)
                setattr(getattr(self, parent), child, self._bind(spec))

    def __repr__(self) -> str:
        return f"<awareness_api {self._name}>"

    def _bind(self, spec: Dict[str, Any]) -> Callable[..., Any]:
        client = self._client
        if spec["kind"] == "list":
            def walk(limit: Optional[int] = None, **arguments: Any) -> Iterator[Any]:
                return client._walk(spec, arguments, limit)
            walk.__doc__ = f"{spec['operation']}: every item, page after page (limit: the page size)."
            return walk
        if spec["kind"] == "page":
            def page(cursor: Optional[str] = None, limit: Optional[int] = None, **arguments: Any) -> Page:
                return client._page(spec, arguments, cursor, limit)
            page.__doc__ = f"{spec['operation']}: one page; pass its next_cursor back for the next."
            return page

        def item(**arguments: Any) -> Any:
            return client._get(client._url(spec, arguments, {})).body["data"]
        item.__doc__ = f"{spec['operation']}: the answer's data."
        return item


class _Events(_Namespace):
    def follow(self, workspace_id: str, after: Optional[str] = None, poll_interval: float = 30.0,
               stop: Optional[threading.Event] = None, **filters: Any) -> Iterator[Any]:
        """Every event after ``after`` (an event id, or None for the oldest kept), then the new
        ones as they come, polling every ``poll_interval`` seconds until ``stop`` is set."""
        spec = OPERATIONS["events"]["list"]
        position = after
        while True:
            for event in self._client._walk(spec, {"workspace_id": workspace_id, "after": position, **filters}, None):
                position = event["id"]
                yield event
                if stop is not None and stop.is_set():
                    return
            if stop is not None:
                if stop.wait(poll_interval):
                    return
            else:
                time.sleep(poll_interval)


__all__: Tuple[str, ...] = ("ApiError", "Client", "NetworkError", "Page", "RateLimit")
