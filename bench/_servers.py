"""The load test's servers: the desk's processes under waitress (and nginx in front with
`--nginx`), started and stopped with the deployment's own helpers, and their CPU time."""

import os
import sys
import tempfile
from pathlib import Path

from _http import Target
from _setup import ROOT, collect_static

sys.path.insert(0, str(ROOT / "deploy"))
sys.path.insert(0, str(ROOT))
import on_this_machine as deployment

# the desk's processes read in /proc as the tests read them
from tests.servers import children, proc_stat


class Servers:
    """The desk processes (and nginx) of a run: `targets` for the devices, `stop()`."""

    def __init__(self):
        self.processes = []
        self.targets = []
        self.logs = []
        self.desks = 0  # the first `desks` processes are the desk's (then nginx)
        self.cpu = self.cpu_at_start = None
        #: (pid, resident kB) of the desk processes' workers that make visitors' documents
        #: (exports/document_worker.py), read when the run ends.
        self.workers = []

    def start_counting(self):
        """The CPU used from now on is the load's (not the processes' start)."""
        self.cpu_at_start = desk_cpu_seconds(self.processes[: self.desks])

    def stop(self):
        self.workers = worker_memory(self.processes[: self.desks])
        used = desk_cpu_seconds(self.processes[: self.desks])
        if used is not None and self.cpu_at_start is not None:
            self.cpu = used - self.cpu_at_start
        for process in reversed(self.processes):  # nginx first, then the desk processes
            deployment.stop(process)

    def queue_warnings(self):
        return sum(
            Path(log).read_text(errors="replace").count("Task queue depth") for log in self.logs
        )


def desk_cpu_seconds(processes):
    """The CPU time (user and system) the desk processes and their children (the worker that
    makes visitors' documents, exports/document_worker.py) have used, from Linux's /proc; None
    elsewhere. It tells the desk's own cost per request apart from a crowded machine's waits.
    (A child's time is counted while it runs: one that ended is counted in its parent's
    "children" fields, which are added too.)"""
    total = 0.0
    for process in processes:
        try:
            fields = proc_stat(process.pid)
        except OSError:
            return None
        total += sum(int(field) for field in fields[11:15]) / os.sysconf("SC_CLK_TCK")
        for pid in children(process.pid):
            try:
                fields = proc_stat(pid)
            except OSError:
                continue  # ended meanwhile
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def worker_memory(processes):
    """(pid, resident kB) of each desk process's worker (its "spawn" child; not Python's
    resource tracker), from Linux's /proc."""
    found = []
    for process in processes:
        for pid in children(process.pid):
            try:
                command = Path(f"/proc/{pid}/cmdline").read_bytes()
                status = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            if b"spawn_main" in command and b"resource_tracker" not in command:
                rss = next(line for line in status.splitlines() if line.startswith("VmRSS"))
                found.append((pid, int(rss.split()[1])))
    return found


def start_servers(args, data_dir):
    """--processes desk processes on free ports as `make serve` and desk@.service run them
    (DEBUG off); with --nginx, the shipped nginx site in front of them over https. Their logs
    go to files in the data folder (a pipe nobody reads would fill up and stop them)."""
    env = {**os.environ, "DESK_DEBUG": "0", "DESK_ALLOWED_HOSTS": "127.0.0.1,localhost"}
    if args.documents:  # each visitor's own address, in X-Forwarded-For, believed from here
        env.update(DESK_TRUSTED_PROXIES="127.0.0.1,::1")
    if args.nginx:
        env.update(DESK_HTTPS="1", DESK_TRUSTED_PROXIES="127.0.0.1,::1")
        env["DESK_STATIC_ROOT"] = str(Path(data_dir) / "static")
    application = "desk.wsgi:application"
    if getattr(args, "trace", False):  # every request timed inside the process (_traced_wsgi)
        env["DESK_BENCH_TRACE"] = str(Path(data_dir) / "trace")
        application = "bench._traced_wsgi:application"
    collect_static(env)
    servers = Servers()
    ports = deployment.free_ports(args.processes)
    try:
        for port in ports:
            log = Path(data_dir) / f"server-{port}.log"
            servers.logs.append(log)
            servers.processes.append(
                deployment.start_desk(
                    port, env=env, log_path=log, threads=args.threads, application=application
                )
            )
            servers.desks += 1
        if args.nginx:
            folder = Path(tempfile.mkdtemp(prefix="nginx-", dir=data_dir))
            conf, _, https_port = deployment.write_nginx(
                folder, upstream_ports=ports, static_root=env["DESK_STATIC_ROOT"], workers=2
            )
            servers.processes.append(deployment.start_nginx(conf, https_port))
            servers.targets = [Target(https_port, tls=True)]
        else:
            servers.targets = [Target(port) for port in ports]
    except BaseException:
        servers.stop()
        raise
    return servers
