"""The engine in the phone starts from its snapshot (static/phone-engine-worker.js; issue 46),
in real Chromium: the first start on a phone compiles Pyodide's start and the engine and
keeps a memory snapshot of them; every later start restores it and answers as the server
does; the snapshot holds no name of a game the engine was asked about; a damaged or
foreign snapshot is dropped, the engine started from scratch, and a whole one kept again."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator

import pytest

from scorekeeper.pages import phone as worker
from tests.support.engine_snapshot_browser import (
    NAME,
    hebrew_said,
    named_calls,
    phone_engine_quoted,
)
from tests.support.phone_engine import engine_site

pytestmark = pytest.mark.browser

SNAPSHOTS = "kept-engine-snapshot"
STARTED = "async (urls) => (await PhoneEngine.load(urls)).started"
BATCH = "async ([urls, text]) => (await PhoneEngine.load(urls)).text('batch', text)"
# The snapshots this phone keeps: each one's address and its bytes (gzipped), base64.
KEPT = """async (name) => {
  const cache = await caches.open(name);
  const found = [];
  for (const request of await cache.keys()) {
    const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
    let text = "";
    for (let i = 0; i < bytes.length; i += 32768) {
      text += String.fromCharCode(...bytes.subarray(i, i + 32768));
    }
    found.push([request.url, btoa(text)]);
  }
  return found;
}"""
# The SHA-256 of bytes, in hexadecimal (the start of the scripts below that take one).
SHA256 = """  const sha256 = async (bytes) => [...new Uint8Array(
    await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0"))
    .join("");"""
# The snapshot kept at an address damaged where it lies, as ``how`` says (see the test),
# without its bytes going to the test and back; answers the damaged one's SHA-256.
DAMAGE = (
    "async ([name, url, how]) => {\n"
    + SHA256
    + """
  const cache = await caches.open(name);
  const packed = new Uint8Array(await (await cache.match(url)).arrayBuffer());
  const through = async (bytes, stream) => {
    const piped = new Blob([bytes]).stream().pipeThrough(stream);
    return new Uint8Array(await new Response(piped).arrayBuffer());
  };
  let broken;
  if (how === "cut short") {
    broken = packed.slice(0, Math.floor(packed.length / 2));
  } else {
    const whole = await through(packed, new DecompressionStream("gzip"));
    whole.fill(0, 16, 48);
    broken = await through(whole, new CompressionStream("gzip"));
    const back = await through(broken, new DecompressionStream("gzip")); // whole, gzip's check
    if (back.length !== whole.length || back[20] !== 0) throw new Error("not whole");
  }
  await cache.put(url, new Response(broken));
  return await sha256(broken);
}"""
)
# Whether the snapshot kept at an address is another than the one of SHA-256 ``digest``,
# and whole (read to its end and through gzip's check).
WHOLE = (
    "async ([name, url, digest]) => {\n"
    + SHA256
    + """
  const found = await (await caches.open(name)).match(url);
  if (!found) return false;
  try {
    const bytes = await found.arrayBuffer();
    if ((await sha256(bytes)) === digest) return false;
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return (await new Response(stream).arrayBuffer()).byteLength > 0;
  } catch (error) {
    return false;
  }
}"""
)


@pytest.fixture(scope="module")
def site(browser, tmp_path_factory) -> Iterator[tuple[str, dict, str]]:
    """A live server, the engine's addresses and the script that loads it."""
    with engine_site(tmp_path_factory.mktemp("engine-snapshot")) as found:
        yield found


class Phone:
    """One phone (a browser context): each ``start`` is a new page that loads the engine,
    as a reload does."""

    def __init__(self, browser, site) -> None:
        self.base, self.urls, self.script = site
        self.context = browser.new_context(base_url=self.base)
        self.errors: list[str] = []
        self.page = None

    def start(self) -> str:
        if self.page is not None:
            self.page.close()
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto("/")
        self.page.add_script_tag(url=self.script)
        return self.page.evaluate(STARTED, self.urls)

    def kept(self, count: int = 1) -> list[tuple[str, bytes]]:
        """The snapshots kept, once there are ``count`` (kept in the background)."""
        import base64

        self.keeps(count)
        found = self.page.evaluate(KEPT, SNAPSHOTS)
        assert len(found) == count, found
        return [(url, base64.b64decode(text)) for url, text in found]

    def keeps(self, count: int = 1) -> list[str]:
        """The addresses of the snapshots kept, once there are ``count``: ``kept`` without
        their bytes (megabytes through base64), for a test that does not read them."""
        self.wait(f"async () => (await (await caches.open('{SNAPSHOTS}')).keys()).length")
        found = self.page.evaluate(
            f"async () => (await (await caches.open('{SNAPSHOTS}')).keys()).map((r) => r.url)"
        )
        assert len(found) == count, found
        return found

    def wait(self, script: str, arg=None, seconds: float = 60) -> None:
        """Until the page's ``script`` answers truthy (it may be async): the snapshot is
        kept in the background."""
        for _ in range(int(seconds * 4)):
            if self.page.evaluate(script, arg):
                return
            self.page.wait_for_timeout(250)
        raise AssertionError(f"still not: {script}")

    def damage(self, url: str, how: str) -> int:
        return self.page.evaluate(DAMAGE, [SNAPSHOTS, url, how])

    def batch(self, calls: list[dict]) -> list[dict]:
        return json.loads(self.page.evaluate(BATCH, [self.urls, json.dumps(calls)]))


