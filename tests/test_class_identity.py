"""A class a teacher can trust (issue 44): one nickname per look-alike, rejoin codes,
join limits, the cookie key out of the database, the files' modes, one teacher.

The classroom engine on SQLite and PostgreSQL, with no web server (the HTTP side is in
``tests/test_class_trust.py``).
"""

from __future__ import annotations

import os
import sqlite3
import stat

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fivecrowns_lab.classroom import Classroom, PostgresStore, RateLimit, SqliteStore
from fivecrowns_lab.classroom.keyfile import SecretFile
from fivecrowns_lab.classroom.nicknames import nickname_key
from fivecrowns_lab.classroom.records import MAX_NICKNAME, check_nickname
from fivecrowns_lab.errors import ClassError


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture(params=["sqlite", "postgresql"])
def shared(request, tmp_path):
    """A way to open the same class database again, as a second server would."""
    keys = SecretFile(tmp_path / "class.keys")
    if request.param == "sqlite":
        path = tmp_path / "class.sqlite3"
        return lambda: (SqliteStore(path), None)
    url = request.getfixturevalue("postgres_server")()
    return lambda: (PostgresStore(url), keys)


# -- look-alike nicknames ---------------------------------------------------------------------


def test_nickname_rule_look_alikes_share_one_key():
    # the three: Latin capitals, lower case, a Cyrillic Ѕ
    assert nickname_key("S00") == nickname_key("s00") == nickname_key("\u040500")
    # digits and letters a projector blurs, full-width forms, Greek capitals, accents
    assert nickname_key("SOO") == nickname_key("S00")
    assert nickname_key("Bill") == nickname_key("B1ll") == nickname_key("BiII")
    assert nickname_key("\uff21nn") == nickname_key("Ann")  # full-width Ａ
    assert nickname_key("\u0391\u039d\u039d") == nickname_key("ANN")  # Greek ΑΝΝ
    assert nickname_key("Zoë") == nickname_key("Zoe")
    assert nickname_key("Ann") != nickname_key("Anna")


@given(st.text(max_size=30))
def test_nickname_rule_a_key_is_its_own_key_and_ignores_case(name):
    key = nickname_key(name)
    assert nickname_key(key) == key
    assert nickname_key(name.upper()) == nickname_key(name.lower()) or not name.isascii()


def test_nickname_rule_a_look_alike_of_a_classmates_nickname_is_refused(shared):
    store, keys = shared()
    room, _ = Classroom.open(store, keys=keys)
    room.join(room.code, "S00")
    for twin in ("s00", "\u040500", "SOO", "S 0 0".replace(" ", "")):
        with pytest.raises(ClassError, match=r"already uses the nickname .* looks like it"):
            room.join(room.code, twin)
    assert store.query("SELECT COUNT(*) FROM students") == [(1,)]


def test_nickname_rule_too_long_is_refused_with_a_sentence_never_cut():
    long = "A" * (MAX_NICKNAME + 1)
    with pytest.raises(ClassError, match=f"too long: keep it to {MAX_NICKNAME}"):
        check_nickname(long)
    assert check_nickname("A" * MAX_NICKNAME) == "A" * MAX_NICKNAME


# -- rejoining ------------------------------------------------------------------------------


def test_rejoin_rule_the_code_shown_at_joining_takes_the_nickname_back(shared):
    store, keys = shared()
    room, _ = Classroom.open(store, keys=keys)
    ann, rejoin = room.enter(room.code, "Ann")
    assert len(rejoin) == 6
    # only its hash is kept
    assert rejoin not in repr(store.query("SELECT * FROM students"))
    again, shown = room.enter(room.code, "ann", rejoin.lower(), browser="new browser")
    assert again == ann and shown == ""
    with pytest.raises(ClassError, match="is not the rejoin code of 'Ann'"):
        room.enter(room.code, "Ann", "ZZZZZZ")
    with pytest.raises(ClassError, match="Nobody in this class has the nickname 'Bea'"):
        room.enter(room.code, "Bea", rejoin)


def test_rejoin_rule_wrong_codes_are_limited_per_nickname(tmp_path):
    room, _ = Classroom.open(SqliteStore(tmp_path / "c.sqlite3"), limit=RateLimit(rejoin=3))
    now = [0.0]
    room.clock = lambda: now[0]
    _ann, rejoin = room.enter(room.code, "Ann")
    for attempt in range(3):
        with pytest.raises(ClassError, match="is not the rejoin code"):
            room.enter(room.code, "Ann", "WRONG" + "23456789"[attempt], browser=str(attempt))
    with pytest.raises(ClassError, match="Too many wrong rejoin codes for this nickname"):
        room.enter(room.code, "Ann", rejoin)  # even the right one waits
    now[0] += 601
    assert room.enter(room.code, "Ann", rejoin)[1] == ""


# -- join limits ----------------------------------------------------------------------------


