"""The run's own collection, every marker included (issue 22): `make
test` collects the whole tree anyway, so tests/tree/test_collected.py
compares that with the baseline instead of collecting the tree again in a
process of its own (15-25 s of CPU). Recorded before `-m "not bench"`
deselects the bench tests, and before xdist adds a group to an id; only
when the run is the whole tree (no paths, -k, --deselect, --lf)."""
import pytest

WHOLE = pytest.StashKey()


def whole_tree(config):
    """Is this run collecting every test of the tree (pytest.ini's testpaths)?"""
    o = config.option
    if o.keyword or getattr(o, "deselect", None) or getattr(o, "lf", False) or getattr(o, "failedfirst", False):
        return False
    return config.args_source == pytest.Config.ArgsSource.TESTPATHS


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    if whole_tree(config):
        config.stash[WHOLE] = {item.nodeid: "bench" if item.get_closest_marker("bench") else "test"
                               for item in items}


def collected_here(config):
    """{id: "test" or "bench"} of this run's collection, or None when the
    run is not the whole tree."""
    return config.stash.get(WHOLE, None)
