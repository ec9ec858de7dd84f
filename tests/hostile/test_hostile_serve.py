"""Attacks on ``errdex serve``, the catalogue and the command line, each with the bound it must keep.

Every case is built here (builders in ``serve_attacks``): a real ``errdex serve`` subprocess and
raw sockets on loopback, crafted catalogue files, a package whose messages hold terminal escape
sequences. A time bound is a multiple of a baseline measured in the same run; a refusal is
checked for its one-line reason and exit code; the catalogue must still pass
``PRAGMA integrity_check`` with its rows.
"""

from __future__ import annotations

import json
import os
import pty
import socket
import sqlite3
import statistics
import subprocess
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import httpx
import pytest
import serve_attacks as atk

from errdex.store.fast import MAX_TEXT_BYTES

HEADER_TIMEOUT = 1.0  # seconds, passed to `errdex serve --header-timeout`


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("hostile-serve")


@pytest.fixture(scope="module")
def db(work: Path) -> Path:
    """A catalogue of a package whose messages carry terminal escapes, indexed from a directory."""
    path = work / "catalogue.db"
    atk.index_dir(atk.hostile_package(work / "src"), path)
    return path


@pytest.fixture(scope="module")
def server(db: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    with atk.serve_process(db, "--header-timeout", str(HEADER_TIMEOUT)) as running:
        yield running


def _port(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


def _latency(url: str, n: int = 15) -> float:
    """Median seconds for a plain GET on a fresh connection each time."""
    times = []
    for _ in range(n):
        t = time.perf_counter()
        r = httpx.get(url, timeout=30)
        times.append(time.perf_counter() - t)
        assert r.status_code == 200
    return statistics.median(times)


def _one_line_error(out: subprocess.CompletedProcess[str], code: int, *needles: str) -> None:
    assert out.returncode == code, (out.returncode, out.stderr)
    lines = [ln for ln in out.stderr.splitlines() if ln.startswith("error:")]
    assert len(lines) == 1, out.stderr
    assert "Traceback" not in out.stderr
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])


# ---------------------------------------------------------------------------- slow clients


def test_half_sent_headers_are_cut_off_and_others_still_served(
    server: tuple[str, subprocess.Popen[bytes]],
) -> None:
    base, proc = server
    baseline = _latency(base + "/api/repos")
    slow = atk.slow_header_clients(_port(base), 400)
    try:
        during = _latency(base + "/api/repos")
        closed = atk.seconds_until_closed(slow, limit=10 * HEADER_TIMEOUT)
    finally:
        for s in slow:
            s.close()
    # Budget: a normal request is at most 50x its own same-run median while 400 slow clients
    # hold connections, and every slow client is cut within 3x the header timeout.
    assert during <= 50 * baseline, (during, baseline)
    assert max(closed) <= 3 * HEADER_TIMEOUT, max(closed)
    assert proc.poll() is None


def test_connection_flood_is_capped_and_descriptors_stay_bounded(db: Path) -> None:
    cap = 64
    with atk.serve_process(db, "--max-connections", str(cap), "--header-timeout", str(HEADER_TIMEOUT)) as (
        base,
        proc,
    ):
        fds_before = atk.open_fds(proc.pid)
        flood = atk.idle_clients(_port(base), 4 * cap)
        try:
            time.sleep(0.3)
            fds_during = atk.open_fds(proc.pid)
            refused = [atk.read_until_closed(s, limit=2) for s in flood[-cap:]]
            # Past the cap a connection is answered 503 and closed at once.
            assert all(r.startswith(b"HTTP/1.1 503") for r in refused), refused[:2]
            assert fds_during <= fds_before + cap + 8, (fds_before, fds_during)
            atk.seconds_until_closed(flood[:cap], limit=10 * HEADER_TIMEOUT)  # the header deadline frees them
            assert httpx.get(base + "/api/repos", timeout=10).status_code == 200
        finally:
            for s in flood:
                s.close()
        assert proc.poll() is None


