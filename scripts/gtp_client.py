"""A GTP engine in a child process, as the scripts here speak to one (standard library only)."""

import subprocess
import threading


class Engine:
    """A GTP engine in a child process; answers one command at a time."""

    def __init__(self, name, argv, setup=(), cwd=None):
        self.name, self.argv, self.setup, self.cwd = name, argv, setup, cwd
        self.start()

    def start(self):
        self.proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            cwd=self.cwd,
        )
        for command in self.setup:
            ok, reply = self.send(command, None)
            if not ok:
                raise SystemExit("%s refused %r: %s" % (self.name, command, reply))

    def send(self, command, timeout):
        """(success, reply text); (False, 'timeout'/'crash') when there is no reply."""
        try:
            self.proc.stdin.write(command + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            return False, "crash"
        lines = []
        timer = None
        if timeout is not None:
            timer = threading.Timer(timeout, self.proc.kill)
            timer.start()
        try:
            while True:
                line = self.proc.stdout.readline()
                if not line:
                    killed = timer is not None and not timer.is_alive()
                    return False, "timeout" if killed else "crash"
                line = line.rstrip("\n")
                if line == "" and lines:
                    break
                if line or lines:
                    lines.append(line)
        finally:
            if timer is not None:
                timer.cancel()
        text = "\n".join(lines)
        return text.startswith("="), text[1:].strip()

    def peak_kib(self):
        try:
            with open("/proc/%d/status" % self.proc.pid) as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return None

    def alive(self):
        return self.proc.poll() is None

    def close(self):
        if self.alive():
            try:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.flush()
                self.proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