@pytest.fixture(scope="module")
def phone(browser, site) -> Iterator[Phone]:
    """The module's one phone: what its first start keeps, the later tests damage."""
    found = Phone(browser, site)
    yield found
    found.context.close()
    assert found.errors == []


def test_a_phone_starts_the_engine_from_its_snapshot_and_answers_as_the_server(phone):
    assert phone.start() == "scratch"
    ((url, packed),) = phone.kept()
    # Kept under the addresses of what it was made of: another engine is another snapshot.
    for made_of in ("pyodide", "stdlib", "engine"):
        assert phone_engine_quoted(phone.urls[made_of]) in url
    assert len(gzip.decompress(packed)) > 10_000_000  # Python's memory, whole

    assert phone.start() == "snapshot"
    calls = named_calls()
    answers = phone.batch(calls)
    assert answers == json.loads(worker.batch(json.dumps(calls)))
    assert any(NAME in json.dumps(answer, ensure_ascii=False) for answer in answers)

    # Taken before the engine was asked anything: no name of a game is in it.
    ((_, after),) = phone.kept()
    whole = gzip.decompress(after)
    for name in (NAME, "Snapshotia", "בדיקת-צילום"):
        assert name.encode() not in whole and name.encode("utf-16-le") not in whole
    # Nor any language: the Hebrew it drew came from the words file written after the
    # start (the zip holds none), so a phone whose table changes language reads the new one.
    assert "words" in phone.urls and "he" in phone.urls["words"]
    said = hebrew_said(answers)
    assert len(said) >= 5, said
    for sentence in said:
        assert sentence.encode() not in whole and sentence.encode("utf-16-le") not in whole
    # A third start restores it again, and a name asked before is not in the engine's state.
    assert phone.start() == "snapshot"
    assert phone.batch(calls) == answers


# The answers of a batch with its words files' fetch failing (as without the network, a
# file not kept): the route aborts every words file of the server's.
WITHOUT_WORDS = "**/engine/words-*"


def test_a_phone_speaks_english_without_its_words_file_and_its_language_once_it_comes(
    browser, site
):
    """A phone that cannot fetch its page's words file (offline, not kept: a table whose
    language changed) draws its pages in English rather than fail, from scratch and from
    its snapshot; the next start that fetches the file speaks the language again."""
    phone = Phone(browser, site)
    try:
        phone.context.route(WITHOUT_WORDS, lambda route: route.abort("internetdisconnected"))
        calls = named_calls()
        hebrew = [call for call in calls if call.get("language") == "he"]
        english = [{**call, "language": "en"} for call in hebrew]
        expected = json.loads(worker.batch(json.dumps(english)))
        assert phone.start() == "scratch"
        assert phone.batch(hebrew) == expected
        phone.keeps()
        assert phone.start() == "snapshot"
        assert phone.batch(hebrew) == expected
        # A page of another language than the one whose words it has (German asked, the
        # Hebrew fetched) speaks English too.
        phone.context.unroute(WITHOUT_WORDS)
        phone.urls = {**phone.urls, "words": {"he": phone.urls["words"]["he"]}}
        assert phone.start() == "snapshot"
        german = [{**call, "language": "de"} for call in hebrew]
        assert phone.batch(german) == expected
        assert phone.batch(hebrew) == json.loads(worker.batch(json.dumps(hebrew)))
        assert hebrew_said(phone.batch(hebrew))
        assert phone.errors == []
    finally:
        phone.context.close()


@pytest.mark.parametrize("damage", ["cut short", "another build"])
def test_a_damaged_or_foreign_snapshot_is_dropped_and_the_engine_starts_from_scratch(phone, damage):
    if phone.page is None:  # run alone: the phone's first start keeps one
        assert phone.start() == "scratch"
    (url,) = phone.keeps()
    # "cut short", as a write the phone cut off leaves it: gzip's check fails; "another
    # build", whole but another Pyodide build's (its build id, bytes 16 to 48, zeroed).
    broken = phone.damage(url, damage)

    assert phone.start() == "scratch"
    calls = named_calls()
    assert phone.batch(calls) == json.loads(worker.batch(json.dumps(calls)))
    # A whole snapshot kept in its place (written to the end), which the next start restores.
    phone.wait(WHOLE, [SNAPSHOTS, url, broken])
    assert phone.start() == "snapshot"
