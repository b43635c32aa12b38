"""verify_certificate: the checker of ``codebreak verify --certificate``."""

from pathlib import Path

import pytest

import codebreak as cb

DATA = Path(__file__).parent / "data"


def test_a_certificate_proves_the_optimum():
    # Written by `codebreak optimal --pegs 3 --colors 3 --certificate mm33.cert`: MM(3,3)'s
    # optimum is 73 guesses over its 27 secrets.
    r = cb.verify_certificate(DATA / "mm33.cert")
    assert r["checked"] == r["claims"] >= 1
    assert r["total_at_least"] == 73
    assert r["objective"] == "expected"


def test_a_cut_certificate_is_refused(tmp_path):
    data = (DATA / "mm33.cert").read_bytes()
    cut = tmp_path / "cut.cert"
    cut.write_bytes(data[: len(data) // 2])
    with pytest.raises(ValueError, match="cut.cert"):
        cb.verify_certificate(cut)
    with pytest.raises(ValueError, match="cannot read certificate"):
        cb.verify_certificate(tmp_path / "none.cert")