def test_join_rate_limit_rule_one_browser_cannot_make_identities_freely(tmp_path):
    room, _ = Classroom.open(
        SqliteStore(tmp_path / "c.sqlite3"), limit=RateLimit(browser=10, address=20)
    )
    now = [0.0]
    room.clock = lambda: now[0]
    for i in range(10):
        room.enter(room.code, f"Kid{i}x", browser="b1", address="10.0.0.1")
    with pytest.raises(ClassError, match=r"Too many tries to join from this browser \(10\)"):
        room.enter(room.code, "Kid99x", browser="b1", address="10.0.0.1")
    # a cookie thrown away still meets the address's limit
    for i in range(10):
        room.enter(room.code, f"Other{i}x", browser=f"fresh{i}", address="10.0.0.1")
    with pytest.raises(ClassError, match=r"Too many tries to join from this network \(20\)"):
        room.enter(room.code, "Last", browser="fresh-again", address="10.0.0.1")
    room.enter(room.code, "Elsewhere", browser="b2", address="10.0.0.2")
    now[0] += 601
    room.enter(room.code, "Later", browser="b1", address="10.0.0.1")


# -- keys and files -------------------------------------------------------------------------


def test_key_file_rule_cookie_key_is_outside_the_database_in_a_600_file(tmp_path):
    db = tmp_path / "new" / "deeper" / "class.sqlite3"
    room, _ = Classroom.open(SqliteStore(db))
    assert mode(db) == 0o600
    assert mode(db.parent) == 0o700 and mode(db.parent.parent) == 0o700
    keys = db.parent / "class.sqlite3.keys"
    assert mode(keys) == 0o600
    assert room.store.query("SELECT cookie_key FROM classes") == [("",)]
    ann = room.join(room.code, "Ann")
    again, _ = Classroom.open(SqliteStore(db))  # a restart: the same key
    assert again.unsign(room.sign(ann.id)) == ann.id


def test_key_file_rule_an_old_databases_key_moves_out_and_is_then_not_trusted(tmp_path):
    db = tmp_path / "class.sqlite3"
    room, _ = Classroom.open(SqliteStore(db))
    ann = room.join(room.code, "Ann")
    signed = room.sign(ann.id)
    # as an older package left it: the key in the database, no key file
    old_key = SecretFile(f"{db}.keys").get(room.code)
    os.remove(f"{db}.keys")
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE classes SET cookie_key = ?", (old_key,))
    again, _ = Classroom.open(SqliteStore(db))
    assert again.unsign(signed) == ann.id  # students keep their places
    assert again.store.query("SELECT cookie_key FROM classes") == [("",)]
    # a key written into the database later signs nothing
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE classes SET cookie_key = 'attacker'")
    third, _ = Classroom.open(SqliteStore(db))
    assert third.unsign(signed) == ann.id


def test_key_file_rule_a_file_others_can_read_is_refused(tmp_path):
    path = tmp_path / "class.sqlite3.keys"
    SecretFile(path).get("K7QF2M")
    path.chmod(0o644)
    with pytest.raises(ClassError, match=r"can be read by other accounts \(mode 644\)"):
        Classroom.open(SqliteStore(tmp_path / "class.sqlite3"))


# -- one teacher per class ------------------------------------------------------------------


def test_teacher_rule_a_students_server_on_the_same_database_has_no_teacher(shared):
    store, keys = shared()
    teacher, secret = Classroom.open(store, keys=keys)
    again_store, _ = shared()
    students = Classroom.attach(again_store, keys=keys)
    assert students.code == teacher.code
    assert not students.teacher and not students.is_teacher(secret)
    assert teacher.is_teacher(secret)  # its secret is untouched
    ann = students.join(students.code, "Ann")  # records go into the teacher's class
    assert teacher.student(ann.id) == ann
    with pytest.raises(ClassError, match="already uses the nickname"):
        teacher.join(teacher.code, "ANN")


def test_teacher_rule_a_students_server_never_makes_a_class(tmp_path):
    with pytest.raises(ClassError, match=r"There is no class .* start the teacher's server"):
        Classroom.attach(SqliteStore(tmp_path / "c.sqlite3"))


# -- reopening -------------------------------------------------------------------------------


def test_reopen_rule_a_class_code_reopens_an_older_class(tmp_path):
    store = SqliteStore(tmp_path / "c.sqlite3")
    first, _ = Classroom.open(store)
    ann = first.join(first.code, "Ann")
    second, _ = Classroom.open(store, new=True)
    assert second.code != first.code and second.previous == first.code
    back, secret = Classroom.open(store, code=first.code.lower())
    assert back.code == first.code and back.student(ann.id) == ann
    assert back.is_teacher(secret)
    with pytest.raises(ClassError, match="There is no class 'ZZZZ'"):
        Classroom.open(store, code="ZZZZ")
