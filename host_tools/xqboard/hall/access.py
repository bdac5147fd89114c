"""A client's account on the hall's broker: its name, its secret and the
CA to trust for TLS (docs/HALL.md, "The broker of a hall").

Read from a file (`--mqtt-credentials FILE`, what `xqboard hall init`
wrote in accounts/) or from the environment, never from the command line
(argv is visible to every user of the PC in `ps`):

    XQBOARD_MQTT_CREDENTIALS=accounts/pc1.json
    XQBOARD_MQTT_USER=pc1 XQBOARD_MQTT_PASSWORD=... [XQBOARD_MQTT_CA=tls/ca.crt]

    >>> Account.from_env({"XQBOARD_MQTT_USER": "pc1", "XQBOARD_MQTT_PASSWORD": "s"}).user
    'pc1'
    >>> Account.from_env({}) is None
    True
"""
import json
import os
import ssl
from pathlib import Path


class AccountError(ValueError):
    """Credentials that cannot be used (the message says why)."""


class Account:
    def __init__(self, user, password, ca=None):
        if not user or not password:
            raise AccountError("an account needs a user and a password")
        self.user, self.password, self.ca = user, password, ca

    @classmethod
    def from_file(cls, path):
        path = Path(path)
        try:
            d = json.loads(path.read_text(encoding="utf-8"))
            ca = d.get("ca")
            if ca and not Path(ca).is_absolute():
                ca = str(path.parent / ca)  # beside the file
            return cls(d["user"], d["password"], ca)
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
            raise AccountError("%s: no account file (%s)" % (path, e))

    @classmethod
    def from_env(cls, env=None):
        """The account the environment names, or None."""
        env = os.environ if env is None else env
        if env.get("XQBOARD_MQTT_CREDENTIALS"):
            return cls.from_file(env["XQBOARD_MQTT_CREDENTIALS"])
        if env.get("XQBOARD_MQTT_USER"):
            return cls(env["XQBOARD_MQTT_USER"], env.get("XQBOARD_MQTT_PASSWORD"), env.get("XQBOARD_MQTT_CA"))
        return None

    def apply(self, client):
        """Sets a paho client's username, password and, with a CA, TLS
        (the broker's certificate checked against the hall's CA and its
        host name)."""
        client.username_pw_set(self.user, self.password)
        if self.ca:
            client.tls_set(ca_certs=self.ca, cert_reqs=ssl.CERT_REQUIRED, tls_version=ssl.PROTOCOL_TLS_CLIENT)


def account(path=None):
    """The account of a command: the file given, else the environment's,
    else None (a broker without accounts: one PC, a test)."""
    return Account.from_file(path) if path else Account.from_env()
