"""Threads, processes (fork and spawn) and huge inputs."""

from __future__ import annotations

import multiprocessing
import os
import resource
import sys
import threading

import pytest
from conftest import sample

import whatenc


def _use_whatenc() -> str:
    import whatenc

    return whatenc.TextDecoder("shift_jis").decode(b"\x82\xa0ok")


def test_threads_each_with_a_decoder() -> None:
    labels = ["utf-8", "shift_jis", "gbk", "big5", "euc-kr", "windows-1251", "iso-2022-jp",
              "gb18030"]
    cases = {}
    for label in labels:
        text = sample(whatenc.lookup(label).name)[:4000]
        cases[label] = (text, whatenc.encode(text, label, "strict"))
    errors: list[str] = []

    def work(i: int) -> None:
        label = labels[i % len(labels)]
        text, data = cases[label]
        d = whatenc.TextDecoder(label, fatal=True)
        step = 1 + i % 13
        for _ in range(20):
            out = "".join(d.decode(data[j:j + step], stream=True)
                          for j in range(0, len(data), step))
            if out + d.decode() != text:
                errors.append(f"thread {i} {label}")
                return
            if whatenc.encode(text, label, "strict") != data:
                errors.append(f"thread {i} {label} encode")
                return

    threads = [threading.Thread(target=work, args=(i,)) for i in range(24)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads)
    assert errors == []


def test_one_decoder_used_by_two_threads_raises() -> None:
    d = whatenc.TextDecoder()
    d._d.busy.acquire()  # as if another thread were inside decode()
    try:
        with pytest.raises(RuntimeError, match="one decoder per thread"):
            d.decode(b"x")
    finally:
        d._d.busy.release()
    assert d.decode(b"x") == "x"


@pytest.mark.timeout(120)
@pytest.mark.parametrize("method", ["spawn", "forkserver"])
def test_spawn_works_after_parent_used_whatenc(method: str) -> None:
    assert _use_whatenc() == "\u3042ok"
    ctx = multiprocessing.get_context(method)
    with ctx.Pool(2) as pool:
        assert pool.apply_async(_use_whatenc).get(timeout=60) == "\u3042ok"


@pytest.mark.timeout(120)
@pytest.mark.skipif(sys.platform == "win32", reason="no fork")
def test_fork_after_use_fails_clearly_without_hanging() -> None:
    assert _use_whatenc() == "\u3042ok"
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(1) as pool:
        with pytest.raises(whatenc.ForkedError, match="spawn"):
            pool.apply_async(_use_whatenc).get(timeout=60)
    # The parent is unaffected.
    assert _use_whatenc() == "\u3042ok"


@pytest.mark.timeout(120)
@pytest.mark.skipif(sys.platform == "win32", reason="no fork")
def test_raw_fork_every_entry_point_raises() -> None:
    whatenc.register()
    d = whatenc.TextDecoder()
    pid = os.fork()
    if pid == 0:  # the child: every call must raise ForkedError, none hang
        code = 0
        calls = [
            lambda: whatenc.lookup("utf-8"),
            lambda: d.decode(b"x"),
            lambda: whatenc.TextDecoder(),
            lambda: whatenc.decode(b"x"),
            lambda: whatenc.encode("x", "gbk"),
            lambda: whatenc.TextEncoder().encode("x"),
            lambda: whatenc.TextEncoder().encode_into("x", bytearray(4)),
            lambda: b"x".decode("whatwg-gbk"),
            lambda: whatenc.utf8_valid_up_to(b"x"),
            lambda: whatenc.utf16_valid_up_to(b"x\x00"),
        ]
        for i, call in enumerate(calls):
            try:
                call()
                code = 10 + i
            except whatenc.ForkedError:
                pass
            except BaseException:  # noqa: BLE001
                code = 50 + i
        os._exit(code)
    for _ in range(600):
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        threading.Event().wait(0.1)
    else:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        pytest.fail("the forked child hung")
    assert os.waitstatus_to_exitcode(status) == 0


def _maxrss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def test_huge_input_streams_in_bounded_memory() -> None:
    chunk = ("\u00e9t\u00e9 \u4e2d\u6587 " * 20000).encode()  # ~ 340 KB
    total = 0
    d = whatenc.TextDecoder(fatal=True)
    before = _maxrss_mib()
    n = (512 << 20) // len(chunk)  # 512 MiB through the decoder
    for i in range(n):
        # Split a character across calls now and then.
        part = chunk if i % 2 else chunk[:-1] + chunk[-1:]
        total += len(d.decode(part, stream=True))
    total += len(d.decode())
    assert total == n * len(chunk.decode())
    assert _maxrss_mib() - before < 64, "memory grew with the input"


def test_large_single_call_loops_over_bounded_buffers() -> None:
    text = "\u4e2d\u00e9a\U0001F600" * 2_000_000  # 20 MiB of UTF-8 (> one-call limit)
    data = text.encode()
    assert whatenc.TextDecoder().decode(data) == text
    assert whatenc.encode(text, "gb18030", "strict").decode("gb18030") == text
    assert whatenc.TextEncoder().encode(text) == data
