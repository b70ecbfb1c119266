//! `backroom-floor`: the kernel's floor under the race, measured.
//!
//! Issue #4 asks for server + database CPU per bid at most one fifth of
//! Colyseus's. Whatever a server does, each bid costs it at least one
//! receive (the bid) and one send (the bidder's acknowledgement) on a
//! loopback TCP socket, and on loopback the sender's `sendto` also runs the
//! receiver's TCP input path and wake-up. This tool measures that floor and
//! nothing else: `server` answers every message it reads with one write
//! (one `epoll_wait` per wake, one `recvfrom` and one `sendto` per message,
//! no framing, no allocation, no runtime), `client` keeps `--conns`
//! connections each with one message outstanding (the closed loop of the
//! race: 4 000 sockets at N = 1000) and reports messages per second and the
//! server's CPU per message, user and kernel apart, read from `/proc`.
//!
//! If the floor alone is above the budget, no server meets the goal on this
//! machine, whatever it does in user space and before its database is
//! counted. `bench/README.md` ("The floor") has the figures.
//!
//! Loopback only; the client is bounded by `--duration` + `--warmup` and a
//! hard wall limit; the server exits after `--max-seconds`.

use clap::{Parser, Subcommand};
use std::io::{self, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::os::fd::{AsRawFd, RawFd};
use std::time::{Duration, Instant};

#[derive(Parser, Debug)]
#[command(name = "backroom-floor", version)]
struct Args {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Answer every read with one write of `--reply-bytes`.
    Server {
        #[arg(long, default_value = "127.0.0.1:9400")]
        bind: SocketAddr,
        /// Bytes written per message read (an ack and a state: ≈ 300–1 300).
        #[arg(long, default_value_t = 600)]
        reply_bytes: usize,
        /// Exit after this many seconds whatever happens.
        #[arg(long, default_value_t = 300)]
        max_seconds: u64,
        /// Sleep this long after each batch of events before waiting again,
        /// so that one wake serves more messages (0: wait at once).
        #[arg(long, default_value_t = 0)]
        pause_us: u64,
    },
    /// Keep `--conns` connections busy, one message outstanding on each.
    Client {
        #[arg(long, default_value = "127.0.0.1:9400")]
        addr: SocketAddr,
        #[arg(long, default_value_t = 4000)]
        conns: usize,
        /// Bytes per message (a bid frame is ≈ 60).
        #[arg(long, default_value_t = 60)]
        msg_bytes: usize,
        /// Bytes the server answers with (must match the server's flag).
        #[arg(long, default_value_t = 600)]
        reply_bytes: usize,
        #[arg(long, default_value_t = 10.0)]
        duration: f64,
        #[arg(long, default_value_t = 2.0)]
        warmup: f64,
        /// The server's pid, for its CPU from /proc.
        #[arg(long)]
        server_pid: Option<u32>,
        /// Busy work per message received, µs: a slower client, like the
        /// race's Node driver (≈ 35–50 µs of its CPU per bid), so that the
        /// server idles between wakes as it does in the race.
        #[arg(long, default_value_t = 0.0)]
        think_us: f64,
    },
}

fn main() {
    let args = Args::parse();
    let res = match args.cmd {
        Cmd::Server { bind, reply_bytes, max_seconds, pause_us } => {
            if !bind.ip().is_loopback() {
                eprintln!("backroom-floor: only loopback addresses");
                std::process::exit(2);
            }
            TcpListener::bind(bind).and_then(|l| {
                println!("floor server on {bind}, {reply_bytes}-byte replies");
                server(l, reply_bytes, Duration::from_secs(max_seconds), pause_us)
            })
        }
        Cmd::Client { addr, conns, msg_bytes, reply_bytes, duration, warmup, server_pid, think_us } => {
            if !addr.ip().is_loopback() {
                eprintln!("backroom-floor: only loopback targets");
                std::process::exit(2);
            }
            client(addr, conns, msg_bytes, reply_bytes, duration, warmup, server_pid, think_us).map(|_| ())
        }
    };
    if let Err(e) = res {
        eprintln!("backroom-floor: {e}");
        std::process::exit(1);
    }
}

/// A level-triggered epoll set; `u64` tokens are indices.
struct Epoll(RawFd);

#[allow(unsafe_code, reason = "epoll has no safe API in std; this floor measures the bare syscalls")]
impl Epoll {
    fn new() -> io::Result<Self> {
        // SAFETY: plain syscall; the result is checked.
        let fd = unsafe { libc::epoll_create1(libc::EPOLL_CLOEXEC) };
        if fd < 0 { Err(io::Error::last_os_error()) } else { Ok(Epoll(fd)) }
    }

    fn add(&self, fd: RawFd, token: u64) -> io::Result<()> {
        let mut ev = libc::epoll_event { events: libc::EPOLLIN as u32, u64: token };
        // SAFETY: `ev` outlives the call; fds are open.
        let r = unsafe { libc::epoll_ctl(self.0, libc::EPOLL_CTL_ADD, fd, &mut ev) };
        if r < 0 { Err(io::Error::last_os_error()) } else { Ok(()) }
    }

    fn wait(&self, events: &mut [libc::epoll_event], timeout_ms: i32) -> io::Result<usize> {
        // SAFETY: the buffer is valid for `events.len()` entries.
        let n = unsafe { libc::epoll_wait(self.0, events.as_mut_ptr(), events.len() as i32, timeout_ms) };
        if n < 0 {
            let e = io::Error::last_os_error();
            if e.kind() == io::ErrorKind::Interrupted { Ok(0) } else { Err(e) }
        } else {
            Ok(n as usize)
        }
    }
}

#[allow(unsafe_code, reason = "closing the epoll descriptor this value owns")]
impl Drop for Epoll {
    fn drop(&mut self) {
        // SAFETY: we own the fd.
        unsafe { libc::close(self.0) };
    }
}

const LISTENER: u64 = u64::MAX;

/// Answers every read with one write until `max_time` has passed.
fn server(listener: TcpListener, reply_bytes: usize, max_time: Duration, pause_us: u64) -> io::Result<()> {
    listener.set_nonblocking(true)?;
    let ep = Epoll::new()?;
    ep.add(listener.as_raw_fd(), LISTENER)?;
    let reply = vec![b'r'; reply_bytes];
    let mut buf = vec![0u8; 64 * 1024];
    let mut conns: Vec<Option<TcpStream>> = Vec::new();
    let mut events = vec![libc::epoll_event { events: 0, u64: 0 }; 1024];
    let deadline = Instant::now() + max_time;
    while Instant::now() < deadline {
        let n = ep.wait(&mut events, 1000)?;
        if pause_us > 0 && n > 0 {
            std::thread::sleep(Duration::from_micros(pause_us));
        }
        for ev in &events[..n] {
            let token = ev.u64;
            if token == LISTENER {
                while let Ok((s, _)) = listener.accept() {
                    s.set_nodelay(true)?;
                    s.set_nonblocking(true)?;
                    ep.add(s.as_raw_fd(), conns.len() as u64)?;
                    conns.push(Some(s));
                }
                continue;
            }
            let slot = &mut conns[token as usize];
            let Some(s) = slot else { continue };
            match s.read(&mut buf) {
                Ok(0) => *slot = None, // closed: dropping closes and leaves the epoll set
                Ok(_) => {
                    if s.write_all(&reply).is_err() {
                        *slot = None;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                Err(_) => *slot = None,
            }
        }
    }
    Ok(())
}

/// (user, system) CPU seconds of a process.
fn cpu_split(pid: u32) -> Option<(f64, f64)> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest: Vec<&str> = s.get(s.rfind(')')? + 2..)?.split(' ').collect();
    let ticks = |i: usize| rest.get(i)?.parse::<f64>().ok().map(|t| t / 100.0);
    Some((ticks(11)?, ticks(12)?))
}

/// Plays the closed loop and prints the figures; returns the messages
/// answered during the measured time.
#[allow(clippy::too_many_arguments, reason = "one measured client is all of these settings")]
fn client(
    addr: SocketAddr,
    conns: usize,
    msg_bytes: usize,
    reply_bytes: usize,
    duration: f64,
    warmup: f64,
    server_pid: Option<u32>,
    think_us: f64,
) -> io::Result<u64> {
    let think = Duration::from_secs_f64(think_us / 1e6);
    let ep = Epoll::new()?;
    let mut socks = Vec::with_capacity(conns);
    for i in 0..conns {
        let s = TcpStream::connect(addr)?;
        s.set_nodelay(true)?;
        s.set_nonblocking(true)?;
        ep.add(s.as_raw_fd(), i as u64)?;
        socks.push(s);
    }
    let msg = vec![b'm'; msg_bytes];
    let mut got = vec![0usize; conns];
    let mut buf = vec![0u8; 64 * 1024];
    let mut events = vec![libc::epoll_event { events: 0, u64: 0 }; 1024];
    for s in &mut socks {
        s.write_all(&msg)?;
    }
    let start = Instant::now();
    let measure_from = start + Duration::from_secs_f64(warmup);
    let end = measure_from + Duration::from_secs_f64(duration);
    let (mut measuring, mut count) = (false, 0u64);
    let (mut cpu0, mut own0) = (None, None);
    let me = std::process::id();
    loop {
        let now = Instant::now();
        if !measuring && now >= measure_from {
            measuring = true;
            cpu0 = server_pid.and_then(cpu_split);
            own0 = cpu_split(me);
        }
        if now >= end {
            break;
        }
        let n = ep.wait(&mut events, 100)?;
        for ev in &events[..n] {
            let i = ev.u64 as usize;
            let s = &mut socks[i];
            match s.read(&mut buf) {
                Ok(0) => return Err(io::Error::other("server closed a connection")),
                Ok(k) => {
                    got[i] += k;
                    if got[i] >= reply_bytes {
                        got[i] -= reply_bytes;
                        if measuring {
                            count += 1;
                        }
                        let t = Instant::now();
                        while t.elapsed() < think {
                            std::hint::spin_loop();
                        }
                        s.write_all(&msg)?;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                Err(e) => return Err(e),
            }
        }
    }
    let secs = duration;
    let per = |a: f64, b: f64| (b - a) * 1e6 / count.max(1) as f64;
    println!(
        "conns {conns}, {msg_bytes} B in, {reply_bytes} B out, client think {think_us} µs: {:.0} messages/s",
        count as f64 / secs
    );
    if let (Some((u0, s0)), Some((u1, s1))) = (cpu0, server_pid.and_then(cpu_split)) {
        println!(
            "server CPU per message: {:.2} µs user + {:.2} µs kernel = {:.2} µs (util {:.2})",
            per(u0, u1),
            per(s0, s1),
            per(u0 + s0, u1 + s1),
            (u1 + s1 - u0 - s0) / secs
        );
    }
    if let (Some((u0, s0)), Some((u1, s1))) = (own0, cpu_split(me)) {
        println!("client CPU per message: {:.2} µs (util {:.2})", per(u0 + s0, u1 + s1), (u1 + s1 - u0 - s0) / secs);
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Smoke run: every message gets its answer and the loop keeps going.
    #[test]
    fn the_closed_loop_runs_on_loopback() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let srv = std::thread::spawn(move || server(listener, 100, Duration::from_millis(1500), 0));
        let pid = std::process::id();
        let answered = client(addr, 8, 10, 100, 0.5, 0.1, Some(pid), 0.0).unwrap();
        assert!(answered > 100, "only {answered} messages answered in 0.5 s");
        srv.join().unwrap().unwrap();
    }
}
