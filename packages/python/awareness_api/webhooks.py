"""Standard Webhooks verification (https://www.standardwebhooks.com): the signature is the base64
HMAC-SHA256 of ``{webhook-id}.{webhook-timestamp}.{body}``, keyed with the secret's decoded bytes."""

import base64
import hashlib
import hmac
import json
import time
from typing import Any, Mapping, Optional, Union

TOLERANCE_SECONDS = 300


class WebhookVerificationError(Exception):
    """The request is not a delivery signed with this secret, or is too old (a replay)."""


def _header(headers: Mapping[str, str], name: str) -> str:
    for key, value in headers.items():
        if key.lower() == name:
            return value
    raise WebhookVerificationError(f"missing header {name}")


def verify_webhook(
    secret: str,
    headers: Mapping[str, str],
    body: Union[bytes, str],
    tolerance_seconds: int = TOLERANCE_SECONDS,
    now: Optional[float] = None,
) -> Any:
    """Checks a delivery's signature and age; returns its event (the parsed body).

    ``secret`` is the endpoint's ``whsec_…`` secret, ``headers`` the request's (any case), ``body``
    the raw body exactly as received. Raises WebhookVerificationError otherwise.
    """
    message_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    try:
        sent = int(timestamp)
    except ValueError:
        raise WebhookVerificationError("webhook-timestamp is not a number") from None
    current = time.time() if now is None else now
    if abs(current - sent) > tolerance_seconds:
        raise WebhookVerificationError("webhook-timestamp is too far from now")
    raw = body.encode("utf-8") if isinstance(body, str) else body
    key = base64.b64decode(secret[len("whsec_"):] if secret.startswith("whsec_") else secret)
    signed = message_id.encode("utf-8") + b"." + timestamp.encode("ascii") + b"." + raw
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode("ascii")
    for candidate in signatures.split(" "):
        version, _, signature = candidate.partition(",")
        if version == "v1" and hmac.compare_digest(signature, expected):
            return json.loads(raw)
    raise WebhookVerificationError("no signature matches")
