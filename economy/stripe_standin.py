"""A stand-in for the few Stripe endpoints the site calls, for tests and machines that cannot
reach Stripe: the real `stripe` library talks to it over HTTP (settings.STRIPE_API_BASE).

It answers POST /v1/checkout/sessions (form-encoded, honouring the Idempotency-Key header:
the same key gets the first answer back) and GET /v1/checkout/sessions/<id>. Methods play
Stripe's side of a payment (pay, refund, dispute, expire), and `event` and
`signature_header` make webhook deliveries signed exactly as Stripe signs them. Standard
library only.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl

SESSION_PATH = re.compile(r"^/v1/checkout/sessions/([A-Za-z0-9_]+)$")


def form_decode(body: str) -> dict[str, Any]:
    """Stripe's form encoding (`line_items[0][price]=x`) back into nested dicts and lists."""
    decoded: dict[str, Any] = {}
    for key, value in parse_qsl(body, keep_blank_values=True):
        parts = re.findall(r"[^\[\]]+", key)
        node = decoded
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = value
    return _lists(decoded)


def _lists(node: Any) -> Any:
    if not isinstance(node, dict):
        return node
    if node and all(key.isdigit() for key in node):
        return [_lists(node[key]) for key in sorted(node, key=int)]
    return {key: _lists(value) for key, value in node.items()}


def signature_header(payload: str, secret: str, timestamp: int | None = None) -> str:
    """`Stripe-Signature` as Stripe sends it: t=<ts>,v1=<hmac-sha256 of "<ts>.<payload>">."""
    timestamp = int(time.time()) if timestamp is None else timestamp
    signed = f"{timestamp}.{payload}".encode()
    digest = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={digest}"


