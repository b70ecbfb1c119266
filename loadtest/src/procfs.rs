//! Readings from `/proc`: CPU seconds and memory of the server process and,
//! optionally, of every process with a given command name (e.g. `postgres`,
//! whose CPU counts as the server's when it is the store).

use std::collections::HashMap;
use std::fs;

/// Clock ticks per second (`getconf CLK_TCK`; 100 on every Linux we run on).
const CLK_TCK: f64 = 100.0;

/// utime + stime of one process (all threads), in seconds.
pub fn cpu_seconds(pid: u32) -> Option<f64> {
    let s = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    parse_stat_cpu(&s).map(|(_, cpu)| cpu)
}

/// (command name, CPU seconds) from the text of `/proc/<pid>/stat`.
fn parse_stat_cpu(s: &str) -> Option<(String, f64)> {
    let open = s.find('(')?;
    let close = s.rfind(')')?;
    let comm = s[open + 1..close].to_string();
    let rest: Vec<&str> = s.get(close + 2..)?.split(' ').collect();
    let utime: f64 = rest.get(11)?.parse().ok()?;
    let stime: f64 = rest.get(12)?.parse().ok()?;
    Some((comm, (utime + stime) / CLK_TCK))
}

/// A field of `/proc/<pid>/status` in kB (`VmHWM`, `VmRSS`).
pub fn status_kb(pid: u32, key: &str) -> Option<u64> {
    let s = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    s.lines().find_map(|l| {
        let rest = l.strip_prefix(key)?.strip_prefix(':')?;
        rest.trim().trim_end_matches("kB").trim().parse().ok()
    })
}

/// CPU seconds of every live process whose command name is one of `names`,
/// by pid. Processes that exit between two readings lose their CPU, so the
/// sum is a lower bound (a pooled database keeps its backends alive).
pub fn cpu_by_name(names: &[String]) -> HashMap<u32, f64> {
    let mut out = HashMap::new();
    if names.is_empty() {
        return out;
    }
    let Ok(dir) = fs::read_dir("/proc") else { return out };
    for e in dir.flatten() {
        let Some(pid) = e.file_name().to_str().and_then(|s| s.parse::<u32>().ok()) else { continue };
        let Ok(s) = fs::read_to_string(format!("/proc/{pid}/stat")) else { continue };
        if let Some((comm, cpu)) = parse_stat_cpu(&s)
            && names.contains(&comm)
        {
            out.insert(pid, cpu);
        }
    }
    out
}

/// CPU used between two [`cpu_by_name`] readings (new processes count from 0).
pub fn cpu_delta(before: &HashMap<u32, f64>, after: &HashMap<u32, f64>) -> f64 {
    after.iter().map(|(pid, c)| (c - before.get(pid).copied().unwrap_or(0.0)).max(0.0)).sum()
}

/// This process's own CPU seconds.
pub fn self_cpu_seconds() -> f64 {
    cpu_seconds(std::process::id()).unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_stat_with_spaces_in_name() {
        let s = "1234 (tokio main) S 1 1234 1234 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 8 0 100 0 0";
        let (comm, cpu) = parse_stat_cpu(s).unwrap();
        assert_eq!(comm, "tokio main");
        assert!((cpu - 3.0).abs() < 1e-9);
    }

    #[test]
    fn reads_own_process() {
        let me = std::process::id();
        assert!(cpu_seconds(me).is_some());
        assert!(status_kb(me, "VmHWM").unwrap() > 0);
    }
}
