"""Network addresses given on the command line (`--mqtt`, `--http`),
shared by the commands that take them (broadcast, replica)."""
from ..errors import UsageError


def address_arg(text, what, default_port):
    """(host, port) of HOST or HOST:PORT, or a UsageError that names the option.

    >>> address_arg("10.0.0.5", "--mqtt", 1883)
    ('10.0.0.5', 1883)
    """
    from ..hall.publisher import broker_address

    try:
        return broker_address(text, default_port)
    except ValueError:
        raise UsageError("%s %s: HOST or HOST:PORT" % (what, text))