class StripeStandIn:
    def __init__(self, *, prices: dict[str, tuple[int, str]]) -> None:
        """`prices`: Stripe price id -> (unit amount in cents, currency)."""
        self.prices = prices
        self.sessions: dict[str, dict[str, Any]] = {}
        self.session_creates = 0  # how many sessions were really made (not replayed)
        self._replies: dict[str, tuple[int, str]] = {}
        self._charges: dict[str, dict[str, Any]] = {}
        self._disputes: dict[str, str] = {}  # session id -> its dispute's id
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        # polled every 50 ms for a stop (the default half second made each test's teardown
        # wait for it: 0.45 s a test over the economy's tests)
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> StripeStandIn:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    # ---- the HTTP side ------------------------------------------------------------------------

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def _reply(self, status: int, body: str) -> None:
                data = body.encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Request-Id", "req_" + secrets.token_hex(6))
                self.end_headers()
                self.wfile.write(data)

            def _authorised(self) -> bool:
                if self.headers.get("Authorization", "").startswith("Bearer sk_"):
                    return True
                self._reply(401, _error("invalid_request_error", "Invalid API Key provided"))
                return False

            def do_POST(self) -> None:
                if not self._authorised():
                    return
                length = int(self.headers.get("Content-Length") or 0)
                params = form_decode(self.rfile.read(length).decode())
                if self.path != "/v1/checkout/sessions":
                    self._reply(404, _error("invalid_request_error", "Unrecognized request URL"))
                    return
                key = self.headers.get("Idempotency-Key", "")
                with stand_in._lock:
                    if key and key in stand_in._replies:
                        self._reply(*stand_in._replies[key])
                        return
                    reply = stand_in._session_create(params)
                    if key:
                        stand_in._replies[key] = reply
                self._reply(*reply)

            def do_GET(self) -> None:
                if not self._authorised():
                    return
                match = SESSION_PATH.match(self.path.split("?")[0])
                session = stand_in.sessions.get(match.group(1)) if match else None
                if session is None:
                    self._reply(404, _error("invalid_request_error", "No such checkout.session"))
                    return
                with stand_in._lock:
                    self._reply(200, json.dumps(session))

        return Handler

    def _session_create(self, params: dict[str, Any]) -> tuple[int, str]:
        items = params.get("line_items") or []
        if params.get("mode") != "payment" or len(items) != 1:
            return 400, _error("invalid_request_error", "one line item in payment mode")
        price = self.prices.get(items[0].get("price", ""))
        if price is None:
            return 400, _error("invalid_request_error", f"No such price: {items[0].get('price')}")
        quantity = int(items[0].get("quantity", 1))
        session_id = "cs_test_" + secrets.token_hex(12)
        session = {
            "id": session_id,
            "object": "checkout.session",
            "mode": "payment",
            "status": "open",
            "payment_status": "unpaid",
            "payment_intent": None,
            "amount_total": price[0] * quantity,
            "currency": price[1],
            "client_reference_id": params.get("client_reference_id"),
            "metadata": params.get("metadata") or {},
            "success_url": params.get("success_url"),
            "cancel_url": params.get("cancel_url"),
            "url": f"{self.url}/pay/{session_id}",
            "livemode": False,
        }
        self.sessions[session_id] = session
        self.session_creates += 1
        return 200, json.dumps(session)

    # ---- Stripe's side of a payment -----------------------------------------------------------

    def session_pay(self, session_id: str, *, later: bool = False) -> dict[str, Any]:
        """The buyer completes the checkout: paid at once, or (`later`) a payment still on its
        way, as with bank debits."""
        with self._lock:
            session = self.sessions[session_id]
            session["status"] = "complete"
            session["payment_status"] = "unpaid" if later else "paid"
            session["payment_intent"] = "pi_test_" + secrets.token_hex(12)
            return json.loads(json.dumps(session))

    def session_settle(self, session_id: str, *, succeeded: bool = True) -> dict[str, Any]:
        """A delayed payment succeeds (or fails)."""
        with self._lock:
            session = self.sessions[session_id]
            session["payment_status"] = "paid" if succeeded else "unpaid"
            return json.loads(json.dumps(session))

    def session_expire(self, session_id: str) -> dict[str, Any]:
        with self._lock:
            session = self.sessions[session_id]
            session["status"] = "expired"
            return json.loads(json.dumps(session))

    def charge_refund(self, session_id: str, amount_cents: int) -> dict[str, Any]:
        """Refunds `amount_cents` more; the charge reports the cumulative amount refunded."""
        with self._lock:
            session = self.sessions[session_id]
            charge = self._charges.setdefault(
                session_id,
                {
                    "id": "ch_test_" + secrets.token_hex(12),
                    "object": "charge",
                    "amount": session["amount_total"],
                    "amount_refunded": 0,
                    "currency": session["currency"],
                    "payment_intent": session["payment_intent"],
                    "refunded": False,
                },
            )
            charge["amount_refunded"] = min(
                charge["amount"], charge["amount_refunded"] + amount_cents
            )
            charge["refunded"] = charge["amount_refunded"] == charge["amount"]
            return json.loads(json.dumps(charge))

    def dispute(self, session_id: str, *, status: str, dispute_id: str = "") -> dict[str, Any]:
        """The dispute of the session's payment (a charge has at most one, so the same id each
        time unless `dispute_id` says otherwise) in `status` (needs_response, won, lost...)."""
        with self._lock:
            session = self.sessions[session_id]
            if not dispute_id:
                dispute_id = self._disputes.setdefault(
                    session_id, "dp_test_" + secrets.token_hex(12)
                )
        return {
            "id": dispute_id,
            "object": "dispute",
            "amount": session["amount_total"],
            "currency": session["currency"],
            "payment_intent": session["payment_intent"],
            "status": status,
        }

    @staticmethod
    def event(event_type: str, data_object: dict[str, Any]) -> dict[str, Any]:
        return {
            "id": "evt_test_" + secrets.token_hex(12),
            "object": "event",
            "api_version": "2024-06-20",
            "created": int(time.time()),
            "livemode": False,
            "pending_webhooks": 1,
            "type": event_type,
            "data": {"object": data_object},
        }


def _error(error_type: str, message: str) -> str:
    return json.dumps({"error": {"type": error_type, "message": message}})
