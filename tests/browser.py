#!/usr/bin/env python3
"""browser.py: a page in headless Chromium, driven over the DevTools
protocol on a pipe (--remote-debugging-pipe: JSON messages ended by NUL
on file descriptors 3 and 4), with Python's standard library only.

    b = Browser()                  # finds chromium (or $PSIM_BROWSER)
    b.open("/path/page.html")      # waits for the load event (and
                                   # starts requests and errors anew)
    b.eval("1 + 1")                # -> 2 (the value, by JSON)
    b.screenshot("out.png")
    b.requests                     # every URL the page asked for
    b.errors                       # exceptions and console errors
    b.close()

Used by tests/t4006-animate-browser.sh and plots/seed-lesson.sh.
"""
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


def find_browser():
    """The Chromium to drive: $PSIM_BROWSER, or chromium on PATH; None."""
    exe = os.environ.get("PSIM_BROWSER")
    if exe:
        return exe
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class BrowserError(Exception):
    pass


class Browser:
    def __init__(self, exe=None, width=1600, height=1000, timeout=60):
        self.exe = exe or find_browser()
        if self.exe is None:
            raise BrowserError("no chromium found (set PSIM_BROWSER)")
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="psim-chromium.")
        cmd_r, cmd_w = os.pipe()   # we write, chromium reads on fd 3
        out_r, out_w = os.pipe()   # chromium writes on fd 4, we read
        args = [
            self.exe, "--headless=new", "--remote-debugging-pipe",
            "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions",
            "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--disable-dev-shm-usage", "--mute-audio",
            "--hide-scrollbars", "--user-data-dir=" + self.profile,
            "about:blank",
        ]
        # a shell puts the pipes on 3 and 4, then becomes chromium
        # (moved first to fds above 9, as they may be 3 or 4 themselves)
        shell = 'exec 8<&%d 9>&%d; exec "$@" 3<&8 4>&9 8<&- 9>&-' % (
            cmd_r, out_w)
        self.proc = subprocess.Popen(
            ["/bin/sh", "-c", shell, "sh"] + args, pass_fds=(cmd_r, out_w),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(cmd_r)
        os.close(out_w)
        self.wfd, self.rfd = cmd_w, out_r
        self.buf = b""
        self.next_id = 0
        self.events = []
        self.requests = []
        self.errors = []
        self.session = None
        target = self.call("Target.createTarget", {"url": "about:blank"},
                           session=False)["targetId"]
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": target, "flatten": True},
                                 session=False)["sessionId"]
        for domain in ("Page", "Network", "Runtime"):
            self.call(domain + ".enable")
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height,
                   "deviceScaleFactor": 1, "mobile": False})

    def _read(self, deadline):
        while b"\0" not in self.buf:
            if time.monotonic() > deadline:
                raise BrowserError("chromium did not answer in %d s"
                                   % self.timeout)
            chunk = os.read(self.rfd, 1 << 16)
            if not chunk:
                raise BrowserError("chromium closed the pipe (exit %s)"
                                   % self.proc.poll())
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def _event(self, msg):
        method, params = msg.get("method"), msg.get("params", {})
        if method == "Network.requestWillBeSent":
            self.requests.append(params["request"]["url"])
        elif method == "Runtime.exceptionThrown":
            d = params["exceptionDetails"]
            self.errors.append(d.get("exception", {}).get(
                "description", d.get("text", "exception")))
        elif method == "Runtime.consoleAPICalled" and \
                params.get("type") in ("error", "assert"):
            self.errors.append(" ".join(str(a.get("value", a.get(
                "description", ""))) for a in params.get("args", [])))
        self.events.append(msg)

    def call(self, method, params=None, session=True):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        os.write(self.wfd, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._read(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise BrowserError("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})
            self._event(reply)

    def wait_event(self, method):
        for i, msg in enumerate(self.events):
            if msg.get("method") == method:
                del self.events[i]
                return msg
        deadline = time.monotonic() + self.timeout
        while True:
            msg = self._read(deadline)
            if "id" not in msg:
                self._event(msg)
                if msg.get("method") == method:
                    self.events.remove(msg)
                    return msg

    def open(self, path):
        self.events = []
        self.requests = []
        self.errors = []
        url = "file://" + os.path.abspath(path)
        self.call("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired")
        return url

    def eval(self, expression):
        r = self.call("Runtime.evaluate", {"expression": expression,
                                           "returnByValue": True,
                                           "awaitPromise": True})
        if "exceptionDetails" in r:
            d = r["exceptionDetails"]
            raise BrowserError("%s: %s" % (expression, d.get(
                "exception", {}).get("description", d.get("text"))))
        return r["result"].get("value")

    def screenshot(self, path, clip=None):
        params = {"format": "png"}
        if clip:
            params["clip"] = dict(clip, scale=1)
        data = self.call("Page.captureScreenshot", params)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.call("Browser.close", session=False)
        except (BrowserError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.wfd)
        os.close(self.rfd)
        shutil.rmtree(self.profile, ignore_errors=True)


if __name__ == "__main__":
    # browser.py PAGE [EXPRESSION]: print what the expression gives, as JSON
    b = Browser()
    try:
        b.open(sys.argv[1])
        if len(sys.argv) > 2:
            print(json.dumps(b.eval(sys.argv[2]), indent=1))
        print("requests:", b.requests, "errors:", b.errors, file=sys.stderr)
    finally:
        b.close()
