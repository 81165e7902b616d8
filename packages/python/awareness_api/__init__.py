"""Client of the awareness API, standard library only.

    from awareness_api import Client
    client = Client("https://awareness.example.com")  # key: AWARENESS_API_KEY
    for employee in client.employees.list(workspace_id="…"):
        print(employee["id"], employee["karma"])
"""

from ._generated import *  # noqa: F401,F403  (the API's objects as TypedDicts)
from .client import ApiError, Client, NetworkError, Page, RateLimit
from .webhooks import WebhookVerificationError, verify_webhook

__version__ = "0.1.0"
__all__ = [
    "ApiError",
    "Client",
    "NetworkError",
    "Page",
    "RateLimit",
    "WebhookVerificationError",
    "verify_webhook",
]