def test_a_body_that_never_arrives_is_cut_off(db: Path) -> None:
    """The body deadline, on the same server configuration run in-process with a short deadline."""
    import threading

    import uvicorn

    from errdex.web.app import create_app
    from errdex.web.server import ServerLimits, server_config

    port = atk.free_port()
    limits = ServerLimits(header_timeout=HEADER_TIMEOUT, body_timeout=HEADER_TIMEOUT)
    app = create_app(str(db))
    server = uvicorn.Server(server_config(app, "127.0.0.1", port, limits, lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        while not server.started:
            time.sleep(0.02)
        s = atk.slow_body_client(port)
        [closed] = atk.seconds_until_closed([s], limit=10 * HEADER_TIMEOUT)
        s.close()
        assert closed <= 3 * HEADER_TIMEOUT
        assert httpx.get(f"http://127.0.0.1:{port}/api/repos", timeout=10).status_code == 200
    finally:
        server.should_exit = True
        thread.join(10)
        # With the lifespan off the app never runs its shutdown, which closes the store it opened.
        app.state.web.store.close()


def test_endless_headers_are_refused_with_431(server: tuple[str, subprocess.Popen[bytes]]) -> None:
    base, proc = server
    answer = atk.huge_head(_port(base), mib=4)
    assert answer.startswith(b"HTTP/1.1 431"), answer[:80]
    assert httpx.get(base + "/api/repos", timeout=10).status_code == 200 and proc.poll() is None


# ---------------------------------------------------------------------------- request bodies


def test_deep_json_and_lone_surrogates_are_4xx_not_500(server: tuple[str, subprocess.Popen[bytes]]) -> None:
    base, _ = server
    url = base + "/api/search"
    json_type = {"content-type": "application/json"}
    t = time.perf_counter()
    ok = httpx.post(url, content=b'{"q": "ValueError: colour"}', headers=json_type, timeout=30)
    baseline = time.perf_counter() - t
    assert ok.status_code == 200
    for depth in (10_000, 100_000, 500_000):
        t = time.perf_counter()
        r = httpx.post(url, content=atk.deep_json(depth), headers=json_type, timeout=30)
        assert r.status_code == 422 and r.json()["ok"] is False, (depth, r.text[:200])
        assert (
            time.perf_counter() - t <= 50 * baseline + 0.5
        )  # 1 MiB of brackets parses in well under a second
    r = httpx.post(url, content=atk.lone_surrogate_json(), headers=json_type, timeout=30)
    assert r.status_code == 422 and "surrogate" in r.json()["error"]


def test_cross_site_posts_are_refused_and_plant_nothing(server: tuple[str, subprocess.Popen[bytes]]) -> None:
    base, _ = server
    for headers in atk.cross_site_headers(base):
        for path, body in (
            ("/search", b"q=ValueError%3A+planted+by+attacker"),
            ("/api/search", b"ValueError: x"),
        ):
            r = httpx.post(base + path, content=body, headers=headers, timeout=30)
            assert r.status_code == 403, (path, headers, r.status_code)
    same = httpx.post(
        base + "/search",
        data={"q": "ValueError: colour"},
        headers={"Origin": base, "Sec-Fetch-Site": "same-origin"},
    )
    assert same.status_code == 200
    home = httpx.get(base + "/", timeout=30).text
    assert "planted by attacker" not in home and "ValueError: colour" not in home  # no shared history at all


# ---------------------------------------------------------------------------- leaks


def test_no_local_path_is_published(server: tuple[str, subprocess.Popen[bytes]], work: Path) -> None:
    base, _ = server
    secret = str(work / "src")
    repos = httpx.get(base + "/api/repos", timeout=30).json()["repos"]
    [repo] = repos
    assert repo["snapshots"][0]["ref"] == "inkpkg"  # the display name stays
    errors = httpx.get(f"{base}/api/repos/{repo['name']}/errors", timeout=30).json()["errors"]
    snap = errors[0]["snapshot_id"]
    pages = ["/", "/api/repos", f"/{repo['name']}", f"/{repo['name']}/source/{snap}/{errors[0]['path']}"]
    pages += [f"/api/errors/{e['id']}" for e in errors] + [
        f"/{repo['name']}/errors/{e['id']}" for e in errors
    ]
    for path in pages:
        r = httpx.get(base + path, timeout=30)
        assert r.status_code == 200, path
        assert secret not in r.text, path


def test_llm_url_credentials_never_reach_a_message() -> None:
    import threading

    from test_explain_llm import FakeLLM

    from errdex.analysis.llm import Client, LLMConfig, LLMError

    fake = FakeLLM()
    thread = threading.Thread(target=fake.server.serve_forever, daemon=True)
    thread.start()
    dead = f"http://127.0.0.1:{atk.free_port()}/v1"
    try:
        fake.then(401, body='{"error": "no"}').then(404, body="{}").then(500, body="{}")
        messages = []
        for url in (fake.url, fake.url, fake.url, dead):
            config = LLMConfig(url=atk.credentialed_url(url), model="m", key="sk-key", retries=0, backoff=0)
            with Client(config) as client, pytest.raises(LLMError) as caught:
                client.complete_json([{"role": "user", "content": "x"}])
            messages.append(str(caught.value))
            assert "sk-key" not in repr(config)
    finally:
        fake.server.shutdown()
        fake.server.server_close()
    for message in messages:
        assert "s3cret-pw" not in message and "alice" not in message, message
    assert any("***@127.0.0.1" in m for m in messages), messages


def test_database_url_credentials_never_reach_a_message() -> None:
    for url in (
        "postgresql+psycopg://alice:s3cret-pw@127.0.0.1:1/db",
        "mysql://alice:s3cret-pw@127.0.0.1/db",
    ):
        for command in (["list"], ["explain", "x"], ["serve"]):
            out = atk.run_errdex(*command, "--db", url)
            assert out.returncode in (1, 2) and "s3cret-pw" not in out.stderr + out.stdout, out.stderr
            assert "***@127.0.0.1" in out.stderr


# ---------------------------------------------------------------------------- terminal escapes


def _assert_neutralised(text: str) -> None:
    for payload in atk.TERMINAL_PAYLOADS:
        assert payload not in text, (payload, text[:400])
    assert "\\x1b[41m" in text or "\\x1b[1A" in text or "\\u202e" in text, text[:400]


def test_terminal_escapes_from_a_catalogue_are_shown_not_run(db: Path) -> None:
    listed = atk.run_errdex("list", "--db", str(db))
    assert listed.returncode == 0
    _assert_neutralised(listed.stdout)
    ids = [line.split("\t")[0] for line in listed.stdout.splitlines()]
    assert len(ids) == 3
    for error_id in ids:
        shown = atk.run_errdex("show", error_id, "--db", str(db))
        assert shown.returncode == 0
        _assert_neutralised(shown.stdout)
    explained = atk.run_errdex("explain", atk.SPOOF_MESSAGE, "--db", str(db))
    assert explained.returncode == 0, explained.stdout
    _assert_neutralised(explained.stdout)
    # --json keeps the exact text, escaped by JSON itself.
    data = json.loads(atk.run_errdex("list", "--json", "--db", str(db)).stdout)
    assert any("\x1b[41m" in e["template"] for e in data["errors"])


def test_terminal_escapes_are_neutralised_on_a_terminal_too(db: Path) -> None:
    """On a TTY ``list`` draws a rich table; the catalogue's escapes still arrive as text."""
    main, child = pty.openpty()
    proc = subprocess.Popen(
        [atk.ERRDEX, "list", "--db", str(db)], stdin=child, stdout=child, stderr=child,
        env={**os.environ, "COLUMNS": "200", "TERM": "xterm"},
    )  # fmt: skip
    os.close(child)
    chunks = []
    while True:
        try:
            data = os.read(main, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(60)
    os.close(main)
    text = b"".join(chunks).decode("utf-8", "replace")
    assert "\\x1b[41m" in text
    for payload in atk.TERMINAL_PAYLOADS:
        assert payload not in text, payload


# ---------------------------------------------------------------------------- crafted catalogues


def test_a_blob_that_inflates_to_half_a_gigabyte_is_refused_in_bounded_memory(db: Path, work: Path) -> None:
    bombed = atk.copy_catalogue(db, work / "bomb.db")
    normal_id = atk.run_errdex("list", "--db", str(bombed)).stdout.split("\t")[0]
    base_out, base_rss, base_s = atk.run_errdex_rss("show", normal_id, "--db", str(bombed))
    assert base_out.returncode == 0
    bomb_id = atk.zip_bomb_catalogue(bombed, inflated_mib=512)
    out, rss, seconds = atk.run_errdex_rss("show", bomb_id, "--db", str(bombed))
    _one_line_error(out, 1, "inflates past 64 MiB")
    # Budget: memory above showing an intact error (same run) stays within twice the 64 MiB
    # inflation cap, though the blob claims 512 MiB; time within 5x of showing the intact one.
    assert rss - base_rss <= 2 * (MAX_TEXT_BYTES >> 10), (rss, base_rss)
    assert seconds <= 5 * base_s, (seconds, base_s)
    with atk.serve_process(bombed) as (base, proc):
        r = httpx.get(f"{base}/api/errors/{bomb_id}", timeout=60)
        assert r.status_code in (200, 503), r.status_code  # the view without its code, or the reason
        assert httpx.get(base + "/api/repos", timeout=10).status_code == 200 and proc.poll() is None


def test_a_damaged_catalogue_is_one_line_everywhere(db: Path, work: Path) -> None:
    bad = atk.corrupt_copy(db, work / "damaged.db")
    for command in (
        ["list"],
        ["show", "0123456789abcdef"],
        ["explain", "ValueError: x"],
        ["index", str(work / "src" / "inkpkg")],
    ):
        _one_line_error(atk.run_errdex(*command, "--db", str(bad)), 1, "damaged")
    _one_line_error(atk.run_errdex("serve", "--db", str(bad)), 1, "damaged")


def test_not_a_catalogue_is_bad_input_and_is_left_alone(work: Path) -> None:
    text = work / "notes.txt"
    text.write_text("shopping list\n" * 100)
    foreign = atk.foreign_sqlite(work / "invoices.db")
    for path in (text, foreign):
        for command in (["list"], ["show", "0123456789abcdef"], ["explain", "ValueError: x"]):
            _one_line_error(atk.run_errdex(*command, "--db", str(path)), 2, "not an errdex catalogue")
    _one_line_error(
        atk.run_errdex("index", str(work / "src" / "inkpkg"), "--db", str(foreign)),
        2,
        "not an errdex catalogue",
    )
    with closing(sqlite3.connect(foreign)) as conn, conn:  # the other program's data is untouched
        assert conn.execute("select name from sqlite_master where type = 'table'").fetchall() == [
            ("invoices",)
        ]


def test_a_mistyped_db_creates_nothing(work: Path) -> None:
    typo = work / "no-such-dir" / "catalouge.db"
    for command in (
        ["list"],
        ["show", "0123456789abcdef"],
        ["explain", "ValueError: x"],
        ["serve"],
        ["analyze"],
    ):
        _one_line_error(atk.run_errdex(*command, "--db", str(typo)), 2, "no catalogue at")
    assert not typo.parent.exists()


def test_unusable_database_urls_are_bad_input() -> None:
    _one_line_error(atk.run_errdex("list", "--db", "mysql://u@127.0.0.1/db"), 2, "driver", "not installed")
    _one_line_error(atk.run_errdex("list", "--db", "nosuchdb://x/y"), 2, "cannot open")


# ---------------------------------------------------------------------------- writers


def test_same_release_write_race_one_wins_the_other_says_so(work: Path) -> None:
    target = work / "race.db"
    atk.index_dir(atk.hostile_package(work / "race-src-a"), target)
    source = atk.hostile_package(work / "race-src-b")
    with atk.write_lock(target):
        racers = atk.racing_indexers(source, target, n=2)
        time.sleep(3)  # both have read the catalogue and wait for the write lock
    results = [p.communicate(timeout=300) for p in racers]
    assert [p.returncode for p in racers] == [0, 0], [err[-500:] for _, err in results]
    lines = sorted(out.strip() for out, _ in results)
    assert sum("nothing changed" in line for line in lines) == 1, lines
    assert all(len(out.strip().splitlines()) == 1 for out, _ in results)
    rows = atk.catalogue_rows(target)
    assert rows["integrity"] == "ok" and rows["snapshots"] == 2


def test_a_full_disk_is_one_line_and_the_catalogue_keeps_its_rows(db: Path, work: Path) -> None:
    if not atk.can_mount_tmpfs():
        pytest.skip("needs root and mount namespaces (unshare) to make a small full disk")
    target = atk.copy_catalogue(db, work / "full.db", journal="DELETE")
    before = atk.catalogue_rows(target)
    big = work / "bigsrc" / "bigpkg"
    big.mkdir(parents=True)
    for i in range(40):
        body = "".join(
            f"def f{j}(x):\n    if x > {j}:\n        raise ValueError(f'module {i} case {j}: {{x}} {'z' * 120}')\n"
            for j in range(40)
        )
        (big / f"m{i}.py").write_text(body)
    size_kib = target.stat().st_size // 1024 + 256
    out = atk.disk_full_index(big, target, size_kib)
    _one_line_error(out, 1, "disk is full")
    after = atk.catalogue_rows(target)
    assert after == before and after["integrity"] == "ok"


def test_a_read_only_catalogue_is_read_and_not_written(db: Path, work: Path) -> None:
    ro_dir = work / "readonly"
    ro = atk.readonly_catalogue(db, ro_dir)
    try:
        as_user = atk.as_unprivileged()
        listed = atk.run_errdex("list", "--db", str(ro), **as_user)
        assert listed.returncode == 0 and len(listed.stdout.splitlines()) == 3, listed.stderr
        error_id = listed.stdout.split("\t")[0]
        assert atk.run_errdex("show", error_id, "--db", str(ro), **as_user).returncode == 0
        assert atk.run_errdex("explain", atk.SPOOF_MESSAGE, "--db", str(ro), **as_user).returncode == 0
        with atk.serve_process(ro, **as_user) as (base, _):
            assert httpx.get(f"{base}/api/errors/{error_id}", timeout=60).status_code == 200
        _one_line_error(
            atk.run_errdex("index", str(work / "src" / "inkpkg"), "--db", str(ro), **as_user), 1, "read-only"
        )
        assert sorted(p.name for p in ro_dir.iterdir()) == [ro.name]  # nothing was created beside it
    finally:
        ro_dir.chmod(0o755)
        ro.chmod(0o644)
    assert atk.catalogue_rows(ro)["integrity"] == "ok"


def test_raw_socket_errors_do_not_kill_the_server(server: tuple[str, subprocess.Popen[bytes]]) -> None:
    """Garbage on the wire gets a 400 and the next client is served."""
    base, proc = server
    s = socket.create_connection(("127.0.0.1", _port(base)), timeout=10)
    s.sendall(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + os.urandom(64))  # a TLS hello
    assert atk.read_until_closed(s, limit=10).startswith(b"HTTP/1.1 400")
    s.close()
    assert httpx.get(base + "/api/repos", timeout=10).status_code == 200 and proc.poll() is None
